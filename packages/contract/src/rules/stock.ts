/**
 * Pure rules of the stock screens (issue #10, decision 0014), shared by server and web.
 */
import { daysBetween } from './order-dates.ts';

/** Sort orders of the stock page (`default`: item number, then plant number); zod-free for the web pages. */
export const stockSortOrders = [
  'default',
  'itemNo',
  'itemNoDesc',
  'description',
  'descriptionDesc',
  'plantNo',
  'plantNoDesc',
  'quantity',
  'quantityDesc',
  'onSiteSince',
  'onSiteSinceDesc',
  'nextInspection',
  'nextInspectionDesc',
  /** Idle lines first, longest without movement first (decision 0034), then as `default`. */
  'idle',
] as const;
export type StockSortOrder = (typeof stockSortOrders)[number];

export type InspectionLevelName = 'ok' | 'info' | 'warning' | 'danger';

export interface InspectionLevelSettings {
  MaterieelvoorraadKeuringsdatumInfoDays: number;
  MaterieelvoorraadKeuringsdatumWarningDays: number;
  MaterieelvoorraadKeuringsdatumDangerDays: number;
}

/**
 * The colour of a next inspection due date: danger when it is due within DangerDays (or overdue), else
 * warning within WarningDays, else info within InfoDays, else ok. Days are calendar days from today.
 */
export function inspectionLevelOf(
  due: string,
  today: string,
  s: InspectionLevelSettings,
): InspectionLevelName {
  const left = daysBetween(today, due);
  if (left <= s.MaterieelvoorraadKeuringsdatumDangerDays) return 'danger';
  if (left <= s.MaterieelvoorraadKeuringsdatumWarningDays) return 'warning';
  if (left <= s.MaterieelvoorraadKeuringsdatumInfoDays) return 'info';
  return 'ok';
}

/**
 * Days a stock line stood without movement (decision 0034): calendar days from the last movement (delivery,
 * relocation, scan, inspection, removal-list entry) to today; idle from `idleAfterDays`
 * (Materieelvoorraad_StilstandDagen) on. Null when it is not idle.
 */
export function idleDaysOf(lastMoved: string, today: string, idleAfterDays: number): number | null {
  const days = daysBetween(lastMoved, today);
  return days >= idleAfterDays ? days : null;
}

/** Whether a plant's next inspection falls due on or before the project's end (decision 0034). */
export function inspectionDueBeforeEnd(nextInspection: string | null, projectEnd: string | null): boolean {
  return nextInspection !== null && projectEnd !== null && nextInspection <= projectEnd;
}

/** Days on site: calendar days from the first day of the stay to today, both counted (never below 1). */
export function daysOnSite(since: string, today: string): number {
  return Math.max(1, daysBetween(since, today) + 1);
}

/**
 * How much the caller may still put on their removal list for a line: what is on site, minus what open removal
 * and relocation requests already take away (`leaving`), minus what other users already put on their lists when
 * that is counted (Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers). The caller's own line is
 * replaced by a new amount, so it is not subtracted.
 */
export function availableForRemoval(
  onSite: number,
  onOtherLists: number,
  countOthers: boolean,
  leaving = 0,
): number {
  return Math.max(0, onSite - leaving - (countOthers ? onOtherLists : 0));
}

/** Translation key of a stock history row's kind (Materieelvoorraad.verloop.soort): on screen and in exports. */
export const ledgerKindKey = {
  initial: 'Materieelvoorraad.verloop.soort.begin',
  delivery: 'Materieelvoorraad.verloop.soort.levering',
  removal: 'Materieelvoorraad.verloop.soort.afvoer',
  move_in: 'Materieelvoorraad.verloop.soort.verplaatsing_naar',
  move_out: 'Materieelvoorraad.verloop.soort.verplaatsing_van',
  sale: 'Materieelvoorraad.verloop.soort.verkoop',
  correction: 'Materieelvoorraad.verloop.soort.correctie',
  empty: 'Materieelvoorraad.verloop.soort.leeg',
} as const satisfies Record<
  'initial' | 'delivery' | 'removal' | 'move_in' | 'move_out' | 'sale' | 'correction' | 'empty',
  string
>;

/** The page of one numbered plant, as printed in the QR code of its label (the portal's address before it). */
export const PLANT_PAGE_PATTERN = /\/materieelvoorraad\/details\/([^/?#\s]+)\/([^/?#\s]+)/i;

/**
 * What a scanned or typed code names: a plant number (case and spaces around it do not matter; plant numbers are
 * upper case), or the address of a plant's page as the labels print it. Null when it cannot be a plant number.
 */
export function plantNoFromCode(code: string): string | null {
  const page = PLANT_PAGE_PATTERN.exec(code);
  let plantNo = code.trim();
  if (page?.[2]) {
    try {
      plantNo = decodeURIComponent(page[2]);
    } catch {
      return null;
    }
  }
  plantNo = plantNo.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9._\-/ ]{0,49}$/.test(plantNo) ? plantNo : null;
}
