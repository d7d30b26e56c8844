import type { Db } from '../../platform/db/database.ts';
import { findFile, removeFile, storeFile } from '../../platform/files/files.ts';
import { type FileStorage, sha256 } from '../../platform/files/storage.ts';
import { extensionOf, reencodeImage } from '../../platform/files/uploads.ts';
import { catalogueImageSlot, catalogueUsesFile, setCatalogueImage } from '../catalogue/index.ts';
import type { ErpConnector, ErpItemImage } from './erp.port.ts';

/*
 * SyncImages (decision 0027): an item's picture from the ERP becomes its image in the portal. The pictures of a
 * page are fetched and stored one at a time before the page's transaction (never holding it open over the
 * network; one picture in memory at a time), re-encoded as every uploaded image is; a picture whose bytes are the
 * ones stored last time (sha-256 of the ERP's bytes, kept in the file's meta) is left alone. An item without a
 * picture in the ERP keeps the portal's image (the ERP adds and replaces pictures, never removes one).
 */

export interface ItemPictureDeps {
  db: Db;
  storage?: FileStorage;
  connector?: ErpConnector;
}

interface Prepared {
  changed: { itemId: string; fileId: string; previous: string | null }[];
  skipped: number;
}

export async function prepareItemPictures(
  deps: ItemPictureDeps,
  records: ErpItemImage[],
  signal?: AbortSignal,
): Promise<Prepared> {
  const { db, storage, connector } = deps;
  if (!storage || !connector) throw new Error('SyncImages needs the file storage and the ERP connector');
  const prepared: Prepared = { changed: [], skipped: 0 };
  try {
    for (const record of records) {
      const slot = await catalogueImageSlot(db, 'item', record.itemNo);
      if (!slot) {
        prepared.skipped++;
        continue;
      }
      const picture = await connector.picture(record.erpId, signal);
      if (!picture) continue;
      const erpSha256 = sha256(picture.bytes);
      const current = slot.imageFileId ? await findFile(db, slot.imageFileId) : null;
      if ((current?.meta as { erpSha256?: string } | undefined)?.erpSha256 === erpSha256) continue;
      const image = await reencodeImage(picture.bytes, { maxDimension: 1600 });
      const file = await storeFile(db, storage, {
        prefix: 'images-item',
        extension: extensionOf[image.kind],
        bytes: image.bytes,
        contentType: image.contentType,
        fileName: `${record.itemNo}.${extensionOf[image.kind]}`,
        uploadedBy: null,
        meta: {
          purpose: 'image',
          slot: 'item',
          width: image.width,
          height: image.height,
          origin: 'erp',
          erpSha256,
        },
      });
      prepared.changed.push({ itemId: slot.id, fileId: file.id, previous: slot.imageFileId });
    }
  } catch (e) {
    await discardItemPictures(deps, prepared);
    throw e;
  }
  return prepared;
}

/** In the page's transaction: each item shows its new picture. */
export async function writeItemPictures(tx: Db, _records: ErpItemImage[], prepared: unknown) {
  const p = prepared as Prepared;
  for (const c of p.changed) await setCatalogueImage(tx, 'item', c.itemId, c.fileId);
  return { upserted: p.changed.length, deleted: 0, skipped: p.skipped, waitingFor: null };
}

/** After the commit: a picture the ERP replaced goes, when it came from the ERP and nothing shows it any more. */
export async function dropReplacedPictures(deps: ItemPictureDeps, prepared: unknown): Promise<void> {
  const { db, storage } = deps;
  if (!storage) return;
  for (const c of (prepared as Prepared).changed) {
    if (!c.previous) continue;
    const file = await findFile(db, c.previous);
    if ((file?.meta as { origin?: string } | undefined)?.origin !== 'erp') continue;
    if (!(await catalogueUsesFile(db, c.previous))) await removeFile(db, storage, c.previous).catch(() => {});
  }
}

/** The page's transaction failed: the pictures stored for it go again. */
export async function discardItemPictures(deps: ItemPictureDeps, prepared: unknown): Promise<void> {
  if (!deps.storage) return;
  for (const c of (prepared as Prepared).changed)
    await removeFile(deps.db, deps.storage, c.fileId).catch(() => {});
}
