import { describe, expect, it } from 'vitest';
import {
  bundles,
  defaultLocale,
  flatBundle,
  flatten,
  isLocale,
  locales,
  placeholders,
  translate,
} from './index.ts';

const flat = Object.fromEntries(locales.map((l) => [l, flatten(bundles[l])])) as Record<
  (typeof locales)[number],
  Record<string, string>
>;
const nlKeys = Object.keys(flat[defaultLocale]);

describe('translation bundles', () => {
  it('have exactly the same keys in every locale', () => {
    const report: string[] = [];
    for (const l of locales) {
      const keys = new Set(Object.keys(flat[l]));
      const missing = nlKeys.filter((k) => !keys.has(k));
      const extra = [...keys].filter((k) => !(k in flat[defaultLocale]));
      if (missing.length) report.push(`${l} is missing: ${missing.join(', ')}`);
      if (extra.length) report.push(`${l} has keys nl-NL lacks: ${extra.join(', ')}`);
    }
    expect(report, report.join('\n')).toEqual([]);
  });

  it('contain no empty texts', () => {
    const empty = locales.flatMap((l) =>
      Object.entries(flat[l])
        .filter(([, v]) => v.trim() === '')
        .map(([k]) => `${l}:${k}`),
    );
    expect(empty).toEqual([]);
  });

  it('use the same placeholders as nl-NL in every translation', () => {
    const mismatches: string[] = [];
    for (const l of locales) {
      for (const k of nlKeys) {
        const expected = placeholders(flat[defaultLocale][k]).join(',');
        const actual = placeholders(flat[l][k] ?? '').join(',');
        if (expected !== actual) mismatches.push(`${l}:${k} has {${actual}} instead of {${expected}}`);
      }
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
  });

  it('use only {{name}} interpolation and no stray braces', () => {
    const stray = locales.flatMap((l) =>
      Object.entries(flat[l])
        .filter(([, v]) => /[{}]/.test(v.replace(/\{\{\s*[\w.-]+\s*\}\}/g, '')))
        .map(([k]) => `${l}:${k}`),
    );
    expect(stray).toEqual([]);
  });

  it('contain every key the spec names', () => {
    const specKeys = [
      'info.token_verlopen',
      'warning.navision_account_onbekend',
      'error.server_fout',
      'error.algemene_error',
      'Catalogus.ophalen_error',
      'Catalogus.message_toegevoegd',
      'Details.error_details',
      'Details.toevoegen_bestellijst_succes',
      'Sets.added',
      'Afvoerlijst.item_verwijderd',
      'Afvoerlijst.items_verwijderd',
      'Afvoerlijst.opgeslagen',
      'corporate_identity.column_saved',
      'shared.geen_resultaten',
      'shared.kies_locatie',
      'shared.geen_locatie',
      'kies_locatie',
      'geen_locatie',
    ];
    expect(specKeys.filter((k) => !(k in flat[defaultLocale]))).toEqual([]);
    expect(flat['en-US']['error.server_fout']).toBe('An unexpected server error occurred.');
    expect(flat['en-US']['error.parameter_verplicht']).toBe('The parameter {{name}} must be defined.');
    expect(flat['en-US']['error.parameter_null']).toBe('The parameter {{name}} cannot be null.');
  });

  it('have a page title for every screen of product §2', () => {
    const screens = [
      'Home',
      'Inloggen',
      'Registreren',
      'WachtwoordVergeten',
      'WachtwoordResetten',
      'WachtwoordWijzigen',
      'Favorieten',
      'Materieel',
      'Catalogus',
      'Details',
      'Zoeken',
      'Sets',
      'Set',
      'Bestellijst',
      'Bestellijsten',
      'Afvoerlijst',
      'Locatie',
      'LocatieGegevens',
      'LocatieAanmaken',
      'LocatieAanvragen',
      'LocatieAfmelden',
      'LocatieDocumenten',
      'Materieelvoorraad',
      'MaterieelvoorraadDetails',
      'Voorraadverloop',
      'AlleMaterieelvoorraad',
      'Materieelkeuringen',
      'MaterieelZoekenLocaties',
      'Materieelaanvragen',
      'OrdersAanvoer',
      'OrdersAfvoer',
      'OrdersNaarVerplaatsing',
      'OrdersVanVerplaatsing',
      'Facturen',
      'Settings',
      'ContentPaginasBeheer',
      'CorporateIdentity',
      'MailTemplates',
      'Categories',
      'CategorieVerwijderen',
      'Gebruikers',
      'GebruikersImporteren',
      'GebruikerAanmaken',
      'PaginaGebruik',
      'Rapportages',
      'Afvoeren',
      'Verplaatsen',
      'Bestellen',
      'TransportAanvraag',
      'ExitOrders',
      'Klachten',
      'KlachtenAanmaken',
      'KlachtenOverzicht',
      'KlachtenOverzichtDirectie',
      'KlachtDetails',
      'Translations',
      'ContentPage',
      'ExternalLogin',
      'NotFound',
    ];
    expect(screens.filter((s) => !(`routes.${s}` in flat[defaultLocale]))).toEqual([]);
  });

  it('name every mail type of product §3 with a subject', () => {
    for (const t of [
      'UserInvitation',
      'UnsubscribePlantLocation',
      'NewPlantLocationRequest',
      'NewUserRequest',
      'UserForgotPassword',
      'OrderConfirmation',
    ]) {
      expect(flat[defaultLocale], t).toHaveProperty([`mail.${t}.onderwerp`]);
    }
  });

  it('label every settings group', async () => {
    const { settingsGroups } = await import('../settings.ts');
    expect(settingsGroups.filter((g) => !(`Settings.groepen.${g}` in flat[defaultLocale]))).toEqual([]);
  });
});

describe('translate', () => {
  it('returns the text of the locale and fills placeholders', () => {
    expect(translate('en-US', 'error.instelling_onbekend', { key: 'Foo' })).toBe(
      'The setting Foo does not exist.',
    );
    expect(translate('de-DE', 'Inloggen.te_veel_pogingen', { seconds: 30 })).toContain('30 Sekunden');
    expect(translate('nl-NL', 'shared.opslaan')).toBe('Opslaan');
  });

  it('falls back to nl-NL, then to the key itself', () => {
    const overrides = { 'nl-NL': { 'custom.alleen_nl': 'Alleen Nederlands {{x}}' } };
    expect(translate('fr-FR', 'custom.alleen_nl', { x: 1 }, overrides)).toBe('Alleen Nederlands 1');
    expect(translate('fr-FR', 'bestaat.niet')).toBe('bestaat.niet');
    expect(translate('fr-FR', 'shared')).toBe('shared');
    expect(translate('xx-XX' as never, 'shared.opslaan')).toBe('Opslaan');
  });

  it('prefers admin overrides over the bundles', () => {
    const overrides = { 'en-US': { 'shared.opslaan': 'Store' } };
    expect(translate('en-US', 'shared.opslaan', undefined, overrides)).toBe('Store');
    expect(translate('fr-FR', 'shared.opslaan', undefined, overrides)).toBe('Enregistrer');
  });

  it('leaves unknown placeholders visible and ignores prototype keys', () => {
    expect(translate('en-US', 'error.parameter_verplicht')).toBe('The parameter {{name}} must be defined.');
    expect(translate('en-US', 'error.parameter_verplicht', { other: 'x' })).toBe(
      'The parameter {{name}} must be defined.',
    );
    expect(translate('en-US', 'constructor')).toBe('constructor');
    expect(translate('en-US', '__proto__')).toBe('__proto__');
  });

  it('knows its locales', () => {
    expect(isLocale('de-DE')).toBe(true);
    expect(isLocale('de')).toBe(false);
    expect(Object.keys(flatBundle('nl-NL')).length).toBe(nlKeys.length);
  });
});
