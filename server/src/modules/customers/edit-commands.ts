/** KYC edits, risk overrides and merges (filled in by their own commits). */
export function registerEditCommands(): void {}
