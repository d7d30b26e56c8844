import { apiError, locationNumber, requireOneOf } from '@mp/contract/api/common';
import {
  type ComplaintDetail,
  type ComplaintDocument,
  type ComplaintSummary,
  complaintStatusSchema,
  complaintTypeSchema,
} from '@mp/contract/api/complaints';
import { type Locale, translate } from '@mp/contract/i18n';
import { complaintStatusKey, complaintTypeKey } from '@mp/contract/rules/complaints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import { documentKinds, type UploadedFile } from '../../platform/files/uploads.ts';
import { ctxOf } from '../../platform/http/context.ts';
import {
  IDEMPOTENT_REPLAY_HEADER,
  idempotencyHeaders,
  idempotencyKeyOf,
} from '../../platform/http/idempotency.ts';
import { legacyAnswer, legacyRows } from '../../platform/http/legacy-dto.ts';
import { uploadForm } from '../../platform/http/openapi-schema.ts';
import { addUserDocuments } from './complaints.files.ts';
import {
  addUserLine,
  createComplaint,
  getComplaint,
  listComplaints,
  listManagementComplaints,
  type MailDeps,
} from './complaints.service.ts';

/*
 * The legacy RPC calls of the complaint pages (product §7): Klachten/* — seven. Each answers the same data as its
 * v2 twin (complaints.routes.ts) in the old client's Dutch field names; access is the v2 rule.
 */

const author = { user: 'gebruiker', department: 'materieeldienst' } as const;

function klachtDto(c: ComplaintSummary, locale: Locale) {
  return {
    id: c.id,
    klachtNummer: c.complaintNo,
    klachtType: c.type,
    klachtTypeOmschrijving: translate(locale, complaintTypeKey(c.type)),
    onderwerp: c.subject,
    status: c.status,
    statusOmschrijving: translate(locale, complaintStatusKey[c.status]),
    materieelLocatieNr: c.locationNo,
    locatieOmschrijving: c.locationDescription,
    ingediendDoor: c.userName,
    datumIngediend: c.createdAt,
    verwachteOplossingsDatum: c.expectedResolutionDate,
    datumOpgelost: c.resolvedAt,
    datumLaatsteBericht: c.lastMessageAt,
    laatsteBerichtVan: c.lastAuthor ? author[c.lastAuthor] : null,
    aantalBerichten: c.lineCount,
    aantalDocumenten: c.documentCount,
  };
}

const documentDto = (d: ComplaintDocument) => ({
  id: d.id,
  bestandsnaam: d.fileName,
  contentType: d.contentType,
  grootte: d.size,
  auteur: author[d.author],
  datum: d.createdAt,
  url: d.url,
});

function klachtDetailDto(c: ComplaintDetail, locale: Locale) {
  return {
    ...klachtDto(c, locale),
    materieelSoort: c.item?.itemNo ?? null,
    materieelSoortOmschrijving: c.item?.description ?? null,
    materieelNummer: c.plant?.plantNo ?? null,
    orderId: c.order?.id ?? null,
    orderNummer: c.order?.orderNo ?? null,
    factuurId: c.invoice?.id ?? null,
    factuurNummer: c.invoice?.invoiceNo ?? null,
    regels: c.lines.map((l) => ({
      id: l.id,
      auteur: author[l.author],
      naam: l.authorName,
      bericht: l.message,
      datum: l.createdAt,
    })),
    documenten: c.documents.map(documentDto),
    magToevoegen: c.mayAdd,
  };
}

const reference = z.string().trim().max(50).nullish();
const legacyCreate = z
  .object({
    materieelLocatieNr: locationNumber,
    klachtType: complaintTypeSchema,
    onderwerp: z.string().trim().min(1).max(200),
    omschrijving: z.string().trim().min(1).max(4000),
    materieelSoort: reference,
    materieelNummer: reference,
    orderNummer: reference,
    factuurNummer: reference,
  })
  .passthrough();
/** The v2 field a legacy field stands for (a field error of the service names the legacy one). */
const legacyField: Record<string, string> = {
  plantLocation: 'materieelLocatieNr',
  type: 'klachtType',
  subject: 'onderwerp',
  description: 'omschrijving',
  itemNo: 'materieelSoort',
  plantNo: 'materieelNummer',
  orderNo: 'orderNummer',
  invoiceNo: 'factuurNummer',
  message: 'bericht',
};

/** Re-throws a field error with the old client's field names. */
function inLegacyNames(e: unknown): never {
  if (!(e instanceof AppError) || !e.fields) throw e;
  const fields = Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [legacyField[k] ?? k, v]));
  throw fieldErrors(e.type, e.code, fields, { params: e.params, details: e.details });
}

const listBody = z
  .object({
    materieelLocatieNr: locationNumber.nullish(),
    status: complaintStatusSchema.nullish(),
    zoekString: z.string().trim().max(100).nullish(),
    pagina: z.number().int().min(1).max(100_000).nullish(),
    aantalPerPagina: z.number().int().min(1).max(100).nullish(),
  })
  .passthrough();
const keyBody = requireOneOf(
  z
    .object({ id: z.guid().optional(), klachtNummer: z.string().trim().min(1).max(50).optional() })
    .passthrough(),
  ['id', 'klachtNummer'],
);
const lineBody = requireOneOf(
  z
    .object({
      id: z.guid().optional(),
      klachtNummer: z.string().trim().min(1).max(50).optional(),
      bericht: z.string().trim().min(1).max(4000),
    })
    .passthrough(),
  ['id', 'klachtNummer'],
);
const keyOf = (b: { id?: string; klachtNummer?: string }) =>
  b.id ? { id: b.id } : { complaintNo: b.klachtNummer };

export function complaintsLegacy(
  fastify: FastifyInstance,
  deps: Deps,
  opts: {
    mail: MailDeps;
    uploads: (req: FastifyRequest) => Promise<{ files: UploadedFile[]; fields: Record<string, string> }>;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];
  const listAnswer = legacyAnswer({
    klachten: legacyRows,
    totaal: z.number().int(),
    pagina: z.number().int(),
  });

  app.post(
    '/api/Klachten/CreateMaterieelKlacht',
    {
      schema: {
        tags,
        description:
          "POST Complaints in the old client's names: materieelLocatieNr, klachtType, onderwerp, omschrijving, and optionally materieelSoort, materieelNummer, orderNummer, factuurNummer (each of that location, else 400 naming the field). Requires the Idempotency-Key header, as the v2 call.",
        headers: idempotencyHeaders,
        body: legacyCreate,
        response: { 201: legacyAnswer({ klachtNummer: z.string() }), 422: apiError },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      const b = req.body;
      const answer = await createComplaint(
        ctx,
        opts.mail,
        {
          plantLocation: b.materieelLocatieNr,
          type: b.klachtType,
          subject: b.onderwerp,
          description: b.omschrijving,
          itemNo: b.materieelSoort,
          plantNo: b.materieelNummer,
          orderNo: b.orderNummer,
          invoiceNo: b.factuurNummer,
        },
        idempotencyKeyOf(req.headers),
      ).catch(inLegacyNames);
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(201).send(klachtDetailDto(answer.body, ctx.locale));
    },
  );

  app.post(
    '/api/Klachten/GetMaterieelKlachten',
    {
      schema: {
        tags,
        description:
          'GET Complaints: the complaints of materieelLocatieNr, or without it of every location of the caller (status, zoekString, pagina, aantalPerPagina).',
        body: listBody,
        response: { 200: listAnswer },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const b = req.body;
      const r = await listComplaints(ctx, {
        plantLocation: b.materieelLocatieNr ?? undefined,
        status: b.status ?? undefined,
        query: b.zoekString ?? undefined,
        page: b.pagina ?? 1,
        pageSize: b.aantalPerPagina ?? 50,
      });
      return { klachten: r.items.map((c) => klachtDto(c, ctx.locale)), totaal: r.total, pagina: r.page };
    },
  );

  app.post(
    '/api/Klachten/GetMaterieelKlachtenDirectie',
    {
      schema: {
        tags,
        description:
          "GET Complaints/management: every complaint of the caller's customer (named role management, else 403); materieelLocatieNr narrows it.",
        body: listBody,
        response: { 200: listAnswer },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const b = req.body;
      const r = await listManagementComplaints(ctx, {
        plantLocation: b.materieelLocatieNr ?? undefined,
        status: b.status ?? undefined,
        query: b.zoekString ?? undefined,
        page: b.pagina ?? 1,
        pageSize: b.aantalPerPagina ?? 50,
      });
      return { klachten: r.items.map((c) => klachtDto(c, ctx.locale)), totaal: r.total, pagina: r.page };
    },
  );

  app.post(
    '/api/Klachten/GetMaterieelKlachtDetails',
    {
      schema: {
        tags,
        description: "GET Complaints/{id} (by id or klachtNummer) in the old client's names.",
        body: keyBody,
        response: { 200: legacyAnswer({ klachtNummer: z.string() }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      return klachtDetailDto(await getComplaint(ctx, keyOf(req.body)), ctx.locale);
    },
  );

  app.post(
    '/api/Klachten/CreateMaterieelKlachtRegel',
    {
      schema: {
        tags,
        description:
          'POST Complaints/{id}/lines: a reply (bericht) of the user while the complaint is not closed (409 Klachten.gesloten); answers the complaint.',
        body: lineBody,
        response: { 201: legacyAnswer({ klachtNummer: z.string() }), 409: apiError },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      const c = await addUserLine(ctx, opts.mail, keyOf(req.body), req.body.bericht).catch(inLegacyNames);
      return reply.code(201).send(klachtDetailDto(c, ctx.locale));
    },
  );

  app.post(
    '/api/Klachten/GetMaterieelKlachtDocumenten',
    {
      schema: {
        tags,
        description: 'The documents of a complaint (by id or klachtNummer): GET url for the bytes.',
        body: keyBody,
        response: { 200: legacyAnswer({ documenten: legacyRows }) },
      },
    },
    async (req) => ({
      documenten: (await getComplaint(ctxOf(req, deps), keyOf(req.body))).documents.map(documentDto),
    }),
  );

  app.post(
    '/api/Klachten/UploadKlachtDocumenten',
    {
      schema: {
        ...uploadForm({
          files: {},
          otherFiles: documentKinds,
          fields: {
            id: { type: 'string', format: 'uuid' },
            klachtId: { type: 'string', format: 'uuid' },
            klachtNummer: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' },
          },
          oneOf: ['id', 'klachtId', 'klachtNummer'],
        }),
        tags,
        description:
          'POST Complaints/{id}/documents: form field id (or klachtNummer) and up to 5 files (PDF or photos by content, 10 MiB each; 415 / 413 otherwise, nothing stored); answers the documents of the complaint.',
        response: { 201: legacyAnswer({ documenten: legacyRows }), 409: apiError },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      // who asks is known before a byte is read (the complaint is named inside the form, so its access is checked
      // after the files: at most 5 × 10 MiB are read for a call that then answers 404)
      await requireAccess(ctx, { permission: 'area.write', area: 'AppKlachten' });
      const { files, fields } = await opts.uploads(req);
      const id = fields.id?.trim() || fields.klachtId?.trim();
      const no = fields.klachtNummer?.trim();
      if (!id && !no) throw fieldErrors('invalid', 'error.ongeldige_invoer', { id: 'validation.verplicht' });
      if (id && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
        throw fieldErrors('invalid', 'error.ongeldige_invoer', { id: 'validation.ongeldig_formaat' });
      const key = id ? { id } : { complaintNo: no };
      const r = await addUserDocuments(ctx, deps.storage, key, files);
      return reply.code(201).send({ documenten: r.documents.map(documentDto) });
    },
  );
}
