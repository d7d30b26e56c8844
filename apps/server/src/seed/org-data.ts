import { type Text, t } from './text.ts';

/** Demo customers, locations, depots, users and sets. */

export const DEMO_PASSWORD = 'Materieel2026!';

export interface DepotSpec {
  depotNo: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  phone: string;
}

export const depotSpecs: DepotSpec[] = [
  {
    depotNo: 'D-UTR',
    name: 'Depot Utrecht',
    street: 'Atoomweg 112',
    postcode: '3542 AB',
    city: 'Utrecht',
    phone: '030 241 88 00',
  },
  {
    depotNo: 'D-ZWO',
    name: 'Depot Zwolle',
    street: 'Marconistraat 21',
    postcode: '8013 PK',
    city: 'Zwolle',
    phone: '038 421 55 10',
  },
  {
    depotNo: 'D-GRO',
    name: 'Depot Groningen',
    street: 'Osloweg 90',
    postcode: '9723 BK',
    city: 'Groningen',
    phone: '050 318 72 40',
  },
  {
    depotNo: 'D-BRE',
    name: 'Depot Breda',
    street: 'Minervum 7031',
    postcode: '4817 ZN',
    city: 'Breda',
    phone: '076 571 20 30',
  },
];

export interface CustomerSpec {
  customerNo: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  phone: string;
  email: string;
  vatNo: string;
  /** Rental discount (huurkorting) in percent, applied on invoices when UseRentalDiscount. */
  rentalDiscountPercent: number;
  /** Building sites or infra works: drives which equipment is ordered. */
  profile: 'bouw' | 'infra';
}

export const customerSpecs: CustomerSpec[] = [
  {
    customerNo: 'K-10045',
    name: 'Bouwbedrijf Van Dijk B.V.',
    street: 'Kanaalweg 14',
    postcode: '3526 KL',
    city: 'Utrecht',
    phone: '030 288 40 00',
    email: 'info@vandijk.nl',
    vatNo: 'NL812345678B01',
    rentalDiscountPercent: 7.5,
    profile: 'bouw',
  },
  {
    customerNo: 'K-10112',
    name: 'Infra Noord B.V.',
    street: 'Industrieweg 3',
    postcode: '9403 AB',
    city: 'Assen',
    phone: '0592 34 56 00',
    email: 'info@infranoord.nl',
    vatNo: 'NL856789012B01',
    rentalDiscountPercent: 0,
    profile: 'infra',
  },
];

export interface LocationSpec {
  locationNo: string;
  customerNo: string;
  description: string;
  street: string;
  postcode: string;
  city: string;
  projectNumber: string;
  depotNo: string;
  blocked?: boolean;
  /** Days before the reference date the project started. */
  startedDaysAgo: number;
  /** Days before the reference date the project ended (blocked location). */
  endedDaysAgo?: number;
  /** Relative activity (orders per month). */
  activity: number;
  workAddresses: {
    code: string;
    name: string;
    street: string;
    postcode: string;
    contact: string;
    phone: string;
  }[];
}

export const locationSpecs: LocationSpec[] = [
  {
    locationNo: 'P-24001',
    customerNo: 'K-10045',
    description: 'Nieuwbouw 48 woningen Leidsche Rijn',
    street: 'Langerakbaan 220',
    postcode: '3544 MB',
    city: 'Utrecht',
    projectNumber: 'VD-2024-118',
    depotNo: 'D-UTR',
    startedDaysAgo: 182,
    activity: 1.4,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Bouwterrein hoofdingang',
        street: 'Langerakbaan 220',
        postcode: '3544 MB',
        contact: 'Jeroen de Wit',
        phone: '06 12 34 56 01',
      },
      {
        code: 'WA02',
        name: 'Bouwveld fase 2 (Hoge Woerd)',
        street: 'Hoge Woerdlaan 2',
        postcode: '3544 MC',
        contact: 'Jeroen de Wit',
        phone: '06 12 34 56 01',
      },
    ],
  },
  {
    locationNo: 'P-24002',
    customerNo: 'K-10045',
    description: 'Renovatie basisschool De Regenboog',
    street: 'Schothorsterlaan 41',
    postcode: '3822 NA',
    city: 'Amersfoort',
    projectNumber: 'VD-2024-131',
    depotNo: 'D-UTR',
    startedDaysAgo: 150,
    activity: 0.8,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Schoolplein (ingang Bisschopsweg)',
        street: 'Schothorsterlaan 41',
        postcode: '3822 NA',
        contact: 'Sanne Vermeulen',
        phone: '06 12 34 56 02',
      },
    ],
  },
  {
    locationNo: 'P-24003',
    customerNo: 'K-10045',
    description: 'Appartementencomplex Het Baken',
    street: 'Stadsplein 1',
    postcode: '3431 LZ',
    city: 'Nieuwegein',
    projectNumber: 'VD-2024-140',
    depotNo: 'D-UTR',
    startedDaysAgo: 170,
    activity: 1.2,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Bouwplaats Stadsplein',
        street: 'Stadsplein 1',
        postcode: '3431 LZ',
        contact: 'Mark Hendriks',
        phone: '06 12 34 56 03',
      },
      {
        code: 'WA02',
        name: 'Laad- en losplaats Raadstede',
        street: 'Raadstede 10',
        postcode: '3431 HA',
        contact: 'Mark Hendriks',
        phone: '06 12 34 56 03',
      },
    ],
  },
  {
    locationNo: 'P-24004',
    customerNo: 'K-10045',
    description: 'Bedrijfshal distributiecentrum Houten',
    street: 'Meidoornkade 24',
    postcode: '3992 AE',
    city: 'Houten',
    projectNumber: 'VD-2025-007',
    depotNo: 'D-UTR',
    startedDaysAgo: 120,
    activity: 1.0,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Bouwterrein kavel 12',
        street: 'Meidoornkade 24',
        postcode: '3992 AE',
        contact: 'Ilse Bos',
        phone: '06 12 34 56 04',
      },
    ],
  },
  {
    locationNo: 'P-24005',
    customerNo: 'K-10045',
    description: 'Transformatie kantoor naar 60 appartementen',
    street: 'Europalaan 40',
    postcode: '3526 KS',
    city: 'Utrecht',
    projectNumber: 'VD-2025-019',
    depotNo: 'D-UTR',
    startedDaysAgo: 95,
    activity: 0.9,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Europalaan (laadperron)',
        street: 'Europalaan 40',
        postcode: '3526 KS',
        contact: 'Tim van Leeuwen',
        phone: '06 12 34 56 05',
      },
    ],
  },
  {
    locationNo: 'P-24006',
    customerNo: 'K-10045',
    description: 'Zorgcentrum De Linde uitbreiding',
    street: 'Laan van Vollenhove 3',
    postcode: '3706 AM',
    city: 'Zeist',
    projectNumber: 'VD-2025-024',
    depotNo: 'D-BRE',
    startedDaysAgo: 70,
    activity: 0.7,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Bouwplaats achterzijde',
        street: 'Laan van Vollenhove 3',
        postcode: '3706 AM',
        contact: 'Fatima el Amrani',
        phone: '06 12 34 56 06',
      },
    ],
  },
  {
    locationNo: 'P-24007',
    customerNo: 'K-10045',
    description: 'Parkeergarage Stationsgebied (opgeleverd)',
    street: 'Stationsplein 50',
    postcode: '3818 LE',
    city: 'Amersfoort',
    projectNumber: 'VD-2023-204',
    depotNo: 'D-UTR',
    blocked: true,
    startedDaysAgo: 185,
    endedDaysAgo: 35,
    activity: 0.8,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Inrit parkeergarage',
        street: 'Stationsplein 50',
        postcode: '3818 LE',
        contact: 'Kees Kramer',
        phone: '06 12 34 56 07',
      },
    ],
  },
  {
    locationNo: 'P-24008',
    customerNo: 'K-10112',
    description: 'Reconstructie N381 Drachten',
    street: 'N381 hmp 12,4',
    postcode: '9201 AA',
    city: 'Drachten',
    projectNumber: 'IN-24-0312',
    depotNo: 'D-GRO',
    startedDaysAgo: 178,
    activity: 1.5,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Werkvak 1 – keet bij afrit 27',
        street: 'Wetterwille 2',
        postcode: '9201 AA',
        contact: 'Sjoerd Hoekstra',
        phone: '06 23 45 67 01',
      },
      {
        code: 'WA02',
        name: 'Werkvak 2 – Donkerbroek',
        street: 'Hoofdweg 101',
        postcode: '8435 KA',
        contact: 'Sjoerd Hoekstra',
        phone: '06 23 45 67 01',
      },
    ],
  },
  {
    locationNo: 'P-24009',
    customerNo: 'K-10112',
    description: 'Vervanging kademuren Thorbeckegracht',
    street: 'Thorbeckegracht 28',
    postcode: '8011 VM',
    city: 'Zwolle',
    projectNumber: 'IN-24-0355',
    depotNo: 'D-ZWO',
    startedDaysAgo: 160,
    activity: 1.1,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Kade noordzijde',
        street: 'Thorbeckegracht 28',
        postcode: '8011 VM',
        contact: 'Anouk Postma',
        phone: '06 23 45 67 02',
      },
    ],
  },
  {
    locationNo: 'P-24010',
    customerNo: 'K-10112',
    description: 'Riolering en herinrichting Assen-Oost',
    street: 'Weiersstraat 60',
    postcode: '9401 EK',
    city: 'Assen',
    projectNumber: 'IN-25-0021',
    depotNo: 'D-GRO',
    startedDaysAgo: 110,
    activity: 1.2,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Weiersstraat (fase 1)',
        street: 'Weiersstraat 60',
        postcode: '9401 EK',
        contact: 'Henk Mulder',
        phone: '06 23 45 67 03',
      },
      {
        code: 'WA02',
        name: 'Mr. Groenlaan (fase 2)',
        street: 'Mr. Groenlaan 4',
        postcode: '9401 EL',
        contact: 'Henk Mulder',
        phone: '06 23 45 67 03',
      },
    ],
  },
  {
    locationNo: 'P-24011',
    customerNo: 'K-10112',
    description: 'Fietsbrug Van Harinxmakanaal',
    street: 'Harlingerstraatweg 90',
    postcode: '8914 AZ',
    city: 'Leeuwarden',
    projectNumber: 'IN-25-0040',
    depotNo: 'D-GRO',
    startedDaysAgo: 85,
    activity: 0.8,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Landhoofd zuid',
        street: 'Harlingerstraatweg 90',
        postcode: '8914 AZ',
        contact: 'Wietske de Boer',
        phone: '06 23 45 67 04',
      },
    ],
  },
  {
    locationNo: 'P-24012',
    customerNo: 'K-10112',
    description: 'Glasvezel- en kabeltracé Emmen',
    street: 'Hondsrugweg 15',
    postcode: '7811 EA',
    city: 'Emmen',
    projectNumber: 'IN-25-0057',
    depotNo: 'D-ZWO',
    startedDaysAgo: 60,
    activity: 0.9,
    workAddresses: [
      {
        code: 'WA01',
        name: 'Opslagterrein Hondsrugweg',
        street: 'Hondsrugweg 15',
        postcode: '7811 EA',
        contact: 'Ruben Smit',
        phone: '06 23 45 67 05',
      },
    ],
  },
];

export interface UserSpec {
  email: string;
  name: string;
  kind: 'internal' | 'external';
  role: 'user' | 'admin';
  customerNo: string | null;
  language: string;
  phone?: string;
  permissions?: string[];
  disabled?: boolean;
  memberships: { locationNo: string; role: 'user' | 'administration' }[];
  /** Listed in demoLogins (printed at start and in the README). */
  login?: string;
}

const all1 = ['P-24001', 'P-24002', 'P-24003', 'P-24004', 'P-24005', 'P-24006', 'P-24007'];
const all2 = ['P-24008', 'P-24009', 'P-24010', 'P-24011', 'P-24012'];

export const userSpecs: UserSpec[] = [
  {
    email: 'admin@materieelportaal.nl',
    name: 'Annemiek Beheerder',
    kind: 'internal',
    role: 'admin',
    customerNo: null,
    language: 'nl-NL',
    phone: '030 241 88 01',
    memberships: [],
    login: 'Beheerder (admin): instellingen, content, gebruikers, alle aanvragen',
  },
  {
    email: 'materieeldienst@materieelportaal.nl',
    name: 'Ruud Planner',
    kind: 'internal',
    role: 'user',
    customerNo: null,
    language: 'en-US',
    phone: '030 241 88 20',
    permissions: ['department'],
    memberships: [],
    login: "Equipment department (English): plans and executes every customer's requests, runs the invoicing",
  },
  {
    email: 'uitvoerder@vandijk.nl',
    name: 'Jeroen de Wit',
    kind: 'internal',
    role: 'user',
    customerNo: 'K-10045',
    language: 'nl-NL',
    phone: '06 12 34 56 01',
    memberships: ['P-24001', 'P-24002', 'P-24003', 'P-24004', 'P-24007'].map((n) => ({
      locationNo: n,
      role: 'user' as const,
    })),
    login: 'Uitvoerder Van Dijk (intern) op 5 locaties, waarvan 1 geblokkeerd',
  },
  {
    email: 'projectleider@infranoord.nl',
    name: 'Sjoerd Hoekstra',
    kind: 'external',
    role: 'user',
    customerNo: 'K-10112',
    language: 'en-US',
    phone: '06 23 45 67 01',
    memberships: all2.map((n) => ({ locationNo: n, role: 'user' as const })),
    login: 'Project leader Infra Noord (external, English) on all 5 locations',
  },
  {
    email: 'administratie@vandijk.nl',
    name: 'Petra Jansen',
    kind: 'internal',
    role: 'user',
    customerNo: 'K-10045',
    language: 'nl-NL',
    phone: '030 288 40 12',
    memberships: [{ locationNo: 'P-24001', role: 'administration' }],
    login: 'Administratie Van Dijk: alleen lezen op P-24001',
  },
  {
    email: 'directie@vandijk.nl',
    name: 'Willem van Dijk',
    kind: 'internal',
    role: 'user',
    customerNo: 'K-10045',
    language: 'nl-NL',
    phone: '030 288 40 01',
    permissions: ['management', 'AppRapportage'],
    memberships: all1.map((n) => ({ locationNo: n, role: 'user' as const })),
    login: 'Directie Van Dijk: klachtenoverzicht directie en rapportages',
  },
  {
    email: 'm.hendriks@vandijk.nl',
    name: 'Mark Hendriks',
    kind: 'internal',
    role: 'user',
    customerNo: 'K-10045',
    language: 'nl-NL',
    memberships: ['P-24003', 'P-24004', 'P-24005', 'P-24006'].map((n) => ({
      locationNo: n,
      role: 'user' as const,
    })),
  },
  {
    email: 'a.postma@infranoord.nl',
    name: 'Anouk Postma',
    kind: 'external',
    role: 'user',
    customerNo: 'K-10112',
    language: 'nl-NL',
    memberships: ['P-24009', 'P-24012'].map((n) => ({ locationNo: n, role: 'user' as const })),
  },
  {
    email: 'sleutel@infranoord.nl',
    name: 'Femke de Boer',
    kind: 'external',
    role: 'user',
    customerNo: 'K-10112',
    language: 'nl-NL',
    phone: '06 23 45 67 09',
    permissions: ['keyuser'],
    memberships: [{ locationNo: 'P-24008', role: 'user' }],
    login: 'Key user Infra Noord: beheert de gebruikers van Infra Noord (decision 0023)',
  },
  {
    email: 'k.kramer@vandijk.nl',
    name: 'Kees Kramer',
    kind: 'internal',
    role: 'user',
    customerNo: 'K-10045',
    language: 'nl-NL',
    disabled: true,
    memberships: [{ locationNo: 'P-24007', role: 'user' }],
  },
];

export interface SetSpec {
  setNo: string;
  name: Text;
  lines: {
    itemNo?: string;
    setNo?: string;
    amount: number;
    children?: { itemNo: string; amount: number }[];
  }[];
}

export const setSpecs: SetSpec[] = [
  {
    setNo: 'SET-001',
    name: t('Afzetting 100 m', 'Fencing 100 m', 'Clôture 100 m', 'Absperrung 100 m'),
    lines: [
      { itemNo: 'BH-1001', amount: 29 },
      { itemNo: 'BHA-1001', amount: 30 },
      { itemNo: 'BHA-1003', amount: 29 },
      { itemNo: 'BHA-1004', amount: 6 },
      { itemNo: 'BHA-1005', amount: 1 },
    ],
  },
  {
    setNo: 'SET-002',
    name: t(
      'Bouwplaatsinrichting klein',
      'Site setup small',
      'Installation de chantier petite',
      'Baustelleneinrichtung klein',
    ),
    lines: [
      { itemNo: 'SK-1010', amount: 1 },
      {
        itemNo: 'AG-1006',
        amount: 1,
        children: [
          { itemNo: 'SV-1001', amount: 1 },
          { itemNo: 'KB-1003', amount: 2 },
        ],
      },
      { itemNo: 'OC-1004', amount: 1 },
      { itemNo: 'AC-1005', amount: 1 },
      { setNo: 'SET-001', amount: 1 },
    ],
  },
  {
    setNo: 'SET-003',
    name: t(
      'Bouwplaatsinrichting groot',
      'Site setup large',
      'Installation de chantier grande',
      'Baustelleneinrichtung groß',
    ),
    lines: [
      { itemNo: 'KU-1006', amount: 2 },
      { itemNo: 'SK-1014', amount: 1 },
      { itemNo: 'SU-1004', amount: 1 },
      { itemNo: 'SV-1009', amount: 1 },
      { itemNo: 'SV-1003', amount: 2 },
      { itemNo: 'OC-1005', amount: 2 },
      { itemNo: 'AC-1013', amount: 1 },
      { setNo: 'SET-001', amount: 3 },
    ],
  },
  {
    setNo: 'SET-004',
    name: t(
      'Verlichting werkvak',
      'Work zone lighting',
      'Éclairage de zone de travaux',
      'Arbeitsstellenbeleuchtung',
    ),
    lines: [
      { itemNo: 'LM-1001', amount: 2 },
      { itemNo: 'BL-1009', amount: 4 },
      { itemNo: 'KB-1012', amount: 4 },
      { itemNo: 'BK-1009', amount: 10 },
    ],
  },
  {
    setNo: 'SET-005',
    name: t(
      'Wegafzetting 50 km/h',
      'Road closure 50 km/h',
      'Fermeture de route 50 km/h',
      'Straßensperrung 50 km/h',
    ),
    lines: [
      { itemNo: 'VB-1032', amount: 2 },
      { itemNo: 'VB-1005', amount: 2 },
      { itemNo: 'VB-1026', amount: 2 },
      { itemNo: 'BK-1004', amount: 20, children: [{ itemNo: 'BK-1007', amount: 20 }] },
      { itemNo: 'BK-1009', amount: 8 },
      { itemNo: 'BK-1010', amount: 1 },
    ],
  },
  {
    setNo: 'SET-006',
    name: t('Bemaling sleuf', 'Trench dewatering', 'Rabattement de tranchée', 'Grabenwasserhaltung'),
    lines: [
      { itemNo: 'BM-1001', amount: 1 },
      { itemNo: 'BM-1004', amount: 40 },
      { itemNo: 'BM-1006', amount: 2 },
      { itemNo: 'BM-1009', amount: 3 },
      { itemNo: 'BM-1010', amount: 6 },
      { itemNo: 'DP-1008', amount: 1 },
    ],
  },
  {
    setNo: 'SET-007',
    name: t('Verdichting sleuf', 'Trench compaction', 'Compactage de tranchée', 'Grabenverdichtung'),
    lines: [
      { itemNo: 'TP-1002', amount: 1 },
      { itemNo: 'TS-1003', amount: 1 },
      { itemNo: 'WA-1001', amount: 1 },
    ],
  },
  {
    setNo: 'SET-008',
    name: t(
      'Stroomvoorziening 100 kVA',
      'Power supply 100 kVA',
      'Alimentation 100 kVA',
      'Stromversorgung 100 kVA',
    ),
    lines: [
      {
        itemNo: 'AG-1015',
        amount: 1,
        children: [
          { itemNo: 'SV-1005', amount: 1 },
          { itemNo: 'KB-1009', amount: 2 },
        ],
      },
      { itemNo: 'SV-1003', amount: 2 },
      { itemNo: 'KB-1007', amount: 4 },
      { itemNo: 'KB-1015', amount: 4 },
    ],
  },
  {
    setNo: 'SET-009',
    name: t(
      'Rolsteiger werkplek',
      'Mobile scaffold workstation',
      'Poste de travail échafaudage roulant',
      'Fahrgerüst-Arbeitsplatz',
    ),
    lines: [
      { itemNo: 'RS-1005', amount: 1 },
      { itemNo: 'BL-1006', amount: 2 },
      { itemNo: 'KB-1012', amount: 1 },
      { itemNo: 'LD-1005', amount: 1 },
    ],
  },
  {
    setNo: 'SET-010',
    name: t('Winterpakket bouwplaats', 'Winter package site', 'Pack hiver chantier', 'Winterpaket Baustelle'),
    lines: [
      { itemNo: 'HT-1004', amount: 2 },
      { itemNo: 'BD-1003', amount: 2 },
      { itemNo: 'BL-1004', amount: 6 },
      { itemNo: 'KB-1012', amount: 4 },
    ],
  },
  {
    setNo: 'SET-011',
    name: t('Sanitair pakket', 'Sanitary package', 'Pack sanitaire', 'Sanitärpaket'),
    lines: [
      { itemNo: 'SU-1001', amount: 1 },
      { itemNo: 'SU-1003', amount: 1 },
      { itemNo: 'SU-1009', amount: 1 },
    ],
  },
];
