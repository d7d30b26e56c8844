// What each journey changes or relies on that another journey could change. The journeys share one server and its
// demo data; e2e/run.ts runs them side by side, except two that name the same datum here: those run one after the
// other, in the order of the list below (alphabetical, the order they ran in before they ran side by side), so each
// finds the data as it always did (docs/decisions/0010, "Keeping npm test fast").
//
// A new journey is listed here (a unit test checks). It names nothing when it only makes its own data (its own
// request, complaint, user, page, location) and reads nothing another journey changes; else it names the datum, or
// a new one described in `sharedData`.

/** The data two or more journeys share, and who changes or reads it. */
export const sharedData = {
  'anonymous use':
    'the setting AllowAnonymousUsers: anonymous turns it on and off again; auth, language and not-found open pages as a visitor and expect it off',
  'banner title':
    "Home's banner title: admin-settings sets CustomTitle, admin-translations the text banner.standaard_titel (shown when CustomTitle is empty); both read the banner",
  news: 'the service messages, which are the news bell: admin-service-messages adds one for today; shell opens the first item of the bell',
  'order lists':
    "the site manager's (uitvoerder@vandijk.nl) order lists: ordering fills and orders the ones on P-24001 and P-24002, department empties and orders the one on P-24002",
  'removal lists and stock':
    "the site manager's removal lists and the stock on its four locations: removal and relocation send them, stock adds to them, idle adds the idle lines of the first location and takes them off again, department delivers and collects a plant on P-24002 and sends its removal list there",
} as const;

export type SharedDatum = keyof typeof sharedData;

/** Every journey (a file in e2e/journeys) and the shared data it changes or reads. */
export const journeyData: Record<string, readonly SharedDatum[]> = {
  'admin-categories': [],
  'admin-content-pages': [],
  'admin-corporate-identity': [],
  'admin-mail-templates': [],
  'admin-page-usage': [],
  'admin-reports': [],
  'admin-service-messages': ['news'],
  'admin-settings': ['banner title'],
  'admin-translations': ['banner title'],
  anonymous: ['anonymous use'],
  auth: ['anonymous use'],
  complaints: [],
  // reads the site manager's first location's costs; its checks hold whatever other journeys move there
  costs: [],
  department: ['order lists', 'removal lists and stock'],
  documents: [],
  // puts the idle lines of the site manager's first location on his removal list, and takes them off again at the end
  idle: ['removal lists and stock'],
  // its own portal with ERP=fake-bc: nothing of the shared server
  erp: [],
  invoices: [],
  language: ['anonymous use'],
  location: [],
  'locations-admin': [],
  'not-found': ['anonymous use'],
  // the project leader's own order list, the read-only administration user's stock; its update on a portal of its own
  offline: [],
  // its own user (directie@vandijk.nl): his removal and order lists are touched by no other journey; the plant it
  // scans is the last of its location (stock takes the first: a plant on any removal list is not available)
  'offline-queue': [],
  ordering: ['order lists'],
  orders: [],
  relocation: ['removal lists and stock'],
  removal: ['removal lists and stock'],
  search: [],
  shell: ['news'],
  stock: ['removal lists and stock'],
  transport: [],
  // its own endpoint (deleted at the end) and its own transport request on P-24004
  webhooks: [],
  users: [],
};
