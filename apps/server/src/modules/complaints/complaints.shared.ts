import type { ComplaintDetail, ComplaintDocument, ComplaintSummary } from '@mp/contract/api/complaints';
import { translate } from '@mp/contract/i18n';
import { userMayAdd } from '@mp/contract/rules/complaints';
import { AppError, type FieldProblems, fieldErrors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { itemsById } from '../catalogue/index.ts';
import { type ComplaintRow, type DocumentRow, selectDocuments, selectLines } from './complaints.queries.ts';

// What the complaint services share (docs/decisions/0021-complaints.md): the answer shapes and the rule that a
// closed complaint takes nothing more. Access to one complaint is requireAccess `complaint.read` / `.write`
// (platform/auth/resolvers/resources.ts), in the order complaints.service.ts describes.

export type Key = { id?: string; complaintNo?: string };

export const notFound = (id: string) => new AppError('not_found', 'error.niet_gevonden', { details: { id } });
export const iso = (d: Date | string | null): string | null =>
  d === null ? null : new Date(d).toISOString();

export const invalidFields = (fields: FieldProblems) =>
  fieldErrors('invalid', 'error.ongeldige_invoer', fields);

export function toSummary(r: ComplaintRow): ComplaintSummary {
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

export function toDocument(d: DocumentRow, complaintId: string, department: boolean): ComplaintDocument {
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

export async function detailOf(
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

/** A complaint the caller adds to (a line, documents) must not be closed: 409 Klachten.gesloten. */
export function refuseClosed(row: ComplaintRow): void {
  if (!userMayAdd(row.status))
    throw new AppError('conflict', 'Klachten.gesloten', { details: { currentStatus: row.status } });
}
