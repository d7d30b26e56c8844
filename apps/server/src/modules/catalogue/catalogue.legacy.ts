import {
  type CatalogueItem,
  catalogueSort,
  EMPTY_GUID,
  type ItemDetails,
  pageSizes,
} from '@mp/contract/api/catalogue';
import { locationNumber } from '@mp/contract/api/common';
import { type Locale, locales, translate } from '@mp/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import {
  legacyAnswer,
  legacyLocale,
  legacyPriceNumbers,
  legacyRows,
} from '../../platform/http/legacy-dto.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import {
  cataloguePage,
  itemCards,
  itemDetails,
  listCategories,
  type TechEntry,
} from './catalogue.service.ts';

// Legacy RPC calls (POST /api/{Controller}/{Action}): the Dutch DTOs of product §3 over the same services.
// Prices travel as numbers here and are 0 when not shown (toonPrijs false), as the old interface did.

const itemNo = z.string().trim().min(1).max(50);
const language = z.string().max(10).optional();

const numberFormats = new Map<Locale, Intl.NumberFormat>();
function formatNumber(value: string, locale: Locale): string {
  let f = numberFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: false });
    numberFormats.set(locale, f);
  }
  return f.format(Number(value));
}

function techText(e: TechEntry, locale: Locale): string {
  if (e.value === null) return '';
  switch (e.kind) {
    case 'boolean':
      return translate(locale, e.value === true ? 'shared.ja' : 'shared.nee');
    case 'number':
      return [formatNumber(String(e.value), locale), e.unit].filter(Boolean).join(' ');
    case 'text':
      return e.texts?.[locale] ?? e.texts?.['nl-NL'] ?? String(e.value);
    default:
      return '';
  }
}

/** technischeGegevens: label and text in the asked language, with every translation (vertalingen). */
export function toTechnischeGegevens(entries: CatalogueItem['techData'], locale: Locale) {
  return (entries as TechEntry[]).map((e) => ({
    label: e.label,
    tekst: techText(e, locale),
    soort: e.kind,
    vertalingen: locales.map((l) => ({
      taal: l,
      label: e.labels?.[l] ?? e.labels?.['nl-NL'] ?? e.label,
      tekst: techText(e, l),
    })),
  }));
}

/** A catalogue item as the legacy interface shows it (materielen). */
export function toMaterieel(item: CatalogueItem, locale: Locale) {
  return {
    materieelSoort: item.itemNo,
    omschrijving: item.description,
    aantal: 0,
    ...legacyPriceNumbers(item),
    verhuurType: item.rentalType,
    huurEenheid: item.rentalUnit,
    afbeeldingUrl: item.imageUrl,
    categorieId: item.categoryId ?? EMPTY_GUID,
    technischeGegevens: toTechnischeGegevens(item.techData, locale),
  };
}

function toMaterieelDetails(d: ItemDetails, locale: Locale) {
  return {
    ...toMaterieel(d, locale),
    langeOmschrijving: d.longDescription,
    afbeeldingen: d.images,
    technischeGegevensZichtbaar: d.techDataVisible,
    documenten: d.documents.map((doc) => ({
      id: doc.id,
      titel: doc.title,
      categorie: doc.category,
      datum: doc.date,
      url: doc.url,
    })),
    meegeleverdeItems: d.accessories.map((a) => ({ ...toMaterieel(a, locale), aantal: a.amount })),
    bestelTips: d.orderTips.map((a) => toMaterieel(a, locale)),
  };
}

export function catalogueLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/ItemCategories/GetItemCategories',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: z.object({ taal: language }).optional(),
        response: { 200: legacyAnswer({ catalogi: legacyRows }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const { categories } = await listCategories(ctx, { locale: legacyLocale(req.body?.taal, ctx.locale) });
      return {
        catalogi: categories.map((c) => ({
          id: c.id,
          parent: c.parent,
          navisionFilter: c.navisionFilter,
          code: c.code,
          omschrijving: c.name,
          afbeeldingUrl: c.imageUrl,
          aantal: c.totalItemCount,
        })),
      };
    },
  );

  app.post(
    '/api/MaterieelCatalogus/GetMaterieelCatalogus',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: z.object({
          categorieId: z.guid(),
          materieelLocatieNr: locationNumber.optional(),
          sortBy: catalogueSort.default('default'),
          pageSize: z.literal(pageSizes).default(50),
          pageNumber: z.number().int().min(1).max(100_000).default(1),
          bool: z.array(z.guid()).max(20).default([]),
          huurPrijsMin: z.number().min(0).optional(),
          huurPrijsMax: z.number().min(0).optional(),
          huurPrijsWeekMin: z.number().min(0).optional(),
          huurPrijsWeekMax: z.number().min(0).optional(),
          taal: language,
        }),
        response: {
          200: legacyAnswer({
            categorie: z.looseObject({ id: z.string() }),
            materielen: legacyRows,
            totaal: z.number(),
            paginaNummer: z.number(),
            paginaGrootte: z.number(),
          }),
        },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const b = req.body;
      const locale = legacyLocale(b.taal, ctx.locale);
      const page = await cataloguePage(
        ctx,
        b.categorieId,
        {
          locationNo: b.materieelLocatieNr,
          sortBy: b.sortBy,
          pageSize: b.pageSize,
          pageNumber: b.pageNumber,
          bool: b.bool.map((s) => s.toLowerCase()),
          dayMin: b.huurPrijsMin,
          dayMax: b.huurPrijsMax,
          weekMin: b.huurPrijsWeekMin,
          weekMax: b.huurPrijsWeekMax,
        },
        { locale, translations: true },
      );
      return {
        categorie: { id: page.category.id, parent: page.category.parent, omschrijving: page.category.name },
        materielen: page.items.map((i) => toMaterieel(i, locale)),
        totaal: page.total,
        paginaNummer: page.pageNumber,
        paginaGrootte: page.pageSize,
        filters: page.facets,
      };
    },
  );

  const oneItem = z.object({
    materieelSoort: itemNo,
    materieelLocatieNr: locationNumber.optional(),
    taal: language,
  });
  const details = legacyAnswer({
    materieelSoort: z.string(),
    documenten: legacyRows,
    meegeleverdeItems: legacyRows,
    bestelTips: legacyRows,
  });

  app.post(
    '/api/MaterieelDetails/GetMaterieelDetails',
    { schema: { security: visitorsWhenAllowed, tags, body: oneItem, response: { 200: details } } },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const locale = legacyLocale(req.body.taal, ctx.locale);
      const d = await itemDetails(ctx, req.body.materieelSoort, req.body.materieelLocatieNr, {
        locale,
        translations: true,
      });
      return toMaterieelDetails(d, locale);
    },
  );

  app.post(
    '/api/MaterieelDetails/GetMaterielenDetails',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: z.object({
          materieelSoorten: z.array(itemNo).min(1).max(50),
          materieelLocatieNr: locationNumber.optional(),
          taal: language,
        }),
        response: { 200: legacyAnswer({ materielen: legacyRows }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const locale = legacyLocale(req.body.taal, ctx.locale);
      const { items } = await itemCards(
        ctx,
        [...new Set(req.body.materieelSoorten)],
        req.body.materieelLocatieNr,
        {
          locale,
          translations: true,
        },
      );
      return { materielen: items.map((i) => toMaterieel(i, locale)) };
    },
  );

  app.post(
    '/api/MaterieelBestelTips/GetMaterieelBestelTips',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: oneItem,
        response: { 200: legacyAnswer({ materielen: legacyRows }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const locale = legacyLocale(req.body.taal, ctx.locale);
      const d = await itemDetails(ctx, req.body.materieelSoort, req.body.materieelLocatieNr, {
        locale,
        translations: true,
      });
      return { materielen: d.orderTips.map((i) => toMaterieel(i, locale)) };
    },
  );

  app.post(
    '/api/MeegeleverdeItems/GetMeegeLeverdeItems',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: oneItem,
        response: { 200: legacyAnswer({ items: legacyRows }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const locale = legacyLocale(req.body.taal, ctx.locale);
      const d = await itemDetails(ctx, req.body.materieelSoort, req.body.materieelLocatieNr, {
        locale,
        translations: true,
      });
      return { items: d.accessories.map((i) => ({ ...toMaterieel(i, locale), aantal: i.amount })) };
    },
  );
}
