/**
 * Every path of product §2, for links (`paths.details.to(id)`) and for the route table (`paths.details.pattern`).
 * Parameters are encoded; a missing required parameter is a programming error (product §5).
 */

const enc = (name: string, value: string | number | null | undefined): string => {
  if (value === null || value === undefined || value === '')
    throw new Error(`The parameter ${name} must be defined.`);
  return encodeURIComponent(String(value));
};

const fixed = <P extends string>(pattern: P) => ({ pattern, to: () => pattern });

/** A wizard's done page: the address names the request just sent (`?aanvraag=`), so it can be opened again. */
const done = <P extends string>(pattern: P) => ({
  pattern,
  to: (requestId?: string) => (requestId ? `${pattern}?aanvraag=${encodeURIComponent(requestId)}` : pattern),
});

export const paths = {
  home: fixed('/'),
  externalLogin: fixed('/external-login'),
  contentPage: {
    pattern: '/content-page/:id/:locale',
    to: (id: string, locale: string) => `/content-page/${enc('id', id)}/${enc('locale', locale)}`,
  },
  gebruikerAanmaken: fixed('/gebruiker-aanmaken'),
  paginaGebruik: fixed('/pagina-gebruik'),
  rapportages: fixed('/rapportages'),
  registreren: fixed('/registreren'),
  wachtwoordVergeten: fixed('/wachtwoord-vergeten'),
  wachtwoordResetten: fixed('/wachtwoord-resetten'),
  wachtwoordWijzigen: fixed('/wachtwoord-wijzigen'),
  /** The idle digest's unsubscribe link (decision 0034): ?token= */
  stilstandAfmelden: fixed('/stilstand/afmelden'),
  favorieten: fixed('/favorieten'),
  locatieDocumenten: fixed('/locatie-documenten'),
  sets: fixed('/sets'),
  set: { pattern: '/set/:id', to: (id: string) => `/set/${enc('id', id)}` },
  inloggen: {
    pattern: '/inloggen',
    to: (redirectUrl?: string | null) =>
      redirectUrl && redirectUrl !== '/'
        ? `/inloggen?redirectUrl=${encodeURIComponent(redirectUrl)}`
        : '/inloggen',
  },
  materieel: {
    pattern: '/materieel/:category?',
    to: (category?: string) => (category ? `/materieel/${enc('category', category)}` : '/materieel'),
  },
  facturen: fixed('/facturen'),
  kosten: fixed('/kosten'),
  afvoerlijst: fixed('/afvoerlijst'),
  locatie: fixed('/locatie'),
  bestellijst: fixed('/bestellijst'),
  bestellijsten: fixed('/bestellijsten'),
  details: { pattern: '/details/:id', to: (id: string) => `/details/${enc('id', id)}` },
  zoeken: { pattern: '/zoeken/:term', to: (term: string) => `/zoeken/${enc('term', term)}` },
  catalogus: {
    pattern: '/catalogus/:category',
    to: (category: string) => `/catalogus/${enc('category', category)}`,
  },
  materieelvoorraad: fixed('/materieelvoorraad'),
  materieelvoorraadDetails: {
    pattern: '/materieelvoorraad/details/:id/:number',
    to: (id: string, number: string) =>
      `/materieelvoorraad/details/${enc('id', id)}/${enc('number', number)}`,
  },
  voorraadverloop: {
    pattern: '/voorraadverloop/:soort/:nummer',
    to: (soort: string, nummer: string) => `/voorraadverloop/${enc('soort', soort)}/${enc('nummer', nummer)}`,
  },
  alleMaterieelvoorraad: fixed('/allematerieelvoorraad'),
  materieelkeuringen: fixed('/materieelkeuringen'),
  materieelScannen: fixed('/materieelvoorraad/scannen'),
  materieelLabels: fixed('/materieelvoorraad/labels'),
  locatieAanmaken: fixed('/locatie-aanmaken'),
  locatieAanvragen: fixed('/locatie-aanvragen'),
  locatieAanvragenVoltooid: fixed('/locatie-aanvragen/voltooid'),
  locatieAfmelden: fixed('/locatie-afmelden'),
  materieelZoekenLocaties: fixed('/Materieel-Zoeken-Locaties'),
  aanvragen: fixed('/aanvragen'),
  aanvraag: { pattern: '/aanvragen/:id', to: (id: string) => `/aanvragen/${enc('id', id)}` },
  ordersAanvoer: fixed('/orders/aanvoer'),
  orderAanvoer: { pattern: '/orders/aanvoer/:id', to: (id: string) => `/orders/aanvoer/${enc('id', id)}` },
  ordersAfvoer: fixed('/orders/afvoer'),
  orderAfvoer: { pattern: '/orders/afvoer/:id', to: (id: string) => `/orders/afvoer/${enc('id', id)}` },
  ordersNaarVerplaatsing: fixed('/orders/naar-verplaatsing'),
  orderNaarVerplaatsing: {
    pattern: '/orders/naar-verplaatsing/:id',
    to: (id: string) => `/orders/naar-verplaatsing/${enc('id', id)}`,
  },
  ordersVanVerplaatsing: fixed('/orders/van-verplaatsing'),
  orderVanVerplaatsing: {
    pattern: '/orders/van-verplaatsing/:id',
    to: (id: string) => `/orders/van-verplaatsing/${enc('id', id)}`,
  },
  materieeldienst: fixed('/materieeldienst'),
  materieeldienstFacturatie: fixed('/materieeldienst/facturatie'),
  materieeldienstKlachten: fixed('/materieeldienst/klachten'),
  materieeldienstLocatieAanvragen: fixed('/materieeldienst/locatie-aanvragen'),
  materieeldienstKlacht: {
    pattern: '/materieeldienst/klachten/:id',
    to: (id: string) => `/materieeldienst/klachten/${enc('id', id)}`,
  },
  materieeldienstAanvraag: {
    pattern: '/materieeldienst/:id',
    to: (id: string) => `/materieeldienst/${enc('id', id)}`,
  },
  settings: fixed('/settings'),
  contentPaginasBeheer: fixed('/settings/content-paginas-beheer'),
  contentPaginaBeheer: {
    pattern: '/settings/content-paginas-beheer/:id/:locale',
    to: (id: string, locale: string) =>
      `/settings/content-paginas-beheer/${enc('id', id)}/${enc('locale', locale)}`,
  },
  corporateIdentity: fixed('/settings/corporate-identity'),
  mailTemplates: fixed('/settings/mail-templates'),
  zoeksynoniemen: fixed('/settings/zoeksynoniemen'),
  koppelingen: fixed('/settings/koppelingen'),
  categories: fixed('/settings/categories'),
  categorieVerwijderen: fixed('/settings/categorie/verwijderen'),
  serviceMessagesBeheer: fixed('/settings/servicemeldingen'),
  gebruikers: fixed('/gebruikers'),
  gebruikersImporteren: fixed('/gebruikers-importeren'),
  webhooks: fixed('/webhooks'),
  locatieGegevens: fixed('/locatie-gegevens'),
  afvoerenGegevens: fixed('/Afvoeren/gegevens'),
  afvoerenAfronden: fixed('/afvoeren/afronden'),
  afvoerenVoltooid: done('/afvoeren/voltooid'),
  verplaatsenGegevens: fixed('/verplaatsen/gegevens'),
  verplaatsenAfronden: fixed('/verplaatsen/afronden'),
  verplaatsenVoltooid: done('/verplaatsen/voltooid'),
  bestellenGegevens: fixed('/bestellen/gegevens'),
  bestellenAfronden: fixed('/bestellen/afronden'),
  bestellenVoltooid: done('/bestellen/voltooid'),
  transportGegevens: fixed('/transport-aanvraag/gegevens'),
  transportAfronden: fixed('/transport-aanvraag/afronden'),
  transportVoltooid: done('/transport-aanvraag/voltooid'),
  exitOrders: fixed('/exitorders'),
  exitOrder: { pattern: '/exitorders/:id', to: (id: string) => `/exitorders/${enc('id', id)}` },
  klachten: fixed('/klachten'),
  klachtenAanmaken: fixed('/klachten-aanmaken'),
  klachtenOverzicht: fixed('/klachten-overzicht'),
  klachtenOverzichtDirectie: fixed('/klachten-overzicht-directie'),
  klachtDetails: { pattern: '/klacht-details/:id', to: (id: string) => `/klacht-details/${enc('id', id)}` },
  translations: fixed('/translations'),
  notFound: fixed('/404'),
} as const;

export type PathName = keyof typeof paths;

/** An order's page on the customer's side by the order's kind (a transport order has none of its own). */
export function orderPath(kind: string, id: string): string | null {
  switch (kind) {
    case 'delivery':
      return paths.orderAanvoer.to(id);
    case 'removal':
      return paths.orderAfvoer.to(id);
    case 'move_to':
      return paths.orderNaarVerplaatsing.to(id);
    case 'move_from':
      return paths.orderVanVerplaatsing.to(id);
    default:
      return null;
  }
}
