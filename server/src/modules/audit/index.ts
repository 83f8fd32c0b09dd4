/** The audit module's only door: write a row in the caller's transaction, verify the hash chain. */
export { requestIp, writeAudit, type AuditEntry, type AuditOutcome } from './write-audit.ts';
export { verifyAuditChain } from './verify-chain.ts';
