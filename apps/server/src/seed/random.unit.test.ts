import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Rng, stableId } from './random.ts';

describe('the demo generator’s randomness', () => {
  it('sampleInPlace draws as sample does: the same elements, and the same draws after it', () => {
    for (const [length, count] of [
      [0, 2],
      [1, 3],
      [5, 2],
      [40, 4],
      [1000, 3],
    ]) {
      const list = Array.from({ length }, (_, i) => 7 * i + 3);
      const a = new Rng(42);
      const b = new Rng(42);
      const buffer = new Int32Array(length + 10);
      buffer.set(list);
      expect(b.sampleInPlace(buffer, length, count)).toEqual(a.sample(list, count));
      expect(b.float()).toBe(a.float());
    }
  });

  it('makes the ids it made before (sha-256 of the name, version 4 layout)', () => {
    const h = createHash('sha256').update('materieelportaal-demo:plant:BH-1001-001').digest('hex');
    const id = stableId('plant', 'BH-1001-001');
    expect(id.replaceAll('-', '').slice(0, 12)).toBe(h.slice(0, 12));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
