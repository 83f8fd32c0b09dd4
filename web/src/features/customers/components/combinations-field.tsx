import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { usePickedNames } from './picked-names';

/** For a "named combinations" mandate: each combination is a set of two or more signatories who sign together. */
export function CombinationsField({ ids }: { ids: number[] }) {
  const { setValue } = useFormContext();
  const { nameOf } = usePickedNames();
  const combos = (useWatch({ name: 'combinations' }) ?? []) as number[][];
  const update = (next: number[][]) => setValue('combinations', next, { shouldDirty: true });
  const toggle = (i: number, id: number) =>
    update(combos.map((c, j) => (j !== i ? c : c.includes(id) ? c.filter((x) => x !== id) : [...c, id])));
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
            onClick={() => update(combos.filter((_, j) => j !== i))}
          >
            Remove combination {i + 1}
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        onClick={() => update([...combos, []])}
        disabled={ids.length < 2}
      >
        Add a combination
      </Button>
    </div>
  );
}
