import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver judged by the contract's own schema (the one the server route validates
 * with). Inputs hold strings, so `toBody` first turns the form's values into the request the server
 * would get (an empty optional date is no date at all); the messages land on the form's field names.
 */
export function contractResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (values: V) => unknown = (values) => values,
): Resolver<V, unknown, z.output<S>> {
  const zod = zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>;
  return (values, ctx, opts) => zod(toBody(values) as V, ctx, opts);
}

/** The values with the named inputs left out when empty: an optional field the user did not fill. */
export function blankAsAbsent<V extends object>(values: V, ...names: (keyof V)[]): Partial<V> {
  const out: Partial<V> = { ...values };
  for (const n of names) if (out[n] === '') delete out[n];
  return out;
}
