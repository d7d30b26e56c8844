import type { Locale } from '@mp/contract/i18n';
import { CONTAINS_MIN_WORD_LENGTH, fallbackLocales, WORD_SEPARATORS } from '@mp/contract/rules/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { executePrepared, localeLiteral } from './catalogue.common.queries.ts';

// Matching follows packages/contract/src/rules/search.ts: a word of 3+ characters anywhere in the text,
// a shorter one at the start of the text or after a space or hyphen. Every test is `search_text LIKE pattern`
// (the stored folded description) so the per-locale trigram indexes of migration 0002 serve it (a
// leading-% two-letter pattern would not).

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

/**
 * The folded description: the stored generated column `search_text` (= lower(f_unaccent(description)),
 * migration 0002) that the per-locale trigram indexes are built on; reading it costs no function call.
 */
const searchText = (alias: string) => sql.raw(`${alias}.search_text`);
/**
 * The same value for a select list: f_unaccent() is a SQL function the planner cannot inline (it is
 * declared immutable over a stable one), so calling unaccent() directly saves a function call per row.
 */
const foldedValue = (col: SQL) => sql`lower(public.unaccent('public.unaccent'::regdictionary, ${col}))`;

/** How the words combine when choosing candidates: any of them (the full list) or all of them. */
export type WordMode = 'any' | 'all';

function wordsTest(expr: SQL, words: string[], mode: WordMode): SQL {
  return mode === 'any'
    ? anyWord(expr, words)
    : sql`(${sql.join(
        words.map((w) => wordTest(expr, w)),
        sql` and `,
      )})`;
}

/**
 * Relevance among results with as many matched words: the exact number first, then a description
 * that starts with the first word, then the shorter description (a cheap stand-in for trigram
 * similarity: of two texts holding the same words, the shorter is the closer match).
 */
function relevance(d: SQL, no: SQL, words: string[]): SQL {
  const q = words.join(' ');
  return sql`((${no} = ${q})::int * 4 + (${d} like lower(f_unaccent(${`${escapeLike(words[0])}%`})))::int * 2
    + 1::float8 / (1 + length(${d})))`;
}

/**
 * Items whose description in the locale (nl-NL where the locale has none) or whose number matches
 * the words, as `listedColumns` plus description, `n` = how many words match and `rel` = relevance.
 */
export function itemCandidates(locale: Locale, words: string[], mode: WordMode = 'any'): SQL {
  const L = localeLiteral(locale);
  const td = searchText('t');
  // The index selects on the words of 3+ characters when there are any: a two-letter word (three
  // patterns, thousands of rows) does not bring in candidates by itself next to a longer word, it only
  // counts in `n`; with 'all' it is tested once on the folded text afterwards (each LIKE of an index
  // recheck folds the text again).
  const long = words.filter((w) => w.length >= CONTAINS_MIN_WORD_LENGTH);
  const selecting = long.length > 0 ? long : words;
  const indexTest = (expr: SQL) =>
    mode === 'all' ? wordsTest(expr, selecting, 'all') : anyWord(expr, selecting);
  const fallback =
    locale === 'nl-NL'
      ? sql``
      : sql`union all
      select t.item_id as id, t.description, t.search_text from item_translations t
      where t.locale = 'nl-NL' and ${indexTest(td)}
        and not exists (select 1 from item_translations x where x.item_id = t.item_id and x.locale = ${L})`;
  const descriptionOf =
    locale === 'nl-NL'
      ? sql`(select t.description from item_translations t where t.item_id = i.id and t.locale = 'nl-NL')`
      : sql`coalesce(
          (select t.description from item_translations t where t.item_id = i.id and t.locale = ${L}),
          (select t.description from item_translations t where t.item_id = i.id and t.locale = 'nl-NL'))`;
  const allWords =
    mode === 'all'
      ? sql` and (${wordsTest(sql`c.d`, words, 'all')} or ${wordsTest(sql`lower(i.item_no)`, words, 'all')})`
      : sql``;
  return sql`
    select i.id, i.sort, i.item_no, i.day_price, i.week_price, i.weight, i.image_file_id, c.description,
      ${matchedWords(sql`c.d`, sql`lower(i.item_no)`, words)} as n,
      ${relevance(sql`c.d`, sql`lower(i.item_no)`, words)} as rel
    from (
      select m.id, m.description, coalesce(m.d, ${foldedValue(sql`m.description`)}) as d from (
        select t.item_id as id, t.description, t.search_text as d from item_translations t
        where t.locale = ${L} and ${indexTest(td)}
        ${fallback}
        union all
        -- Matched on the number only: an item the branches above admit is not repeated here.
        select n.id, coalesce(n.description, n.item_no), null from (
          select i.id, i.item_no, ${descriptionOf} as description from items i
          where ${mode === 'all' ? wordsTest(sql`lower(i.item_no)`, words, 'all') : anyWord(sql`lower(i.item_no)`, selecting)}
        ) n
        where not coalesce(${indexTest(foldedValue(sql`n.description`))}, false)
      ) m
      -- why: offset 0 keeps the folded text computed once per candidate instead of once per use.
      offset 0
    ) c
    join items i on i.id = c.id
    where i.searchable and not i.blocked${allWords}`;
}

/**
 * The full search's candidates across languages (decision 0013): those of the interface language (tier 0,
 * `itemCandidates`) and, below them, the items whose text in nl-NL (tier 1) or another language (tiers 2, 3)
 * matches, each item once at its best tier, with `n` and `rel` of the text that gave it that tier. The
 * other languages need neither the number branch nor the nl-NL fallback of `itemCandidates` (tier 0 and
 * tier 1 hold those). Cards take their description from the interface language anyway (cardColumns), so a
 * Dutch match shows its English name.
 */
export function itemCandidatesAcrossLocales(locale: Locale, words: string[]): SQL {
  const long = words.filter((w) => w.length >= CONTAINS_MIN_WORD_LENGTH);
  const selecting = long.length > 0 ? long : words;
  const td = searchText('t');
  const no = sql`lower(i.item_no)`;
  const others = fallbackLocales(locale).map(
    (l, k) => sql`
      select i.id, i.sort, i.item_no, i.day_price, i.week_price, i.weight, i.image_file_id, t.description,
        ${matchedWords(td, no, words)} as n, ${relevance(td, no, words)} as rel, ${sql.raw(String(k + 1))} as tier
      from item_translations t join items i on i.id = t.item_id
      where t.locale = ${localeLiteral(l)} and ${anyWord(td, selecting)} and i.searchable and not i.blocked`,
  );
  return sql`
    select distinct on (x.id) x.* from (
      select c.*, 0 as tier from (${itemCandidates(locale, words)}) c
      union all ${sql.join(others, sql` union all `)}
    ) x
    order by x.id, x.tier, x.n desc, x.rel desc`;
}

/**
 * The candidates of several word lists (a search with synonyms, rules/search.ts searchVariants): each item once,
 * with the best words-matched count and relevance any list gives it (and its best tier across languages).
 */
export function candidatesOfVariants(
  variants: string[][],
  candidates: (words: string[]) => SQL,
  tiered = false,
): SQL {
  if (variants.length === 1) return candidates(variants[0]);
  return sql`
    select distinct on (x.id) x.* from (
      ${sql.join(
        variants.map((v) => sql`select c.* from (${candidates(v)}) c`),
        sql` union all `,
      )}
    ) x
    order by x.id, ${tiered ? sql`x.tier, ` : sql``}x.n desc, x.rel desc`;
}

/** How many items a candidate set holds (before any filter). */
export async function countCandidates(db: Db, base: SQL): Promise<number> {
  const rows = await executePrepared<{ n: number }>(db, sql`select count(*)::int as n from (${base}) c`);
  return rows[0].n;
}

/** Active sets whose description (locale, nl-NL fallback) or number matches any of the words. */
export function setCandidates(locale: Locale, words: string[]): SQL {
  const L = localeLiteral(locale);
  const td = searchText('t');
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
      ${relevance(sql`c.d`, sql`lower(s.set_no)`, words)} as rel
    from (
      select m.id, m.description, ${foldedValue(sql`m.description`)} as d from (
        select t.set_id as id, t.description from set_translations t
        where t.locale = ${L} and ${anyWord(td, words)}
        ${fallback}
        union
        select s.id, coalesce(${descriptionOf}, s.set_no) from sets s
        where ${anyWord(sql`lower(s.set_no)`, words)}
      ) m
      offset 0
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

/**
 * The best `limit` items for the quick search in two stages, exact yet cheap for broad words (at scale
 * 100 'bouwhek' matches 2,200 near-duplicate rows):
 *
 * 1. `d`: the descriptions matching any selecting word, read from the trigram index and the stored
 *    folded text only (no join, no function call per row). `top` keeps the best of them by the key
 *    computable from the description alone (words matched, then relevance without the number part),
 *    `limit` plus the number of items that can never be listed, WITH TIES.
 * 2. The exact ranking over `top`, the items matched on their number, and the matched descriptions whose
 *    number matches a (two-letter) word that did not select — the only ways an item outside `top` could
 *    rank higher than its description key says.
 *
 * Why it is exact: an item outside `top` and outside the number matches has its description key as its
 * full key, and at least `limit` listable items of `top` have a strictly better one.
 */
function quickItems(locale: Locale, words: string[], limit: number): SQL {
  const L = localeLiteral(locale);
  const long = words.filter((w) => w.length >= CONTAINS_MIN_WORD_LENGTH);
  const selecting = long.length > 0 ? long : words;
  const others = words.filter((w) => !selecting.includes(w));
  const fallback =
    locale === 'nl-NL'
      ? sql``
      : sql`union all
      select t.item_id, t.search_text from item_translations t
      where t.locale = 'nl-NL' and ${anyWord(searchText('t'), selecting)}
        and not exists (select 1 from item_translations x where x.item_id = t.item_id and x.locale = ${L})`;
  const descRank = (d: SQL) =>
    sql`(${sql.join(
      words.map((w) => sql`(${wordTest(d, w)})::int`),
      sql` + `,
    )}) desc, ((${d} like lower(f_unaccent(${`${escapeLike(words[0])}%`})))::int * 2 + 1::float8 / (1 + length(${d}))) desc`;
  const no = sql`lower(i.item_no)`;
  const byShortWordOnNumber =
    others.length > 0
      ? sql`union
      select i.id from items i where ${anyWord(no, others)} and i.id in (select id from d)`
      : sql``;
  const descriptionRow =
    locale === 'nl-NL'
      ? sql`(select t.description, t.search_text from item_translations t where t.item_id = i.id and t.locale = 'nl-NL')`
      : sql`(select t.description, t.search_text from item_translations t
          where t.item_id = i.id and t.locale in (${L}, 'nl-NL') order by (t.locale = ${L}) desc limit 1)`;
  return sql`
    with d as materialized (
      select t.item_id as id, t.search_text as d from item_translations t
      where t.locale = ${L} and ${anyWord(searchText('t'), selecting)}
      ${fallback}
    ),
    top as (
      select d.id from d
      order by ${descRank(sql`d.d`)}
      fetch first (${limit} + (select count(*) from items u where not u.searchable or u.blocked)) rows with ties
    ),
    cand as (
      select id from top
      union
      select i.id from items i where ${anyWord(no, selecting)}
      ${byShortWordOnNumber}
    )
    select i.id, i.item_no, i.image_file_id, coalesce(x.description, i.item_no) as description,
      ${matchedWords(sql`x.d`, no, words)} as n,
      ${relevance(sql`x.d`, no, words)} as rel
    -- why: = any(array(…)) probes the primary key per candidate; a join is estimated too big and
    -- becomes a scan of every item.
    from items i
    cross join lateral (
      select tr.description, coalesce(tr.search_text, ${foldedValue(sql`i.item_no`)}) as d
      from (select 1) one left join lateral ${descriptionRow} tr on true
    ) x
    where i.id = any (array(select id from cand)) and i.searchable and not i.blocked`;
}

/** The quick search statement: the best `limit` items and sets together, ranked. */
export function quickSearchSql(
  locale: Locale,
  words: string[],
  withSets: boolean,
  limit: number,
  withItems = true,
): SQL {
  const itemsPart = sql`select false as is_set, c.item_no as no, c.description, c.image_file_id, c.n, c.rel
        from (${quickItems(locale, words, limit)}) c`;
  const setsPart = sql`select true as is_set, s.set_no as no, c.description, s.image_file_id, c.n, c.rel
        from (${setCandidates(locale, words)}) c join sets s on s.id = c.id`;
  const parts = !withItems
    ? setsPart
    : withSets
      ? sql`${itemsPart}
        union all
      ${setsPart}`
      : itemsPart;
  return sql`
    select r.is_set, r.no, r.description, (select f.sha256 from files f where f.id = r.image_file_id) as image_sha, r.n
    from (
      select * from (
        ${parts}
      ) u
      -- why: collate "C" (code point order) so every server, whatever its locale, ranks equal ties alike
      order by u.n desc, u.rel desc, u.no collate "C"
      limit ${limit}
    ) r
    order by r.n desc, r.rel desc, r.no collate "C"`;
}

/** The quick search's statement; `withItems` false: its sets only (another language's, search.presence.ts). */
export async function selectQuickSearch(
  db: Db,
  locale: Locale,
  words: string[],
  withSets: boolean,
  limit: number,
  withItems = true,
): Promise<QuickRow[]> {
  return executePrepared<QuickRow>(db, quickSearchSql(locale, words, withSets, limit, withItems));
}

export type SetHitRow = {
  set_no: string;
  description: string;
  image_sha: string | null;
};

/** Matching sets for the full result list, best first. */
export async function selectSetHits(
  db: Db,
  locale: Locale,
  words: string[],
  limit: number,
): Promise<SetHitRow[]> {
  const r = await db.execute<SetHitRow>(sql`
    select s.set_no, c.description, (select f.sha256 from files f where f.id = s.image_file_id) as image_sha
    from (${setCandidates(locale, words)}) c join sets s on s.id = c.id
    order by c.n desc, c.rel desc, s.set_no
    limit ${limit}`);
  return r.rows;
}

export type SearchEntryRow = {
  /** place in folded-text order and in number order (0-based) */
  text_pos: number;
  number_pos: number;
  no: string;
  no_lower: string;
  description: string;
  folded: string;
  has_description: boolean;
  image_sha: string | null;
};

/**
 * Searchable items of the locale as quick-search entries (nl-NL text where the locale has none), in rank order:
 * the shorter folded text first (EntryIndexBuilder reads them so, in batches).
 */
/** Each entry's place in folded-text order (byte order, as the index compares) and in number order. */
const entryPositions = sql`(row_number() over (order by e.folded collate "C") - 1)::int as text_pos,
  (row_number() over (order by e.no_lower collate "C", e.no collate "C") - 1)::int as number_pos`;

export function itemEntriesSql(locale: Locale): SQL {
  const L = localeLiteral(locale);
  return sql`
    select e.*, ${entryPositions} from (
      select i.item_no as no, lower(i.item_no) as no_lower, coalesce(tr.description, i.item_no) as description,
        coalesce(tr.search_text, ${foldedValue(sql`i.item_no`)}) as folded, tr.description is not null as has_description,
        f.sha256 as image_sha
      from items i
      left join lateral (
        select t.description, t.search_text from item_translations t
        where t.item_id = i.id and t.locale in (${L}, 'nl-NL') order by (t.locale = ${L}) desc limit 1
      ) tr on true
      left join files f on f.id = i.image_file_id
      where i.searchable and not i.blocked
    ) e order by char_length(e.folded), e.no collate "C"`;
}

/** Active sets of the locale as quick-search entries (nl-NL text where the locale has none), in rank order. */
export function setEntriesSql(locale: Locale): SQL {
  const L = localeLiteral(locale);
  return sql`
    select e.*, ${entryPositions} from (
      select s.set_no as no, lower(s.set_no) as no_lower, coalesce(tr.description, s.set_no) as description,
        ${foldedValue(sql`coalesce(tr.description, s.set_no)`)} as folded, tr.description is not null as has_description,
        f.sha256 as image_sha
      from sets s
      left join lateral (
        select t.description from set_translations t
        where t.set_id = s.id and t.locale in (${L}, 'nl-NL') order by (t.locale = ${L}) desc limit 1
      ) tr on true
      left join files f on f.id = s.image_file_id
      where s.active
    ) e order by char_length(e.folded), e.no collate "C"`;
}

export type NameRow = {
  is_set: boolean;
  no: string;
  description: string;
  image_sha: string | null;
};

/**
 * Names of items and sets by number in the locale (nl-NL where it has none, else the number), with their
 * image: fallback search hits and recently viewed entries shown in the interface language.
 */
export async function selectNames(
  db: Db,
  locale: Locale,
  itemNos: readonly string[],
  setNos: readonly string[],
): Promise<NameRow[]> {
  if (itemNos.length === 0 && setNos.length === 0) return [];
  const L = localeLiteral(locale);
  // why: an empty `in ()` is a syntax error; a list of nulls matches nothing.
  const list = (nos: readonly string[]) =>
    nos.length === 0
      ? sql`null`
      : sql.join(
          nos.map((no) => sql`${no}`),
          sql`, `,
        );
  const r = await db.execute<NameRow>(sql`
    select false as is_set, i.item_no as no, coalesce(tr.description, i.item_no) as description, f.sha256 as image_sha
    from items i
    left join lateral (
      select t.description from item_translations t
      where t.item_id = i.id and t.locale in (${L}, 'nl-NL') order by (t.locale = ${L}) desc limit 1
    ) tr on true
    left join files f on f.id = i.image_file_id
    where i.item_no in (${list(itemNos)})
    union all
    select true, s.set_no, coalesce(tr.description, s.set_no), f.sha256
    from sets s
    left join lateral (
      select t.description from set_translations t
      where t.set_id = s.id and t.locale in (${L}, 'nl-NL') order by (t.locale = ${L}) desc limit 1
    ) tr on true
    left join files f on f.id = s.image_file_id
    where s.set_no in (${list(setNos)})`);
  return r.rows;
}
