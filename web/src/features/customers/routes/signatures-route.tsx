import { DocumentsPanel } from '../components/documents-panel';
import { ToolScreen } from '../components/tool-screen';

/** /customers/signatures — photo, specimen signature and ID side by side; upload and set current. */
export function CustomerSignaturesRoute() {
  return (
    <ToolScreen
      title="Signatures and Photos"
      intro="Compare the current photo, specimen signature and ID of a customer."
    >
      {(c) => <DocumentsPanel customer={c} />}
    </ToolScreen>
  );
}
