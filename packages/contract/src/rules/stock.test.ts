import { describe, expect, it } from 'vitest';
import {
  availableForRemoval,
  daysOnSite,
  idleDaysOf,
  inspectionDueBeforeEnd,
  inspectionLevelOf,
} from './stock.ts';

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

describe('idle and inspections before the project’s end (decision 0034)', () => {
  it('a line is idle from idleAfterDays days without movement on', () => {
    expect(idleDaysOf('2026-11-14', '2026-11-28', 14)).toBe(14);
    expect(idleDaysOf('2026-11-15', '2026-11-28', 14)).toBeNull();
    expect(idleDaysOf('2026-11-28', '2026-11-28', 1)).toBeNull();
  });

  it('an inspection falls due before the end when it is on or before the end date; no end, no warning', () => {
    expect(inspectionDueBeforeEnd('2027-01-10', '2027-01-10')).toBe(true);
    expect(inspectionDueBeforeEnd('2027-01-11', '2027-01-10')).toBe(false);
    expect(inspectionDueBeforeEnd('2027-01-10', null)).toBe(false);
    expect(inspectionDueBeforeEnd(null, '2027-01-10')).toBe(false);
  });
});
