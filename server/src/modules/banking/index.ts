/** The banking module's only door: postings to the ledger (one at a time, or once per reference). */
export {
  PostingError,
  normaliseAmount,
  postTransaction,
  type Posting,
  type PostingErrorCode,
  type PostingInput,
} from './post-transaction.ts';
export { REFERENCE_CONSTRAINT, findPostingByReference, postOnce, type PostOnceResult } from './post-once.ts';
