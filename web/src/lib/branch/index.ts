// The header's branch selection: one shared value that the branch-aware lists read
// (customers, approvals, accounts), kept across reloads and cleared at sign-out.
export { BranchProvider, useBranch, BRANCH_SCOPE_TEXT, FIGURES_SCOPE_TEXT } from './branch-context';
