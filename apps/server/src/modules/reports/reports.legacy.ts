import { locationNumber } from '@mp/contract/api/common';
import type { ReportQuery } from '@mp/contract/api/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { readReports } from './reports.service.ts';

/*
 * The legacy RPC calls of the reports (product §7): Rapportages/* — four. Each answers its part of GET Reports in the
 * old client's Dutch names, with the v2 rule: materieelLocatieNr for one location, else the customer (klantId, for
 * admins), over `maanden` months.
 */

const body = z
  .object({
    materieelLocatieNr: locationNumber.optional(),
    klantId: z.uuid().optional(),
    maanden: z.coerce.number().int().min(1).max(36).default(12),
  })
  .passthrough()
  .default({ maanden: 12 });

const query = (b: z.infer<typeof body>): ReportQuery => ({
  scope: b.materieelLocatieNr ? 'location' : 'customer',
  plantLocation: b.materieelLocatieNr,
  customerId: b.klantId,
  months: b.maanden,
});

const count = z.object({ status: z.string(), soort: z.string(), aantal: z.number() });

export function reportsLegacy(app: FastifyInstance, deps: Deps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  typed.post(
    '/api/Rapportages/GetAanvragenOpStatus',
    {
      schema: {
        tags,
        description: 'GET Reports requestsByStatus: requests per status and kind (status, soort, aantal).',
        body,
        response: { 200: z.array(count) },
      },
    },
    async (req) =>
      (await readReports(ctxOf(req, deps), query(req.body))).requestsByStatus.map((r) => ({
        status: r.status,
        soort: r.kind,
        aantal: r.count,
      })),
  );

  typed.post(
    '/api/Rapportages/GetOrdersOpStatus',
    {
      schema: {
        tags,
        description: 'GET Reports ordersByStatus: orders per status and kind (status, soort, aantal).',
        body,
        response: { 200: z.array(count) },
      },
    },
    async (req) =>
      (await readReports(ctxOf(req, deps), query(req.body))).ordersByStatus.map((r) => ({
        status: r.status,
        soort: r.kind,
        aantal: r.count,
      })),
  );

  typed.post(
    '/api/Rapportages/GetOpenIndicatoren',
    {
      schema: {
        tags,
        description:
          'GET Reports indicators: per location open requests, overdue inspections, open complaints, overdue invoices.',
        body,
        response: {
          200: z.array(
            z.object({
              materieelLocatieNr: z.string(),
              omschrijving: z.string(),
              openAanvragen: z.number(),
              verlopenKeuringen: z.number(),
              openKlachten: z.number(),
              vervallenFacturen: z.number(),
            }),
          ),
        },
      },
    },
    async (req) =>
      (await readReports(ctxOf(req, deps), query(req.body))).indicators.map((i) => ({
        materieelLocatieNr: i.locationNo,
        omschrijving: i.description,
        openAanvragen: i.openRequests,
        verlopenKeuringen: i.overdueInspections,
        openKlachten: i.openComplaints,
        vervallenFacturen: i.overdueInvoices,
      })),
  );

  typed.post(
    '/api/Rapportages/GetOpenstaandOpKosten',
    {
      schema: {
        tags,
        description:
          'GET Reports costs: per location the open documents and amounts incl. VAT (decimal strings).',
        body,
        response: {
          200: z.object({
            regels: z.array(
              z.object({
                materieelLocatieNr: z.string(),
                omschrijving: z.string(),
                aantalOpen: z.number(),
                openstaand: z.string(),
                vervallen: z.string(),
              }),
            ),
            totaalOpenstaand: z.string(),
            totaalVervallen: z.string(),
          }),
        },
      },
    },
    async (req) => {
      const r = await readReports(ctxOf(req, deps), query(req.body));
      return {
        regels: r.costs.map((c) => ({
          materieelLocatieNr: c.locationNo,
          omschrijving: c.description,
          aantalOpen: c.openDocuments,
          openstaand: c.openAmount,
          vervallen: c.overdueAmount,
        })),
        totaalOpenstaand: r.costTotals.openAmount,
        totaalVervallen: r.costTotals.overdueAmount,
      };
    },
  );
}
