// The AML filing feature: Compliance → STR Reports and CTR Filings (aml.* holders only).
export { StrReportsRoute } from './routes/str-reports-route';
export { CtrFilingsRoute } from './routes/ctr-filings-route';
