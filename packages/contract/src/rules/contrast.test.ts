import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_RATIO,
  type BrandColours,
  checkContrast,
  contrastRatio,
  failingPairs,
  formatRatio,
  parseHex,
  relativeLuminance,
  rgbTripletOf,
  sameRgbTriplet,
} from './contrast.ts';

const defaults: BrandColours = {
  PrimaryColor: '#1C4E80',
  PrimaryColorDarker: '#143A60',
  PrimaryTextColor: '#FFFFFF',
  SecondaryColor: '#F59F00',
  SecondaryColorDarker: '#D48A00',
  SecondaryTextColor: '#1A1B1E',
};

describe('hex colours', () => {
  it('reads #RRGGBB and #RGB in any case, refuses the rest', () => {
    expect(parseHex('#1c4E80')).toEqual([28, 78, 128]);
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('ff0000')).toEqual([255, 0, 0]);
    expect(parseHex('red')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
    expect(parseHex('rgb(0,0,0)')).toBeNull();
  });
});

describe('WCAG contrast', () => {
  it('gives luminance 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
  });
  it('matches known ratios, in either order', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 6);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 6);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#abcdef', '#abcdef')).toBe(1);
    expect(contrastRatio('nope', '#fff')).toBeNull();
  });
  it('shows two decimals rounded down, so a fail never reads as 4.50', () => {
    expect(formatRatio(4.4999)).toBe('4.49');
    expect(formatRatio(21)).toBe('21.00');
  });
});

describe('corporate-identity pairs', () => {
  it('the default colours pass every pair', () => {
    const checks = checkContrast(defaults);
    expect(checks.map((c) => c.id)).toEqual([
      'primaryText-on-primary',
      'primaryText-on-primaryDarker',
      'secondaryText-on-secondary',
      'secondaryText-on-secondaryDarker',
      'primary-on-page',
    ]);
    expect(checks.every((c) => c.passes)).toBe(true);
    expect(failingPairs(defaults)).toEqual([]);
  });
  it('names the failing pairs with their ratio; links are judged on the white page', () => {
    const light = { ...defaults, PrimaryColor: '#FFD43B' };
    const failing = failingPairs(light);
    expect(failing.map((c) => c.id)).toEqual(['primaryText-on-primary', 'primary-on-page']);
    expect(failing[0]?.ratio).toBeLessThan(AA_TEXT_RATIO);
    expect(failing[1]?.backgroundColour).toBe('#FFFFFF');
  });
  it('fails a pair whose colour is no hex colour', () => {
    const [first] = checkContrast({ ...defaults, PrimaryColor: 'red' });
    expect(first?.ratio).toBeNull();
    expect(first?.passes).toBe(false);
  });
  it('#777 on white (4.48) fails, #767676 (4.54) passes', () => {
    const grey = (c: string) => checkContrast({ ...defaults, PrimaryColor: c }).at(-1)?.passes;
    expect(grey('#777777')).toBe(false);
    expect(grey('#767676')).toBe(true);
  });
});

describe('PrimaryColorRgb', () => {
  it('is the primary colour written as R, G, B', () => {
    expect(rgbTripletOf('#1C4E80')).toBe('28, 78, 128');
    expect(rgbTripletOf('#fff')).toBe('255, 255, 255');
    expect(rgbTripletOf('red')).toBeNull();
    expect(sameRgbTriplet('28,78,128', '28, 78, 128')).toBe(true);
    expect(sameRgbTriplet('28, 78, 129', '28, 78, 128')).toBe(false);
  });
});
