import { defaultLocale, isLocale, type Locale } from '@mp/contract/i18n';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../platform/db/database.ts';
import { removeFile, storeFile } from '../../platform/files/files.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import { pdfLogo } from '../../platform/pdf/logo.ts';
import { brandColour, defaultBrand, type PdfBrand } from '../../platform/pdf/pdf.ts';
import type { LoadSettings } from '../../platform/settings.ts';
import { corporateLogo } from '../images/index.ts';
import { noteCategory, noteTitle, type OrderKind, renderOrderNote } from './order-note.ts';
import {
  fileInUse,
  lockNoteDocument,
  selectNoteHead,
  selectOrderNote,
  upsertNoteDocument,
} from './order-notes.queries.ts';

/*
 * Delivery and removal notes (issue #12 part 6, decision 0019): one PDF per plant order, made after the execution
 * commits (a pg-boss job, `order-note`), stored through the file storage as a `documents` row about the order, so
 * GET Documents/{id}/content serves it under decision 0009's rule. Making it again replaces the stored one.
 */

/** What making a note needs: a subset of the app's Deps (a test or the seed can hand in just these). */
export interface NoteDeps {
  db: Db;
  storage: FileStorage;
  loadSettings: LoadSettings;
  /** pg-boss when the process runs jobs; without it `queueOrderNotes` makes the notes at once. */
  jobs?: JobQueue | null;
}

export interface StoredNote {
  documentSystemId: string;
  fileId: string;
  title: string;
  locale: Locale;
  size: number;
}

export const ORDER_NOTE_QUEUE = 'order-note';

/** The note's document id: one per order, so making it again finds and replaces it. */
export const noteDocumentId = (kind: OrderKind, orderNo: string): string =>
  `DMS-${noteCategory[kind].toUpperCase()}-${orderNo}`;

/** The corporate identity as documents show it: the logo, the colour settings and the portal's name. */
export async function loadBrand(deps: Pick<NoteDeps, 'db' | 'storage' | 'loadSettings'>): Promise<PdfBrand> {
  const [settings, logo] = await Promise.all([
    deps.loadSettings(deps.db),
    corporateLogo(deps.db, deps.storage),
  ]);
  return {
    logo: logo ? await pdfLogo(logo.bytes) : null,
    primary: brandColour(settings.PrimaryColor, defaultBrand.primary),
    primaryText: brandColour(settings.PrimaryTextColor, defaultBrand.primaryText),
    secondary: brandColour(settings.SecondaryColor, defaultBrand.secondary),
    name: settings.CustomTitle?.trim() || defaultBrand.name,
  };
}

/**
 * Renders the note of one order and stores it (file + `documents` row with the order, its location, the kind's
 * category, the title and the executed date). `locale` defaults to the requester's language, else the
 * DefaultLanguage setting. A note made before for the order is replaced and its file removed. Null when the order
 * does not exist.
 */
export async function storeOrderNote(
  deps: Pick<NoteDeps, 'db' | 'storage' | 'loadSettings'>,
  orderId: string,
  locale?: Locale,
  options: { brand?: PdfBrand; created?: Date } = {},
): Promise<StoredNote | null> {
  const { db, storage } = deps;
  const head = await selectNoteHead(db, orderId);
  if (!head) return null;
  let language = locale;
  if (!language) {
    const fallback = (await deps.loadSettings(db)).DefaultLanguage;
    language = isLocale(head.requesterLanguage ?? '')
      ? (head.requesterLanguage as Locale)
      : isLocale(fallback)
        ? fallback
        : defaultLocale;
  }
  const [note, brand] = await Promise.all([
    selectOrderNote(db, orderId, language),
    options.brand ? Promise.resolve(options.brand) : loadBrand(deps),
  ]);
  if (!note) return null;
  const bytes = await renderOrderNote(note, language, brand, { created: options.created });
  const category = noteCategory[head.kind];
  const title = `${noteTitle(language, head.kind)} ${head.orderNo}`;
  const documentSystemId = noteDocumentId(head.kind, head.orderNo);
  const file = await storeFile(db, storage, {
    prefix: 'documents',
    extension: 'pdf',
    bytes,
    contentType: 'application/pdf',
    fileName: `${category.toLowerCase()}-${head.orderNo}.pdf`,
    uploadedBy: null,
    meta: { purpose: 'order-note', orderId, locale: language },
  });
  let previous: { fileId: string } | null;
  try {
    previous = await db.transaction(async (tx) => {
      const before = await lockNoteDocument(tx, documentSystemId);
      await upsertNoteDocument(tx, {
        documentSystemId,
        category,
        title,
        fileId: file.id,
        documentDate: head.documentDate,
        orderId,
        locationId: head.locationId,
      });
      return before;
    });
  } catch (e) {
    await removeFile(db, storage, file.id).catch(() => {});
    throw e;
  }
  if (previous && previous.fileId !== file.id && !(await fileInUse(db, previous.fileId))) {
    // why: a file other rows still point at (an exit order's photo list, say) refuses the delete; it stays.
    await removeFile(db, storage, previous.fileId).catch(() => {});
  }
  return { documentSystemId, fileId: file.id, title, locale: language, size: bytes.length };
}

/**
 * Has the notes of these orders made: queued as `order-note` jobs when the process runs jobs, else made now.
 * Call it after the transaction that wrote the orders has committed. It never fails the caller for a note that
 * could not be made (the execution stands; a job retries, and making a note again is always safe).
 */
export async function queueOrderNotes(deps: NoteDeps, orderIds: readonly string[]): Promise<void> {
  const ids = [...new Set(orderIds)];
  if (deps.jobs) {
    for (const orderId of ids) {
      await deps.jobs
        .send(ORDER_NOTE_QUEUE, { orderId }, { retryLimit: 5, retryDelay: 10, retryBackoff: true })
        .catch(() => storeOrderNote(deps, orderId).catch(() => null));
    }
    return;
  }
  // why: without the job runner (tests, a one-off CLI) the note is made inline; a failure must not undo the execution.
  for (const orderId of ids) await storeOrderNote(deps, orderId).catch(() => null);
}

/** The `order-note` worker: makes (or makes again) the note of the job's order. */
export async function startOrderNoteWorker(
  boss: PgBoss,
  deps: Pick<NoteDeps, 'db' | 'storage' | 'loadSettings'>,
  pollingIntervalSeconds = 2,
): Promise<void> {
  await boss.createQueue(ORDER_NOTE_QUEUE);
  await boss.work<{ orderId: string }>(
    ORDER_NOTE_QUEUE,
    { pollingIntervalSeconds, batchSize: 2 },
    async (jobs) => {
      for (const job of jobs) {
        const stored = await storeOrderNote(deps, job.data.orderId);
        // why: queued before its transaction committed, the order is not visible yet; throwing lets pg-boss retry.
        if (!stored) throw new Error(`order ${job.data.orderId} not visible (yet)`);
      }
    },
  );
}
