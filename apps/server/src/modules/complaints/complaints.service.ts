import {
  type ComplaintAnswerInput,
  type ComplaintDetail,
  type ComplaintDocument,
  type ComplaintInput,
  type ComplaintList,
  type ComplaintListQuery,
  type ComplaintOptions,
  type ComplaintQueue,
  type ComplaintQueueQuery,
  type ComplaintSummary,
  type DepartmentComplaint,
  MAX_COMPLAINT_DOCUMENTS,
} from '@mp/contract/api/complaints';
import { translate } from '@mp/contract/i18n';
import { hasRole } from '@mp/contract/permissions';
import {
  addWorkingDays,
  allowedComplaintTypes,
  statusAfterUserLine,
  userMayAdd,
} from '@mp/contract/rules/complaints';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import {
  accessibleLocationIds,
  hasArea,
  requireArea,
  requireLocation,
  requireLocationById,
} from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, type FieldProblems, fieldErrors } from '../../platform/errors.ts';
import { storeFile } from '../../platform/files/files.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { extensionOf, reencodeImage, type UploadedFile } from '../../platform/files/uploads.ts';
import { type Ctx, requireDepartment, requireUser } from '../../platform/http/context.ts';
import { type IdempotentAnswer, onTx, withIdempotency } from '../../platform/http/idempotency.ts';
import { itemsById } from '../catalogue/index.ts';
import { type MailDeps, queueDepartmentMail, queueUserMail } from './complaints.mail.ts';
import {
  type Author,
  type ComplaintRow,
  type DocumentRow,
  insertComplaint,
  insertDocument,
  insertLine,
  selectComplaint,
  selectComplaints,
  selectDocuments,
  selectLines,
  selectLocationOfCustomer,
  selectLocationReferences,
  selectReference,
  touchComplaint,
  updateStatus,
} from './complaints.queries.ts';

/*
 * Complaints (klachten, issue #13 part 5, docs/decisions/0021-complaints.md). A site user submits a complaint about
 * one of their locations and talks with the equipment department in its lines; management (the named role) reads
 * every complaint of its own customer; the department answers and moves the status from its queue.
 *
 * Access, in this order on every call about one complaint: the complaint's location must be the caller's (or the
 * caller management of that location's customer) — otherwise 404 as for an unknown complaint —, then the
 * functional area AppKlachten (403). Writing (a line, documents) needs the location with write access (the
 * read-only role `administration` gets 403) and a complaint that is not closed (409 Klachten.gesloten).
 */

export type { MailDeps };

type Key = { id?: string; complaintNo?: string };

const notFound = (id: string) => new AppError('not_found', 'error.niet_gevonden', { details: { id } });
const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

const invalidFields = (fields: FieldProblems) => fieldErrors('invalid', 'error.ongeldige_invoer', fields);

function toSummary(r: ComplaintRow): ComplaintSummary {
  return {
    id: r.id,
    complaintNo: r.complaintNo,
    type: r.type,
    subject: r.subject,
    status: r.status,
    locationNo: r.locationNo,
    locationDescription: r.locationDescription,
    userName: r.userName,
    createdAt: iso(r.createdAt) as string,
    expectedResolutionDate: r.expectedResolutionDate,
    resolvedAt: iso(r.resolvedAt),
    lastMessageAt: iso(r.lastMessageAt) as string,
    lastAuthor: r.lastAuthor,
    lineCount: r.lineCount,
    documentCount: r.documentCount,
  };
}

const documentUrl = (complaintId: string, documentId: string, department: boolean) =>
  department
    ? `/api/v2.0/Department/complaints/${complaintId}/documents/${documentId}`
    : `/api/v2.0/Complaints/${complaintId}/documents/${documentId}`;

function toDocument(d: DocumentRow, complaintId: string, department: boolean): ComplaintDocument {
  return {
    id: d.id,
    fileName: d.fileName,
    contentType: d.contentType,
    size: d.size,
    author: d.author,
    createdAt: iso(d.createdAt) as string,
    url: documentUrl(complaintId, d.id, department),
  };
}

async function detailOf(
  ctx: Ctx,
  row: ComplaintRow,
  mayAdd: boolean,
  department = false,
): Promise<ComplaintDetail> {
  // one after another: on a transaction (the submit) the statements share one connection
  const lines = await selectLines(ctx.db, row.id);
  const documents = await selectDocuments(ctx.db, row.id);
  const items = row.itemId ? await itemsById(ctx.db, ctx.locale, [row.itemId]) : new Map();
  const department_ = translate(ctx.locale, 'Klachten.materieeldienst');
  return {
    ...toSummary(row),
    item:
      row.itemId && row.itemNo
        ? { itemNo: row.itemNo, description: items.get(row.itemId)?.description ?? row.itemNo }
        : null,
    plant: row.plantNo ? { plantNo: row.plantNo } : null,
    order:
      row.orderId && row.orderNo
        ? { id: row.orderId, orderNo: row.orderNo, kind: row.orderKind ?? '' }
        : null,
    invoice: row.invoiceId && row.invoiceNo ? { id: row.invoiceId, invoiceNo: row.invoiceNo } : null,
    lines: lines.map((l) => ({
      id: l.id,
      author: l.author,
      // the department speaks as the department; a site user by name
      authorName: l.author === 'department' ? department_ : l.authorName,
      message: l.message,
      createdAt: iso(l.createdAt) as string,
    })),
    documents: documents.map((d) => toDocument(d, row.id, department)),
    mayAdd,
  };
}

// ── access ──────────────────────────────────────────────────────────────────────────────────────

/** Whether the caller holds the management role for this customer (an admin: for every customer). */
function managesCustomer(ctx: Ctx, customerId: string): boolean {
  const user = requireUser(ctx);
  if (!hasRole({ user }, 'management')) return false;
  return user.role === 'admin' || (user.customerId !== null && user.customerId === customerId);
}

/** The complaint when the caller may read it: its location first (else 404), then the area (403). */
async function readable(ctx: Ctx, key: Key): Promise<ComplaintRow> {
  requireUser(ctx);
  const row = await selectComplaint(ctx.db, key);
  if (!row) throw notFound(key.id ?? key.complaintNo ?? '');
  try {
    await requireLocationById(ctx, row.locationId, 'read', { allowDeregistered: true });
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 404 || !managesCustomer(ctx, row.customerId))
      throw e instanceof AppError && e.status === 404 ? notFound(key.id ?? key.complaintNo ?? '') : e;
  }
  await requireArea(ctx, 'AppKlachten', 'read');
  return row;
}

/** Whether the caller may write on the complaint's location (a member with role user, or an admin). */
async function mayWrite(ctx: Ctx, row: ComplaintRow): Promise<boolean> {
  if (!(await hasArea(ctx, 'AppKlachten', 'write'))) return false;
  try {
    await requireLocationById(ctx, row.locationId, 'write', { allowDeregistered: true });
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

/** The complaint when the caller may add to it: readable, writable location (403), not closed (409). */
async function writable(ctx: Ctx, key: Key, db: Db = ctx.db): Promise<ComplaintRow> {
  const row = await readable({ ...ctx, db }, key);
  await requireArea(ctx, 'AppKlachten', 'write');
  try {
    await requireLocationById({ ...ctx, db }, row.locationId, 'write', { allowDeregistered: true });
  } catch (e) {
    // management reads a location it is no member of; it does not write there
    if (e instanceof AppError && e.status === 404) throw new AppError('forbidden', 'error.geen_toegang');
    throw e;
  }
  if (!userMayAdd(row.status))
    throw new AppError('conflict', 'Klachten.gesloten', { details: { currentStatus: row.status } });
  return row;
}

// ── the user's side ─────────────────────────────────────────────────────────────────────────────

/** GET Complaints: one location's complaints (plantLocation), else those of every location of the caller. */
export async function listComplaints(ctx: Ctx, q: ComplaintListQuery): Promise<ComplaintList> {
  requireUser(ctx);
  let locationIds: readonly string[] | 'all';
  if (q.plantLocation) {
    const location = await requireLocation(ctx, q.plantLocation, 'read', { allowDeregistered: true });
    locationIds = [location.locationId];
  } else locationIds = await accessibleLocationIds(ctx, 'read');
  await requireArea(ctx, 'AppKlachten', 'read');
  const { rows, total } = await selectComplaints(ctx.db, { ...q, locationIds });
  return { items: rows.map(toSummary), page: q.page, pageSize: q.pageSize, total };
}

/** GET Complaints/management: every complaint of the caller's customer (named role management; else 403). */
export async function listManagementComplaints(ctx: Ctx, q: ComplaintListQuery): Promise<ComplaintList> {
  const user = requireUser(ctx);
  if (!hasRole({ user }, 'management')) throw new AppError('forbidden', 'error.geen_toegang');
  await requireArea(ctx, 'AppKlachten', 'read');
  if (user.role !== 'admin' && !user.customerId)
    return { items: [], page: q.page, pageSize: q.pageSize, total: 0 };
  let locationIds: readonly string[] | undefined;
  if (q.plantLocation) {
    // a filter on one location of the customer; another customer's location is unknown (404)
    const found = await selectLocationOfCustomer(ctx.db, q.plantLocation);
    if (!found || (user.role !== 'admin' && found.customerId !== user.customerId))
      throw new AppError('not_found', 'error.locatie_onbekend');
    locationIds = [found.id];
  }
  const { rows, total } = await selectComplaints(ctx.db, {
    ...q,
    locationIds,
    customerId: user.role === 'admin' ? undefined : (user.customerId ?? undefined),
  });
  return { items: rows.map(toSummary), page: q.page, pageSize: q.pageSize, total };
}

/** GET Complaints/{id}: status, expected date, the conversation and the documents. */
export async function getComplaint(ctx: Ctx, key: Key): Promise<ComplaintDetail> {
  const row = await readable(ctx, key);
  return detailOf(ctx, row, userMayAdd(row.status) && (await mayWrite(ctx, row)));
}

/** GET Complaints/options: the types (Klacht_TypeFilter) and what of the location a complaint may be about. */
export async function complaintOptions(ctx: Ctx, locationNo: string): Promise<ComplaintOptions> {
  const location = await requireLocation(ctx, locationNo, 'read', { allowDeregistered: true });
  await requireArea(ctx, 'AppKlachten', 'read');
  const s = await ctx.settings();
  const refs = await selectLocationReferences(ctx.db, location.locationId);
  const items = await itemsById(
    ctx.db,
    ctx.locale,
    refs.items.map((i) => i.id),
  );
  return {
    types: allowedComplaintTypes(s.Klacht_TypeFilter),
    expectedDays: s.Klacht_VerwachteOplossingsDagen,
    items: refs.items.map((i) => ({
      itemNo: i.itemNo,
      description: items.get(i.id)?.description ?? i.itemNo,
    })),
    plants: refs.plants.map((p) => ({ plantNo: p.plantNo, itemNo: p.itemNo })),
    orders: refs.orders.map((o) => ({ orderNo: o.orderNo, kind: o.kind, date: o.date })),
    invoices: refs.invoices.map((i) => ({ invoiceNo: i.invoiceNo, date: i.date })),
  };
}

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * POST Complaints (201): the complaint with its description as the first line, its expected resolution date
 * (today + Klacht_VerwachteOplossingsDagen working days) and a mail to the department, in one transaction behind the
 * Idempotency-Key. Each reference must belong to the location, else a field error (Klachten.validatie.*).
 */
export async function createComplaint(
  ctx: Ctx,
  mail: MailDeps,
  input: ComplaintInput,
  key: string | null,
): Promise<IdempotentAnswer<ComplaintDetail>> {
  const user = requireUser(ctx);
  const location = await requireLocation(ctx, input.plantLocation, 'write');
  await requireArea(ctx, 'AppKlachten', 'write');
  const s = await ctx.settings();
  const problems: Record<string, string> = {};
  if (!allowedComplaintTypes(s.Klacht_TypeFilter).includes(input.type))
    problems.type = 'validation.onbekende_waarde';
  const refs: Record<'item' | 'plant' | 'order' | 'invoice', { id: string; itemId?: string } | null> = {
    item: null,
    plant: null,
    order: null,
    invoice: null,
  };
  for (const [kind, field] of [
    ['item', 'itemNo'],
    ['plant', 'plantNo'],
    ['order', 'orderNo'],
    ['invoice', 'invoiceNo'],
  ] as const) {
    const no = input[field]?.trim();
    if (!no) continue;
    refs[kind] = await selectReference(ctx.db, location.locationId, kind, no);
    if (!refs[kind]) problems[field] = 'Klachten.validatie.niet_van_locatie';
  }
  if (Object.keys(problems).length) throw invalidFields(problems);

  const subject = oneLine(input.subject);
  const work = async (tx: Db): Promise<{ status: number; body: ComplaintDetail }> => {
    const id = await insertComplaint(tx, {
      locationId: location.locationId,
      userId: user.id,
      // a plant names its item too
      itemId: refs.item?.id ?? refs.plant?.itemId ?? null,
      plantId: refs.plant?.id ?? null,
      orderId: refs.order?.id ?? null,
      invoiceId: refs.invoice?.id ?? null,
      type: input.type,
      subject,
      expectedResolutionDate: addWorkingDays(calendarDayIn(ctx.now), s.Klacht_VerwachteOplossingsDagen),
      idempotencyKey: key,
      now: ctx.now,
    });
    await insertLine(tx, {
      complaintId: id,
      author: 'user',
      userId: user.id,
      message: input.description,
      now: ctx.now,
    });
    const row = (await selectComplaint(tx, { id })) as ComplaintRow;
    await queueDepartmentMail(tx, mail, s, 'Nieuw', row, input.description);
    return { status: 201, body: await detailOf(onTx(ctx, tx as never), row, true) };
  };
  if (key === null)
    return ctx.db.transaction(async (tx) => ({ ...(await work(tx as unknown as Db)), replayed: false }));
  return withIdempotency(ctx, { key, scope: `complaint:${location.locationId}`, body: input }, (tx) =>
    work(tx as unknown as Db),
  );
}

/** POST Complaints/{id}/lines (201): the user's reply; a resolved complaint is taken up again; the department is mailed. */
export async function addUserLine(
  ctx: Ctx,
  mail: MailDeps,
  key: Key,
  message: string,
): Promise<ComplaintDetail> {
  const user = requireUser(ctx);
  const s = await ctx.settings();
  const id = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const found = await selectComplaint(db, key, true);
    if (!found) throw notFound(key.id ?? key.complaintNo ?? '');
    const row = await writable(ctx, { id: found.id }, db);
    await insertLine(db, { complaintId: row.id, author: 'user', userId: user.id, message, now: ctx.now });
    const next = statusAfterUserLine(row.status);
    if (next !== row.status) await updateStatus(db, row.id, next, ctx.now);
    else await touchComplaint(db, row.id, ctx.now);
    const after = (await selectComplaint(db, { id: row.id })) as ComplaintRow;
    await queueDepartmentMail(db, mail, s, 'Reactie', after, message);
    return row.id;
  });
  return getComplaint(ctx, { id });
}

/** Photos are re-encoded (metadata such as GPS dropped); PDFs are kept as they are. */
async function prepared(file: UploadedFile) {
  if (file.kind === 'pdf')
    return { bytes: file.bytes, contentType: file.contentType, extension: 'pdf', meta: {} };
  const image = await reencodeImage(file.bytes, { maxDimension: 2400 });
  return {
    bytes: image.bytes,
    contentType: image.contentType,
    extension: extensionOf[image.kind],
    meta: { width: image.width, height: image.height },
  };
}

/**
 * Stores the uploaded files on the complaint: every file checked and re-encoded first (one bad file: nothing is
 * stored), then bytes and rows together; a failing row removes the bytes again.
 */
async function storeDocuments(
  ctx: Ctx,
  storage: FileStorage,
  row: ComplaintRow,
  files: UploadedFile[],
  userId: string,
): Promise<void> {
  if (files.length === 0) throw invalidFields({ file: 'validation.verplicht' });
  if (row.documentCount + files.length > MAX_COMPLAINT_DOCUMENTS)
    throw new AppError('rule', 'Klachten.te_veel_documenten', {
      params: { max: MAX_COMPLAINT_DOCUMENTS },
      details: { max: MAX_COMPLAINT_DOCUMENTS, current: row.documentCount },
    });
  const ready = await Promise.all(files.map(prepared));
  const stored: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      for (const [i, f] of ready.entries()) {
        const file = await storeFile(tx as unknown as Db, storage, {
          prefix: 'complaints',
          extension: f.extension,
          bytes: f.bytes,
          contentType: f.contentType,
          fileName: files[i].displayName,
          uploadedBy: userId,
          meta: { ...f.meta, purpose: 'complaint' },
        });
        stored.push(file.storageKey);
        await insertDocument(tx as unknown as Db, { complaintId: row.id, fileId: file.id, userId });
      }
      await touchComplaint(tx as unknown as Db, row.id, ctx.now);
    });
  } catch (e) {
    await Promise.all(stored.map((k) => storage.delete(k).catch(() => {})));
    throw e;
  }
}

/** POST Complaints/{id}/documents (201): photos and PDFs from the user, while the complaint is not closed. */
export async function addUserDocuments(
  ctx: Ctx,
  storage: FileStorage,
  key: Key,
  files: UploadedFile[],
): Promise<{ documents: ComplaintDocument[] }> {
  const user = requireUser(ctx);
  const row = await writable(ctx, key);
  await storeDocuments(ctx, storage, row, files, user.id);
  return { documents: (await getComplaint(ctx, { id: row.id })).documents };
}

/** The bytes of one document, under the complaint's read access (the department: always). */
export async function readDocument(
  ctx: Ctx,
  storage: FileStorage,
  id: string,
  documentId: string,
  asDepartment = false,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  let row: ComplaintRow | null;
  if (asDepartment) {
    requireDepartment(ctx);
    row = await selectComplaint(ctx.db, { id });
  } else row = await readable(ctx, { id });
  if (!row) throw notFound(id);
  const [doc] = /^[0-9a-f-]{36}$/i.test(documentId) ? await selectDocuments(ctx.db, row.id, documentId) : [];
  const bytes = doc ? await storage.get(doc.storageKey) : null;
  if (!doc || !bytes) throw notFound(documentId);
  return { bytes, contentType: doc.contentType, fileName: doc.fileName };
}

// ── the department's side ───────────────────────────────────────────────────────────────────────

/** GET Department/complaints: every customer's complaints, open first, oldest first; counts per status. */
export async function listQueue(ctx: Ctx, q: ComplaintQueueQuery): Promise<ComplaintQueue> {
  requireDepartment(ctx);
  const { rows, total, counts } = await selectComplaints(ctx.db, {
    ...q,
    locationIds: 'all',
    queueOrder: true,
  });
  return {
    items: rows.map((r) => ({ ...toSummary(r), customerNo: r.customerNo, customerName: r.customerName })),
    page: q.page,
    pageSize: q.pageSize,
    total,
    counts,
  };
}

async function departmentDetail(ctx: Ctx, row: ComplaintRow): Promise<DepartmentComplaint> {
  return {
    ...(await detailOf(ctx, row, true, true)),
    customerNo: row.customerNo,
    customerName: row.customerName,
    userEmail: row.userEmail,
  };
}

/** GET Department/complaints/{id}. */
export async function getQueueComplaint(ctx: Ctx, id: string): Promise<DepartmentComplaint> {
  requireDepartment(ctx);
  const row = await selectComplaint(ctx.db, { id });
  if (!row) throw notFound(id);
  return departmentDetail(ctx, row);
}

/**
 * POST Department/complaints/{id}/answer: a line from the department and / or a new status (any other one: the
 * department also reopens), then a mail to the user who submitted it, on the same transaction.
 */
export async function answerComplaint(
  ctx: Ctx,
  mail: MailDeps,
  id: string,
  input: ComplaintAnswerInput,
): Promise<DepartmentComplaint> {
  const user = requireDepartment(ctx);
  const s = await ctx.settings();
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await selectComplaint(db, { id }, true);
    if (!row) throw notFound(id);
    const message = input.message?.trim() ?? '';
    const status = input.status && input.status !== row.status ? input.status : null;
    if (!message && !status) throw invalidFields({ status: 'Klachten.validatie.status_ongewijzigd' });
    if (message)
      await insertLine(db, { complaintId: id, author: 'department', userId: user.id, message, now: ctx.now });
    if (status) await updateStatus(db, id, status, ctx.now);
    else await touchComplaint(db, id, ctx.now);
    const after = (await selectComplaint(db, { id })) as ComplaintRow;
    await queueUserMail(db, mail, s, after, message);
  });
  return getQueueComplaint(ctx, id);
}

/** POST Department/complaints/{id}/documents (201): the department's photos and PDFs (also on a closed one). */
export async function addDepartmentDocuments(
  ctx: Ctx,
  storage: FileStorage,
  id: string,
  files: UploadedFile[],
): Promise<{ documents: ComplaintDocument[] }> {
  const user = requireDepartment(ctx);
  const row = await selectComplaint(ctx.db, { id });
  if (!row) throw notFound(id);
  await storeDocuments(ctx, storage, row, files, user.id);
  return { documents: (await getQueueComplaint(ctx, id)).documents };
}

export type { Author };
