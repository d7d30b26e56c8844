import { z } from 'zod';

/*
 * The ERP connection test and the sync calls (issue #33, decision 0027). Every `code` is a translation key
 * (erp.*), `message` its text in the caller's language; `params` are the key's values. Never a secret.
 */

export const erpKind = z.enum(['none', 'business-central']);

export const connectionTestStep = z.object({
  step: z.enum(['configuration', 'token', 'company', 'customApi']),
  ok: z.boolean(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});

/** POST Erp/test-connection: how far the portal got (configuration, token, company, the custom rental API). */
export const connectionTest = z.object({
  erp: erpKind,
  ok: z.boolean(),
  steps: z.array(connectionTestStep),
});
export type ConnectionTestAnswer = z.infer<typeof connectionTest>;

/** What one entity's sync did (run in the request) or that it was queued (a background job). */
export const entitySyncResult = z.object({
  entity: z.string(),
  /** 'queued': a job will run it; 'done': it ran to the end; 'failed': it stopped (the next run resumes). */
  state: z.enum(['queued', 'done', 'failed']),
  upserted: z.number().int(),
  deleted: z.number().int(),
  skipped: z.number().int(),
  pages: z.number().int(),
  /** The error's translation key and text when it failed. */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});

/** The sync calls (MaterieelSync/*, MaterieelImage/SyncImages, MaterieelKeuringenSync/DoKeuringenSync, Erp/sync). */
export const erpSyncAnswer = z.object({
  /** erp.sync.gestart (queued), erp.sync.klaar (ran), erp.niet_gekoppeld (ERP=none: nothing to do). */
  code: z.string(),
  message: z.string(),
  erp: erpKind,
  results: z.array(entitySyncResult),
});
export type ErpSyncAnswer = z.infer<typeof erpSyncAnswer>;

/** The entities the sync reads from the ERP (decision 0027), in the order of a whole sync. */
export const syncedEntities = [
  'categories',
  'categoryTranslations',
  'items',
  'rentalItems',
  'itemTranslations',
  'technicalAttributes',
  'itemTechnicalData',
  'itemLinks',
  'depots',
  'customers',
  'projectLocations',
  'workAddresses',
  'plants',
  'stockOnSite',
  'inspections',
  'users',
  'salesInvoices',
  'salesCreditMemos',
  'deletions',
  'itemImages',
] as const;

/** POST Erp/sync: the entities to sync now (all of them when left out). */
export const erpSyncRequest = z
  .object({ entities: z.array(z.enum(syncedEntities)).min(1).max(syncedEntities.length).optional() })
  .strict();

/** Where the sync of one entity stands (GET Erp/sync): for the Koppelingen page. */
export const entitySyncState = z.object({
  entity: z.enum(syncedEntities),
  /** A run has started and not ended yet. */
  running: z.boolean(),
  /** A run stopped halfway: the next one resumes at its next page. */
  resumable: z.boolean(),
  /** The ERP's high-water mark the next delta starts after (ISO), null before the first complete run. */
  modifiedSince: z.string().nullable(),
  lastRunStartedAt: z.iso.datetime({ offset: true }).nullable(),
  lastRunFinishedAt: z.iso.datetime({ offset: true }).nullable(),
  fullCompletedAt: z.iso.datetime({ offset: true }).nullable(),
  deltaCompletedAt: z.iso.datetime({ offset: true }).nullable(),
  pages: z.number().int(),
  upserted: z.number().int(),
  deleted: z.number().int(),
  skipped: z.number().int(),
  /** The records the run in progress (or the last one) reads, as the ERP counted them ($count); null: not said. */
  total: z.number().int().nullable(),
  /** The records it has read so far, changed or not: its progress against `total`. */
  read: z.number().int(),
  upsertedTotal: z.number().int(),
  lastError: z
    .object({ code: z.string(), message: z.string(), at: z.iso.datetime({ offset: true }).nullable() })
    .nullable(),
});

export const erpSyncStates = z.object({ erp: erpKind, entities: z.array(entitySyncState) });
export type ErpSyncStates = z.infer<typeof erpSyncStates>;
