import type { Customer360, CustomerDocumentKind } from '@bankmanager/contracts';

type Doc = Customer360['documents'][number];

/** The current document of a kind (the one staff verify against), if the customer has one. */
export const currentDocument = (docs: Doc[], kind: CustomerDocumentKind): Doc | undefined =>
  docs.find((d) => d.kind === kind && d.current);
