import { ErpError } from './business-central/errors.ts';
import type { ConnectionTest, ErpConnector, ErpPage, ErpRecords, SyncedEntity } from './erp.port.ts';

/*
 * ERP=none (the default, decision 0027): the portal is the system of record. There is nothing to read and nothing
 * to send; the test connection and the sync calls say so with erp.niet_gekoppeld.
 */
export const noErp: ErpConnector = {
  kind: 'none',
  async testConnection(): Promise<ConnectionTest> {
    return { ok: false, steps: [{ step: 'configuration', ok: false, code: 'erp.niet_gekoppeld' }] };
  },
  async *pages<E extends SyncedEntity>(): AsyncIterable<ErpPage<ErpRecords[E]>> {},
  async plantsKnown() {
    return new Set<string>();
  },
  async picture() {
    return null;
  },
  async document(): Promise<Buffer> {
    throw new ErpError('configuration', { params: { what: 'erp' } });
  },
};
