export { GeneralLedgerRoute } from './routes/general-ledger-route';
export { ManualJournalRoute } from './routes/manual-journal-route';
