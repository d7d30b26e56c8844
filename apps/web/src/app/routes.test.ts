import { describe, expect, it } from 'vitest';
import { testQueryClient } from '../test/render';
import { createGuards } from './guards';
import { crumbsOf, routeTable, toRouteObjects } from './routes';

/** The paths of product §2, as written there (completions and sub-pages spelled out). */
const specPaths = [
  '/',
  '/external-login',
  '/content-page/:id/:locale',
  '/gebruiker-aanmaken',
  '/pagina-gebruik',
  '/rapportages',
  '/registreren',
  '/wachtwoord-vergeten',
  '/wachtwoord-resetten',
  '/wachtwoord-wijzigen',
  '/favorieten',
  '/locatie-documenten',
  '/sets',
  '/set/:id',
  '/inloggen',
  '/materieel/:category?',
  '/facturen',
  '/afvoerlijst',
  '/locatie',
  '/bestellijst',
  '/bestellijsten',
  '/details/:id',
  '/zoeken/:term',
  '/catalogus/:category',
  '/materieelvoorraad',
  '/materieelvoorraad/details/:id/:number',
  '/voorraadverloop/:soort/:nummer',
  '/allematerieelvoorraad',
  '/materieelkeuringen',
  '/locatie-aanmaken',
  '/locatie-aanvragen',
  '/locatie-aanvragen/voltooid',
  '/locatie-afmelden',
  '/Materieel-Zoeken-Locaties',
  '/aanvragen',
  '/aanvragen/:id',
  '/orders/aanvoer',
  '/orders/aanvoer/:id',
  '/orders/afvoer',
  '/orders/afvoer/:id',
  '/orders/naar-verplaatsing',
  '/orders/naar-verplaatsing/:id',
  '/orders/van-verplaatsing',
  '/orders/van-verplaatsing/:id',
  '/settings',
  '/settings/content-paginas-beheer',
  '/settings/content-paginas-beheer/:id/:locale',
  '/settings/corporate-identity',
  '/settings/mail-templates',
  '/settings/categories',
  '/settings/categorie/verwijderen',
  '/gebruikers',
  '/gebruikers-importeren',
  '/locatie-gegevens',
  '/Afvoeren/gegevens',
  '/afvoeren/afronden',
  '/afvoeren/voltooid',
  '/verplaatsen/gegevens',
  '/verplaatsen/afronden',
  '/verplaatsen/voltooid',
  '/bestellen/gegevens',
  '/bestellen/afronden',
  '/bestellen/voltooid',
  '/transport-aanvraag/gegevens',
  '/transport-aanvraag/afronden',
  '/transport-aanvraag/voltooid',
  '/exitorders',
  '/exitorders/:id',
  '/klachten',
  '/klachten-aanmaken',
  '/klachten-overzicht',
  '/klachten-overzicht-directie',
  '/klacht-details/:id',
  '/translations',
  '/404',
];

/**
 * Pages beyond product §2, each with its decision: scanning and QR labels (docs/decisions/0015), the equipment
 * department's queue and processing (docs/decisions/0018).
 */
const beyondSpec = [
  '/materieelvoorraad/scannen',
  '/materieelvoorraad/labels',
  '/materieeldienst',
  '/materieeldienst/:id',
  '/materieeldienst/facturatie',
  '/materieeldienst/klachten',
  '/materieeldienst/klachten/:id',
  // the department's queue of location requests (decision 0023)
  '/materieeldienst/locatie-aanvragen',
  '/settings/servicemeldingen',
  // the search synonyms of SynoniemCode's list (issue #31 item 20, decision 0013)
  '/settings/zoeksynoniemen',
  // the ERP connection, its sync and outbox (issue #33, decision 0027)
  '/settings/koppelingen',
  // signed webhooks for the customers' own systems (issue #37 point 4, decision 0032)
  '/webhooks',
  // the cost on site of the selected location (issue #37 point 1, decision 0033)
  '/kosten',
  // the idle digest's unsubscribe link, without signing in (issue #37 point 2, decision 0034)
  '/stilstand/afmelden',
];

const open = [
  '/external-login',
  '/registreren',
  '/wachtwoord-vergeten',
  '/wachtwoord-resetten',
  '/inloggen',
  '/404',
  '/stilstand/afmelden',
];
const settingsData = [
  '/',
  '/content-page/:id/:locale',
  '/sets',
  '/set/:id',
  '/materieel/:category?',
  '/details/:id',
  '/zoeken/:term',
  '/catalogus/:category',
  '/materieelvoorraad/details/:id/:number',
];

describe('route table', () => {
  it('holds every path of product §2 exactly once (and the few beyond it)', () => {
    const paths = routeTable.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...specPaths, ...beyondSpec].sort());
  });

  it('gives each path the access rule of the spec', () => {
    for (const r of routeTable) {
      const expected = open.includes(r.path)
        ? 'open'
        : settingsData.includes(r.path)
          ? 'settings-data'
          : 'auth';
      expect([r.path, r.access]).toEqual([r.path, expected]);
    }
  });

  it('loads every page lazily and every page module exports its component', async () => {
    for (const r of routeTable) {
      const mod = await r.page.load();
      expect([r.name, typeof mod[r.page.component]]).toEqual([r.name, 'function']);
    }
  }, 60_000);

  it('builds breadcrumbs from Home through the parents', () => {
    const byName = (n: string) => routeTable.find((r) => r.name === n)!;
    expect(crumbsOf(byName('Home'))).toEqual([]);
    expect(crumbsOf(byName('Inloggen')).map((c) => c.to)).toEqual(['/']);
    expect(crumbsOf(byName('CorporateIdentity')).map((c) => c.to)).toEqual(['/', '/settings']);
    expect(crumbsOf(byName('Catalogus')).map((c) => c.to)).toEqual(['/', '/materieel']);
    expect(crumbsOf(byName('CategorieVerwijderen')).map((c) => c.to)).toEqual([
      '/',
      '/settings',
      '/settings/categories',
    ]);
  });

  it('sends unknown paths to /404 and short search terms Home', async () => {
    const routes = toRouteObjects(createGuards(testQueryClient()));
    const catchAll = routes.at(-1)!;
    expect(catchAll.path).toBe('*');
    const res = (await (catchAll.loader as () => Response)()) as Response;
    expect(res.headers.get('location')).toBe('/404');
    const zoeken = routeTable.find((r) => r.name === 'Zoeken')!;
    const short = zoeken.loader!({ params: { term: 'a' } } as never) as Response;
    expect(short.headers.get('location')).toBe('/');
    expect(zoeken.loader!({ params: { term: 'ab' } } as never)).toBeNull();
  });
});
