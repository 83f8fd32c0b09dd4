import { CtrFilingsRoute } from '@/features/aml-filing';
import { Guarded } from './guarded';

/** Compliance → CTR Filings, for holders of aml.ctr.file. */
export default function CtrFilingsPage() {
  return (
    <Guarded requiresActivation permission="aml.ctr.file">
      <CtrFilingsRoute />
    </Guarded>
  );
}
