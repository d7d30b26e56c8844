import type { ErpRecords, SyncedEntity } from '../erp.port.ts';
import type { Api } from './client.ts';
import type { Raw } from './values.ts';

/**
 * Where a synced entity lives in Business Central and how its record becomes the portal's (entities.ts and the
 * entities.*.ts it gathers; a file of its own so they need not import each other).
 */
export interface EntityDef<E extends SyncedEntity> {
  api: Api;
  /** The entity set under companies({id}). */
  set: string;
  /** $select: only what the mapping reads. */
  select: readonly string[];
  /** $expand: a header's lines, read with it (a line's change moves its header's lastModifiedDateTime). */
  expand?: string;
  /** The portal's record, or null to leave the record out (a language the portal does not have). */
  map: (r: Raw) => ErpRecords[E] | null;
}
