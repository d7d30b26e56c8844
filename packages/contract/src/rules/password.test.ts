import { describe, expect, it } from 'vitest';
import { passwordLengthProblem } from './password.ts';

describe('password length', () => {
  it('refuses 7 characters, accepts 8, 64 and 128, refuses 129', () => {
    expect(passwordLengthProblem('a'.repeat(7))).toBe('validation.wachtwoord_te_kort');
    expect(passwordLengthProblem('a'.repeat(8))).toBeNull();
    expect(passwordLengthProblem('a'.repeat(64))).toBeNull();
    expect(passwordLengthProblem('a'.repeat(128))).toBeNull();
    expect(passwordLengthProblem('a'.repeat(129))).toBe('validation.wachtwoord_te_lang');
  });
  it('keeps spaces as typed and counts code points', () => {
    expect(passwordLengthProblem('       ')).toBe('validation.wachtwoord_te_kort');
    expect(passwordLengthProblem('😀😀😀😀😀😀😀😀')).toBeNull();
  });
});
