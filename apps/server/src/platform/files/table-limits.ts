/** How much of an uploaded table is read (table-rows.ts, xlsx-rows.ts; set by table-reader.ts). */
export interface TableLimits {
  /** Data rows after the header: a row with a value past them is refused (too_many_rows). */
  maxRows: number;
  /** Cells past this column are not kept (the readers look for their columns by heading). */
  maxColumns: number;
  /** Characters kept over all cells. */
  maxTextChars: number;
}
