import { isLocale, type Locale, locales } from '@mp/contract/i18n';
import type { RequestStatus } from '@mp/contract/rules/request-status';
import { z } from 'zod';

/*
 * The one home of the Dutch DTO mappings that the legacy adapters (`modules/<area>/<area>.legacy.ts`,
 * POST /api/{Controller}/{Action}, product §3) share. Each adapter maps its own DTOs; what several of them
 * write the same way lives here.
 */

/** The language a legacy call asks for (searchLanguage / taal), else the request's. */
export function legacyLocale(requested: string | undefined, fallback: Locale): Locale {
  return requested && isLocale(requested) ? requested : fallback;
}

/** A `locale` field of a legacy body: clients send 'nl-NL', 'nl_NL' or just 'nl'. */
export function legacyLocaleField<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const s = v.replace('_', '-').toLowerCase();
    return (
      locales.find((l) => l.toLowerCase() === s) ?? locales.find((l) => l.slice(0, 2) === s.slice(0, 2)) ?? v
    );
  }, schema);
}

/** A line or item with prices as the v2 API gives them (already null when this viewer may not see them). */
export interface PricedLine {
  showPrice: boolean;
  priceOnDemand: boolean;
  salePrice: string | null;
  dayPrice: string | null;
  weekPrice: string | null;
  weightPerPiece: string | null;
}

/** The price fields of a list line (order list, favourites, set): decimal strings, '0' when not shown. */
export function legacyPrices(p: PricedLine) {
  return {
    toonPrijs: p.showPrice,
    prijsOpAanvraag: p.priceOnDemand,
    verkoopPrijs: p.salePrice ?? '0',
    huurPrijs: p.dayPrice ?? '0',
    huurPrijsWeek: p.weekPrice ?? '0',
    gewichtPerStuk: p.weightPerPiece ?? '0',
  };
}

const amount = (value: string | null) => (value === null ? 0 : Number(value));

/** The price fields of a catalogue item (materielen): numbers, 0 when not shown, as the old interface did. */
export function legacyPriceNumbers(p: PricedLine) {
  return {
    toonPrijs: p.showPrice,
    prijsOpAanvraag: p.priceOnDemand,
    huurPrijs: amount(p.dayPrice),
    huurPrijsWeek: amount(p.weekPrice),
    verkoopPrijs: amount(p.salePrice),
    gewichtPerStuk: amount(p.weightPerPiece),
  };
}

/** A request status as the legacy interface names it (also the key under Aanvragen.status.*). */
export const legacyRequestStatus: Record<RequestStatus, string> = {
  submitted: 'ingediend',
  in_progress: 'in_behandeling',
  planned: 'gepland',
  done: 'afgerond',
  cancelled: 'geannuleerd',
  rejected: 'afgewezen',
};

/**
 * The documented answer of a legacy call: the named top-level fields, each list's rows as objects. Loose on
 * purpose: the old client's DTOs carry many fields, all kept as they are (a strict schema here would drop the
 * ones it does not name when the answer is serialized).
 */
export function legacyAnswer(shape: Record<string, z.ZodType>) {
  return z.looseObject(shape);
}
/** A list of legacy rows (objects with whatever fields the old DTO has). */
export const legacyRows = z.array(z.looseObject({}));
