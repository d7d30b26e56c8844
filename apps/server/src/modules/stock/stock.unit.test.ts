import { describe, expect, it } from 'vitest';
import type { SettingsMap } from '../../platform/settings.ts';
import { withBalance } from './stock.plants.ts';
import { shownInspection } from './stock.service.ts';

const settings = (extern: boolean) =>
  ({
    MaterieelVoorraad_ToonExternMaterieelKeuringsDatum: extern,
    MaterieelvoorraadKeuringsdatumInfoDays: 60,
    MaterieelvoorraadKeuringsdatumWarningDays: 30,
    MaterieelvoorraadKeuringsdatumDangerDays: 7,
  }) as SettingsMap;

describe('stock rules of the service', () => {
  it('MaterieelVoorraad_ToonExternMaterieelKeuringsDatum: an external plant shows its date only when on', () => {
    expect(shownInspection('2026-01-05', true, '2026-01-01', settings(false))).toEqual({
      nextInspection: null,
      inspectionLevel: null,
    });
    expect(shownInspection('2026-01-05', true, '2026-01-01', settings(true))).toEqual({
      nextInspection: '2026-01-05',
      inspectionLevel: 'danger',
    });
    // Our own plants always show it.
    expect(shownInspection('2026-01-05', false, '2026-01-01', settings(false)).nextInspection).toBe(
      '2026-01-05',
    );
  });

  it('the history balance, with the periods at zero as rows only when asked', () => {
    const row = (date: string, quantity: number) => ({
      date,
      kind: quantity > 0 ? ('delivery' as const) : ('removal' as const),
      locationId: 'l',
      locationNo: 'P-1',
      plantId: null,
      quantity,
      orderId: null,
      orderNo: null,
      orderKind: null,
    });
    const rows = [row('2026-01-01', 5), row('2026-01-10', -5), row('2026-02-01', 3)];
    expect(withBalance(rows, false).map((e) => [e.kind, e.balance])).toEqual([
      ['delivery', 5],
      ['removal', 0],
      ['delivery', 3],
    ]);
    const withEmpty = withBalance(rows, true);
    expect(withEmpty.map((e) => e.kind)).toEqual(['delivery', 'removal', 'empty', 'delivery']);
    expect(withEmpty[2]).toMatchObject({ date: '2026-01-10', until: '2026-01-31' });
    expect(withBalance([row('2026-01-01', 2), row('2026-01-03', -2)], true).at(-1)).toMatchObject({
      kind: 'empty',
      until: null,
    });
  });
});
