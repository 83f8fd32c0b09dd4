/** The audit module's only door: write a row in the caller's transaction, verify the hash chain. */
export { requestIp, writeAudit, type AuditEntry, type AuditOutcome } from './write-audit.ts';
export { verifyAuditChain } from './verify-chain.ts';
export { registerAuditChain } from './checkpoint-plugin.ts';
export { resolveAuditKey, setAuditKey, auditKey } from './audit-key.ts';
