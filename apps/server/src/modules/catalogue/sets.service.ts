import type { SetDetail } from '@mp/contract/api/sets';
import type { PriceDisplay } from '@mp/contract/rules/prices';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { imageUrl } from '../../platform/files/image-url.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { getSetting } from '../settings/index.ts';
import {
  type ItemInfo,
  itemsById,
  itemsByNo,
  priceDisplayFor,
  pricesOf,
  type SetInfo,
  setsById,
} from './lookup.ts';
import {
  anyActiveSet,
  type SetLineRow,
  type SetRow,
  selectActiveSets,
  selectSetId,
  selectSetIdsWithItem,
  selectSetLines,
} from './sets.queries.ts';

/** How deep child sets may nest (a set in a set in a set …); deeper lines and cycles are left out. */
const MAX_DEPTH = 5;

/** One line of a set with child sets expanded; keys are paths, so a child set used twice stays apart. */
export interface ExpandedSetLine {
  key: string;
  lineNo: number;
  /** The line it hangs under: an accessory's main line, or the child-set line; null at the top. */
  parentKey: string | null;
  /** The nearest child-set line above it; null when it belongs to the main set itself. */
  ownerSetKey: string | null;
  type: 'item' | 'set';
  itemId: string | null;
  setId: string | null;
  /** Amount for one of the main set. */
  amountPerSet: number;
}

/** A set's lines with its child sets' lines, amounts multiplied per one main set. */
export async function expandSet(db: Db | Tx, setId: string): Promise<ExpandedSetLine[]> {
  const out: ExpandedSetLine[] = [];
  const cache = new Map<string, SetLineRow[]>();
  async function linesOf(id: string): Promise<SetLineRow[]> {
    if (!cache.has(id)) {
      const rows = await selectSetLines(db, [id]);
      cache.set(id, rows);
    }
    return cache.get(id) ?? [];
  }
  async function walk(
    id: string,
    prefix: string,
    owner: string | null,
    factor: number,
    path: string[],
  ): Promise<void> {
    const rows = await linesOf(id);
    for (const row of rows) {
      const key = `${prefix}${row.id}`;
      const parentKey = row.parentLineId ? `${prefix}${row.parentLineId}` : owner;
      const amountPerSet = row.amount * factor;
      if (row.itemId) {
        out.push({
          key,
          lineNo: row.lineNo,
          parentKey,
          ownerSetKey: owner,
          type: 'item',
          itemId: row.itemId,
          setId: null,
          amountPerSet,
        });
      } else if (row.childSetId) {
        if (path.includes(row.childSetId) || path.length >= MAX_DEPTH) continue;
        out.push({
          key,
          lineNo: row.lineNo,
          parentKey,
          ownerSetKey: owner,
          type: 'set',
          itemId: null,
          setId: row.childSetId,
          amountPerSet,
        });
        await walk(row.childSetId, `${key}/`, key, amountPerSet, [...path, row.childSetId]);
      }
    }
  }
  await walk(setId, '', null, 1, [setId]);
  return out;
}

async function setsVisible(ctx: Ctx): Promise<boolean> {
  await requireAccess(ctx, { permission: 'area.read', area: 'AppSets' });
  return getSetting(ctx, 'MaterieelSets_ToonSets');
}

function summaryOf(row: SetRow, favourites: readonly string[]) {
  return {
    id: row.id,
    setNo: row.setNo,
    description: row.description,
    longDescription: row.longDescription ?? null,
    imageUrl: row.imageSha ? imageUrl('set', row.setNo, row.imageSha) : null,
    lineCount: row.lineCount,
    favourite: favourites.includes(row.setNo),
  };
}

/**
 * The sets to show (none when MaterieelSets_ToonSets is off); with itemNo only the sets holding it. The
 * favourite sets (FavorietenSets, decision 0007) come first in the setting's order; with `favourites` only
 * they. A number in the setting that names no active set is left out.
 */
export async function listSets(
  ctx: Ctx,
  query: { itemNo?: string; locationNo?: string; favourites?: boolean },
) {
  if (!(await setsVisible(ctx))) return { sets: [] };
  // a named location must be one of the caller's: unknown, foreign and (for a visitor) any answer the same 404
  if (query.locationNo) {
    const named = { locationNo: query.locationNo, allowDeregistered: true, anonymousAsUnknown: true };
    await requireAccess(ctx, { permission: 'location.read', ...named });
  }
  const favourites = await getSetting(ctx, 'FavorietenSets');
  if (query.favourites && favourites.length === 0) return { sets: [] };
  let ids: string[] | undefined;
  if (query.itemNo) {
    const item = (await itemsByNo(ctx.db, ctx.locale, [query.itemNo])).get(query.itemNo);
    if (!item) return { sets: [] };
    ids = await selectSetIdsWithItem(ctx.db, item.id);
  }
  const rank = (setNo: string) => {
    const at = favourites.indexOf(setNo);
    return at < 0 ? favourites.length : at;
  };
  const sets = (await selectActiveSets(ctx.db, ctx.locale, ids))
    .map((row) => summaryOf(row, favourites))
    .filter((s) => !query.favourites || s.favourite);
  // A stable sort: the rest keeps the order of the statement.
  return { sets: sets.sort((a, b) => rank(a.setNo) - rank(b.setNo)) };
}

export async function setsExist(ctx: Ctx): Promise<boolean> {
  if (!(await setsVisible(ctx))) return false;
  return anyActiveSet(ctx.db);
}

const setNotFound = (key: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { set: key } });

/** One set with its lines (child sets expanded); 404 when unknown, inactive or sets are hidden. */
export async function getSet(ctx: Ctx, key: string, query: { locationNo?: string } = {}): Promise<SetDetail> {
  if (!(await setsVisible(ctx))) throw setNotFound(key);
  // a named location must be one of the caller's: unknown, foreign and (for a visitor) any answer the same 404
  if (query.locationNo) {
    const named = { locationNo: query.locationNo, allowDeregistered: true, anonymousAsUnknown: true };
    await requireAccess(ctx, { permission: 'location.read', ...named });
  }
  const id = await selectSetId(ctx.db, key);
  if (!id) throw setNotFound(key);
  const [row] = await selectActiveSets(ctx.db, ctx.locale, [id]);
  if (!row) throw setNotFound(key);
  const display = await priceDisplayFor(ctx, !!query.locationNo);
  const expanded = await expandSet(ctx.db, id);
  const itemMap = await itemsById(
    ctx.db,
    ctx.locale,
    expanded.filter((l) => l.itemId).map((l) => l.itemId as string),
  );
  const setMap = await setsById(
    ctx.db,
    ctx.locale,
    expanded.filter((l) => l.setId).map((l) => l.setId as string),
  );
  const [allowEdit, fillByDefault, useAsQuickList, favourites] = await Promise.all([
    getSetting(ctx, 'Sets_AllowEdit'),
    getSetting(ctx, 'Sets_FillByDefault'),
    getSetting(ctx, 'Sets_UseAsQuickList'),
    getSetting(ctx, 'FavorietenSets'),
  ]);
  return {
    ...summaryOf(row, favourites),
    allowEdit,
    fillByDefault,
    useAsQuickList,
    lines: expanded.map((l) => setLineView(l, itemMap, setMap, display)),
  };
}

function setLineView(
  l: ExpandedSetLine,
  itemMap: Map<string, ItemInfo>,
  setMap: Map<string, SetInfo>,
  display: PriceDisplay,
) {
  const item = l.itemId ? itemMap.get(l.itemId) : undefined;
  const set = l.setId ? setMap.get(l.setId) : undefined;
  return {
    lineId: l.key,
    lineNo: l.lineNo,
    parentLineId: l.parentKey,
    type: l.type,
    itemNo: item?.itemNo ?? set?.setNo ?? '',
    description: item?.description ?? set?.description ?? '',
    amount: l.amountPerSet,
    rentalType: item?.rentalType ?? null,
    rentalUnit: item?.rentalUnit ?? null,
    ...pricesOf(item, display),
    weightPerPiece: item?.weight ?? null,
    imageUrl: item?.imageUrl ?? set?.imageUrl ?? null,
  };
}

/** The set by number for adding it to an order list (404 when unknown, inactive or sets are hidden). */
export async function orderableSet(
  ctx: Ctx,
  setNo: string,
): Promise<{ id: string; lines: ExpandedSetLine[] }> {
  if (!(await getSetting(ctx, 'MaterieelSets_ToonSets'))) throw setNotFound(setNo);
  const id = await selectSetId(ctx.db, setNo);
  if (!id)
    throw new AppError('rule', 'error.onbekend_materieel', {
      details: { itemNos: [setNo] },
      params: { itemNo: setNo },
    });
  return { id, lines: await expandSet(ctx.db, id) };
}
