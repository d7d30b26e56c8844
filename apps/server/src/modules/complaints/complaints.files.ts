import { type ComplaintDocument, MAX_COMPLAINT_DOCUMENTS } from '@mp/contract/api/complaints';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { storeFile } from '../../platform/files/files.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { extensionOf, reencodeImage, type UploadedFile } from '../../platform/files/uploads.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { getQueueComplaint } from './complaints.department.ts';
import {
  type ComplaintRow,
  insertDocument,
  selectComplaint,
  selectDocuments,
  touchComplaint,
} from './complaints.queries.ts';
import { getComplaint } from './complaints.service.ts';
import { invalidFields, type Key, notFound, refuseClosed } from './complaints.shared.ts';

// The documents of a complaint (decision 0021): photos and PDFs from the user while it is not closed, from the
// department always; read under the complaint's read access.

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
  const { row } = await requireAccess(ctx, {
    permission: 'complaint.write',
    load: () => selectComplaint(ctx.db, key),
    notFound: () => notFound(key.id ?? key.complaintNo ?? ''),
  });
  refuseClosed(row);
  const user = requireUser(ctx);
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
  const { row } = await requireAccess(ctx, {
    permission: 'complaint.read',
    department: asDepartment,
    load: () => selectComplaint(ctx.db, { id }),
    notFound: () => notFound(id),
  });
  const [doc] = /^[0-9a-f-]{36}$/i.test(documentId) ? await selectDocuments(ctx.db, row.id, documentId) : [];
  const bytes = doc ? await storage.get(doc.storageKey) : null;
  if (!doc || !bytes) throw notFound(documentId);
  return { bytes, contentType: doc.contentType, fileName: doc.fileName };
}

/** POST Department/complaints/{id}/documents (201): the department's photos and PDFs (also on a closed one). */
export async function addDepartmentDocuments(
  ctx: Ctx,
  storage: FileStorage,
  id: string,
  files: UploadedFile[],
): Promise<{ documents: ComplaintDocument[] }> {
  const { row } = await requireAccess(ctx, {
    permission: 'complaint.write',
    department: true,
    load: () => selectComplaint(ctx.db, { id }),
    notFound: () => notFound(id),
  });
  const user = requireUser(ctx);
  await storeDocuments(ctx, storage, row, files, user.id);
  return { documents: (await getQueueComplaint(ctx, id)).documents };
}
