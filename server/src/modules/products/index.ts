/**
 * The products module's only door (issue 18): deposit products and their versioned terms.
 * `termsInForce` is what accounts and end of day read; the routes come with the products API.
 */
export { termsInForce, creditRateFor, type TermsInForce } from './terms-in-force.ts';
