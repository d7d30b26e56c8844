import { EMPTY_GUID } from '@mp/contract';
import { anyCaseWords, CALENDAR_DAY, locationNumber, requireOneOf } from '@mp/contract/api/common';
import { orderForm, type RequestDetail, type RequestSummary } from '@mp/contract/api/requests';
import { type Locale, translate } from '@mp/contract/i18n';
import type { RequestKind } from '@mp/contract/rules/request-status';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { fieldErrors } from '../../platform/errors.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyRequestStatus, legacyRows } from '../../platform/http/legacy-dto.ts';
import { getRequestByIdOrNo, listRequests } from './requests.service.ts';

const kindKey: Record<RequestKind, string> = {
  order: 'bestelling',
  removal: 'afvoer',
  relocation: 'verplaatsing',
  transport: 'transport',
};

function aanvraagDto(r: RequestSummary, locale: Locale) {
  return {
    id: r.id,
    aanvraagNummer: r.requestNo,
    soort: kindKey[r.kind],
    soortOmschrijving: translate(locale, `Aanvragen.soorten.${kindKey[r.kind]}`),
    status: legacyRequestStatus[r.status],
    statusOmschrijving: translate(locale, `Aanvragen.status.${legacyRequestStatus[r.status]}`),
    materieelLocatieNr: r.locationNo,
    locatieOmschrijving: r.locationDescription,
    gewensteDatum: r.requestedDate,
    retourDatum: r.expectedReturnDate,
    geplandeDatum: r.plannedDate,
    spoed: r.rush,
    ophalen: r.collect,
    referentie: r.reference,
    aangevraagdDoor: r.requestedBy,
    aantalRegels: r.lineCount,
    totaalAantal: r.totalAmount,
    aangemaaktOp: r.createdAt,
  };
}

function aanvraagDetailDto(r: RequestDetail, locale: Locale) {
  return {
    ...aanvraagDto(r, locale),
    transportmiddel: r.transportMeans,
    bestemming: r.destinationKind,
    depotNr: r.depotNo,
    depotNaam: r.depotName,
    adrescode: r.addressCode,
    adres: r.street,
    postcode: r.postcode,
    plaats: r.city,
    contactpersoon: r.contactPerson,
    telefoonnummer: r.phone,
    opmerking: r.comment,
    redenAfwijzing: r.rejectionReason,
    regels: r.lines.map((l) => ({
      guidId: l.lineId,
      parentId: l.parentLineId ?? EMPTY_GUID,
      regelNr: l.lineNo,
      type: l.type === 'set' ? 'Set' : 'Materieel',
      materieelSoort: l.itemNo,
      omschrijving: l.description,
      aantal: l.amount,
      opmerking: l.comment,
      materieelNummer: l.plantNo,
      gewichtPerStuk: l.weightPerPiece ?? '0',
    })),
    statusHistorie: r.history.map((h) => ({
      vanStatus: h.fromStatus ? legacyRequestStatus[h.fromStatus] : null,
      naarStatus: legacyRequestStatus[h.toStatus],
      datum: h.changedAt,
      door: h.changedBy,
      opmerking: h.note,
    })),
  };
}

/** A legacy date: 'YYYY-MM-DD', or a timestamp the old client shifted so its first 10 characters are the day. */
const legacyDay = z
  .string()
  .max(40)
  .nullish()
  .transform((v) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : (v ?? undefined)));
const text = (max: number) => z.string().max(max).nullish();

const COLLECT_DESTINATIONS = ['depot', 'ophalen', 'afhalen', 'zelf_ophalen'];

/**
 * What toOrderForm below requires, said in the document (issue #16 part 2): the delivery day, contact and phone;
 * when collecting (bestemming depot/ophalen/…, or transportmiddel ophalen) the depot, else a work address code or
 * street and city.
 */
function legacyOrderFormRules() {
  const text = { type: 'string', pattern: '\\S' };
  const day = { type: 'string', pattern: CALENDAR_DAY.source.slice(0, -1) }; // the day, then anything (a time)
  const has = (...fields: string[]) => ({
    required: fields,
    properties: Object.fromEntries(fields.map((f) => [f, text])),
  });
  return {
    required: ['leverDatum', 'contactpersoon', 'telefoonnummer'],
    allOf: [
      {
        properties: {
          leverDatum: day,
          retourDatum: { anyOf: [day, { type: 'null' }] },
          contactpersoon: text,
          telefoonnummer: {
            type: 'string',
            pattern: '^\\s*[0-9+()\\-./][0-9+()\\-./ ]{4,28}[0-9+()\\-./]\\s*$',
          },
        },
      },
      {
        if: {
          anyOf: [
            {
              required: ['bestemming'],
              properties: { bestemming: { type: 'string', pattern: anyCaseWords(COLLECT_DESTINATIONS) } },
            },
            {
              required: ['transportmiddel'],
              properties: { transportmiddel: { type: 'string', pattern: anyCaseWords(['ophalen']) } },
            },
          ],
        },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a promise
        then: {
          anyOf: [
            has('bestemmingadres'),
            { ...has('adrescode'), not: { required: ['bestemmingadres'] } },
            {
              ...has('adrescode'),
              properties: { ...has('adrescode').properties, bestemmingadres: { type: 'null' } },
            },
          ],
        },
        else: { anyOf: [has('adrescode'), has('adres', 'plaats')] },
      },
    ],
  };
}

/** The order form of product §3 (Dutch names) plus the list it belongs to. */
/** The legacy order form (AddAanvraag). */
export const legacyOrderForm = requireOneOf(
  z
    .object({
      bestellijstId: z.guid().nullish(),
      materieelLocatieNr: locationNumber.nullish(),
      leverDatum: legacyDay,
      retourDatum: legacyDay,
      transportmiddel: text(50),
      bestemming: text(50),
      bestemmingadres: text(200),
      adrescode: text(50),
      adres: text(200),
      postcode: text(20),
      plaats: text(100),
      contactpersoon: text(100),
      telefoonnummer: text(30),
      referentie: text(100),
      opmerking: text(2000),
      spoed: z.boolean().nullish(),
      voorwaardenGeaccepteerd: z.boolean().nullish(),
    })
    .passthrough()
    .meta(legacyOrderFormRules()),
  ['materieelLocatieNr', 'bestellijstId'],
);

/** v2 field → the legacy name, so field errors name what the old client sent. */
const dutchField: Record<string, string> = {
  deliveryDate: 'leverDatum',
  expectedReturnDate: 'retourDatum',
  transportMeans: 'transportmiddel',
  depotNo: 'bestemmingadres',
  addressCode: 'adrescode',
  street: 'adres',
  postcode: 'postcode',
  city: 'plaats',
  contactPerson: 'contactpersoon',
  phone: 'telefoonnummer',
  reference: 'referentie',
  comment: 'opmerking',
  rush: 'spoed',
  termsAccepted: 'voorwaardenGeaccepteerd',
};

/** The legacy order form as the v2 OrderForm; field errors name the legacy fields. */
export function toOrderForm(b: z.infer<typeof legacyOrderForm>) {
  const collect =
    COLLECT_DESTINATIONS.includes((b.bestemming ?? '').toLowerCase()) ||
    /^ophalen$/i.test(b.transportmiddel ?? '');
  const clean = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);
  const candidate = {
    deliveryDate: b.leverDatum,
    expectedReturnDate: b.retourDatum ?? null,
    transportMeans: clean(b.transportmiddel),
    collect,
    depotNo: collect ? clean(b.bestemmingadres ?? b.adrescode) : undefined,
    addressCode: collect ? undefined : clean(b.adrescode),
    street: collect ? undefined : clean(b.adres),
    postcode: collect ? undefined : clean(b.postcode),
    city: collect ? undefined : clean(b.plaats),
    contactPerson: b.contactpersoon ?? undefined,
    phone: b.telefoonnummer ?? undefined,
    reference: clean(b.referentie),
    comment: b.opmerking ?? undefined,
    rush: b.spoed ?? false,
    termsAccepted: b.voorwaardenGeaccepteerd ?? false,
  };
  const parsed = orderForm.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'body');
    const code = issue.message.startsWith('validation.')
      ? issue.message
      : issue.code === 'invalid_type'
        ? 'validation.verplicht'
        : 'validation.ongeldig_formaat';
    fields[dutchField[name] ?? name] ??= code;
  }
  throw fieldErrors('invalid', 'error.ongeldige_invoer', fields, { details: { in: 'body' } });
}

const requestKey = requireOneOf(
  z
    .object({ id: z.guid().optional(), aanvraagNummer: z.string().trim().min(1).max(50).optional() })
    .passthrough(),
  ['id', 'aanvraagNummer'],
);

/**
 * Legacy RPC calls MaterieelAanvraag/GetAanvragen, GetAanvraagDetails(Project). AddAanvraag, the order
 * submit, is the workflow's (workflows/submit-order-list.routes.ts).
 */
export function requestsLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/MaterieelAanvraag/GetAanvragen',
    {
      schema: {
        tags,
        body: z
          .object({
            materieelLocatieNr: locationNumber.nullish(),
            status: z
              .enum(['submitted', 'in_progress', 'planned', 'done', 'cancelled', 'rejected'])
              .nullish(),
            pagina: z.number().int().min(1).max(100_000).nullish(),
            aantalPerPagina: z.number().int().min(1).max(100).nullish(),
          })
          .passthrough()
          .nullish(),
        response: {
          200: legacyAnswer({ aanvragen: legacyRows, totaal: z.number().int(), pagina: z.number().int() }),
        },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const r = await listRequests(ctx, {
        locationNo: req.body?.materieelLocatieNr ?? undefined,
        status: req.body?.status ? [req.body.status] : undefined,
        page: req.body?.pagina ?? 1,
        pageSize: req.body?.aantalPerPagina ?? 50,
      });
      return { aanvragen: r.items.map((i) => aanvraagDto(i, ctx.locale)), totaal: r.total, pagina: r.page };
    },
  );

  // why: the "Project" variant of the old interface shows the same request from the project overview;
  // access stays per location (the request's location must be one of the user's).
  for (const action of ['GetAanvraagDetails', 'GetAanvraagDetailsProject']) {
    const detail = legacyAnswer({
      id: z.string(),
      aanvraagNummer: z.string(),
      soort: z.string(),
      status: z.string(),
      materieelLocatieNr: z.string(),
      regels: legacyRows,
      statusHistorie: legacyRows,
    });
    const schema = { tags, body: requestKey, response: { 200: detail } };
    app.post(`/api/MaterieelAanvraag/${action}`, { schema }, async (req) => {
      const ctx = ctxOf(req, deps);
      const detail = await getRequestByIdOrNo(ctx, { id: req.body.id, requestNo: req.body.aanvraagNummer });
      return aanvraagDetailDto(detail, ctx.locale);
    });
  }
}
