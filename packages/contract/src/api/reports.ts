// Payloads of the reports (product §7 legacy Rapportages/*; v2 Reports): requests and orders by status, open
// indicators and outstanding costs, for one location or a whole customer (issue #15 part 9, decision 0024).

import { z } from 'zod';
import { locationNumber } from './common.ts';

export const reportScope = z.enum(['location', 'customer']);

const reportFields = {
  scope: reportScope.default('customer'),
  /** The location (scope location). */
  plantLocation: locationNumber.optional(),
  /** The customer (scope customer; admins pick one, anyone else has their own; empty for an admin: every customer). */
  customerId: z.uuid().optional(),
  /** Requests and orders of the last `months` months (indicators and costs are as of today). */
  months: z.coerce.number().int().min(1).max(36).default(12),
};
/** The rule across the parameters, for the API document (the service answers 422 at plantLocation without it). */
const locationScopeNamesLocation = {
  if: { properties: { scope: { const: 'location' } }, required: ['scope'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a promise
  then: { required: ['plantLocation'] },
};

/** GET /api/v2.0/Reports: which locations and how far back. */
export const reportQuery = z.object(reportFields).strict().meta(locationScopeNamesLocation);
export type ReportQuery = z.infer<typeof reportQuery>;

const statusCount = z.object({ status: z.string(), kind: z.string(), count: z.number().int() });

export const reportIndicator = z.object({
  locationNo: z.string(),
  description: z.string(),
  /** Requests submitted, in progress or planned. */
  openRequests: z.number().int(),
  /** Plants on the location whose last inspection's next due date has passed. */
  overdueInspections: z.number().int(),
  /** Complaints open or in progress. */
  openComplaints: z.number().int(),
  /** Invoices open past their due date. */
  overdueInvoices: z.number().int(),
});
export type ReportIndicator = z.infer<typeof reportIndicator>;

export const reportCost = z.object({
  locationNo: z.string(),
  description: z.string(),
  openDocuments: z.number().int(),
  /** Open invoices minus open credit memos, incl. VAT (decimal string). */
  openAmount: z.string(),
  /** The part of it past its due date. */
  overdueAmount: z.string(),
});
export type ReportCost = z.infer<typeof reportCost>;

export const reportAnswer = z.object({
  scope: reportScope,
  locationNo: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  locations: z.number().int(),
  requestsByStatus: z.array(statusCount),
  ordersByStatus: z.array(statusCount),
  indicators: z.array(reportIndicator),
  costs: z.array(reportCost),
  costTotals: z.object({ openAmount: z.string(), overdueAmount: z.string() }),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

export const reportKinds = ['requests', 'orders', 'indicators', 'costs'] as const;
/** GET /api/v2.0/Reports/export: one report as a spreadsheet. */
export const reportExportQuery = z
  .object({ ...reportFields, report: z.enum(reportKinds), format: z.enum(['xlsx', 'csv']).default('xlsx') })
  .strict()
  .meta(locationScopeNamesLocation);
