import { describe, expect, it } from 'vitest';
import { type KeptAddContext, keepAddContext, keptAddContext } from './order-lists.add-cache.ts';

const context = (id: string, lines: number, kind: 'item' | 'set' = 'item'): KeptAddContext => ({
  location: {
    id: 'loc',
    locationNo: 'P-1',
    description: '',
    blocked: false,
    deregisteredAt: null,
    customerId: null,
    role: 'user',
  } as unknown as KeptAddContext['location'],
  list: {
    id,
    userId: 'u',
    locationId: 'loc',
    name: '',
    hasDraft: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    version: '1',
  },
  lines: Array.from({ length: lines }, (_, i) => ({
    id: `${id}-${i}`,
    orderListId: id,
    parentLineId: null,
    kind,
    itemId: kind === 'item' ? 'item' : null,
    setId: kind === 'set' ? 'set' : null,
    amount: 1,
    comment: null,
    sort: i,
  })),
});

describe('the add contexts a process keeps', () => {
  it('keeps at most 100,000 lines over all lists: the oldest list goes first', () => {
    keepAddContext('P-1', 'u', context('a', 600));
    for (let i = 0; i < 201; i++) keepAddContext('P-1', 'u', context(`b${i}`, 500));
    expect(keptAddContext('a', 'P-1', 'u')).toBeNull();
    expect(keptAddContext('b0', 'P-1', 'u')).toBeNull();
    expect(keptAddContext('b200', 'P-1', 'u')?.lines).toHaveLength(500);
    expect(keptAddContext('b2', 'P-1', 'u')?.lines).toHaveLength(500);
  });

  it('keeps no list with sets, and keeps a list per user and location', () => {
    keepAddContext('P-1', 'u', context('s', 3, 'set'));
    expect(keptAddContext('s', 'P-1', 'u')).toBeNull();
    keepAddContext('P-1', 'u', context('c', 3));
    expect(keptAddContext('c', 'P-1', 'u')).not.toBeNull();
    expect(keptAddContext('c', 'P-1', 'other')).toBeNull();
    expect(keptAddContext('c', 'P-2', 'u')).toBeNull();
  });
});
