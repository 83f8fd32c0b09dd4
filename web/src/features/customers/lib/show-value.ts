/** A record value as text: the flattened record holds only strings, numbers, booleans and nulls. */
export function showValue(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return '';
}
