import { num, same, type Text, t, words } from './text.ts';

/** Demo catalogue: Dutch construction equipment, generated from families × variants. */

export interface CategorySpec {
  code: string;
  parent: string | null;
  name: Text;
}

/** Colour per root category: the generated images use it. */
export const rootColours: Record<string, string> = {
  AFZ: '#D9480F',
  HUIS: '#1C4E80',
  CONT: '#5C940D',
  ENER: '#F59F00',
  VERL: '#E8B100',
  VERD: '#862E9C',
  STEIG: '#0B7285',
  HOOG: '#C92A2A',
  POMP: '#1971C2',
  GER: '#495057',
  MEET: '#087F5B',
  VERW: '#E03131',
  GROND: '#B7791F',
};

export const categorySpecs: CategorySpec[] = [
  {
    code: 'AFZ',
    parent: null,
    name: t(
      'Afzetting & bebakening',
      'Barriers & traffic control',
      'Balisage & signalisation',
      'Absperrung & Verkehrssicherung',
    ),
  },
  {
    code: 'AFZ-HEK',
    parent: 'AFZ',
    name: t('Bouwhekken', 'Construction fences', 'Clôtures de chantier', 'Bauzäune'),
  },
  {
    code: 'AFZ-BORD',
    parent: 'AFZ',
    name: t('Verkeersborden', 'Traffic signs', 'Panneaux de signalisation', 'Verkehrszeichen'),
  },
  { code: 'AFZ-BAKEN', parent: 'AFZ', name: t('Verkeersbakens', 'Traffic beacons', 'Balises', 'Leitbaken') },
  {
    code: 'AFZ-VRI',
    parent: 'AFZ',
    name: t('Verkeerslichten', 'Traffic lights', 'Feux de chantier', 'Baustellenampeln'),
  },
  {
    code: 'HUIS',
    parent: null,
    name: t('Huisvesting', 'Site accommodation', 'Installations de chantier', 'Baustellenunterkünfte'),
  },
  {
    code: 'HUIS-SCHAFT',
    parent: 'HUIS',
    name: t('Schaftketen', 'Site canteens', 'Réfectoires de chantier', 'Aufenthaltswagen'),
  },
  {
    code: 'HUIS-KANT',
    parent: 'HUIS',
    name: t('Kantoorunits', 'Office units', 'Bungalows de bureau', 'Bürocontainer'),
  },
  {
    code: 'HUIS-SAN',
    parent: 'HUIS',
    name: t('Sanitairunits', 'Sanitary units', 'Blocs sanitaires', 'Sanitärcontainer'),
  },
  { code: 'CONT', parent: null, name: t('Containers', 'Containers', 'Conteneurs', 'Container') },
  {
    code: 'CONT-AFVAL',
    parent: 'CONT',
    name: t('Afvalcontainers', 'Waste containers', 'Bennes à déchets', 'Abfallcontainer'),
  },
  {
    code: 'CONT-OPSLAG',
    parent: 'CONT',
    name: t('Opslagcontainers', 'Storage containers', 'Conteneurs de stockage', 'Lagercontainer'),
  },
  { code: 'ENER', parent: null, name: t('Energie', 'Power supply', 'Énergie', 'Energie') },
  {
    code: 'ENER-AGG',
    parent: 'ENER',
    name: t('Aggregaten', 'Generators', 'Groupes électrogènes', 'Stromaggregate'),
  },
  {
    code: 'ENER-SVK',
    parent: 'ENER',
    name: t('Stroomverdeelkasten', 'Distribution boards', 'Coffrets de distribution', 'Baustromverteiler'),
  },
  { code: 'ENER-KABEL', parent: 'ENER', name: t('Kabels', 'Cables', 'Câbles', 'Kabel') },
  { code: 'VERL', parent: null, name: t('Verlichting', 'Lighting', 'Éclairage', 'Beleuchtung') },
  {
    code: 'VERL-MAST',
    parent: 'VERL',
    name: t('Lichtmasten', 'Lighting towers', "Mâts d'éclairage", 'Lichtmasten'),
  },
  {
    code: 'VERL-LAMP',
    parent: 'VERL',
    name: t('Bouwlampen', 'Work lights', 'Projecteurs de chantier', 'Baustrahler'),
  },
  { code: 'VERD', parent: null, name: t('Verdichting', 'Compaction', 'Compactage', 'Verdichtung') },
  {
    code: 'VERD-PLAAT',
    parent: 'VERD',
    name: t('Trilplaten', 'Plate compactors', 'Plaques vibrantes', 'Rüttelplatten'),
  },
  {
    code: 'VERD-STAMP',
    parent: 'VERD',
    name: t('Trilstampers', 'Rammers', 'Pilonneuses', 'Vibrationsstampfer'),
  },
  { code: 'VERD-WALS', parent: 'VERD', name: t('Walsen', 'Rollers', 'Rouleaux', 'Walzen') },
  {
    code: 'STEIG',
    parent: null,
    name: t('Steigers & ladders', 'Scaffolding & ladders', 'Échafaudages & échelles', 'Gerüste & Leitern'),
  },
  {
    code: 'STEIG-ROL',
    parent: 'STEIG',
    name: t('Rolsteigers', 'Mobile scaffolds', 'Échafaudages roulants', 'Fahrgerüste'),
  },
  {
    code: 'STEIG-LADDER',
    parent: 'STEIG',
    name: t('Ladders & trappen', 'Ladders & steps', 'Échelles & escabeaux', 'Leitern & Tritte'),
  },
  {
    code: 'HOOG',
    parent: null,
    name: t(
      'Hoogwerkers & bouwliften',
      'Aerial platforms & hoists',
      'Nacelles & monte-charges',
      'Arbeitsbühnen & Bauaufzüge',
    ),
  },
  {
    code: 'HOOG-SCHAAR',
    parent: 'HOOG',
    name: t('Schaarhoogwerkers', 'Scissor lifts', 'Nacelles ciseaux', 'Scherenarbeitsbühnen'),
  },
  {
    code: 'HOOG-KNIK',
    parent: 'HOOG',
    name: t('Knikarmhoogwerkers', 'Articulating boom lifts', 'Nacelles articulées', 'Gelenkteleskopbühnen'),
  },
  {
    code: 'HOOG-LIFT',
    parent: 'HOOG',
    name: t('Bouwliften', 'Construction hoists', 'Monte-matériaux', 'Bauaufzüge'),
  },
  { code: 'POMP', parent: null, name: t('Pompen', 'Pumps', 'Pompes', 'Pumpen') },
  {
    code: 'POMP-DOMPEL',
    parent: 'POMP',
    name: t('Dompelpompen', 'Submersible pumps', 'Pompes submersibles', 'Tauchpumpen'),
  },
  {
    code: 'POMP-BEMAL',
    parent: 'POMP',
    name: t('Bemaling', 'Dewatering', 'Rabattement de nappe', 'Wasserhaltung'),
  },
  { code: 'GER', parent: null, name: t('Gereedschap', 'Tools', 'Outillage', 'Werkzeuge') },
  {
    code: 'GER-BOOR',
    parent: 'GER',
    name: t(
      'Boor- & breekhamers',
      'Drills & breakers',
      'Perforateurs & marteaux piqueurs',
      'Bohr- & Abbruchhämmer',
    ),
  },
  { code: 'GER-SLIJP', parent: 'GER', name: t('Slijpmachines', 'Grinders', 'Meuleuses', 'Schleifmaschinen') },
  { code: 'GER-ZAAG', parent: 'GER', name: t('Zaagmachines', 'Saws', 'Scies', 'Sägen') },
  {
    code: 'MEET',
    parent: null,
    name: t('Meetapparatuur', 'Measuring equipment', 'Appareils de mesure', 'Messgeräte'),
  },
  {
    code: 'VERW',
    parent: null,
    name: t('Verwarming & droging', 'Heating & drying', 'Chauffage & séchage', 'Heizen & Trocknen'),
  },
  { code: 'VERW-HEAT', parent: 'VERW', name: t('Heaters', 'Heaters', 'Chauffages', 'Heizgeräte') },
  {
    code: 'VERW-DROOG',
    parent: 'VERW',
    name: t('Bouwdrogers', 'Dehumidifiers', 'Déshumidificateurs', 'Bautrockner'),
  },
  {
    code: 'GROND',
    parent: null,
    name: t('Grondverzet & kranen', 'Earthmoving & cranes', 'Terrassement & grues', 'Erdbewegung & Krane'),
  },
  {
    code: 'GROND-GRAVER',
    parent: 'GROND',
    name: t('Minigravers', 'Mini excavators', 'Mini-pelles', 'Minibagger'),
  },
  { code: 'GROND-DUMPER', parent: 'GROND', name: t('Dumpers', 'Dumpers', 'Dumpers', 'Dumper') },
  {
    code: 'GROND-KRAAN',
    parent: 'GROND',
    name: t('Kranen & hijsmiddelen', 'Cranes & lifting gear', 'Grues & levage', 'Krane & Anschlagmittel'),
  },
];

export type TechKind = 'label' | 'text' | 'boolean' | 'number';

export interface TechAttributeSpec {
  code: string;
  kind: TechKind;
  unit?: string;
  label: Text;
  filterable: boolean;
}

export const techAttributeSpecs: TechAttributeSpec[] = [
  {
    code: 'kop_algemeen',
    kind: 'label',
    label: t('Algemeen', 'General', 'Général', 'Allgemein'),
    filterable: false,
  },
  {
    code: 'kop_aandrijving',
    kind: 'label',
    label: t('Aandrijving', 'Drive', 'Motorisation', 'Antrieb'),
    filterable: false,
  },
  {
    code: 'geluidgedempt',
    kind: 'boolean',
    label: t('Geluidgedempt', 'Soundproofed', 'Insonorisé', 'Schallgedämmt'),
    filterable: true,
  },
  { code: 'benzine', kind: 'boolean', label: t('Benzine', 'Petrol', 'Essence', 'Benzin'), filterable: true },
  { code: 'diesel', kind: 'boolean', label: t('Diesel', 'Diesel', 'Diesel', 'Diesel'), filterable: true },
  {
    code: 'elektrisch',
    kind: 'boolean',
    label: t('Elektrisch', 'Electric', 'Électrique', 'Elektrisch'),
    filterable: true,
  },
  {
    code: 'accu',
    kind: 'boolean',
    label: t('Accu', 'Battery powered', 'Sur batterie', 'Akku'),
    filterable: true,
  },
  {
    code: 'met_toilet',
    kind: 'boolean',
    label: t('Met toilet', 'With toilet', 'Avec WC', 'Mit WC'),
    filterable: true,
  },
  {
    code: 'verrijdbaar',
    kind: 'boolean',
    label: t('Verrijdbaar', 'Mobile', 'Mobile', 'Fahrbar'),
    filterable: true,
  },
  {
    code: 'verzinkt',
    kind: 'boolean',
    label: t('Verzinkt', 'Galvanised', 'Galvanisé', 'Verzinkt'),
    filterable: true,
  },
  { code: 'led', kind: 'boolean', label: t('LED', 'LED', 'LED', 'LED'), filterable: true },
  {
    code: 'afsluitbaar',
    kind: 'boolean',
    label: t('Afsluitbaar', 'Lockable', 'Verrouillable', 'Abschließbar'),
    filterable: true,
  },
  {
    code: 'rupsonderstel',
    kind: 'boolean',
    label: t('Rupsonderstel', 'Tracked', 'Sur chenilles', 'Raupenfahrwerk'),
    filterable: true,
  },
  {
    code: 'reflecterend',
    kind: 'boolean',
    label: t('Reflecterend', 'Reflective', 'Réfléchissant', 'Reflektierend'),
    filterable: true,
  },
  {
    code: 'vermogen_kva',
    kind: 'number',
    unit: 'kVA',
    label: t('Vermogen (kVA)', 'Power (kVA)', 'Puissance (kVA)', 'Leistung (kVA)'),
    filterable: true,
  },
  {
    code: 'vermogen_kw',
    kind: 'number',
    unit: 'kW',
    label: t('Vermogen (kW)', 'Power (kW)', 'Puissance (kW)', 'Leistung (kW)'),
    filterable: true,
  },
  {
    code: 'vermogen_w',
    kind: 'number',
    unit: 'W',
    label: t('Vermogen (W)', 'Power (W)', 'Puissance (W)', 'Leistung (W)'),
    filterable: true,
  },
  {
    code: 'gewicht',
    kind: 'number',
    unit: 'kg',
    label: t('Gewicht (kg)', 'Weight (kg)', 'Poids (kg)', 'Gewicht (kg)'),
    filterable: true,
  },
  {
    code: 'hoogte',
    kind: 'number',
    unit: 'm',
    label: t('Hoogte (m)', 'Height (m)', 'Hauteur (m)', 'Höhe (m)'),
    filterable: true,
  },
  {
    code: 'werkhoogte',
    kind: 'number',
    unit: 'm',
    label: t('Werkhoogte (m)', 'Working height (m)', 'Hauteur de travail (m)', 'Arbeitshöhe (m)'),
    filterable: true,
  },
  {
    code: 'lengte',
    kind: 'number',
    unit: 'm',
    label: t('Lengte (m)', 'Length (m)', 'Longueur (m)', 'Länge (m)'),
    filterable: true,
  },
  {
    code: 'inhoud',
    kind: 'number',
    unit: 'm³',
    label: t('Inhoud (m³)', 'Volume (m³)', 'Volume (m³)', 'Volumen (m³)'),
    filterable: true,
  },
  {
    code: 'capaciteit',
    kind: 'number',
    unit: 'l/min',
    label: t('Capaciteit (l/min)', 'Capacity (l/min)', 'Débit (l/min)', 'Förderleistung (l/min)'),
    filterable: true,
  },
  {
    code: 'stroom',
    kind: 'number',
    unit: 'A',
    label: t('Stroomsterkte (A)', 'Current (A)', 'Intensité (A)', 'Stromstärke (A)'),
    filterable: true,
  },
  {
    code: 'hefvermogen',
    kind: 'number',
    unit: 'kg',
    label: t('Hefvermogen (kg)', 'Lifting capacity (kg)', 'Capacité de levage (kg)', 'Tragkraft (kg)'),
    filterable: true,
  },
  {
    code: 'diameter',
    kind: 'number',
    unit: 'mm',
    label: t('Diameter (mm)', 'Diameter (mm)', 'Diamètre (mm)', 'Durchmesser (mm)'),
    filterable: false,
  },
  {
    code: 'afmetingen',
    kind: 'text',
    label: t('Afmetingen', 'Dimensions', 'Dimensions', 'Abmessungen'),
    filterable: false,
  },
  {
    code: 'aansluiting',
    kind: 'text',
    label: t('Aansluiting', 'Connection', 'Raccordement', 'Anschluss'),
    filterable: false,
  },
  { code: 'norm', kind: 'text', label: t('Norm', 'Standard', 'Norme', 'Norm'), filterable: false },
  {
    code: 'uitvoering',
    kind: 'text',
    label: t('Uitvoering', 'Version', 'Version', 'Ausführung'),
    filterable: false,
  },
];

export type RentalType = 'Verhuur' | 'Verkoop' | 'Verkoop_Terugkoop';
export type Shape =
  | 'fence'
  | 'foot'
  | 'sign-round'
  | 'sign-triangle'
  | 'sign-square'
  | 'cone'
  | 'traffic-light'
  | 'cabin'
  | 'container'
  | 'skip'
  | 'generator'
  | 'cabinet'
  | 'cable'
  | 'mast'
  | 'lamp'
  | 'compactor'
  | 'rammer'
  | 'roller'
  | 'scaffold'
  | 'ladder'
  | 'scissor'
  | 'boom'
  | 'hoist'
  | 'pump'
  | 'hose'
  | 'tool'
  | 'saw'
  | 'laser'
  | 'heater'
  | 'excavator'
  | 'dumper'
  | 'crane'
  | 'sling'
  | 'roll';

export type TechValue = boolean | number | Text;

export interface VariantSpec {
  name: Text;
  /** Rent per day (Verhuur) in euros. */
  day?: number;
  /** Sale price (Verkoop, Verkoop_Terugkoop) in euros. */
  sale?: number;
  /** kg */
  weight: number;
  tech: Record<string, TechValue>;
  rentalType?: RentalType;
}

export interface FamilySpec {
  /** Item number prefix: BH → BH-1001, BH-1002 … */
  code: string;
  category: string;
  numbered: boolean;
  inspectionMonths?: number;
  unit?: string;
  shape: Shape;
  /** Demand weight on building sites and on infra works. */
  use: { bouw: number; infra: number };
  /** Amount typically ordered in one line. */
  qty: [number, number];
  /** Bulk: opening stock per depot. Numbered: plants per item over all depots. */
  stock: number;
  heading?: string;
  variants: VariantSpec[];
}

function product<A, B>(as: readonly A[], bs: readonly B[]): [A, B][] {
  const out: [A, B][] = [];
  for (const a of as) for (const b of bs) out.push([a, b]);
  return out;
}

// ── Afzetting ──────────────────────────────────────────────────────────────────────────────
const fenceSizes = [
  { l: 3.5, h: 2.0, day: 0.32, kg: 18 },
  { l: 3.5, h: 1.2, day: 0.28, kg: 13 },
  { l: 2.17, h: 2.0, day: 0.26, kg: 12 },
];
const fenceFinishes = [
  { name: t('verzinkt', 'galvanised', 'galvanisée', 'verzinkt'), extra: 0, kg: 0 },
  {
    name: t(
      'met gaas 200 x 60 mm',
      'with mesh 200 x 60 mm',
      'avec grillage 200 x 60 mm',
      'mit Gitter 200 x 60 mm',
    ),
    extra: 0.03,
    kg: 1,
  },
  {
    name: t('met reclamedoek', 'with banner', 'avec bâche publicitaire', 'mit Werbeplane'),
    extra: 0.12,
    kg: 2,
  },
  { name: t('anti-klim', 'anti-climb', 'anti-escalade', 'Anti-Kletter'), extra: 0.1, kg: 4 },
  { name: t('geluidwerend', 'acoustic', 'anti-bruit', 'schalldämmend'), extra: 0.45, kg: 9 },
];

const fences: FamilySpec = {
  code: 'BH',
  category: 'AFZ-HEK',
  numbered: false,
  shape: 'fence',
  use: { bouw: 10, infra: 5 },
  qty: [10, 60],
  stock: 900,
  variants: product(fenceSizes, fenceFinishes).map(([s, f]) => ({
    name: words(
      t('Bouwhek', 'Construction fence', 'Clôture de chantier', 'Bauzaun'),
      num(s.l, 2),
      'x',
      num(s.h, 2),
      'm',
      f.name,
    ),
    day: s.day + f.extra,
    weight: s.kg + f.kg,
    tech: {
      verzinkt: true,
      lengte: s.l,
      hoogte: s.h,
      gewicht: s.kg + f.kg,
      afmetingen: words(num(s.l, 2), 'x', num(s.h, 2), 'm'),
      norm: same('NEN-EN 1176'),
    },
  })),
};

const fenceParts: FamilySpec = {
  code: 'BHA',
  category: 'AFZ-HEK',
  numbered: false,
  shape: 'foot',
  use: { bouw: 8, infra: 4 },
  qty: [10, 60],
  stock: 1200,
  variants: [
    {
      name: t(
        'Voetplaat bouwhek beton',
        'Fence foot concrete',
        'Plot béton pour clôture',
        'Bauzaunfuß Beton',
      ),
      day: 0.1,
      weight: 33,
      tech: { gewicht: 33 },
    },
    {
      name: t(
        'Voetplaat bouwhek kunststof',
        'Fence foot plastic',
        'Plot plastique pour clôture',
        'Bauzaunfuß Kunststoff',
      ),
      day: 0.09,
      weight: 28,
      tech: { gewicht: 28 },
    },
    {
      name: t(
        'Bouwhekklem verzinkt',
        'Fence clamp galvanised',
        'Collier de clôture galvanisé',
        'Bauzaunschelle verzinkt',
      ),
      day: 0.04,
      weight: 0.6,
      tech: { verzinkt: true, gewicht: 0.6 },
    },
    {
      name: t('Schoor bouwhek', 'Fence brace', 'Jambe de force pour clôture', 'Bauzaunstütze'),
      day: 0.12,
      weight: 7,
      tech: { gewicht: 7 },
    },
    {
      name: t('Bouwhekpoort 2,00 m', 'Fence gate 2.00 m', 'Portail de clôture 2,00 m', 'Bauzauntor 2,00 m'),
      day: 0.9,
      weight: 32,
      tech: { lengte: 2, gewicht: 32, afsluitbaar: true },
    },
    {
      name: t(
        'Bouwhekpoort 4,00 m dubbel',
        'Fence gate 4.00 m double',
        'Portail de clôture 4,00 m double',
        'Bauzauntor 4,00 m doppelt',
      ),
      day: 1.6,
      weight: 58,
      tech: { lengte: 4, gewicht: 58, afsluitbaar: true },
    },
    {
      name: t('Dranghek 2,50 m', 'Crowd barrier 2.50 m', 'Barrière Nadar 2,50 m', 'Absperrgitter 2,50 m'),
      day: 0.35,
      weight: 16,
      tech: { lengte: 2.5, gewicht: 16, verzinkt: true },
    },
    {
      name: t(
        'Looppadhek 2,00 m',
        'Pedestrian barrier 2.00 m',
        'Barrière piétons 2,00 m',
        'Fußgängerabsperrung 2,00 m',
      ),
      day: 0.3,
      weight: 11,
      tech: { lengte: 2, gewicht: 11 },
    },
    {
      name: t(
        'Zandzak gevuld 25 kg',
        'Sandbag filled 25 kg',
        'Sac de sable rempli 25 kg',
        'Sandsack gefüllt 25 kg',
      ),
      sale: 2.95,
      weight: 25,
      tech: { gewicht: 25 },
      rentalType: 'Verkoop',
    },
    {
      name: t(
        'Afzetlint rood/wit 500 m',
        'Barrier tape red/white 500 m',
        'Rubalise rouge/blanc 500 m',
        'Absperrband rot/weiß 500 m',
      ),
      sale: 6.5,
      weight: 1.2,
      tech: { lengte: 500, reflecterend: false },
      rentalType: 'Verkoop',
    },
    {
      name: t(
        'Voetplaat kunststof (koop/terugkoop)',
        'Plastic fence foot (buy-back)',
        'Plot plastique (achat/reprise)',
        'Bauzaunfuß Kunststoff (Kauf/Rückkauf)',
      ),
      sale: 14.5,
      weight: 28,
      tech: { gewicht: 28 },
      rentalType: 'Verkoop_Terugkoop',
    },
    {
      name: t(
        'Bouwhekklem (koop/terugkoop)',
        'Fence clamp (buy-back)',
        'Collier de clôture (achat/reprise)',
        'Bauzaunschelle (Kauf/Rückkauf)',
      ),
      sale: 3.25,
      weight: 0.6,
      tech: { gewicht: 0.6, verzinkt: true },
      rentalType: 'Verkoop_Terugkoop',
    },
  ],
};

const signCodes = [
  {
    code: 'A1 30 km/h',
    shape: 'round',
    name: t('maximumsnelheid 30', 'speed limit 30', 'vitesse maximale 30', 'Höchstgeschwindigkeit 30'),
  },
  {
    code: 'A1 50 km/h',
    shape: 'round',
    name: t('maximumsnelheid 50', 'speed limit 50', 'vitesse maximale 50', 'Höchstgeschwindigkeit 50'),
  },
  {
    code: 'A1 70 km/h',
    shape: 'round',
    name: t('maximumsnelheid 70', 'speed limit 70', 'vitesse maximale 70', 'Höchstgeschwindigkeit 70'),
  },
  {
    code: 'C1',
    shape: 'round',
    name: t(
      'gesloten voor alle verkeer',
      'closed to all traffic',
      'circulation interdite',
      'Verbot für Fahrzeuge aller Art',
    ),
  },
  {
    code: 'C2',
    shape: 'round',
    name: t('eenrichtingsweg', 'one-way street', 'sens interdit', 'Einbahnstraße'),
  },
  {
    code: 'C17',
    shape: 'round',
    name: t('maximumlengte', 'maximum length', 'longueur maximale', 'Höchstlänge'),
  },
  {
    code: 'C22',
    shape: 'round',
    name: t('gevaarlijke stoffen', 'dangerous goods', 'matières dangereuses', 'Gefahrgut'),
  },
  { code: 'D1', shape: 'round', name: t('rotonde', 'roundabout', 'giratoire', 'Kreisverkehr') },
  {
    code: 'D2',
    shape: 'round',
    name: t('rechts aanhouden', 'keep right', 'contournement par la droite', 'rechts vorbei'),
  },
  {
    code: 'F1',
    shape: 'round',
    name: t('inhaalverbod', 'no overtaking', 'interdiction de dépasser', 'Überholverbot'),
  },
  { code: 'J16', shape: 'triangle', name: t('werk in uitvoering', 'road works', 'travaux', 'Baustelle') },
  {
    code: 'J17',
    shape: 'triangle',
    name: t('versmalling', 'road narrows', 'chaussée rétrécie', 'Fahrbahnverengung'),
  },
  {
    code: 'J37',
    shape: 'triangle',
    name: t('overig gevaar', 'other danger', 'autres dangers', 'Gefahrstelle'),
  },
  { code: 'L51', shape: 'square', name: t('omleiding', 'diversion', 'déviation', 'Umleitung') },
  { code: 'L8', shape: 'square', name: t('doodlopende weg', 'dead end', 'impasse', 'Sackgasse') },
];
const signSizes = [
  { cm: 40, day: 0.45, kg: 2.5 },
  { cm: 60, day: 0.6, kg: 4 },
  { cm: 90, day: 0.95, kg: 8 },
];
const signShapeWord: Record<string, Text> = {
  round: t('rond', 'round', 'rond', 'rund'),
  triangle: t('driehoek', 'triangle', 'triangle', 'Dreieck'),
  square: t('vierkant', 'square', 'carré', 'quadratisch'),
};

const signs: FamilySpec = {
  code: 'VB',
  category: 'AFZ-BORD',
  numbered: false,
  shape: 'sign-round',
  use: { bouw: 1, infra: 10 },
  qty: [2, 12],
  stock: 120,
  variants: product(signCodes, signSizes).map(([c, s]) => ({
    name: words(
      t('Verkeersbord', 'Traffic sign', 'Panneau', 'Verkehrszeichen'),
      c.code,
      signShapeWord[c.shape],
      `${s.cm} cm`,
      '–',
      c.name,
    ),
    day: s.day,
    weight: s.kg,
    tech: {
      reflecterend: true,
      gewicht: s.kg,
      afmetingen: same(`${s.cm} cm`),
      norm: same('RVV 1990 / CROW 96b'),
    },
  })),
};

const beacons: FamilySpec = {
  code: 'BK',
  category: 'AFZ-BAKEN',
  numbered: false,
  shape: 'cone',
  use: { bouw: 2, infra: 10 },
  qty: [5, 40],
  stock: 500,
  variants: [
    ...[50, 75, 100].map((cm) => ({
      name: words(
        t('Pion', 'Traffic cone', 'Cône de signalisation', 'Leitkegel'),
        `${cm} cm`,
        t('reflecterend', 'reflective', 'réfléchissant', 'reflektierend'),
      ),
      day: 0.08 + cm / 1000,
      weight: cm / 25,
      tech: { reflecterend: true, hoogte: cm / 100, gewicht: cm / 25 },
    })),
    ...[
      {
        name: t(
          'Verkeersbaken rood/wit klasse 1',
          'Traffic beacon red/white class 1',
          'Balise rouge/blanc classe 1',
          'Leitbake rot/weiß Klasse 1',
        ),
        day: 0.25,
        kg: 3,
      },
      {
        name: t(
          'Verkeersbaken rood/wit klasse 2',
          'Traffic beacon red/white class 2',
          'Balise rouge/blanc classe 2',
          'Leitbake rot/weiß Klasse 2',
        ),
        day: 0.35,
        kg: 3,
      },
      {
        name: t('Verkeerszuil geel', 'Traffic bollard yellow', 'Borne jaune', 'Leitsäule gelb'),
        day: 0.3,
        kg: 4,
      },
      {
        name: t('Bakenvoet 28 kg', 'Beacon base 28 kg', 'Socle de balise 28 kg', 'Bakenfuß 28 kg'),
        day: 0.12,
        kg: 28,
      },
      {
        name: t(
          'Bakenvoet rubber 12 kg',
          'Beacon base rubber 12 kg',
          'Socle de balise caoutchouc 12 kg',
          'Bakenfuß Gummi 12 kg',
        ),
        day: 0.1,
        kg: 12,
      },
      {
        name: t(
          'Flitslamp LED geel',
          'Flashing lamp LED amber',
          'Feu flash LED orange',
          'Warnleuchte LED gelb',
        ),
        day: 0.45,
        kg: 1.5,
      },
      {
        name: t(
          'Looplicht 5-delig',
          'Sequential light 5-piece',
          'Feux séquentiels 5 éléments',
          'Lauflicht 5-teilig',
        ),
        day: 6.5,
        kg: 14,
      },
      {
        name: t(
          'Pijlwagen LED op aanhanger',
          'LED arrow board on trailer',
          'Flèche lumineuse LED sur remorque',
          'LED-Pfeiltafel auf Anhänger',
        ),
        day: 48,
        kg: 900,
      },
      {
        name: t(
          'Geleidebarrier kunststof 1,20 m',
          'Plastic barrier 1.20 m',
          'Séparateur plastique 1,20 m',
          'Leitwand Kunststoff 1,20 m',
        ),
        day: 0.65,
        kg: 9,
      },
      {
        name: t(
          'Geleidebarrier beton 2,00 m',
          'Concrete barrier 2.00 m',
          'Séparateur béton 2,00 m',
          'Betonleitwand 2,00 m',
        ),
        day: 1.8,
        kg: 1800,
      },
    ].map((b) => ({ name: b.name, day: b.day, weight: b.kg, tech: { reflecterend: true, gewicht: b.kg } })),
    {
      name: t(
        'Batterij 6 V flitslamp',
        'Battery 6 V flashing lamp',
        'Pile 6 V feu flash',
        'Batterie 6 V Warnleuchte',
      ),
      sale: 4.25,
      weight: 0.8,
      tech: { gewicht: 0.8 },
      rentalType: 'Verkoop' as const,
    },
  ],
};

const trafficLights: FamilySpec = {
  code: 'VRI',
  category: 'AFZ-VRI',
  numbered: true,
  inspectionMonths: 12,
  shape: 'traffic-light',
  use: { bouw: 0.5, infra: 5 },
  qty: [1, 2],
  stock: 6,
  heading: 'kop_algemeen',
  variants: [
    ...product(
      [
        { n: 2, name: t('2-richting', '2-way', '2 directions', '2-Richtungen') },
        { n: 3, name: t('3-richting', '3-way', '3 directions', '3-Richtungen') },
        { n: 4, name: t('4-richting', '4-way', '4 directions', '4-Richtungen') },
      ],
      [
        { name: t('accu', 'battery', 'batterie', 'Akku'), accu: true },
        { name: t('netvoeding', 'mains powered', 'sur secteur', 'Netzbetrieb'), accu: false },
      ],
    ).map(([d, p]) => ({
      name: words(
        t(
          'Verkeersregelinstallatie',
          'Temporary traffic lights',
          'Feux de chantier',
          'Baustellenampelanlage',
        ),
        d.name,
        p.name,
      ),
      day: 22 + d.n * 9 + (p.accu ? 6 : 0),
      weight: 90 * d.n,
      tech: { accu: p.accu, elektrisch: !p.accu, led: true, gewicht: 90 * d.n },
    })),
    {
      name: t(
        'Voetgangersverkeerslicht mobiel',
        'Mobile pedestrian signal',
        'Feu piétons mobile',
        'Mobile Fußgängerampel',
      ),
      day: 18,
      weight: 75,
      tech: { accu: true, led: true, gewicht: 75 },
    },
  ],
};

// ── Huisvesting ────────────────────────────────────────────────────────────────────────────
const canteens: FamilySpec = {
  code: 'SK',
  category: 'HUIS-SCHAFT',
  numbered: true,
  inspectionMonths: 12,
  shape: 'cabin',
  use: { bouw: 6, infra: 5 },
  qty: [1, 1],
  stock: 5,
  heading: 'kop_algemeen',
  variants: product(
    [3, 4, 6, 8],
    [
      { name: t('standaard', 'standard', 'standard', 'Standard'), toilet: false, gen: false, extra: 0 },
      { name: t('met toilet', 'with toilet', 'avec WC', 'mit WC'), toilet: true, gen: false, extra: 6 },
      {
        name: t('met aggregaat', 'with generator', 'avec groupe électrogène', 'mit Aggregat'),
        toilet: false,
        gen: true,
        extra: 12,
      },
      {
        name: t(
          'met toilet en aggregaat',
          'with toilet and generator',
          'avec WC et groupe électrogène',
          'mit WC und Aggregat',
        ),
        toilet: true,
        gen: true,
        extra: 17,
      },
    ],
  ).map(([m, o]) => ({
    name: words(
      t('Schaftkeet', 'Site canteen', 'Réfectoire de chantier', 'Aufenthaltswagen'),
      `${m} m`,
      o.name,
    ),
    day: 12 + m * 3 + o.extra,
    weight: 900 + m * 350 + (o.gen ? 300 : 0),
    tech: {
      met_toilet: o.toilet,
      verrijdbaar: true,
      diesel: o.gen,
      lengte: m,
      gewicht: 900 + m * 350 + (o.gen ? 300 : 0),
      afmetingen: words(num(m, 2), 'x', num(2.3, 2), 'x', num(2.6, 2), 'm'),
    },
  })),
};

const offices: FamilySpec = {
  code: 'KU',
  category: 'HUIS-KANT',
  numbered: true,
  inspectionMonths: 12,
  shape: 'cabin',
  use: { bouw: 4, infra: 3 },
  qty: [1, 2],
  stock: 5,
  variants: product(
    [
      { m: 3, w: 2.44 },
      { m: 6, w: 2.44 },
      { m: 6, w: 3.0 },
    ],
    [
      { name: t('standaard', 'standard', 'standard', 'Standard'), extra: 0 },
      { name: t('met pantry', 'with pantry', 'avec kitchenette', 'mit Teeküche'), extra: 4 },
      { name: t('met toilet', 'with toilet', 'avec WC', 'mit WC'), extra: 6 },
      {
        name: t(
          'stapelbaar met trap',
          'stackable with stairs',
          'empilable avec escalier',
          'stapelbar mit Treppe',
        ),
        extra: 9,
      },
    ],
  ).map(([s, o]) => ({
    name: words(
      t('Kantoorunit', 'Office unit', 'Bungalow de bureau', 'Bürocontainer'),
      `${s.m} m`,
      `(${s.w.toFixed(2).replace('.', ',')} m)`,
      o.name,
    ),
    day: 9 + s.m * 2.2 + o.extra + (s.w > 2.5 ? 3 : 0),
    weight: 1400 + s.m * 400,
    tech: {
      met_toilet: o.extra === 6,
      afsluitbaar: true,
      lengte: s.m,
      gewicht: 1400 + s.m * 400,
      afmetingen: words(num(s.m, 2), 'x', num(s.w, 2), 'x', num(2.6, 2), 'm'),
    },
  })),
};

const sanitary: FamilySpec = {
  code: 'SU',
  category: 'HUIS-SAN',
  numbered: true,
  inspectionMonths: 12,
  shape: 'cabin',
  use: { bouw: 5, infra: 4 },
  qty: [1, 2],
  stock: 6,
  variants: (
    [
      {
        name: t(
          'Toiletunit 3 m met 2 toiletten',
          'Toilet unit 3 m with 2 toilets',
          'Bloc WC 3 m avec 2 toilettes',
          'Toilettencontainer 3 m mit 2 WCs',
        ),
        day: 14,
        weight: 1500,
        tech: { met_toilet: true, lengte: 3 },
      },
      {
        name: t(
          'Toiletunit 6 m heren/dames',
          'Toilet unit 6 m men/women',
          'Bloc WC 6 m hommes/femmes',
          'Toilettencontainer 6 m Damen/Herren',
        ),
        day: 24,
        weight: 2600,
        tech: { met_toilet: true, lengte: 6 },
      },
      {
        name: t('Douche-unit 3 m', 'Shower unit 3 m', 'Bloc douches 3 m', 'Duschcontainer 3 m'),
        day: 16,
        weight: 1500,
        tech: { met_toilet: false, lengte: 3 },
      },
      {
        name: t(
          'Douche-/toiletunit 6 m',
          'Shower/toilet unit 6 m',
          'Bloc douches/WC 6 m',
          'Dusch-/WC-Container 6 m',
        ),
        day: 27,
        weight: 2700,
        tech: { met_toilet: true, lengte: 6 },
      },
      {
        name: t('Chemisch toilet', 'Chemical toilet', 'WC chimique', 'Chemietoilette'),
        day: 4.5,
        weight: 80,
        tech: { met_toilet: true },
      },
      {
        name: t(
          'Chemisch toilet met fonteintje',
          'Chemical toilet with hand basin',
          'WC chimique avec lave-mains',
          'Chemietoilette mit Handwaschbecken',
        ),
        day: 5.5,
        weight: 90,
        tech: { met_toilet: true },
      },
      {
        name: t('Toiletwagen 2+2', 'Toilet trailer 2+2', 'Remorque sanitaire 2+2', 'Toilettenwagen 2+2'),
        day: 38,
        weight: 1200,
        tech: { met_toilet: true, verrijdbaar: true },
      },
      {
        name: t(
          'Wasbak mobiel 2 kranen',
          'Mobile wash basin 2 taps',
          'Lavabo mobile 2 robinets',
          'Mobiles Waschbecken 2 Hähne',
        ),
        day: 4,
        weight: 45,
        tech: { met_toilet: false },
      },
      {
        name: t(
          'Boiler elektrisch 80 l',
          'Electric water heater 80 l',
          'Chauffe-eau électrique 80 l',
          'Elektro-Boiler 80 l',
        ),
        day: 3.5,
        weight: 35,
        tech: { elektrisch: true },
      },
    ] as VariantSpec[]
  ).map((v) => ({ ...v, tech: { ...v.tech, gewicht: v.weight } })),
};

// ── Containers ─────────────────────────────────────────────────────────────────────────────
const wasteContainers: FamilySpec = {
  code: 'AC',
  category: 'CONT-AFVAL',
  numbered: true,
  shape: 'skip',
  use: { bouw: 6, infra: 4 },
  qty: [1, 2],
  stock: 8,
  variants: product(
    [3, 6, 10, 20, 40],
    [
      {
        name: t(
          'bouw- en sloopafval',
          'construction and demolition waste',
          'déchets de chantier',
          'Bau- und Abbruchabfall',
        ),
        extra: 0,
        closed: false,
      },
      { name: t('puin', 'rubble', 'gravats', 'Bauschutt'), extra: -0.5, closed: false },
      { name: t('hout', 'wood', 'bois', 'Holz'), extra: -0.3, closed: false },
      {
        name: t('gesloten met klep', 'closed with lid', 'fermée avec couvercle', 'geschlossen mit Deckel'),
        extra: 1.5,
        closed: true,
      },
    ],
  ).map(([m3, k]) => ({
    name: words(t('Afvalcontainer', 'Waste container', 'Benne', 'Abfallcontainer'), `${m3} m³`, k.name),
    day: Math.max(2, 2.5 + m3 * 0.35 + k.extra),
    weight: 500 + m3 * 90,
    tech: { inhoud: m3, afsluitbaar: k.closed, gewicht: 500 + m3 * 90 },
  })),
};

const storageContainers: FamilySpec = {
  code: 'OC',
  category: 'CONT-OPSLAG',
  numbered: true,
  inspectionMonths: 24,
  shape: 'container',
  use: { bouw: 5, infra: 4 },
  qty: [1, 2],
  stock: 6,
  variants: product(
    [
      { ft: '10 ft', m: 3, day: 3.2, kg: 1300 },
      { ft: '20 ft', m: 6, day: 4.5, kg: 2200 },
      { ft: '20 ft high cube', m: 6, day: 5.2, kg: 2400 },
      { ft: '40 ft', m: 12, day: 7.5, kg: 3800 },
    ],
    [
      { name: t('standaard', 'standard', 'standard', 'Standard'), extra: 0 },
      { name: t('met stellingen', 'with shelving', 'avec rayonnages', 'mit Regalen'), extra: 1.2 },
      {
        name: t(
          'geïsoleerd met verlichting',
          'insulated with lighting',
          'isolé avec éclairage',
          'isoliert mit Beleuchtung',
        ),
        extra: 2.4,
      },
    ],
  ).map(([s, o]) => ({
    name: words(
      t('Opslagcontainer', 'Storage container', 'Conteneur de stockage', 'Lagercontainer'),
      s.ft,
      o.name,
    ),
    day: s.day + o.extra,
    weight: s.kg,
    tech: { afsluitbaar: true, lengte: s.m, gewicht: s.kg, uitvoering: same(s.ft) },
  })),
};

// ── Energie ────────────────────────────────────────────────────────────────────────────────
const generators: FamilySpec = {
  code: 'AG',
  category: 'ENER-AGG',
  numbered: true,
  inspectionMonths: 12,
  shape: 'generator',
  use: { bouw: 5, infra: 6 },
  qty: [1, 2],
  stock: 6,
  heading: 'kop_aandrijving',
  variants: [
    ...[3, 5, 7].map((kva) => ({
      name: words(
        t('Aggregaat', 'Generator', 'Groupe électrogène', 'Stromaggregat'),
        `${kva} kVA`,
        t('benzine', 'petrol', 'essence', 'Benzin'),
      ),
      day: 18 + kva * 2,
      weight: 45 + kva * 12,
      tech: {
        benzine: true,
        diesel: false,
        geluidgedempt: false,
        vermogen_kva: kva,
        gewicht: 45 + kva * 12,
        aansluiting: same('2 x 230 V 16 A'),
      },
    })),
    ...product(
      [10, 20, 30, 45, 60, 100, 150, 200],
      [
        { name: t('geluidgedempt', 'silenced', 'insonorisé', 'schallgedämmt'), tank: false },
        {
          name: t(
            'geluidgedempt met brandstoftank 500 l',
            'silenced with 500 l fuel tank',
            'insonorisé avec réservoir 500 l',
            'schallgedämmt mit 500-l-Tank',
          ),
          tank: true,
        },
      ],
    ).map(([kva, v]) => ({
      name: words(t('Aggregaat', 'Generator', 'Groupe électrogène', 'Stromaggregat'), `${kva} kVA`, v.name),
      day: Math.round(30 + kva * 0.9 + (v.tank ? 8 : 0)),
      weight: 450 + kva * 17 + (v.tank ? 500 : 0),
      tech: {
        geluidgedempt: true,
        diesel: true,
        benzine: false,
        vermogen_kva: kva,
        gewicht: 450 + kva * 17 + (v.tank ? 500 : 0),
        aansluiting: same(
          kva <= 30 ? 'CEE 32 A 5p + 2 x 230 V' : kva <= 60 ? 'CEE 63 A + CEE 32 A' : 'CEE 125 A + powerlock',
        ),
      },
    })),
  ],
};

const distribution: FamilySpec = {
  code: 'SV',
  category: 'ENER-SVK',
  numbered: true,
  inspectionMonths: 6,
  shape: 'cabinet',
  use: { bouw: 5, infra: 3 },
  qty: [1, 3],
  stock: 10,
  variants: [
    ...product(
      [32, 63, 125, 250],
      [
        { name: t('4 x 230 V', '4 x 230 V', '4 x 230 V', '4 x 230 V'), meter: false, extra: 0 },
        {
          name: t('met kWh-meter', 'with kWh meter', 'avec compteur kWh', 'mit kWh-Zähler'),
          meter: true,
          extra: 1.5,
        },
      ],
    ).map(([a, v]) => ({
      name: words(
        t('Stroomverdeelkast', 'Distribution board', 'Coffret de distribution', 'Baustromverteiler'),
        `${a} A`,
        v.name,
      ),
      day: 3 + a / 20 + v.extra,
      weight: 25 + a / 3,
      tech: {
        elektrisch: true,
        stroom: a,
        gewicht: 25 + Math.round(a / 3),
        aansluiting: same(`CEE ${a} A 5p`),
      },
    })),
    {
      name: t(
        'Bouwstroomkast met aansluitkast netbeheerder',
        'Site power cabinet for grid connection',
        'Armoire de raccordement réseau',
        'Baustromanschlussschrank',
      ),
      day: 9,
      weight: 120,
      tech: { elektrisch: true, stroom: 80, gewicht: 120, aansluiting: same('3 x 80 A') },
    },
  ],
};

const cables: FamilySpec = {
  code: 'KB',
  category: 'ENER-KABEL',
  numbered: false,
  inspectionMonths: 12,
  shape: 'cable',
  use: { bouw: 4, infra: 3 },
  qty: [1, 6],
  stock: 60,
  variants: [
    ...product(
      [
        { c: '5 x 2,5 mm²', en: '5 x 2.5 mm²', a: 16, kgm: 0.2 },
        { c: '5 x 4 mm²', en: '5 x 4 mm²', a: 32, kgm: 0.3 },
        { c: '5 x 6 mm²', en: '5 x 6 mm²', a: 32, kgm: 0.42 },
        { c: '5 x 16 mm²', en: '5 x 16 mm²', a: 63, kgm: 1.0 },
        { c: '5 x 35 mm²', en: '5 x 35 mm²', a: 125, kgm: 2.0 },
      ],
      [25, 50],
    ).map(([c, m]) => ({
      name: words(t('Kabel', 'Cable', 'Câble', 'Kabel'), t(c.c, c.en, c.c, c.c), `${m} m`, `CEE ${c.a} A`),
      day: 0.8 + (c.a / 32) * (m / 25) * 0.9,
      weight: Math.round(c.kgm * m * 10) / 10,
      tech: {
        stroom: c.a,
        lengte: m,
        gewicht: Math.round(c.kgm * m * 10) / 10,
        aansluiting: same(`CEE ${c.a} A 5p`),
      },
    })),
    ...[10, 25, 50].map((m) => ({
      name: words(
        t(
          'Verlengkabel 3 x 2,5 mm²',
          'Extension cable 3 x 2.5 mm²',
          'Rallonge 3 x 2,5 mm²',
          'Verlängerungskabel 3 x 2,5 mm²',
        ),
        `${m} m`,
      ),
      day: 0.5 + m / 50,
      weight: Math.round(0.15 * m * 10) / 10,
      tech: {
        stroom: 16,
        lengte: m,
        gewicht: Math.round(0.15 * m * 10) / 10,
        aansluiting: same('230 V 16 A'),
      },
    })),
    {
      name: t(
        'Kabelhaspel 50 m 230 V',
        'Cable reel 50 m 230 V',
        'Enrouleur 50 m 230 V',
        'Kabeltrommel 50 m 230 V',
      ),
      day: 1.5,
      weight: 9,
      tech: { stroom: 16, lengte: 50, gewicht: 9 },
    },
    {
      name: t(
        'Kabelbrug 2-kanaals',
        'Cable protector 2-channel',
        'Passe-câbles 2 canaux',
        'Kabelbrücke 2-Kanal',
      ),
      day: 0.6,
      weight: 12,
      tech: { gewicht: 12 },
    },
  ],
};

// ── Verlichting ────────────────────────────────────────────────────────────────────────────
const towers: FamilySpec = {
  code: 'LM',
  category: 'VERL-MAST',
  numbered: true,
  inspectionMonths: 12,
  shape: 'mast',
  use: { bouw: 2, infra: 6 },
  qty: [1, 3],
  stock: 6,
  heading: 'kop_aandrijving',
  variants: product(
    [
      {
        name: t('LED 4 x 300 W', 'LED 4 x 300 W', 'LED 4 x 300 W', 'LED 4 x 300 W'),
        w: 1200,
        led: true,
        extra: 4,
      },
      {
        name: t('LED 4 x 150 W', 'LED 4 x 150 W', 'LED 4 x 150 W', 'LED 4 x 150 W'),
        w: 600,
        led: true,
        extra: 0,
      },
      {
        name: t(
          'metaalhalide 4 x 1000 W',
          'metal halide 4 x 1000 W',
          'halogénure 4 x 1000 W',
          'Halogen-Metalldampf 4 x 1000 W',
        ),
        w: 4000,
        led: false,
        extra: -3,
      },
    ],
    [
      {
        name: t('mobiel met aggregaat', 'mobile with generator', 'mobile avec groupe', 'mobil mit Aggregat'),
        diesel: true,
        accu: false,
        h: 9,
      },
      {
        name: t('mobiel op netstroom', 'mobile on mains', 'mobile sur secteur', 'mobil mit Netzanschluss'),
        diesel: false,
        accu: false,
        h: 9,
      },
      {
        name: t('hybride met accu', 'hybrid with battery', 'hybride avec batterie', 'Hybrid mit Akku'),
        diesel: true,
        accu: true,
        h: 8,
      },
    ],
  ).map(([l, p]) => ({
    name: words(t('Lichtmast', 'Lighting tower', "Mât d'éclairage", 'Lichtmast'), l.name, p.name),
    day: 32 + l.extra + (p.diesel ? 10 : 0) + (p.accu ? 12 : 0),
    weight: 700 + (p.diesel ? 500 : 0),
    tech: {
      led: l.led,
      diesel: p.diesel,
      accu: p.accu,
      elektrisch: !p.diesel,
      verrijdbaar: true,
      hoogte: p.h,
      vermogen_w: l.w,
      gewicht: 700 + (p.diesel ? 500 : 0),
    },
  })),
};

const lamps: FamilySpec = {
  code: 'BL',
  category: 'VERL-LAMP',
  numbered: false,
  shape: 'lamp',
  use: { bouw: 6, infra: 3 },
  qty: [2, 10],
  stock: 80,
  variants: [
    ...product(
      [30, 50, 100],
      [
        { name: t('230 V', '230 V', '230 V', '230 V'), accu: false, stand: false },
        { name: t('accu', 'battery', 'batterie', 'Akku'), accu: true, stand: false },
        { name: t('op statief', 'on tripod', 'sur trépied', 'auf Stativ'), accu: false, stand: true },
      ],
    ).map(([w, v]) => ({
      name: words(t('Bouwlamp LED', 'LED work light', 'Projecteur LED', 'LED-Baustrahler'), `${w} W`, v.name),
      day: 1.2 + w / 40 + (v.accu ? 1.5 : 0) + (v.stand ? 0.8 : 0),
      weight: 2 + w / 25 + (v.stand ? 4 : 0),
      tech: {
        led: true,
        accu: v.accu,
        elektrisch: !v.accu,
        vermogen_w: w,
        gewicht: 2 + w / 25 + (v.stand ? 4 : 0),
      },
    })),
    {
      name: t(
        'Lichtslinger LED 25 m',
        'LED string light 25 m',
        'Guirlande LED 25 m',
        'LED-Lichterkette 25 m',
      ),
      day: 2.5,
      weight: 6,
      tech: { led: true, elektrisch: true, lengte: 25, gewicht: 6 },
    },
    {
      name: t(
        'Ballonlamp LED 400 W',
        'LED balloon light 400 W',
        'Ballon éclairant LED 400 W',
        'LED-Leuchtballon 400 W',
      ),
      day: 12,
      weight: 18,
      tech: { led: true, elektrisch: true, vermogen_w: 400, gewicht: 18 },
    },
  ],
};

// ── Verdichting ────────────────────────────────────────────────────────────────────────────
const plates: FamilySpec = {
  code: 'TP',
  category: 'VERD-PLAAT',
  numbered: true,
  inspectionMonths: 12,
  shape: 'compactor',
  use: { bouw: 4, infra: 6 },
  qty: [1, 2],
  stock: 6,
  heading: 'kop_aandrijving',
  variants: [
    ...[60, 90, 130].map((kg) => ({ kg, fuel: 'benzine' as const })),
    ...[130, 200, 400, 600].map((kg) => ({ kg, fuel: 'diesel' as const })),
    ...[90, 130].map((kg) => ({ kg, fuel: 'accu' as const })),
  ].map(({ kg, fuel }) => ({
    name: words(
      t('Trilplaat', 'Plate compactor', 'Plaque vibrante', 'Rüttelplatte'),
      `${kg} kg`,
      fuel === 'benzine'
        ? t('benzine', 'petrol', 'essence', 'Benzin')
        : fuel === 'diesel'
          ? t('diesel', 'diesel', 'diesel', 'Diesel')
          : t('accu', 'battery', 'batterie', 'Akku'),
      kg >= 200 ? t('omkeerbaar', 'reversible', 'réversible', 'reversierbar') : null,
    ),
    day: Math.round(22 + kg * 0.12 + (fuel === 'accu' ? 10 : 0)),
    weight: kg,
    tech: { benzine: fuel === 'benzine', diesel: fuel === 'diesel', accu: fuel === 'accu', gewicht: kg },
  })),
};

const rammers: FamilySpec = {
  code: 'TS',
  category: 'VERD-STAMP',
  numbered: true,
  inspectionMonths: 12,
  shape: 'rammer',
  use: { bouw: 3, infra: 5 },
  qty: [1, 2],
  stock: 5,
  variants: product(
    [60, 70, 80],
    [
      { name: t('benzine', 'petrol', 'essence', 'Benzin'), fuel: 'benzine' },
      { name: t('accu', 'battery', 'batterie', 'Akku'), fuel: 'accu' },
    ],
  ).map(([kg, f]) => ({
    name: words(t('Trilstamper', 'Rammer', 'Pilonneuse', 'Vibrationsstampfer'), `${kg} kg`, f.name),
    day: 24 + (kg - 60) * 0.3 + (f.fuel === 'accu' ? 9 : 0),
    weight: kg,
    tech: { benzine: f.fuel === 'benzine', accu: f.fuel === 'accu', gewicht: kg },
  })),
};

const rollers: FamilySpec = {
  code: 'WA',
  category: 'VERD-WALS',
  numbered: true,
  inspectionMonths: 12,
  shape: 'roller',
  use: { bouw: 1, infra: 4 },
  qty: [1, 1],
  stock: 4,
  heading: 'kop_aandrijving',
  variants: [
    {
      n: t(
        'Trilwals duplex 700 kg',
        'Walk-behind duplex roller 700 kg',
        'Rouleau duplex 700 kg',
        'Duplexwalze 700 kg',
      ),
      kg: 700,
      day: 65,
    },
    {
      n: t('Tandemwals 1,5 t', 'Tandem roller 1.5 t', 'Rouleau tandem 1,5 t', 'Tandemwalze 1,5 t'),
      kg: 1500,
      day: 115,
    },
    {
      n: t('Tandemwals 2,5 t', 'Tandem roller 2.5 t', 'Rouleau tandem 2,5 t', 'Tandemwalze 2,5 t'),
      kg: 2500,
      day: 145,
    },
    {
      n: t('Tandemwals 4 t', 'Tandem roller 4 t', 'Rouleau tandem 4 t', 'Tandemwalze 4 t'),
      kg: 4000,
      day: 185,
    },
    {
      n: t('Combiwals 2,5 t', 'Combination roller 2.5 t', 'Rouleau mixte 2,5 t', 'Kombiwalze 2,5 t'),
      kg: 2500,
      day: 155,
    },
    {
      n: t('Grondwals 7 t', 'Soil compactor 7 t', 'Compacteur monocylindre 7 t', 'Walzenzug 7 t'),
      kg: 7000,
      day: 265,
    },
    {
      n: t(
        'Sleufwals op afstandsbediening',
        'Remote-controlled trench roller',
        'Compacteur de tranchée radiocommandé',
        'Grabenwalze ferngesteuert',
      ),
      kg: 1400,
      day: 175,
    },
  ].map((v) => ({ name: v.n, day: v.day, weight: v.kg, tech: { diesel: true, gewicht: v.kg } })),
};

// ── Steigers & ladders ─────────────────────────────────────────────────────────────────────
const scaffolds: FamilySpec = {
  code: 'RS',
  category: 'STEIG-ROL',
  numbered: false,
  inspectionMonths: 12,
  shape: 'scaffold',
  use: { bouw: 5, infra: 1 },
  qty: [1, 3],
  stock: 25,
  variants: [
    ...product(
      [4.2, 6.2, 8.2, 10.2, 12.2],
      [
        { w: 0.75, len: 2.5 },
        { w: 1.35, len: 2.5 },
        { w: 1.35, len: 3.05 },
      ],
    ).map(([h, s]) => ({
      name: words(
        t('Rolsteiger', 'Mobile scaffold', 'Échafaudage roulant', 'Fahrgerüst'),
        num(s.w, 2),
        'x',
        num(s.len, 2),
        'm',
        t('werkhoogte', 'working height', 'hauteur de travail', 'Arbeitshöhe'),
        num(h, 1),
        'm',
      ),
      day: 5 + h * 1.6 + (s.w > 1 ? 2 : 0) + (s.len > 3 ? 1.5 : 0),
      weight: Math.round(60 + h * 22 * (s.w > 1 ? 1.3 : 1)),
      tech: {
        werkhoogte: h,
        verrijdbaar: true,
        gewicht: Math.round(60 + h * 22 * (s.w > 1 ? 1.3 : 1)),
        norm: same('NEN-EN 1004'),
        afmetingen: words(num(s.w, 2), 'x', num(s.len, 2), 'm'),
      },
    })),
    {
      name: t(
        'Trapsteiger 2,0 m',
        'Step scaffold 2.0 m',
        'Plateforme à marches 2,0 m',
        'Treppengerüst 2,0 m',
      ),
      day: 6,
      weight: 45,
      tech: { werkhoogte: 4, gewicht: 45, verrijdbaar: true },
    },
    {
      name: t(
        'Steigerplank 3,00 m',
        'Scaffold board 3.00 m',
        "Planche d'échafaudage 3,00 m",
        'Gerüstbohle 3,00 m',
      ),
      sale: 24.5,
      weight: 18,
      tech: { lengte: 3, gewicht: 18 },
      rentalType: 'Verkoop_Terugkoop' as const,
    },
  ],
};

const ladders: FamilySpec = {
  code: 'LD',
  category: 'STEIG-LADDER',
  numbered: false,
  inspectionMonths: 12,
  shape: 'ladder',
  use: { bouw: 4, infra: 2 },
  qty: [1, 4],
  stock: 40,
  variants: [
    ...[
      { s: '2 x 10', l: 2.8, day: 2.5, kg: 12 },
      { s: '2 x 12', l: 3.4, day: 3, kg: 15 },
      { s: '2 x 14', l: 4, day: 3.5, kg: 18 },
    ].map((v) => ({
      name: words(
        t('Ladder 2-delig', 'Extension ladder 2-section', 'Échelle 2 plans', 'Schiebeleiter 2-teilig'),
        v.s,
      ),
      day: v.day,
      weight: v.kg,
      tech: { lengte: v.l, gewicht: v.kg, norm: same('NEN-EN 131') },
    })),
    ...[
      { s: '3 x 8', l: 2.3, day: 3, kg: 13 },
      { s: '3 x 10', l: 2.9, day: 3.5, kg: 17 },
      { s: '3 x 12', l: 3.5, day: 4, kg: 21 },
    ].map((v) => ({
      name: words(t('Reformladder', 'Combination ladder', 'Échelle transformable', 'Mehrzweckleiter'), v.s),
      day: v.day,
      weight: v.kg,
      tech: { lengte: v.l, gewicht: v.kg, norm: same('NEN-EN 131') },
    })),
    ...[4, 6, 8].map((n) => ({
      name: words(
        t('Trap dubbel oplopend', 'Double-sided step ladder', 'Escabeau double', 'Stehleiter beidseitig'),
        `2 x ${n}`,
      ),
      day: 1.5 + n * 0.25,
      weight: 5 + n,
      tech: { hoogte: Math.round(n * 0.25 * 10) / 10, gewicht: 5 + n, norm: same('NEN-EN 131') },
    })),
    {
      name: t(
        'Platformtrap 6 treden',
        'Platform step ladder 6 steps',
        'Escabeau plate-forme 6 marches',
        'Podesttreppe 6 Stufen',
      ),
      day: 3.5,
      weight: 16,
      tech: { hoogte: 1.5, gewicht: 16 },
    },
  ],
};

// ── Hoogwerkers & liften ───────────────────────────────────────────────────────────────────
const scissors: FamilySpec = {
  code: 'SH',
  category: 'HOOG-SCHAAR',
  numbered: true,
  inspectionMonths: 12,
  shape: 'scissor',
  use: { bouw: 3, infra: 1 },
  qty: [1, 1],
  stock: 4,
  heading: 'kop_aandrijving',
  variants: product(
    [8, 10, 12, 14, 16, 18],
    [
      { name: t('elektrisch', 'electric', 'électrique', 'elektrisch'), diesel: false },
      { name: t('diesel 4x4', 'diesel 4x4', 'diesel 4x4', 'Diesel 4x4'), diesel: true },
    ],
  ).map(([h, v]) => ({
    name: words(
      t('Schaarhoogwerker', 'Scissor lift', 'Nacelle ciseaux', 'Scherenarbeitsbühne'),
      `${h} m`,
      v.name,
    ),
    day: 70 + h * 5 + (v.diesel ? 35 : 0),
    weight: 1600 + h * 180 + (v.diesel ? 1500 : 0),
    tech: {
      werkhoogte: h,
      elektrisch: !v.diesel,
      diesel: v.diesel,
      hefvermogen: v.diesel ? 450 : 230 + h * 5,
      gewicht: 1600 + h * 180 + (v.diesel ? 1500 : 0),
    },
  })),
};

const booms: FamilySpec = {
  code: 'KH',
  category: 'HOOG-KNIK',
  numbered: true,
  inspectionMonths: 12,
  shape: 'boom',
  use: { bouw: 2, infra: 2 },
  qty: [1, 1],
  stock: 3,
  heading: 'kop_aandrijving',
  variants: product(
    [12, 15, 17, 20, 26],
    [
      { name: t('elektrisch', 'electric', 'électrique', 'elektrisch'), fuel: 'e' },
      { name: t('diesel', 'diesel', 'diesel', 'Diesel'), fuel: 'd' },
      { name: t('hybride', 'hybrid', 'hybride', 'Hybrid'), fuel: 'h' },
    ],
  ).map(([h, v]) => ({
    name: words(
      t('Knikarmhoogwerker', 'Articulating boom lift', 'Nacelle articulée', 'Gelenkteleskopbühne'),
      `${h} m`,
      v.name,
    ),
    day: 110 + h * 6 + (v.fuel === 'h' ? 20 : v.fuel === 'd' ? 10 : 0),
    weight: 5000 + h * 250,
    tech: {
      werkhoogte: h,
      elektrisch: v.fuel !== 'd',
      diesel: v.fuel !== 'e',
      accu: v.fuel !== 'd',
      hefvermogen: 230,
      gewicht: 5000 + h * 250,
    },
  })),
};

const hoists: FamilySpec = {
  code: 'BLF',
  category: 'HOOG-LIFT',
  numbered: true,
  inspectionMonths: 6,
  shape: 'hoist',
  use: { bouw: 3, infra: 0.3 },
  qty: [1, 1],
  stock: 3,
  variants: [
    {
      n: t(
        'Ladderlift 250 kg 18 m',
        'Ladder hoist 250 kg 18 m',
        'Monte-matériaux à échelle 250 kg 18 m',
        'Schrägaufzug 250 kg 18 m',
      ),
      kg: 250,
      h: 18,
      day: 45,
    },
    {
      n: t(
        'Ladderlift 250 kg 25 m',
        'Ladder hoist 250 kg 25 m',
        'Monte-matériaux à échelle 250 kg 25 m',
        'Schrägaufzug 250 kg 25 m',
      ),
      kg: 250,
      h: 25,
      day: 55,
    },
    {
      n: t('Materiaallift 500 kg', 'Material hoist 500 kg', 'Monte-charge 500 kg', 'Materialaufzug 500 kg'),
      kg: 500,
      h: 30,
      day: 75,
    },
    {
      n: t(
        'Materiaallift 1000 kg',
        'Material hoist 1000 kg',
        'Monte-charge 1000 kg',
        'Materialaufzug 1000 kg',
      ),
      kg: 1000,
      h: 40,
      day: 95,
    },
    {
      n: t(
        'Personen-/goederenlift 1500 kg',
        'Passenger/goods hoist 1500 kg',
        'Ascenseur de chantier 1500 kg',
        'Personen-/Lastenaufzug 1500 kg',
      ),
      kg: 1500,
      h: 60,
      day: 185,
    },
    {
      n: t(
        'Personen-/goederenlift 2000 kg',
        'Passenger/goods hoist 2000 kg',
        'Ascenseur de chantier 2000 kg',
        'Personen-/Lastenaufzug 2000 kg',
      ),
      kg: 2000,
      h: 100,
      day: 225,
    },
    {
      n: t('Dakdekkerslift 200 kg', 'Roofing hoist 200 kg', 'Monte-tuiles 200 kg', 'Dachdeckeraufzug 200 kg'),
      kg: 200,
      h: 14,
      day: 39,
    },
  ].map((v) => ({
    name: v.n,
    day: v.day,
    weight: 300 + v.kg,
    tech: { hefvermogen: v.kg, hoogte: v.h, elektrisch: true, gewicht: 300 + v.kg },
  })),
};

// ── Pompen ─────────────────────────────────────────────────────────────────────────────────
const pumps: FamilySpec = {
  code: 'DP',
  category: 'POMP-DOMPEL',
  numbered: true,
  inspectionMonths: 12,
  shape: 'pump',
  use: { bouw: 3, infra: 6 },
  qty: [1, 3],
  stock: 8,
  variants: product(
    [
      { d: '1"', mm: 25, cap: 150 },
      { d: '2"', mm: 50, cap: 400 },
      { d: '3"', mm: 80, cap: 1000 },
      { d: '4"', mm: 100, cap: 1800 },
    ],
    product(
      [
        { name: '230 V', v: 230 },
        { name: '400 V', v: 400 },
      ],
      [
        { name: t('schoon water', 'clean water', 'eau claire', 'Klarwasser'), dirty: false },
        { name: t('vuil water', 'dirty water', 'eau chargée', 'Schmutzwasser'), dirty: true },
      ],
    ),
  )
    .filter(([s, [v]]) => !(s.mm >= 80 && v.v === 230))
    .map(([s, [v, w]]) => ({
      name: words(
        t('Dompelpomp', 'Submersible pump', 'Pompe submersible', 'Tauchpumpe'),
        s.d,
        v.name,
        w.name,
      ),
      day: 7 + s.mm / 8 + (w.dirty ? 3 : 0) + (v.v === 400 ? 2 : 0),
      weight: 10 + s.mm / 3,
      tech: {
        elektrisch: true,
        capaciteit: s.cap * (w.dirty ? 0.8 : 1),
        diameter: s.mm,
        gewicht: Math.round(10 + s.mm / 3),
        aansluiting: same(v.v === 230 ? '230 V 16 A' : 'CEE 16 A 400 V'),
      },
    })),
};

const dewatering: FamilySpec = {
  code: 'BM',
  category: 'POMP-BEMAL',
  numbered: false,
  shape: 'hose',
  use: { bouw: 1, infra: 5 },
  qty: [1, 20],
  stock: 200,
  variants: (
    [
      {
        n: t(
          'Vacuümpomp bemaling 4" diesel',
          'Vacuum dewatering pump 4" diesel',
          'Pompe à vide 4" diesel',
          'Vakuumpumpe 4" Diesel',
        ),
        day: 95,
        kg: 1400,
        tech: { diesel: true, diameter: 100, capaciteit: 2500 },
      },
      {
        n: t(
          'Vacuümpomp bemaling 6" diesel',
          'Vacuum dewatering pump 6" diesel',
          'Pompe à vide 6" diesel',
          'Vakuumpumpe 6" Diesel',
        ),
        day: 135,
        kg: 2200,
        tech: { diesel: true, diameter: 150, capaciteit: 5000 },
      },
      {
        n: t(
          'Zuigerpomp bemaling elektrisch',
          'Piston dewatering pump electric',
          'Pompe à piston électrique',
          'Kolbenpumpe elektrisch',
        ),
        day: 68,
        kg: 900,
        tech: { elektrisch: true, capaciteit: 1200 },
      },
      {
        n: t('Bemalingsfilter 2,00 m', 'Well point 2.00 m', 'Pointe filtrante 2,00 m', 'Filterlanze 2,00 m'),
        day: 0.35,
        kg: 3,
        tech: { lengte: 2 },
      },
      {
        n: t('Bemalingsfilter 4,00 m', 'Well point 4.00 m', 'Pointe filtrante 4,00 m', 'Filterlanze 4,00 m'),
        day: 0.55,
        kg: 5,
        tech: { lengte: 4 },
      },
      {
        n: t('Zuigslang 4" 6 m', 'Suction hose 4" 6 m', 'Tuyau d\'aspiration 4" 6 m', 'Saugschlauch 4" 6 m'),
        day: 2.2,
        kg: 18,
        tech: { diameter: 100, lengte: 6 },
      },
      {
        n: t(
          'Persslang 2" 20 m',
          'Discharge hose 2" 20 m',
          'Tuyau de refoulement 2" 20 m',
          'Druckschlauch 2" 20 m',
        ),
        day: 1.1,
        kg: 6,
        tech: { diameter: 50, lengte: 20 },
      },
      {
        n: t(
          'Persslang 3" 20 m',
          'Discharge hose 3" 20 m',
          'Tuyau de refoulement 3" 20 m',
          'Druckschlauch 3" 20 m',
        ),
        day: 1.5,
        kg: 9,
        tech: { diameter: 80, lengte: 20 },
      },
      {
        n: t(
          'Persslang 4" 20 m',
          'Discharge hose 4" 20 m',
          'Tuyau de refoulement 4" 20 m',
          'Druckschlauch 4" 20 m',
        ),
        day: 1.9,
        kg: 12,
        tech: { diameter: 100, lengte: 20 },
      },
      {
        n: t('Verzamelleiding 6" 6 m', 'Header pipe 6" 6 m', 'Collecteur 6" 6 m', 'Sammelleitung 6" 6 m'),
        day: 1.4,
        kg: 22,
        tech: { diameter: 150, lengte: 6 },
      },
      {
        n: t('Bezinktank 10 m³', 'Settlement tank 10 m³', 'Bac de décantation 10 m³', 'Absetzbecken 10 m³'),
        day: 28,
        kg: 2500,
        tech: { inhoud: 10 },
      },
      {
        n: t('Watermeter 4"', 'Water meter 4"', 'Compteur d\'eau 4"', 'Wasserzähler 4"'),
        day: 3.5,
        kg: 15,
        tech: { diameter: 100 },
      },
    ] as { n: Text; day: number; kg: number; tech: Record<string, TechValue> }[]
  ).map((v) => ({ name: v.n, day: v.day, weight: v.kg, tech: { ...v.tech, gewicht: v.kg } })),
};

// ── Gereedschap ────────────────────────────────────────────────────────────────────────────
const drills: FamilySpec = {
  code: 'BB',
  category: 'GER-BOOR',
  numbered: true,
  inspectionMonths: 6,
  shape: 'tool',
  use: { bouw: 4, infra: 2 },
  qty: [1, 3],
  stock: 8,
  variants: [
    {
      n: t(
        'Boorhamer SDS-plus 800 W',
        'Rotary hammer SDS-plus 800 W',
        'Perforateur SDS-plus 800 W',
        'Bohrhammer SDS-plus 800 W',
      ),
      w: 800,
      kg: 3,
      day: 9,
    },
    {
      n: t(
        'Boorhamer SDS-max 1300 W',
        'Rotary hammer SDS-max 1300 W',
        'Perforateur SDS-max 1300 W',
        'Bohrhammer SDS-max 1300 W',
      ),
      w: 1300,
      kg: 7,
      day: 14,
    },
    {
      n: t(
        'Accuboorhamer 18 V',
        'Cordless rotary hammer 18 V',
        'Perforateur sans fil 18 V',
        'Akku-Bohrhammer 18 V',
      ),
      w: 0,
      kg: 3.5,
      day: 12,
      accu: true,
    },
    {
      n: t(
        'Accuschroefboormachine 18 V',
        'Cordless drill driver 18 V',
        'Perceuse-visseuse sans fil 18 V',
        'Akku-Bohrschrauber 18 V',
      ),
      w: 0,
      kg: 1.8,
      day: 7,
      accu: true,
    },
    {
      n: t('Breekhamer 10 kg', 'Demolition hammer 10 kg', 'Marteau-piqueur 10 kg', 'Abbruchhammer 10 kg'),
      w: 1500,
      kg: 10,
      day: 19,
    },
    {
      n: t('Breekhamer 16 kg', 'Demolition hammer 16 kg', 'Marteau-piqueur 16 kg', 'Abbruchhammer 16 kg'),
      w: 1750,
      kg: 16,
      day: 24,
    },
    {
      n: t('Breekhamer 30 kg', 'Breaker 30 kg', 'Marteau-piqueur 30 kg', 'Abbruchhammer 30 kg'),
      w: 2200,
      kg: 30,
      day: 33,
    },
    {
      n: t(
        'Breekhamer benzine 25 kg',
        'Petrol breaker 25 kg',
        'Brise-béton essence 25 kg',
        'Benzin-Aufbruchhammer 25 kg',
      ),
      w: 0,
      kg: 25,
      day: 52,
      petrol: true,
    },
    {
      n: t(
        'Kernboormachine 250 mm met statief',
        'Core drill 250 mm with stand',
        'Carotteuse 250 mm avec support',
        'Kernbohrgerät 250 mm mit Ständer',
      ),
      w: 3200,
      kg: 28,
      day: 55,
    },
    {
      n: t(
        'Kernboormachine 400 mm met statief',
        'Core drill 400 mm with stand',
        'Carotteuse 400 mm avec support',
        'Kernbohrgerät 400 mm mit Ständer',
      ),
      w: 3900,
      kg: 36,
      day: 72,
    },
    {
      n: t('Roerwerk 1600 W', 'Paddle mixer 1600 W', 'Malaxeur 1600 W', 'Rührwerk 1600 W'),
      w: 1600,
      kg: 6,
      day: 11,
    },
  ].map((v) => ({
    name: v.n,
    day: v.day,
    weight: v.kg,
    tech: {
      elektrisch: !v.accu && !v.petrol,
      accu: Boolean(v.accu),
      benzine: Boolean(v.petrol),
      ...(v.w ? { vermogen_w: v.w } : {}),
      gewicht: v.kg,
    },
  })),
};

const grinders: FamilySpec = {
  code: 'SL',
  category: 'GER-SLIJP',
  numbered: true,
  inspectionMonths: 6,
  shape: 'tool',
  use: { bouw: 3, infra: 2 },
  qty: [1, 2],
  stock: 8,
  variants: [
    {
      n: t('Haakse slijper 125 mm', 'Angle grinder 125 mm', 'Meuleuse 125 mm', 'Winkelschleifer 125 mm'),
      w: 1200,
      kg: 2.4,
      day: 6,
    },
    {
      n: t('Haakse slijper 230 mm', 'Angle grinder 230 mm', 'Meuleuse 230 mm', 'Winkelschleifer 230 mm'),
      w: 2400,
      kg: 5.5,
      day: 8,
    },
    {
      n: t(
        'Accu haakse slijper 125 mm 18 V',
        'Cordless angle grinder 125 mm 18 V',
        'Meuleuse sans fil 125 mm 18 V',
        'Akku-Winkelschleifer 125 mm 18 V',
      ),
      w: 0,
      kg: 2.6,
      day: 9,
      accu: true,
    },
    {
      n: t(
        'Betonslijper 125 mm met afzuiging',
        'Concrete grinder 125 mm with extraction',
        'Surfaceuse béton 125 mm avec aspiration',
        'Betonschleifer 125 mm mit Absaugung',
      ),
      w: 1500,
      kg: 3.2,
      day: 16,
    },
    {
      n: t('Muurfrees 125 mm', 'Wall chaser 125 mm', 'Rainureuse 125 mm', 'Mauernutfräse 125 mm'),
      w: 1600,
      kg: 5,
      day: 19,
    },
    {
      n: t(
        'Vloerschuurmachine 450 mm',
        'Floor grinder 450 mm',
        'Ponceuse de sol 450 mm',
        'Bodenschleifmaschine 450 mm',
      ),
      w: 3000,
      kg: 95,
      day: 75,
    },
    {
      n: t(
        'Bouwstofzuiger klasse M',
        'Dust extractor class M',
        'Aspirateur de chantier classe M',
        'Bausauger Klasse M',
      ),
      w: 1400,
      kg: 14,
      day: 12,
    },
    {
      n: t(
        'Bouwstofzuiger klasse H',
        'Dust extractor class H',
        'Aspirateur de chantier classe H',
        'Bausauger Klasse H',
      ),
      w: 1400,
      kg: 16,
      day: 15,
    },
  ].map((v) => ({
    name: v.n,
    day: v.day,
    weight: v.kg,
    tech: { elektrisch: !v.accu, accu: Boolean(v.accu), ...(v.w ? { vermogen_w: v.w } : {}), gewicht: v.kg },
  })),
};

const saws: FamilySpec = {
  code: 'ZM',
  category: 'GER-ZAAG',
  numbered: true,
  inspectionMonths: 6,
  shape: 'saw',
  use: { bouw: 3, infra: 3 },
  qty: [1, 2],
  stock: 6,
  variants: [
    {
      n: t(
        'Bandenzaag 350 mm benzine',
        'Cut-off saw 350 mm petrol',
        'Découpeuse 350 mm essence',
        'Trennschleifer 350 mm Benzin',
      ),
      kg: 10,
      day: 22,
      f: 'b',
    },
    {
      n: t(
        'Bandenzaag 400 mm benzine',
        'Cut-off saw 400 mm petrol',
        'Découpeuse 400 mm essence',
        'Trennschleifer 400 mm Benzin',
      ),
      kg: 11,
      day: 26,
      f: 'b',
    },
    {
      n: t(
        'Bandenzaag 350 mm elektrisch',
        'Cut-off saw 350 mm electric',
        'Découpeuse 350 mm électrique',
        'Trennschleifer 350 mm elektrisch',
      ),
      kg: 9,
      day: 21,
      f: 'e',
    },
    {
      n: t('Steenzaagmachine 700 mm', 'Masonry saw 700 mm', 'Scie à matériaux 700 mm', 'Steinsäge 700 mm'),
      kg: 75,
      day: 29,
      f: 'e',
    },
    {
      n: t(
        'Steenzaagmachine 1200 mm',
        'Masonry saw 1200 mm',
        'Scie à matériaux 1200 mm',
        'Steinsäge 1200 mm',
      ),
      kg: 120,
      day: 38,
      f: 'e',
    },
    {
      n: t(
        'Vloerzaag 450 mm benzine',
        'Floor saw 450 mm petrol',
        'Scie de sol 450 mm essence',
        'Fugenschneider 450 mm Benzin',
      ),
      kg: 95,
      day: 55,
      f: 'b',
    },
    {
      n: t(
        'Vloerzaag 500 mm diesel',
        'Floor saw 500 mm diesel',
        'Scie de sol 500 mm diesel',
        'Fugenschneider 500 mm Diesel',
      ),
      kg: 210,
      day: 85,
      f: 'd',
    },
    {
      n: t('Cirkelzaag 235 mm', 'Circular saw 235 mm', 'Scie circulaire 235 mm', 'Handkreissäge 235 mm'),
      kg: 7,
      day: 9,
      f: 'e',
    },
    {
      n: t('Afkortzaag 305 mm', 'Mitre saw 305 mm', 'Scie à onglet 305 mm', 'Kappsäge 305 mm'),
      kg: 24,
      day: 15,
      f: 'e',
    },
    {
      n: t(
        'Reciprozaag accu 18 V',
        'Cordless reciprocating saw 18 V',
        'Scie sabre sans fil 18 V',
        'Akku-Säbelsäge 18 V',
      ),
      kg: 3.5,
      day: 9,
      f: 'a',
    },
    {
      n: t(
        'Diamantzaagblad 350 mm beton',
        'Diamond blade 350 mm concrete',
        'Disque diamant 350 mm béton',
        'Diamantscheibe 350 mm Beton',
      ),
      kg: 1,
      day: 0,
      f: 's',
      sale: 89,
    },
    {
      n: t(
        'Slijpschijf 230 mm steen (10 st.)',
        'Cutting disc 230 mm stone (10 pcs)',
        'Disque à tronçonner 230 mm pierre (10 pcs)',
        'Trennscheibe 230 mm Stein (10 Stk.)',
      ),
      kg: 2,
      day: 0,
      f: 's',
      sale: 27.5,
    },
  ].map((v) => ({
    name: v.n,
    ...(v.f === 's' ? { sale: v.sale, rentalType: 'Verkoop' as const } : { day: v.day }),
    weight: v.kg,
    tech: {
      benzine: v.f === 'b',
      diesel: v.f === 'd',
      elektrisch: v.f === 'e',
      accu: v.f === 'a',
      gewicht: v.kg,
    },
  })),
};

// ── Meetapparatuur ─────────────────────────────────────────────────────────────────────────
const measuring: FamilySpec = {
  code: 'MA',
  category: 'MEET',
  numbered: true,
  inspectionMonths: 12,
  shape: 'laser',
  use: { bouw: 3, infra: 3 },
  qty: [1, 1],
  stock: 5,
  variants: [
    {
      n: t(
        'Rotatielaser horizontaal',
        'Rotating laser horizontal',
        'Laser rotatif horizontal',
        'Rotationslaser horizontal',
      ),
      day: 19,
    },
    {
      n: t(
        'Rotatielaser met afschot',
        'Rotating laser with grade',
        'Laser rotatif avec pente',
        'Rotationslaser mit Neigung',
      ),
      day: 29,
    },
    {
      n: t(
        'Lijnlaser groen 3 x 360°',
        'Line laser green 3 x 360°',
        'Laser lignes vert 3 x 360°',
        'Linienlaser grün 3 x 360°',
      ),
      day: 12,
    },
    { n: t('Buislaser', 'Pipe laser', 'Laser de canalisation', 'Kanalbaulaser'), day: 48 },
    {
      n: t(
        'Waterpasinstrument met statief',
        'Automatic level with tripod',
        'Niveau optique avec trépied',
        'Nivelliergerät mit Stativ',
      ),
      day: 11,
    },
    { n: t('Total station', 'Total station', 'Station totale', 'Totalstation'), day: 95 },
    { n: t('Kabel- en leidingzoeker', 'Cable locator', 'Détecteur de câbles', 'Kabelsuchgerät'), day: 24 },
    {
      n: t('Vochtmeter beton', 'Concrete moisture meter', 'Humidimètre béton', 'Betonfeuchtemessgerät'),
      day: 8,
    },
    {
      n: t(
        'Geluidsmeter klasse 1',
        'Sound level meter class 1',
        'Sonomètre classe 1',
        'Schallpegelmesser Klasse 1',
      ),
      day: 22,
    },
    {
      n: t(
        'Trillingsmeter met rapportage',
        'Vibration monitor with reporting',
        'Sismographe avec rapport',
        'Erschütterungsmessgerät mit Bericht',
      ),
      day: 38,
    },
    { n: t('Gasdetector 4-gas', 'Gas detector 4-gas', 'Détecteur 4 gaz', 'Gaswarngerät 4-Gas'), day: 14 },
  ].map((v, i) => ({
    name: v.n,
    day: v.day,
    weight: 2 + (i % 4) * 3,
    tech: { accu: true, gewicht: 2 + (i % 4) * 3 },
  })),
};

// ── Verwarming & droging ───────────────────────────────────────────────────────────────────
const heaters: FamilySpec = {
  code: 'HT',
  category: 'VERW-HEAT',
  numbered: true,
  inspectionMonths: 12,
  shape: 'heater',
  use: { bouw: 4, infra: 1 },
  qty: [1, 2],
  stock: 6,
  variants: [
    ...product(
      [15, 30, 50, 100],
      [
        {
          name: t('diesel direct', 'diesel direct-fired', 'fioul combustion directe', 'Diesel direkt'),
          d: true,
          ind: false,
        },
        {
          name: t(
            'diesel indirect',
            'diesel indirect-fired',
            'fioul combustion indirecte',
            'Diesel indirekt',
          ),
          d: true,
          ind: true,
        },
      ],
    ).map(([kw, v]) => ({
      name: words(t('Heater', 'Heater', 'Chauffage', 'Heizgerät'), `${kw} kW`, v.name),
      day: 12 + kw * 0.45 + (v.ind ? 6 : 0),
      weight: 30 + kw * 1.8,
      tech: { diesel: true, elektrisch: false, vermogen_kw: kw, gewicht: Math.round(30 + kw * 1.8) },
    })),
    ...[3, 9, 18].map((kw) => ({
      name: words(
        t('Heater elektrisch', 'Electric heater', 'Chauffage électrique', 'Elektroheizer'),
        `${kw} kW`,
      ),
      day: 6 + kw * 0.6,
      weight: 8 + kw,
      tech: {
        diesel: false,
        elektrisch: true,
        vermogen_kw: kw,
        gewicht: 8 + kw,
        aansluiting: same(kw > 3 ? 'CEE 32 A 400 V' : '230 V 16 A'),
      },
    })),
    {
      name: t(
        'Heater propaan 30 kW',
        'Propane heater 30 kW',
        'Chauffage propane 30 kW',
        'Propan-Heizer 30 kW',
      ),
      day: 10,
      weight: 11,
      tech: { diesel: false, elektrisch: false, vermogen_kw: 30, gewicht: 11 },
    },
  ],
};

const dryers: FamilySpec = {
  code: 'BD',
  category: 'VERW-DROOG',
  numbered: true,
  inspectionMonths: 12,
  shape: 'heater',
  use: { bouw: 3, infra: 0.5 },
  qty: [1, 3],
  stock: 8,
  variants: [
    ...[35, 50, 70, 100].map((l) => ({
      name: words(
        t('Bouwdroger', 'Dehumidifier', 'Déshumidificateur', 'Bautrockner'),
        t(`${l} l/dag`, `${l} l/day`, `${l} l/jour`, `${l} l/Tag`),
      ),
      day: 7 + l / 10,
      weight: 30 + l / 2,
      tech: {
        elektrisch: true,
        verrijdbaar: true,
        gewicht: 30 + l / 2,
        uitvoering: t(
          `${l} liter per dag`,
          `${l} litres per day`,
          `${l} litres par jour`,
          `${l} Liter pro Tag`,
        ),
      },
    })),
    {
      name: t(
        'Ventilator axiaal 500 mm',
        'Axial fan 500 mm',
        'Ventilateur axial 500 mm',
        'Axialventilator 500 mm',
      ),
      day: 5,
      weight: 16,
      tech: { elektrisch: true, gewicht: 16 },
    },
    {
      name: t(
        'Luchtreiniger HEPA 1000 m³/h',
        'HEPA air scrubber 1000 m³/h',
        "Épurateur d'air HEPA 1000 m³/h",
        'HEPA-Luftreiniger 1000 m³/h',
      ),
      day: 14,
      weight: 35,
      tech: { elektrisch: true, gewicht: 35 },
    },
  ],
};

// ── Grondverzet & kranen ───────────────────────────────────────────────────────────────────
const excavators: FamilySpec = {
  code: 'MG',
  category: 'GROND-GRAVER',
  numbered: true,
  inspectionMonths: 12,
  shape: 'excavator',
  use: { bouw: 3, infra: 5 },
  qty: [1, 1],
  stock: 3,
  heading: 'kop_aandrijving',
  variants: [
    ...product(
      [1.0, 1.8, 2.7, 3.5, 5.0, 8.0],
      [
        {
          name: t('met rubber rupsen', 'with rubber tracks', 'avec chenilles caoutchouc', 'mit Gummiketten'),
          extra: 0,
          e: false,
        },
        {
          name: t(
            'met hydraulische snelwissel en 3 bakken',
            'with hydraulic quick coupler and 3 buckets',
            'avec attache rapide hydraulique et 3 godets',
            'mit hydraulischem Schnellwechsler und 3 Löffeln',
          ),
          extra: 18,
          e: false,
        },
      ],
    ).map(([tn, v]) => ({
      name: words(t('Minigraver', 'Mini excavator', 'Mini-pelle', 'Minibagger'), num(tn, 1), 't', v.name),
      day: Math.round(95 + tn * 28 + v.extra),
      weight: tn * 1000,
      tech: { diesel: true, rupsonderstel: true, gewicht: tn * 1000 },
    })),
    {
      name: t(
        'Minigraver 1,8 t elektrisch',
        'Mini excavator 1.8 t electric',
        'Mini-pelle 1,8 t électrique',
        'Minibagger 1,8 t elektrisch',
      ),
      day: 165,
      weight: 1900,
      tech: { diesel: false, elektrisch: true, rupsonderstel: true, gewicht: 1900 },
    },
  ],
};

const dumpers: FamilySpec = {
  code: 'DU',
  category: 'GROND-DUMPER',
  numbered: true,
  inspectionMonths: 12,
  shape: 'dumper',
  use: { bouw: 2, infra: 4 },
  qty: [1, 1],
  stock: 3,
  variants: [
    ...product(
      [1, 2, 3, 6],
      [
        { name: t('voorwaartskipper', 'forward tip', 'benne frontale', 'Vorderkipper'), extra: 0 },
        { name: t('draaikiep', 'swivel tip', 'benne rotative', 'Drehkipper'), extra: 15 },
      ],
    ).map(([tn, v]) => ({
      name: words(t('Dumper', 'Dumper', 'Dumper', 'Dumper'), `${tn} t`, v.name),
      day: 60 + tn * 22 + v.extra,
      weight: 900 + tn * 550,
      tech: { diesel: true, gewicht: 900 + tn * 550, hefvermogen: tn * 1000 },
    })),
    {
      name: t(
        'Rupsdumper 800 kg',
        'Tracked dumper 800 kg',
        'Dumper sur chenilles 800 kg',
        'Raupendumper 800 kg',
      ),
      day: 75,
      weight: 950,
      tech: { diesel: true, rupsonderstel: true, gewicht: 950, hefvermogen: 800 },
    },
    {
      name: t(
        'Kruiwagen elektrisch 300 kg',
        'Electric wheelbarrow 300 kg',
        'Brouette électrique 300 kg',
        'Elektro-Schubkarre 300 kg',
      ),
      day: 35,
      weight: 120,
      tech: { diesel: false, accu: true, gewicht: 120, hefvermogen: 300 },
    },
  ],
};

const cranes: FamilySpec = {
  code: 'KR',
  category: 'GROND-KRAAN',
  numbered: true,
  inspectionMonths: 12,
  shape: 'crane',
  use: { bouw: 2, infra: 1 },
  qty: [1, 1],
  stock: 2,
  variants: [
    {
      n: t(
        'Minirupskraan 2,9 t',
        'Mini crawler crane 2.9 t',
        'Mini-grue sur chenilles 2,9 t',
        'Minikran auf Raupen 2,9 t',
      ),
      kg: 2900,
      day: 210,
      h: 8.7,
    },
    {
      n: t(
        'Minirupskraan 3,8 t',
        'Mini crawler crane 3.8 t',
        'Mini-grue sur chenilles 3,8 t',
        'Minikran auf Raupen 3,8 t',
      ),
      kg: 3800,
      day: 265,
      h: 12.7,
    },
    {
      n: t(
        'Minirupskraan 5,0 t',
        'Mini crawler crane 5.0 t',
        'Mini-grue sur chenilles 5,0 t',
        'Minikran auf Raupen 5,0 t',
      ),
      kg: 5000,
      day: 320,
      h: 16.4,
    },
    {
      n: t(
        'Glaszuigerkraan 600 kg',
        'Glazing robot 600 kg',
        'Robot de pose vitrage 600 kg',
        'Glasverlegeroboter 600 kg',
      ),
      kg: 600,
      day: 185,
      h: 3.5,
    },
    {
      n: t('Portaalkraan 2 t', 'Gantry crane 2 t', 'Portique 2 t', 'Portalkran 2 t'),
      kg: 2000,
      day: 45,
      h: 4,
    },
  ].map((v) => ({
    name: v.n,
    day: v.day,
    weight: v.kg,
    tech: { hefvermogen: v.kg, hoogte: v.h, rupsonderstel: v.kg >= 2900, gewicht: v.kg },
  })),
};

const slings: FamilySpec = {
  code: 'HM',
  category: 'GROND-KRAAN',
  numbered: false,
  inspectionMonths: 12,
  shape: 'sling',
  use: { bouw: 2, infra: 2 },
  qty: [1, 6],
  stock: 60,
  variants: [
    ...product([1, 2, 3, 5], [2, 4]).map(([tn, m]) => ({
      name: words(t('Hijsband', 'Lifting sling', 'Élingue de levage', 'Hebeband'), `${tn} t`, `${m} m`),
      day: 0.8 + tn * 0.3 + m * 0.1,
      weight: Math.round((0.3 + tn * 0.2) * m * 10) / 10,
      tech: {
        hefvermogen: tn * 1000,
        lengte: m,
        gewicht: Math.round((0.3 + tn * 0.2) * m * 10) / 10,
        norm: same('NEN-EN 1492-1'),
      },
    })),
    ...[
      {
        n: t(
          'Kettingwerk 2-sprong 3,15 t',
          'Chain sling 2-leg 3.15 t',
          'Élingue chaîne 2 brins 3,15 t',
          'Kettengehänge 2-Strang 3,15 t',
        ),
        kg: 3150,
        w: 18,
      },
      {
        n: t(
          'Kettingwerk 4-sprong 6,7 t',
          'Chain sling 4-leg 6.7 t',
          'Élingue chaîne 4 brins 6,7 t',
          'Kettengehänge 4-Strang 6,7 t',
        ),
        kg: 6700,
        w: 42,
      },
      {
        n: t('Steenklem 1000 kg', 'Block clamp 1000 kg', 'Pince à blocs 1000 kg', 'Steinzange 1000 kg'),
        kg: 1000,
        w: 55,
      },
      {
        n: t(
          'Pallethaak 1500 kg',
          'Pallet fork 1500 kg',
          'Fourche à palettes 1500 kg',
          'Palettengabel 1500 kg',
        ),
        kg: 1500,
        w: 110,
      },
      { n: t('Big-bag 1 m³', 'Big bag 1 m³', 'Big-bag 1 m³', 'Big Bag 1 m³'), kg: 1000, w: 2, sale: 12.5 },
    ].map((v) => ({
      name: v.n,
      ...(v.sale ? { sale: v.sale, rentalType: 'Verkoop' as const } : { day: 2 + v.kg / 1000 }),
      weight: v.w,
      tech: { hefvermogen: v.kg, gewicht: v.w },
    })),
  ],
};

export const familySpecs: FamilySpec[] = [
  fences,
  fenceParts,
  signs,
  beacons,
  trafficLights,
  canteens,
  offices,
  sanitary,
  wasteContainers,
  storageContainers,
  generators,
  distribution,
  cables,
  towers,
  lamps,
  plates,
  rammers,
  rollers,
  scaffolds,
  ladders,
  scissors,
  booms,
  hoists,
  pumps,
  dewatering,
  drills,
  grinders,
  saws,
  measuring,
  heaters,
  dryers,
  excavators,
  dumpers,
  cranes,
  slings,
];

/** Accessory / order-tip links between families, by item number of the base catalogue. */
export const linkRules: { from: string; to: string[]; kind: 'accessory' | 'order_tip'; amount?: number }[] = [
  { from: 'BH', to: ['BHA-1001', 'BHA-1003'], kind: 'accessory', amount: 1 },
  { from: 'BH', to: ['BHA-1004', 'BHA-1005', 'BHA-1007'], kind: 'order_tip' },
  { from: 'AG', to: ['SV-1001', 'KB-1003', 'KB-1011'], kind: 'order_tip' },
  { from: 'LM', to: ['AG-1006', 'KB-1003'], kind: 'order_tip' },
  { from: 'SK', to: ['AG-1004', 'SU-1005', 'AC-1005'], kind: 'order_tip' },
  { from: 'KU', to: ['SU-1001', 'SV-1001', 'OC-1004'], kind: 'order_tip' },
  { from: 'DP', to: ['BM-1007', 'BM-1008'], kind: 'order_tip' },
  { from: 'BM', to: ['BM-1006', 'BM-1009', 'AG-1008'], kind: 'order_tip' },
  { from: 'VB', to: ['BK-1007', 'BK-1009', 'BK-1010'], kind: 'order_tip' },
  { from: 'VRI', to: ['VB-1031', 'BK-1004'], kind: 'order_tip' },
  { from: 'TP', to: ['TS-1001', 'BH-1001'], kind: 'order_tip' },
  { from: 'RS', to: ['RS-1017', 'LD-1010'], kind: 'order_tip' },
  { from: 'SH', to: ['SV-1003', 'BH-1001'], kind: 'order_tip' },
  { from: 'MG', to: ['DU-1003', 'TP-1005', 'HM-1002'], kind: 'order_tip' },
  { from: 'KR', to: ['HM-1004', 'HM-1009', 'HM-1010'], kind: 'accessory', amount: 1 },
  { from: 'HT', to: ['BD-1002', 'KB-1012'], kind: 'order_tip' },
  { from: 'ZM', to: ['ZM-1011', 'ZM-1012', 'SL-1007'], kind: 'order_tip' },
  { from: 'BB', to: ['SL-1008', 'KB-1012'], kind: 'order_tip' },
];

/**
 * Demo search synonyms (issue #31 item 20): the list SYNONYM_CODE (the default of the setting SynoniemCode), groups
 * of words a site worker may type for the same equipment.
 */
export const SYNONYM_CODE = 'STANDAARD';
export const synonymGroups: string[][] = [
  ['aggregaat', 'generator', 'stroomaggregaat'],
  ['minigraver', 'minikraan'],
  ['heater', 'kachel', 'warmtekanon'],
  ['bouwlamp', 'werklamp'],
  ['dompelpomp', 'vuilwaterpomp'],
];
