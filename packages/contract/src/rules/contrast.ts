/**
 * Colour contrast after WCAG 2.x (decision 0026): the relative luminance of an sRGB colour and the contrast ratio of
 * two colours, plus the pairs of corporate-identity colours the portal puts on top of each other. Pure, so the
 * corporate-identity page and the server that saves the colours judge a pair alike.
 */

/** WCAG AA for normal text. */
export const AA_TEXT_RATIO = 4.5;

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/** [r, g, b] (0–255) of `#RRGGBB` or `#RGB`; null for anything else. */
export function parseHex(value: string): [number, number, number] | null {
  const s = value.trim();
  const six = HEX6.exec(s)?.[1] ?? HEX3.exec(s)?.[1]?.replace(/./g, (c) => c + c);
  if (!six) return null;
  const n = Number.parseInt(six, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * The setting PrimaryColorRgb is PrimaryColor written as 'R, G, B' (for translucent surfaces): derived from it, never
 * set on its own (decision 0026). Null when the value is no hex colour.
 */
export function rgbTripletOf(hex: string): string | null {
  const rgb = parseHex(hex);
  return rgb ? rgb.join(', ') : null;
}

/** Whether two 'R, G, B' values name the same colour (spaces do not matter). */
export const sameRgbTriplet = (a: string, b: string): boolean =>
  a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

/** Relative luminance (0 = black, 1 = white) of a hex colour; null when it is no hex colour. */
export function relativeLuminance(hex: string): number | null {
  const rgb = parseHex(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio (1–21) of two hex colours, in either order; null when either is no hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la >= lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ratio shown to people: two decimals, rounded down so 4.499 never reads as a pass of 4.50. */
export const formatRatio = (ratio: number): string => (Math.floor(ratio * 100) / 100).toFixed(2);

/** The colour settings the pairs are made of. */
export const brandColourKeys = [
  'PrimaryColor',
  'PrimaryColorDarker',
  'PrimaryTextColor',
  'SecondaryColor',
  'SecondaryColorDarker',
  'SecondaryTextColor',
] as const;
export type BrandColourKey = (typeof brandColourKeys)[number];

export type BrandColours = Record<BrandColourKey, string>;

/** A text colour on a background, where the portal draws it. `page` is the white page background. */
export interface ContrastPair {
  id:
    | 'primaryText-on-primary'
    | 'primaryText-on-primaryDarker'
    | 'secondaryText-on-secondary'
    | 'secondaryText-on-secondaryDarker'
    | 'primary-on-page';
  text: BrandColourKey;
  background: BrandColourKey | 'page';
}

export const PAGE_BACKGROUND = '#FFFFFF';

/** Every pair the shell shows: buttons and banner, the top bar, badges and accents, links on the page. */
export const contrastPairs: readonly ContrastPair[] = [
  { id: 'primaryText-on-primary', text: 'PrimaryTextColor', background: 'PrimaryColor' },
  { id: 'primaryText-on-primaryDarker', text: 'PrimaryTextColor', background: 'PrimaryColorDarker' },
  { id: 'secondaryText-on-secondary', text: 'SecondaryTextColor', background: 'SecondaryColor' },
  { id: 'secondaryText-on-secondaryDarker', text: 'SecondaryTextColor', background: 'SecondaryColorDarker' },
  { id: 'primary-on-page', text: 'PrimaryColor', background: 'page' },
];

export interface ContrastCheck extends ContrastPair {
  textColour: string;
  backgroundColour: string;
  /** null when a colour is no hex colour (the field check says why). */
  ratio: number | null;
  passes: boolean;
}

/** Each pair judged against WCAG AA (4.5:1). */
export function checkContrast(colours: BrandColours): ContrastCheck[] {
  return contrastPairs.map((pair) => {
    const textColour = colours[pair.text];
    const backgroundColour = pair.background === 'page' ? PAGE_BACKGROUND : colours[pair.background];
    const ratio = contrastRatio(textColour, backgroundColour);
    // compared as shown (two decimals, rounded down): what reads 4.49 fails, what reads 4.50 passes
    const passes = ratio !== null && Math.floor(ratio * 100) / 100 >= AA_TEXT_RATIO;
    return { ...pair, textColour, backgroundColour, ratio, passes };
  });
}

/** The pairs below AA. */
export const failingPairs = (colours: BrandColours): ContrastCheck[] =>
  checkContrast(colours).filter((c) => !c.passes);
