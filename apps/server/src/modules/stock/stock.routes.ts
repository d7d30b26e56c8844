import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import { idParams, itemNumber, locationNumber } from '@mp/contract/api/common';
import {
  allStockQuery,
  allStock as allStockSchema,
  historyExportQuery,
  historyParams,
  historyQuery,
  inspectionsList,
  inspectionsQuery,
  plantDetail as plantDetailSchema,
  plantParams,
  plantQuery,
  type StockLine,
  scanQuery,
  scanResult,
  stockExportQuery,
  stockHistory as stockHistorySchema,
  stockPage as stockPageSchema,
  stockQuery,
} from '@mp/contract/api/stock';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyRows } from '../../platform/http/legacy-dto.ts';
import { fileAnswer, fileTypes } from '../../platform/http/openapi-schema.ts';
import { plainJson } from '../../platform/http/plain-json.ts';
import { sendExport } from '../../platform/http/send-file.ts';
import { exportHistory, exportStock } from './stock.export.ts';
import { plantDetail, scanPlant, stockHistory } from './stock.plants.ts';
import { allStock, allStockLines, plantInspections, stockPage, stockPresent } from './stock.service.ts';

const access =
  'Needs AppMaterieelvoorraad; plantLocation must be one of the caller’s locations (a foreign one answers 404, like an unknown one).';

/** A stock line as the legacy MaterieelVoorraad calls name it. */
function voorraadDto(l: StockLine) {
  return {
    materieelSoort: l.itemNo,
    omschrijving: l.description,
    materieelNummer: l.plantNo ?? '',
    aantal: l.quantity,
    verhuurType: l.rentalType,
    inGebruikSinds: l.onSiteSince,
    dagenOpLocatie: l.daysOnSite,
    toonPrijs: l.showPrice,
    prijsOpAanvraag: l.priceOnDemand,
    huurPrijs: l.dayPrice === null ? 0 : Number(l.dayPrice),
    huurPrijsWeek: l.weekPrice === null ? 0 : Number(l.weekPrice),
    gewichtPerStuk: l.weightPerPiece === null ? 0 : Number(l.weightPerPiece),
    keuringsDatum: l.nextInspection,
    keuringsStatus: l.inspectionLevel,
    afvoerlijstAantal: l.onMyRemovalList,
    afvoerlijstAantalAnderen: l.onOtherRemovalLists,
    beschikbaarVoorAfvoer: l.availableForRemoval,
  };
}

export async function stockRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['PlantInventoryItems'];

  app.get(
    '/api/v2.0/PlantInventoryItems/:id',
    {
      schema: {
        tags,
        description: `The stock on plantLocation (Materieelvoorraad): every bulk item and numbered plant, in the category and its own items only (the empty guid: every category), filtered by query (words in number, description or plant number), sorted and paged. Each line: on site since, days on site, prices per product §6, the next inspection with its colour (MaterieelvoorraadKeuringsdatum{Info,Warning,Danger}Days), what is on removal lists and what the caller may still put on theirs. ${access}`,
        params: idParams,
        querystring: stockQuery,
        response: { 200: stockPageSchema },
      },
      serializerCompiler: plainJson,
    },
    async (req) => stockPage(ctxOf(req, deps), req.params.id, req.query),
  );

  app.get(
    '/api/v2.0/PlantInventoryItems/scan',
    {
      schema: {
        tags,
        description:
          "Scanning (Materieelvoorraad_ScannenEnabled, else 403 Materieelvoorraad.scannen_uit): the plant a scanned or typed code names — a plant number (case and surrounding spaces do not matter) or the address of its page as the QR labels print it (…/materieelvoorraad/details/{itemNo}/{plantNo}) — with the caller's location it stands on. A plant that is not on one of the caller's locations answers 404 Materieelvoorraad.scan_niet_gevonden, like an unknown one. Needs AppMaterieelvoorraad.",
        querystring: scanQuery,
        response: { 200: scanResult },
      },
    },
    async (req) => scanPlant(ctxOf(req, deps), req.query.code),
  );

  app.get(
    '/api/v2.0/PlantInventoryItems/:id/plants/:plantNo',
    {
      schema: {
        tags,
        description: `One numbered plant (MaterieelvoorraadDetails) that stands or stood on plantLocation: serial number, build year, where it is, inspections with certificates (GET Documents/{id}/content), its movements on the caller's locations. ${access}`,
        params: plantParams,
        querystring: plantQuery,
        response: { 200: plantDetailSchema },
      },
    },
    async (req) => plantDetail(ctxOf(req, deps), req.params.id, req.params.plantNo, req.query.plantLocation),
  );

  app.get(
    '/api/v2.0/PlantInventoryItems/:id/history',
    {
      schema: {
        tags,
        description: `The stock history (Voorraadverloop) of an item, or of one of its plants (plantNo), on plantLocation: every ledger row with the running balance and its order. With Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad empty periods are rows too; without it an item no longer on site answers 404 error.geen_voorraad. ${access}`,
        params: historyParams,
        querystring: historyQuery,
        response: { 200: stockHistorySchema },
      },
    },
    async (req) => stockHistory(ctxOf(req, deps), req.params.id, req.query),
  );

  app.get(
    '/api/v2.0/PlantInventoryItems/:id/locations',
    {
      schema: {
        tags,
        description: `The stock of every location of the caller, grouped by location with totals (AlleMaterieelvoorraad, needs Materieelvoorraad_ToonAllevoorraden, else 403 Materieelvoorraad.alle_voorraden_uit), or with query the search over them (Materieel-Zoeken-Locaties: where is item X or plant Y). {id}: a category, the empty guid for all. At most maxLinesPerLocation lines per location; the totals count all. Needs AppMaterieelvoorraad.`,
        params: idParams,
        querystring: allStockQuery,
        response: { 200: allStockSchema },
      },
      serializerCompiler: plainJson,
    },
    async (req) => allStock(ctxOf(req, deps), req.params.id, req.query, req.query.query ? 'search' : 'all'),
  );

  app.get(
    '/api/v2.0/PlantInventoryItems/:id/export',
    {
      schema: {
        tags,
        description: `The stock on plantLocation as a file (format xlsx, the default, or csv), streamed: every line the stock page shows for the category ({id}, the empty guid: all), query and sortBy, with typed cells (numbers, money, days) and headers in the caller's language; price columns only when the caller sees prices. CSV in the caller's region (';' and decimal comma except en-US), UTF-8 with byte order mark, formulas escaped. Needs Materieelvoorraad_ShowExportVoorraad (else 403 Materieelvoorraad.export.uit). ${access}`,
        params: idParams,
        querystring: stockExportQuery,
        response: { 200: exportFile },
      },
    },
    async (req, reply) => sendExport(reply, await exportStock(ctxOf(req, deps), req.params.id, req.query)),
  );

  app.get(
    '/api/v2.0/PlantInventoryItems/:id/history/export',
    {
      schema: {
        tags,
        description: `The stock history of an item (or one plant) on plantLocation as a file (format xlsx, the default, or csv), the rows of GET PlantInventoryItems/{itemNo}/history. Needs Materieelvoorraad_ShowExportVoorraadVerloop (else 403 Materieelvoorraad.export.verloop_uit). ${access}`,
        params: historyParams,
        querystring: historyExportQuery,
        response: { 200: exportFile },
      },
    },
    async (req, reply) => sendExport(reply, await exportHistory(ctxOf(req, deps), req.params.id, req.query)),
  );

  app.get(
    '/api/v2.0/PlantInspections',
    {
      schema: {
        tags: ['PlantInspections'],
        description:
          'Materieelkeuringen: the numbered plants on the caller’s locations (or on plantLocation) with their latest inspection, by due date (overdue first), colour and certificate (GET Documents/{id}/content); every plant with ShowAllInspections, else those due within MaterieelvoorraadKeuringsdatumInfoDays. Needs AppKeuringen; a foreign plantLocation answers 404.',
        querystring: inspectionsQuery,
        response: { 200: inspectionsList },
      },
    },
    async (req) => plantInspections(ctxOf(req, deps), req.query.plantLocation),
  );

  stockLegacy(app, deps);
}

/** The 200 of an export in the API document: the file itself (the route streams it; nothing is serialized). */
const exportFile = fileAnswer('The XLSX or CSV file (CSV: UTF-8), as an attachment.', fileTypes.table);

/** A streamed export as a download: never cached, never shown inline. */
const locatieBody = { materieelLocatieNr: locationNumber };

/** Legacy RPC calls MaterieelVoorraad/* (POST, body is a request object). */
function stockLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/MaterieelVoorraad/ToonVoorraad',
    {
      schema: {
        tags,
        description: `The stock of the location, every line (materielen). ${access}`,
        body: z.object({ ...locatieBody, zoekTekst: z.string().max(100).optional() }).passthrough(),
        response: { 200: legacyAnswer({ materielen: legacyRows, totaalAantal: z.number() }) },
      },
    },
    async (req) => {
      const r = await allStockLines(ctxOf(req, deps), req.body.materieelLocatieNr, req.body.zoekTekst);
      return { materielen: r.lines.map(voorraadDto), totaalAantal: r.totalQuantity };
    },
  );

  app.post(
    '/api/MaterieelVoorraad/CheckVoorraadAanwezig',
    {
      schema: {
        tags,
        description: `Whether anything is on the location (aanwezig) and how much. ${access}`,
        body: z.object(locatieBody).passthrough(),
        response: { 200: legacyAnswer({ aanwezig: z.boolean(), aantal: z.number() }) },
      },
    },
    async (req) => {
      const r = await stockPresent(ctxOf(req, deps), req.body.materieelLocatieNr);
      return { aanwezig: r.present, aantal: r.quantity, regels: r.lines };
    },
  );

  const verloopDto = (e: {
    date: string;
    kind: string;
    locationNo: string | null;
    quantity: number;
    balance: number;
    orderNo: string | null;
    until: string | null;
  }) => ({
    datum: e.date,
    soort: e.kind,
    materieelLocatie: e.locationNo,
    aantal: e.quantity,
    saldo: e.balance,
    orderNummer: e.orderNo,
    tot: e.until,
  });

  app.post(
    '/api/MaterieelVoorraad/VoorraadVerloop',
    {
      schema: {
        tags,
        description: `The stock history of an item (or one plant: materieelNummer) on the location. ${access}`,
        body: z
          .object({
            ...locatieBody,
            materieelSoort: itemNumber,
            materieelNummer: z.string().trim().max(50).optional(),
          })
          .passthrough(),
        response: { 200: legacyAnswer({ verloop: legacyRows, huidigAantal: z.number() }) },
      },
    },
    async (req) => {
      const h = await stockHistory(ctxOf(req, deps), req.body.materieelSoort, {
        plantLocation: req.body.materieelLocatieNr,
        plantNo: req.body.materieelNummer || undefined,
      });
      return { verloop: h.entries.map(verloopDto), huidigAantal: h.current, omschrijving: h.description };
    },
  );

  const locatieDto = (g: {
    locationNo: string;
    description: string;
    totalLines: number;
    totalQuantity: number;
    items: StockLine[];
  }) => ({
    materieelLocatieNr: g.locationNo,
    omschrijving: g.description,
    aantalRegels: g.totalLines,
    totaalAantal: g.totalQuantity,
    materielen: g.items.map(voorraadDto),
  });

  app.post(
    '/api/MaterieelVoorraad/VoorradenLocaties',
    {
      schema: {
        tags,
        description:
          'The stock of every location of the caller, grouped by location (needs Materieelvoorraad_ToonAllevoorraden).',
        body: z
          .object({ zoekTekst: z.string().max(100).optional() })
          .passthrough()
          .nullish(),
        response: { 200: legacyAnswer({ locaties: legacyRows }) },
      },
    },
    async (req) => {
      const r = await allStock(
        ctxOf(req, deps),
        EMPTY_GUID,
        { query: req.body?.zoekTekst, sortBy: 'default' },
        'all',
      );
      return { locaties: r.locations.map(locatieDto), totaalAantal: r.totalQuantity };
    },
  );

  app.post(
    '/api/MaterieelVoorraad/FindMaterieelOnMaterieelVoorraad',
    {
      schema: {
        tags,
        description:
          'Where an item or plant is among the caller’s locations (zoekTekst: words in number, description or plant number).',
        // why: two characters that are not spaces, no control character (the pattern says so in the API document; trim()
        // and the control-character check alone would not)
        body: z
          .object({
            zoekTekst: z
              .string()
              .max(100)
              .regex(/^[^\p{Cc}]*[^\s\p{Cc}][^\p{Cc}]*[^\s\p{Cc}][^\p{Cc}]*$/u, 'validation.te_kort')
              .trim()
              .min(2),
          })
          .passthrough(),
        response: { 200: legacyAnswer({ locaties: legacyRows }) },
      },
    },
    async (req) => {
      const r = await allStock(
        ctxOf(req, deps),
        EMPTY_GUID,
        { query: req.body.zoekTekst, sortBy: 'default' },
        'search',
      );
      return { locaties: r.locations.map(locatieDto) };
    },
  );

  app.post(
    '/api/MaterieelKeuringen/GetKeuringen',
    {
      schema: {
        tags,
        description:
          'The inspections of the plants on the caller’s locations (or materieelLocatieNr), by due date.',
        body: z.object({ materieelLocatieNr: locationNumber.optional() }).passthrough().nullish(),
        response: { 200: legacyAnswer({ keuringen: legacyRows }) },
      },
    },
    async (req) => {
      const r = await plantInspections(ctxOf(req, deps), req.body?.materieelLocatieNr);
      return {
        keuringen: r.items.map((i) => ({
          materieelLocatieNr: i.locationNo,
          materieelSoort: i.itemNo,
          omschrijving: i.description,
          materieelNummer: i.plantNo,
          keuringsDatum: i.lastInspectedOn,
          resultaat: i.result,
          volgendeKeuring: i.nextDueDate,
          keuringsStatus: i.level,
          dagenTotKeuring: i.daysLeft,
          certificaatDocumentId: i.certificateDocumentId,
        })),
      };
    },
  );

  app.post(
    '/api/MaterieelVoorraad/VoorraadVerloopMaterieelStuk',
    {
      schema: {
        tags,
        description: `One plant's movements on the caller's locations, seen from the location. ${access}`,
        body: z
          .object({ ...locatieBody, materieelSoort: itemNumber, materieelNummer: itemNumber })
          .passthrough(),
        response: { 200: legacyAnswer({ verloop: legacyRows }) },
      },
    },
    async (req) => {
      const d = await plantDetail(
        ctxOf(req, deps),
        req.body.materieelSoort,
        req.body.materieelNummer,
        req.body.materieelLocatieNr,
      );
      return {
        verloop: d.history.map(verloopDto),
        serienummer: d.serialNo,
        bouwjaar: d.buildYear,
        materieelLocatie: d.locationNo,
      };
    },
  );
}
