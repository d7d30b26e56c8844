import { type ApiRoute, type EntityDef, f } from './entity-types.ts';
import { type ApiResponse, BcError, jsonResponse } from './http-util.ts';
import { compileFilter } from './odata-filter.ts';
import { parseQuery, type Query, readPage } from './odata-query.ts';
import { renderPdf } from './pdf.ts';
import type { Records } from './records.ts';
import type { Entry } from './store.ts';

/**
 * The resources under an API route's root (…/api/v2.0/ or …/api/materieelportaal/rental/v1.0/): the service
 * document, companies, and per company each entity set of the route — its collection (paged GET, POST, $count),
 * its records (GET, PATCH and DELETE with If-Match), a header's lines, and a posted document's pdfDocument.
 */

export interface ApiRequest {
  method: string;
  route: ApiRoute;
  /** The path's segments after the route's root, decoded. */
  segments: string[];
  query: [string, string][];
  headers: Record<string, string>;
  body: unknown;
  /** The route's root URL, without a trailing slash ('http://…/v2.0/{tenant}/{environment}/api/v2.0'). */
  rootUrl: string;
}

export interface ApiContext {
  records: Records;
  company: Record<string, unknown>;
  pageSize: number;
  maxPageSize: number;
  /** An item's picture as JPEG with its size, or null when it has none. */
  picture: (itemId: string) => Promise<{ bytes: Buffer; width: number; height: number } | null>;
}

export const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function parseSegment(segment: string): { name: string; key?: string } {
  const m = /^([A-Za-z$][A-Za-z0-9_.$]*)(?:\((.*)\))?$/.exec(segment);
  if (!m) throw new BcError(400, 'BadRequest', 'Bad Request - Error in query syntax.');
  const raw = m[2];
  if (raw === undefined) return { name: m[1] };
  const key = raw.startsWith("'") && raw.endsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : raw;
  return { name: m[1], key };
}

export function notFoundSegment(segment: string): BcError {
  return new BcError(404, 'BadRequest_NotFound', `Resource not found for the segment '${segment}'.`);
}

function methodNotAllowed(method: string, what: string): BcError {
  return new BcError(
    405,
    'BadRequest_MethodNotAllowed',
    `'${method}' requests for '${what}' are not allowed within Dynamics 365 Business Central OData web services.`,
  );
}

/** If-Match as BC checks it: required on a change, `*` or the record's current ETag. */
export function checkIfMatch(headers: Record<string, string>, etag: string): void {
  const given = headers['if-match'];
  if (!given)
    throw new BcError(
      400,
      'BadRequest_InvalidToken',
      'Could not validate the client concurrency token required by the service. Please provide a valid token in the client request.',
    );
  const tags = given.split(',').map((t) => t.trim());
  if (tags.includes('*') || tags.includes(etag)) return;
  throw new BcError(412, 'Request_EntityChanged', 'Another user has already changed the record.');
}

/** The page size a request asks for with `Prefer: odata.maxpagesize=N`, within the server's maximum. */
export function preferredPageSize(
  ctx: ApiContext,
  headers: Record<string, string>,
): { size: number; applied?: string } {
  const m = /odata\.maxpagesize\s*=\s*(\d+)/i.exec(headers.prefer ?? '');
  if (!m) return { size: ctx.pageSize };
  const size = Math.max(1, Math.min(Number(m[1]), ctx.maxPageSize));
  return { size, applied: `odata.maxpagesize=${size}` };
}

/** The company (one per fake): read-only, found by id or by `$filter=name eq '…'`. */
const COMPANY_DEF: EntityDef = {
  set: 'companies',
  type: 'company',
  api: 'standard',
  key: ['name'],
  writable: false,
  webhooks: false,
  fields: {
    id: f.id(),
    systemVersion: f.ro('string'),
    timestamp: f.ro('int'),
    name: f.ro('string'),
    displayName: f.ro('string'),
    businessProfileId: f.ro('string'),
    systemCreatedAt: f.ro('datetime'),
    systemCreatedBy: f.ro('guid'),
    systemModifiedAt: f.ro('datetime'),
    systemModifiedBy: f.ro('guid'),
  },
};
const COMPANY_FIELDS = Object.keys(COMPANY_DEF.fields);

export function handleApi(ctx: ApiContext, req: ApiRequest): ApiResponse | Promise<ApiResponse> {
  const segs = req.segments;
  if (segs.length === 0) return serviceDocument(ctx, req);
  const first = parseSegment(segs[0]);
  if (first.name !== 'companies') throw notFoundSegment(segs[0]);
  const companyId = String(ctx.company.id);
  if (first.key === undefined) {
    if (segs.length > 1) throw notFoundSegment(segs[1]);
    if (req.method !== 'GET') throw methodNotAllowed(req.method, 'companies');
    const filter = req.query.find(([k]) => k === '$filter')?.[1];
    const company = companyJson(ctx);
    const value = !filter || compileFilter(COMPANY_DEF, filter)(company) ? [company] : [];
    return jsonResponse(200, { '@odata.context': `${req.rootUrl}/$metadata#companies`, value });
  }
  if (first.key.toLowerCase() !== companyId)
    throw new BcError(404, 'BadRequest_NotFound', `The company '${first.key}' does not exist.`);
  if (segs.length === 1) {
    if (req.method !== 'GET') throw methodNotAllowed(req.method, 'companies');
    return jsonResponse(200, {
      '@odata.context': `${req.rootUrl}/$metadata#companies/$entity`,
      ...companyJson(ctx),
    });
  }
  const records = ctx.records;
  const setSeg = parseSegment(segs[1]);
  const def = records.defs.get(setSeg.name);
  if (!def || def.api !== req.route) throw notFoundSegment(segs[1]);
  const base = `companies(${companyId})/${def.set}`;
  if (setSeg.key === undefined) {
    if (segs.length === 2) return collection(ctx, req, def, records.store.collection(def.set).entries, base);
    if (segs.length === 3 && segs[2] === '$count')
      return count(ctx, req, def, records.store.collection(def.set).entries);
    throw notFoundSegment(segs[2]);
  }
  const entry = findEntry(ctx, def, setSeg.key);
  if (segs.length === 2) return entity(ctx, req, def, entry, `${base}/$entity`);
  const nav = parseSegment(segs[2]);
  if (def.pdf && nav.name === 'pdfDocument' && nav.key === undefined)
    return pdfDocument(ctx, req, def, entry, segs);
  if (def.set === 'items' && nav.name === 'picture' && nav.key === undefined)
    return picture(ctx, req, entry, segs);
  const link = def.expand?.[nav.name];
  const childDef = link ? records.defs.get(link.set) : undefined;
  if (!link || !childDef || childDef.parent?.set !== def.set) throw notFoundSegment(segs[2]);
  const lines = records.store.collection(childDef.set).having(link.field, entry.id);
  const scope = { field: link.field, value: entry.id };
  const childBase = `companies(${companyId})/${def.set}(${entry.id})/${childDef.set}`;
  if (nav.key === undefined) {
    if (segs.length === 3) return collection(ctx, req, childDef, lines, childBase, scope);
    if (segs.length === 4 && segs[3] === '$count') return count(ctx, req, childDef, lines);
    throw notFoundSegment(segs[3]);
  }
  if (segs.length > 3) throw notFoundSegment(segs[3]);
  const line = findEntry(ctx, childDef, nav.key);
  if (line.data[link.field] !== entry.id) throw notFoundRecord(childDef, nav.key);
  return entity(ctx, req, childDef, line, `${childBase}/$entity`);
}

function companyJson(ctx: ApiContext): Record<string, unknown> {
  return Object.fromEntries(COMPANY_FIELDS.map((f) => [f, ctx.company[f]]));
}

function serviceDocument(ctx: ApiContext, req: ApiRequest): ApiResponse {
  if (req.method !== 'GET') throw methodNotAllowed(req.method, 'the service document');
  const sets = ['companies', 'subscriptions'];
  for (const def of ctx.records.defs.values()) if (def.api === req.route) sets.push(def.set);
  return jsonResponse(200, {
    '@odata.context': `${req.rootUrl}/$metadata`,
    value: sets.map((name) => ({ name, kind: 'EntitySet', url: name })),
  });
}

function notFoundRecord(def: EntityDef, key: string): BcError {
  return new BcError(
    404,
    'BadRequest_NotFound',
    `The ${def.type} does not exist. Identification fields and values: Id='${key}'`,
  );
}

function findEntry(ctx: ApiContext, def: EntityDef, key: string): Entry {
  if (!GUID.test(key)) throw new BcError(400, 'BadRequest', 'Bad Request - Error in query syntax.');
  const entry = ctx.records.store.get(def.set, key.toLowerCase());
  if (!entry) throw notFoundRecord(def, key);
  return entry;
}

function collection(
  ctx: ApiContext,
  req: ApiRequest,
  def: EntityDef,
  entries: readonly Entry[],
  path: string,
  scope?: { field: string; value: string },
): ApiResponse {
  if (req.method === 'POST') {
    if (!def.writable) throw methodNotAllowed('POST', def.set);
    const entry = ctx.records.store.transaction(() => ctx.records.create(def.set, req.body, { scope }));
    const q = parseQuery(
      ctx.records.defs,
      def,
      req.query.filter(([k]) => k === '$select' || k === '$expand'),
    );
    return jsonResponse(
      201,
      {
        '@odata.context': `${req.rootUrl}/$metadata#${path}/$entity`,
        ...ctx.records.json(def, entry, q),
      },
      { etag: ctx.records.store.etag(entry), location: `${req.rootUrl}/${path}(${entry.id})` },
    );
  }
  if (req.method !== 'GET') throw methodNotAllowed(req.method, def.set);
  const q = parseQuery(ctx.records.defs, def, req.query);
  const { size, applied } = preferredPageSize(ctx, req.headers);
  const page = readPage(def, entries, q, size);
  const contextUrl = `${req.rootUrl}/$metadata#${path}`;
  let nextLink: string | undefined;
  if (page.next) {
    const params = new URLSearchParams(req.query.filter(([k]) => k !== '$skiptoken' && k !== '$skip'));
    params.set('$skiptoken', page.next);
    nextLink = `${req.rootUrl}/${req.segments.join('/')}?${params.toString()}`;
  }
  const records = ctx.records;
  function* chunks(): Generator<string> {
    yield `{"@odata.context":${JSON.stringify(contextUrl)}${page.count === undefined ? '' : `,"@odata.count":${page.count}`},"value":[`;
    let first = true;
    for (const e of page.records) {
      yield `${first ? '' : ','}${JSON.stringify(records.json(def, e, q))}`;
      first = false;
    }
    yield `]${nextLink ? `,"@odata.nextLink":${JSON.stringify(nextLink)}` : ''}}`;
  }
  return {
    status: 200,
    headers: {
      'content-type': 'application/json; odata.metadata=minimal; charset=utf-8',
      ...(applied ? { 'preference-applied': applied } : {}),
    },
    chunks: chunks(),
  };
}

function count(ctx: ApiContext, req: ApiRequest, def: EntityDef, entries: readonly Entry[]): ApiResponse {
  if (req.method !== 'GET') throw methodNotAllowed(req.method, '$count');
  const q: Query = parseQuery(
    ctx.records.defs,
    def,
    req.query.filter(([k]) => k === '$filter'),
  );
  const n = q.filter ? entries.filter((e) => q.filter!(e.data)).length : entries.length;
  return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, text: String(n) };
}

function entity(ctx: ApiContext, req: ApiRequest, def: EntityDef, entry: Entry, path: string): ApiResponse {
  const records = ctx.records;
  const contextUrl = `${req.rootUrl}/$metadata#${path}`;
  if (req.method === 'GET') {
    const q = parseQuery(
      records.defs,
      def,
      req.query.filter(([k]) => k === '$select' || k === '$expand'),
    );
    return jsonResponse(
      200,
      { '@odata.context': contextUrl, ...records.json(def, entry, q) },
      { etag: records.store.etag(entry) },
    );
  }
  if (req.method === 'PATCH' || req.method === 'DELETE') {
    if (!def.writable) throw methodNotAllowed(req.method, def.set);
    checkIfMatch(req.headers, records.store.etag(entry));
    if (req.method === 'DELETE') {
      records.store.transaction(() => records.remove(def.set, entry));
      return { status: 204, headers: {} };
    }
    const updated = records.store.transaction(() => records.update(def.set, entry, req.body));
    return jsonResponse(
      200,
      { '@odata.context': contextUrl, ...records.json(def, updated) },
      { etag: records.store.etag(updated) },
    );
  }
  throw methodNotAllowed(req.method, def.type);
}

function pdfDocument(
  ctx: ApiContext,
  req: ApiRequest,
  def: EntityDef,
  entry: Entry,
  segs: string[],
): ApiResponse {
  if (req.method !== 'GET') throw methodNotAllowed(req.method, 'pdfDocument');
  const docPath = `companies(${ctx.company.id})/${def.set}(${entry.id})/pdfDocument`;
  if (segs.length === 3)
    return jsonResponse(200, {
      '@odata.context': `${req.rootUrl}/$metadata#${docPath}/$entity`,
      id: entry.id,
      parentId: entry.id,
      parentType: def.pdf,
      'pdfDocumentContent@odata.mediaReadLink': `${req.rootUrl}/${docPath}/pdfDocumentContent`,
    });
  if (segs.length === 4 && segs[3] === 'pdfDocumentContent') {
    const lineSet = Object.values(def.expand ?? {})[0];
    const lines = lineSet ? ctx.records.store.collection(lineSet.set).having(lineSet.field, entry.id) : [];
    const d = entry.data;
    const bytes = renderPdf(`${def.pdf} ${d.number}`, [
      `${ctx.company.displayName}`,
      `Customer ${d.customerNumber} ${d.customerName ?? ''}`,
      `Date ${d.invoiceDate ?? d.creditMemoDate ?? d.postingDate ?? ''}   Due ${d.dueDate ?? ''}`,
      `Project ${d.shortcutDimension2Code ?? ''}   Your reference ${d.customerPurchaseOrderReference ?? ''}`,
      '',
      ...lines.map(
        (l) =>
          `${l.data.lineObjectNumber ?? ''}  ${l.data.description ?? ''}  ${l.data.quantity} x ${l.data.unitPrice} = ${l.data.amountExcludingTax}`,
      ),
      '',
      `Total excl. VAT ${d.totalAmountExcludingTax}   VAT ${d.totalTaxAmount}   Total ${d.totalAmountIncludingTax}`,
    ]);
    return { status: 200, headers: { 'content-type': 'application/pdf' }, bytes };
  }
  throw notFoundSegment(segs[3]);
}

async function picture(ctx: ApiContext, req: ApiRequest, entry: Entry, segs: string[]): Promise<ApiResponse> {
  if (req.method !== 'GET') throw methodNotAllowed(req.method, 'picture');
  const path = `companies(${ctx.company.id})/items(${entry.id})/picture`;
  const pic = await ctx.picture(entry.id);
  if (segs.length === 3)
    return jsonResponse(200, {
      '@odata.context': `${req.rootUrl}/$metadata#${path}/$entity`,
      '@odata.etag': ctx.records.store.etag(entry),
      id: entry.id,
      parentType: 'Item',
      width: pic?.width ?? 0,
      height: pic?.height ?? 0,
      contentType: pic ? 'image/jpeg' : '',
      'pictureContent@odata.mediaReadLink': `${req.rootUrl}/${path}/pictureContent`,
    });
  if (segs.length === 4 && segs[3] === 'pictureContent') {
    if (!pic) return { status: 204, headers: {} };
    return { status: 200, headers: { 'content-type': 'image/jpeg' }, bytes: pic.bytes };
  }
  throw notFoundSegment(segs[3]);
}
