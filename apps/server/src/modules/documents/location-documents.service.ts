import type {
  LocationDocument,
  LocationDocumentList,
  LocationDocumentsQuery,
} from '@mp/contract/api/documents';
import type { FunctionalArea } from '@mp/contract/permissions';
import { hasAccess, requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { itemsByNo } from '../catalogue/index.ts';
import type { DocumentServiceDeps } from './document-service/connector.ts';
import {
  type ListedDocumentRow,
  selectItemDocumentList,
  selectLocationCategories,
  selectLocationDocuments,
  selectPlantAt,
  selectPlantDocumentList,
} from './location-documents.queries.ts';
import { noteCategory, noteTitle, type OrderKind } from './order-note.ts';
import { mergedLocationDocuments } from './service-documents.list.ts';
import { documentServiceOf, fromService } from './service-documents.ts';

/*
 * The document lists (issue #13 part 4, decision 0020): a location's documents (/locatie-documenten, GET
 * PlantLocations/{plantLocation}/documents, legacy GetMaterieeLocatieDocs), an item's (GetMaterieelDetailsDocs, the
 * twin of the documents of GET Items/{itemNo}) and a numbered plant's (GetMaterieelUniekDetailsDocs). Every
 * document listed here is one GET Documents/{id}/content serves to the same caller (decision 0009's readable()).
 */

// why: the order areas of orders.service.ts (orderArea); the orders module reads the documents table itself, so
// importing it here would make the two modules depend on each other.
const orderKindArea: Record<string, FunctionalArea> = {
  delivery: 'AppMaterieelordersAanvoer',
  removal: 'AppMaterieelordersAfvoer',
  move_to: 'AppMaterieelordersVerplaatsingNaar',
  move_from: 'AppMaterieelordersVerplaatsingVan',
  transport: 'AppMaterieelaanvragen',
};

const notFound = (details: Record<string, string>) =>
  new AppError('not_found', 'error.niet_gevonden', { details });

export const contentUrl = (id: string) => `/api/v2.0/Documents/${encodeURIComponent(id)}/content`;

export const toListed = (d: ListedDocumentRow): LocationDocument => ({
  id: d.id,
  title: d.title,
  category: d.category,
  fileName: d.fileName,
  contentType: d.contentType,
  size: d.size,
  date: d.date,
  url: contentUrl(d.id),
});

/**
 * GET PlantLocations/{plantLocation}/documents: the documents filed under the location, for its members (the
 * read-only role too) and admins, with the functional area `Documenten` (403 without it, checked first). Another
 * customer's location answers 404 like an unknown one; a deregistered location's documents stay readable.
 * Documents of an invoice need AppMaterieelFacturen and those of an order its kind's area: without the area they
 * are left out, not refused. The settings Documenten_LocatieCategorieen (which categories, in which order) and
 * Documenten_LocatieDocumentNaamFilter (name patterns) apply before the user's filters. With a document service
 * configured (decision 0028) the service's documents of the location are listed with the portal's own.
 */
export async function listLocationDocuments(
  ctx: Ctx,
  plantLocation: string,
  q: LocationDocumentsQuery,
  docs: DocumentServiceDeps = {},
): Promise<LocationDocumentList> {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    area: 'Documenten',
    locationNo: plantLocation,
    allowDeregistered: true,
  });
  const settings = await ctx.settings();
  const kinds = Object.keys(orderKindArea);
  const allowed = await Promise.all(
    kinds.map((k) => hasAccess(ctx, { permission: 'area.read', area: orderKindArea[k] })),
  );
  const filter = {
    locationId: location.locationId,
    categories: settings.Documenten_LocatieCategorieen.map((c) => c.trim()).filter(Boolean),
    namePatterns: settings.Documenten_LocatieDocumentNaamFilter,
    invoices: await hasAccess(ctx, { permission: 'area.read', area: 'AppMaterieelFacturen' }),
    orderKinds: kinds.filter((_, i) => allowed[i]),
    query: q.query,
    category: q.category,
  };
  const service = await documentServiceOf(ctx, docs);
  let categories: Array<{ category: string; count: number }>;
  let rows: Awaited<ReturnType<typeof selectLocationDocuments>>;
  let total: number;
  if (service.kind !== 'none') {
    // the service down answers its translated 503: never an empty list that reads as "no documents"
    const serviceDocs = await fromService(() => service.locationDocuments(location.locationNo));
    ({ categories, rows, total } = await mergedLocationDocuments(
      ctx,
      location,
      serviceDocs,
      filter,
      q.page,
      q.pageSize,
    ));
  } else {
    [categories, rows] = await Promise.all([
      selectLocationCategories(ctx.db, filter),
      selectLocationDocuments(ctx.db, filter, q.page, q.pageSize),
    ]);
    total = q.category
      ? (categories.find((c) => c.category === q.category)?.count ?? 0)
      : categories.reduce((s, c) => s + c.count, 0);
  }
  return {
    locationNo: location.locationNo,
    categories,
    items: rows.map(({ orderKind, orderNo, ...d }) => {
      const kind = orderKind as OrderKind | null;
      // An order's note was titled in the requester's language when it was filed: name it in the reader's.
      const isNote = kind && orderNo && noteCategory[kind] === d.category;
      return toListed(isNote ? { ...d, title: `${noteTitle(ctx.locale, kind)} ${orderNo}` } : d);
    }),
    page: q.page,
    pageSize: q.pageSize,
    total,
  };
}

/**
 * An item's documents as GET Items/{itemNo} lists them (category Documenten_CategorieDocumenten): like the item's
 * details, with AppDetails (anonymous visitors only with AllowAnonymousUsers); an unknown or blocked item is 404.
 */
export async function listItemDocuments(ctx: Ctx, itemNo: string): Promise<LocationDocument[]> {
  await requireAccess(ctx, { permission: 'area.read', area: 'AppDetails' });
  const wanted = itemNo.trim();
  const found = await itemsByNo(ctx.db, ctx.locale, [wanted, wanted.toUpperCase()]);
  const item = found.get(wanted) ?? found.get(wanted.toUpperCase());
  if (!item || item.blocked) throw notFound({ itemNo });
  const settings = await ctx.settings();
  return (await selectItemDocumentList(ctx.db, item.id, settings.Documenten_CategorieDocumenten)).map(
    toListed,
  );
}

/**
 * A numbered plant's documents (its certificates …) followed by its item's: for the members of the location it
 * stands on (404 for any other plant, location or caller, alike), with AppMaterieelvoorraad like the plant's page.
 */
export async function listPlantDocuments(
  ctx: Ctx,
  plantLocation: string,
  plantNo: string,
): Promise<LocationDocument[]> {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    locationNo: plantLocation,
    allowDeregistered: true,
  });
  const plant = await selectPlantAt(ctx.db, plantNo.trim(), location.locationId);
  if (!plant) throw notFound({ plantNo });
  // the area after the plant, as its page: another plant answers 404 whatever the caller's areas
  await requireAccess(ctx, { permission: 'area.read', area: 'AppMaterieelvoorraad' });
  const settings = await ctx.settings();
  const [own, ofItem] = await Promise.all([
    selectPlantDocumentList(ctx.db, plant.id),
    hasAccess(ctx, { permission: 'area.read', area: 'AppDetails' }).then((may) =>
      may ? selectItemDocumentList(ctx.db, plant.itemId, settings.Documenten_CategorieDocumenten) : [],
    ),
  ]);
  const seen = new Set(own.map((d) => d.id));
  return [...own, ...ofItem.filter((d) => !seen.has(d.id))].map(toListed);
}
