import type { Ctx } from '../../platform/http/context.ts';
import type { DocumentServiceDeps } from './document-service/connector.ts';
import { MAX_LISTED, type ServiceDocument } from './document-service/port.ts';
import {
  type ListedDocumentRow,
  type LocationDocumentFilter,
  selectLocationDocuments,
} from './location-documents.queries.ts';
import { selectOrderKinds } from './service-documents.queries.ts';
import { documentServiceOf, fromService } from './service-documents.ts';

/*
 * A location's documents with a document service configured (decision 0028): the service's documents of the location
 * (its folder, each naming the location in mp:locationNo) together with the portal's own (the notes it makes),
 * under the same settings, areas and filters as the portal's own list (decision 0020), counted, sorted and paged as
 * one list. The portal's own document wins when both have the same id.
 */

type Row = ListedDocumentRow & { orderKind: string | null; orderNo: string | null };

// why: the SQL list compares with f_unaccent + lower; the same here (accents and case aside)
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patternOf = (p: string) => new RegExp(plain(p.trim()).split('*').map(escapeRe).join('.*'));

function matches(d: ServiceDocument, f: LocationDocumentFilter): boolean {
  const name = plain(`${d.title} ${d.fileName}`);
  const patterns = f.namePatterns.map((p) => p.trim()).filter(Boolean);
  if (patterns.length && !patterns.some((p) => patternOf(p).test(name))) return false;
  const words = (f.query ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.every((w) => name.includes(plain(w)))) return false;
  if (f.categories.length && !f.categories.includes(d.category)) return false;
  return true;
}

export async function mergedLocationDocuments(
  ctx: Ctx,
  location: { locationNo: string },
  serviceDocs: readonly ServiceDocument[],
  f: LocationDocumentFilter,
  page: number,
  pageSize: number,
): Promise<{ categories: Array<{ category: string; count: number }>; rows: Row[]; total: number }> {
  const own = await selectLocationDocuments(ctx.db, { ...f, category: undefined }, 1, MAX_LISTED);
  const ownIds = new Set(own.map((d) => d.id));
  const kinds = await selectOrderKinds(ctx.db, [
    ...new Set(serviceDocs.flatMap((d) => (d.orderNo ? [d.orderNo] : []))),
  ]);
  const fromService: Row[] = serviceDocs
    .filter(
      (d) =>
        // the property decides what a document is about (GET Documents/{id} reads it so): another location's is not listed
        d.locationNo === location.locationNo &&
        !ownIds.has(d.id) &&
        (f.invoices || !d.invoiceNo) &&
        (!d.orderNo || !kinds.has(d.orderNo) || f.orderKinds.includes(kinds.get(d.orderNo) as string)) &&
        matches(d, f),
    )
    .map((d) => ({
      id: d.id,
      title: d.title,
      category: d.category,
      fileName: d.fileName,
      contentType: d.contentType,
      size: d.size,
      date: d.date,
      // why: the service titled it; only the portal's own notes are renamed in the reader's language
      orderKind: null,
      orderNo: d.orderNo,
    }));
  const all = [...own, ...fromService];
  const rank = (c: string) => (f.categories.length ? f.categories.indexOf(c) : 0);
  const byCategory = (a: string, b: string) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
  const counts = new Map<string, number>();
  for (const d of all) counts.set(d.category, (counts.get(d.category) ?? 0) + 1);
  const categories = [...counts]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => byCategory(a.category, b.category));
  const shown = all
    .filter((d) => !f.category || d.category === f.category)
    .sort(
      (a, b) =>
        byCategory(a.category, b.category) ||
        (b.date ?? '').localeCompare(a.date ?? '') ||
        a.title.localeCompare(b.title) ||
        a.id.localeCompare(b.id),
    );
  return { categories, rows: shown.slice((page - 1) * pageSize, page * pageSize), total: shown.length };
}

/**
 * The service's documents of one order (its delivery or removal note filed there: `mp:orderNo`), from the folder of
 * the order's location, for GET PlantOrders/{id} — the caller has passed the order's access rule. None without a
 * document service; the service down answers its translated 503.
 */
export async function orderServiceDocuments(
  ctx: Ctx,
  docs: DocumentServiceDeps,
  order: { orderNo: string; locationNo: string },
): Promise<Array<{ id: string; title: string; category: string; date: string | null }>> {
  const service = await documentServiceOf(ctx, docs);
  if (service.kind === 'none') return [];
  const all = await fromService(() => service.locationDocuments(order.locationNo));
  return all
    .filter((d) => d.orderNo === order.orderNo && d.locationNo === order.locationNo)
    .map((d) => ({ id: d.id, title: d.title, category: d.category, date: d.date }));
}
