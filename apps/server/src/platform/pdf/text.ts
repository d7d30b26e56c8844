import { type FontName, fontForDocument, type Run, textAscender, textRuns } from './fonts.ts';

/*
 * Writing and measuring text in the embedded fonts (fonts.ts): a text in one font is pdfkit's own `text` and
 * `heightOfString`; a text that needs several fonts (a name with an emoji, Latin with Chinese) is written as
 * pdfkit's continued runs, each in its font, on one common baseline, and measured through the same line wrapper.
 */

export type Align = 'left' | 'right' | 'center';

export interface TextOptions {
  width?: number;
  align?: Align;
  /** False: one line, nothing wraps (pdfkit's lineBreak). */
  lineBreak?: boolean;
  characterSpacing?: number;
}

type Doc = PDFKit.PDFDocument;
// why: pdfkit measures a text only in one font; its internal `_text` with a line callback is what heightOfString
// uses, and with `continued` it keeps one line wrapper across runs in different fonts.
type Internal = {
  _fontSize: number;
  _text(text: string, options: object, y: undefined, o: undefined, onLine: () => void): void;
};

const registered = new WeakMap<Doc, Set<FontName>>();

/** Selects `name` on the document, registering the embedded font the first time this document uses it. */
function use(doc: Doc, name: FontName): void {
  let set = registered.get(doc);
  if (!set) {
    set = new Set();
    registered.set(doc, set);
  }
  if (!set.has(name)) {
    // pdfkit takes a parsed fontkit font as well as bytes (PDFFontFactory.open); the types know only bytes
    doc.registerFont(name, fontForDocument(name) as unknown as Buffer);
    set.add(name);
  }
  doc.font(name);
}

/** Selects the text font (regular or bold) without writing, for code that measures with pdfkit directly. */
export function useTextFont(doc: Doc, bold = false): void {
  use(doc, bold ? 'bold' : 'text');
}

// why: Noto Sans keeps room above and below for stacked accents (a line is 1.36 em); lines 1.24 em apart read as
// closely as the Helvetica the documents were laid out with, and accents still clear the line above.
const LEADING = -0.12;
const size = (doc: Doc) => (doc as unknown as Internal)._fontSize;
const withLeading = (doc: Doc, options: TextOptions) => ({ lineGap: LEADING * size(doc), ...options });

/** Points from a line's top to the text font's baseline at the current size: every run sits on it. */
const baseline = (doc: Doc, bold: boolean) => -(textAscender(bold) / 1000) * size(doc);

/** The width of `text` on one line at the document's size (every run in its font). */
export function textWidth(doc: Doc, text: string, options: TextOptions = {}, bold = false): number {
  return widthOf(doc, textRuns(text, bold), options);
}

/** The width of the widest word of `text`: what a column needs so that the text wraps at spaces only. */
export function widestWord(doc: Doc, text: string, options: TextOptions = {}, bold = false): number {
  return Math.max(0, ...text.split(/\s+/).map((w) => textWidth(doc, w, options, bold)));
}

function widthOf(doc: Doc, runs: Run[], options: TextOptions): number {
  return runs.reduce((sum, r) => {
    use(doc, r.font);
    return sum + doc.widthOfString(r.text, { characterSpacing: options.characterSpacing });
  }, 0);
}

/** Writes `text` at (x, y) in the bold or regular chain of fonts; the document's size and colour apply. */
export function drawText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: TextOptions,
  bold = false,
): void {
  const runs = textRuns(text, bold);
  if (runs.length === 1) {
    use(doc, runs[0].font);
    doc.text(runs[0].text, x, y, withLeading(doc, options));
    return;
  }
  const base = baseline(doc, bold);
  const align = options.align ?? 'left';
  const oneLine = !runs.some((r) => r.text.includes('\n'));
  const total =
    oneLine && (options.lineBreak === false || align !== 'left') ? widthOf(doc, runs, options) : 0;
  if (oneLine && (options.lineBreak === false || (align !== 'left' && total <= (options.width ?? 0)))) {
    // one line placed by hand: pdfkit aligns each continued run on its own, so right or centred runs would overlap
    const room = (options.width ?? total) - total;
    let at = x + (align === 'right' ? room : align === 'center' ? room / 2 : 0);
    for (const r of runs) {
      use(doc, r.font);
      doc.text(r.text, at, y, {
        lineBreak: false,
        characterSpacing: options.characterSpacing,
        baseline: base,
      });
      at += doc.widthOfString(r.text, { characterSpacing: options.characterSpacing });
    }
    doc.x = x;
    doc.y = y + doc.currentLineHeight(true) + LEADING * size(doc);
    return;
  }
  runs.forEach((r, i) => {
    use(doc, r.font);
    const o = {
      ...withLeading(doc, options),
      align: 'left' as const,
      baseline: base,
      continued: i < runs.length - 1,
    };
    if (i === 0) doc.text(r.text, x, y, o);
    else doc.text(r.text, o);
  });
}

/** The height `text` takes when written with `options` (the document's size applies). */
export function textHeight(doc: Doc, text: string, options: TextOptions, bold = false): number {
  const runs = textRuns(text, bold);
  if (runs.length === 1) {
    use(doc, runs[0].font);
    return doc.heightOfString(runs[0].text, withLeading(doc, options));
  }
  const { x, y } = doc;
  runs.forEach((r, i) => {
    use(doc, r.font);
    (doc as unknown as Internal)._text(
      r.text,
      {
        ...withLeading(doc, options),
        align: 'left',
        height: Number.POSITIVE_INFINITY,
        continued: i < runs.length - 1,
      },
      undefined,
      undefined,
      () => {
        doc.y += doc.currentLineHeight(true) + LEADING * size(doc);
      },
    );
  });
  const height = doc.y - y;
  doc.x = x;
  doc.y = y;
  return height;
}
