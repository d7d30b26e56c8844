import { describe, expect, it } from 'vitest';
import {
  commonPasswordCount,
  isCommonPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordProblem,
} from './password-policy.ts';

describe('password policy', () => {
  it('bundles at least 1000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
  });

  it('refuses 20 entries of the common list, whatever their case', () => {
    const samples = [
      'password',
      'password1',
      'password123',
      '12345678',
      '123456789',
      'qwertyuiop',
      'iloveyou',
      'sunshine',
      'football',
      'baseball',
      'welkom01',
      'welkom123',
      'wachtwoord',
      'Wachtwoord1',
      'P@ssw0rd',
      'qwerty123',
      '1q2w3e4r5t',
      'trustno1',
      'Feyenoord1908',
      'Materieel2026',
    ];
    expect(samples).toHaveLength(20);
    for (const p of samples) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(passwordProblem(p), p).toBe('validation.wachtwoord_te_gewoon');
    }
  });

  it('refuses 7 characters and accepts 8, 64 and 128', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(128);
    expect(passwordProblem('Kr@an7x')).toBe('validation.wachtwoord_te_kort');
    expect(passwordProblem('Kr@an7xZ')).toBeNull();
    expect(passwordProblem('a1B2'.repeat(16))).toBeNull();
    expect(passwordProblem('Heftruck '.repeat(14).slice(0, 128))).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe('validation.wachtwoord_te_lang');
  });

  it('takes the password as typed: spaces and any character count, nothing is trimmed', () => {
    expect(passwordProblem('       a')).toBeNull();
    expect(passwordProblem('  welkom  ')).toBeNull();
    expect(passwordProblem('🏗️🚜🏗️🚜')).toBe('validation.wachtwoord_te_kort');
    expect(passwordProblem('kraanmachinist ')).toBeNull();
  });

  it('refuses the account e-mail address as password', () => {
    expect(passwordProblem('Jan@Bouw.nl', 'jan@bouw.nl')).toBe('validation.wachtwoord_te_gewoon');
  });
});

describe('context words (ASVS 6.2.11)', () => {
  it('refuses the product name, the demo password and parts of the user name and e-mail', () => {
    expect(passwordProblem('Materieel2026!')).toBe('validation.wachtwoord_te_gewoon');
    expect(passwordProblem('MijnMaterieelportaal!')).toBe('validation.wachtwoord_context');
    expect(passwordProblem('Bouwplaats-Materieel-9')).toBe('validation.wachtwoord_context');
    expect(passwordProblem('Pietersen-2026!', 'p.pietersen@vandijk.nl')).toBe(
      'validation.wachtwoord_context',
    );
    expect(passwordProblem('VanDijk-kraan-77', 'p.pietersen@vandijk.nl')).toBe(
      'validation.wachtwoord_context',
    );
    expect(passwordProblem('Geheim-Anneke-12', 'a@b.nl', 'Anneke de Vries')).toBe(
      'validation.wachtwoord_context',
    );
    // short name parts and mail providers are no context words
    expect(passwordProblem('Kr@an7x-Jan', 'jan@gmail.com', 'Jan Bos')).toBeNull();
    expect(passwordProblem('Kr@an7xZ', 'p.pietersen@vandijk.nl', 'Piet Pietersen')).toBeNull();
  });
});
