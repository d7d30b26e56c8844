import type { Locale } from '@mp/contract/i18n';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  contentPages,
  contentPageTranslations,
  footerColumns,
  serviceMessages,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export type PageKind = 'page' | 'info' | 'news';
export type FooterColumnName = 'footer_column_one' | 'footer_column_two' | 'footer_column_three';

const wanted = alias(contentPageTranslations, 'wanted');
const fallback = alias(contentPageTranslations, 'fallback');

export interface PageRow {
  id: string;
  name: string;
  kind: PageKind;
  publishedAt: Date | null;
  title: string | null;
  html: string | null;
  /** The locale the title/html are in: the one asked for, else nl-NL; null when neither exists. */
  textLocale: Locale | null;
}

function pageSelect(db: Db, locale: Locale) {
  return db
    .select({
      id: contentPages.id,
      name: contentPages.name,
      kind: contentPages.kind,
      publishedAt: contentPages.publishedAt,
      title: sql<string | null>`coalesce(${wanted.title}, ${fallback.title})`,
      html: sql<string | null>`coalesce(${wanted.html}, ${fallback.html})`,
      textLocale: sql<Locale | null>`case when ${wanted.pageId} is not null then ${wanted.locale} when ${fallback.pageId} is not null then ${fallback.locale} end`,
    })
    .from(contentPages)
    .leftJoin(wanted, and(eq(wanted.pageId, contentPages.id), eq(wanted.locale, locale)))
    .leftJoin(fallback, and(eq(fallback.pageId, contentPages.id), eq(fallback.locale, 'nl-NL')));
}

/** Pages with their text in `locale` (nl-NL fallback); only published ones unless `all`. */
export async function selectPages(
  db: Db,
  locale: Locale,
  options: { all: boolean; now: Date },
): Promise<PageRow[]> {
  const published = and(
    sql`${contentPages.publishedAt} is not null`,
    lte(contentPages.publishedAt, options.now),
  );
  return pageSelect(db, locale)
    .where(options.all ? undefined : published)
    .orderBy(
      asc(contentPages.kind),
      asc(contentPages.sort),
      desc(contentPages.publishedAt),
      asc(contentPages.name),
    );
}

export interface PageOverviewRow {
  id: string;
  name: string;
  kind: PageKind;
  publishedAt: Date | null;
  updatedAt: Date;
  translations: { locale: Locale; title: string; updatedAt: Date }[];
}

/** Every page (drafts too) with the locales it has a text in; newest change first. */
export async function selectPageOverview(db: Db): Promise<PageOverviewRow[]> {
  const [pages, texts] = await Promise.all([
    db
      .select({
        id: contentPages.id,
        name: contentPages.name,
        kind: contentPages.kind,
        publishedAt: contentPages.publishedAt,
        updatedAt: contentPages.updatedAt,
      })
      .from(contentPages),
    db
      .select({
        pageId: contentPageTranslations.pageId,
        locale: contentPageTranslations.locale,
        title: contentPageTranslations.title,
        updatedAt: contentPageTranslations.updatedAt,
      })
      .from(contentPageTranslations),
  ]);
  const byPage = new Map<string, PageOverviewRow['translations']>();
  for (const t of texts) {
    const list = byPage.get(t.pageId) ?? [];
    list.push({ locale: t.locale, title: t.title, updatedAt: t.updatedAt });
    byPage.set(t.pageId, list);
  }
  return pages
    .map((p) => {
      const translations = byPage.get(p.id) ?? [];
      const updatedAt = new Date(
        Math.max(p.updatedAt.getTime(), ...translations.map((t) => t.updatedAt.getTime())),
      );
      return { ...p, updatedAt, translations };
    })
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.name.localeCompare(b.name));
}

export async function selectPage(db: Db, id: string, locale: Locale): Promise<PageRow | null> {
  const [row] = await pageSelect(db, locale).where(eq(contentPages.id, id)).limit(1);
  return row ?? null;
}

export async function pageExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(eq(contentPages.id, id))
    .limit(1);
  return Boolean(row);
}

/** A page by its name or by a title in any locale (legacy calls name pages). */
export async function selectPageIdByName(db: Db, name: string): Promise<string | null> {
  const [byName] = await db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(eq(contentPages.name, name))
    .limit(1);
  if (byName) return byName.id;
  const [byTitle] = await db
    .select({ id: contentPageTranslations.pageId })
    .from(contentPageTranslations)
    .where(eq(contentPageTranslations.title, name))
    .limit(1);
  return byTitle?.id ?? null;
}

export interface PageWrite {
  name: string;
  kind: PageKind;
  publishedAt: Date | null;
  locale: Locale;
  title: string;
  html: string;
  userId: string;
}

export async function insertPage(db: Db, page: PageWrite): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentPages)
      .values({
        name: page.name,
        kind: page.kind,
        publishedAt: page.publishedAt,
        createdBy: page.userId,
        updatedBy: page.userId,
      })
      .returning({ id: contentPages.id });
    await tx
      .insert(contentPageTranslations)
      .values({ pageId: row.id, locale: page.locale, title: page.title, html: page.html });
    return row.id;
  });
}

/** Updates the page's own fields that are given and upserts the text of one locale. False when the page is gone. */
export async function updatePage(
  db: Db,
  id: string,
  change: {
    name?: string;
    kind?: PageKind;
    publishedAt?: Date | null;
    locale: Locale;
    title?: string;
    html?: string;
    userId: string;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [page] = await tx
      .update(contentPages)
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.kind !== undefined ? { kind: change.kind } : {}),
        ...(change.publishedAt !== undefined ? { publishedAt: change.publishedAt } : {}),
        updatedBy: change.userId,
      })
      .where(eq(contentPages.id, id))
      .returning({ id: contentPages.id, name: contentPages.name });
    if (!page) return false;
    if (change.title !== undefined || change.html !== undefined) {
      const [existing] = await tx
        .select({ title: contentPageTranslations.title, html: contentPageTranslations.html })
        .from(contentPageTranslations)
        .where(
          and(eq(contentPageTranslations.pageId, id), eq(contentPageTranslations.locale, change.locale)),
        );
      const title = change.title ?? existing?.title ?? page.name;
      const html = change.html ?? existing?.html ?? '';
      await tx
        .insert(contentPageTranslations)
        .values({ pageId: id, locale: change.locale, title, html })
        .onConflictDoUpdate({
          target: [contentPageTranslations.pageId, contentPageTranslations.locale],
          set: { title, html, updatedAt: new Date() },
        });
    }
    return true;
  });
}

export async function deletePage(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(contentPages)
    .where(eq(contentPages.id, id))
    .returning({ id: contentPages.id });
  return rows.length > 0;
}

// ── footer ─────────────────────────────────────────────────────────────────────────────────

export interface FooterRow {
  id: string;
  locale: Locale;
  columnName: FooterColumnName;
  html: string;
}

const footerColumns3 = ['footer_column_one', 'footer_column_two', 'footer_column_three'] as const;

/** The three columns for a locale; a column missing in that locale comes from nl-NL. */
export async function selectFooters(db: Db, locale: Locale): Promise<FooterRow[]> {
  const rows = await db
    .select({
      id: footerColumns.id,
      locale: footerColumns.locale,
      columnName: footerColumns.columnName,
      html: footerColumns.html,
    })
    .from(footerColumns)
    .where(or(eq(footerColumns.locale, locale), eq(footerColumns.locale, 'nl-NL')));
  const out: FooterRow[] = [];
  for (const column of footerColumns3) {
    const row =
      rows.find((r) => r.columnName === column && r.locale === locale) ??
      rows.find((r) => r.columnName === column);
    if (row) out.push(row);
  }
  return out;
}

export async function selectFooterById(db: Db, id: string): Promise<FooterRow | null> {
  const [row] = await db
    .select({
      id: footerColumns.id,
      locale: footerColumns.locale,
      columnName: footerColumns.columnName,
      html: footerColumns.html,
    })
    .from(footerColumns)
    .where(eq(footerColumns.id, id));
  return row ?? null;
}

export async function upsertFooter(
  db: Db,
  footer: { locale: Locale; columnName: FooterColumnName; html: string; userId: string },
): Promise<FooterRow> {
  const [row] = await db
    .insert(footerColumns)
    .values({
      locale: footer.locale,
      columnName: footer.columnName,
      html: footer.html,
      updatedBy: footer.userId,
    })
    .onConflictDoUpdate({
      target: [footerColumns.locale, footerColumns.columnName],
      set: { html: footer.html, updatedBy: footer.userId, updatedAt: new Date() },
    })
    .returning({
      id: footerColumns.id,
      locale: footerColumns.locale,
      columnName: footerColumns.columnName,
      html: footerColumns.html,
    });
  return row;
}

// ── service messages ───────────────────────────────────────────────────────────────────────

export interface MessageRow {
  id: string;
  locale: Locale;
  message: string;
  pageId: string | null;
  pageName: string | null;
  activeFrom: Date;
  activeUntil: Date | null;
}

function messageSelect(db: Db) {
  return db
    .select({
      id: serviceMessages.id,
      locale: serviceMessages.locale,
      message: serviceMessages.message,
      pageId: serviceMessages.pageId,
      pageName: sql<string | null>`coalesce(${wanted.title}, ${fallback.title}, ${contentPages.name})`,
      activeFrom: serviceMessages.activeFrom,
      activeUntil: serviceMessages.activeUntil,
    })
    .from(serviceMessages)
    .leftJoin(contentPages, eq(contentPages.id, serviceMessages.pageId))
    .leftJoin(
      wanted,
      and(eq(wanted.pageId, serviceMessages.pageId), eq(wanted.locale, serviceMessages.locale)),
    )
    .leftJoin(fallback, and(eq(fallback.pageId, serviceMessages.pageId), eq(fallback.locale, 'nl-NL')));
}

/** Messages of a locale; only those active at `now` unless `all`. Newest first. */
export async function selectMessages(
  db: Db,
  options: { locale: Locale | null; all: boolean; now: Date },
): Promise<MessageRow[]> {
  const active = and(
    lte(serviceMessages.activeFrom, options.now),
    or(isNull(serviceMessages.activeUntil), gt(serviceMessages.activeUntil, options.now)),
  );
  return messageSelect(db)
    .where(
      and(
        options.locale ? eq(serviceMessages.locale, options.locale) : undefined,
        options.all ? undefined : active,
      ),
    )
    .orderBy(desc(serviceMessages.activeFrom), asc(serviceMessages.id));
}

export async function selectMessage(db: Db, id: string): Promise<MessageRow | null> {
  const [row] = await messageSelect(db).where(eq(serviceMessages.id, id)).limit(1);
  return row ?? null;
}

export interface MessageWrite {
  locale: Locale;
  message: string;
  pageId: string | null;
  activeFrom: Date;
  activeUntil: Date | null;
}

export async function insertMessage(db: Db, message: MessageWrite & { userId: string }): Promise<string> {
  const [row] = await db
    .insert(serviceMessages)
    .values({
      locale: message.locale,
      message: message.message,
      pageId: message.pageId,
      activeFrom: message.activeFrom,
      activeUntil: message.activeUntil,
      createdBy: message.userId,
    })
    .returning({ id: serviceMessages.id });
  return row.id;
}

export async function updateMessage(db: Db, id: string, change: Partial<MessageWrite>): Promise<boolean> {
  if (Object.keys(change).length === 0) return Boolean(await selectMessage(db, id));
  const rows = await db
    .update(serviceMessages)
    .set(change)
    .where(eq(serviceMessages.id, id))
    .returning({ id: serviceMessages.id });
  return rows.length > 0;
}

export async function deleteMessage(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(serviceMessages)
    .where(eq(serviceMessages.id, id))
    .returning({ id: serviceMessages.id });
  return rows.length > 0;
}
