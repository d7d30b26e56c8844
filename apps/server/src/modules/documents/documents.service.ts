import { requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { DocumentServiceDeps } from './document-service/connector.ts';
import type { DocumentService } from './document-service/port.ts';
import { type DocumentRow, selectDocument } from './documents.queries.ts';
import {
  documentServiceOf,
  loadServiceDocument,
  type ServiceDocumentRow,
  serviceContent,
} from './service-documents.ts';

export interface DocumentInfo {
  documentSystemId: string;
  category: string;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  documentDate: string | null;
  url: string;
}

// Unknown and not-yours answer alike: the existence of someone else's document is not told.
const notFound = () => new AppError('not_found', 'error.niet_gevonden');

const contentUrl = (id: string) => `/api/v2.0/Documents/${encodeURIComponent(id)}/content`;

/**
 * The portal's own document with this id, else — with a document service configured (decision 0028) — the
 * service's, under the same rule: what its properties name decides who may read it.
 */
async function readable(
  ctx: Ctx,
  documentSystemId: string,
  docs: DocumentServiceDeps,
): Promise<{ own: DocumentRow } | { service: ServiceDocumentRow; via: DocumentService }> {
  const own = await selectDocument(ctx.db, documentSystemId);
  if (own)
    return {
      own: await requireAccess(ctx, { permission: 'document.read', load: async () => own, notFound }),
    };
  const via = await documentServiceOf(ctx, docs);
  const service = await requireAccess(ctx, {
    permission: 'document.read',
    load: () => loadServiceDocument(ctx, via, documentSystemId),
    notFound,
  });
  return { service, via };
}

/** GET Documents/{documentSystemId}: what the document is. */
export async function documentInfo(
  ctx: Ctx,
  documentSystemId: string,
  docs: DocumentServiceDeps = {},
): Promise<DocumentInfo> {
  const found = await readable(ctx, documentSystemId, docs);
  if ('service' in found) {
    const d = found.service;
    return {
      documentSystemId: d.id,
      category: d.category,
      title: d.title,
      fileName: d.fileName,
      contentType: d.contentType,
      size: d.size,
      documentDate: d.date,
      url: contentUrl(d.id),
    };
  }
  const doc = found.own;
  return {
    documentSystemId: doc.document_system_id,
    category: doc.category,
    title: doc.title,
    fileName: doc.file_name,
    contentType: doc.content_type,
    size: doc.size,
    documentDate: doc.document_date,
    url: contentUrl(doc.document_system_id),
  };
}

/** GET Documents/{documentSystemId}/content: the file. */
export async function documentContent(
  ctx: Ctx,
  storage: FileStorage,
  documentSystemId: string,
  docs: DocumentServiceDeps = {},
): Promise<{ bytes: Buffer; fileName: string; contentType: string }> {
  const found = await readable(ctx, documentSystemId, docs);
  if ('service' in found) return serviceContent(ctx, storage, found.via, found.service);
  const doc = found.own;
  const bytes = await storage.get(doc.storage_key);
  if (!bytes) throw notFound();
  return { bytes, fileName: doc.file_name, contentType: doc.content_type };
}
