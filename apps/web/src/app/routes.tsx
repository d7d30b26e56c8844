import { MIN_SEARCH_LENGTH } from '@mp/contract/rules/quick-search';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { prefetchQueue } from '../features/requests/api/department';
import { paths } from '../shared/lib/paths';
import type { Crumb, OpensFor, RouteAccess, RouteHandle } from '../shared/lib/route-handle';
import { isOnline } from '../shared/offline/online';
import type { Guards } from './guards';
import { loadWhenOnline, PageWhenOnline } from './page-offline';

type PageModule = Record<string, unknown>;
type Load = () => Promise<PageModule>;

/** A lazily loaded page: the module (one chunk per feature area) and the component's export name. */
interface Page {
  load: Load;
  component: string;
}

export interface RouteDef {
  name: string;
  path: string;
  access: RouteAccess;
  titleKey: string;
  page: Page;
  /** The route whose page is one level up in the breadcrumb (Home is always first). */
  parent?: string;
  /** Only for some users (the page answers no access to the others): its crumb is left out for them. */
  opensFor?: OpensFor;
  banner?: 'large' | 'small';
  /** An extra check after the guard (e.g. Zoeken's minimum term length). */
  loader?: (args: LoaderFunctionArgs) => Response | null;
  /** Starts reading the page's data once the guard lets it through, while the page's code loads and renders. */
  prefetch?: (queryClient: QueryClient, url: URL) => void;
}

// One chunk per feature area, the landing pages (Home, Inloggen) too: the shell never loads a page it does not show,
// and App.tsx starts the first page's chunk while the app boots (issue #36: the byte budget per page).
const auth = {
  login: () => import('../features/auth/pages/LoginPage'),
  external: () => import('../features/auth/pages/ExternalLoginPage'),
  register: () => import('../features/auth/pages/RegisterPage'),
  forgot: () => import('../features/auth/pages/ForgotPasswordPage'),
  reset: () => import('../features/auth/pages/ResetPasswordPage'),
  change: () => import('../features/auth/pages/ChangePasswordPage'),
  unsubscribe: () => import('../features/auth/pages/UnsubscribeIdleDigestPage'),
};
const home = () => import('../features/home/pages/HomePage');
const content = () => import('../features/content/pages/ContentPage');
const notFound = () => import('../features/content/pages/NotFoundPage');
const search = () => import('../features/search/pages/SearchPage');
// the catalogue's pages each on their own: a list does not load the details page, and the other way round
const catalogueList = () => import('../features/catalogue/pages/CatalogusPage');
const catalogueAll = () => import('../features/catalogue/pages/MaterieelPage');
const details = () => import('../features/catalogue/pages/DetailsPage');
const sets = () => import('../features/catalogue/pages/SetPages');
const orderLists = () => import('../features/order-lists/pages/OrderListPages');
// the overview of several lists apart from the list itself (its menus and dialogs)
const orderListsOverview = () => import('../features/order-lists/pages/BestellijstenPage');
// the order wizard apart: the list page does not load its form rules (and zod) with it
const orderWizard = () => import('../features/order-lists/pages/WizardPages');
// the list apart from the removal wizard (its form rules, zod and the date picker)
const removalList = () => import('../features/removal-list/pages/AfvoerlijstPage');
const removal = () => import('../features/removal-list/pages/RemovalPages');
const relocation = () => import('../features/removal-list/pages/RelocationPages');
const stock = () => import('../features/stock/pages/StockPages');
const stockDetails = () => import('../features/stock/pages/StockDetailPages');
const stockOverviews = () => import('../features/stock/pages/StockOverviewPages');
const transport = () => import('../features/transport/pages/TransportPages');
const scan = () => import('../features/stock/pages/ScanPages');
const orders = () => import('../features/orders/pages/OrderPages');
const requests = () => import('../features/requests/pages/RequestPages');
const department = () => import('../features/requests/pages/DepartmentPages');
const invoices = () => import('../features/invoices/pages/InvoicePages');
const costs = () => import('../features/costs/pages/CostPages');
const documents = () => import('../features/documents/pages/DocumentPages');
const complaints = () => import('../features/complaints/pages/ComplaintPages');
const departmentComplaints = () => import('../features/complaints/pages/DepartmentComplaintPages');
const favourites = () => import('../features/favourites/pages/FavouritesPage');
const locations = () => import('../features/locations/pages/LocationPages');
const admin = () => import('../features/admin/pages/AdminPages');
const reports = () => import('../features/admin/pages/ReportPages');
const users = () => import('../features/users/pages/UserPages');
const webhooks = () => import('../features/webhooks/pages/WebhooksPage');

const p = (load: Load, component: string): Page => ({ load, component });
const r = (
  name: string,
  path: string,
  access: RouteAccess,
  page: Page,
  extra: Partial<RouteDef> = {},
): RouteDef => ({
  name,
  path,
  access,
  page,
  titleKey: `routes.${name}`,
  ...extra,
});

const minTermLength = ({ params }: LoaderFunctionArgs) =>
  (params.term ?? '').trim().length < MIN_SEARCH_LENGTH ? redirect(paths.home.to()) : null;

/** Every route of product §2 with its access rule (open, auth, settings data) and its lazy page. */
export const routeTable: RouteDef[] = [
  r('Home', paths.home.pattern, 'settings-data', p(home, 'HomePage'), { banner: 'large' }),
  r('ExternalLogin', paths.externalLogin.pattern, 'open', p(auth.external, 'ExternalLoginPage')),
  r('ContentPage', paths.contentPage.pattern, 'settings-data', p(content, 'ContentPage')),
  r('GebruikerAanmaken', paths.gebruikerAanmaken.pattern, 'auth', p(users, 'GebruikerAanmakenPage'), {
    parent: 'Gebruikers',
  }),
  r('PaginaGebruik', paths.paginaGebruik.pattern, 'auth', p(reports, 'PaginaGebruikPage'), {
    parent: 'Settings',
  }),
  r('Rapportages', paths.rapportages.pattern, 'auth', p(reports, 'RapportagesPage'), { parent: 'Settings' }),
  r('Registreren', paths.registreren.pattern, 'open', p(auth.register, 'RegisterPage')),
  r('WachtwoordVergeten', paths.wachtwoordVergeten.pattern, 'open', p(auth.forgot, 'ForgotPasswordPage')),
  r('WachtwoordResetten', paths.wachtwoordResetten.pattern, 'open', p(auth.reset, 'ResetPasswordPage')),
  r('WachtwoordWijzigen', paths.wachtwoordWijzigen.pattern, 'auth', p(auth.change, 'ChangePasswordPage')),
  r(
    'StilstandAfmelden',
    paths.stilstandAfmelden.pattern,
    'open',
    p(auth.unsubscribe, 'UnsubscribeIdleDigestPage'),
  ),
  r('Favorieten', paths.favorieten.pattern, 'auth', p(favourites, 'FavorietenPage')),
  r('LocatieDocumenten', paths.locatieDocumenten.pattern, 'auth', p(documents, 'LocatieDocumentenPage'), {
    parent: 'Locatie',
  }),
  r('Sets', paths.sets.pattern, 'settings-data', p(sets, 'SetsPage')),
  r('Set', paths.set.pattern, 'settings-data', p(sets, 'SetPage'), { parent: 'Sets' }),
  r('Inloggen', paths.inloggen.pattern, 'open', p(auth.login, 'LoginPage')),
  r('Materieel', paths.materieel.pattern, 'settings-data', p(catalogueAll, 'MaterieelPage')),
  r('Facturen', paths.facturen.pattern, 'auth', p(invoices, 'FacturenPage')),
  r('Kosten', paths.kosten.pattern, 'auth', p(costs, 'KostenPage'), { parent: 'Locatie' }),
  r('Afvoerlijst', paths.afvoerlijst.pattern, 'auth', p(removalList, 'AfvoerlijstPage')),
  r('Locatie', paths.locatie.pattern, 'auth', p(locations, 'LocatiePage')),
  r('Bestellijst', paths.bestellijst.pattern, 'auth', p(orderLists, 'BestellijstPage')),
  r('Bestellijsten', paths.bestellijsten.pattern, 'auth', p(orderListsOverview, 'BestellijstenPage')),
  r('Details', paths.details.pattern, 'settings-data', p(details, 'DetailsPage'), { parent: 'Materieel' }),
  r('Zoeken', paths.zoeken.pattern, 'settings-data', p(search, 'SearchPage'), { loader: minTermLength }),
  r('Catalogus', paths.catalogus.pattern, 'settings-data', p(catalogueList, 'CatalogusPage'), {
    parent: 'Materieel',
  }),
  r('Materieelvoorraad', paths.materieelvoorraad.pattern, 'auth', p(stock, 'MaterieelvoorraadPage')),
  r('MaterieelScannen', paths.materieelScannen.pattern, 'auth', p(scan, 'ScanPage'), {
    parent: 'Materieelvoorraad',
  }),
  r('MaterieelLabels', paths.materieelLabels.pattern, 'auth', p(scan, 'LabelsPage'), {
    parent: 'Materieelvoorraad',
  }),
  r(
    'MaterieelvoorraadDetails',
    paths.materieelvoorraadDetails.pattern,
    'settings-data',
    p(stockDetails, 'MaterieelvoorraadDetailsPage'),
    {
      parent: 'Materieelvoorraad',
    },
  ),
  r('Voorraadverloop', paths.voorraadverloop.pattern, 'auth', p(stockDetails, 'VoorraadverloopPage'), {
    parent: 'Materieelvoorraad',
  }),
  r(
    'AlleMaterieelvoorraad',
    paths.alleMaterieelvoorraad.pattern,
    'auth',
    p(stockOverviews, 'AlleMaterieelvoorraadPage'),
  ),
  r(
    'Materieelkeuringen',
    paths.materieelkeuringen.pattern,
    'auth',
    p(stockOverviews, 'MaterieelkeuringenPage'),
  ),
  r('LocatieAanmaken', paths.locatieAanmaken.pattern, 'auth', p(locations, 'LocatieAanmakenPage'), {
    parent: 'Locatie',
  }),
  r('LocatieAanvragen', paths.locatieAanvragen.pattern, 'auth', p(locations, 'LocatieAanvragenPage'), {
    parent: 'Locatie',
  }),
  r(
    'LocatieAanvragenVoltooid',
    paths.locatieAanvragenVoltooid.pattern,
    'auth',
    p(locations, 'LocatieAanvragenVoltooidPage'),
    {
      parent: 'LocatieAanvragen',
      titleKey: 'routes.LocatieAanvragen',
    },
  ),
  r('LocatieAfmelden', paths.locatieAfmelden.pattern, 'auth', p(locations, 'LocatieAfmeldenPage'), {
    parent: 'Locatie',
  }),
  r(
    'MaterieelZoekenLocaties',
    paths.materieelZoekenLocaties.pattern,
    'auth',
    p(stockOverviews, 'MaterieelZoekenLocatiesPage'),
  ),
  r('Materieelaanvragen', paths.aanvragen.pattern, 'auth', p(requests, 'AanvragenPage')),
  r('Materieeldienst', paths.materieeldienst.pattern, 'auth', p(department, 'MaterieeldienstPage'), {
    prefetch: prefetchQueue,
  }),
  r(
    'MaterieeldienstFacturatie',
    paths.materieeldienstFacturatie.pattern,
    'auth',
    p(invoices, 'FacturatiePage'),
    { parent: 'Materieeldienst' },
  ),
  r(
    'MaterieeldienstLocatieAanvragen',
    paths.materieeldienstLocatieAanvragen.pattern,
    'auth',
    p(locations, 'MaterieeldienstLocatieAanvragenPage'),
    { parent: 'Materieeldienst', titleKey: 'Locatie.aanvragen.dienst.titel' },
  ),
  r(
    'MaterieeldienstKlachten',
    paths.materieeldienstKlachten.pattern,
    'auth',
    p(departmentComplaints, 'MaterieeldienstKlachtenPage'),
    { parent: 'Materieeldienst', titleKey: 'Klachten.dienst.titel' },
  ),
  r(
    'MaterieeldienstKlacht',
    paths.materieeldienstKlacht.pattern,
    'auth',
    p(departmentComplaints, 'MaterieeldienstKlachtPage'),
    { parent: 'MaterieeldienstKlachten', titleKey: 'Klachten.dienst.titel' },
  ),
  r(
    'MaterieeldienstAanvraag',
    paths.materieeldienstAanvraag.pattern,
    'auth',
    p(department, 'MaterieeldienstAanvraagPage'),
    {
      parent: 'Materieeldienst',
      titleKey: 'routes.Materieeldienst',
    },
  ),
  r('Materieelaanvraag', paths.aanvraag.pattern, 'auth', p(requests, 'AanvraagPage'), {
    parent: 'Materieelaanvragen',
    titleKey: 'routes.Materieelaanvragen',
  }),
  r('OrdersAanvoer', paths.ordersAanvoer.pattern, 'auth', p(orders, 'OrdersAanvoerPage')),
  r('OrderAanvoer', paths.orderAanvoer.pattern, 'auth', p(orders, 'OrderDetailPage'), {
    parent: 'OrdersAanvoer',
    titleKey: 'routes.OrdersAanvoer',
  }),
  r('OrdersAfvoer', paths.ordersAfvoer.pattern, 'auth', p(orders, 'OrdersAfvoerPage')),
  r('OrderAfvoer', paths.orderAfvoer.pattern, 'auth', p(orders, 'OrderDetailPage'), {
    parent: 'OrdersAfvoer',
    titleKey: 'routes.OrdersAfvoer',
  }),
  r(
    'OrdersNaarVerplaatsing',
    paths.ordersNaarVerplaatsing.pattern,
    'auth',
    p(orders, 'OrdersNaarVerplaatsingPage'),
  ),
  r('OrderNaarVerplaatsing', paths.orderNaarVerplaatsing.pattern, 'auth', p(orders, 'OrderDetailPage'), {
    parent: 'OrdersNaarVerplaatsing',
    titleKey: 'routes.OrdersNaarVerplaatsing',
  }),
  r(
    'OrdersVanVerplaatsing',
    paths.ordersVanVerplaatsing.pattern,
    'auth',
    p(orders, 'OrdersVanVerplaatsingPage'),
  ),
  r('OrderVanVerplaatsing', paths.orderVanVerplaatsing.pattern, 'auth', p(orders, 'OrderDetailPage'), {
    parent: 'OrdersVanVerplaatsing',
    titleKey: 'routes.OrdersVanVerplaatsing',
  }),
  // administrators only (AdminGate); the pages below it that others open too (reports, page usage, corporate
  // identity) show their breadcrumb without it for those others
  r('Settings', paths.settings.pattern, 'auth', p(admin, 'SettingsPage'), { opensFor: (u) => u.isAdmin }),
  r('ContentPaginasBeheer', paths.contentPaginasBeheer.pattern, 'auth', p(admin, 'ContentPaginasPage'), {
    parent: 'Settings',
  }),
  r('ContentPaginaBeheer', paths.contentPaginaBeheer.pattern, 'auth', p(admin, 'ContentPaginaPage'), {
    parent: 'ContentPaginasBeheer',
    titleKey: 'routes.ContentPaginasBeheer',
  }),
  r('CorporateIdentity', paths.corporateIdentity.pattern, 'auth', p(admin, 'CorporateIdentityPage'), {
    parent: 'Settings',
  }),
  r('ServiceMessagesBeheer', paths.serviceMessagesBeheer.pattern, 'auth', p(admin, 'ServiceMessagesPage'), {
    parent: 'Settings',
  }),
  r('MailTemplates', paths.mailTemplates.pattern, 'auth', p(admin, 'MailTemplatesPage'), {
    parent: 'Settings',
  }),
  r('Zoeksynoniemen', paths.zoeksynoniemen.pattern, 'auth', p(admin, 'SearchSynonymsPage'), {
    parent: 'Settings',
  }),
  r('Koppelingen', paths.koppelingen.pattern, 'auth', p(admin, 'ErpConnectionsPage'), {
    parent: 'Settings',
    // admins and BusinessCentral holders (decision 0027); the Settings crumb only for admins
    opensFor: (u) => u.isAdmin || u.canErp === true,
  }),
  r('Categories', paths.categories.pattern, 'auth', p(admin, 'CategoriesPage'), { parent: 'Settings' }),
  r('CategorieVerwijderen', paths.categorieVerwijderen.pattern, 'auth', p(admin, 'CategoryDeletePage'), {
    parent: 'Categories',
  }),
  // admins and key users (decision 0023): no Settings parent, a key user does not reach the settings
  r('Gebruikers', paths.gebruikers.pattern, 'auth', p(users, 'GebruikersPage')),
  // admins and key users (decision 0032), like Gebruikers
  r('Webhooks', paths.webhooks.pattern, 'auth', p(webhooks, 'WebhooksPage'), {
    opensFor: (u) => u.isAdmin || u.isKeyUser === true,
  }),
  r(
    'GebruikersImporteren',
    paths.gebruikersImporteren.pattern,
    'auth',
    p(users, 'GebruikersImporterenPage'),
    {
      parent: 'Gebruikers',
    },
  ),
  r('LocatieGegevens', paths.locatieGegevens.pattern, 'auth', p(locations, 'LocatieGegevensPage'), {
    parent: 'Locatie',
  }),
  r('AfvoerenGegevens', paths.afvoerenGegevens.pattern, 'auth', p(removal, 'AfvoerenGegevensPage'), {
    parent: 'Afvoerlijst',
    titleKey: 'routes.Afvoeren',
  }),
  r('AfvoerenAfronden', paths.afvoerenAfronden.pattern, 'auth', p(removal, 'AfvoerenAfrondenPage'), {
    parent: 'Afvoerlijst',
    titleKey: 'routes.Afvoeren',
  }),
  r('AfvoerenVoltooid', paths.afvoerenVoltooid.pattern, 'auth', p(removal, 'AfvoerenVoltooidPage'), {
    parent: 'Afvoerlijst',
    titleKey: 'routes.Afvoeren',
  }),
  r(
    'VerplaatsenGegevens',
    paths.verplaatsenGegevens.pattern,
    'auth',
    p(relocation, 'VerplaatsenGegevensPage'),
    {
      parent: 'Afvoerlijst',
      titleKey: 'routes.Verplaatsen',
    },
  ),
  r(
    'VerplaatsenAfronden',
    paths.verplaatsenAfronden.pattern,
    'auth',
    p(relocation, 'VerplaatsenAfrondenPage'),
    {
      parent: 'Afvoerlijst',
      titleKey: 'routes.Verplaatsen',
    },
  ),
  r(
    'VerplaatsenVoltooid',
    paths.verplaatsenVoltooid.pattern,
    'auth',
    p(relocation, 'VerplaatsenVoltooidPage'),
    {
      parent: 'Afvoerlijst',
      titleKey: 'routes.Verplaatsen',
    },
  ),
  r('BestellenGegevens', paths.bestellenGegevens.pattern, 'auth', p(orderWizard, 'BestellenGegevensPage'), {
    parent: 'Bestellijst',
    titleKey: 'routes.Bestellen',
  }),
  r('BestellenAfronden', paths.bestellenAfronden.pattern, 'auth', p(orderWizard, 'BestellenAfrondenPage'), {
    parent: 'Bestellijst',
    titleKey: 'routes.Bestellen',
  }),
  r('BestellenVoltooid', paths.bestellenVoltooid.pattern, 'auth', p(orderWizard, 'BestellenVoltooidPage'), {
    parent: 'Bestellijst',
    titleKey: 'routes.Bestellen',
  }),
  r('TransportGegevens', paths.transportGegevens.pattern, 'auth', p(transport, 'TransportGegevensPage'), {
    titleKey: 'routes.TransportAanvraag',
  }),
  r('TransportAfronden', paths.transportAfronden.pattern, 'auth', p(transport, 'TransportAfrondenPage'), {
    titleKey: 'routes.TransportAanvraag',
  }),
  r('TransportVoltooid', paths.transportVoltooid.pattern, 'auth', p(transport, 'TransportVoltooidPage'), {
    titleKey: 'routes.TransportAanvraag',
  }),
  r('ExitOrders', paths.exitOrders.pattern, 'auth', p(orders, 'ExitOrdersPage')),
  r('ExitOrder', paths.exitOrder.pattern, 'auth', p(orders, 'ExitOrderPage'), {
    parent: 'ExitOrders',
    titleKey: 'routes.ExitOrders',
  }),
  r('Klachten', paths.klachten.pattern, 'auth', p(complaints, 'KlachtenPage')),
  r('KlachtenAanmaken', paths.klachtenAanmaken.pattern, 'auth', p(complaints, 'KlachtenAanmakenPage'), {
    parent: 'Klachten',
  }),
  r('KlachtenOverzicht', paths.klachtenOverzicht.pattern, 'auth', p(complaints, 'KlachtenOverzichtPage'), {
    parent: 'Klachten',
  }),
  r(
    'KlachtenOverzichtDirectie',
    paths.klachtenOverzichtDirectie.pattern,
    'auth',
    p(complaints, 'KlachtenOverzichtDirectiePage'),
    {
      parent: 'Klachten',
    },
  ),
  r('KlachtDetails', paths.klachtDetails.pattern, 'auth', p(complaints, 'KlachtDetailsPage'), {
    parent: 'Klachten',
  }),
  r('Translations', paths.translations.pattern, 'auth', p(admin, 'TranslationsPage'), { parent: 'Settings' }),
  r('NotFound', paths.notFound.pattern, 'open', p(notFound, 'NotFoundPage')),
];

const byName = new Map(routeTable.map((d) => [d.name, d]));

/** The breadcrumb above a route: Home, then each parent (a parent with parameters has no link of its own). */
export function crumbsOf(def: RouteDef): Crumb[] {
  if (def.name === 'Home') return [];
  const chain: Crumb[] = [];
  let parent = def.parent ? byName.get(def.parent) : undefined;
  while (parent) {
    if (!parent.path.includes(':') || parent.path.endsWith('?')) {
      const to = parent.path.replace(/\/:[^/]+\?$/, '');
      chain.unshift({ labelKey: parent.titleKey, to, opensFor: parent.opensFor });
    }
    parent = parent.parent ? byName.get(parent.parent) : undefined;
  }
  return [{ labelKey: 'nav.home', to: paths.home.to() }, ...chain];
}

export function handleOf(def: RouteDef): RouteHandle {
  return {
    name: def.name,
    titleKey: def.titleKey,
    access: def.access,
    banner: def.banner ?? 'small',
    crumbs: crumbsOf(def),
  };
}

/**
 * The route objects for createBrowserRouter: guard loader per access rule (then the route's prefetch, with a query
 * client), lazy page component.
 */
export function toRouteObjects(guards: Guards, queryClient?: QueryClient): RouteObject[] {
  const routes: RouteObject[] = routeTable.map((def) => {
    const guard =
      def.access === 'auth'
        ? guards.auth
        : def.access === 'settings-data'
          ? guards.settingsData
          : guards.open;
    return {
      path: def.path,
      handle: handleOf(def),
      loader: async (args: LoaderFunctionArgs) => {
        const refused = await guard(args);
        if (refused) return refused;
        if (queryClient) def.prefetch?.(queryClient, new URL(args.request.url));
        return def.loader?.(args) ?? null;
      },
      lazy: async () => {
        const component = async () => (await def.page.load())[def.page.component] as ComponentType;
        try {
          return { Component: await component() };
        } catch (e) {
          // offline the page's code may not be on the phone (no service worker): it says so and comes with reception;
          // online a failed load is a new version (the error page asks to reload)
          if (isOnline()) throw e;
          return { element: <PageWhenOnline page={loadWhenOnline(component)} /> };
        }
      },
    };
  });
  // Any unknown path goes to NotFound.
  routes.push({ path: '*', loader: () => redirect(paths.notFound.to()) });
  return routes;
}
