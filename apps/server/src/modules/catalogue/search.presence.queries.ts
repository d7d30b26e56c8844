import { type SQL, sql } from 'drizzle-orm';

/**
 * Every description a quick search in any language can match a word in (decision 0008, "Words in no
 * description"): the folded descriptions of the items and sets in every locale — a superset (blocked items,
 * inactive sets too), joined by a newline in chunks of about 2,000 texts, so a build reads a few hundred rows
 * instead of two million. Not the numbers: they match alike in every language.
 */
export function presenceTextsSql(): SQL {
  return sql`
    select string_agg(x.t, e'\n') as t from (
      select t, row_number() over () / 2000 as chunk from (
        select search_text as t from item_translations
        union all select lower(public.unaccent('public.unaccent'::regdictionary, description)) from set_translations
      ) a where t is not null
    ) x group by x.chunk`;
}
