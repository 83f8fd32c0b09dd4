/** The banking module's only door: postings to customer accounts, each a balanced two-line journal entry. */
export {
  PostingError,
  normaliseAmount,
  postTransaction,
  type Posting,
  type PostingErrorCode,
  type PostingInput,
} from './post-transaction.ts';
export { findPostingByReference, postOnce, type PostOnceResult } from './post-once.ts';
