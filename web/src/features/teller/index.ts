// The teller feature: the counter, the supervisor's view of the branch's tills, the CTR
// list, and proof.
export { TellerHomeRoute } from './routes/teller-home-route';
export { BranchTillsRoute } from './routes/branch-tills-route';
export { CtrFlagsRoute } from './routes/ctr-flags-route';
export { ProofRoute } from './routes/proof-route';
export { TillRegisterRoute } from './routes/till-register-route';
