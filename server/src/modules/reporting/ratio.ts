/** a / b in percent to two decimals, half away from zero; null when b is not positive (no ratio). */
export function percentOf(a: bigint, b: bigint): string | null {
  if (b <= 0n) return null;
  const num = a * 10000n;
  const n = num < 0n ? -num : num;
  const q = (2n * n + b) / (2n * b);
  const signed = num < 0n ? -q : q;
  const abs = signed < 0n ? -signed : signed;
  return `${signed < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
