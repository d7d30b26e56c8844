/**
 * How `npm run seed` reports a failure: the innermost cause first (its message and, for a PostgreSQL or Node error,
 * its code and details), then each wrapper it came through, the statement and parameters of a failed query
 * (Drizzle's DrizzleQueryError carries them, its message alone says only 'Failed query'), then the outer stack.
 */
export function describeFailure(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const chain: Error[] = [];
  for (let at: unknown = e; at instanceof Error && chain.length < 10; at = at.cause) chain.push(at);
  const root = chain[chain.length - 1];
  const lines = [withCode(root)];
  for (const wrapper of chain.slice(0, -1).reverse()) {
    const { query, params } = wrapper as { query?: unknown; params?: unknown };
    if (typeof query === 'string') {
      lines.push(`  statement: ${query.trim().replace(/\s+/g, ' ')}`);
      if (Array.isArray(params) && params.length > 0) lines.push(`  parameters: ${JSON.stringify(params)}`);
    } else {
      lines.push(`  under: ${withCode(wrapper)}`);
    }
  }
  const stack = (e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  return [...lines, ...stack].join('\n');
}

/** An error's message with the fields PostgreSQL (code, detail, hint, where) and Node (code) give it. */
function withCode(e: Error): string {
  const f = e as Error & { code?: unknown; detail?: unknown; hint?: unknown; where?: unknown };
  const extras = [
    f.code === undefined ? null : `code ${String(f.code)}`,
    typeof f.detail === 'string' ? `detail: ${f.detail}` : null,
    typeof f.hint === 'string' ? `hint: ${f.hint}` : null,
    typeof f.where === 'string' ? `where: ${f.where}` : null,
  ].filter((x) => x !== null);
  return extras.length > 0 ? `${e.message} (${extras.join('; ')})` : e.message;
}
