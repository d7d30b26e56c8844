// Every payload module of the API, by area. The web client loads this in development and tests only, to check
// each answer against its schema (a fetcher names it: `answer: (c) => c.shell.appConfig`).
export * as auth from './auth.ts';
export * as catalogue from './catalogue.ts';
export * as common from './common.ts';
export * as complaints from './complaints.ts';
export * as customers from './customers.ts';
export * as department from './department.ts';
export * as documents from './documents.ts';
export * as favourites from './favourites.ts';
export * as images from './images.ts';
export * as invoices from './invoices.ts';
export * as locations from './locations.ts';
export * as mailTemplates from './mail-templates.ts';
export * as orderLists from './order-lists.ts';
export * as orders from './orders.ts';
export * as removal from './removal.ts';
export * as reports from './reports.ts';
export * as requests from './requests.ts';
export * as searchSynonyms from './search-synonyms.ts';
export * as sets from './sets.ts';
export * as settings from './settings.ts';
export * as shell from './shell.ts';
export * as statistics from './statistics.ts';
export * as stock from './stock.ts';
export * as translations from './translations.ts';
export * as transport from './transport.ts';
export * as users from './users.ts';
