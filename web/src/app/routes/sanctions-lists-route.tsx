import { SanctionsListsRoute } from '@/features/sanctions';
import { Guarded } from './guarded';

/** Compliance → Sanctions Lists, for holders of aml.lists.import. */
export default function SanctionsListsPage() {
  return (
    <Guarded requiresActivation permission="aml.lists.import">
      <SanctionsListsRoute />
    </Guarded>
  );
}
