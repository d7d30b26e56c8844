// Payloads of complaints (klachten, issue #13 part 5, docs/decisions/0021-complaints.md): a site user's complaint
// about a location (optionally about an item, plant, order or invoice of it), its conversation with the equipment
// department, its documents, and the department's queue.
import { z } from 'zod';
import { complaintStatuses, complaintTypes } from '../rules/complaints.ts';
import { locationNumber, requireOneOf, urlReference } from './common.ts';

export const complaintStatusSchema = z.enum(complaintStatuses);
export const complaintTypeSchema = z.enum(complaintTypes);
export const complaintAuthorSchema = z.enum(['user', 'department']);

/** Most documents one complaint holds (over it: 422 Klachten.te_veel_documenten). */
export const MAX_COMPLAINT_DOCUMENTS = 20;
/** Most files in one upload. */
export const MAX_COMPLAINT_FILES = 5;
/** Largest file (bytes); the server's MAX_UPLOAD_BYTES caps it further. */
export const MAX_COMPLAINT_FILE_BYTES = 10 * 1024 * 1024;
/** What a complaint document may be, by its content: PDF or a photo. */
export const complaintFileTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];

const reference = z.string().trim().max(50).nullish();
const message = z.string().trim().min(1).max(4000);

/** POST /api/v2.0/Complaints: what the user fills in (the type from the filtered list). */
export const complaintInput = z
  .object({
    plantLocation: locationNumber,
    type: complaintTypeSchema,
    subject: z.string().trim().min(1).max(200),
    /** The first line of the conversation. */
    description: message,
    /** An item (materieelsoort) that has been on the location. */
    itemNo: reference,
    /** A numbered plant that has been on the location. */
    plantNo: reference,
    /** An order of the location. */
    orderNo: reference,
    /** An invoice (or credit memo) of the location. */
    invoiceNo: reference,
  })
  .strict();
export type ComplaintInput = z.infer<typeof complaintInput>;

/** GET /api/v2.0/Complaints: one location's complaints (plantLocation), else those of every location of mine. */
export const complaintListQuery = z
  .object({
    plantLocation: locationNumber.optional(),
    status: complaintStatusSchema.optional(),
    /** Words in the number or subject. */
    query: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type ComplaintListQuery = z.infer<typeof complaintListQuery>;

export const complaintSummary = z.object({
  id: z.string(),
  complaintNo: z.string(),
  type: z.string(),
  subject: z.string(),
  status: complaintStatusSchema,
  locationNo: z.string(),
  locationDescription: z.string(),
  /** Who submitted it. */
  userName: z.string().nullable(),
  createdAt: z.string(),
  /** Submission day + Klacht_VerwachteOplossingsDagen working days. */
  expectedResolutionDate: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  lastMessageAt: z.string(),
  lastAuthor: complaintAuthorSchema.nullable(),
  lineCount: z.number().int(),
  documentCount: z.number().int(),
});
export type ComplaintSummary = z.infer<typeof complaintSummary>;

export const complaintList = z.object({
  items: z.array(complaintSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ComplaintList = z.infer<typeof complaintList>;

export const complaintLine = z.object({
  id: z.string(),
  author: complaintAuthorSchema,
  /** The user's name; for the department the portal's name for it (Materieeldienst). */
  authorName: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});

export const complaintDocument = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  author: complaintAuthorSchema,
  createdAt: z.string(),
  /** GET: the bytes, with the complaint's access. */
  url: urlReference,
});
export type ComplaintDocument = z.infer<typeof complaintDocument>;

export const complaintDetail = complaintSummary.extend({
  item: z.object({ itemNo: z.string(), description: z.string() }).nullable(),
  plant: z.object({ plantNo: z.string() }).nullable(),
  order: z.object({ id: z.string(), orderNo: z.string(), kind: z.string() }).nullable(),
  invoice: z.object({ id: z.string(), invoiceNo: z.string() }).nullable(),
  lines: z.array(complaintLine),
  documents: z.array(complaintDocument),
  /** Whether the caller may add a line or documents now (their location, not read-only, not closed). */
  mayAdd: z.boolean(),
});
export type ComplaintDetail = z.infer<typeof complaintDetail>;

/** POST /api/v2.0/Complaints/{id}/lines: the user's reply. */
export const complaintLineInput = z.object({ message }).strict();
export type ComplaintLineInput = z.infer<typeof complaintLineInput>;

export const complaintDocuments = z.object({ documents: z.array(complaintDocument) });

/** GET /api/v2.0/Complaints/options?plantLocation=: what the form offers for this location. */
export const complaintOptionsQuery = z.object({ plantLocation: locationNumber }).strict();
export const complaintOptions = z.object({
  /** The types of Klacht_TypeFilter (all when empty). */
  types: z.array(complaintTypeSchema),
  /** Klacht_VerwachteOplossingsDagen: working days until the expected resolution. */
  expectedDays: z.number().int(),
  items: z.array(z.object({ itemNo: z.string(), description: z.string() })),
  plants: z.array(z.object({ plantNo: z.string(), itemNo: z.string() })),
  orders: z.array(z.object({ orderNo: z.string(), kind: z.string(), date: z.string() })),
  invoices: z.array(z.object({ invoiceNo: z.string(), date: z.string() })),
});
export type ComplaintOptions = z.infer<typeof complaintOptions>;

// ── the equipment department ─────────────────────────────────────────────────────────────────────

/** GET /api/v2.0/Department/complaints: every customer's complaints, open ones first, oldest first. */
export const complaintQueueQuery = z
  .object({
    status: complaintStatusSchema.optional(),
    /** Words in the number, subject, location number or customer name. */
    query: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type ComplaintQueueQuery = z.infer<typeof complaintQueueQuery>;

export const complaintQueueItem = complaintSummary.extend({
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
});
export const complaintQueue = z.object({
  items: z.array(complaintQueueItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  counts: z.object({
    open: z.number().int(),
    in_progress: z.number().int(),
    resolved: z.number().int(),
    closed: z.number().int(),
  }),
});
export type ComplaintQueue = z.infer<typeof complaintQueue>;

export const departmentComplaint = complaintDetail.extend({
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  userEmail: z.string().nullable(),
});
export type DepartmentComplaint = z.infer<typeof departmentComplaint>;

/** POST /api/v2.0/Department/complaints/{id}/answer: a message to the user, a new status, or both. */
// why: requireOneOf, so the API document says what the server checks (one of the two; conformance sweep)
export const complaintAnswerInput = requireOneOf(
  z
    .object({
      message: z.string().trim().min(1).max(4000).optional(),
      status: complaintStatusSchema.optional(),
    })
    .strict(),
  ['message', 'status'],
);
export type ComplaintAnswerInput = z.infer<typeof complaintAnswerInput>;
