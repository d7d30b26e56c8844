/*
 * The document service's port (issue #33 point 4, decision 0028): what the portal reads from a document-management
 * web service, in the portal's words. Two adapters, chosen by the settings: `none` (DocumentService_Url empty: the
 * portal's own files, as before) and `cmis` (the OASIS CMIS 1.1 Browser Binding; docs/erp/document-service.md).
 */

/** A document in the service, mapped to the portal's fields (docs/erp/document-service.md §2). */
export interface ServiceDocument {
  /** The service's object id (cmis:objectId): the portal's documentSystemId of it. */
  id: string;
  title: string;
  category: string;
  fileName: string;
  contentType: string;
  size: number;
  /** YYYY-MM-DD: mp:documentDate, else the day it was last modified. */
  date: string | null;
  /** Moves whenever the document changes (cmis:changeToken): what the portal's cached copy is checked against. */
  changeToken: string | null;
  /** What the document is about, for the access rule of decision 0009. */
  locationNo: string | null;
  orderNo: string | null;
  invoiceNo: string | null;
  itemNo: string | null;
}

export interface ServiceContent {
  bytes: Buffer;
  contentType: string;
  /** The answer's ETag, else the change token it was read at. */
  etag: string | null;
}

export interface DocumentServiceTestStep {
  step: 'configuration' | 'repository' | 'folder';
  ok: boolean;
  code: string;
  params?: Record<string, string>;
}

export interface DocumentService {
  kind: 'none' | 'cmis';
  /** The documents filed for a project location (every page; at most MAX_LISTED). */
  locationDocuments(locationNo: string, signal?: AbortSignal): Promise<ServiceDocument[]>;
  /** One document by its id; null when the service does not know it (or it is not a document). */
  document(id: string, signal?: AbortSignal): Promise<ServiceDocument | null>;
  /** A document's bytes. */
  content(id: string, signal?: AbortSignal): Promise<ServiceContent>;
  /** Configuration, the repository, and the folder of the project locations. */
  testConnection(signal?: AbortSignal): Promise<{ ok: boolean; steps: DocumentServiceTestStep[] }>;
}

/** The most documents one location's list reads from the service. */
export const MAX_LISTED = 5000;

export type DocumentServiceErrorKind =
  | 'configuration'
  | 'auth'
  | 'refused'
  | 'not_found'
  | 'throttled'
  | 'unavailable'
  | 'network'
  | 'timeout';

/**
 * What can go wrong talking to the document service, as one typed error whose code is a translation key
 * (documentdienst.fout.<kind>) with its values: the HTTP status and the service's exception name only — never a
 * body, a header, the user or the password.
 */
export class DocumentServiceError extends Error {
  readonly kind: DocumentServiceErrorKind;
  readonly code: string;
  readonly params: Record<string, string>;
  readonly status: number | null;
  readonly retryAfterSeconds: number | null;
  constructor(
    kind: DocumentServiceErrorKind,
    options: {
      status?: number | null;
      params?: Record<string, string>;
      retryAfterSeconds?: number | null;
    } = {},
  ) {
    const status = options.status ?? null;
    super(`documentdienst.fout.${kind}${status ? ` ${status}` : ''}`);
    this.name = 'DocumentServiceError';
    this.kind = kind;
    this.code = `documentdienst.fout.${kind}`;
    this.status = status;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.params = { ...(status ? { status: String(status) } : {}), ...options.params };
  }
}
