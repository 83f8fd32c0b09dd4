import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { usePickedNames } from './picked-names';

/** For a "named combinations" mandate: each combination is a set of two or more signatories who sign together. */
export function CombinationsField({ ids }: { ids: number[] }) {
  const { setValue, getValues } = useFormContext();
  const { nameOf } = usePickedNames();
  const combos = (useWatch({ name: 'combinations' }) ?? []) as number[][];
  // Each change starts from the form's value now, not the one last rendered: two quick clicks (the
  // second before the re-render) would otherwise undo the first's.
  const current = () => (getValues('combinations') ?? []) as number[][];
  const update = (change: (now: number[][]) => number[][]) =>
    setValue('combinations', change(current()), { shouldDirty: true });
  const toggle = (i: number, id: number) =>
    update((now) =>
      now.map((c, j) => (j !== i ? c : c.includes(id) ? c.filter((x) => x !== id) : [...c, id])),
    );
  return (
    <div className="grid gap-3">
      {combos.map((c, i) => (
        <fieldset key={i} className="rounded border p-3">
          <legend className="text-sm font-semibold">Combination {i + 1}</legend>
          <div className="flex flex-wrap gap-4">
            {ids.map((id) => (
              <label key={id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={c.includes(id)}
                  onChange={() => toggle(i, id)}
                />
                {nameOf(id)}
              </label>
            ))}
          </div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="mt-2"
            onClick={() => update((now) => now.filter((_, j) => j !== i))}
          >
            Remove combination {i + 1}
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        onClick={() => update((now) => [...now, []])}
        disabled={ids.length < 2}
      >
        Add a combination
      </Button>
    </div>
  );
}
