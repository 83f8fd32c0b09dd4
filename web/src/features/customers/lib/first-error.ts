import type { FieldErrors } from 'react-hook-form';
import type { FormFamily } from './kinds';
import { STEPS } from './steps';

/** Every field name that holds a message, e.g. `address.district`, `signatories`. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(errors)) {
    if (!v || typeof v !== 'object') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof (v as { message?: unknown }).message === 'string') out.push(path);
    else out.push(...errorPaths(v as FieldErrors, path));
  }
  return out;
}

/** The first bad field in the form's own order (step by step, field by field), so focus lands there. */
export function firstErrorPath(family: FormFamily, paths: string[]): string | undefined {
  const order = STEPS[family].flatMap((s) => s.fields);
  const rank = (p: string) => {
    const i = order.findIndex((f) => p === f || p.startsWith(`${f}.`));
    return i === -1 ? order.length : i;
  };
  return [...paths].sort((a, b) => rank(a) - rank(b))[0];
}
