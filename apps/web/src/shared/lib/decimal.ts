/**
 * Money and weights travel as decimal strings (ARCHITECTURE §5): sums are made on scaled integers,
 * never on floats.
 */

/** '12.5' at scale 3 → 12500n; null for an empty or malformed value. */
export function toScaled(value: string | null | undefined, scale: number): bigint | null {
  if (value === null || value === undefined) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(scale, '0');
  // digits beyond the scale are cut off (the server already rounded to the settings' decimals)
  const scaled = BigInt(m[2]) * 10n ** BigInt(scale) + BigInt(frac.slice(0, scale) || '0');
  return m[1] === '-' ? -scaled : scaled;
}

/** 12500n at scale 3 → '12.500'. */
export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(scale);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(scale, '0');
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${frac}` : ''}`;
}

/** Σ value × amount as a decimal string at `scale`; null when no line has a value. */
export function sumTimes(
  rows: readonly { value: string | null | undefined; amount: number }[],
  scale: number,
): string | null {
  let total = 0n;
  let any = false;
  for (const r of rows) {
    const v = toScaled(r.value, scale);
    if (v === null || !Number.isFinite(r.amount)) continue;
    any = true;
    total += v * BigInt(Math.trunc(r.amount));
  }
  return any ? fromScaled(total, scale) : null;
}
