import type { EodPrecheckState, EodRunStatus, EodStepStatus } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';

type Variant = 'default' | 'secondary' | 'destructive' | 'outline' | 'warning';

const RUN: Record<EodRunStatus, [string, Variant]> = {
  awaiting_approval: ['Awaiting approval', 'warning'],
  queued: ['Queued', 'secondary'],
  running: ['Running', 'default'],
  failed: ['Failed', 'destructive'],
  completed: ['Completed', 'outline'],
  cancelled: ['Cancelled', 'outline'],
};

const STEP: Record<EodStepStatus, [string, Variant]> = {
  pending: ['Waiting', 'outline'],
  running: ['Running', 'default'],
  done: ['Done', 'secondary'],
  failed: ['Failed', 'destructive'],
  skipped: ['Skipped', 'outline'],
};

const CHECK: Record<EodPrecheckState, [string, Variant]> = {
  pass: ['Passed', 'secondary'],
  fail: ['Failed', 'destructive'],
  acknowledge: ['Needs your decision', 'warning'],
  unavailable: ['Not available', 'outline'],
};

/** A run's, a step's or a pre-check's state, in words and colour (never colour alone). */
export function StateBadge(
  props: { run: EodRunStatus } | { step: EodStepStatus } | { check: EodPrecheckState },
) {
  const [label, variant] =
    'run' in props ? RUN[props.run] : 'step' in props ? STEP[props.step] : CHECK[props.check];
  return <Badge variant={variant}>{label}</Badge>;
}
