import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { ErpError } from './business-central/errors.ts';
import { erpConnector, erpEnabled } from './erp.connector.ts';
import { erpDepsOf } from './erp.deps.ts';

/*
 * The PDF of a document the ERP posted (decision 0027): read from the ERP when a user asks for it (BC:
 * salesInvoices({id})/pdfDocument/pdfDocumentContent). The invoices area checks access first and keeps the bytes in
 * file storage after the first read; this only fetches. An ERP that cannot give it is a clear error, never an empty
 * file: 503 Facturen.pdf_erp_niet_bereikbaar (404 when the ERP no longer has the document).
 */

/** How long a user waits for the ERP's PDF before being told it is not available now. */
const PDF_TIMEOUT_MS = 20_000;

export type ErpPdfReader = (kind: 'invoice' | 'credit_memo', erpId: string) => Promise<Buffer>;

/** The reader of ERP-posted PDFs; null without an ERP (the portal makes its own PDFs). */
export function erpPdfReader(deps: Deps): ErpPdfReader | null {
  if (!erpEnabled(deps)) return null;
  return async (kind, erpId) => {
    const entity = kind === 'invoice' ? 'salesInvoices' : 'salesCreditMemos';
    let bytes: Buffer;
    try {
      const connector = await erpConnector(erpDepsOf(deps));
      bytes = await connector.document(entity, erpId, AbortSignal.timeout(PDF_TIMEOUT_MS));
    } catch (e) {
      if (e instanceof ErpError && e.kind === 'not_found')
        throw new AppError('not_found', 'error.niet_gevonden', { details: { id: erpId } });
      throw new AppError('unavailable', 'Facturen.pdf_erp_niet_bereikbaar', {
        details: { reason: e instanceof ErpError ? e.code : 'erp.fout.timeout' },
      });
    }
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new AppError('unavailable', 'Facturen.pdf_erp_niet_bereikbaar', {
        details: { reason: 'erp.fout.refused' },
      });
    return bytes;
  };
}
