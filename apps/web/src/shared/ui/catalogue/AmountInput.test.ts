import { describe, expect, it } from 'vitest';
import { readAmount } from './AmountInput';

describe('readAmount', () => {
  it('reads whole numbers within the bounds and an empty field', () => {
    expect(readAmount('5', 1, 9999)).toBe(5);
    expect(readAmount('9999', 1, 9999)).toBe(9999);
    expect(readAmount('', 1, 9999)).toBe('');
    expect(readAmount('  ', 1, 9999)).toBe('');
    expect(readAmount('0', 0, 10)).toBe(0);
  });

  it('refuses what is not a whole number within the bounds (the field keeps its value)', () => {
    expect(readAmount('0', 1, 9999)).toBeNull();
    expect(readAmount('10000', 1, 9999)).toBeNull();
    expect(readAmount('1.5', 1, 9999)).toBeNull();
    expect(readAmount('-3', 1, 9999)).toBeNull();
    expect(readAmount('2e3', 1, 9999)).toBeNull();
    expect(readAmount('abc', 1, 9999)).toBeNull();
  });
});
