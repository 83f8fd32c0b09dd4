import { cn } from '@/lib/cn';
import type { Step } from '../lib/steps';

/** Where the user is in the form; the current step is announced as such (aria-current="step"). */
export function CreateStepper({ steps, current }: { steps: Step[]; current: number }) {
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label="Steps">
      {steps.map((s, i) => (
        <li
          key={s.title}
          aria-current={i === current ? 'step' : undefined}
          className={cn(
            'rounded-full border px-3 py-1',
            i === current ? 'bg-primary text-primary-foreground border-transparent font-semibold' : '',
          )}
        >
          {i + 1}. {s.title}
        </li>
      ))}
    </ol>
  );
}
