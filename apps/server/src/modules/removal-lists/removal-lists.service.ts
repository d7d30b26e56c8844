import type { AddRemovalLinesInput, ProjectRemovalLists, RemovalList } from '@mp/contract/api/stock';
import { availableForRemoval } from '@mp/contract/rules/stock';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { onTx, type Tx } from '../../platform/http/idempotency.ts';
import { itemsById, itemsByNo } from '../catalogue/index.ts';
import { listMyLocations } from '../locations/index.ts';
import { lockOnSite, scanPlant } from '../stock/index.ts';
import {
  deleteOwnLines,
  ensureRemovalList,
  selectOthersAmounts,
  selectOwnLineLists,
  selectOwnLines,
  selectRemovalLines,
  updateLines,
  upsertRemovalLines,
} from './removal-lists.queries.ts';

/*
 * The removal list (afvoerlijst, issue #10 part 1 and 9; the page and the wizard are issue #11): one list per
 * user and location. Reading needs AppAfvoerlijst and a location of the caller's; writing needs write access
 * there (the read-only role `administration` gets 403) and is checked against the stock at the moment of
 * writing, in one transaction that locks the stock rows (decision 0014).
 */

/** GET RemovalLists/{plantLocation}: the caller's list on the location. */
export async function getRemovalList(ctx: Ctx, locationNo: string): Promise<RemovalList> {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    area: 'AppAfvoerlijst',
    locationNo,
  });
  const user = requireUser(ctx);
  const rows = await selectRemovalLines(ctx.db, user.id, location.locationId);
  const items = await itemsById(
    ctx.db,
    ctx.locale,
    rows.map((r) => r.itemId),
  );
  const lines = rows.map((r) => {
    const item = items.get(r.itemId);
    return {
      lineId: r.lineId,
      itemNo: item?.itemNo ?? '',
      description: item?.description ?? '',
      plantNo: r.plantNo,
      locationNo: r.locationNo,
      returnAmount: r.returnAmount,
      comment: r.comment,
      weightPerPiece: item?.weight ?? null,
      onSite: r.onSite,
      nextInspection: r.nextInspection,
    };
  });
  return { locationNo: location.locationNo, lines, count: lines.length };
}

const keyOf = (itemId: string, plantId: string | null) => `${itemId}/${plantId ?? ''}`;

/**
 * The location's stock rows of these items, locked for the rest of the transaction (writers that check amounts
 * take turns, in a fixed order: decision 0014), and what the caller may still put on their list of each: on site,
 * minus what open removals and relocations take away, minus what other users have on theirs when
 * Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers.
 */
async function lockedAvailability(
  tx: Tx,
  userId: string,
  locationId: string,
  itemIds: string[] | 'all',
  countOthers: boolean,
) {
  const onSite = await lockOnSite(tx, locationId, itemIds);
  const others = new Map(
    (await selectOthersAmounts(tx, userId, locationId)).map((o) => [keyOf(o.itemId, o.plantId), o.amount]),
  );
  const leaving = new Map(onSite.map((r) => [keyOf(r.itemId, r.plantId), r.leaving]));
  const free = (itemId: string, plantId: string | null, quantity: number) => {
    const key = keyOf(itemId, plantId);
    return availableForRemoval(quantity, others.get(key) ?? 0, countOthers, leaving.get(key) ?? 0);
  };
  return { onSite, free };
}

/**
 * POST RemovalLists/{plantLocation}: lines onto the caller's list (a line already there gets the new amount),
 * or with `all` everything still available. Each amount must be at most what is on site, minus what other
 * users put on theirs when Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers is on.
 */
export async function addRemovalLines(
  ctx: Ctx,
  locationNo: string,
  input: AddRemovalLinesInput,
): Promise<RemovalList> {
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppAfvoerlijst',
    locationNo,
  });
  const user = requireUser(ctx);
  const s = await ctx.settings();
  if (s.Materieelvoorraad_NietMeerAfvoeren) throw errors.rule('Materieelvoorraad.alleen_inzage');
  const lines = input.lines ?? [];
  if (!s.MaterieelvoorraadBulkTerugsturenEnabled && (input.all || lines.length > 1)) {
    throw errors.rule('Materieelvoorraad.bulk_uit', { field: input.all ? 'all' : 'lines' });
  }
  const found = await itemsByNo(
    ctx.db,
    ctx.locale,
    lines.map((l) => l.itemNo),
  );
  const unknown = [...new Set(lines.filter((l) => !found.has(l.itemNo)).map((l) => l.itemNo))];
  if (unknown.length) {
    throw new AppError('rule', 'error.onbekend_materieel', {
      details: { itemNos: unknown },
      params: { itemNo: unknown.join(', ') },
    });
  }
  const countOthers = s.Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers;
  await ctx.db.transaction(async (tx) => {
    const itemIds = input.all ? 'all' : [...new Set(lines.map((l) => found.get(l.itemNo)?.id as string))];
    const { onSite, free } = await lockedAvailability(tx, user.id, location.locationId, itemIds, countOthers);
    const listId = await ensureRemovalList(tx, user.id, location.locationId);
    const writes: Array<{ itemId: string; plantId: string | null; amount: number; comment: string | null }> =
      [];
    if (input.all) {
      for (const row of onSite) {
        const amount = free(row.itemId, row.plantId, row.quantity);
        if (amount > 0) writes.push({ itemId: row.itemId, plantId: row.plantId, amount, comment: null });
      }
    }
    const problems: Array<{ index: number; itemNo: string; plantNo: string | null; available: number }> = [];
    lines.forEach((l, index) => {
      const itemId = found.get(l.itemNo)?.id as string;
      const row = onSite.find(
        (r) => r.itemId === itemId && (l.plantNo ? r.plantNo === l.plantNo : r.plantId === null),
      );
      const available = row ? free(itemId, row.plantId, row.quantity) : 0;
      if (!row || l.amount > available) {
        problems.push({ index, itemNo: l.itemNo, plantNo: l.plantNo ?? null, available });
        return;
      }
      const existing = writes.findIndex((w) => w.itemId === itemId && w.plantId === row.plantId);
      const write = { itemId, plantId: row.plantId, amount: l.amount, comment: l.comment ?? null };
      if (existing >= 0) writes[existing] = write;
      else writes.push(write);
    });
    if (problems.length) {
      throw new AppError('rule', 'error.onvoldoende_voorraad', {
        details: { lines: problems },
        params: { max: problems[0].available },
      });
    }
    await upsertRemovalLines(tx, listId, location.locationId, writes);
  });
  return getRemovalList(ctx, locationNo);
}

/**
 * PATCH RemovalLists/{plantLocation}/lines/{lineId} and UpdateAfvoerlijstItems: new return amounts and comments of
 * the caller's lines (the page's autosave). An amount is checked like a new line's, at the moment of writing;
 * a line of another list or one that is gone answers 404.
 */
export async function updateRemovalLines(
  ctx: Ctx,
  locationNo: string,
  updates: ReadonlyArray<{ lineId: string; amount?: number; comment?: string | null }>,
): Promise<RemovalList> {
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppAfvoerlijst',
    locationNo,
  });
  const user = requireUser(ctx);
  const s = await ctx.settings();
  if (s.Materieelvoorraad_NietMeerAfvoeren && updates.some((u) => u.amount !== undefined)) {
    throw errors.rule('Materieelvoorraad.alleen_inzage');
  }
  const countOthers = s.Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers;
  await ctx.db.transaction(async (tx) => {
    const ids = updates.map((u) => u.lineId);
    const known = new Map(
      (await selectOwnLines(tx, user.id, location.locationId, ids)).map((l) => [l.lineId, l]),
    );
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw errors.notFound('error.niet_gevonden', { lineIds: missing });
    const amounts = updates.filter((u) => u.amount !== undefined);
    if (amounts.length) {
      const itemIds = [...new Set(amounts.map((u) => known.get(u.lineId)?.itemId as string))];
      const { onSite, free } = await lockedAvailability(
        tx,
        user.id,
        location.locationId,
        itemIds,
        countOthers,
      );
      const problems: Array<{
        index: number;
        lineId: string;
        itemNo: string;
        plantNo: string | null;
        available: number;
      }> = [];
      updates.forEach((u, index) => {
        const line = known.get(u.lineId);
        if (u.amount === undefined || !line) return;
        const row = onSite.find((r) => r.itemId === line.itemId && r.plantId === line.plantId);
        const available = row ? free(line.itemId, line.plantId, row.quantity) : 0;
        if (u.amount > available) {
          problems.push({ index, lineId: u.lineId, itemNo: line.itemNo, plantNo: line.plantNo, available });
        }
      });
      if (problems.length) {
        throw new AppError('rule', 'error.onvoldoende_voorraad', {
          details: { lines: problems },
          params: { max: problems[0]?.available ?? 0 },
        });
      }
    }
    await updateLines(tx, updates);
  });
  return getRemovalList(ctx, locationNo);
}

/**
 * DELETE RemovalLists/{plantLocation}/lines/{lineId}, DeleteAfvoerlijstItem(s): lines off the caller's list. Lines
 * that are not (or no longer) on it answer 404 when none of those asked went.
 */
export async function deleteRemovalLines(
  ctx: Ctx,
  locationNo: string,
  lineIds: readonly string[],
): Promise<RemovalList> {
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppAfvoerlijst',
    locationNo,
  });
  const user = requireUser(ctx);
  const deleted = await ctx.db.transaction((tx) => deleteOwnLines(tx, user.id, location.locationId, lineIds));
  if (deleted === 0) throw errors.notFound('error.niet_gevonden', { lineIds });
  return getRemovalList(ctx, locationNo);
}

/** A line of the caller's removal list as a submit takes it. */
export type RemovalListLine = Awaited<ReturnType<typeof selectOwnLines>>[number];

/**
 * The caller's removal list on the location as a removal or relocation submit takes it (in the submit's
 * transaction, after the stock rows are locked), and the list emptied once the request is stored.
 */
export const takeRemovalList = (tx: Tx, userId: string, locationId: string) =>
  selectOwnLines(tx, userId, locationId, 'all');
export const emptyRemovalList = (tx: Tx, userId: string, locationId: string) =>
  deleteOwnLines(tx, userId, locationId, 'all');

/**
 * AddScannedItemToAfvoerlijst: the plant a scanned code names (GET PlantInventoryItems/scan's rule) onto the caller's
 * removal list of the location it must stand on, amount 1, with the rules of a new line.
 */
export async function addScannedPlant(ctx: Ctx, locationNo: string, code: string): Promise<RemovalList> {
  const plant = await scanPlant(ctx, code);
  if (plant.locationNo !== locationNo) {
    throw errors.notFound('Materieelvoorraad.scan_niet_gevonden', { code, plantLocation: locationNo });
  }
  return addRemovalLines(ctx, locationNo, {
    lines: [{ itemNo: plant.itemNo, plantNo: plant.plantNo, amount: 1 }],
  });
}

/**
 * POST RemovalLists/scanned: the plant a scanned code names onto the caller's removal list of the location it
 * stands on (one of the caller's: scanPlant's rule), amount 1. The phone queues a scan made offline as this: it
 * need not know, offline, where the plant stands; a plant gone meanwhile answers 404 scan_niet_gevonden.
 */
export async function addScannedPlantWhereItStands(ctx: Ctx, code: string): Promise<RemovalList> {
  const plant = await scanPlant(ctx, code);
  return addRemovalLines(ctx, plant.locationNo, {
    lines: [{ itemNo: plant.itemNo, plantNo: plant.plantNo, amount: 1 }],
  });
}

/** The project variant needs ProjectOverzichten_TonenEnGebruiken (403 Afvoerlijst.project_uit without it). */
async function requireProjectOverviews(ctx: Ctx): Promise<void> {
  if (!(await ctx.settings()).ProjectOverzichten_TonenEnGebruiken)
    throw errors.forbidden('Afvoerlijst.project_uit');
}

/**
 * GET RemovalLists/project/{plantLocation} (legacy GetAfvoerlijstProject): the caller's lists on every location of
 * theirs with the same project number as plantLocation — that one first, the others when they hold lines. A
 * location without a project number is a project of its own.
 */
export async function getProjectRemovalLists(ctx: Ctx, locationNo: string): Promise<ProjectRemovalLists> {
  await requireAccess(ctx, { permission: 'area.read', area: 'AppAfvoerlijst' });
  await requireProjectOverviews(ctx);
  const location = await requireAccess(ctx, { permission: 'location.read', locationNo });
  const mine = await listMyLocations(ctx);
  const self = mine.find((l) => l.locationNo === location.locationNo);
  const projectNo = self?.projectNo ?? null;
  const members = projectNo
    ? [self, ...mine.filter((l) => l.projectNo === projectNo && l.locationNo !== location.locationNo)]
    : [self];
  const lists: ProjectRemovalLists['lists'] = [];
  for (const m of members) {
    if (!m) continue;
    const list = await getRemovalList(ctx, m.locationNo);
    if (m.locationNo === location.locationNo || list.count > 0)
      lists.push({ ...list, description: m.description });
  }
  return { projectNo, lists };
}

/**
 * Legacy UpdateAfvoerlijstProjectItems: new amounts and comments of lines on any of the caller's lists, each
 * checked like PATCH RemovalLists/{plantLocation}/lines/{lineId} on its own list (write access there). A line of
 * nobody's or another user's list answers 404 naming it. Answers the project's lists again.
 */
export async function updateProjectRemovalLines(
  ctx: Ctx,
  locationNo: string,
  updates: ReadonlyArray<{ lineId: string; amount?: number; comment?: string | null }>,
): Promise<ProjectRemovalLists> {
  await requireAccess(ctx, { permission: 'area.write', area: 'AppAfvoerlijst' });
  await requireProjectOverviews(ctx);
  const user = requireUser(ctx);
  const project = await getProjectRemovalLists(ctx, locationNo);
  const onList = new Map(
    (
      await selectOwnLineLists(
        ctx.db,
        user.id,
        updates.map((u) => u.lineId),
      )
    ).map((r) => [r.lineId, r.locationNo]),
  );
  const inProject = new Set(project.lists.map((l) => l.locationNo));
  const missing = updates.filter((u) => !inProject.has(onList.get(u.lineId) ?? '')).map((u) => u.lineId);
  if (missing.length) throw errors.notFound('error.niet_gevonden', { lineIds: missing });
  const byList = new Map<string, Array<(typeof updates)[number]>>();
  for (const u of updates) {
    const list = onList.get(u.lineId) as string;
    byList.set(list, [...(byList.get(list) ?? []), u]);
  }
  // all lists or none: each list's update runs in a savepoint of this one transaction
  await ctx.db.transaction(async (tx) => {
    const txCtx = onTx(ctx, tx);
    for (const [list, changes] of byList) await updateRemovalLines(txCtx, list, changes);
  });
  return getProjectRemovalLists(ctx, locationNo);
}
