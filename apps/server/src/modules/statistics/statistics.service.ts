import { hasAccess, requireAccess } from '../../platform/auth/access.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { plainText } from '../../platform/sanitize.ts';
import { getSetting } from '../settings/index.ts';
import { insertPageView, localDay, selectViewsPerDay, type ViewScope } from './statistics.queries.ts';

/**
 * The page as stored: the path only. Query strings and fragments are cut off because they can carry
 * secrets (a password-reset token, a search term); control characters and angle brackets go too.
 */
export function normalizePage(page: string): string {
  let path = page.trim();
  try {
    if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  } catch {
    // not a URL: treat as a path
  }
  path = path.split(/[?#]/)[0];
  return plainText(path, 300);
}

/** Records one page view when EnablePageTracking is on; anonymous visitors count too. Silent otherwise. */
export async function trackPageView(ctx: Ctx, page: string): Promise<void> {
  if (!(await getSetting(ctx, 'EnablePageTracking'))) return;
  const clean = normalizePage(page);
  if (!clean) return;
  await insertPageView(ctx.db, {
    userId: ctx.user?.id ?? null,
    page: clean,
    locale: ctx.locale,
    at: ctx.now,
  });
}

export interface PageStats {
  daysInPast: number;
  from: string;
  to: string;
  rows: { date: string; page: string; views: number }[];
  totals: { page: string; views: number }[];
}

/**
 * Views per page per day for the last `daysInPast` days (today included). Admins and AppRapportage only. Paths can
 * name another customer's records (a complaint's id), so only admins see the portal-wide figures; anyone else sees
 * the views of the users of its own customer (issue #31 item 5; the rental company's staff without a customer: of
 * their colleagues).
 */
export async function pageStats(ctx: Ctx, daysInPast: number): Promise<PageStats> {
  await requireAccess(ctx, { permission: 'area.read', area: 'AppRapportage' });
  const user = requireUser(ctx);
  const scope: ViewScope = (await hasAccess(ctx, { permission: 'admin' }))
    ? 'all'
    : { customerId: user.customerId };
  const [from, to] = await Promise.all([
    localDay(ctx.db, ctx.now, Math.max(daysInPast - 1, 0)),
    localDay(ctx.db, ctx.now, 0),
  ]);
  const rows = await selectViewsPerDay(ctx.db, from, scope);
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.page, (totals.get(r.page) ?? 0) + r.views);
  return {
    daysInPast,
    from,
    to,
    rows,
    totals: [...totals]
      .map(([page, views]) => ({ page, views }))
      .sort((a, b) => b.views - a.views || a.page.localeCompare(b.page)),
  };
}
