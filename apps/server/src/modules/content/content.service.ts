import type {
  ContentPage,
  ContentPageOverviewItem,
  ContentPageSummary,
  FooterColumn,
  ServiceMessage,
} from '@mp/contract/api/shell';
import { defaultLocale, type Locale } from '@mp/contract/i18n';
import { hasAccess, requireAccess } from '../../platform/auth/access.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { plainText, sanitizeAdminHtml } from '../../platform/sanitize.ts';
import {
  deleteMessage,
  deletePage,
  type FooterColumnName,
  type FooterRow,
  insertMessage,
  insertPage,
  type MessageRow,
  type PageKind,
  type PageRow,
  pageExists,
  selectFooters,
  selectMessage,
  selectMessages,
  selectPage,
  selectPageIdByName,
  selectPageOverview,
  selectPages,
  updateMessage,
  updatePage,
  upsertFooter,
} from './content.queries.ts';

/** A 400 naming one field of the body. */
const fieldError = (field: string, code: string) =>
  fieldErrors('invalid', 'error.ongeldige_invoer', { [field]: code }, { details: { in: 'body' } });

const notFound = (id: string) => new AppError('not_found', 'error.niet_gevonden', { details: { id } });

// ── content pages ────────────────────────────────────────────────────────────────────────────

function summaryOf(row: PageRow, locale: Locale): ContentPageSummary {
  return {
    id: row.id,
    pageName: plainText(row.title ?? row.name) || row.name,
    locale: row.textLocale ?? locale,
    kind: row.kind,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
  };
}

function pageOf(row: PageRow, locale: Locale): ContentPage {
  // Sanitized again on the way out: rows written before a rule change (or by hand) are cleaned too.
  return { ...summaryOf(row, locale), html: sanitizeAdminHtml(row.html) };
}

const isPublished = (row: PageRow, now: Date) => row.publishedAt !== null && row.publishedAt <= now;

export async function listPages(ctx: Ctx, locale: Locale = ctx.locale): Promise<ContentPageSummary[]> {
  await requireAccess(ctx, { permission: 'visitor' });
  const rows = await selectPages(ctx.db, locale, {
    all: await hasAccess(ctx, { permission: 'admin' }),
    now: ctx.now,
  });
  return rows.map((r) => summaryOf(r, locale));
}

const localeOrder: readonly Locale[] = ['nl-NL', 'en-US', 'fr-FR', 'de-DE'];

/** Admins: every page, drafts too, with the locales it has a text in (the administration's list). */
export async function pageOverview(ctx: Ctx): Promise<ContentPageOverviewItem[]> {
  await requireAccess(ctx, { permission: 'admin' });
  const rows = await selectPageOverview(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    pageName: plainText(row.name) || row.name,
    kind: row.kind,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    translations: row.translations
      .sort((a, b) => localeOrder.indexOf(a.locale) - localeOrder.indexOf(b.locale))
      .map((t) => ({
        locale: t.locale,
        title: plainText(t.title) || row.name,
        updatedAt: t.updatedAt.toISOString(),
      })),
  }));
}

/** One page in `locale`, falling back to nl-NL. Unpublished pages exist for admins only. */
export async function getPage(ctx: Ctx, id: string, locale: Locale = ctx.locale): Promise<ContentPage> {
  await requireAccess(ctx, { permission: 'visitor' });
  const row = await selectPage(ctx.db, id, locale);
  if (!row || (!(await hasAccess(ctx, { permission: 'admin' })) && !isPublished(row, ctx.now)))
    throw notFound(id);
  return pageOf(row, locale);
}

export interface PageInput {
  pageName: string;
  locale: Locale;
  html: string;
  kind?: PageKind;
  /** Undefined: published now (create) or unchanged (update); null: not published. */
  publishedAt?: Date | null;
}

function cleanName(name: string): string {
  const clean = plainText(name);
  if (!clean) throw fieldError('pageName', 'validation.verplicht');
  return clean;
}

export async function createPage(ctx: Ctx, input: PageInput): Promise<ContentPage> {
  const admin = await requireAccess(ctx, { permission: 'admin' });
  const name = cleanName(input.pageName);
  const id = await insertPage(ctx.db, {
    name,
    kind: input.kind ?? 'page',
    publishedAt: input.publishedAt === undefined ? ctx.now : input.publishedAt,
    locale: input.locale,
    title: name,
    html: sanitizeAdminHtml(input.html),
    userId: admin.id,
  });
  const row = await selectPage(ctx.db, id, input.locale);
  if (!row) throw notFound(id);
  return pageOf(row, input.locale);
}

/** Changes the text of one locale (and the page's kind / publication when given). */
export async function updatePageContent(
  ctx: Ctx,
  id: string,
  input: Partial<Omit<PageInput, 'locale'>> & { locale: Locale },
): Promise<ContentPage> {
  const admin = await requireAccess(ctx, { permission: 'admin' });
  const title = input.pageName === undefined ? undefined : cleanName(input.pageName);
  const ok = await updatePage(ctx.db, id, {
    // The page's own name follows its Dutch title.
    name: input.locale === defaultLocale ? title : undefined,
    kind: input.kind,
    publishedAt: input.publishedAt,
    locale: input.locale,
    title,
    html: input.html === undefined ? undefined : sanitizeAdminHtml(input.html),
    userId: admin.id,
  });
  if (!ok) throw notFound(id);
  const row = await selectPage(ctx.db, id, input.locale);
  if (!row) throw notFound(id);
  return pageOf(row, input.locale);
}

export async function removePage(ctx: Ctx, id: string): Promise<void> {
  await requireAccess(ctx, { permission: 'admin' });
  if (!(await deletePage(ctx.db, id))) throw notFound(id);
}

// ── footer ───────────────────────────────────────────────────────────────────────────────────

function footerOf(row: FooterRow): FooterColumn {
  return {
    guidId: row.id,
    locale: row.locale,
    columnName: row.columnName,
    html: sanitizeAdminHtml(row.html),
  };
}

/** The footer is part of the shell, shown to everyone (also on the sign-in page). */
export async function listFooters(ctx: Ctx, locale: Locale = ctx.locale): Promise<FooterColumn[]> {
  return (await selectFooters(ctx.db, locale)).map(footerOf);
}

export async function saveFooter(
  ctx: Ctx,
  input: { locale: Locale; columnName: FooterColumnName; html: string },
): Promise<FooterColumn> {
  // the footer is part of the corporate identity: admins and AppCorporateIdentity holders (decision 0026)
  await requireAccess(ctx, { permission: 'area.write', area: 'AppCorporateIdentity' });
  const admin = requireUser(ctx);
  const row = await upsertFooter(ctx.db, { ...input, html: sanitizeAdminHtml(input.html), userId: admin.id });
  return footerOf(row);
}

// ── service messages ───────────────────────────────────────────────────────────────────────────

function messageOf(row: MessageRow): ServiceMessage & { activeFrom: string; activeUntil: string | null } {
  return {
    id: row.id,
    locale: row.locale,
    message: sanitizeAdminHtml(row.message),
    pageId: row.pageId,
    pageName: row.pageName === null ? null : plainText(row.pageName),
    activeFrom: row.activeFrom.toISOString(),
    activeUntil: row.activeUntil ? row.activeUntil.toISOString() : null,
  };
}

/** Active messages of a locale; `all` (admins only) includes past and future ones of every locale when no locale is given. */
export async function listMessages(ctx: Ctx, options: { locale?: Locale; all?: boolean } = {}) {
  await requireAccess(ctx, { permission: 'visitor' });
  if (options.all) await requireAccess(ctx, { permission: 'admin' });
  const locale = options.all ? (options.locale ?? null) : (options.locale ?? ctx.locale);
  const rows = await selectMessages(ctx.db, { locale, all: options.all ?? false, now: ctx.now });
  return rows.map(messageOf);
}

export interface MessageInput {
  locale: Locale;
  message: string;
  pageId?: string | null;
  /** Legacy clients name the page instead of giving its id. */
  pageName?: string | null;
  activeFrom?: Date;
  activeUntil?: Date | null;
}

async function resolvePageId(ctx: Ctx, input: Partial<MessageInput>): Promise<string | null | undefined> {
  if (input.pageId) {
    if (!(await pageExists(ctx.db, input.pageId))) throw fieldError('pageId', 'validation.onbekende_waarde');
    return input.pageId;
  }
  if (input.pageId === null) return null;
  if (input.pageName) {
    const id = await selectPageIdByName(ctx.db, input.pageName);
    if (!id) throw fieldError('pageName', 'validation.onbekende_waarde');
    return id;
  }
  return undefined;
}

function cleanMessage(message: string): string {
  const clean = sanitizeAdminHtml(message);
  if (!plainText(clean.replace(/<[^>]*>/g, ' '), 10_000)) throw fieldError('message', 'validation.verplicht');
  return clean;
}

export async function createMessage(ctx: Ctx, input: MessageInput) {
  const admin = await requireAccess(ctx, { permission: 'admin' });
  const message = cleanMessage(input.message);
  const pageId = (await resolvePageId(ctx, input)) ?? null;
  const activeFrom = input.activeFrom ?? ctx.now;
  const activeUntil = input.activeUntil ?? null;
  if (activeUntil && activeUntil <= activeFrom) throw fieldError('activeUntil', 'validation.einde_na_begin');
  const id = await insertMessage(ctx.db, {
    locale: input.locale,
    message,
    pageId,
    activeFrom,
    activeUntil,
    userId: admin.id,
  });
  const row = await selectMessage(ctx.db, id);
  if (!row) throw notFound(id);
  return messageOf(row);
}

export async function changeMessage(ctx: Ctx, id: string, input: Partial<MessageInput>) {
  await requireAccess(ctx, { permission: 'admin' });
  const current = await selectMessage(ctx.db, id);
  if (!current) throw notFound(id);
  const change: Parameters<typeof updateMessage>[2] = {};
  if (input.locale !== undefined) change.locale = input.locale;
  if (input.message !== undefined) change.message = cleanMessage(input.message);
  const pageId = await resolvePageId(ctx, input);
  if (pageId !== undefined) change.pageId = pageId;
  if (input.activeFrom !== undefined) change.activeFrom = input.activeFrom;
  if (input.activeUntil !== undefined) change.activeUntil = input.activeUntil;
  const from = change.activeFrom ?? current.activeFrom;
  const until = change.activeUntil === undefined ? current.activeUntil : change.activeUntil;
  if (until && until <= from) throw fieldError('activeUntil', 'validation.einde_na_begin');
  if (!(await updateMessage(ctx.db, id, change))) throw notFound(id);
  const row = await selectMessage(ctx.db, id);
  if (!row) throw notFound(id);
  return messageOf(row);
}

export async function removeMessage(ctx: Ctx, id: string): Promise<void> {
  await requireAccess(ctx, { permission: 'admin' });
  if (!(await deleteMessage(ctx.db, id))) throw notFound(id);
}
