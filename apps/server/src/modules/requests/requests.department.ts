import type { DepartmentRequest, DepotChoice, Queue, QueueQuery } from '@mp/contract/api/department';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { requestStatuses } from '@mp/contract/rules/request-status';
import { inspectionDueBeforeEnd } from '@mp/contract/rules/stock';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Ctx } from '../../platform/http/context.ts';
import {
  selectCandidates,
  selectDepartmentView,
  selectDepotSupply,
  selectQueue,
} from './requests.department.queries.ts';
import { selectRequest } from './requests.queries.ts';
import { requestDetail } from './requests.service.ts';
import { requestNotFound } from './requests.shared.ts';

/*
 * The equipment department's side of the requests (issue #12, decision 0018): the queue of every customer's
 * requests and one request as the department plans it. No location check: the department serves every customer;
 * requireAccess (the role `department`) keeps everyone else out (403).
 */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * GET Department/requests: open requests first (rush first among them, new before planned, oldest date first),
 * then the closed ones; with the count per status and of the view `now` under the other filters.
 */
export async function listQueue(ctx: Ctx, q: QueueQuery): Promise<Queue> {
  await requireAccess(ctx, { permission: 'department' });
  const { rows, totals } = await selectQueue(ctx.db, q, calendarDayIn(ctx.now));
  const counts = Object.fromEntries(requestStatuses.map((s) => [s, 0])) as Queue['counts'];
  let now = 0;
  for (const t of totals) {
    counts[t.status as keyof Queue['counts']] = t.n;
    now += t.now;
  }
  // the total of the filtered list from the counts (right on a page past the end too), unless only a count of the
  // view can tell it (a status within the view `now`)
  const total =
    q.view === 'now'
      ? q.status
        ? (totals.find((t) => t.status === q.status)?.now ?? 0)
        : now
      : q.status
        ? counts[q.status]
        : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    page: q.page,
    pageSize: q.pageSize,
    total,
    now,
    counts,
  };
}

/** GET Department/requests/{id}: the request with its customer, plan, picks and candidate plants, and its orders. */
export async function getDepartmentRequest(ctx: Ctx, id: string): Promise<DepartmentRequest> {
  const { row } = await requireAccess(ctx, {
    permission: 'request.read',
    department: true,
    load: () => selectRequest(ctx.db, id),
    notFound: () => requestNotFound(id),
  });
  const detail = await requestDetail(ctx, row, null);
  const { head: h, lines, picked, exit } = await selectDepartmentView(ctx.db, id);
  if (!h) throw requestNotFound(id);
  // A delivery's numbered lines pick plants in a depot: the free ones (in service, not picked for another
  // request), the request's own depot first, at most 200 per item.
  const deliveryItems = detail.kind === 'order' ? lines.filter((l) => l.numbered) : [];
  const candidates = await selectCandidates(
    ctx.db,
    id,
    deliveryItems.map((l) => l.itemId),
    h.depotNo,
  );
  const depots =
    detail.kind === 'order' || detail.kind === 'removal'
      ? await depotChoices(
          ctx.db,
          id,
          detail.kind,
          detail.kind === 'order' ? lines.filter((l) => !l.plantNo) : [],
        )
      : [];
  return {
    ...detail,
    version: h.version,
    customerNo: h.customerNo,
    customerName: h.customerName,
    depotNo: h.depotNo,
    depots,
    exitOrder: exit,
    picks: lines
      .filter((l) => l.numbered)
      .map((l) => {
        const plantNos = l.plantNo
          ? [l.plantNo]
          : picked.filter((p) => p.lineId === l.lineId).map((p) => p.plantNo);
        const choices = candidates
          .filter((c) => c.itemId === l.itemId)
          .map(({ plantNo, depotNo, locationNo, nextInspection }) => ({
            plantNo,
            depotNo,
            locationNo,
            nextInspection,
          }));
        return {
          lineId: l.lineId,
          itemNo: l.itemNo,
          amount: l.amount,
          numbered: true,
          plantNos,
          candidates: choices,
          inspectionWarnings: inspectionWarnings(plantNos, choices, detail.expectedReturnDate),
        };
      }),
  };
}

/**
 * The picked plants whose next inspection falls due on or before the expected return date (decision 0034), each
 * with the free plants of the item that stay valid until then (none known to fall due; at most 10).
 */
function inspectionWarnings(
  plantNos: string[],
  choices: Array<{ plantNo: string; nextInspection: string | null }>,
  returnDate: string | null,
) {
  if (!returnDate) return [];
  const due = new Map(choices.map((c) => [c.plantNo, c.nextInspection]));
  const valid = choices
    .filter((c) => !plantNos.includes(c.plantNo) && !inspectionDueBeforeEnd(c.nextInspection, returnDate))
    .slice(0, 10)
    .map((c) => c.plantNo);
  return plantNos.flatMap((plantNo) => {
    const next = due.get(plantNo) ?? null;
    return next && inspectionDueBeforeEnd(next, returnDate)
      ? [{ plantNo, nextInspection: next, validAlternatives: valid }]
      : [];
  });
}

/**
 * The depots a delivery can be planned from — every depot for orders (and the request's own), with what each can
 * supply per line, those holding every line first — or a removal can go to (every depot for removals).
 */
async function depotChoices(
  db: Db,
  id: string,
  kind: 'order' | 'removal',
  lines: ReadonlyArray<{ lineId: string; itemId: string; itemNo: string; amount: number; numbered: boolean }>,
): Promise<DepotChoice[]> {
  const ids = (numbered: boolean) => [
    ...new Set(lines.filter((l) => l.numbered === numbered).map((l) => l.itemId)),
  ];
  const { depots, supply } = await selectDepotSupply(
    db,
    id,
    { numbered: ids(true), bulk: ids(false) },
    kind === 'order' ? 'orders' : 'removals',
  );
  const available = new Map(supply.map((s) => [`${s.depotNo}|${s.itemId}`, s.available]));
  // one item on several lines (e.g. in two sets) is supplied once: its lines' amounts add up
  const asked = new Map<string, number>();
  for (const l of lines) asked.set(l.itemId, (asked.get(l.itemId) ?? 0) + l.amount);
  const choices = depots.map((d) => {
    const of = (itemId: string) => available.get(`${d.depotNo}|${itemId}`) ?? 0;
    return {
      depotNo: d.depotNo,
      name: d.name,
      complete: [...asked].every(([itemId, amount]) => of(itemId) >= amount),
      lines: lines.map((l) => ({
        lineId: l.lineId,
        itemNo: l.itemNo,
        numbered: l.numbered,
        amount: l.amount,
        available: of(l.itemId),
      })),
    };
  });
  // those that hold everything first; otherwise in the depots' own order (a stable sort keeps it)
  return choices.sort((a, b) => Number(b.complete) - Number(a.complete));
}
