/** a / b in percent, half away from zero, in hundredths; null when b is zero (no ratio to show). */
export function percentCents(a: bigint, b: bigint): bigint | null {
  if (b === 0n) return null;
  const num = a * 10000n;
  const neg = num < 0n !== b < 0n;
  const [n, d] = [num < 0n ? -num : num, b < 0n ? -b : b];
  const q = (2n * n + d) / (2n * d);
  return neg ? -q : q;
}
