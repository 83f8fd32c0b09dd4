/** What end of day hands the loan book for one chunk of loans (in id order, after `cursor`). */
export interface LoanBookChunkArgs {
  businessDate: string;
  /** The last calendar day the run covers (the day before the next business date). */
  through: string;
  cursor: number;
  limit: number;
  runId: number;
  actor: { id: string | null; email: string };
}

/** The last loan id the chunk covered (null: nothing left) and how many loans it went through. */
export interface LoanBookChunk {
  lastId: number | null;
  done: number;
}
