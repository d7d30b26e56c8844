import { createHash } from 'node:crypto';
import { locationSpecs } from '../../../apps/server/src/seed/org-data.ts';
import { stableId } from '../../../apps/server/src/seed/random.ts';
import { renderPdf } from '../../fake-bc/src/pdf.ts';

/*
 * The fake document service's repository (docs/erp/document-service.md): folders by path, documents of the type
 * `mp:document` with the portal's properties, each with its content and a change token that moves on every
 * change. Seeded with the demo's project locations (seed/org-data.ts): per location a folder
 * /Materieelportaal/Locaties/{locationNo} with its site documents, named as the demo names them.
 */

export interface FakeDocument {
  objectId: string;
  /** The folder path it is filed in (/Materieelportaal/Locaties/P-24001). */
  folder: string;
  name: string;
  title: string;
  category: string;
  locationNo: string | null;
  orderNo: string | null;
  invoiceNo: string | null;
  itemNo: string | null;
  /** YYYY-MM-DD */
  documentDate: string | null;
  contentType: string;
  content: Buffer;
  changeToken: string;
  lastModified: number;
  created: number;
}

export interface NewFakeDocument {
  locationNo?: string | null;
  folder?: string;
  name: string;
  title?: string;
  category?: string;
  orderNo?: string | null;
  invoiceNo?: string | null;
  itemNo?: string | null;
  documentDate?: string | null;
  contentType?: string;
  content?: Buffer;
}

export const ROOT_FOLDER = '/Materieelportaal/Locaties';

export const folderOf = (locationNo: string) => `${ROOT_FOLDER}/${locationNo}`;

const tokenOf = (d: { content: Buffer; title: string; name: string }, version: number) =>
  `${version}-${createHash('sha256').update(d.content).update(d.title).update(d.name).digest('hex').slice(0, 12)}`;

export class Repository {
  readonly documents = new Map<string, FakeDocument>();
  private version = 0;
  private next = 1;

  add(input: NewFakeDocument, objectId?: string): FakeDocument {
    const folder = input.folder ?? (input.locationNo ? folderOf(input.locationNo) : ROOT_FOLDER);
    const content = input.content ?? renderPdf(input.title ?? input.name, [input.name]);
    const now = Date.now();
    const doc: FakeDocument = {
      objectId: objectId ?? `fake-doc-${this.next++}`,
      folder,
      name: input.name,
      title: input.title ?? input.name,
      category: input.category ?? 'Documenten',
      locationNo: input.locationNo ?? null,
      orderNo: input.orderNo ?? null,
      invoiceNo: input.invoiceNo ?? null,
      itemNo: input.itemNo ?? null,
      documentDate: input.documentDate ?? null,
      contentType: input.contentType ?? 'application/pdf',
      content,
      changeToken: '',
      lastModified: now,
      created: now,
    };
    doc.changeToken = tokenOf(doc, ++this.version);
    this.documents.set(doc.objectId, doc);
    return doc;
  }

  /** A new version of the content (and optionally title): a new change token. */
  update(objectId: string, change: { content?: Buffer; title?: string }): FakeDocument | null {
    const doc = this.documents.get(objectId);
    if (!doc) return null;
    if (change.content) doc.content = change.content;
    if (change.title) doc.title = change.title;
    doc.lastModified = Date.now();
    doc.changeToken = tokenOf(doc, ++this.version);
    return doc;
  }

  remove(objectId: string): boolean {
    return this.documents.delete(objectId);
  }

  /** The folder's documents by name (the order of a CMIS getChildren without orderBy is the repository's). */
  children(folder: string): FakeDocument[] {
    return [...this.documents.values()]
      .filter((d) => d.folder === folder)
      .sort((a, b) => a.name.localeCompare(b.name) || a.objectId.localeCompare(b.objectId));
  }

  folderExists(path: string): boolean {
    if (path === '/' || ROOT_FOLDER.startsWith(path)) return true;
    if (path.startsWith(`${ROOT_FOLDER}/`) && !path.slice(ROOT_FOLDER.length + 1).includes('/')) return true;
    return false;
  }
}

/** The demo's site documents, one folder per project location (with ids stable across starts). */
export function seedRepository(repo: Repository): void {
  const kinds = [
    { key: 'vg-plan', title: 'V&G-plan', category: 'Veiligheid' },
    { key: 'bouwplaatstekening', title: 'Bouwplaatstekening', category: 'Tekeningen' },
    { key: 'huurvoorwaarden', title: 'Huurvoorwaarden project', category: 'Documenten' },
  ];
  for (const loc of locationSpecs) {
    for (const k of kinds) {
      const title = `${k.title} ${loc.description}`;
      repo.add(
        {
          locationNo: loc.locationNo,
          name: `${k.key}-${loc.locationNo}.pdf`,
          title,
          category: k.category,
          documentDate: '2026-06-01',
          content: renderPdf(title, [
            `Project ${loc.locationNo}`,
            loc.description,
            `${loc.street}, ${loc.city}`,
          ]),
        },
        stableId('dms', `${loc.locationNo}:${k.key}`),
      );
    }
  }
}
