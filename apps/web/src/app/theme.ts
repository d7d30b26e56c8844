import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

/** The corporate-identity colour settings (all #RRGGBB). */
export interface BrandColors {
  primary: string;
  primaryDarker: string;
  primaryText: string;
  secondary: string;
  secondaryDarker: string;
  secondaryText: string;
}

export const defaultBrand: BrandColors = {
  primary: '#1C4E80',
  primaryDarker: '#143A60',
  primaryText: '#FFFFFF',
  secondary: '#F59F00',
  secondaryDarker: '#D48A00',
  secondaryText: '#1A1B1E',
};

const HEX = /^#[0-9a-f]{6}$/i;
export const validHex = (value: string | undefined, fallback: string): string =>
  value && HEX.test(value) ? value : fallback;

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex: string, with_: [number, number, number], amount: number): string {
  const c = rgb(hex);
  const out = c.map((v, i) => Math.round(v + (with_[i] - v) * amount));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Ten shades around a base colour: 0–5 lighter, 6 the colour itself, 7 the given darker variant, 8–9 darker still. */
export function shadesOf(base: string, darker: string): MantineColorsTuple {
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  return [
    mix(base, white, 0.92),
    mix(base, white, 0.82),
    mix(base, white, 0.66),
    mix(base, white, 0.5),
    mix(base, white, 0.32),
    mix(base, white, 0.16),
    base,
    darker,
    mix(darker, black, 0.2),
    mix(darker, black, 0.4),
  ];
}

// WCAG contrast: packages/contract/src/rules/contrast.ts (the corporate-identity page and its server agree).

/** The Mantine theme for the corporate identity: primary colour 'brand', accent 'secondary'. */
export function buildTheme(brand: BrandColors): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: {
      brand: shadesOf(brand.primary, brand.primaryDarker),
      secondary: shadesOf(brand.secondary, brand.secondaryDarker),
    },
    autoContrast: true,
    luminanceThreshold: 0.45,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    headings: {
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      fontWeight: '700',
    },
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    components: {
      Button: { defaultProps: { size: 'md' } },
      ActionIcon: { defaultProps: { size: 44 } },
    },
  });
}

/** CSS variables for surfaces in the brand colours (top bar, banner, badges). */
export function brandCssVariables(brand: BrandColors): Record<string, string> {
  const [r, g, b] = rgb(brand.primary);
  return {
    '--mp-primary': brand.primary,
    '--mp-primary-darker': brand.primaryDarker,
    '--mp-primary-rgb': `${r}, ${g}, ${b}`,
    '--mp-primary-text': brand.primaryText,
    '--mp-secondary': brand.secondary,
    '--mp-secondary-darker': brand.secondaryDarker,
    '--mp-secondary-text': brand.secondaryText,
  };
}
