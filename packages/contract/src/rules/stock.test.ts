import { describe, expect, it } from 'vitest';
import { availableForRemoval, daysOnSite, inspectionLevelOf } from './stock.ts';

const s = {
  MaterieelvoorraadKeuringsdatumInfoDays: 60,
  MaterieelvoorraadKeuringsdatumWarningDays: 30,
  MaterieelvoorraadKeuringsdatumDangerDays: 7,
};

describe('stock rules', () => {
  it('colours a due date by the days left', () => {
    expect(inspectionLevelOf('2026-01-01', '2026-01-10', s)).toBe('danger');
    expect(inspectionLevelOf('2026-01-17', '2026-01-10', s)).toBe('danger');
    expect(inspectionLevelOf('2026-01-18', '2026-01-10', s)).toBe('warning');
    expect(inspectionLevelOf('2026-02-09', '2026-01-10', s)).toBe('warning');
    expect(inspectionLevelOf('2026-02-10', '2026-01-10', s)).toBe('info');
    expect(inspectionLevelOf('2026-03-12', '2026-01-10', s)).toBe('ok');
  });
  it('counts days on site with both ends', () => {
    expect(daysOnSite('2026-01-10', '2026-01-10')).toBe(1);
    expect(daysOnSite('2026-01-01', '2026-01-10')).toBe(10);
  });
  it('subtracts other users only when counted', () => {
    expect(availableForRemoval(5, 3, true)).toBe(2);
    expect(availableForRemoval(5, 3, false)).toBe(5);
    expect(availableForRemoval(2, 3, true)).toBe(0);
  });
});
