export { BranchSelect } from './branch-select';
