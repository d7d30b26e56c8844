import { describe, expect, it } from 'vitest';
import { CardStore } from './catalogue.card-store.ts';
import { IdColumn } from './catalogue.columns.ts';
import { ListingIndex } from './catalogue.listing-index.ts';
import type { CardStoreRow } from './catalogue.read-model.queries.ts';
import { QuickSearchIndex, type SearchEntry } from './search.index.ts';

// A read model built in a worker thread comes over as its parts (decision 0008 "Scale 1000"): typed arrays
// handed over (transferred, as postMessage does) and short lists. Read back, it answers as the model it was.

/** The buffers under a value: the transfer list. */
function buffersOf(value: unknown, out = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) out.add(value.buffer);
  } else if (value instanceof Map) for (const v of value.values()) buffersOf(v, out);
  else if (Array.isArray(value)) for (const v of value) buffersOf(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) buffersOf(v, out);
  return [...out];
}

/** The parts as another thread receives them: cloned, the buffers moved (the sender's are detached). */
const handedOver = <P>(parts: P): P => structuredClone(parts, { transfer: buffersOf(parts) });

const entry = (no: string, description: string): SearchEntry => ({
  no,
  noLower: no.toLowerCase(),
  description,
  folded: description.toLowerCase(),
  hasDescription: true,
  imageSha: no.length % 2 === 0 ? null : `sha-${no.length}`,
});

describe('read models handed over as their parts', () => {
  const texts = [['trilplaat'], ['bh-1'], ['bh'], ['lichtmast', 'led'], ['ab-\u{e000}'], ['ab-😀'], ['zz']];

  for (const [name, extra] of [
    ['numbers in byte order', []],
    // a number from U+E000 on: byte order and code-unit order differ, the index compares strings instead
    [
      'numbers with characters from U+E000',
      [entry('AB-\u{e000}', 'Privé teken'), entry('AB-😀', 'Lach bord')],
    ],
  ] as const) {
    it(`a quick-search index answers as before (${name})`, () => {
      const items = [
        ...Array.from({ length: 300 }, (_, i) =>
          entry(`BH-${i}`, i % 3 === 0 ? `Trilplaat ${i} kg` : `Lichtmast LED ${i}`),
        ),
        ...extra,
      ];
      const sets = [entry('SET-1', 'Bouwhek set'), entry('BH-1S', 'Trilplaat set')];
      const index = new QuickSearchIndex(3, items, sets);
      const answers = texts.map((w) => index.search(w, true, 10));
      const numbers = [...items, ...sets].map((e) => [e.no, index.items.entry(e.no), index.sets.entry(e.no)]);
      const back = QuickSearchIndex.fromParts(handedOver(index.parts()));
      expect(back.revision).toBe(3);
      expect(texts.map((w) => back.search(w, true, 10))).toEqual(answers);
      expect([...items, ...sets].map((e) => [e.no, back.items.entry(e.no), back.sets.entry(e.no)])).toEqual(
        numbers,
      );
      for (const e of extra) expect(back.search([e.noLower], false, 10)[0]?.no).toBe(e.no);
    });
  }

  it('a second locale shares the numbers of the index it is the same as, else keeps its own', () => {
    const items = Array.from({ length: 50 }, (_, i) => entry(`BH-${i}`, `Bouwhek ${i}`));
    const nl = QuickSearchIndex.fromParts(handedOver(new QuickSearchIndex(1, items, []).parts()));
    const en = QuickSearchIndex.fromParts(
      handedOver(
        new QuickSearchIndex(
          1,
          items.map((e) => ({ ...e, description: `Fence ${e.no}` })),
          [],
        ).parts(),
      ),
      nl,
    );
    expect(en.items.shared).toBe(nl.items.shared);
    const other = QuickSearchIndex.fromParts(
      handedOver(new QuickSearchIndex(2, items.slice(1), []).parts()),
      nl,
    );
    expect(other.items.shared).not.toBe(nl.items.shared);
    expect(other.search(['bh-1'], false, 10)[0]?.no).toBe('BH-1');
  });

  it('the card store and the listing index answer as before', () => {
    const rows: CardStoreRow[] = Array.from({ length: 120 }, (_, i) => ({
      id: `0000000${i % 10}-0000-4000-8000-${String(i).padStart(12, '0')}`,
      item_no: `BH-${i}`,
      descriptions: {
        'nl-NL': `Bouwhek ${i}`,
        'en-US': `Fence ${i}`,
        'fr-FR': `Bouwhek ${i}`,
        'de-DE': `Zaun ${i}`,
      },
      image_sha: i % 4 === 0 ? null : `sha${i % 4}`,
      category_id: `c${i % 3}`,
      rental_type: 'Verhuur',
      rental_unit: 'Dag',
      day_price: i % 5 === 0 ? null : `${i}.50`,
      week_price: `${i * 4}.00`,
      sale_price: null,
      weight: `${i}.250`,
      tech: [
        {
          c: 'kleur',
          k: 'text',
          u: null,
          b: null,
          n: null,
          lj: { 'nl-NL': 'Kleur' },
          tj: { 'nl-NL': `k${i % 2}` },
        },
      ],
    })) as unknown as CardStoreRow[];
    const store = new CardStore(rows);
    const cards = ['nl-NL', 'en-US', 'de-DE'].map((l) => rows.map((r) => store.view(l as 'nl-NL').get(r.id)));
    const storeBack = CardStore.fromParts(handedOver(store.parts()));
    expect(storeBack.size).toBe(120);
    expect(
      ['nl-NL', 'en-US', 'de-DE'].map((l) => rows.map((r) => storeBack.view(l as 'nl-NL').get(r.id))),
    ).toEqual(cards);
    expect(storeBack.view('nl-NL').get('no-such-id')).toBeUndefined();

    const attributes = [
      { id: 'a0', code: 'led', kind: 'boolean', filterable: true, label: { 'nl-NL': 'LED' } },
    ];
    const categories = [
      { id: 'c0', parentId: null },
      { id: 'c1', parentId: 'c0' },
      { id: 'c2', parentId: null },
    ];
    const index = new ListingIndex(
      9,
      rows.map((r, i) => ({
        id: r.id,
        categoryId: r.category_id,
        noRank: i + 1,
        descriptionRank: { 'nl-NL': i, 'en-US': 120 - i, 'fr-FR': i, 'de-DE': i % 7 },
        dayPrice: r.day_price,
        weekPrice: r.week_price,
        weight: r.weight,
        trueAttributes: i % 2 === 0 ? ['a0'] : [],
      })),
      attributes,
      categories,
    );
    const queries = [null, 'c0', 'c2'].flatMap((categoryId) =>
      (['default', 'description', 'dayPriceDesc'] as const).map((sort) => ({
        categoryId,
        locale: 'en-US' as const,
        filters: { bool: ['a0'], dayMax: 100 },
        sort,
        limit: 24,
        offset: 0,
        withPrices: true,
      })),
    );
    // a boolean attribute's members: a bit per item, not a byte (decision 0008 "Builds in a worker thread")
    expect(index.parts().members.map((m) => m.byteLength)).toEqual([Math.ceil(rows.length / 8)]);
    const pages = queries.map((q) => index.list(q));
    const indexBack = ListingIndex.fromParts(handedOver(index.parts()));
    expect(indexBack.revision).toBe(9);
    expect(queries.map((q) => indexBack.list(q))).toEqual(pages);
  });

  it('ids: 16 bytes a uuid, written back as the database wrote them, found by id; any other id as text', () => {
    const uuids = Array.from(
      { length: 500 },
      (_, i) =>
        `${i.toString(16).padStart(8, '0')}-00ab-4cde-8f01-${(i * 7919).toString(16).padStart(12, '0')}`,
    );
    const ids = new IdColumn({ lookup: true });
    for (const id of uuids) ids.add(id);
    ids.done();
    expect(ids.parts().uuids?.byteLength).toBe(16 * 500);
    const back = IdColumn.fromParts(handedOver(ids.parts()));
    expect(uuids.map((_, i) => back.get(i))).toEqual(uuids);
    expect(uuids.map((id) => back.rowOf(id))).toEqual(uuids.map((_, i) => i));
    // as a Map of the strings would answer: another spelling or an unknown id is not there
    expect(back.rowOf(uuids[3].toUpperCase())).toBe(-1);
    expect(back.rowOf('00000000-0000-4000-8000-000000000000')).toBe(-1);
    expect(back.rowOf('id7')).toBe(-1);

    const mixed = new IdColumn({ lookup: true });
    for (const id of [uuids[0], uuids[1], 'id7', uuids[2]]) mixed.add(id);
    mixed.done();
    const mixedBack = IdColumn.fromParts(handedOver(mixed.parts()));
    expect(mixedBack.parts().uuids).toBeNull();
    expect([0, 1, 2, 3].map((i) => mixedBack.get(i))).toEqual([uuids[0], uuids[1], 'id7', uuids[2]]);
    expect(['id7', uuids[2], uuids[0], 'x'].map((id) => mixedBack.rowOf(id))).toEqual([2, 3, 0, -1]);
  });
});
