// Public surface of the MFA feature: the sign-in page asks whether a code is needed.
export { needsSecondFactor } from './lib/second-factor';
