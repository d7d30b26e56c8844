import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Fontkit from 'fontkit';

/*
 * The fonts a portal PDF embeds (decision 0019, issue #31 item 12), all libre (SIL OFL 1.1) and shipped as npm
 * packages: Noto Sans for Latin (Polish, Turkish, Czech, Romanian, Vietnamese …), Greek and Cyrillic; Noto Emoji
 * (monochrome) for emoji; Noto Sans Hans for Chinese and Japanese (Han, kana). A text is cut into runs, each in the
 * first font of the chain that has all of a character's code points; a character none of them has (Korean, Arabic,
 * Thai …) prints as U+FFFD '�' — a visible mark, never another letter. pdfkit embeds only the glyphs a document uses.
 */

const require = createRequire(import.meta.url);
// why: loaded with the first font a document asks for, not when the server starts (decision 0008 "RSS per process")
let fontkit: typeof Fontkit | undefined;

export type FontName = 'text' | 'bold' | 'emoji' | 'cjk' | 'cjkBold';

function packageDir(name: string): string {
  // why: createRequire, not import.meta.resolve, which Vitest's module runner does not support
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

const files: Record<FontName, () => string> = {
  text: () => path.join(packageDir('@embedpdf/fonts-latin'), 'fonts/NotoSans-Regular.ttf'),
  bold: () => path.join(packageDir('@embedpdf/fonts-latin'), 'fonts/NotoSans-Bold.ttf'),
  emoji: () => path.join(packageDir('@expo-google-fonts/noto-emoji'), '400Regular/NotoEmoji_400Regular.ttf'),
  cjk: () => path.join(packageDir('@embedpdf/fonts-sc'), 'fonts/NotoSansHans-Regular.otf'),
  cjkBold: () => path.join(packageDir('@embedpdf/fonts-sc'), 'fonts/NotoSansHans-Bold.otf'),
};

// why: parsed once per process and only when a document needs the font (the CJK fonts are 8 MB each); parsing
// per document cost about 0.3 s a note. pdfkit takes a parsed fontkit font and makes each document its own subset.
const parsed = new Map<FontName, Fontkit.Font>();

/** The parsed font, as pdfkit's registerFont takes it. */
export function fontFor(name: FontName): Fontkit.Font {
  let f = parsed.get(name);
  if (!f) {
    fontkit ??= require('fontkit') as typeof Fontkit;
    f = fontkit.create(readFileSync(files[name]())) as Fontkit.Font;
    parsed.set(name, f);
  }
  return f;
}

/**
 * The font for one document: the parsed tables are shared, the glyph cache is the document's own. fontkit caches a
 * glyph with the code points it was first asked for; subsetting a composite glyph ('Ż' = 'Z' + dot) asks for its
 * component without any, so a later document's 'Z' would read back as another character.
 */
export function fontForDocument(name: FontName): Fontkit.Font {
  const own = Object.create(fontFor(name)) as Fontkit.Font & { _glyphs: object };
  own._glyphs = {};
  return own;
}

/** The ascent of the text font, in thousandths of the font size (pdfkit's unit): where a line's baseline is. */
export function textAscender(bold: boolean): number {
  const f = fontFor(bold ? 'bold' : 'text');
  return (f.ascent / f.unitsPerEm) * 1000;
}

export interface Run {
  font: FontName;
  text: string;
}

// Joiners, variation selectors and tags shape an emoji or a letter; the font need not have a glyph of their own.
const shaping = (cp: number) =>
  cp === 0x200c || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0000 && cp <= 0xe007f);
// Latin, Latin-1, Latin Extended-A/B, general punctuation and currency: Noto Sans has all of it (the common case).
const PLAIN = /^[\n\u0020-\u024F\u2000-\u206F\u20A0-\u20CF]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters have no glyph; a tab or CR is a space
const CONTROL = /\r\n?|[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;
const REPLACEMENT = '\uFFFD';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** `text` cut into runs of one font each (regular or bold chain); one run for plain Latin text. */
export function textRuns(text: string, bold = false): Run[] {
  const clean = text.replace(CONTROL, (c) => (c.startsWith('\r') ? '\n' : ' '));
  const main: FontName = bold ? 'bold' : 'text';
  if (PLAIN.test(clean)) return [{ font: main, text: clean }];
  const chain: FontName[] = [main, 'emoji', bold ? 'cjkBold' : 'cjk'];
  const runs: Run[] = [];
  for (const { segment } of graphemes.segment(clean)) {
    let name: FontName = main;
    let shown = segment;
    if (!/^\s+$/.test(segment)) {
      const points = [...segment].map((c) => c.codePointAt(0) ?? 0).filter((cp) => !shaping(cp));
      const found = chain.find((f) => points.every((cp) => fontFor(f).hasGlyphForCodePoint(cp)));
      if (found) name = found;
      else shown = REPLACEMENT;
    }
    const last = runs.at(-1);
    if (last?.font === name) last.text += shown;
    else runs.push({ font: name, text: shown });
  }
  return runs;
}
