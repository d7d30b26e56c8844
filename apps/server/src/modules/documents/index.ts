// The documents area's public face: what other areas may use. Everything else in this folder is private.
export type { DocumentServiceDeps } from './document-service/connector.ts';
export { documentServiceDepsOf } from './document-service/deps.ts';
export { documentsRoutes } from './documents.routes.ts';
export {
  type InvoiceLineKind,
  type InvoicePdf,
  type InvoicePdfLine,
  invoiceCategory,
  invoiceTitle,
  renderInvoicePdf,
} from './invoice-pdf.ts';
export { type OrderKind, type OrderNote, renderOrderNote } from './order-note.ts';
export {
  loadBrand,
  type NoteDeps,
  ORDER_NOTE_QUEUE,
  queueOrderNotes,
  type StoredNote,
  startOrderNoteWorker,
  storeOrderNote,
} from './order-notes.service.ts';
export { orderServiceDocuments } from './service-documents.list.ts';
