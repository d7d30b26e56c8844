import { describe, expect, it } from 'vitest';
import { addWorkingDays, allowedComplaintTypes, statusAfterUserLine, userMayAdd } from './complaints.ts';

describe('the expected resolution date', () => {
  it('counts Monday to Friday only', () => {
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday → Monday
    expect(addWorkingDays('2026-11-27', 5)).toBe('2026-12-04');
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30'); // Saturday → Monday
    expect(addWorkingDays('2026-11-29', 5)).toBe('2026-12-04'); // Sunday → Friday
    expect(addWorkingDays('2026-11-25', 14)).toBe('2026-12-15');
    expect(addWorkingDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addWorkingDays('2026-11-25', 0)).toBe('2026-11-25');
  });
});

describe('complaint rules', () => {
  it('filters the types by Klacht_TypeFilter (empty or unknown: all)', () => {
    expect(allowedComplaintTypes(['schade', ' Storing '])).toEqual(['Storing', 'Schade']);
    expect(allowedComplaintTypes([])).toHaveLength(5);
    expect(allowedComplaintTypes(['Onbekend'])).toHaveLength(5);
  });

  it('takes lines until closed; a reply takes a resolved complaint up again', () => {
    expect(userMayAdd('resolved')).toBe(true);
    expect(userMayAdd('closed')).toBe(false);
    expect(statusAfterUserLine('resolved')).toBe('in_progress');
    expect(statusAfterUserLine('open')).toBe('open');
  });
});
