import { EMPTY_GUID } from '@mp/contract';
import { locationNumber } from '@mp/contract/api/common';
import { lineAmount, type OrderDraft, type OrderList } from '@mp/contract/api/order-lists';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { type Ctx, ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyPrices, legacyRows } from '../../platform/http/legacy-dto.ts';
import { addOrderListLines, deleteOrderListLine } from './order-lists.lines.ts';
import {
  clearOrderList,
  createOrderList,
  getDraft,
  getOrDefaultOrderList,
  listOrderLists,
  saveDraft,
  updateOrderList,
} from './order-lists.service.ts';

const materieelSoort = z.string().trim().min(1).max(50);
const comment = z.string().max(500).nullish();
/** A legacy date: 'YYYY-MM-DD', or a timestamp the old client shifted so its first 10 characters are the day. */
const legacyDay = z
  .string()
  .max(40)
  .nullish()
  .transform((v) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null));

/** savedAanvraagDTO of product §3 (the wizard's saved draft). */
export const savedAanvraagDto = z
  .object({
    deliveryDate: legacyDay,
    expectedReturnDate: legacyDay,
    collect: z.boolean().nullish(),
    materieelDepotNr: z.string().max(50).nullish(),
    werkadres: z.string().max(50).nullish(),
    address: z.string().max(200).nullish(),
    postcode: z.string().max(20).nullish(),
    plaats: z.string().max(100).nullish(),
    contactperson: z.string().max(100).nullish(),
    phoneNumber: z.string().max(30).nullish(),
    reference: z.string().max(100).nullish(),
    comments: z.string().max(2000).nullish(),
    spoed: z.boolean().nullish(),
  })
  .passthrough();

export function draftFromDto(d: z.infer<typeof savedAanvraagDto>): OrderDraft {
  return {
    deliveryDate: d.deliveryDate ?? null,
    expectedReturnDate: d.expectedReturnDate ?? null,
    collect: d.collect ?? undefined,
    depotNo: d.materieelDepotNr ?? null,
    addressCode: d.werkadres ?? null,
    street: d.address ?? null,
    postcode: d.postcode ?? null,
    city: d.plaats ?? null,
    contactPerson: d.contactperson ?? null,
    phone: d.phoneNumber ?? null,
    reference: d.reference ?? null,
    comment: d.comments ?? null,
    rush: d.spoed ?? undefined,
  };
}

export function dtoFromDraft(d: OrderDraft | null) {
  if (!d) return null;
  return {
    deliveryDate: d.deliveryDate ?? null,
    expectedReturnDate: d.expectedReturnDate ?? null,
    collect: d.collect ?? false,
    materieelDepotNr: d.depotNo ?? null,
    werkadres: d.addressCode ?? null,
    address: d.street ?? null,
    postcode: d.postcode ?? null,
    plaats: d.city ?? null,
    contactperson: d.contactPerson ?? null,
    phoneNumber: d.phone ?? null,
    reference: d.reference ?? null,
    comments: d.comment ?? null,
    spoed: d.rush ?? false,
  };
}

/** The order list with the Dutch DTOs of product §3 (order-list item and order list). Hidden prices are zeroed. */
function bestellijstDto(l: OrderList, draft: OrderDraft | null) {
  const items = l.lines.map((line) => ({
    guidId: line.lineId,
    lineId: line.lineId,
    parentId: line.parentLineId ?? EMPTY_GUID,
    id: line.itemNo,
    type: line.type === 'set' ? 'Set' : 'Materieel',
    aantal: line.amount,
    materieelSoort: line.itemNo,
    omschrijving: line.description,
    comment: line.comment,
    bestellijstId: l.id,
    childLinesIncluded: line.childLinesIncluded,
    wijzigbaar: line.editable,
    ...legacyPrices(line),
    imageUrl: line.imageUrl,
  }));
  return {
    id: l.id,
    naam: l.name,
    orderlistId: l.id,
    materieelLocatieNr: l.locationNo,
    standaard: l.isDefault,
    aantalRegels: l.lineCount,
    totaalAantal: l.totalAmount,
    totaalGewicht: l.totalWeight,
    kanVerwerken: l.canSubmit,
    items,
    lines: items,
    savedAanvraagNummer: l.savedRequestNo,
    savedAanvraagDTO: dtoFromDraft(draft),
  };
}

/** What bestellijstDto answers, as the API document says it. */
const bestellijstAnswer = {
  200: legacyAnswer({
    id: z.string(),
    naam: z.string(),
    materieelLocatieNr: z.string(),
    standaard: z.boolean(),
    aantalRegels: z.number(),
    totaalAantal: z.number(),
    totaalGewicht: z.string().nullable(),
    kanVerwerken: z.boolean(),
    items: legacyRows,
    lines: legacyRows,
    savedAanvraagNummer: z.string().nullable(),
    savedAanvraagDTO: z.looseObject({}).nullable(),
  }),
};

async function answer(ctx: Ctx, list: OrderList) {
  const { draft } = await getDraft(ctx, list.locationNo, list.id);
  return bestellijstDto(list, draft);
}

const listBody = { materieelLocatieNr: locationNumber, bestellijstId: z.guid().nullish() };
const itemsBody = z
  .array(z.object({ materieelSoort, aantal: lineAmount, comment }).passthrough())
  .min(1)
  .max(200);

/** The list the call is about: bestellijstId, or the user's default list on the location. */
async function target(
  ctx: Ctx,
  body: { materieelLocatieNr: string; bestellijstId?: string | null },
): Promise<string> {
  if (body.bestellijstId) return body.bestellijstId;
  return (await listOrderLists(ctx, body.materieelLocatieNr)).orderLists[0].id;
}

/** Legacy RPC calls BestelLijst/* and MaterieelAanvraag/CheckServerSideBestellijstStatus. */
export function orderListsLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/BestelLijst/GetBestelLijst',
    { schema: { tags, body: z.object(listBody).passthrough(), response: bestellijstAnswer } },
    async (req) => {
      const ctx = ctxOf(req, deps);
      return answer(
        ctx,
        await getOrDefaultOrderList(ctx, req.body.materieelLocatieNr, req.body.bestellijstId),
      );
    },
  );

  app.post(
    '/api/BestelLijst/GetBestelLijsten',
    {
      schema: {
        tags,
        body: z.object({ materieelLocatieNr: locationNumber }).passthrough(),
        response: { 200: legacyAnswer({ meerdereBestellijsten: z.boolean(), lijsten: legacyRows }) },
      },
    },
    async (req) => {
      const r = await listOrderLists(ctxOf(req, deps), req.body.materieelLocatieNr);
      return {
        meerdereBestellijsten: r.multipleLists,
        lijsten: r.orderLists.map((l) => ({
          id: l.id,
          naam: l.name,
          orderlistId: l.id,
          materieelLocatieNr: l.locationNo,
          standaard: l.isDefault,
          aantalRegels: l.lineCount,
          totaalAantal: l.totalAmount,
        })),
      };
    },
  );

  for (const action of ['AddAllBestelLijst', 'AddAllDetailsBestelLijst']) {
    app.post(
      `/api/BestelLijst/${action}`,
      {
        schema: {
          tags,
          body: z.object({ ...listBody, items: itemsBody }).passthrough(),
          response: bestellijstAnswer,
        },
      },
      async (req) => {
        const ctx = ctxOf(req, deps);
        const id = await target(ctx, req.body);
        const lines = req.body.items.map((i) => ({
          type: 'item' as const,
          itemNo: i.materieelSoort,
          amount: i.aantal,
          ...(i.comment ? { comment: i.comment } : {}),
        }));
        return answer(ctx, await addOrderListLines(ctx, req.body.materieelLocatieNr, id, { lines }, false));
      },
    );
  }

  // A set with the component amounts the user chose (items), or at the set's own amounts without them.
  app.post(
    '/api/BestelLijst/AddBestellijstSet',
    {
      schema: {
        tags,
        body: z
          .object({
            ...listBody,
            materieelSoort,
            aantal: lineAmount.default(1),
            items: z
              .array(z.object({ materieelSoort, aantal: z.number().int().min(0).max(9999) }).passthrough())
              .max(200)
              .optional(),
          })
          .passthrough(),
        response: bestellijstAnswer,
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const id = await target(ctx, req.body);
      const withChildren = !!req.body.items?.length;
      const line = {
        type: 'set' as const,
        itemNo: req.body.materieelSoort,
        amount: req.body.aantal,
        ...(withChildren
          ? { childLines: req.body.items?.map((i) => ({ itemNo: i.materieelSoort, amount: i.aantal })) }
          : {}),
      };
      return answer(
        ctx,
        await addOrderListLines(ctx, req.body.materieelLocatieNr, id, { lines: [line] }, withChildren),
      );
    },
  );

  // The main set with its child sets, at the set's own amounts.
  app.post(
    '/api/BestelLijst/AddBestelLijstMainSet',
    {
      schema: {
        tags,
        body: z.object({ ...listBody, materieelSoort, aantal: lineAmount.default(1) }).passthrough(),
        response: bestellijstAnswer,
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const id = await target(ctx, req.body);
      const line = { type: 'set' as const, itemNo: req.body.materieelSoort, amount: req.body.aantal };
      return answer(
        ctx,
        await addOrderListLines(ctx, req.body.materieelLocatieNr, id, { lines: [line] }, false),
      );
    },
  );

  app.post(
    '/api/BestelLijst/UpdateBestelLijst',
    {
      schema: {
        tags,
        body: z
          .object({
            ...listBody,
            items: z
              .array(z.object({ guidId: z.guid(), aantal: lineAmount.optional(), comment }).passthrough())
              .max(200)
              .optional(),
            savedAanvraagDTO: savedAanvraagDto.nullish(),
          })
          .passthrough(),
        response: bestellijstAnswer,
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const id = await target(ctx, req.body);
      const lines = (req.body.items ?? []).map((i) => ({
        lineId: i.guidId,
        ...(i.aantal !== undefined ? { amount: i.aantal } : {}),
        ...(i.comment !== undefined ? { comment: i.comment } : {}),
      }));
      const list = await updateOrderList(ctx, req.body.materieelLocatieNr, id, { lines });
      if (req.body.savedAanvraagDTO !== undefined) {
        await saveDraft(
          ctx,
          req.body.materieelLocatieNr,
          id,
          req.body.savedAanvraagDTO ? draftFromDto(req.body.savedAanvraagDTO) : null,
        );
      }
      return answer(ctx, list);
    },
  );

  app.post(
    '/api/BestelLijst/RemoveBestelLijst',
    {
      schema: {
        tags,
        body: z.object({ ...listBody, guidId: z.guid() }).passthrough(),
        response: bestellijstAnswer,
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const id = await target(ctx, req.body);
      return answer(ctx, await deleteOrderListLine(ctx, req.body.materieelLocatieNr, id, req.body.guidId));
    },
  );

  app.post(
    '/api/BestelLijst/RemoveAllBestelLijst',
    { schema: { tags, body: z.object(listBody).passthrough(), response: bestellijstAnswer } },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const id = await target(ctx, req.body);
      return answer(ctx, await clearOrderList(ctx, req.body.materieelLocatieNr, id));
    },
  );

  app.post(
    '/api/BestelLijst/RenameBestellijst',
    {
      schema: {
        tags,
        body: z
          .object({
            materieelLocatieNr: locationNumber,
            bestellijstId: z.guid(),
            naam: z.string().trim().min(1).max(100),
          })
          .passthrough(),
        response: bestellijstAnswer,
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      return answer(
        ctx,
        await updateOrderList(ctx, req.body.materieelLocatieNr, req.body.bestellijstId, {
          name: req.body.naam,
        }),
      );
    },
  );

  app.post(
    '/api/BestelLijst/AddNewBestellijst',
    {
      schema: {
        tags,
        body: z
          .object({ materieelLocatieNr: locationNumber, naam: z.string().trim().min(1).max(100) })
          .passthrough(),
        response: bestellijstAnswer,
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      return answer(ctx, await createOrderList(ctx, req.body.materieelLocatieNr, req.body.naam));
    },
  );

  // Whether the server-side list can still be processed (e.g. another tab already submitted it).
  app.post(
    '/api/MaterieelAanvraag/CheckServerSideBestellijstStatus',
    {
      schema: {
        tags,
        body: z.object(listBody).passthrough(),
        response: {
          200: legacyAnswer({
            bestellijstId: z.string(),
            status: z.enum(['open', 'leeg', 'verwerkt']),
            aantalRegels: z.number(),
            totaalAantal: z.number(),
            kanVerwerken: z.boolean(),
            savedAanvraagNummer: z.string().nullable(),
          }),
        },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const list = await getOrDefaultOrderList(ctx, req.body.materieelLocatieNr, req.body.bestellijstId);
      return {
        bestellijstId: list.id,
        status: list.lines.length === 0 ? (list.savedRequestNo ? 'verwerkt' : 'leeg') : 'open',
        aantalRegels: list.lineCount,
        totaalAantal: list.totalAmount,
        kanVerwerken: list.canSubmit,
        savedAanvraagNummer: list.savedRequestNo,
      };
    },
  );
}
