import { idParams, notBefore } from '@mp/contract/api/common';
import {
  creditMemoBody,
  creditMemoResult,
  documentAttachmentList,
  invoiceDetail,
  invoiceList,
  invoiceListQuery,
  invoiceStatusBody,
  invoicingRunBody,
  invoicingRunResult,
} from '@mp/contract/api/invoices';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { exportFormats } from '../../platform/files/table-export.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { fileAnswer, fileTypes } from '../../platform/http/openapi-schema.ts';
import { departmentOnly } from '../../platform/http/route-access.ts';
import { sendExport, sendStoredFile } from '../../platform/http/send-file.ts';
import { erpEnabled, erpPdfReader } from '../erp/index.ts';
import { exportInvoices } from './invoices.export.ts';
import { invoicesLegacy } from './invoices.legacy.ts';
import {
  getInvoice,
  invoicePdf,
  listDocumentAttachments,
  listInvoices,
  readAttachment,
} from './invoices.service.ts';
import { createCreditMemo, runInvoicingAsDepartment, setInvoiceStatus } from './invoicing.service.ts';

const access =
  "Needs the functional area AppMaterieelFacturen and the document's location to be the caller's (the read-only role reads; admins and the equipment department read every location's): another customer's document answers 404 like an unknown one, and so does one that Facturen_DebetFilter / Facturen_CreditFilter hides.";
const exportQuery = invoiceListQuery
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(exportFormats).default('xlsx') })
  .meta(notBefore('until', 'from'));

/** The invoices page (issue #13 part 3), the department's invoicing run (part 1) and the legacy MaterieelFacturen calls. */
export async function invoicesRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['SalesInvoices'];

  app.get(
    '/api/v2.0/SalesInvoices',
    {
      schema: {
        tags,
        description: `The invoices and credit memos of plantLocation, or without it of every location of the caller's, newest document date first; filtered by kind, status (open, paid, overdue = open past its due date), document date from / until (until before from: 400 validation.einde_na_begin) and words in the number, your reference or the location. totals: incl. VAT over the whole filter, credit memos subtracted. ${access}`,
        querystring: invoiceListQuery,
        response: { 200: invoiceList },
      },
    },
    async (req) => listInvoices(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/v2.0/SalesInvoices/export',
    {
      schema: {
        tags,
        description: `The list of GET SalesInvoices for the same filter as a file (format xlsx, the default, or csv), every row (at most 10,000), typed cells, headers in the caller's language. ${access}`,
        querystring: exportQuery,
        response: { 200: fileAnswer('The XLSX or CSV file, as an attachment.', fileTypes.table) },
      },
    },
    async (req, reply) => sendExport(reply, await exportInvoices(ctxOf(req, deps), req.query)),
  );

  app.get(
    '/api/v2.0/SalesInvoices/:id',
    {
      schema: {
        tags,
        description: `One invoice or credit memo: its lines (item, plant, order, period, days, quantity, price, discount, amount; an item's name in the caller's language), the credit memos that correct it and its attachments (names matching Facturen_DocumentNaamFilter). ${access}`,
        params: idParams,
        response: { 200: invoiceDetail },
      },
    },
    async (req) => getInvoice(ctxOf(req, deps), { id: req.params.id }),
  );

  app.get(
    '/api/v2.0/SalesInvoices/:id/pdf',
    {
      schema: {
        tags,
        description: `The document as a PDF in the caller's language with the corporate identity (made on the first request per language, then kept). A document the ERP posted is the ERP's PDF, read from it on the first request and then kept; the ERP unable to give it: 503 Facturen.pdf_erp_niet_bereikbaar (decision 0027). ${access}`,
        params: idParams,
        response: { 200: fileAnswer('The PDF, shown inline.', fileTypes.pdf) },
      },
    },
    async (req, reply) => {
      const file = await invoicePdf(
        ctxOf(req, deps),
        deps.storage,
        { id: req.params.id },
        erpPdfReader(deps),
      );
      return sendStoredFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );

  for (const [segment, kind] of [
    ['salesinvoices', 'invoice'],
    ['salescreditmemos', 'credit_memo'],
  ] as const) {
    app.get(
      `/api/v2.0/DocumentAttachments/${segment}/:id`,
      {
        schema: {
          tags: ['DocumentAttachments'],
          description: `The files of a ${kind === 'invoice' ? 'sales invoice' : 'sales credit memo'}: its PDF (id 'pdf', GET SalesInvoices/{id}/pdf) and the attached files whose name matches Facturen_DocumentNaamFilter. A document of the other kind answers 404. ${access}`,
          params: idParams,
          response: { 200: documentAttachmentList },
        },
      },
      async (req) => listDocumentAttachments(ctxOf(req, deps), kind, req.params.id),
    );
    app.get(
      `/api/v2.0/DocumentAttachments/${segment}/:id/:attachmentId`,
      {
        schema: {
          tags: ['DocumentAttachments'],
          description: `One attached file of the document (PDF and images inline, anything else as an attachment; private, no-cache). ${access}`,
          params: z.object({ id: z.guid(), attachmentId: z.guid() }),
          response: { 200: fileAnswer('The file, in the type it was attached with.', fileTypes.any) },
        },
      },
      async (req, reply) =>
        sendStoredFile(
          reply,
          await readAttachment(ctxOf(req, deps), deps.storage, kind, req.params.id, req.params.attachmentId),
        ),
    );
  }

  app.post(
    '/api/v2.0/Department/invoicing-runs',
    {
      config: departmentOnly,
      schema: {
        tags: ['Department'],
        description:
          "The invoicing run for a month that is over (else 422 Facturen.run.maand_niet_voorbij naming month): per location, an invoice of the rent of every interval an item stood on site (days rounded up; the week price where cheaper per full week; the customer's rental discount with UseRentalDiscount), the sales delivered and the order costs, and a credit memo of the buy-backs returned; 21 % VAT. For every location with something in the month, or the locations named (an unknown one: 422 error.locatie_onbekend naming them). A location and month invoiced before gets nothing again (skipped). Equipment department only (403). With an ERP connected the ERP posts the invoices: 422 Facturen.erp_boekt (decision 0027).",
        body: invoicingRunBody,
        response: { 200: invoicingRunResult },
      },
    },
    async (req) => runInvoicingAsDepartment(ctxOf(req, deps), req.body, erpEnabled(deps)),
  );

  app.post(
    '/api/v2.0/Department/invoices/:id/credit-memo',
    {
      config: departmentOnly,
      schema: {
        tags: ['Department'],
        description:
          'A credit memo correcting an invoice by an amount excl. VAT (with its reason), at most what the credit memos before it left of the invoice (else 422 Facturen.creditnota.te_hoog naming amountExclVat); a credit memo cannot be corrected (422 Facturen.creditnota.geen_factuur). Equipment department only (403). With an ERP connected: 422 Facturen.erp_boekt (decision 0027).',
        params: idParams,
        body: creditMemoBody,
        response: { 201: creditMemoResult },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await createCreditMemo(ctxOf(req, deps), req.params.id, req.body, erpEnabled(deps))),
  );

  app.post(
    '/api/v2.0/Department/invoices/:id/status',
    {
      config: departmentOnly,
      schema: {
        tags: ['Department'],
        description:
          'Marks a document paid (or open again). Equipment department only (403). With an ERP connected the ERP says what is paid: 422 Facturen.erp_boekt (decision 0027).',
        params: idParams,
        body: invoiceStatusBody,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await setInvoiceStatus(ctxOf(req, deps), req.params.id, req.body.status, erpEnabled(deps));
      return reply.code(204).send(null);
    },
  );

  invoicesLegacy(app, deps);
}
