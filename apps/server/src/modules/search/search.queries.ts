import type { Locale } from '@mp/contract/i18n';
import { CONTAINS_MIN_WORD_LENGTH, WORD_SEPARATORS } from '@mp/contract/rules/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { localeLiteral } from '../catalogue/catalogue.queries.ts';

// Matching follows packages/contract/src/rules/search.ts: a word of 3+ characters anywhere in the text,
// a shorter one at the start of a word. Every test is `lower(f_unaccent(col)) LIKE pattern` so the
// per-locale trigram indexes of migration 0001 serve it (a leading-% two-letter pattern would not).

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** LIKE patterns for one folded search word. */
export function likePatterns(word: string): string[] {
  const w = escapeLike(word);
  if (word.length >= CONTAINS_MIN_WORD_LENGTH) return [`%${w}%`];
  return [`${w}%`, ...WORD_SEPARATORS.map((sep) => `%${escapeLike(sep)}${w}%`)];
}

/** `expr` matches the word: an OR of its patterns, folded in SQL exactly as the index is. */
function wordTest(expr: SQL, word: string): SQL {
  return sql`(${sql.join(
    likePatterns(word).map((p) => sql`${expr} like lower(f_unaccent(${p}))`),
    sql` or `,
  )})`;
}

function anyWord(expr: SQL, words: string[]): SQL {
  return sql`(${sql.join(
    words.map((w) => wordTest(expr, w)),
    sql` or `,
  )})`;
}

function matchedWords(d: SQL, no: SQL, words: string[]): SQL {
  return sql`(${sql.join(
    words.map((w) => sql`(${wordTest(d, w)} or ${wordTest(no, w)})::int`),
    sql` + `,
  )})`;
}

const folded = (col: SQL) => sql`lower(f_unaccent(${col}))`;

/**
 * Items whose description in the locale (nl-NL where the locale has none) or whose number matches
 * any of the words, with `n` = how many words match and `rel` = relevance (exact number first, then
 * trigram similarity to the whole search text).
 */
export function itemCandidates(locale: Locale, words: string[]): SQL {
  const L = localeLiteral(locale);
  const td = folded(sql`t.description`);
  const q = words.join(' ');
  const fallback =
    locale === 'nl-NL'
      ? sql``
      : sql`union
      select t.item_id as id, t.description from item_translations t
      where t.locale = 'nl-NL' and ${anyWord(td, words)}
        and not exists (select 1 from item_translations x where x.item_id = t.item_id and x.locale = ${L})`;
  const descriptionOf =
    locale === 'nl-NL'
      ? sql`(select t.description from item_translations t where t.item_id = i.id and t.locale = 'nl-NL')`
      : sql`coalesce(
          (select t.description from item_translations t where t.item_id = i.id and t.locale = ${L}),
          (select t.description from item_translations t where t.item_id = i.id and t.locale = 'nl-NL'))`;
  return sql`
    select c.id, c.description,
      ${matchedWords(sql`c.d`, sql`lower(i.item_no)`, words)} as n,
      (lower(i.item_no) = ${q})::int + similarity(c.d, ${q}) as rel
    from (
      select m.id, m.description, ${folded(sql`m.description`)} as d from (
        select t.item_id as id, t.description from item_translations t
        where t.locale = ${L} and ${anyWord(td, words)}
        ${fallback}
        union
        select i.id, coalesce(${descriptionOf}, i.item_no) from items i
        where ${anyWord(sql`lower(i.item_no)`, words)}
      ) m
    ) c
    join items i on i.id = c.id
    where i.searchable and not i.blocked`;
}

/** Active sets whose description (locale, nl-NL fallback) or number matches any of the words. */
export function setCandidates(locale: Locale, words: string[]): SQL {
  const L = localeLiteral(locale);
  const td = folded(sql`t.description`);
  const q = words.join(' ');
  const fallback =
    locale === 'nl-NL'
      ? sql``
      : sql`union
      select t.set_id as id, t.description from set_translations t
      where t.locale = 'nl-NL' and ${anyWord(td, words)}
        and not exists (select 1 from set_translations x where x.set_id = t.set_id and x.locale = ${L})`;
  const descriptionOf =
    locale === 'nl-NL'
      ? sql`(select t.description from set_translations t where t.set_id = s.id and t.locale = 'nl-NL')`
      : sql`coalesce(
          (select t.description from set_translations t where t.set_id = s.id and t.locale = ${L}),
          (select t.description from set_translations t where t.set_id = s.id and t.locale = 'nl-NL'))`;
  return sql`
    select c.id, c.description,
      ${matchedWords(sql`c.d`, sql`lower(s.set_no)`, words)} as n,
      (lower(s.set_no) = ${q})::int + similarity(c.d, ${q}) as rel
    from (
      select m.id, m.description, ${folded(sql`m.description`)} as d from (
        select t.set_id as id, t.description from set_translations t
        where t.locale = ${L} and ${anyWord(td, words)}
        ${fallback}
        union
        select s.id, coalesce(${descriptionOf}, s.set_no) from sets s
        where ${anyWord(sql`lower(s.set_no)`, words)}
      ) m
    ) c
    join sets s on s.id = c.id
    where s.active`;
}

export type QuickRow = {
  is_set: boolean;
  no: string;
  description: string;
  image_sha: string | null;
  n: number;
};

/** The quick search statement: the best `limit` items and sets together, ranked. */
export function quickSearchSql(locale: Locale, words: string[], withSets: boolean, limit: number): SQL {
  const setsPart = withSets
    ? sql`union all
      select true, s.set_no, c.description, s.image_file_id, c.n, c.rel
      from (${setCandidates(locale, words)}) c join sets s on s.id = c.id`
    : sql``;
  return sql`
    select r.is_set, r.no, r.description, (select f.sha256 from files f where f.id = r.image_file_id) as image_sha, r.n
    from (
      select false as is_set, i.item_no as no, c.description, i.image_file_id, c.n, c.rel
      from (${itemCandidates(locale, words)}) c join items i on i.id = c.id
      ${setsPart}
      order by n desc, rel desc, no
      limit ${limit}
    ) r
    order by r.n desc, r.rel desc, r.no`;
}

export async function selectQuickSearch(
  db: Db,
  locale: Locale,
  words: string[],
  withSets: boolean,
  limit: number,
): Promise<QuickRow[]> {
  const r = await db.execute<QuickRow>(quickSearchSql(locale, words, withSets, limit));
  return r.rows;
}

export type SetHitRow = {
  set_no: string;
  description: string;
  image_sha: string | null;
};

/** Matching sets for the full result list, best first. */
export async function selectSetHits(db: Db, locale: Locale, words: string[], limit: number): Promise<SetHitRow[]> {
  const r = await db.execute<SetHitRow>(sql`
    select s.set_no, c.description, (select f.sha256 from files f where f.id = s.image_file_id) as image_sha
    from (${setCandidates(locale, words)}) c join sets s on s.id = c.id
    order by c.n desc, c.rel desc, s.set_no
    limit ${limit}`);
  return r.rows;
}
