// Payloads of the location documents page (/locatie-documenten, issue #13 part 4, decision 0020): the documents
// filed under one location (site documents, delivery and removal notes, invoices …) by category, filtered by name.
import { z } from 'zod';
import { urlReference } from './common.ts';

/** Page sizes of a document list (product §9: 50, 100, 250). */
export const documentPageSizes = [50, 100, 250] as const;

/** GET /api/v2.0/PlantLocations/{plantLocation}/documents. */

export const locationDocumentsQuery = z
  .object({
    /** Words in the document's title or file name (each word must occur; case and accents as typed). */
    query: z.string().trim().max(100).optional(),
    /** One category (as `categories[].category` names it); absent: every category. */
    category: z.string().trim().min(1).max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(250).default(250),
  })
  .strict();
export type LocationDocumentsQuery = z.infer<typeof locationDocumentsQuery>;

/** One document: what it is, its file, and where its file is (fetched with the user's token). */
export const locationDocument = z.object({
  /** The documentSystemId (GET Documents/{documentSystemId}). */
  id: z.string(),
  title: z.string(),
  category: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** The document's date, else the day it was filed (YYYY-MM-DD). */
  date: z.string().nullable(),
  /** GET Documents/{documentSystemId}/content. */
  url: urlReference,
});
export type LocationDocument = z.infer<typeof locationDocument>;

export const locationDocumentList = z.object({
  locationNo: z.string(),
  /** Every category the location has documents in (under the name filter, not the category filter), in order. */
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
  /** By category (in `categories` order), then newest first, then by title. */
  items: z.array(locationDocument),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type LocationDocumentList = z.infer<typeof locationDocumentList>;

/**
 * POST DocumentService/test-connection (decision 0028): how far the portal got with the document service — the
 * configuration, the repository, the folder of the project locations. Each `code` a translation key
 * (documentdienst.*), `message` its text in the caller's language. Never the password.
 */
export const documentServiceTest = z.object({
  service: z.enum(['none', 'cmis']),
  ok: z.boolean(),
  steps: z.array(
    z.object({
      step: z.enum(['configuration', 'repository', 'folder']),
      ok: z.boolean(),
      code: z.string(),
      message: z.string(),
      params: z.record(z.string(), z.string()).optional(),
    }),
  ),
});
export type DocumentServiceTestAnswer = z.infer<typeof documentServiceTest>;
