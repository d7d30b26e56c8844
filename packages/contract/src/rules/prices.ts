// Spec §6, price visibility, decided once and used by the server for every response that carries a price.

export interface PriceViewer {
  /** null = anonymous visitor. */
  kind: 'internal' | 'external' | null;
  isAdmin: boolean;
  /** Whether a project location is selected for this request. */
  hasLocation: boolean;
}

export interface PriceSettings {
  ShowPriceInternalPrices: boolean;
  ToonPrijsMaterieellocatie: boolean;
  PubliekePrijzen: boolean;
}

export type PriceDisplay = 'show' | 'on_demand' | 'hidden';

/**
 * - external users always see prices;
 * - internal users on a location only with ShowPriceInternalPrices, otherwise "price on demand";
 * - internal users without a location by ToonPrijsMaterieellocatie;
 * - anonymous visitors with PubliekePrijzen;
 * - administrators (the equipment department) always see them.
 */
export function priceDisplay(viewer: PriceViewer, s: PriceSettings): PriceDisplay {
  if (viewer.isAdmin) return 'show';
  if (viewer.kind === null) return s.PubliekePrijzen ? 'show' : 'hidden';
  if (viewer.kind === 'external') return 'show';
  if (viewer.hasLocation) return s.ShowPriceInternalPrices ? 'show' : 'on_demand';
  return s.ToonPrijsMaterieellocatie ? 'show' : 'hidden';
}

/** toonPrijs of product §3: true only when prices are shown; prices are zeroed otherwise. */
export const showsPrice = (d: PriceDisplay) => d === 'show';
