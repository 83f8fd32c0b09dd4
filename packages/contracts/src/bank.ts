/** The bank's name as printed on every document it issues (statement PDF and CSV header). */
export const BANK_NAME = 'BankManager Bank (Sierra Leone)';
