/** Σ amount × value over decimal strings with at most `scale` decimals, exact (no float sums). */
export function sumDecimal(pairs: Array<[number, string | null]>, scale = 3): string | null {
  let total = 0n;
  let any = false;
  const factor = 10n ** BigInt(scale);
  for (const [amount, value] of pairs) {
    if (value === null || value === '') continue;
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
    if (!m) continue;
    const frac = (m[3] ?? '').padEnd(scale, '0').slice(0, scale);
    const scaled = BigInt(m[2]) * factor + BigInt(frac || '0');
    total += (m[1] ? -scaled : scaled) * BigInt(amount);
    any = true;
  }
  if (!any) return null;
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const whole = abs / factor;
  const frac = (abs % factor).toString().padStart(scale, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}
