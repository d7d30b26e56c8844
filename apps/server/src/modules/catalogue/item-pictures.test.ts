import { createHash, randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { testPng } from '../../../test/uploads.ts';
import { documents, files, items } from '../../db/schema/index.ts';
import { setSetting, USER } from '../order-lists/ordering.test-support.ts';

// Issue #31 item 20: Documenten_CategorieAfbeeldingen names the document category that holds an item's pictures.
// Only the item's documents in that category are its extra pictures (Details, Images/all) and served as its
// image; an image filed in another category (a photographed certificate under Documenten) is not.

let t: TestApp;
let itemNo: string;
let inImages: string;
let inDocuments: string;

async function imageDocument(itemId: string, category: string): Promise<string> {
  const bytes = await testPng(40, 30);
  const id = randomUUID();
  const key = `test/item-pictures/${id}.png`;
  await t.deps.storage.put(key, bytes, 'image/png');
  await t.deps.db.insert(files).values({
    id,
    storageKey: key,
    fileName: `${category}.png`,
    contentType: 'image/png',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  await t.deps.db.insert(documents).values({ category, title: `${category} foto`, fileId: id, itemId });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const [item] = await t.deps.db.select().from(items).where(isNotNull(items.imageFileId)).limit(1);
  itemNo = item.itemNo;
  inImages = await imageDocument(item.id, 'Afbeeldingen');
  inDocuments = await imageDocument(item.id, 'Certificaten');
});
afterAll(async () => {
  await t?.close();
});

const details = async () =>
  (
    await t.app.inject({
      url: `/api/v2.0/Items/${encodeURIComponent(itemNo)}`,
      headers: await t.auth(USER),
    })
  ).json().images as string[];
const all = async () =>
  (await t.app.inject({ url: `/api/v2.0/Images/all/item/${encodeURIComponent(itemNo)}` })).json()
    .urls as string[];
const served = async (fileId: string) =>
  (await t.app.inject({ url: `/api/v2.0/Images/single/item/${fileId}` })).statusCode;
const shows = (urls: string[], fileId: string) => urls.some((u) => u.includes(fileId));

describe('Documenten_CategorieAfbeeldingen', () => {
  it('makes only the documents of that category the pictures of an item', async () => {
    const [onDetails, listed] = await Promise.all([details(), all()]);
    expect(shows(onDetails, inImages)).toBe(true);
    expect(shows(onDetails, inDocuments)).toBe(false);
    expect(shows(listed, inImages)).toBe(true);
    expect(shows(listed, inDocuments)).toBe(false);
    expect(await served(inImages)).toBe(200);
    expect(await served(inDocuments)).toBe(404);
  });

  it('follows the setting when an administrator names another category', async () => {
    await setSetting(t, 'Documenten_CategorieAfbeeldingen', 'Certificaten');
    try {
      const [onDetails, listed] = await Promise.all([details(), all()]);
      expect(shows(onDetails, inDocuments)).toBe(true);
      expect(shows(onDetails, inImages)).toBe(false);
      expect(shows(listed, inDocuments)).toBe(true);
      expect(await served(inDocuments)).toBe(200);
      expect(await served(inImages)).toBe(404);
      // The main picture stays whatever the category.
      const [item] = await t.deps.db.select().from(items).where(eq(items.itemNo, itemNo));
      expect(onDetails[0]).toContain(`/Images/single/item/${encodeURIComponent(item.itemNo)}?v=`);
    } finally {
      await setSetting(t, 'Documenten_CategorieAfbeeldingen', 'Afbeeldingen');
    }
  });

  it('shows no extra pictures when the category is empty', async () => {
    await setSetting(t, 'Documenten_CategorieAfbeeldingen', '');
    try {
      const onDetails = await details();
      expect(onDetails).toHaveLength(1);
      expect(await served(inImages)).toBe(404);
    } finally {
      await setSetting(t, 'Documenten_CategorieAfbeeldingen', 'Afbeeldingen');
    }
  });
});
