import { calendarDay, locationNumber, notBefore, requireOneOf } from '@mp/contract/api/common';
import {
  type ExitOrderDetail,
  type ExitOrderSummary,
  type OrderDetail,
  type OrderKind,
  type OrderSummary,
  orderStatusSchema,
} from '@mp/contract/api/orders';
import { type Locale, translate } from '@mp/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyRows } from '../../platform/http/legacy-dto.ts';
import { documentServiceDepsOf } from '../documents/index.ts';
import { getExitOrder, getOrder, listExitOrders, listOrders } from './orders.service.ts';

/*
 * The legacy RPC calls of the order pages (product §7): MaterieelOrder/* — twenty, with and without the Project
 * suffix — and MaterieelExitOrder/* — six. Each answers the same data as its v2 page (orders.routes.ts) in the
 * old client's Dutch field names; access is the v2 rule.
 */

const legacyKind: Record<OrderKind, string> = {
  delivery: 'aanvoer',
  removal: 'afvoer',
  move_to: 'verplaatsing_naar',
  move_from: 'verplaatsing_van',
  transport: 'transport',
};
/** The translation of each kind (Aanvragen.ordersoorten.*). */
const kindText: Record<OrderKind, string> = {
  delivery: 'Aanvragen.ordersoorten.aanvoer',
  removal: 'Aanvragen.ordersoorten.afvoer',
  move_to: 'Aanvragen.ordersoorten.naar_verplaatsing',
  move_from: 'Aanvragen.ordersoorten.van_verplaatsing',
  transport: 'Aanvragen.ordersoorten.transport',
};

function orderDto(o: OrderSummary, locale: Locale) {
  return {
    id: o.id,
    orderNummer: o.orderNo,
    soort: legacyKind[o.kind],
    soortOmschrijving: translate(locale, kindText[o.kind]),
    status: o.status,
    statusOmschrijving: translate(locale, `Orders.status.${o.status}`),
    materieelLocatieNr: o.locationNo,
    locatieOmschrijving: o.locationDescription,
    orderDatum: o.orderDate,
    geplandeDatum: o.plannedDate,
    uitgevoerdDatum: o.executedDate,
    vanNaarLocatieNr: o.counterpartLocationNo,
    vanNaarLocatieOmschrijving: o.counterpartLocationDescription,
    depotNr: o.depotNo,
    depotNaam: o.depotName,
    referentie: o.reference,
    aanvraagId: o.requestId,
    aanvraagNummer: o.requestNo,
    aantalRegels: o.lineCount,
    totaalAantal: o.totalQuantity,
  };
}

const costsDto = (o: OrderDetail) => ({
  kosten: o.costs.map((c) => ({
    soort: c.kind,
    omschrijving: c.description,
    aantal: c.quantity,
    prijs: c.unitPrice,
    bedrag: c.amount,
  })),
  totaal: o.costTotal,
});

const documentsDto = (docs: OrderDetail['documents']) =>
  docs.map((d) => ({
    documentSystemId: d.id,
    titel: d.title,
    categorie: d.category,
    datum: d.date,
    url: d.url,
  }));

function orderDetailDto(o: OrderDetail, locale: Locale) {
  return {
    ...orderDto(o, locale),
    transportmiddel: o.transportMeans,
    adres: o.street,
    postcode: o.postcode,
    plaats: o.city,
    contactpersoon: o.contactPerson,
    telefoonnummer: o.phone,
    opmerking: o.comment,
    regels: o.lines.map((l) => ({
      regelNr: l.lineNo,
      materieelSoort: l.itemNo,
      omschrijving: l.description,
      materieelNummer: l.plantNo,
      aantal: l.quantity,
      opmerking: l.comment,
    })),
    ...costsDto(o),
    documenten: documentsDto(o.documents),
    gekoppeldeOrder: o.linkedOrder
      ? {
          id: o.linkedOrder.id,
          orderNummer: o.linkedOrder.orderNo,
          soort: legacyKind[o.linkedOrder.kind],
          materieelLocatieNr: o.linkedOrder.locationNo,
        }
      : null,
    exitOrder: o.exitOrder ? { id: o.exitOrder.id, exitOrderNummer: o.exitOrder.exitOrderNo } : null,
  };
}

function exitDto(x: ExitOrderSummary, locale: Locale) {
  return {
    id: x.id,
    exitOrderNummer: x.exitOrderNo,
    datum: x.exitDate,
    status: x.status,
    statusOmschrijving: translate(locale, `ExitOrders.status.${x.status}`),
    materieelLocatieNr: x.locationNo,
    locatieOmschrijving: x.locationDescription,
    orderId: x.orderId,
    orderNummer: x.orderNo,
    aantalRegels: x.lineCount,
    aantalAfwijkingen: x.problemCount,
    schadeTotaal: x.damageTotal,
    opmerking: x.remarks,
  };
}

const photosDto = (x: ExitOrderDetail) =>
  x.photos.map((p) => ({ id: p.id, regelNr: p.lineNo, bijschrift: p.caption, url: p.url }));

function exitDetailDto(x: ExitOrderDetail, locale: Locale) {
  return {
    ...exitDto(x, locale),
    regels: x.lines.map((l) => ({
      regelNr: l.lineNo,
      materieelSoort: l.itemNo,
      omschrijving: l.description,
      materieelNummer: l.plantNo,
      aantal: l.quantity,
      staat: l.condition,
      opmerking: l.remarks,
      schadebedrag: l.damageAmount,
    })),
    afbeeldingen: photosDto(x),
    documenten: documentsDto(x.documents),
  };
}

const paging = {
  materieelLocatieNr: locationNumber,
  pagina: z.number().int().min(1).max(100_000).nullish(),
  aantalPerPagina: z.number().int().min(1).max(100).nullish(),
};
/** The filters of GET PlantOrders under the old client's names. */
const orderListBody = z
  .object({
    ...paging,
    status: orderStatusSchema.nullish(),
    vanafDatum: calendarDay.nullish(),
    totDatum: calendarDay.nullish(),
    zoekString: z.string().trim().max(100).nullish(),
  })
  .passthrough()
  .meta(notBefore('totDatum', 'vanafDatum'));
const exitListBody = z.object(paging).passthrough();

const orderKey = requireOneOf(
  z
    .object({ id: z.guid().optional(), orderNummer: z.string().trim().min(1).max(50).optional() })
    .passthrough(),
  ['id', 'orderNummer'],
);
const exitKey = requireOneOf(
  z
    .object({ id: z.guid().optional(), exitOrderNummer: z.string().trim().min(1).max(50).optional() })
    .passthrough(),
  ['id', 'exitOrderNummer'],
);
const keyOf = (b: { id?: string; orderNummer?: string }) =>
  b.id ? { id: b.id } : { orderNo: b.orderNummer };
const exitKeyOf = (b: { id?: string; exitOrderNummer?: string }) =>
  b.id ? { id: b.id } : { exitOrderNo: b.exitOrderNummer };

const orderLists: Array<[string, OrderKind[]]> = [
  ['GetGeleverdeOrders', ['delivery']],
  ['GetAfgevoerdeOrders', ['removal']],
  ['GetVerplaasteOrders', ['move_to', 'move_from']],
];
const orderDetails: Array<[string, OrderKind[]]> = [
  ['GetGeleverdeOrderDetails', ['delivery']],
  ['GetAfgevoerdeOrderDetails', ['removal']],
  ['GetVerplaastOrderDetails', ['move_to', 'move_from']],
];
const orderCosts: Array<[string, OrderKind[]]> = [
  ['GetOrderGeleverdKosten', ['delivery']],
  ['GetOrderAfgevoerdKosten', ['removal']],
  ['GetOrderVerplaastKosten', ['move_to', 'move_from']],
];

export function ordersLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  for (const [action, kinds] of orderLists) {
    for (const project of [false, true]) {
      app.post(
        `/api/MaterieelOrder/${action}${project ? 'Project' : ''}`,
        {
          schema: {
            tags,
            description: `GET PlantOrders (${kinds.join(', ')})${project ? ' with project=true: every location of the project of materieelLocatieNr (ProjectOverzichten_TonenEnGebruiken)' : ''}, in the old client's names: status, vanafDatum / totDatum (the order's day) and zoekString filter as status, from / until and query do.`,
            body: orderListBody,
            response: {
              200: legacyAnswer({ orders: legacyRows, totaal: z.number().int(), pagina: z.number().int() }),
            },
          },
        },
        async (req) => {
          const ctx = ctxOf(req, deps);
          const b = req.body;
          const r = await listOrders(ctx, {
            plantLocation: b.materieelLocatieNr,
            kinds,
            project,
            status: b.status ?? undefined,
            from: b.vanafDatum ?? undefined,
            until: b.totDatum ?? undefined,
            query: b.zoekString ?? undefined,
            page: b.pagina ?? 1,
            pageSize: b.aantalPerPagina ?? 50,
          });
          return { orders: r.items.map((o) => orderDto(o, ctx.locale)), totaal: r.total, pagina: r.page };
        },
      );
    }
  }

  for (const [action, kinds] of orderDetails) {
    for (const suffix of ['', 'Project']) {
      app.post(
        `/api/MaterieelOrder/${action}${suffix}`,
        {
          schema: {
            tags,
            description: `GET PlantOrders/{id} of a ${kinds.join(' or ')} order (by id or orderNummer), in the old client's names.${suffix ? ' The project overview asks the same.' : ''}`,
            body: orderKey,
            response: { 200: legacyAnswer({ orderNummer: z.string() }) },
          },
        },
        async (req) => {
          const ctx = ctxOf(req, deps);
          return orderDetailDto(
            await getOrder(ctx, keyOf(req.body), kinds, documentServiceDepsOf(deps, req)),
            ctx.locale,
          );
        },
      );
    }
  }

  for (const [base, kinds] of orderCosts) {
    for (const action of [base, `${base}Project`])
      app.post(
        `/api/MaterieelOrder/${action}`,
        {
          schema: {
            tags,
            description: `The costs of a ${kinds.join(' or ')} order (transport, handling, rush, other) with their total.`,
            body: orderKey,
            response: { 200: legacyAnswer({ kosten: legacyRows, totaal: z.string() }) },
          },
        },
        async (req) => costsDto(await getOrder(ctxOf(req, deps), keyOf(req.body), kinds)),
      );
  }
  // (the Project variants of costs and documents: the project overview asks the same of one order)

  for (const action of ['GetOrderDocuments', 'GetOrderDocumentsProject'])
    app.post(
      `/api/MaterieelOrder/${action}`,
      {
        schema: {
          tags,
          description:
            'The documents of an order (the delivery / removal note, …): GET Documents/{documentSystemId}/content.',
          body: orderKey,
          response: { 200: legacyAnswer({ documenten: legacyRows }) },
        },
      },
      async (req) => ({
        documenten: documentsDto(
          (await getOrder(ctxOf(req, deps), keyOf(req.body), undefined, documentServiceDepsOf(deps, req)))
            .documents,
        ),
      }),
    );

  for (const [action, project] of [
    ['ExitOrders', false],
    ['ExitOrdersProjecten', true],
  ] as const) {
    app.post(
      `/api/MaterieelExitOrder/${action}`,
      {
        schema: {
          tags,
          description: `GET ExitOrders${project ? ' with project=true (every location of the project of materieelLocatieNr)' : ''}, in the old client's names.`,
          body: exitListBody,
          response: {
            200: legacyAnswer({ exitOrders: legacyRows, totaal: z.number().int(), pagina: z.number().int() }),
          },
        },
      },
      async (req) => {
        const ctx = ctxOf(req, deps);
        const r = await listExitOrders(ctx, {
          plantLocation: req.body.materieelLocatieNr,
          project,
          page: req.body.pagina ?? 1,
          pageSize: req.body.aantalPerPagina ?? 50,
        });
        return { exitOrders: r.items.map((x) => exitDto(x, ctx.locale)), totaal: r.total, pagina: r.page };
      },
    );
  }

  for (const action of ['ExitOrderDetails', 'ExitOrderDetailsProject']) {
    app.post(
      `/api/MaterieelExitOrder/${action}`,
      {
        schema: {
          tags,
          description: "GET ExitOrders/{id} (by id or exitOrderNummer), in the old client's names.",
          body: exitKey,
          response: { 200: legacyAnswer({ exitOrderNummer: z.string() }) },
        },
      },
      async (req) => {
        const ctx = ctxOf(req, deps);
        return exitDetailDto(await getExitOrder(ctx, exitKeyOf(req.body)), ctx.locale);
      },
    );
  }

  app.post(
    '/api/MaterieelExitOrder/GetExitOrderImages',
    {
      schema: {
        tags,
        description: 'The photos of an exit order: each with its line and the URL of its bytes.',
        body: exitKey,
        response: { 200: legacyAnswer({ afbeeldingen: legacyRows }) },
      },
    },
    async (req) => ({ afbeeldingen: photosDto(await getExitOrder(ctxOf(req, deps), exitKeyOf(req.body))) }),
  );

  app.post(
    '/api/MaterieelExitOrder/ExitOrdersDocs',
    {
      schema: {
        tags,
        description:
          "The documents of an exit order (its removal order's notes and the files attached to it).",
        body: exitKey,
        response: { 200: legacyAnswer({ documenten: legacyRows }) },
      },
    },
    async (req) => ({
      documenten: documentsDto((await getExitOrder(ctxOf(req, deps), exitKeyOf(req.body))).documents),
    }),
  );
}
