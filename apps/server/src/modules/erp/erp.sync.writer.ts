import type { Db } from '../../platform/db/database.ts';
import type { ErpEntity, ErpRecords, SyncedEntity } from './erp.port.ts';
import type { ItemPictureDeps } from './erp.sync.pictures.ts';

/*
 * What a writer of one synced entity is (decision 0027): what a page does to the portal, in the page's transaction.
 * The writers themselves are registered in erp.sync.writers.ts.
 */

export interface PageWrite {
  upserted: number;
  deleted: number;
  skipped: number;
  waitingFor: { entity: ErpEntity; keys: string[] } | null;
}

export type WriterDeps = ItemPictureDeps;

export interface Writer<E extends SyncedEntity> {
  /** Work before the transaction (fetching pictures): never holds a transaction open over the network. */
  prepare?: (deps: WriterDeps, records: ErpRecords[E][], signal?: AbortSignal) => Promise<unknown>;
  write: (tx: Db, records: ErpRecords[E][], prepared: unknown, deps: WriterDeps) => Promise<PageWrite>;
  /** After the commit (the catalogue's caches in this process, files replaced). */
  afterCommit?: (deps: WriterDeps, prepared: unknown) => void | Promise<void>;
  /**
   * In the transaction of a full run's last page: the portal's rows the ERP did not list (the stock on site of a
   * portal that ran without the ERP). Answers how many went.
   */
  afterFullRun?: (tx: Db) => Promise<number>;
  /** The transaction failed or did not write: undo what `prepare` did outside it. */
  discard?: (deps: WriterDeps, prepared: unknown) => Promise<void>;
}
