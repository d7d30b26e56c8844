import { locales } from '@mp/contract/i18n/locales';
import { pgEnum, timestamp } from 'drizzle-orm/pg-core';

/** The interface languages (product §9); translation rows are keyed by one of these. */
export const locale = pgEnum('locale', locales);

/** createdAt / updatedAt for tables whose rows change; updatedAt follows every Drizzle update. */
export function timestamps() {
  return {
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}

/** A moment (not a calendar day). */
export function moment() {
  return timestamp({ withTimezone: true });
}

/** Display-only text in every interface language, stored as jsonb `{ "nl-NL": "…", … }`. */
export type LocaleTextMap = Partial<Record<(typeof locales)[number], string>>;
