import type { OrderListLine } from '@mp/contract/api/order-lists';
import { describe, expect, it } from 'vitest';
import { effectiveAmounts, linesInOrder, orderListTotals, processBlock } from './order-list-rules';

function line(over: Partial<OrderListLine>): OrderListLine {
  return {
    lineId: 'l1',
    parentLineId: null,
    type: 'item',
    itemNo: 'BH-1001',
    description: 'Bouwhek',
    amount: 1,
    comment: null,
    childLinesIncluded: false,
    editable: true,
    rentalType: 'Verhuur',
    rentalUnit: 'stuk',
    showPrice: true,
    priceOnDemand: false,
    salePrice: null,
    dayPrice: '1.10',
    weekPrice: '5.00',
    weightPerPiece: '18.000',
    imageUrl: null,
    ...over,
  };
}

describe('processing the order list (product §5)', () => {
  const lines = [line({ lineId: 'a', amount: 2 }), line({ lineId: 'b', itemNo: 'X', amount: 1 })];

  it('is allowed when every line has an amount', () => {
    expect(processBlock(lines, {})).toBeNull();
  });

  it('is blocked for an empty list', () => {
    expect(processBlock([], {})).toBe('Bestellijst.leeg');
  });

  it('is blocked while any typed amount is empty or zero', () => {
    expect(processBlock(lines, { b: { amount: '' } })).toBe('Bestellijst.aantal_verplicht');
    expect(processBlock(lines, { b: { amount: 0 } })).toBe('Bestellijst.aantal_verplicht');
    expect(processBlock(lines, { b: { amount: 3 } })).toBeNull();
    expect(processBlock(lines, { b: { comment: 'x' } })).toBeNull();
  });

  it('is blocked by a saved amount of 0 too', () => {
    expect(processBlock([line({ amount: 0 })], {})).toBe('Bestellijst.aantal_verplicht');
  });
});

describe('totals', () => {
  it('sums typed amounts exactly (no float drift) over item lines', () => {
    const lines = [
      line({ lineId: 'a', amount: 3, dayPrice: '0.10', weightPerPiece: '0.100' }),
      line({ lineId: 'b', amount: 1, dayPrice: '0.20', weightPerPiece: '0.200' }),
      line({ lineId: 's', type: 'set', amount: 1, dayPrice: null, weightPerPiece: null }),
      line({ lineId: 'c', parentLineId: 's', amount: 2, dayPrice: '1.00', weightPerPiece: '1.000' }),
    ];
    const t = orderListTotals(lines, { a: { amount: 7 } });
    expect(t.lines).toBe(3);
    // the pieces that arrive: 7 + 1 + the set's 2 parts (the set line itself is no piece)
    expect(t.amount).toBe(10);
    expect(t.dayPrice).toBe('2.90000');
    expect(t.weight).toBe('2.900');
  });

  // issue #31 item 17: "Stuks totaal" counted a set as one piece while the weight counted all its parts
  describe('of sets: the pieces are the parts that arrive, as the weight counts them', () => {
    const lines = [
      line({ lineId: 'a', amount: 3, weightPerPiece: '1.000' }),
      line({ lineId: 's', type: 'set', amount: 2, weightPerPiece: null, dayPrice: null }),
      line({ lineId: 'c', parentLineId: 's', amount: 4, weightPerPiece: '2.000' }),
      line({ lineId: 'n', parentLineId: 's', type: 'set', amount: 2, weightPerPiece: null, dayPrice: null }),
      line({ lineId: 'd', parentLineId: 'n', amount: 6, weightPerPiece: '0.500' }),
    ];

    it('counts every part of a set, nested sets too, and no set line', () => {
      const t = orderListTotals(lines, {});
      expect(t.lines).toBe(2);
      expect(t.amount).toBe(3 + 4 + 6);
      expect(t.weight).toBe('14.000');
    });

    it('scales the parts with a typed set amount as the server will, before the save answers', () => {
      const t = orderListTotals(lines, { s: { amount: 3 } });
      // 4 × 3/2 = 6 and 6 × 3/2 = 9
      expect(t.amount).toBe(3 + 6 + 9);
      expect(t.weight).toBe('19.500');
      expect(effectiveAmounts(lines, { s: { amount: 3 } }).get('n')).toBe(3);
      // an empty set amount is not sent: the parts stay as saved
      expect(orderListTotals(lines, { s: { amount: '' } }).amount).toBe(13);
      // a part's own typed amount wins
      expect(orderListTotals(lines, { s: { amount: 3 }, c: { amount: 1 } }).amount).toBe(3 + 1 + 9);
    });
  });

  it('shows children below their set line', () => {
    const lines = [
      line({ lineId: 'c', parentLineId: 's' }),
      line({ lineId: 'a' }),
      line({ lineId: 's', type: 'set' }),
    ];
    expect(linesInOrder(lines).map((r) => `${r.line.lineId}${r.depth}`)).toEqual(['a0', 's0', 'c1']);
  });
});
