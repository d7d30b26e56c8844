import type { DocumentServiceTestAnswer } from '@mp/contract/api/documents';
import { translate } from '@mp/contract/i18n';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { removeFile, storeFile } from '../../platform/files/files.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { type DocumentServiceDeps, documentService } from './document-service/connector.ts';
import { type DocumentService, DocumentServiceError, type ServiceDocument } from './document-service/port.ts';
import {
  selectCachedCopy,
  selectEvictable,
  selectServiceReferences,
  touchCachedCopy,
  upsertCachedCopy,
} from './service-documents.queries.ts';

/*
 * The documents of the document service as the portal serves them (issue #33 point 4, decision 0028): one looked up
 * by its id and put under decision 0009's rule by what its properties name (location, order, invoice, item), and
 * its bytes from the portal's copy while the service's change token has not moved — else read again and kept,
 * within a bound in bytes (the least recently served copies go first).
 */

/** The most bytes the copies of service documents take in the portal's file storage. */
export const DOCUMENT_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/** The document service the settings name now (none when DocumentService_Url is empty). */
export async function documentServiceOf(ctx: Ctx, deps: DocumentServiceDeps): Promise<DocumentService> {
  return documentService(await ctx.settings(), deps);
}

/** A failure of the service as the caller reads it: 503 with the service error's key (never "no documents"). */
export function unavailable(e: unknown): unknown {
  if (e instanceof DocumentServiceError) return new AppError('unavailable', e.code, { params: e.params });
  return e;
}

/** Calls the service; a failure becomes the caller's translated 503. */
export async function fromService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw unavailable(e);
  }
}

export type ServiceDocumentRow = ServiceDocument & {
  located: boolean;
  location_id: string | null;
  item_id: string | null;
};

/** A service document with what decision 0009's rule needs, or null when the service does not know the id. */
export async function loadServiceDocument(
  ctx: Ctx,
  service: DocumentService,
  id: string,
): Promise<ServiceDocumentRow | null> {
  if (service.kind === 'none') return null;
  const doc = await fromService(() => service.document(id));
  if (!doc) return null;
  const refs = await selectServiceReferences(ctx.db, doc);
  return {
    ...doc,
    // about something at a location: only that location's members (a number the portal does not know: admins only)
    located: Boolean(doc.locationNo || doc.orderNo || doc.invoiceNo),
    location_id: refs.locationId,
    item_id: refs.itemId,
  };
}

/**
 * The bytes of a service document: the portal's copy when it was read at the document's current change token, else
 * read from the service and kept (replacing the older copy; the copies beyond the bound removed).
 */
export async function serviceContent(
  ctx: Ctx,
  storage: FileStorage,
  service: DocumentService,
  doc: ServiceDocument,
  maxBytes = DOCUMENT_CACHE_MAX_BYTES,
): Promise<{ bytes: Buffer; fileName: string; contentType: string }> {
  const { db } = ctx;
  if (doc.changeToken) {
    const copy = await selectCachedCopy(db, doc.id);
    if (copy && copy.changeToken === doc.changeToken) {
      const bytes = await storage.get(copy.storageKey);
      if (bytes) {
        await touchCachedCopy(db, doc.id);
        return { bytes, fileName: doc.fileName, contentType: copy.contentType };
      }
    }
  }
  const content = await fromService(() => service.content(doc.id));
  const contentType = doc.contentType || content.contentType;
  if (!doc.changeToken) return { bytes: content.bytes, fileName: doc.fileName, contentType };
  const extension = doc.fileName.includes('.') ? (doc.fileName.split('.').pop() ?? '') : '';
  const file = await storeFile(db, storage, {
    prefix: 'documents/service',
    extension,
    bytes: content.bytes,
    contentType,
    fileName: doc.fileName,
    uploadedBy: null,
    meta: { purpose: 'document-service', objectId: doc.id },
  });
  let previous: string | null;
  try {
    previous = await upsertCachedCopy(db, {
      objectId: doc.id,
      fileId: file.id,
      changeToken: doc.changeToken,
      size: content.bytes.length,
    });
  } catch (e) {
    await removeFile(db, storage, file.id).catch(() => {});
    throw e;
  }
  if (previous) await removeFile(db, storage, previous).catch(() => {});
  for (const fileId of await selectEvictable(db, maxBytes))
    await removeFile(db, storage, fileId).catch(() => {});
  return { bytes: content.bytes, fileName: doc.fileName, contentType };
}

/** How long a test connection may take in all (each call also has its own timeout and retries). */
const TEST_TIMEOUT_MS = 30_000;

/**
 * POST DocumentService/test-connection (decision 0028): admins and holders of BusinessCentral (who keep the
 * connections). Reads the repository and the folder of the project locations with the saved settings and answers
 * each step as a translation key and its text; never the password.
 */
export async function testDocumentService(
  ctx: Ctx,
  docs: DocumentServiceDeps,
): Promise<DocumentServiceTestAnswer> {
  await requireAccess(ctx, { permission: 'area.write', area: 'BusinessCentral' });
  const service = await documentServiceOf(ctx, docs);
  const result = await service.testConnection(AbortSignal.timeout(TEST_TIMEOUT_MS));
  return {
    service: service.kind,
    ok: result.ok,
    steps: result.steps.map((s) => ({ ...s, message: translate(ctx.locale, s.code, s.params) })),
  };
}
