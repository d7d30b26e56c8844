import { describe, expect, it } from 'vitest';
import { addRecentlyViewed, RECENTLY_VIEWED_MAX, type RecentlyViewedItem } from './recently-viewed.ts';

const item = (id: string, kind: 'item' | 'set' = 'item'): RecentlyViewedItem => ({
  id,
  kind,
  description: `d${id}`,
});

describe('recently viewed', () => {
  it('puts the newest first', () => {
    expect(addRecentlyViewed([item('1')], item('2')).map((i) => i.id)).toEqual(['2', '1']);
  });
  it('removes duplicates by moving the item to the front', () => {
    const list = [item('1'), item('2'), item('3')];
    expect(addRecentlyViewed(list, item('3')).map((i) => i.id)).toEqual(['3', '1', '2']);
  });
  it('keeps an item and a set with the same id apart', () => {
    expect(addRecentlyViewed([item('1')], item('1', 'set'))).toHaveLength(2);
  });
  it('keeps at most 10', () => {
    let list: RecentlyViewedItem[] = [];
    for (let i = 0; i < 15; i++) list = addRecentlyViewed(list, item(String(i)));
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(list[0].id).toBe('14');
    expect(list[9].id).toBe('5');
  });
});
