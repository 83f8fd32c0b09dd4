/**
 * The goAML module's only door (docs/decisions/0048-goaml-filing.md): the FIU's electronic report as
 * XML, for STRs and CTR filings. Pure: no database, no request; callers map their rows to a report.
 */
export {
  buildGoamlReport,
  goamlDateTime,
  type GoamlAccount,
  type GoamlPerson,
  type GoamlReport,
  type GoamlTransaction,
} from './report.ts';
export { checkGoamlStructure } from './structure.ts';
export { escapeXml } from './xml.ts';
