import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, type CatalogueRows, catalogueRows, planCatalogue } from './build-catalogue.ts';

const digest = (rows: unknown) => createHash('sha256').update(JSON.stringify(rows)).digest('hex');
const tables = ['items', 'itemTranslations', 'itemTechData', 'itemLinks'] as const;

// why: 1.5 s alone, but the unit project runs files side by side (9 s seen on a loaded 2-core machine)
describe('the demo catalogue, made in chunks of copies (issue #34)', { timeout: 30_000 }, () => {
  it('makes the same rows chunk by chunk as all at once', () => {
    const plan = planCatalogue(7);
    const whole = catalogueRows(plan, 1, 7);
    const chunked: CatalogueRows = { items: [], itemTranslations: [], itemTechData: [], itemLinks: [] };
    for (const [from, to] of [
      [1, 3],
      [4, 4],
      [5, 7],
    ]) {
      const part = catalogueRows(plan, from, to);
      for (const t of tables) (chunked[t] as unknown[]).push(...part[t]);
    }
    for (const t of tables) expect(digest(chunked[t])).toBe(digest(whole[t]));
    expect(whole.items).toHaveLength(plan.demoItems.length);
  });

  it('makes the same rows as the generator made before it streamed (fixed digests at scale 3)', () => {
    // Digests of buildCatalogue(3) taken from the version that built everything in one go (before issue #34).
    const c = buildCatalogue(3);
    expect(c.items).toHaveLength(1299);
    expect(digest(c.items)).toBe('3ad141ddbd4a37fd3948a5474e0ccf133185690555136e348250f9b79af2dd2c');
    expect(digest(c.itemTranslations)).toBe(
      '698c45d6df253af2508b51ff5d66d8fa8f05873fd7333e65204e95448d0f628a',
    );
    expect(digest(c.itemTechData)).toBe('3d75a508b59146dfd0b2efa4ec1935eb60e47101bfb2bd7c8901f7178cd200c5');
    expect(digest(c.itemLinks)).toBe('3f2d2390fc14a7d5d6823a2f92b15c24019e5789fccb812bd0b010f613de28c8');
  });

  it('names an item of a later copy as the series it belongs to', () => {
    const plan = planCatalogue(2);
    const item = plan.byItemNo.get('AG-1006-02')!;
    expect(item.name['nl-NL']).toBe(`${plan.byItemNo.get('AG-1006')!.name['nl-NL']} (serie 2)`);
    expect(item.weight).toBe(plan.byItemNo.get('AG-1006')!.weight);
  });
});
