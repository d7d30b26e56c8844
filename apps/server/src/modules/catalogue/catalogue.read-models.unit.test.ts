import { describe, expect, it } from 'vitest';
import { CardStore, CardTexts } from './catalogue.card-store.ts';
import type { CardRow } from './catalogue.common.queries.ts';
import { ListingIndex } from './catalogue.listing-index.ts';
import type { CardStoreRow } from './catalogue.read-model.queries.ts';
import { EntryIndexBuilder, matchesWord, QuickSearchIndex, SharedEntries } from './search.index.ts';
import { PostingCursor, PostingWriter } from './search.postings.ts';
import { bytesOf, TextsBuilder } from './search.texts.ts';

// The read models' memory (decision 0008, "Size"): equal values held once. What a page reads is checked
// against the SQL statements in catalogue.test.ts; here, that the sharing happens and changes nothing.

/** A row as the driver gives it: every string and object its own copy. */
const row = (id: string, no: string, colour: Record<string, string> | null): CardStoreRow =>
  JSON.parse(
    JSON.stringify({
      id,
      item_no: no,
      descriptions: {
        'nl-NL': `Bouwhek ${no}`,
        'en-US': `Fence ${no}`,
        'fr-FR': `Bouwhek ${no}`,
        'de-DE': no,
      },
      image_sha: null,
      category_id: 'c0ffee00-0000-4000-8000-000000000001',
      rental_type: 'Verhuur',
      rental_unit: 'Dag',
      day_price: '12.50',
      week_price: '50.00',
      sale_price: null,
      weight: '18.500',
      tech: [
        {
          c: 'verzinkt',
          k: 'boolean',
          u: null,
          l: 'Verzinkt',
          b: true,
          n: null,
          t: null,
          lj: { 'nl-NL': 'Verzinkt', 'en-US': 'Galvanised' },
          tj: null,
        },
        {
          c: 'kleur',
          k: 'text',
          u: null,
          l: 'Kleur',
          b: null,
          n: null,
          t: colour?.['nl-NL'] ?? null,
          lj: { 'nl-NL': 'Kleur', 'de-DE': 'Farbe' },
          tj: colour,
        },
      ],
    }),
  );

describe('the card store (every locale, held once)', () => {
  const store = new CardStore([
    row('a', 'BH-1', { 'nl-NL': 'grijs', 'en-US': 'grey' }),
    row('b', 'BH-2', { 'nl-NL': 'grijs', 'en-US': 'grey' }),
    row('c', 'BH-3', null),
  ]);

  it('reads a card in a locale as the statement does: its texts, else the nl-NL ones', () => {
    const base = {
      id: 'a',
      item_no: 'BH-1',
      image_sha: null,
      category_id: 'c0ffee00-0000-4000-8000-000000000001',
      rental_type: 'Verhuur',
      rental_unit: 'Dag',
      day_price: '12.50',
      week_price: '50.00',
      sale_price: null,
      weight: '18.500',
    };
    const verzinkt = { c: 'verzinkt', k: 'boolean', u: null, b: true, n: null, t: null };
    const kleur = { c: 'kleur', k: 'text', u: null, b: null, n: null };
    expect(store.view('en-US').get('a')).toEqual({
      ...base,
      description: 'Fence BH-1',
      tech: [
        { ...verzinkt, l: 'Galvanised' },
        { ...kleur, l: 'Kleur', t: 'grey' },
      ],
    });
    expect(store.view('de-DE').get('a')).toEqual({
      ...base,
      description: 'BH-1',
      tech: [
        { ...verzinkt, l: 'Verzinkt' },
        { ...kleur, l: 'Farbe', t: 'grijs' },
      ],
    });
    expect(store.view('fr-FR').get('c')?.tech[1]).toEqual({ ...kleur, l: 'Kleur', t: null });
    expect(store.view('nl-NL').get('x')).toBeUndefined();
  });

  it('holds a list of technical data once for every item that has it, frozen', () => {
    const en = store.view('en-US');
    const [a, b, c] = ['a', 'b', 'c'].map((id) => en.get(id) as CardRow);
    expect(a.tech).toBe(b.tech);
    expect(c.tech).not.toBe(a.tech);
    expect(() => {
      (a.tech[0] as { l: string | null }).l = 'changed';
    }).toThrow(TypeError);
    expect(() => a.tech.push(a.tech[0])).toThrow(TypeError);
    expect((en.get('b') as CardRow).tech[0].l).toBe('Galvanised');
  });
});

describe('quick-search posting lists (gaps in 7-bit groups)', () => {
  it('read back every id as written, across one-, two- and three-byte gaps', () => {
    const ids = [0, 1, 2, 129, 130, 16_514, 16_515, 2_113_667, 2_113_668];
    const w = new PostingWriter();
    for (const id of ids) {
      w.add(id);
      w.add(id); // the same text's second trigram: one posting
    }
    const list = w.done();
    expect(list.count).toBe(ids.length);
    expect(list.bytes.length).toBe(1 + 1 + 1 + 2 + 1 + 3 + 1 + 3 + 1);
    const c = new PostingCursor(list.bytes);
    const read: number[] = [];
    for (let id = c.next(); id >= 0; id = c.next()) read.push(id);
    expect(read).toEqual(ids);
  });

  it('find texts far apart in a large index exactly', () => {
    const entry = (i: number, description: string) => ({
      no: `BH-${String(i).padStart(6, '0')}`,
      noLower: `bh-${String(i).padStart(6, '0')}`,
      description,
      folded: description.toLowerCase(),
      hasDescription: true,
      imageSha: null,
    });
    const far = [3, 200, 17_000, 39_998];
    const entries = Array.from({ length: 40_000 }, (_, i) =>
      entry(i, far.includes(i) ? `Lichtmast ${i}` : `Bouwhek ${i}`),
    );
    const index = new QuickSearchIndex(1, entries, []);
    expect(index.search(['lichtmast'], false, 10).map((h) => h.no)).toEqual(far.map((i) => entry(i, '').no));
    expect(index.search(['bh-039999'], false, 10).map((h) => h.no)).toEqual(['BH-039999']);
  });
});

describe('quick-search indexes of several locales (one id space, decision 0008 "Scale 1000")', () => {
  const entry = (no: string, description: string, imageSha: string | null = null) => ({
    no,
    noLower: no.toLowerCase(),
    description,
    folded: description.toLowerCase(),
    hasDescription: true,
    imageSha,
  });
  const words = ['Bouwhek', 'Fence', 'Lichtmast', 'Lighting', 'tower', 'Heras', 'mobiel', 'mobile', 'diesel'];
  const catalogue = (locale: 'nl' | 'en') =>
    Array.from({ length: 3_000 }, (_, i) => {
      const [a, b] = [words[i % words.length], words[(i * 7 + 3) % words.length]];
      const text = locale === 'nl' ? `${a} ${b} ${i}` : `${b} ${a} ${i % 97} extra`;
      return entry(
        `${['BH', 'LM', 'ag'][i % 3]}-${(i * 7919) % 100_000}`,
        text,
        i % 5 === 0 ? `sha${i % 4}` : null,
      );
    });
  const texts = [
    ['bouwhek'],
    ['fence', 'mo'],
    ['li'],
    ['bh-1'],
    ['ag'],
    ['tower', '12'],
    ['diesel', 'heras'],
    ['7'],
  ];
  const results = (index: QuickSearchIndex) => texts.map((w) => index.search(w, true, 10));

  it('share the numbers and images, and answer as an index of their own', () => {
    const nl = new QuickSearchIndex(1, catalogue('nl'), [entry('SET-1', 'Hekwerkset')]);
    const en = new QuickSearchIndex(1, catalogue('en'), [entry('SET-1', 'Fencing set')], nl);
    expect(nl.items.shared).toBeInstanceOf(SharedEntries);
    expect(en.items.shared).toBe(nl.items.shared);
    expect(en.sets.shared).toBe(nl.sets.shared);
    expect(results(en)).toEqual(
      results(new QuickSearchIndex(1, catalogue('en'), [entry('SET-1', 'Fencing set')])),
    );
    // searching one locale leaves the other's answers as they were (the shared `seen` marks)
    expect(results(nl)).toEqual(
      results(new QuickSearchIndex(1, catalogue('nl'), [entry('SET-1', 'Hekwerkset')])),
    );
    expect(results(en).flat().length).toBeGreaterThan(40);
    expect(en.items.entry('BH-0')?.description).toBe('Lighting Bouwhek 0 extra');
    expect(nl.items.entry('BH-0')?.description).toBe('Bouwhek Lighting 0');
  });

  it('get a shared part of their own when the entries differ (another revision)', () => {
    const nl = new QuickSearchIndex(1, catalogue('nl'), []);
    const fewer = catalogue('en').slice(1);
    const otherImage = catalogue('en').map((e, i) => (i === 10 ? { ...e, imageSha: 'new' } : e));
    for (const entries of [fewer, otherImage]) {
      const en = new QuickSearchIndex(2, entries, [], nl);
      expect(en.items.shared).not.toBe(nl.items.shared);
      expect(results(en)).toEqual(results(new QuickSearchIndex(2, entries, [])));
    }
  });
});

describe('quick-search texts in one buffer (UTF-8 bytes, decision 0008 "Scale 1000" step 2)', () => {
  // description, folded (as the database folds it)
  const rows: [string, string, boolean][] = [
    ['Bouwhek Heras 3,5 m', 'bouwhek heras 3,5 m', true],
    ['Échafaudage roulant', 'echafaudage roulant', true],
    ['Straßenwalze GROß', 'strassenwalze gross', true],
    ['Lichtmast LED-mobiel', 'lichtmast led-mobiel', true],
    ['Kühlcontainer 20ft', 'kuhlcontainer 20ft', true],
    ['BH-1001', 'bh-1001', false],
    ['Zeltdach 😀 Ünterbau', 'zeltdach 😀 unterbau', true],
    ['', '', true],
  ];
  const builder = new TextsBuilder();
  for (const [d, f, has] of rows) builder.add(d, f, has);
  const texts = builder.done();
  const words = [
    'bo',
    'he',
    'heras',
    'ech',
    'rou',
    'ss',
    'gross',
    'led',
    'mo',
    'mobiel',
    '20',
    'ku',
    'kuhl',
    'bh',
    '10',
    '😀',
    'un',
    'ünt',
    'x',
    'm',
    '3,5',
  ];

  it('read back each description and folded text', () => {
    rows.forEach(([d, f, has], i) => {
      expect(texts.description(i)).toBe(d);
      expect(texts.folded(i)).toBe(f);
      expect(texts.hasDescription(i)).toBe(has);
    });
  });

  it('match words on the bytes exactly as on the folded strings', () => {
    rows.forEach(([, f], i) => {
      for (const w of words) {
        const b = bytesOf(w);
        expect(texts.includes(i, b), `${f} ∋ ${w}`).toBe(f.includes(w));
        expect(texts.startsWith(i, b), `${f} starts ${w}`).toBe(f.startsWith(w));
        expect(texts.startsAWord(i, b), `${f} word ${w}`).toBe(
          f.startsWith(w) || f.includes(` ${w}`) || f.includes(`-${w}`),
        );
        if (w.length < 3) expect(texts.startsAWord(i, b)).toBe(matchesWord(f, w));
      }
    });
  });
});

describe('a quick-search index built in batches from rows the database ranked (decision 0008 "Scale 1000" step 3)', () => {
  const entry = (i: number) => {
    const description = `${['Bouwhek', 'Lichtmast', 'Trilplaat'][i % 3]} ${'x'.repeat(i % 4)} ${i % 50}`;
    return {
      no: `TP-${(i * 37) % 1000}`,
      noLower: `tp-${(i * 37) % 1000}`,
      description,
      folded: description.toLowerCase(),
      hasDescription: i % 11 !== 0,
      imageSha: null,
    };
  };
  const entries = Array.from({ length: 1_000 }, (_, i) => entry(i));
  const texts = [['bouwhek'], ['li', '7'], ['tril', 'xx'], ['tp-3'], ['xxx'], ['4']];

  it('answers as one built from all rows at once, whatever the order among texts of equal length', () => {
    // the database's order: shorter folded text first; equal lengths here in reverse number order
    const ranked = [...entries].sort((a, b) => a.folded.length - b.folded.length || (a.no < b.no ? 1 : -1));
    const builder = new EntryIndexBuilder();
    for (let from = 0; from < ranked.length; from += 64)
      for (const e of ranked.slice(from, from + 64)) builder.add(e);
    const batched = new QuickSearchIndex(1, builder, []);
    const oneShot = new QuickSearchIndex(1, entries, []);
    const answers = (index: QuickSearchIndex) => texts.map((w) => index.search(w, false, 10));
    expect(answers(batched)).toEqual(answers(oneShot));
    expect(answers(batched).flat().length).toBeGreaterThan(30);
  });

  it('takes the database order of texts and numbers when it is right, and sorts itself when it is not', () => {
    const ranked = [...entries].sort((a, b) => a.folded.length - b.folded.length || (a.no < b.no ? -1 : 1));
    const placeIn = (compare: (a: (typeof entries)[0], b: (typeof entries)[0]) => number) => {
      const sorted = [...ranked].sort(compare);
      return new Map(sorted.map((e, k) => [e, k]));
    };
    const text = placeIn((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0));
    const number = placeIn((a, b) =>
      a.noLower < b.noLower ? -1 : a.noLower > b.noLower ? 1 : a.no < b.no ? -1 : 1,
    );
    const oneShot = new QuickSearchIndex(1, entries, []);
    const answers = (index: QuickSearchIndex) => texts.map((w) => index.search(w, false, 10));
    const right = new EntryIndexBuilder();
    for (const e of ranked) right.add(e, { text: text.get(e) as number, number: number.get(e) as number });
    expect(answers(new QuickSearchIndex(1, right, []))).toEqual(answers(oneShot));
    // wrong places (reversed; one repeated): the build notices and sorts
    for (const wrong of [(k: number) => ranked.length - 1 - k, (k: number) => Math.max(0, k - 1)]) {
      const builder = new EntryIndexBuilder();
      for (const e of ranked) {
        const at = { text: wrong(text.get(e) as number), number: wrong(number.get(e) as number) };
        builder.add(e, at);
      }
      expect(answers(new QuickSearchIndex(1, builder, []))).toEqual(answers(oneShot));
    }
  });

  it('refuses rows out of rank order (a longer text before a shorter one)', () => {
    const builder = new EntryIndexBuilder();
    builder.add(entry(3));
    expect(() => builder.add(entry(0))).toThrow(/out of rank order/);
  });
});

describe('the listing index and the card store built in batches (decision 0008 "Scale 1000" step 3)', () => {
  const attributes = ['diesel', 'led', 'verzinkt'].map((code, k) => ({
    id: `a${k}`,
    code,
    kind: 'boolean',
    filterable: true,
    label: { 'nl-NL': code },
  }));
  const categories = [
    { id: 'c0', parentId: null },
    { id: 'c1', parentId: 'c0' },
    { id: 'c2', parentId: null },
  ];
  const items = Array.from({ length: 500 }, (_, i) => ({
    id: `i${i}`,
    categoryId: ['c0', 'c1', 'c2', null][i % 4],
    noRank: ((i * 7) % 500) + 1,
    descriptionRank: { 'nl-NL': i % 37, 'en-US': i % 41, 'fr-FR': i % 43, 'de-DE': i % 47 },
    dayPrice: i % 5 === 0 ? null : `${(i * 13) % 200}.50`,
    weekPrice: i % 6 === 0 ? null : `${(i * 17) % 900}.00`,
    weight: i % 9 === 0 ? null : `${(i * 3) % 70}.250`,
    trueAttributes: attributes.filter((_, k) => (i >> k) % 2 === 1).map((a) => a.id),
  }));

  it('gives every page as the index built from all items at once', () => {
    const batched = new ListingIndex(0, null, attributes, categories);
    for (let from = 0; from < items.length; from += 64) batched.add(items.slice(from, from + 64));
    batched.done(7);
    const oneShot = new ListingIndex(7, items, attributes, categories);
    expect(batched.revision).toBe(7);
    for (const categoryId of [null, 'c0', 'c1', 'c2'])
      for (const sort of ['default', 'description', 'dayPriceDesc', 'weight'] as const)
        for (const bool of [[], ['a1'], ['a0', 'a2']]) {
          const q = {
            categoryId,
            locale: 'en-US' as const,
            filters: { bool, dayMax: 150 },
            sort,
            limit: 24,
            offset: 24,
            withPrices: true,
          };
          expect(batched.list(q)).toEqual(oneShot.list(q));
        }
    expect(
      oneShot.list({
        categoryId: 'c0',
        locale: 'nl-NL',
        filters: { bool: [] },
        sort: 'default',
        limit: 500,
        offset: 0,
        withPrices: true,
      }).total,
    ).toBe(250);
  });

  it('holds the same cards whether the rows came at once or in batches', () => {
    const rows = Array.from({ length: 300 }, (_, i) =>
      row(`id${i}`, `BH-${i}`, i % 3 === 0 ? null : { 'nl-NL': `kleur ${i % 4}` }),
    );
    const batched = new CardStore();
    for (let from = 0; from < rows.length; from += 50) batched.add(rows.slice(from, from + 50));
    batched.done();
    const oneShot = new CardStore(rows);
    expect(batched.size).toBe(300);
    for (const locale of ['nl-NL', 'en-US', 'fr-FR', 'de-DE'] as const)
      for (const r of rows) expect(batched.view(locale).get(r.id)).toEqual(oneShot.view(locale).get(r.id));
    expect(batched.view('en-US').get('id7')?.description).toBe('Fence BH-7');
    expect(batched.view('fr-FR').get('id7')?.description).toBe('Bouwhek BH-7');
  });

  it("reads another locale's cards from that locale's texts as a store of every locale does, at its revision only", () => {
    const rows = Array.from({ length: 60 }, (_, i) =>
      row(`id${String(i).padStart(2, '0')}`, `BH-${i}`, i % 3 === 0 ? null : { 'nl-NL': `kleur ${i % 4}` }),
    );
    const every = new CardStore(rows);
    const nlOnly = new CardStore(undefined, ['nl-NL']);
    nlOnly.add(rows.map((r) => ({ ...r, descriptions: { 'nl-NL': r.descriptions['nl-NL'] } })));
    nlOnly.done(7);
    expect(nlOnly.holds('en-US')).toBe(false);
    expect(() => nlOnly.view('en-US')).toThrow();
    for (const locale of ['en-US', 'fr-FR', 'de-DE'] as const) {
      const texts = CardTexts.builder(locale);
      texts.add(rows.map((r) => ({ nl: r.descriptions['nl-NL'], text: r.descriptions[locale] as string })));
      const done = texts.done(7);
      const view = nlOnly.textView(done);
      expect(view).not.toBeNull();
      for (const r of rows) expect(view?.get(r.id)).toEqual(every.view(locale).get(r.id));
      // the same view while the texts are the same; none from texts of another revision or row count
      expect(nlOnly.textView(done)).toBe(view);
      expect(nlOnly.textView(CardTexts.fromParts({ ...done.parts(), revision: 6 }))).toBeNull();
      const fewer = CardTexts.builder(locale);
      fewer.add(
        rows.slice(1).map((r) => ({ nl: r.descriptions['nl-NL'], text: r.descriptions[locale] as string })),
      );
      expect(nlOnly.textView(fewer.done(7))).toBeNull();
    }
    // a text the same as nl-NL's is held once (the nl-NL column's): fr-FR's are all the same here
    const fr = CardTexts.builder('fr-FR');
    fr.add(rows.map((r) => ({ nl: r.descriptions['nl-NL'], text: r.descriptions['fr-FR'] as string })));
    expect(fr.done(7).parts().texts.bytes.length).toBe(0);
  });
});
