import type { Locale } from '@mp/contract/i18n';
import { type SQL, sql } from 'drizzle-orm';
import { localeLiteral } from './catalogue.common.queries.ts';

/**
 * Every description a quick search in `locale` can match a word in (decision 0008, "Words in no description"): the
 * folded descriptions of the items and sets in that locale, and the nl-NL ones of those without it (the statements'
 * fallback) — a superset (blocked items, inactive sets too), joined by a newline in chunks of about 2,000 texts, so
 * a build reads a few hundred rows instead of half a million. Not the numbers: they match alike in every language.
 */
export function presenceTextsSql(locale: Locale): SQL {
  const L = localeLiteral(locale);
  return sql`
    select string_agg(x.t, e'\n') as t from (
      select t, row_number() over () / 2000 as chunk from (
        select t.search_text as t from item_translations t
        where t.locale = ${L} or (t.locale = 'nl-NL'
          and not exists (select 1 from item_translations x where x.item_id = t.item_id and x.locale = ${L}))
        union all
        select lower(public.unaccent('public.unaccent'::regdictionary, t.description)) from set_translations t
        where t.locale = ${L} or (t.locale = 'nl-NL'
          and not exists (select 1 from set_translations x where x.set_id = t.set_id and x.locale = ${L}))
      ) a where t is not null
    ) x group by x.chunk`;
}
