import { describe, expect, it } from 'vitest';
import { locales } from './i18n/locales.ts';
import {
  defaultSettings,
  isSettingKey,
  publicSettingKeys,
  type SettingDefinition,
  type SettingKey,
  settingKeys,
  settingsCatalogue,
  settingsGroups,
  settingsUpdateSchema,
  settingValueSchema,
} from './settings.ts';

// Spec §9, copied literally.
const specBooleans = [
  'OrderWizardBlockWeekend',
  'OrderWizardEnableRush',
  'OrderWizardEnableTermsAndConditions',
  'OrderWizardEmailEnableSend',
  'MaterieelvoorraadBulkTerugsturenEnabled',
  'Verplaatsen_VerwachtRetourVerplicht',
  'Verplaatsen_VoorwaardenVerplicht',
  'Afvoeren_VoorwaardenVerplicht',
  'Afvoeren_Blokkeerweekenden',
  'ToonPrijsMaterieellocatie',
  'Materieelvoorraad_NietMeerAfvoeren',
  'Details_ToonTechnischeGegevensIngelogd',
  'MaterieelSets_ToonSets',
  'Sets_AllowEdit',
  'Sets_FillByDefault',
  'Materieelvoorraad_ShowExportVoorraad',
  'Materieelvoorraad_ShowExportVoorraadVerloop',
  'Materieelvoorraad_ScannenEnabled',
  'Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers',
  'Afvoerwizard_EnableSendEmailUser',
  'Verplaatsen_EnableSendEmailUser',
  'PubliekePrijzen',
  'Bestellen_EnableVandaagOpSpoed',
  'Bestellen_EnableMeerdereBestellijsten',
  'Registratie_Tonen',
  'MeegeleverdeAantalWijzigen',
  'InfoEnabled',
  'MaterieelVoorraad_ToonExternMaterieelKeuringsDatum',
  'ProjectOverzichten_TonenEnGebruiken',
  'AanvragenDatum_NaarOpmerking',
  'LocatieAfmelden_MaterieelCheck',
  'LocatieAfmelden_AfkoopSom',
  'DepotWerkAdresen_TonenEnGebruiken',
  'TransportAanvraag_EnableSendEmailUser',
  'Klant_EnableHuidigeGebruikerAlsContact',
  'Verplaatsen_EnableVerplaastenNaarEigenLocatie',
  'TransportAanvraag_EnableVerplaastenNaarEigenLocatie',
  'Zoeken_ShowPreviewImage',
  'Locatie_ToonDepots',
  'Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad',
  'LocatieAfmelden_DisableCheckSellItems',
  'Details_UseRentalUnit',
  'TransportAanvraag_VoorwaardenVerplicht',
  'ToonGewichtInEmail',
  'ToonPrijsInEmail',
  'Sets_UseAsQuickList',
  'Materieelvoorraad_ToonAllevoorraden',
  'ShowPriceInternalPrices',
  'EnableFooterNavigation',
  'ShowAllInspections',
  'ShowTermsAndConditionsLink',
  'EnablePageTracking',
  'UseRentalDiscount',
  'AllowAnonymousUsers',
  'Taal_ZichtbaarNederlands',
  'Taal_ZichtbaarEngels',
  'Taal_ZichtbaarFrans',
  'Taal_ZichtbaarDuits',
];

const specNumbers = [
  'OrderWizardBlockDaysToOrder',
  'MaterieelvoorraadKeuringsdatumWarningDays',
  'MaterieelvoorraadKeuringsdatumDangerDays',
  'MaterieelvoorraadKeuringsdatumInfoDays',
  'Afvoeren_Blokkeerdagen',
  'Afvoeren_DagenInVerleden',
  'Bestellen_DagenInVerleden',
  'Verplaatsen_DagenInVerleden',
  'Locatie_IndicatorSafe',
  'Locatie_IndicatorWarning',
  'Locatie_IndicatorDanger',
  'Klacht_VerwachteOplossingsDagen',
  'TransportAanvraag_DageninInVerleden',
  'Prijzen_AantalDecimalen',
  'Gewicht_AantalDecimalen',
  'BusinessCentralMaximumMessageSize',
];

// The text settings of §9 are described in prose; these are the keys chosen for them.
const specTexts = [
  'OrderWizardEmailTemplate',
  'OrderWizardDefaultReceiver',
  'Depot_DefaultOrder',
  'Depot_DefaultRemoval',
  'Spoed_Tekst',
  'Spoed_Prijs',
  'Spoed_Code',
  'Facturen_DebetFilter',
  'Facturen_CreditFilter',
  'Facturen_DocumentNaamFilter',
  'FavorietenSets',
  'SynoniemCode',
  'DefaultLanguage',
  'Transport_MateriaalSoort',
  'Transport_AfspraakCode',
  'Klacht_TypeFilter',
  'Aanvraag_OpmerkingCode',
  'PrimaryColor',
  'PrimaryColorDarker',
  'SecondaryColor',
  'SecondaryColorDarker',
  'PrimaryColorRgb',
  'PrimaryTextColor',
  'SecondaryTextColor',
  'TermsAndConditionsUrl',
  'CustomTitle',
  'Documenten_CategorieAfbeeldingen',
  'Documenten_CategorieDocumenten',
  'BusinessCentral_Url',
  'BusinessCentral_Tenant',
  'BusinessCentral_Company',
  'BusinessCentral_ClientId',
  'BusinessCentral_ClientSecret',
  'DocumentService_Url',
  'DocumentService_User',
  'DocumentService_Password',
];

const entries = Object.entries(settingsCatalogue) as [SettingKey, SettingDefinition][];

describe('settings catalogue', () => {
  it('has every boolean setting of product §9 as bool', () => {
    const wrong = specBooleans.filter((k) => !isSettingKey(k) || settingsCatalogue[k].type !== 'bool');
    expect(wrong, 'missing or not bool').toEqual([]);
  });

  it('has every numeric setting of product §9 as int with bounds around the default', () => {
    const wrong = specNumbers.filter((k) => {
      if (!isSettingKey(k)) return true;
      const def: SettingDefinition = settingsCatalogue[k];
      return def.type !== 'int' || !(def.min <= def.default && def.default <= def.max);
    });
    expect(wrong, 'missing, not int, or default out of bounds').toEqual([]);
  });

  it('has every text setting of product §9', () => {
    const wrong = specTexts.filter(
      (k) => !isSettingKey(k) || !['string', 'multiString'].includes(settingsCatalogue[k].type),
    );
    expect(wrong, 'missing or not text').toEqual([]);
  });

  it('has the extra settings the portal needs', () => {
    for (const k of ['InfoContentPageId', 'MinimumZoekLengte', 'AngularEnabled'])
      expect(isSettingKey(k), k).toBe(true);
    expect(settingsCatalogue.MinimumZoekLengte.default).toBe(2);
  });

  it('has the days of the idle rule (decision 0034): 14 by default, at least 1', () => {
    const def = settingsCatalogue.Materieelvoorraad_StilstandDagen;
    expect(def).toMatchObject({ type: 'int', default: 14, min: 1, group: 'materieelvoorraad' });
    expect(settingValueSchema('Materieelvoorraad_StilstandDagen').safeParse(0).success).toBe(false);
    expect(settingValueSchema('Materieelvoorraad_StilstandDagen').safeParse(30).success).toBe(true);
  });

  it('gives every default a value that passes its own schema', () => {
    const failing = entries
      .filter(([k, def]) => !settingValueSchema(k).safeParse(def.default).success)
      .map(([k]) => k);
    expect(failing).toEqual([]);
    expect(settingsUpdateSchema.safeParse(defaultSettings()).success).toBe(true);
  });

  it('describes every setting in all four locales', () => {
    const missing = entries.flatMap(([k, def]) =>
      locales
        .filter((l) => typeof def.description[l] !== 'string' || def.description[l].trim() === '')
        .map((l) => `${k}:${l}`),
    );
    expect(missing).toEqual([]);
  });

  it('uses only known groups and no group stays empty', () => {
    for (const [k, def] of entries) expect(settingsGroups, k).toContain(def.group);
    for (const g of settingsGroups)
      expect(
        entries.some(([, d]) => d.group === g),
        g,
      ).toBe(true);
  });

  it('never makes a secret public', () => {
    const leaking = entries.filter(([, def]) => def.secret && def.public).map(([k]) => k);
    expect(leaking).toEqual([]);
    expect(publicSettingKeys).not.toContain('BusinessCentral_ClientSecret');
    expect(publicSettingKeys).not.toContain('DocumentService_Password');
    expect(settingsCatalogue.BusinessCentral_ClientSecret.secret).toBe(true);
    expect(settingsCatalogue.DocumentService_Password.secret).toBe(true);
  });

  it('keeps credentials, receivers and connections private', () => {
    const mustBePrivate = [
      'OrderWizardDefaultReceiver',
      'OrderWizardEmailTemplate',
      'BusinessCentral_Url',
      'BusinessCentral_Tenant',
      'BusinessCentral_Company',
      'BusinessCentral_ClientId',
      'DocumentService_Url',
      'DocumentService_User',
    ] as const;
    for (const k of mustBePrivate) expect(settingsCatalogue[k].public, k).toBe(false);
    for (const k of [
      'AllowAnonymousUsers',
      'CustomTitle',
      'PrimaryColor',
      'Prijzen_AantalDecimalen',
      'Taal_ZichtbaarDuits',
    ] as const) {
      expect(publicSettingKeys, k).toContain(k);
    }
  });

  it('has the defaults the product relies on', () => {
    const d = defaultSettings();
    expect(d.AllowAnonymousUsers).toBe(false);
    expect(d.Prijzen_AantalDecimalen).toBe(2);
    expect(d.Gewicht_AantalDecimalen).toBe(1);
    expect([
      d.MaterieelvoorraadKeuringsdatumInfoDays,
      d.MaterieelvoorraadKeuringsdatumWarningDays,
      d.MaterieelvoorraadKeuringsdatumDangerDays,
    ]).toEqual([60, 30, 7]);
    expect(d.DefaultLanguage).toBe('nl-NL');
    expect(Object.keys(d).sort()).toEqual([...settingKeys].sort());
  });

  it('hands out fresh copies of list defaults', () => {
    const a = defaultSettings();
    a.FavorietenSets.push('X');
    expect(defaultSettings().FavorietenSets).toEqual([]);
  });

  it('validates values by type, bounds and format', () => {
    expect(settingValueSchema('AllowAnonymousUsers').safeParse('true').success).toBe(false);
    expect(settingValueSchema('Prijzen_AantalDecimalen').safeParse(6).success).toBe(false);
    expect(settingValueSchema('Prijzen_AantalDecimalen').safeParse(1.5).success).toBe(false);
    expect(settingValueSchema('Prijzen_AantalDecimalen').safeParse(5).success).toBe(true);
    expect(settingValueSchema('CustomTitle').safeParse('x'.repeat(4001)).success).toBe(false);
    expect(settingValueSchema('PrimaryColor').safeParse('red').success).toBe(false);
    expect(settingValueSchema('PrimaryColor').safeParse('#e8590c').success).toBe(true);
    expect(settingValueSchema('PrimaryColorRgb').safeParse('256, 0, 0').success).toBe(false);
    expect(settingValueSchema('PrimaryColorRgb').safeParse('232,89,12').success).toBe(true);
    expect(settingValueSchema('TermsAndConditionsUrl').safeParse('javascript:alert(1)').success).toBe(false);
    expect(
      settingValueSchema('TermsAndConditionsUrl').safeParse('https://example.nl/voorwaarden').success,
    ).toBe(true);
    expect(settingValueSchema('OrderWizardDefaultReceiver').safeParse('geen-mail').success).toBe(false);
    expect(settingValueSchema('DefaultLanguage').safeParse('es-ES').success).toBe(false);
    expect(settingValueSchema('Spoed_Prijs').safeParse('75.00').success).toBe(true);
    expect(settingValueSchema('Spoed_Prijs').safeParse('75,00').success).toBe(false);
    expect(settingValueSchema('FavorietenSets').safeParse(['SET-01', 'SET-02']).success).toBe(true);
    expect(settingValueSchema('FavorietenSets').safeParse('SET-01').success).toBe(false);
  });

  it('refuses unknown keys', () => {
    expect(isSettingKey('NietBestaand')).toBe(false);
    expect(isSettingKey('toString')).toBe(false);
    expect(() => settingValueSchema('NietBestaand' as SettingKey)).toThrow();
    expect(settingsUpdateSchema.safeParse({ NietBestaand: true }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ InfoEnabled: true }).success).toBe(true);
  });
});
