import type { Align } from './text.ts';

/** The shapes a document is described in (pdf.ts's PdfWriter draws them). */

export interface PdfMeta {
  title: string;
  subject?: string;
  /** BCP 47 language of the text (nl-NL …). */
  language?: string;
  /** Fixed creation date (demo data is the same every run); default now. */
  created?: Date;
}

export type { Align };

export interface Column {
  header: string;
  /** Share of the table's width (relative to the other columns). */
  width: number;
  align?: Align;
  /** The cells' lines do not wrap (dates, numbers); right-aligned columns never wrap either. */
  nowrap?: boolean;
}

export type Cell = string | { text: string; bold?: boolean; colour?: string };

export interface TableOptions {
  /** Rows drawn after the body in bold, kept with at least the last body row (totals). */
  totals?: Cell[][];
  /** Shown instead of the body when there are no rows. */
  empty?: string;
}

export interface Fact {
  label: string;
  value: string | null | undefined;
}

export interface FactBlock {
  heading: string;
  facts: Fact[];
}
