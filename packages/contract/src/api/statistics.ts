// Payloads of the statistics calls (page usage: product §7 v2 statistics, legacy Logging/*).
import { z } from 'zod';

/** How many days back, today included. */
export const daysInPast = z.coerce.number().int().min(1).max(366).default(30);

/** GET /api/v2.0/statistics?daysInPast=: views per page per day (Europe/Amsterdam days) and per page. */
export const pageStatsResponse = z.object({
  daysInPast: z.number(),
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ date: z.string(), page: z.string(), views: z.number() })),
  totals: z.array(z.object({ page: z.string(), views: z.number() })),
});
export type PageStatsResponse = z.infer<typeof pageStatsResponse>;
