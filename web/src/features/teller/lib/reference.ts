/**
 * A fresh client reference per intended request (the server's idempotency key): a retried or
 * double-submitted request keeps its reference and so acts once. 36 characters at most.
 */
export function newReference(prefix: 'OPN' | 'DEP' | 'WDL' | 'CLS' | 'VLT' | 'LNR' | 'LND'): string {
  const random = crypto.randomUUID().replaceAll('-', '').slice(0, 24);
  return `${prefix}-${random}`;
}
