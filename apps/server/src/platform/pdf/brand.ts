/** The corporate identity as a document shows it. */
export interface PdfBrand {
  /** PNG or JPEG bytes without transparency (`pdfLogo` makes them from a stored image); null: no logo. */
  logo: Buffer | null;
  /** #RRGGBB: header rule, headings, table headers. */
  primary: string;
  /** #RRGGBB: text on the primary colour. */
  primaryText: string;
  /** #RRGGBB: the accent line under the header. */
  secondary: string;
  /** The portal's name in the footer. */
  name: string;
}

export const defaultBrand: PdfBrand = {
  logo: null,
  primary: '#1C4E80',
  primaryText: '#FFFFFF',
  secondary: '#F59F00',
  name: 'Materieelportaal',
};

const HEX = /^#[0-9a-f]{6}$/i;
/** A colour setting as pdfkit takes it, or the fallback when the setting holds something else. */
export function brandColour(value: unknown, fallback: string): string {
  return typeof value === 'string' && HEX.test(value.trim()) ? value.trim() : fallback;
}
