// The invoices area's public face (issue #13 parts 1–3): the invoicing run, its schedule and the invoice pages.
// Everything else in this folder is private.
export { invoicesRoutes } from './invoices.routes.ts';
export { INVOICING_QUEUE, runInvoicing, startInvoicingSchedule } from './invoicing.service.ts';
