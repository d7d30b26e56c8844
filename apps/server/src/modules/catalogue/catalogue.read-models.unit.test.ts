import { describe, expect, it } from 'vitest';
import type { CardRow, TechRow } from './catalogue.common.queries.ts';
import { compactCards } from './catalogue.indexes.ts';
import { PostingCursor, PostingWriter, QuickSearchIndex } from './search.index.ts';

// The read models' memory (decision 0008, "Size"): equal values held once. What a page reads is checked
// against the SQL statements in catalogue.test.ts; here, that the sharing happens and changes nothing.

const tech = (c: string, b: boolean | null, t: string | null): TechRow => ({
  c,
  k: b === null ? 'text' : 'boolean',
  u: null,
  l: `label ${c}`,
  b,
  n: null,
  t,
});

/** A row as the driver gives it: every string and object its own copy. */
const row = (id: string, no: string, techRows: TechRow[]): CardRow =>
  JSON.parse(
    JSON.stringify({
      id,
      item_no: no,
      description: 'Bouwhek 3,5 m',
      image_sha: null,
      category_id: 'c0ffee00-0000-4000-8000-000000000001',
      rental_type: 'Verhuur',
      rental_unit: 'Dag',
      day_price: '12.50',
      week_price: '50.00',
      sale_price: null,
      weight: '18.500',
      tech: techRows,
    }),
  );

describe('compactCards', () => {
  const rows = [
    row('a', 'BH-1', [tech('verzinkt', true, null), tech('kleur', null, 'grijs')]),
    row('b', 'BH-2', [tech('verzinkt', true, null), tech('kleur', null, 'grijs')]),
    row('c', 'BH-3', [tech('verzinkt', true, null), tech('kleur', null, 'rood')]),
  ];
  const cards = compactCards(rows);

  it('reads every card as the rows were', () => {
    expect([...cards.keys()]).toEqual(['a', 'b', 'c']);
    for (const r of rows) expect(cards.get(r.id)).toEqual(r);
  });

  it('holds equal technical rows and whole lists of them once', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((id) => cards.get(id) as CardRow);
    expect(a.tech).toBe(b.tech);
    expect(c.tech).not.toBe(a.tech);
    expect(c.tech[0]).toBe(a.tech[0]);
    expect(c.tech[1]).not.toBe(a.tech[1]);
  });

  it('cannot be changed through one card for the others', () => {
    const a = cards.get('a') as CardRow;
    expect(() => {
      (a.tech[0] as { t: string | null }).t = 'changed';
    }).toThrow(TypeError);
    expect(() => a.tech.push(tech('x', true, null))).toThrow(TypeError);
    expect((cards.get('b') as CardRow).tech[0].t).toBeNull();
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
