import { calendarDay, notBefore, requireOneOf } from '@mp/contract/api/common';
import type { InvoiceDetail, InvoiceSummary } from '@mp/contract/api/invoices';
import { type Locale, translate } from '@mp/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyRows } from '../../platform/http/legacy-dto.ts';
import { fileAnswer, fileTypes } from '../../platform/http/openapi-schema.ts';
import { sendStoredFile } from '../../platform/http/send-file.ts';
import { erpPdfReader } from '../erp/index.ts';
import { getInvoice, invoicePdf, listInvoices } from './invoices.service.ts';

/*
 * The legacy RPC calls of the invoices page (product §7): MaterieelFacturen/GetFacturen (one location),
 * GetFacturenList (all the caller's locations), GetMaterieelFacturenRegels (a document's lines) and
 * DownloadFactuurDocument (its PDF). Each answers the data of its v2 twin in the old client's Dutch field names;
 * access is the v2 rule.
 */

const soort = { invoice: 'factuur', credit_memo: 'creditnota' } as const;

function invoiceDto(x: InvoiceSummary, locale: Locale) {
  return {
    id: x.id,
    factuurNummer: x.documentNo,
    soort: soort[x.kind],
    soortOmschrijving: translate(locale, `Facturen.soort.${soort[x.kind]}`),
    status: x.overdue ? 'vervallen' : x.status === 'paid' ? 'betaald' : 'open',
    statusOmschrijving: translate(locale, `Facturen.status.${x.overdue ? 'overdue' : x.status}`),
    materieelLocatieNr: x.locationNo,
    locatieOmschrijving: x.locationDescription,
    factuurDatum: x.documentDate,
    vervalDatum: x.dueDate,
    periodeVan: x.periodFrom,
    periodeTot: x.periodTo,
    valuta: x.currency,
    bedragExclBtw: x.amountExclVat,
    btwBedrag: x.vatAmount,
    bedragInclBtw: x.amountInclVat,
    uwReferentie: x.yourReference,
    gecrediteerdeFactuurNummer: x.appliesToDocumentNo,
    documentUrl: x.pdfUrl,
  };
}

const prijsEenheid = { day: 'dag', week: 'week' } as const;

const soortLine = { rental: 'huur', sale: 'verkoop', cost: 'kosten', credit: 'credit' } as const;

function linesDto(x: InvoiceDetail) {
  return {
    factuurNummer: x.documentNo,
    regels: x.lines.map((l) => ({
      regelNr: l.lineNo,
      soort: soortLine[l.kind],
      materieelSoort: l.itemNo,
      omschrijving: l.description,
      materieelNummer: l.plantNo,
      orderNummer: l.orderNo,
      periodeVan: l.periodFrom,
      periodeTot: l.periodTo,
      dagen: l.days,
      aantal: l.quantity,
      prijs: l.unitPrice,
      // what `prijs` is for (rent: a day or a week of one piece) and how many were charged; null per piece
      prijsEenheid: l.priceUnit === null ? null : prijsEenheid[l.priceUnit],
      aantalEenheden: l.unitCount,
      kortingPercentage: l.discountPercent,
      bedrag: l.amount,
    })),
    bedragExclBtw: x.amountExclVat,
    btwPercentage: x.vatPercent,
    btwBedrag: x.vatAmount,
    bedragInclBtw: x.amountInclVat,
  };
}

const filters = {
  soort: z.enum(['factuur', 'creditnota']).nullish(),
  status: z.enum(['open', 'betaald', 'vervallen']).nullish(),
  vanafDatum: calendarDay.nullish(),
  totDatum: calendarDay.nullish(),
  zoekString: z.string().trim().max(100).nullish(),
  pagina: z.number().int().min(1).max(100_000).nullish(),
  aantalPerPagina: z.number().int().min(1).max(100).nullish(),
};
const kindOf = { factuur: 'invoice', creditnota: 'credit_memo' } as const;
const statusOf = { open: 'open', betaald: 'paid', vervallen: 'overdue' } as const;

const documentKey = requireOneOf(
  z
    .object({ id: z.guid().optional(), factuurNummer: z.string().trim().min(1).max(50).optional() })
    .passthrough(),
  ['id', 'factuurNummer'],
);
const keyOf = (b: { id?: string; factuurNummer?: string }) =>
  b.id ? { id: b.id } : { documentNo: b.factuurNummer };

export function invoicesLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  for (const [action, perLocation] of [
    ['GetFacturen', true],
    ['GetFacturenList', false],
  ] as const) {
    const body = z
      .object({
        ...filters,
        materieelLocatieNr: perLocation
          ? z.string().trim().min(1).max(50)
          : z.string().trim().min(1).max(50).nullish(),
      })
      .passthrough()
      .meta(notBefore('totDatum', 'vanafDatum'));
    app.post(
      `/api/MaterieelFacturen/${action}`,
      {
        schema: {
          tags,
          description: perLocation
            ? "GET SalesInvoices of materieelLocatieNr in the old client's names: soort (factuur, creditnota), status (open, betaald, vervallen), vanafDatum / totDatum (the document date) and zoekString filter as kind, status, from / until and query do."
            : "GET SalesInvoices over every location of the caller (or materieelLocatieNr when given), in the old client's names, with the filters of GetFacturen.",
          body,
          response: {
            200: legacyAnswer({
              facturen: legacyRows,
              totaal: z.number().int(),
              pagina: z.number().int(),
              totaalBedragInclBtw: z.string(),
              openBedragInclBtw: z.string(),
            }),
          },
        },
      },
      async (req) => {
        const ctx = ctxOf(req, deps);
        const b = req.body;
        const r = await listInvoices(ctx, {
          plantLocation: b.materieelLocatieNr ?? undefined,
          kind: b.soort ? kindOf[b.soort] : undefined,
          status: b.status ? statusOf[b.status] : undefined,
          from: b.vanafDatum ?? undefined,
          until: b.totDatum ?? undefined,
          query: b.zoekString ?? undefined,
          page: b.pagina ?? 1,
          pageSize: b.aantalPerPagina ?? 50,
        });
        return {
          facturen: r.items.map((x) => invoiceDto(x, ctx.locale)),
          totaal: r.total,
          pagina: r.page,
          totaalBedragInclBtw: r.totals.amountInclVat,
          openBedragInclBtw: r.totals.openInclVat,
        };
      },
    );
  }

  app.post(
    '/api/MaterieelFacturen/GetMaterieelFacturenRegels',
    {
      schema: {
        tags,
        description: "GET SalesInvoices/{id}'s lines (by id or factuurNummer), in the old client's names.",
        body: documentKey,
        response: { 200: legacyAnswer({ factuurNummer: z.string(), regels: legacyRows }) },
      },
    },
    async (req) => linesDto(await getInvoice(ctxOf(req, deps), keyOf(req.body))),
  );

  app.post(
    '/api/MaterieelFacturen/DownloadFactuurDocument',
    {
      schema: {
        tags,
        description:
          "GET SalesInvoices/{id}/pdf (by id or factuurNummer): the document as a PDF in the caller's language.",
        body: documentKey,
        response: { 200: fileAnswer('The PDF, shown inline.', fileTypes.pdf) },
      },
    },
    async (req, reply) => {
      const file = await invoicePdf(ctxOf(req, deps), deps.storage, keyOf(req.body), erpPdfReader(deps));
      return sendStoredFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );
}
