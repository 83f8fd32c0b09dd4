export { BranchProvider, useBranch } from './branch-context';
export { BranchSelect } from './branch-select';
