// Operations a visitor may call without signing in, when the setting AllowAnonymousUsers is on (the catalogue,
// sets, search, item documents, content pages and service messages: product §2 "settings data"). The document
// says so with an optional token (`security: [{ bearer: [] }, {}]`); every other protected operation answers an
// anonymous caller 401 before its input is looked at (issue #16 part 3), whatever the setting.

/** The `security` of a visitor operation: a bearer token, or none. */
export const visitorsWhenAllowed: Record<string, string[]>[] = [{ bearer: [] }, {}];

/** Whether an operation's declared security lets a caller without a token in (`{}` among the options). */
export function admitsVisitors(security: unknown): boolean {
  return (
    Array.isArray(security) && security.some((s) => s && typeof s === 'object' && Object.keys(s).length === 0)
  );
}
