import type { DocumentService } from './port.ts';

/** DocumentService_Url empty (decision 0028): no document service — the portal's own files, exactly as before. */
export const noDocumentService: DocumentService = {
  kind: 'none',
  async locationDocuments() {
    return [];
  },
  async document() {
    return null;
  },
  async content(): Promise<never> {
    throw new Error('no document service');
  },
  async testConnection() {
    return {
      ok: false,
      steps: [{ step: 'configuration', ok: false, code: 'documentdienst.niet_gekoppeld' }],
    };
  },
};
