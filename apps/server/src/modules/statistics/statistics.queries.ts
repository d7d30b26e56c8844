import { sql } from 'drizzle-orm';
import { pageViews } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

/** Day buckets follow the portal's home time zone, so "today" means the same to every user. */
export const REPORT_TIME_ZONE = 'Europe/Amsterdam';

export async function insertPageView(
  db: Db,
  view: { userId: string | null; page: string; locale: string; at: Date },
) {
  await db
    .insert(pageViews)
    .values({ userId: view.userId, page: view.page, locale: view.locale, viewedAt: view.at });
}

/** Whose views count: every view (anonymous ones too), or those of the users of one customer (null: of none). */
export type ViewScope = 'all' | { customerId: string | null };

/** Views per page per local day, from the start of `from` (a local calendar day) onward. */
export async function selectViewsPerDay(
  db: Db,
  from: string,
  scope: ViewScope,
): Promise<{ date: string; page: string; views: number }[]> {
  const day = sql`(${pageViews.viewedAt} at time zone ${REPORT_TIME_ZONE})::date`;
  const whose =
    scope === 'all'
      ? sql``
      : sql`and exists (select 1 from users u where u.id = ${pageViews.userId}
          and u.customer_id is not distinct from ${scope.customerId}::uuid)`;
  const result = await db.execute<{ date: string; page: string; views: number }>(sql`
    select to_char(${day}, 'YYYY-MM-DD') as date, ${pageViews.page} as page, count(*)::int as views
    from ${pageViews}
    where ${pageViews.viewedAt} >= (${from}::date::timestamp at time zone ${REPORT_TIME_ZONE}) ${whose}
    group by 1, 2
    order by 1, 3 desc, 2`);
  return result.rows.map((r) => ({ date: r.date, page: r.page, views: Number(r.views) }));
}

/** The local calendar day `daysBack` days before `now`. */
export async function localDay(db: Db, now: Date, daysBack: number): Promise<string> {
  const result = await db.execute<{ d: string }>(
    sql`select to_char(((${now.toISOString()}::timestamptz at time zone ${REPORT_TIME_ZONE})::date - ${daysBack}::int), 'YYYY-MM-DD') as d`,
  );
  return result.rows[0].d;
}
