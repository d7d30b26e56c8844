// Payloads of user management (issue #14 parts 5–7, docs/decisions/0023-users-and-locations.md): the list with
// its pending-approval filter, create (with an invitation mail), edit, delete, the ERP sync and the import.
import { z } from 'zod';
import { locales } from '../i18n/index.ts';
import { extraPermissions, locationRoles } from '../permissions.ts';
import { locationNumber } from './common.ts';
import { entitySyncResult } from './erp-sync.ts';

export const userKindSchema = z.enum(['internal', 'external']);
export const userSorts = ['name', 'email', 'customer', 'lastLogin', 'created'] as const;

/** Query-string booleans: 'true'/'false' (and 1/0), as the old clients send them. */
export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** GET /api/v2.0/Users */
export const userListQuery = z
  .object({
    /** Words in the name, e-mail or customer. */
    query: z.string().trim().max(100).optional(),
    /** Only self-registered accounts that wait for approval. */
    pending: queryBool.optional(),
    sort: z.enum(userSorts).default('name'),
    direction: z.enum(['asc', 'desc']).default('asc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type UserListQuery = z.infer<typeof userListQuery>;

export const userSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  kind: userKindSchema,
  isAdmin: z.boolean(),
  isKeyUser: z.boolean(),
  customerId: z.string().nullable(),
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  language: z.string(),
  disabled: z.boolean(),
  /** Registered itself and not approved yet: cannot sign in. */
  pending: z.boolean(),
  /** Invited and the password not set yet. */
  invited: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  locationCount: z.number().int(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userList = z.object({
  items: z.array(userSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserList = z.infer<typeof userList>;

export const userLocation = z.object({
  locationNo: z.string(),
  description: z.string(),
  role: z.enum(locationRoles),
});

export const userDetail = userSummary.extend({
  phone: z.string().nullable(),
  permissions: z.array(z.string()),
  locations: z.array(userLocation),
});
export type UserDetail = z.infer<typeof userDetail>;

const phone = z
  .string()
  .trim()
  .max(50)
  .regex(/^[0-9+()\-./ ]*$/, 'validation.telefoon_ongeldig')
  .nullish();

/** POST /api/v2.0/Users and PUT /api/v2.0/Users/{id}: the whole user as the form sends it. */
export const userInput = z
  .object({
    email: z.email().max(320),
    name: z.string().trim().min(1).max(200),
    phone,
    language: z.enum(locales),
    kind: userKindSchema,
    /** Admins only. */
    isAdmin: z.boolean().default(false),
    customerId: z.uuid().nullable(),
    /** Functional areas and named roles on top of the kind's defaults. */
    permissions: z.array(z.enum(extraPermissions)).max(extraPermissions.length).default([]),
    locations: z
      .array(z.object({ locationNo: locationNumber, role: z.enum(locationRoles) }).strict())
      .max(2000)
      .default([]),
    /** Edit only: a disabled account cannot sign in and its sessions end. */
    disabled: z.boolean().optional(),
  })
  .strict();
export type UserInput = z.input<typeof userInput>;

/** POST /api/v2.0/Users?sendEmail=&language= */
export const createUserQuery = z
  .object({
    /** Mail an invitation with a single-use link to set a password (default true). */
    sendEmail: queryBool.default(true),
    /** The language of the invitation mail (default: the user's language). */
    language: z.enum(locales).optional(),
  })
  .strict();

/** POST Users/{id}/invite: the language of the new invitation mail (default: the user's language). */
export const inviteUserQuery = createUserQuery.pick({ language: true });

export const createdUser = z.object({ id: z.string(), invited: z.boolean() });

/** GET /api/v2.0/Users/options: what the caller may hand out in the user form (decision 0023). */
export const userFormOptions = z.object({
  /** Functional areas and named roles the caller may grant. */
  grantable: z.array(z.string()),
  /** A key user's own customer (fixed in the form); null for an admin (any customer). */
  customerId: z.string().nullable(),
  /** A key user's own kind (fixed in the form); null for an admin. */
  kind: userKindSchema.nullable(),
  /** Whether the caller may make admins (admins only). */
  canMakeAdmin: z.boolean(),
});
export type UserFormOptions = z.infer<typeof userFormOptions>;

/** GET /api/v2.0/Users/syncusers: what the sync did (decision 0023: there is no ERP; it re-links by domain). */
export const syncAnswer = z.object({
  /**
   * Without an ERP 'Gebruikers.sync_geen_erp' (the users were matched with the portal's own customers); with one the
   * ERP sync's code (erp.sync.gestart, erp.sync.bezig, erp.sync.klaar: decision 0027).
   */
  code: z.string(),
  message: z.string(),
  /** The portal's users (after the sync when it ran in the request). */
  checked: z.number().int(),
  relinked: z.array(z.object({ email: z.string(), customerNo: z.string() })),
  /** With an ERP: the sync of its users, queued or run (with the counts). */
  results: z.array(entitySyncResult).optional(),
});
export type SyncAnswer = z.infer<typeof syncAnswer>;

// ── import ─────────────────────────────────────────────────────────────────────────────────────────────

/** Largest file the import takes (bytes). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Most rows of one import. */
export const MAX_IMPORT_ROWS = 10_000;

export const importRowStatus = z.enum(['create', 'update', 'unchanged', 'error']);

export const importRow = z.object({
  /** The row in the file (the header is row 1). */
  row: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: importRowStatus,
  /** Translation keys with the column they point at. */
  errors: z.array(z.object({ column: z.string(), code: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRow>;

export const importPreview = z.object({
  rows: z.array(importRow),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importJobState = z.enum(['running', 'done', 'failed']);

/** GET /api/v2.0/Users/import/{id}: the import's progress, polled by the page. */
export const importJob = z.object({
  id: z.string(),
  state: importJobState,
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  invited: z.number().int(),
  /** When it failed: the translation key and message (nothing was imported). */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** When it stopped on row errors (found at import time): the rows. */
  rows: z.array(importRow),
});
export type ImportJob = z.infer<typeof importJob>;

/** The column headings the import understands (any case; Dutch or English). */
export const importColumns = {
  email: ['email', 'e-mail', 'emailadres', 'e-mailadres'],
  name: ['name', 'naam'],
  language: ['language', 'taal'],
  kind: ['kind', 'soort', 'type'],
  customerNo: ['customer', 'customerno', 'customer number', 'klant', 'klantnummer'],
  locations: ['locations', 'locaties', 'location numbers', 'locatienummers'],
} as const;
