import { z } from 'zod';
import { type LocalizedText, locales } from './i18n/locales.ts';

/**
 * The settings catalogue: every application setting of product §9 with its type, default, group
 * (the `groupingType` of GET/PUT Settings/{groupingType}) and visibility.
 *
 * - `public: true`  readable without login: everything the browser needs to render the portal.
 * - `public: false` read and used by the server and by administrators only.
 * - `secret: true`  never returned by the server (an admin sees only whether it is set).
 *
 * A key that is not in this catalogue does not exist: reading it is an error
 * (`error.instelling_onbekend`), never a silent `undefined`.
 */

export const settingsGroups = [
  'algemeen',
  'weergave',
  'talen',
  'prijzen',
  'catalogus',
  'zoeken',
  'bestellen',
  'afvoeren',
  'verplaatsen',
  'transport',
  'materieelvoorraad',
  'locatie',
  'sets',
  'klachten',
  'facturen',
  'email',
  'integraties',
] as const;

export type SettingsGroup = (typeof settingsGroups)[number];

export type SettingType = 'bool' | 'int' | 'string' | 'multiString';

/**
 * Extra checks on a text setting. Every format except `hexColor` and `rgbTriplet` also accepts
 * the empty string, meaning "not configured".
 */
export type StringSettingFormat = 'hexColor' | 'rgbTriplet' | 'url' | 'email' | 'decimal';

/** Longest text value a setting may hold (mail templates included). */
export const settingStringMaxLength = 4000;
/** Most entries a list setting may hold. */
export const settingListMaxItems = 200;

interface SettingBase {
  readonly group: SettingsGroup;
  readonly public: boolean;
  readonly secret?: boolean;
  readonly description: LocalizedText;
}

export interface BoolSettingDefinition extends SettingBase {
  readonly type: 'bool';
  readonly default: boolean;
}

export interface IntSettingDefinition extends SettingBase {
  readonly type: 'int';
  readonly default: number;
  readonly min: number;
  readonly max: number;
}

export interface StringSettingDefinition extends SettingBase {
  readonly type: 'string';
  readonly default: string;
  readonly format?: StringSettingFormat;
  /** When present, the value must be one of these. */
  readonly options?: readonly string[];
}

export interface MultiStringSettingDefinition extends SettingBase {
  readonly type: 'multiString';
  readonly default: readonly string[];
}

export type SettingDefinition =
  | BoolSettingDefinition
  | IntSettingDefinition
  | StringSettingDefinition
  | MultiStringSettingDefinition;

export const settingsCatalogue = {
  // ── algemeen ────────────────────────────────────────────────────────────────────────────
  AllowAnonymousUsers: {
    type: 'bool',
    default: false,
    group: 'algemeen',
    public: true,
    description: {
      'nl-NL': "Bezoekers zonder account mogen de catalogus, sets en contentpagina's bekijken.",
      'en-US': 'Visitors without an account may browse the catalog, sets and content pages.',
      'fr-FR': 'Les visiteurs sans compte peuvent consulter le catalogue, les kits et les pages de contenu.',
      'de-DE': 'Besucher ohne Konto dürfen Katalog, Sets und Inhaltsseiten ansehen.',
    },
  },
  Registratie_Tonen: {
    type: 'bool',
    default: true,
    group: 'algemeen',
    public: true,
    description: {
      'nl-NL': 'Toon op de inlogpagina de link om een account aan te vragen (Registreren).',
      'en-US': 'Show the link to request an account (Register) on the sign-in page.',
      'fr-FR': 'Afficher sur la page de connexion le lien permettant de demander un compte (Inscription).',
      'de-DE': 'Auf der Anmeldeseite den Link zur Kontoanfrage (Registrieren) anzeigen.',
    },
  },
  EnablePageTracking: {
    type: 'bool',
    default: true,
    group: 'algemeen',
    public: true,
    description: {
      'nl-NL': 'Registreer paginabezoeken voor het rapport Paginagebruik.',
      'en-US': 'Record page visits for the Page usage report.',
      'fr-FR': 'Enregistrer les visites de pages pour le rapport Utilisation des pages.',
      'de-DE': 'Seitenaufrufe für den Bericht Seitennutzung erfassen.',
    },
  },
  AngularEnabled: {
    type: 'bool',
    default: false,
    group: 'algemeen',
    public: true,
    description: {
      'nl-NL': 'Toon de link naar de nieuwe interface (/v2) aan gebruikers die daartoe gemachtigd zijn.',
      'en-US': 'Show the link to the new interface (/v2) to users who are allowed to use it.',
      'fr-FR': 'Afficher le lien vers la nouvelle interface (/v2) aux utilisateurs autorisés.',
      'de-DE': 'Den Link zur neuen Oberfläche (/v2) für berechtigte Benutzer anzeigen.',
    },
  },

  // ── weergave ────────────────────────────────────────────────────────────────────────────
  CustomTitle: {
    type: 'string',
    default: '',
    group: 'weergave',
    public: true,
    description: {
      'nl-NL': 'Titel in de banner. Leeg: de vertaalde standaardtitel (banner.standaard_titel).',
      'en-US': 'Title shown in the banner. Empty: the translated default title (banner.standaard_titel).',
      'fr-FR': 'Titre affiché dans la bannière. Vide : le titre par défaut traduit (banner.standaard_titel).',
      'de-DE': 'Titel im Banner. Leer: der übersetzte Standardtitel (banner.standaard_titel).',
    },
  },
  PrimaryColor: {
    type: 'string',
    default: '#1C4E80',
    group: 'weergave',
    public: true,
    format: 'hexColor',
    description: {
      'nl-NL': 'Primaire huisstijlkleur (knoppen, balken, links), als #RRGGBB.',
      'en-US': 'Primary brand color (buttons, bars, links), as #RRGGBB.',
      'fr-FR': 'Couleur principale de la charte graphique (boutons, barres, liens), au format #RRGGBB.',
      'de-DE': 'Primäre Markenfarbe (Schaltflächen, Leisten, Links) im Format #RRGGBB.',
    },
  },
  PrimaryColorDarker: {
    type: 'string',
    default: '#143A60',
    group: 'weergave',
    public: true,
    format: 'hexColor',
    description: {
      'nl-NL': 'Donkerdere variant van de primaire kleur (hover- en actieve toestand), als #RRGGBB.',
      'en-US': 'Darker shade of the primary color (hover and active states), as #RRGGBB.',
      'fr-FR': 'Nuance plus foncée de la couleur principale (survol et état actif), au format #RRGGBB.',
      'de-DE': 'Dunklere Variante der Primärfarbe (Hover- und Aktivzustand) im Format #RRGGBB.',
    },
  },
  PrimaryColorRgb: {
    type: 'string',
    default: '28, 78, 128',
    group: 'weergave',
    public: true,
    format: 'rgbTriplet',
    description: {
      'nl-NL': "De primaire kleur als RGB-waarden 'R, G, B' (voor transparante vlakken).",
      'en-US': "The primary color as RGB values 'R, G, B' (for translucent surfaces).",
      'fr-FR': "La couleur principale en valeurs RVB 'R, G, B' (pour les surfaces translucides).",
      'de-DE': "Die Primärfarbe als RGB-Werte 'R, G, B' (für transparente Flächen).",
    },
  },
  PrimaryTextColor: {
    type: 'string',
    default: '#FFFFFF',
    group: 'weergave',
    public: true,
    format: 'hexColor',
    description: {
      'nl-NL': 'Tekstkleur op vlakken in de primaire kleur, als #RRGGBB.',
      'en-US': 'Text color on surfaces in the primary color, as #RRGGBB.',
      'fr-FR': 'Couleur du texte sur les surfaces de couleur principale, au format #RRGGBB.',
      'de-DE': 'Textfarbe auf Flächen in der Primärfarbe im Format #RRGGBB.',
    },
  },
  SecondaryColor: {
    type: 'string',
    default: '#F59F00',
    group: 'weergave',
    public: true,
    format: 'hexColor',
    description: {
      'nl-NL': 'Secundaire huisstijlkleur (accenten, tellers, markeringen), als #RRGGBB.',
      'en-US': 'Secondary brand color (accents, badges, highlights), as #RRGGBB.',
      'fr-FR':
        'Couleur secondaire de la charte graphique (accents, pastilles, mises en évidence), au format #RRGGBB.',
      'de-DE': 'Sekundäre Markenfarbe (Akzente, Zähler, Hervorhebungen) im Format #RRGGBB.',
    },
  },
  SecondaryColorDarker: {
    type: 'string',
    default: '#D48A00',
    group: 'weergave',
    public: true,
    format: 'hexColor',
    description: {
      'nl-NL': 'Donkerdere variant van de secundaire kleur (hover- en actieve toestand), als #RRGGBB.',
      'en-US': 'Darker shade of the secondary color (hover and active states), as #RRGGBB.',
      'fr-FR': 'Nuance plus foncée de la couleur secondaire (survol et état actif), au format #RRGGBB.',
      'de-DE': 'Dunklere Variante der Sekundärfarbe (Hover- und Aktivzustand) im Format #RRGGBB.',
    },
  },
  SecondaryTextColor: {
    type: 'string',
    default: '#1A1B1E',
    group: 'weergave',
    public: true,
    format: 'hexColor',
    description: {
      'nl-NL': 'Tekstkleur op vlakken in de secundaire kleur, als #RRGGBB.',
      'en-US': 'Text color on surfaces in the secondary color, as #RRGGBB.',
      'fr-FR': 'Couleur du texte sur les surfaces de couleur secondaire, au format #RRGGBB.',
      'de-DE': 'Textfarbe auf Flächen in der Sekundärfarbe im Format #RRGGBB.',
    },
  },
  InfoEnabled: {
    type: 'bool',
    default: false,
    group: 'weergave',
    public: true,
    description: {
      'nl-NL': 'Toon de link Info in de hoofdbalk (naar de contentpagina uit InfoContentPageId).',
      'en-US': 'Show the Info link in the main bar (to the content page set in InfoContentPageId).',
      'fr-FR':
        'Afficher le lien Info dans la barre principale (vers la page de contenu définie dans InfoContentPageId).',
      'de-DE': 'Den Link Info in der Hauptleiste anzeigen (zur Inhaltsseite aus InfoContentPageId).',
    },
  },
  InfoContentPageId: {
    type: 'string',
    default: '',
    group: 'weergave',
    public: true,
    description: {
      'nl-NL': 'Id van de contentpagina achter de link Info. Leeg: de link wordt niet getoond.',
      'en-US': 'Id of the content page behind the Info link. Empty: the link is hidden.',
      'fr-FR': 'Identifiant de la page de contenu du lien Info. Vide : le lien est masqué.',
      'de-DE': 'ID der Inhaltsseite hinter dem Link Info. Leer: der Link wird ausgeblendet.',
    },
  },
  EnableFooterNavigation: {
    type: 'bool',
    default: true,
    group: 'weergave',
    public: true,
    description: {
      'nl-NL':
        'Toon in de footer snelkoppelingen naar Materieel, Locatie, Favorieten, Afvoerlijst en Bestellijst.',
      'en-US': 'Show shortcuts to Equipment, Location, Favorites, Return list and Order list in the footer.',
      'fr-FR':
        'Afficher dans le pied de page des raccourcis vers Matériel, Chantier, Favoris, Liste de retour et Liste de commande.',
      'de-DE':
        'In der Fußzeile Verknüpfungen zu Geräte, Baustelle, Favoriten, Rückgabeliste und Bestellliste anzeigen.',
    },
  },
  ShowTermsAndConditionsLink: {
    type: 'bool',
    default: false,
    group: 'weergave',
    public: true,
    description: {
      'nl-NL':
        'Toon in de footer een link naar de algemene voorwaarden (TermsAndConditionsUrl moet gevuld zijn).',
      'en-US': 'Show a link to the terms and conditions in the footer (TermsAndConditionsUrl must be set).',
      'fr-FR':
        'Afficher dans le pied de page un lien vers les conditions générales (TermsAndConditionsUrl doit être renseigné).',
      'de-DE': 'In der Fußzeile einen Link zu den AGB anzeigen (TermsAndConditionsUrl muss gesetzt sein).',
    },
  },
  TermsAndConditionsUrl: {
    type: 'string',
    default: '',
    group: 'weergave',
    public: true,
    format: 'url',
    description: {
      'nl-NL':
        'Webadres (https://…) van de algemene voorwaarden; ook gebruikt bij het accepteren van voorwaarden in de wizards.',
      'en-US':
        'Web address (https://…) of the terms and conditions; also used when accepting terms in the wizards.',
      'fr-FR':
        'Adresse web (https://…) des conditions générales ; également utilisée lors de leur acceptation dans les assistants.',
      'de-DE':
        'Webadresse (https://…) der AGB; wird auch beim Akzeptieren der Bedingungen in den Assistenten verwendet.',
    },
  },
  Gewicht_AantalDecimalen: {
    type: 'int',
    default: 1,
    min: 0,
    max: 5,
    group: 'weergave',
    public: true,
    description: {
      'nl-NL': 'Aantal decimalen waarmee gewichten (kg) worden getoond.',
      'en-US': 'Number of decimals used to display weights (kg).',
      'fr-FR': 'Nombre de décimales pour l’affichage des poids (kg).',
      'de-DE': 'Anzahl der Nachkommastellen für Gewichtsangaben (kg).',
    },
  },

  // ── talen ───────────────────────────────────────────────────────────────────────────────
  Taal_ZichtbaarNederlands: {
    type: 'bool',
    default: true,
    group: 'talen',
    public: true,
    description: {
      'nl-NL': 'Bied Nederlands aan in de taalkeuze.',
      'en-US': 'Offer Dutch in the language picker.',
      'fr-FR': 'Proposer le néerlandais dans le sélecteur de langue.',
      'de-DE': 'Niederländisch in der Sprachauswahl anbieten.',
    },
  },
  Taal_ZichtbaarEngels: {
    type: 'bool',
    default: true,
    group: 'talen',
    public: true,
    description: {
      'nl-NL': 'Bied Engels aan in de taalkeuze.',
      'en-US': 'Offer English in the language picker.',
      'fr-FR': 'Proposer l’anglais dans le sélecteur de langue.',
      'de-DE': 'Englisch in der Sprachauswahl anbieten.',
    },
  },
  Taal_ZichtbaarFrans: {
    type: 'bool',
    default: true,
    group: 'talen',
    public: true,
    description: {
      'nl-NL': 'Bied Frans aan in de taalkeuze.',
      'en-US': 'Offer French in the language picker.',
      'fr-FR': 'Proposer le français dans le sélecteur de langue.',
      'de-DE': 'Französisch in der Sprachauswahl anbieten.',
    },
  },
  Taal_ZichtbaarDuits: {
    type: 'bool',
    default: true,
    group: 'talen',
    public: true,
    description: {
      'nl-NL': 'Bied Duits aan in de taalkeuze.',
      'en-US': 'Offer German in the language picker.',
      'fr-FR': 'Proposer l’allemand dans le sélecteur de langue.',
      'de-DE': 'Deutsch in der Sprachauswahl anbieten.',
    },
  },
  DefaultLanguage: {
    type: 'string',
    default: 'nl-NL',
    group: 'talen',
    public: true,
    options: locales,
    description: {
      'nl-NL': 'Taal voor bezoekers zonder voorkeur en voor e-mails aan gebruikers zonder taalinstelling.',
      'en-US': 'Language for visitors without a preference and for mail to users without a language setting.',
      'fr-FR':
        'Langue des visiteurs sans préférence et des e-mails envoyés aux utilisateurs sans langue définie.',
      'de-DE': 'Sprache für Besucher ohne Präferenz und für E-Mails an Benutzer ohne Spracheinstellung.',
    },
  },

  // ── prijzen ─────────────────────────────────────────────────────────────────────────────
  PubliekePrijzen: {
    type: 'bool',
    default: false,
    group: 'prijzen',
    public: true,
    description: {
      'nl-NL': 'Toon prijzen aan bezoekers die niet zijn ingelogd.',
      'en-US': 'Show prices to visitors who are not signed in.',
      'fr-FR': 'Afficher les prix aux visiteurs non connectés.',
      'de-DE': 'Preise für nicht angemeldete Besucher anzeigen.',
    },
  },
  ShowPriceInternalPrices: {
    type: 'bool',
    default: false,
    group: 'prijzen',
    public: true,
    description: {
      'nl-NL': 'Toon prijzen aan interne gebruikers die een locatie hebben gekozen.',
      'en-US': 'Show prices to internal users who have selected a location.',
      'fr-FR': 'Afficher les prix aux utilisateurs internes ayant sélectionné un chantier.',
      'de-DE': 'Preise für interne Benutzer mit ausgewählter Baustelle anzeigen.',
    },
  },
  ToonPrijsMaterieellocatie: {
    type: 'bool',
    default: true,
    group: 'prijzen',
    public: true,
    description: {
      'nl-NL': 'Toon prijzen aan interne gebruikers zolang zij nog geen locatie hebben gekozen.',
      'en-US': 'Show prices to internal users as long as they have not selected a location.',
      'fr-FR': 'Afficher les prix aux utilisateurs internes tant qu’ils n’ont pas sélectionné de chantier.',
      'de-DE': 'Preise für interne Benutzer anzeigen, solange sie keine Baustelle ausgewählt haben.',
    },
  },
  UseRentalDiscount: {
    type: 'bool',
    default: false,
    group: 'prijzen',
    public: true,
    description: {
      'nl-NL': 'Verwerk de huurkorting van de klant in getoonde huurprijzen en facturen.',
      'en-US': 'Apply the customer’s rental discount to displayed rental prices and invoices.',
      'fr-FR': 'Appliquer la remise de location du client aux prix affichés et aux factures.',
      'de-DE': 'Den Mietrabatt des Kunden in angezeigten Mietpreisen und Rechnungen berücksichtigen.',
    },
  },
  Prijzen_AantalDecimalen: {
    type: 'int',
    default: 2,
    min: 0,
    max: 5,
    group: 'prijzen',
    public: true,
    description: {
      'nl-NL': 'Aantal decimalen waarmee bedragen in euro worden getoond.',
      'en-US': 'Number of decimals used to display amounts in euros.',
      'fr-FR': 'Nombre de décimales pour l’affichage des montants en euros.',
      'de-DE': 'Anzahl der Nachkommastellen für Beträge in Euro.',
    },
  },

  // ── catalogus ───────────────────────────────────────────────────────────────────────────
  Details_ToonTechnischeGegevensIngelogd: {
    type: 'bool',
    default: false,
    group: 'catalogus',
    public: true,
    description: {
      'nl-NL': 'Toon technische gegevens op de detailpagina alleen aan ingelogde gebruikers.',
      'en-US': 'Show technical data on the detail page to signed-in users only.',
      'fr-FR':
        'Afficher les caractéristiques techniques de la fiche détaillée aux seuls utilisateurs connectés.',
      'de-DE': 'Technische Daten auf der Detailseite nur angemeldeten Benutzern anzeigen.',
    },
  },
  Details_UseRentalUnit: {
    type: 'bool',
    default: false,
    group: 'catalogus',
    public: true,
    description: {
      'nl-NL': 'Toon huurprijzen per huureenheid van het artikel in plaats van per dag en per week.',
      'en-US': 'Show rental prices per rental unit of the item instead of per day and per week.',
      'fr-FR':
        'Afficher les prix de location par unité de location de l’article plutôt que par jour et par semaine.',
      'de-DE': 'Mietpreise je Mieteinheit des Artikels statt pro Tag und pro Woche anzeigen.',
    },
  },

  // ── zoeken ──────────────────────────────────────────────────────────────────────────────
  Zoeken_ShowPreviewImage: {
    type: 'bool',
    default: true,
    group: 'zoeken',
    public: true,
    description: {
      'nl-NL': 'Toon een kleine afbeelding bij de snelle zoekresultaten.',
      'en-US': 'Show a small image next to the quick search results.',
      'fr-FR': 'Afficher une petite image à côté des résultats de recherche rapide.',
      'de-DE': 'Ein kleines Vorschaubild neben den Schnellsuchergebnissen anzeigen.',
    },
  },
  MinimumZoekLengte: {
    type: 'int',
    default: 2,
    min: 1,
    max: 10,
    group: 'zoeken',
    public: true,
    description: {
      'nl-NL': 'Minimaal aantal tekens voordat er wordt gezocht.',
      'en-US': 'Minimum number of characters before a search starts.',
      'fr-FR': 'Nombre minimal de caractères avant le lancement d’une recherche.',
      'de-DE': 'Mindestanzahl an Zeichen, bevor eine Suche startet.',
    },
  },
  SynoniemCode: {
    type: 'string',
    default: 'STANDAARD',
    group: 'zoeken',
    public: false,
    description: {
      'nl-NL':
        'Code van de synoniemenlijst (zoals het ERP-systeem haar noemt) die bij het zoeken wordt meegenomen; de groepen beheer je onder Zoeksynoniemen. Leeg: geen synoniemen.',
      'en-US':
        'Code of the synonym list (as the ERP system names it) included in searches; its groups are kept under Search synonyms. Empty: no synonyms.',
      'fr-FR':
        'Code de la liste de synonymes (telle que le système ERP la nomme) prise en compte lors des recherches ; ses groupes se gèrent sous Synonymes de recherche. Vide : aucun synonyme.',
      'de-DE':
        'Code der Synonymliste (wie das ERP-System sie nennt), die bei der Suche berücksichtigt wird; ihre Gruppen pflegen Sie unter Suchsynonyme. Leer: keine Synonyme.',
    },
  },

  // ── bestellen ───────────────────────────────────────────────────────────────────────────
  OrderWizardBlockWeekend: {
    type: 'bool',
    default: true,
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL': 'Zaterdag en zondag zijn niet te kiezen als leverdatum.',
      'en-US': 'Saturday and Sunday cannot be chosen as delivery date.',
      'fr-FR': 'Le samedi et le dimanche ne peuvent pas être choisis comme date de livraison.',
      'de-DE': 'Samstag und Sonntag können nicht als Liefertermin gewählt werden.',
    },
  },
  OrderWizardBlockDaysToOrder: {
    type: 'int',
    default: 1,
    min: 0,
    max: 60,
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL': 'Aantal dagen vanaf vandaag dat niet als leverdatum te kiezen is (0 = vandaag mag).',
      'en-US': 'Number of days from today that cannot be chosen as delivery date (0 = today is allowed).',
      'fr-FR':
        'Nombre de jours à partir d’aujourd’hui non sélectionnables comme date de livraison (0 = aujourd’hui autorisé).',
      'de-DE': 'Anzahl Tage ab heute, die nicht als Liefertermin wählbar sind (0 = heute erlaubt).',
    },
  },
  Bestellen_DagenInVerleden: {
    type: 'int',
    default: 0,
    min: 0,
    max: 365,
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL':
        'Aantal dagen in het verleden dat als leverdatum mag worden gekozen (voor het vastleggen van reeds geleverd materieel).',
      'en-US':
        'Number of days in the past that may be chosen as delivery date (to record equipment already delivered).',
      'fr-FR':
        'Nombre de jours dans le passé pouvant être choisis comme date de livraison (pour enregistrer du matériel déjà livré).',
      'de-DE':
        'Anzahl Tage in der Vergangenheit, die als Liefertermin gewählt werden dürfen (zum Erfassen bereits gelieferter Geräte).',
    },
  },
  OrderWizardEnableRush: {
    type: 'bool',
    default: true,
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL': 'Gebruikers kunnen een bestelling als spoed markeren.',
      'en-US': 'Users can mark an order as rush.',
      'fr-FR': 'Les utilisateurs peuvent marquer une commande comme urgente.',
      'de-DE': 'Benutzer können eine Bestellung als Eilauftrag kennzeichnen.',
    },
  },
  Bestellen_EnableVandaagOpSpoed: {
    type: 'bool',
    default: true,
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL':
        'Bij een spoedbestelling mag vandaag als leverdatum worden gekozen, ook als de blokkeerdagen dat anders verbieden.',
      'en-US':
        'A rush order may have today as delivery date, even when the blocked days would otherwise forbid it.',
      'fr-FR':
        'Une commande urgente peut être livrée aujourd’hui, même si les jours bloqués l’interdisent normalement.',
      'de-DE':
        'Bei Eilaufträgen darf heute als Liefertermin gewählt werden, auch wenn die Sperrtage dies sonst verbieten.',
    },
  },
  Spoed_Tekst: {
    type: 'string',
    default: '',
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL': 'Uitleg bij de spoedoptie in de bestelwizard. Leeg: de vertaalde standaardtekst.',
      'en-US': 'Explanation next to the rush option in the order wizard. Empty: the translated default text.',
      'fr-FR':
        'Explication de l’option urgente dans l’assistant de commande. Vide : le texte par défaut traduit.',
      'de-DE': 'Erläuterung zur Eiloption im Bestellassistenten. Leer: der übersetzte Standardtext.',
    },
  },
  Spoed_Prijs: {
    type: 'string',
    default: '',
    group: 'bestellen',
    public: true,
    format: 'decimal',
    description: {
      'nl-NL': 'Toeslag voor spoedlevering in euro, excl. btw (bijv. 75.00). Leeg: geen toeslag tonen.',
      'en-US': 'Surcharge for rush delivery in euros, excl. VAT (e.g. 75.00). Empty: no surcharge shown.',
      'fr-FR':
        'Supplément pour livraison urgente en euros HT (p. ex. 75.00). Vide : aucun supplément affiché.',
      'de-DE': 'Zuschlag für Eillieferung in Euro zzgl. MwSt. (z. B. 75.00). Leer: kein Zuschlag angezeigt.',
    },
  },
  Spoed_Code: {
    type: 'string',
    default: '',
    group: 'bestellen',
    public: false,
    description: {
      'nl-NL': 'Artikelcode in het ERP-systeem waarop de spoedtoeslag wordt geboekt.',
      'en-US': 'Item code in the ERP system on which the rush surcharge is booked.',
      'fr-FR': 'Code article du système ERP sur lequel le supplément urgent est imputé.',
      'de-DE': 'Artikelcode im ERP-System, auf den der Eilzuschlag gebucht wird.',
    },
  },
  OrderWizardEnableTermsAndConditions: {
    type: 'bool',
    default: false,
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL': 'De gebruiker moet de voorwaarden accepteren voordat een bestelling wordt verzonden.',
      'en-US': 'The user must accept the terms before an order is submitted.',
      'fr-FR': 'L’utilisateur doit accepter les conditions avant l’envoi d’une commande.',
      'de-DE': 'Der Benutzer muss die Bedingungen akzeptieren, bevor eine Bestellung gesendet wird.',
    },
  },
  Bestellen_EnableMeerdereBestellijsten: {
    type: 'bool',
    default: false,
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL': 'Gebruikers kunnen per locatie meerdere benoemde bestellijsten bijhouden.',
      'en-US': 'Users can keep several named order lists per location.',
      'fr-FR': 'Les utilisateurs peuvent gérer plusieurs listes de commande nommées par chantier.',
      'de-DE': 'Benutzer können je Baustelle mehrere benannte Bestelllisten führen.',
    },
  },
  Depot_DefaultOrder: {
    type: 'string',
    default: '',
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL': 'Nummer van het depot dat in de bestelwizard vooraf is gekozen. Leeg: geen voorkeur.',
      'en-US': 'Number of the depot preselected in the order wizard. Empty: no preference.',
      'fr-FR': 'Numéro du dépôt présélectionné dans l’assistant de commande. Vide : aucune préférence.',
      'de-DE': 'Nummer des im Bestellassistenten vorausgewählten Depots. Leer: keine Vorauswahl.',
    },
  },
  Klant_EnableHuidigeGebruikerAlsContact: {
    type: 'bool',
    default: true,
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL': 'Vul in de aanvraagformulieren de ingelogde gebruiker vooraf in als contactpersoon.',
      'en-US': 'Prefill the signed-in user as contact person in the request forms.',
      'fr-FR': 'Préremplir l’utilisateur connecté comme personne de contact dans les formulaires de demande.',
      'de-DE': 'Den angemeldeten Benutzer in den Anfrageformularen als Ansprechpartner vorausfüllen.',
    },
  },
  MeegeleverdeAantalWijzigen: {
    type: 'bool',
    default: false,
    group: 'bestellen',
    public: true,
    description: {
      'nl-NL': 'Gebruikers mogen het aantal meegeleverde toebehoren bij een artikel aanpassen.',
      'en-US': 'Users may change the quantity of accessories supplied with an item.',
      'fr-FR': 'Les utilisateurs peuvent modifier la quantité d’accessoires fournis avec un article.',
      'de-DE': 'Benutzer dürfen die Menge des mitgelieferten Zubehörs eines Artikels ändern.',
    },
  },
  AanvragenDatum_NaarOpmerking: {
    type: 'bool',
    default: false,
    group: 'bestellen',
    public: false,
    description: {
      'nl-NL':
        'Neem de gewenste datum van een aanvraag ook op in het opmerkingenveld dat naar het ERP-systeem gaat.',
      'en-US': 'Also write the requested date of a request into the comment field sent to the ERP system.',
      'fr-FR':
        'Reporter aussi la date souhaitée d’une demande dans le champ de commentaire envoyé au système ERP.',
      'de-DE': 'Das Wunschdatum einer Anfrage zusätzlich in das Bemerkungsfeld für das ERP-System schreiben.',
    },
  },
  Aanvraag_OpmerkingCode: {
    type: 'string',
    default: '',
    group: 'bestellen',
    public: false,
    description: {
      'nl-NL': 'Code waaronder opmerkingen bij aanvragen in het ERP-systeem worden vastgelegd.',
      'en-US': 'Code under which request comments are stored in the ERP system.',
      'fr-FR': 'Code sous lequel les commentaires des demandes sont enregistrés dans le système ERP.',
      'de-DE': 'Code, unter dem Bemerkungen zu Anfragen im ERP-System gespeichert werden.',
    },
  },

  // ── afvoeren ────────────────────────────────────────────────────────────────────────────
  Afvoeren_Blokkeerweekenden: {
    type: 'bool',
    default: true,
    group: 'afvoeren',
    public: true,
    description: {
      'nl-NL': 'Zaterdag en zondag zijn niet te kiezen als afvoerdatum.',
      'en-US': 'Saturday and Sunday cannot be chosen as return date.',
      'fr-FR': 'Le samedi et le dimanche ne peuvent pas être choisis comme date de retour.',
      'de-DE': 'Samstag und Sonntag können nicht als Rückgabetermin gewählt werden.',
    },
  },
  Afvoeren_Blokkeerdagen: {
    type: 'int',
    default: 1,
    min: 0,
    max: 60,
    group: 'afvoeren',
    public: true,
    description: {
      'nl-NL': 'Aantal dagen vanaf vandaag dat niet als afvoerdatum te kiezen is (0 = vandaag mag).',
      'en-US': 'Number of days from today that cannot be chosen as return date (0 = today is allowed).',
      'fr-FR':
        'Nombre de jours à partir d’aujourd’hui non sélectionnables comme date de retour (0 = aujourd’hui autorisé).',
      'de-DE': 'Anzahl Tage ab heute, die nicht als Rückgabetermin wählbar sind (0 = heute erlaubt).',
    },
  },
  Afvoeren_DagenInVerleden: {
    type: 'int',
    default: 0,
    min: 0,
    max: 365,
    group: 'afvoeren',
    public: true,
    description: {
      'nl-NL': 'Aantal dagen in het verleden dat als afvoerdatum mag worden gekozen.',
      'en-US': 'Number of days in the past that may be chosen as return date.',
      'fr-FR': 'Nombre de jours dans le passé pouvant être choisis comme date de retour.',
      'de-DE': 'Anzahl Tage in der Vergangenheit, die als Rückgabetermin gewählt werden dürfen.',
    },
  },
  Afvoeren_VoorwaardenVerplicht: {
    type: 'bool',
    default: false,
    group: 'afvoeren',
    public: true,
    description: {
      'nl-NL': 'De gebruiker moet de voorwaarden accepteren voordat een afvoeraanvraag wordt verzonden.',
      'en-US': 'The user must accept the terms before a return request is submitted.',
      'fr-FR': 'L’utilisateur doit accepter les conditions avant l’envoi d’une demande de retour.',
      'de-DE': 'Der Benutzer muss die Bedingungen akzeptieren, bevor eine Rückgabeanfrage gesendet wird.',
    },
  },
  Afvoerwizard_EnableSendEmailUser: {
    type: 'bool',
    default: true,
    group: 'afvoeren',
    public: false,
    description: {
      'nl-NL': 'Stuur de gebruiker een bevestiging per e-mail na het verzenden van een afvoeraanvraag.',
      'en-US': 'Send the user a confirmation by email after submitting a return request.',
      'fr-FR': 'Envoyer une confirmation par e-mail à l’utilisateur après l’envoi d’une demande de retour.',
      'de-DE': 'Dem Benutzer nach dem Senden einer Rückgabeanfrage eine Bestätigung per E-Mail schicken.',
    },
  },
  Depot_DefaultRemoval: {
    type: 'string',
    default: '',
    group: 'afvoeren',
    public: true,
    description: {
      'nl-NL': 'Nummer van het depot dat in de afvoerwizard vooraf is gekozen. Leeg: geen voorkeur.',
      'en-US': 'Number of the depot preselected in the return wizard. Empty: no preference.',
      'fr-FR': 'Numéro du dépôt présélectionné dans l’assistant de retour. Vide : aucune préférence.',
      'de-DE': 'Nummer des im Rückgabeassistenten vorausgewählten Depots. Leer: keine Vorauswahl.',
    },
  },

  // ── verplaatsen ─────────────────────────────────────────────────────────────────────────
  Verplaatsen_DagenInVerleden: {
    type: 'int',
    default: 0,
    min: 0,
    max: 365,
    group: 'verplaatsen',
    public: true,
    description: {
      'nl-NL': 'Aantal dagen in het verleden dat als verplaatsdatum mag worden gekozen.',
      'en-US': 'Number of days in the past that may be chosen as transfer date.',
      'fr-FR': 'Nombre de jours dans le passé pouvant être choisis comme date de transfert.',
      'de-DE': 'Anzahl Tage in der Vergangenheit, die als Umsetzungstermin gewählt werden dürfen.',
    },
  },
  Verplaatsen_VerwachtRetourVerplicht: {
    type: 'bool',
    default: false,
    group: 'verplaatsen',
    public: true,
    description: {
      'nl-NL': 'Bij een verplaatsing is de verwachte retourdatum verplicht.',
      'en-US': 'The expected return date is required for a transfer.',
      'fr-FR': 'La date de retour prévue est obligatoire pour un transfert.',
      'de-DE': 'Bei einer Umsetzung ist das voraussichtliche Rückgabedatum Pflicht.',
    },
  },
  Verplaatsen_VoorwaardenVerplicht: {
    type: 'bool',
    default: false,
    group: 'verplaatsen',
    public: true,
    description: {
      'nl-NL': 'De gebruiker moet de voorwaarden accepteren voordat een verplaatsing wordt verzonden.',
      'en-US': 'The user must accept the terms before a transfer is submitted.',
      'fr-FR': 'L’utilisateur doit accepter les conditions avant l’envoi d’un transfert.',
      'de-DE': 'Der Benutzer muss die Bedingungen akzeptieren, bevor eine Umsetzung gesendet wird.',
    },
  },
  Verplaatsen_EnableVerplaastenNaarEigenLocatie: {
    type: 'bool',
    default: false,
    group: 'verplaatsen',
    public: true,
    description: {
      'nl-NL': 'De eigen (huidige) locatie mag als bestemming van een verplaatsing worden gekozen.',
      'en-US': 'The user’s own (current) location may be chosen as destination of a transfer.',
      'fr-FR': 'Le chantier actuel de l’utilisateur peut être choisi comme destination d’un transfert.',
      'de-DE': 'Die eigene (aktuelle) Baustelle darf als Ziel einer Umsetzung gewählt werden.',
    },
  },
  Verplaatsen_EnableSendEmailUser: {
    type: 'bool',
    default: true,
    group: 'verplaatsen',
    public: false,
    description: {
      'nl-NL': 'Stuur de gebruiker een bevestiging per e-mail na het verzenden van een verplaatsing.',
      'en-US': 'Send the user a confirmation by email after submitting a transfer.',
      'fr-FR': 'Envoyer une confirmation par e-mail à l’utilisateur après l’envoi d’un transfert.',
      'de-DE': 'Dem Benutzer nach dem Senden einer Umsetzung eine Bestätigung per E-Mail schicken.',
    },
  },

  // ── transport ───────────────────────────────────────────────────────────────────────────
  TransportAanvraag_DageninInVerleden: {
    type: 'int',
    default: 0,
    min: 0,
    max: 365,
    group: 'transport',
    public: true,
    description: {
      'nl-NL': 'Aantal dagen in het verleden dat als transportdatum mag worden gekozen.',
      'en-US': 'Number of days in the past that may be chosen as transport date.',
      'fr-FR': 'Nombre de jours dans le passé pouvant être choisis comme date de transport.',
      'de-DE': 'Anzahl Tage in der Vergangenheit, die als Transporttermin gewählt werden dürfen.',
    },
  },
  TransportAanvraag_VoorwaardenVerplicht: {
    type: 'bool',
    default: false,
    group: 'transport',
    public: true,
    description: {
      'nl-NL': 'De gebruiker moet de voorwaarden accepteren voordat een transportaanvraag wordt verzonden.',
      'en-US': 'The user must accept the terms before a transport request is submitted.',
      'fr-FR': 'L’utilisateur doit accepter les conditions avant l’envoi d’une demande de transport.',
      'de-DE': 'Der Benutzer muss die Bedingungen akzeptieren, bevor eine Transportanfrage gesendet wird.',
    },
  },
  TransportAanvraag_EnableVerplaastenNaarEigenLocatie: {
    type: 'bool',
    default: false,
    group: 'transport',
    public: true,
    description: {
      'nl-NL': 'De eigen (huidige) locatie mag als bestemming van een transportaanvraag worden gekozen.',
      'en-US': 'The user’s own (current) location may be chosen as destination of a transport request.',
      'fr-FR':
        'Le chantier actuel de l’utilisateur peut être choisi comme destination d’une demande de transport.',
      'de-DE': 'Die eigene (aktuelle) Baustelle darf als Ziel einer Transportanfrage gewählt werden.',
    },
  },
  TransportAanvraag_EnableSendEmailUser: {
    type: 'bool',
    default: true,
    group: 'transport',
    public: false,
    description: {
      'nl-NL': 'Stuur de gebruiker een bevestiging per e-mail na het verzenden van een transportaanvraag.',
      'en-US': 'Send the user a confirmation by email after submitting a transport request.',
      'fr-FR':
        'Envoyer une confirmation par e-mail à l’utilisateur après l’envoi d’une demande de transport.',
      'de-DE': 'Dem Benutzer nach dem Senden einer Transportanfrage eine Bestätigung per E-Mail schicken.',
    },
  },
  Transport_MateriaalSoort: {
    type: 'string',
    default: '',
    group: 'transport',
    public: false,
    description: {
      'nl-NL':
        'Artikelnummer (materieelsoort) waaronder transportaanvragen in het ERP-systeem worden vastgelegd.',
      'en-US': 'Item number (equipment type) under which transport requests are recorded in the ERP system.',
      'fr-FR':
        'Numéro d’article (type de matériel) sous lequel les demandes de transport sont enregistrées dans l’ERP.',
      'de-DE': 'Artikelnummer (Geräteart), unter der Transportanfragen im ERP-System erfasst werden.',
    },
  },
  Transport_AfspraakCode: {
    type: 'string',
    default: '',
    group: 'transport',
    public: false,
    description: {
      'nl-NL': 'Afspraakcode die aan transportaanvragen in het ERP-systeem wordt meegegeven.',
      'en-US': 'Appointment code passed with transport requests to the ERP system.',
      'fr-FR': 'Code de rendez-vous transmis avec les demandes de transport au système ERP.',
      'de-DE': 'Terminschlüssel, der Transportanfragen im ERP-System mitgegeben wird.',
    },
  },

  // ── materieelvoorraad ───────────────────────────────────────────────────────────────────
  MaterieelvoorraadBulkTerugsturenEnabled: {
    type: 'bool',
    default: true,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Gebruikers kunnen meerdere voorraadregels tegelijk op de afvoerlijst zetten.',
      'en-US': 'Users can put several inventory lines on the return list at once.',
      'fr-FR': 'Les utilisateurs peuvent ajouter plusieurs lignes de stock à la liste de retour en une fois.',
      'de-DE': 'Benutzer können mehrere Bestandszeilen auf einmal auf die Rückgabeliste setzen.',
    },
  },
  Materieelvoorraad_NietMeerAfvoeren: {
    type: 'bool',
    default: false,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Schakel afvoeren vanuit de materieelvoorraad uit; de voorraad is dan alleen ter inzage.',
      'en-US': 'Disable returning equipment from the inventory screen; the inventory is then read-only.',
      'fr-FR': 'Désactiver le retour de matériel depuis le stock ; le stock est alors en lecture seule.',
      'de-DE': 'Rückgabe aus dem Gerätebestand deaktivieren; der Bestand ist dann nur einsehbar.',
    },
  },
  Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers: {
    type: 'bool',
    default: true,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL':
        'Houd bij het beschikbare aantal rekening met wat alle gebruikers van de locatie al op hun afvoerlijst hebben staan.',
      'en-US':
        'When computing the available quantity, include what all users of the location already have on their return lists.',
      'fr-FR':
        'Pour calculer la quantité disponible, tenir compte de ce que tous les utilisateurs du chantier ont déjà mis sur leur liste de retour.',
      'de-DE':
        'Bei der verfügbaren Menge berücksichtigen, was alle Benutzer der Baustelle bereits auf ihren Rückgabelisten haben.',
    },
  },
  Materieelvoorraad_ShowExportVoorraad: {
    type: 'bool',
    default: true,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Toon de knop om de materieelvoorraad naar Excel te exporteren.',
      'en-US': 'Show the button to export the inventory to Excel.',
      'fr-FR': 'Afficher le bouton d’export du stock vers Excel.',
      'de-DE': 'Die Schaltfläche zum Export des Gerätebestands nach Excel anzeigen.',
    },
  },
  Materieelvoorraad_ShowExportVoorraadVerloop: {
    type: 'bool',
    default: true,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Toon de knop om het voorraadverloop naar Excel te exporteren.',
      'en-US': 'Show the button to export the inventory history to Excel.',
      'fr-FR': 'Afficher le bouton d’export de l’historique du stock vers Excel.',
      'de-DE': 'Die Schaltfläche zum Export des Bestandsverlaufs nach Excel anzeigen.',
    },
  },
  Materieelvoorraad_ScannenEnabled: {
    type: 'bool',
    default: false,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL':
        'Gebruikers kunnen materieel met de camera scannen (barcode of QR-code) om het op de afvoerlijst te zetten.',
      'en-US': 'Users can scan equipment with the camera (barcode or QR code) to put it on the return list.',
      'fr-FR':
        'Les utilisateurs peuvent scanner le matériel avec la caméra (code-barres ou QR code) pour l’ajouter à la liste de retour.',
      'de-DE':
        'Benutzer können Geräte mit der Kamera scannen (Barcode oder QR-Code), um sie auf die Rückgabeliste zu setzen.',
    },
  },
  Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad: {
    type: 'bool',
    default: false,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Toon het voorraadverloop ook voor artikelen waarvan de voorraad op de locatie nul is.',
      'en-US': 'Also show the inventory history for items whose quantity on the location is zero.',
      'fr-FR':
        'Afficher l’historique du stock aussi pour les articles dont la quantité sur le chantier est nulle.',
      'de-DE': 'Den Bestandsverlauf auch für Artikel mit Bestand null auf der Baustelle anzeigen.',
    },
  },
  Materieelvoorraad_ToonAllevoorraden: {
    type: 'bool',
    default: true,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Bied het overzicht Alle materieelvoorraad aan (voorraad van alle locaties van de gebruiker).',
      'en-US': 'Offer the All inventory overview (inventory across all of the user’s locations).',
      'fr-FR': 'Proposer la vue Tout le stock (stock de tous les chantiers de l’utilisateur).',
      'de-DE': 'Die Übersicht Gesamter Bestand anbieten (Bestand aller Baustellen des Benutzers).',
    },
  },
  MaterieelVoorraad_ToonExternMaterieelKeuringsDatum: {
    type: 'bool',
    default: false,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Toon ook de keuringsdatum van extern (ingehuurd) materieel.',
      'en-US': 'Also show the inspection date of external (hired-in) equipment.',
      'fr-FR': 'Afficher aussi la date de contrôle du matériel externe (loué à des tiers).',
      'de-DE': 'Auch das Prüfdatum von Fremdgeräten (zugemietet) anzeigen.',
    },
  },
  ShowAllInspections: {
    type: 'bool',
    default: false,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Toon op Materieelkeuringen alle keuringen, niet alleen de keuringen die binnenkort verlopen.',
      'en-US': 'Show all inspections on Equipment inspections, not only those due soon.',
      'fr-FR':
        'Afficher tous les contrôles dans Contrôles du matériel, pas seulement ceux arrivant à échéance.',
      'de-DE': 'Unter Geräteprüfungen alle Prüfungen anzeigen, nicht nur die bald fälligen.',
    },
  },
  MaterieelvoorraadKeuringsdatumInfoDays: {
    type: 'int',
    default: 60,
    min: 0,
    max: 365,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Aantal dagen vóór de keuringsdatum waarop een keuring als aankomend (info) wordt gemarkeerd.',
      'en-US': 'Days before the inspection date from which an inspection is marked as upcoming (info).',
      'fr-FR':
        'Nombre de jours avant la date de contrôle à partir duquel un contrôle est signalé comme à venir (info).',
      'de-DE': 'Tage vor dem Prüfdatum, ab denen eine Prüfung als anstehend (Info) markiert wird.',
    },
  },
  MaterieelvoorraadKeuringsdatumWarningDays: {
    type: 'int',
    default: 30,
    min: 0,
    max: 365,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL':
        'Aantal dagen vóór de keuringsdatum waarop een keuring als waarschuwing (oranje) wordt gemarkeerd.',
      'en-US': 'Days before the inspection date from which an inspection is marked as a warning (orange).',
      'fr-FR':
        'Nombre de jours avant la date de contrôle à partir duquel un contrôle est signalé en alerte (orange).',
      'de-DE': 'Tage vor dem Prüfdatum, ab denen eine Prüfung als Warnung (orange) markiert wird.',
    },
  },
  MaterieelvoorraadKeuringsdatumDangerDays: {
    type: 'int',
    default: 7,
    min: 0,
    max: 365,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL': 'Aantal dagen vóór de keuringsdatum waarop een keuring als urgent (rood) wordt gemarkeerd.',
      'en-US': 'Days before the inspection date from which an inspection is marked as urgent (red).',
      'fr-FR':
        'Nombre de jours avant la date de contrôle à partir duquel un contrôle est signalé comme urgent (rouge).',
      'de-DE': 'Tage vor dem Prüfdatum, ab denen eine Prüfung als dringend (rot) markiert wird.',
    },
  },
  Materieelvoorraad_StilstandDagen: {
    type: 'int',
    default: 14,
    min: 1,
    max: 365,
    group: 'materieelvoorraad',
    public: true,
    description: {
      'nl-NL':
        'Aantal dagen zonder beweging (levering, verplaatsing, scan, keuring of afvoerlijst) waarna materieel als stilstaand wordt gemarkeerd.',
      'en-US':
        'Days without movement (delivery, relocation, scan, inspection or removal list) after which equipment is marked as idle.',
      'fr-FR':
        'Nombre de jours sans mouvement (livraison, déplacement, scan, contrôle ou liste de retour) après lequel le matériel est signalé comme inutilisé.',
      'de-DE':
        'Tage ohne Bewegung (Lieferung, Umsetzung, Scan, Prüfung oder Rückgabeliste), nach denen Gerät als ungenutzt markiert wird.',
    },
  },

  // ── locatie ─────────────────────────────────────────────────────────────────────────────
  Locatie_ToonDepots: {
    type: 'bool',
    default: false,
    group: 'locatie',
    public: true,
    description: {
      'nl-NL': 'Toon de depots in de locatiekeuze en op de locatiepagina.',
      'en-US': 'Show the depots in the location picker and on the location page.',
      'fr-FR': 'Afficher les dépôts dans le sélecteur de chantier et sur la page du chantier.',
      'de-DE': 'Die Depots in der Baustellenauswahl und auf der Baustellenseite anzeigen.',
    },
  },
  DepotWerkAdresen_TonenEnGebruiken: {
    type: 'bool',
    default: false,
    group: 'locatie',
    public: true,
    description: {
      'nl-NL': 'Bied de werkadressen van depots aan als afleveradres in de aanvraagformulieren.',
      'en-US': 'Offer the work addresses of depots as delivery address in the request forms.',
      'fr-FR':
        'Proposer les adresses de travail des dépôts comme adresse de livraison dans les formulaires de demande.',
      'de-DE': 'Die Arbeitsadressen der Depots als Lieferadresse in den Anfrageformularen anbieten.',
    },
  },
  ProjectOverzichten_TonenEnGebruiken: {
    type: 'bool',
    default: false,
    group: 'locatie',
    public: true,
    description: {
      'nl-NL':
        'Toon overzichten op projectniveau: orders, aanvragen en voorraad van alle locaties binnen hetzelfde project.',
      'en-US':
        'Show project-level overviews: orders, requests and inventory of all locations within the same project.',
      'fr-FR':
        'Afficher des vues par projet : commandes, demandes et stock de tous les chantiers d’un même projet.',
      'de-DE':
        'Übersichten auf Projektebene anzeigen: Aufträge, Anfragen und Bestand aller Baustellen desselben Projekts.',
    },
  },
  Locatie_IndicatorSafe: {
    type: 'int',
    default: 30,
    min: 0,
    max: 3650,
    group: 'locatie',
    public: true,
    description: {
      'nl-NL': 'Tot en met dit aantal huurdagen op de locatie is de indicator groen.',
      'en-US': 'Up to and including this number of rental days on the location the indicator is green.',
      'fr-FR': 'Jusqu’à ce nombre de jours de location sur le chantier inclus, l’indicateur est vert.',
      'de-DE': 'Bis einschließlich dieser Anzahl Miettage auf der Baustelle ist der Indikator grün.',
    },
  },
  Locatie_IndicatorWarning: {
    type: 'int',
    default: 60,
    min: 0,
    max: 3650,
    group: 'locatie',
    public: true,
    description: {
      'nl-NL': 'Vanaf dit aantal huurdagen op de locatie is de indicator oranje.',
      'en-US': 'From this number of rental days on the location the indicator is orange.',
      'fr-FR': 'À partir de ce nombre de jours de location sur le chantier, l’indicateur est orange.',
      'de-DE': 'Ab dieser Anzahl Miettage auf der Baustelle ist der Indikator orange.',
    },
  },
  Locatie_IndicatorDanger: {
    type: 'int',
    default: 90,
    min: 0,
    max: 3650,
    group: 'locatie',
    public: true,
    description: {
      'nl-NL': 'Vanaf dit aantal huurdagen op de locatie is de indicator rood.',
      'en-US': 'From this number of rental days on the location the indicator is red.',
      'fr-FR': 'À partir de ce nombre de jours de location sur le chantier, l’indicateur est rouge.',
      'de-DE': 'Ab dieser Anzahl Miettage auf der Baustelle ist der Indikator rot.',
    },
  },
  LocatieAfmelden_MaterieelCheck: {
    type: 'bool',
    default: true,
    group: 'locatie',
    public: true,
    description: {
      'nl-NL': 'Een locatie kan pas worden afgemeld als er geen materieel meer op staat.',
      'en-US': 'A location can only be closed once no equipment remains on it.',
      'fr-FR': 'Un chantier ne peut être clôturé que lorsqu’il n’y reste plus de matériel.',
      'de-DE': 'Eine Baustelle kann erst abgemeldet werden, wenn sich dort keine Geräte mehr befinden.',
    },
  },
  LocatieAfmelden_DisableCheckSellItems: {
    type: 'bool',
    default: false,
    group: 'locatie',
    public: true,
    description: {
      'nl-NL': 'Sla verkochte artikelen over bij de materieelcontrole voor het afmelden van een locatie.',
      'en-US': 'Skip sold items in the equipment check before closing a location.',
      'fr-FR': 'Ignorer les articles vendus lors du contrôle du matériel avant la clôture d’un chantier.',
      'de-DE': 'Verkaufte Artikel bei der Geräteprüfung vor dem Abmelden einer Baustelle überspringen.',
    },
  },
  LocatieAfmelden_AfkoopSom: {
    type: 'bool',
    default: false,
    group: 'locatie',
    public: true,
    description: {
      'nl-NL':
        'Bied bij het afmelden van een locatie de mogelijkheid een afkoopsom aan te vragen voor resterend materieel.',
      'en-US': 'When closing a location, offer to request a buy-out amount for remaining equipment.',
      'fr-FR':
        'Lors de la clôture d’un chantier, proposer de demander un montant de rachat pour le matériel restant.',
      'de-DE': 'Beim Abmelden einer Baustelle anbieten, eine Ablösesumme für verbleibende Geräte anzufragen.',
    },
  },

  // ── sets ────────────────────────────────────────────────────────────────────────────────
  MaterieelSets_ToonSets: {
    type: 'bool',
    default: true,
    group: 'sets',
    public: true,
    description: {
      'nl-NL': 'Toon sets (samengestelde pakketten materieel) in de navigatie en de zoekresultaten.',
      'en-US': 'Show sets (bundled equipment packages) in the navigation and search results.',
      'fr-FR': 'Afficher les kits (ensembles de matériel) dans la navigation et les résultats de recherche.',
      'de-DE': 'Sets (zusammengestellte Gerätepakete) in der Navigation und den Suchergebnissen anzeigen.',
    },
  },
  Sets_AllowEdit: {
    type: 'bool',
    default: true,
    group: 'sets',
    public: true,
    description: {
      'nl-NL':
        'Gebruikers mogen de aantallen van de onderdelen van een set aanpassen voordat ze die bestellen.',
      'en-US': 'Users may change the quantities of a set’s components before ordering it.',
      'fr-FR':
        'Les utilisateurs peuvent modifier les quantités des composants d’un kit avant de le commander.',
      'de-DE': 'Benutzer dürfen die Mengen der Bestandteile eines Sets vor der Bestellung ändern.',
    },
  },
  Sets_FillByDefault: {
    type: 'bool',
    default: true,
    group: 'sets',
    public: true,
    description: {
      'nl-NL': 'Vul de aantallen van de onderdelen van een set vooraf in met de standaardaantallen.',
      'en-US': 'Prefill the quantities of a set’s components with their default quantities.',
      'fr-FR': 'Préremplir les quantités des composants d’un kit avec leurs quantités par défaut.',
      'de-DE': 'Die Mengen der Bestandteile eines Sets mit den Standardmengen vorausfüllen.',
    },
  },
  Sets_UseAsQuickList: {
    type: 'bool',
    default: false,
    group: 'sets',
    public: true,
    description: {
      'nl-NL':
        'Gebruik sets als snelle bestellijst: alle onderdelen in één keer met eigen aantallen toevoegen.',
      'en-US': 'Use sets as quick order lists: add all components at once with your own quantities.',
      'fr-FR':
        'Utiliser les kits comme listes de commande rapides : ajouter tous les composants en une fois avec ses propres quantités.',
      'de-DE':
        'Sets als Schnellbestellliste nutzen: alle Bestandteile auf einmal mit eigenen Mengen hinzufügen.',
    },
  },
  FavorietenSets: {
    type: 'multiString',
    default: [],
    group: 'sets',
    public: true,
    description: {
      'nl-NL':
        'Nummers van sets die bovenaan de pagina Sets als favoriet worden uitgelicht, in deze volgorde, en die Favorieten aanbiedt.',
      'en-US':
        'Numbers of sets highlighted as favorites at the top of the Sets page, in this order, and offered on Favorites.',
      'fr-FR':
        'Numéros des kits mis en avant comme favoris en haut de la page Kits, dans cet ordre, et proposés dans Favoris.',
      'de-DE':
        'Nummern der Sets, die oben auf der Seite Sets als Favoriten hervorgehoben werden, in dieser Reihenfolge, und die Favoriten anbietet.',
    },
  },

  // ── klachten ────────────────────────────────────────────────────────────────────────────
  Klacht_VerwachteOplossingsDagen: {
    type: 'int',
    default: 14,
    min: 1,
    max: 365,
    group: 'klachten',
    public: true,
    description: {
      'nl-NL': 'Aantal dagen na het indienen waarbinnen een klacht naar verwachting is opgelost.',
      'en-US': 'Number of days after submission within which a complaint is expected to be resolved.',
      'fr-FR': 'Nombre de jours après le dépôt dans lequel une réclamation devrait être résolue.',
      'de-DE': 'Anzahl Tage nach Einreichung, innerhalb derer eine Reklamation voraussichtlich gelöst ist.',
    },
  },
  Klacht_TypeFilter: {
    type: 'multiString',
    default: [],
    group: 'klachten',
    public: false,
    description: {
      'nl-NL': 'Klachttypen die gebruikers kunnen kiezen. Leeg: alle typen.',
      'en-US': 'Complaint types users can choose from. Empty: all types.',
      'fr-FR': 'Types de réclamation proposés aux utilisateurs. Vide : tous les types.',
      'de-DE': 'Reklamationsarten, aus denen Benutzer wählen können. Leer: alle Arten.',
    },
  },

  // ── facturen ────────────────────────────────────────────────────────────────────────────
  Facturen_DebetFilter: {
    type: 'string',
    default: '',
    group: 'facturen',
    public: false,
    description: {
      'nl-NL':
        'Filter op de debetfacturen die gebruikers te zien krijgen (bijv. een boekingsgroep). Leeg: alle.',
      'en-US': 'Filter on the debit invoices shown to users (e.g. a posting group). Empty: all.',
      'fr-FR':
        'Filtre sur les factures de débit affichées aux utilisateurs (p. ex. un groupe comptable). Vide : toutes.',
      'de-DE':
        'Filter für die Belastungsrechnungen, die Benutzer sehen (z. B. eine Buchungsgruppe). Leer: alle.',
    },
  },
  Facturen_CreditFilter: {
    type: 'string',
    default: '',
    group: 'facturen',
    public: false,
    description: {
      'nl-NL': 'Filter op de creditnota’s die gebruikers te zien krijgen. Leeg: alle.',
      'en-US': 'Filter on the credit memos shown to users. Empty: all.',
      'fr-FR': 'Filtre sur les avoirs affichés aux utilisateurs. Vide : tous.',
      'de-DE': 'Filter für die Gutschriften, die Benutzer sehen. Leer: alle.',
    },
  },
  Facturen_DocumentNaamFilter: {
    type: 'string',
    default: '',
    group: 'facturen',
    public: false,
    description: {
      'nl-NL':
        'Alleen documenten waarvan de naam dit patroon bevat worden als factuurdocument aangeboden (* = joker). Leeg: alle.',
      'en-US':
        'Only documents whose name matches this pattern are offered as invoice document (* = wildcard). Empty: all.',
      'fr-FR':
        'Seuls les documents dont le nom correspond à ce modèle sont proposés comme document de facture (* = joker). Vide : tous.',
      'de-DE':
        'Nur Dokumente, deren Name diesem Muster entspricht, werden als Rechnungsdokument angeboten (* = Platzhalter). Leer: alle.',
    },
  },

  // ── email ───────────────────────────────────────────────────────────────────────────────
  OrderWizardEmailEnableSend: {
    type: 'bool',
    default: true,
    group: 'email',
    public: false,
    description: {
      'nl-NL':
        'Stuur na een bestelling een bevestiging per e-mail naar de gebruiker en de standaardontvanger.',
      'en-US': 'After an order, send a confirmation by email to the user and the default receiver.',
      'fr-FR':
        'Après une commande, envoyer une confirmation par e-mail à l’utilisateur et au destinataire par défaut.',
      'de-DE':
        'Nach einer Bestellung eine Bestätigung per E-Mail an den Benutzer und den Standardempfänger senden.',
    },
  },
  OrderWizardDefaultReceiver: {
    type: 'string',
    default: '',
    group: 'email',
    public: false,
    format: 'email',
    description: {
      'nl-NL': 'E-mailadres van de afdeling die een kopie van elke aanvraag ontvangt. Leeg: geen kopie.',
      'en-US': 'Email address of the department that receives a copy of every request. Empty: no copy.',
      'fr-FR': 'Adresse e-mail du service qui reçoit une copie de chaque demande. Vide : aucune copie.',
      'de-DE': 'E-Mail-Adresse der Abteilung, die eine Kopie jeder Anfrage erhält. Leer: keine Kopie.',
    },
  },
  OrderWizardEmailTemplate: {
    type: 'string',
    default: '',
    group: 'email',
    public: false,
    description: {
      'nl-NL':
        'Eigen HTML-sjabloon voor de bevestigingsmail van een aanvraag, met {{placeholders}}. Leeg: het standaardsjabloon.',
      'en-US':
        'Custom HTML template for the request confirmation mail, with {{placeholders}}. Empty: the default template.',
      'fr-FR':
        'Modèle HTML personnalisé pour l’e-mail de confirmation d’une demande, avec des {{placeholders}}. Vide : le modèle par défaut.',
      'de-DE':
        'Eigene HTML-Vorlage für die Bestätigungs-E-Mail einer Anfrage, mit {{placeholders}}. Leer: die Standardvorlage.',
    },
  },
  ToonPrijsInEmail: {
    type: 'bool',
    default: false,
    group: 'email',
    public: false,
    description: {
      'nl-NL': 'Vermeld prijzen in de bevestigingsmails van aanvragen.',
      'en-US': 'Include prices in request confirmation mails.',
      'fr-FR': 'Indiquer les prix dans les e-mails de confirmation des demandes.',
      'de-DE': 'Preise in den Bestätigungs-E-Mails von Anfragen angeben.',
    },
  },
  ToonGewichtInEmail: {
    type: 'bool',
    default: true,
    group: 'email',
    public: false,
    description: {
      'nl-NL': 'Vermeld gewichten in de bevestigingsmails van aanvragen.',
      'en-US': 'Include weights in request confirmation mails.',
      'fr-FR': 'Indiquer les poids dans les e-mails de confirmation des demandes.',
      'de-DE': 'Gewichte in den Bestätigungs-E-Mails von Anfragen angeben.',
    },
  },

  // ── integraties ─────────────────────────────────────────────────────────────────────────
  BusinessCentral_Url: {
    type: 'string',
    default: '',
    group: 'integraties',
    public: false,
    format: 'url',
    description: {
      'nl-NL':
        'Basisadres van de Business Central-API (https://…). Leeg: geen koppeling, het portaal werkt zelfstandig.',
      'en-US':
        'Base address of the Business Central API (https://…). Empty: no connection, the portal works on its own.',
      'fr-FR':
        'Adresse de base de l’API Business Central (https://…). Vide : aucune connexion, le portail fonctionne de manière autonome.',
      'de-DE':
        'Basisadresse der Business-Central-API (https://…). Leer: keine Anbindung, das Portal arbeitet eigenständig.',
    },
  },
  BusinessCentral_Tenant: {
    type: 'string',
    default: '',
    group: 'integraties',
    public: false,
    description: {
      'nl-NL': 'Tenant-id (Microsoft Entra) van de Business Central-omgeving.',
      'en-US': 'Tenant id (Microsoft Entra) of the Business Central environment.',
      'fr-FR': 'Identifiant du locataire (Microsoft Entra) de l’environnement Business Central.',
      'de-DE': 'Mandanten-ID (Microsoft Entra) der Business-Central-Umgebung.',
    },
  },
  BusinessCentral_Company: {
    type: 'string',
    default: '',
    group: 'integraties',
    public: false,
    description: {
      'nl-NL': 'Naam of id van het bedrijf in Business Central.',
      'en-US': 'Name or id of the company in Business Central.',
      'fr-FR': 'Nom ou identifiant de la société dans Business Central.',
      'de-DE': 'Name oder ID des Unternehmens in Business Central.',
    },
  },
  BusinessCentral_ClientId: {
    type: 'string',
    default: '',
    group: 'integraties',
    public: false,
    description: {
      'nl-NL': 'Client-id van de app-registratie waarmee het portaal zich bij Business Central aanmeldt.',
      'en-US': 'Client id of the app registration the portal uses to sign in to Business Central.',
      'fr-FR':
        'Identifiant client de l’inscription d’application utilisée par le portail pour se connecter à Business Central.',
      'de-DE': 'Client-ID der App-Registrierung, mit der sich das Portal bei Business Central anmeldet.',
    },
  },
  BusinessCentral_ClientSecret: {
    type: 'string',
    default: '',
    group: 'integraties',
    public: false,
    secret: true,
    description: {
      'nl-NL': 'Clientgeheim van de app-registratie voor Business Central. Wordt nooit teruggegeven.',
      'en-US': 'Client secret of the app registration for Business Central. Never returned.',
      'fr-FR': 'Secret client de l’inscription d’application pour Business Central. Jamais renvoyé.',
      'de-DE': 'Client-Geheimnis der App-Registrierung für Business Central. Wird nie zurückgegeben.',
    },
  },
  BusinessCentralMaximumMessageSize: {
    type: 'int',
    default: 64,
    min: 1,
    max: 1024,
    group: 'integraties',
    public: false,
    description: {
      'nl-NL': 'Maximale grootte in MB van één bericht van of naar Business Central.',
      'en-US': 'Maximum size in MB of a single message to or from Business Central.',
      'fr-FR': 'Taille maximale en Mo d’un message échangé avec Business Central.',
      'de-DE': 'Maximale Größe in MB einer einzelnen Nachricht von oder an Business Central.',
    },
  },
  DocumentService_Url: {
    type: 'string',
    default: '',
    group: 'integraties',
    public: false,
    format: 'url',
    description: {
      'nl-NL':
        'Adres van de webservice voor documentbeheer (https://…). Leeg: documenten worden in het portaal zelf opgeslagen.',
      'en-US':
        'Address of the document management web service (https://…). Empty: documents are stored in the portal itself.',
      'fr-FR':
        'Adresse du service web de gestion documentaire (https://…). Vide : les documents sont stockés dans le portail.',
      'de-DE':
        'Adresse des Dokumentenmanagement-Webdienstes (https://…). Leer: Dokumente werden im Portal selbst gespeichert.',
    },
  },
  DocumentService_User: {
    type: 'string',
    default: '',
    group: 'integraties',
    public: false,
    description: {
      'nl-NL': 'Gebruikersnaam voor de webservice voor documentbeheer.',
      'en-US': 'User name for the document management web service.',
      'fr-FR': 'Nom d’utilisateur pour le service web de gestion documentaire.',
      'de-DE': 'Benutzername für den Dokumentenmanagement-Webdienst.',
    },
  },
  DocumentService_Password: {
    type: 'string',
    default: '',
    group: 'integraties',
    public: false,
    secret: true,
    description: {
      'nl-NL': 'Wachtwoord voor de webservice voor documentbeheer. Wordt nooit teruggegeven.',
      'en-US': 'Password for the document management web service. Never returned.',
      'fr-FR': 'Mot de passe du service web de gestion documentaire. Jamais renvoyé.',
      'de-DE': 'Passwort für den Dokumentenmanagement-Webdienst. Wird nie zurückgegeben.',
    },
  },
  Documenten_CategorieAfbeeldingen: {
    type: 'string',
    default: 'Afbeeldingen',
    group: 'integraties',
    public: false,
    description: {
      'nl-NL':
        'Documentcategorie waarin afbeeldingen van materieel staan: die documenten van een artikel toont Details als extra foto’s. Leeg: alleen de hoofdfoto.',
      'en-US':
        'Document category that holds equipment images: Details shows an item’s documents in it as extra pictures. Empty: the main picture only.',
      'fr-FR':
        'Catégorie de documents contenant les images du matériel : la page Détails affiche ces documents d’un article comme photos supplémentaires. Vide : la photo principale seule.',
      'de-DE':
        'Dokumentkategorie mit den Gerätebildern: Details zeigt die Dokumente eines Artikels darin als weitere Bilder. Leer: nur das Hauptbild.',
    },
  },
  Documenten_CategorieDocumenten: {
    type: 'string',
    default: 'Documenten',
    group: 'integraties',
    public: false,
    description: {
      'nl-NL': 'Documentcategorie waarin documenten bij materieel staan (handleidingen, certificaten).',
      'en-US': 'Document category that holds equipment documents (manuals, certificates).',
      'fr-FR': 'Catégorie de documents contenant les documents du matériel (notices, certificats).',
      'de-DE': 'Dokumentkategorie mit den Gerätedokumenten (Anleitungen, Zertifikate).',
    },
  },
  Documenten_LocatieCategorieen: {
    type: 'multiString',
    default: [],
    group: 'integraties',
    public: false,
    description: {
      'nl-NL':
        'Documentcategorieën die de pagina Locatiedocumenten toont, in deze volgorde (bijv. Documenten, Pakbon, Factuur). Leeg: alle categorieën, op alfabet.',
      'en-US':
        'Document categories the Location documents page shows, in this order (e.g. Documenten, Pakbon, Factuur). Empty: every category, alphabetically.',
      'fr-FR':
        'Catégories de documents affichées par la page Documents du site, dans cet ordre (p. ex. Documenten, Pakbon, Factuur). Vide : toutes, par ordre alphabétique.',
      'de-DE':
        'Dokumentkategorien, die die Seite Baustellendokumente zeigt, in dieser Reihenfolge (z. B. Documenten, Pakbon, Factuur). Leer: alle Kategorien, alphabetisch.',
    },
  },
  Documenten_LocatieDocumentNaamFilter: {
    type: 'multiString',
    default: [],
    group: 'integraties',
    public: false,
    description: {
      'nl-NL':
        'Alleen locatiedocumenten waarvan de naam (titel of bestandsnaam) een van deze patronen bevat worden getoond (* = joker, hoofdletters tellen niet). Leeg: alle.',
      'en-US':
        'Only location documents whose name (title or file name) contains one of these patterns are shown (* = wildcard, case does not matter). Empty: all.',
      'fr-FR':
        'Seuls les documents du site dont le nom (titre ou nom de fichier) contient l’un de ces modèles sont affichés (* = joker, sans tenir compte de la casse). Vide : tous.',
      'de-DE':
        'Nur Baustellendokumente, deren Name (Titel oder Dateiname) eines dieser Muster enthält, werden gezeigt (* = Platzhalter, Groß-/Kleinschreibung egal). Leer: alle.',
    },
  },
} as const satisfies Record<string, SettingDefinition>;

export type SettingsCatalogue = typeof settingsCatalogue;
export type SettingKey = keyof SettingsCatalogue;

interface SettingTypeValues {
  bool: boolean;
  int: number;
  string: string;
  multiString: string[];
}

/** The value type of one setting. */
export type SettingValue<K extends SettingKey> = SettingTypeValues[SettingsCatalogue[K]['type']];

/** A complete set of setting values, one per key. */
export type Settings = { [K in SettingKey]: SettingValue<K> };

export const settingKeys = Object.keys(settingsCatalogue) as SettingKey[];

export function isSettingKey(key: unknown): key is SettingKey {
  return typeof key === 'string' && Object.hasOwn(settingsCatalogue, key);
}

export function settingDefinition(key: SettingKey): SettingDefinition {
  return settingsCatalogue[key];
}

/** Keys readable without login, in catalogue order. */
export const publicSettingKeys: readonly SettingKey[] = settingKeys.filter(
  (k) => settingDefinition(k).public,
);

/** Keys whose value the server never returns. */
export const secretSettingKeys: readonly SettingKey[] = settingKeys.filter(
  (k) => settingDefinition(k).secret === true,
);

export function settingKeysOfGroup(group: SettingsGroup): SettingKey[] {
  return settingKeys.filter((k) => settingDefinition(k).group === group);
}

/** A fresh map of every key to its default (lists are copied, so callers may mutate). */
export function defaultSettings(): Settings {
  const out: Record<string, unknown> = {};
  for (const key of settingKeys) {
    const def = settingDefinition(key);
    out[key] = def.type === 'multiString' ? [...def.default] : def.default;
  }
  return out as Settings;
}

const hexColor = /^#[0-9A-Fa-f]{6}$/;
const rgbTriplet = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/;
const decimal = /^\d{1,9}(\.\d{1,2})?$/;

function stringSchema(def: StringSettingDefinition): z.ZodType<string> {
  if (def.options) return z.enum(def.options as [string, ...string[]]);
  const base = z.string().max(settingStringMaxLength);
  switch (def.format) {
    case 'hexColor':
      return base.regex(hexColor);
    case 'rgbTriplet':
      return base
        .regex(rgbTriplet)
        .refine((v) => (rgbTriplet.exec(v) ?? []).slice(1).every((n) => Number(n) <= 255));
    case 'url':
      return z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(settingStringMaxLength)]);
    case 'email':
      return z.union([z.literal(''), z.email().max(settingStringMaxLength)]);
    case 'decimal':
      return z.union([z.literal(''), base.regex(decimal)]);
    default:
      return base;
  }
}

function schemaOf(def: SettingDefinition): z.ZodType<unknown> {
  switch (def.type) {
    case 'bool':
      return z.boolean();
    case 'int':
      return z.number().int().min(def.min).max(def.max);
    case 'string':
      return stringSchema(def);
    case 'multiString':
      return z.array(z.string().trim().min(1).max(settingStringMaxLength)).max(settingListMaxItems);
  }
}

const schemaCache = new Map<SettingKey, z.ZodType<unknown>>();

/**
 * The schema a value for `key` must pass. Issues use zod's standard codes, which the server maps
 * onto `validation.*` translation keys (too_small → te_klein/te_kort, invalid_format → ongeldig_formaat, …).
 */
export function settingValueSchema<K extends SettingKey>(key: K): z.ZodType<SettingValue<K>> {
  if (!isSettingKey(key)) throw new Error(`error.instelling_onbekend: ${String(key)}`);
  let schema = schemaCache.get(key);
  if (!schema) {
    schema = schemaOf(settingDefinition(key));
    schemaCache.set(key, schema);
  }
  return schema as z.ZodType<SettingValue<K>>;
}

/** Body of an update: any subset of known keys, each validated by its own schema; unknown keys are refused. */
export const settingsUpdateSchema = z.strictObject(
  Object.fromEntries(settingKeys.map((k) => [k, settingValueSchema(k).optional()])) as {
    [K in SettingKey]: z.ZodOptional<z.ZodType<SettingValue<K>>>;
  },
);

export type SettingsUpdate = Partial<Settings>;
