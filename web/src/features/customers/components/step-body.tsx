import type { FormFamily } from '../lib/kinds';
import { IdentificationStep, IdentityStep, IndividualContactStep, ProfileStep } from './individual-steps';
import { JointHoldersStep } from './joint-step';
import { OrganisationContactStep, OrganisationStep } from './organisation-steps';
import { SignatoriesStep } from './signatories-step';

const BODIES: Record<FormFamily, (() => React.ReactNode)[]> = {
  individual: [IdentityStep, IdentificationStep, IndividualContactStep, ProfileStep],
  organisation: [OrganisationStep, OrganisationContactStep, SignatoriesStep],
  joint: [JointHoldersStep, OrganisationContactStep],
};

/** The controls of one step of one family's form (the order matches lib/steps.ts). */
export function StepBody({ family, step }: { family: FormFamily; step: number }) {
  const Body = BODIES[family][step] ?? BODIES[family][0]!;
  return <Body />;
}
