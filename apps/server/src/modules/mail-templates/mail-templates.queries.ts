import { and, eq } from 'drizzle-orm';
import { mailTemplates } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export async function selectMailTemplates(db: Db) {
  return db
    .select({
      type: mailTemplates.type,
      locale: mailTemplates.locale,
      subject: mailTemplates.subject,
      html: mailTemplates.html,
      updatedAt: mailTemplates.updatedAt,
    })
    .from(mailTemplates);
}

/** Stores one type's text in one language (insert or replace). */
export async function upsertMailTemplate(
  db: Db,
  row: { type: string; locale: string; subject: string; html: string; updatedBy: string },
) {
  const values = {
    ...row,
    type: row.type as typeof mailTemplates.$inferInsert.type,
    locale: row.locale as typeof mailTemplates.$inferInsert.locale,
  };
  const [saved] = await db
    .insert(mailTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: [mailTemplates.type, mailTemplates.locale],
      set: { subject: values.subject, html: values.html, updatedBy: values.updatedBy, updatedAt: new Date() },
    })
    .returning({ updatedAt: mailTemplates.updatedAt });
  return saved;
}

/** Forgets the stored text: the mail goes back to the product's default. */
export async function deleteMailTemplate(db: Db, type: string, locale: string) {
  await db
    .delete(mailTemplates)
    .where(
      and(
        eq(mailTemplates.type, type as typeof mailTemplates.$inferInsert.type),
        eq(mailTemplates.locale, locale as typeof mailTemplates.$inferInsert.locale),
      ),
    );
}
