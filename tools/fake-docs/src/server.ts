import { timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { type Fault, type FaultSpec, Faults } from '../../fake-bc/src/faults.ts';
import { type FakeDocument, type NewFakeDocument, Repository, seedRepository } from './repository.ts';

/**
 * A document-management service you can run (issue #33 point 4; docs/erp/document-service.md): a real HTTP server
 * speaking the subset of the OASIS CMIS 1.1 Browser Binding the portal's connector uses — the repository info,
 * getChildren of a folder by path (maxItems / skipCount / hasMoreItems), getObject by id and getContentStream (with
 * an ETag of the change token, If-None-Match → 304) — behind HTTP basic authentication, seeded with the demo's
 * project locations, with faults to inject (slow, 500, 429 with Retry-After, a connection dropped mid-answer) and a
 * count of the requests it answered, under a control API at /_fake/.
 */

export interface FakeDocsOptions {
  port?: number;
  host?: string;
  user?: string;
  password?: string;
  /** The most children one page answers, whatever maxItems asks (CMIS leaves it to the repository). */
  pageSize?: number;
  /** false: an empty repository (default: the demo's location documents). */
  seed?: boolean;
  log?: (line: string) => void;
}

export interface RequestCounts {
  total: number;
  repositoryInfo: number;
  children: number;
  object: number;
  content: number;
  /** Content answered 304 Not Modified (If-None-Match held the current change token). */
  notModified: number;
  unauthorized: number;
}

export interface FakeDocs {
  /** http://127.0.0.1:port */
  url: string;
  /** The CMIS browser binding's service URL: what DocumentService_Url holds. */
  serviceUrl: string;
  repositoryId: string;
  user: string;
  password: string;
  repo: Repository;
  faults: Faults;
  counts: RequestCounts;
  add(doc: NewFakeDocument): FakeDocument;
  update(objectId: string, change: { content?: Buffer; title?: string }): FakeDocument | null;
  remove(objectId: string): boolean;
  fault(spec: FaultSpec): Fault;
  resetCounts(): void;
  close(): Promise<void>;
}

const REPOSITORY_ID = 'mp';

const zeroCounts = (): RequestCounts => ({
  total: 0,
  repositoryInfo: 0,
  children: 0,
  object: 0,
  content: 0,
  notModified: 0,
  unauthorized: 0,
});

class CmisError extends Error {
  readonly status: number;
  readonly exception: string;
  readonly headers: Record<string, string>;
  constructor(status: number, exception: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.exception = exception;
    this.headers = headers;
  }
}

/** The object's properties as the browser binding's succinct form names them (dates as epoch milliseconds). */
function succinct(d: FakeDocument): Record<string, unknown> {
  return {
    'cmis:objectId': d.objectId,
    'cmis:baseTypeId': 'cmis:document',
    'cmis:objectTypeId': 'mp:document',
    'cmis:name': d.name,
    'cmis:description': d.title,
    'cmis:changeToken': d.changeToken,
    'cmis:creationDate': d.created,
    'cmis:lastModificationDate': d.lastModified,
    'cmis:contentStreamLength': d.content.length,
    'cmis:contentStreamMimeType': d.contentType,
    'cmis:contentStreamFileName': d.name,
    'cmis:versionSeriesId': d.objectId,
    'cmis:isLatestVersion': true,
    'mp:title': d.title,
    'mp:category': d.category,
    'mp:locationNo': d.locationNo,
    'mp:orderNo': d.orderNo,
    'mp:invoiceNo': d.invoiceNo,
    'mp:itemNo': d.itemNo,
    'mp:documentDate': d.documentDate ? Date.parse(`${d.documentDate}T00:00:00Z`) : null,
  };
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function startFakeDocs(options: FakeDocsOptions = {}): Promise<FakeDocs> {
  const user = options.user ?? 'portaal';
  const password = options.password ?? 'fake-docs-wachtwoord-7c1e';
  const pageSize = options.pageSize ?? 100;
  const repo = new Repository();
  if (options.seed !== false) seedRepository(repo);
  const faults = new Faults();
  const counts = zeroCounts();
  let base = '';

  const repositoryInfo = () => ({
    repositoryId: REPOSITORY_ID,
    repositoryName: 'Materieelportaal (fake)',
    repositoryDescription: 'The fake document service of the Materieelportaal (tools/fake-docs)',
    vendorName: 'Materieelportaal',
    productName: 'fake-docs',
    productVersion: '1',
    rootFolderId: 'root',
    repositoryUrl: `${base}/cmis/browser/${REPOSITORY_ID}`,
    rootFolderUrl: `${base}/cmis/browser/${REPOSITORY_ID}/root`,
    cmisVersionSupported: '1.1',
    capabilities: { capabilityGetDescendants: false, capabilityContentStreamUpdatability: 'anytime' },
  });

  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [u, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return sameSecret(u, user) && sameSecret(rest.join(':'), password);
  }

  function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const bytes = Buffer.from(JSON.stringify(body));
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': bytes.length,
      ...headers,
    });
    return bytes;
  }

  async function handleCmis(req: IncomingMessage, res: ServerResponse, url: URL): Promise<Buffer> {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    // /cmis/browser[/{repositoryId}[/root[/path…]]]
    if (parts[0] !== 'cmis' || parts[1] !== 'browser')
      throw new CmisError(404, 'notSupported', 'Not a CMIS URL.');
    if (parts.length === 2) {
      counts.repositoryInfo++;
      return json(res, 200, { [REPOSITORY_ID]: repositoryInfo() });
    }
    if (parts[2] !== REPOSITORY_ID) throw new CmisError(404, 'objectNotFound', 'Unknown repository.');
    const selector =
      url.searchParams.get('cmisselector') ?? (parts.length === 3 ? 'repositoryInfo' : 'object');
    if (parts.length === 3 && selector === 'repositoryInfo') {
      counts.repositoryInfo++;
      return json(res, 200, { [REPOSITORY_ID]: repositoryInfo() });
    }
    if (parts[3] !== 'root') throw new CmisError(404, 'objectNotFound', 'Unknown object.');
    const objectId = url.searchParams.get('objectId');
    const path = `/${parts.slice(4).join('/')}`;
    if (selector === 'children') {
      counts.children++;
      if (objectId || !repo.folderExists(path)) throw new CmisError(404, 'objectNotFound', 'No such folder.');
      const all = repo.children(path);
      const skip = Math.max(0, Number(url.searchParams.get('skipCount') ?? 0) || 0);
      // the repository's own page limit caps what the client asks (CMIS lets a repository answer fewer)
      const max = Math.max(
        1,
        Math.min(pageSize, Number(url.searchParams.get('maxItems') ?? pageSize) || pageSize),
      );
      const slice = all.slice(skip, skip + max);
      return json(res, 200, {
        objects: slice.map((d) => ({ object: { succinctProperties: succinct(d) } })),
        hasMoreItems: skip + slice.length < all.length,
        numItems: all.length,
      });
    }
    const doc = objectId ? repo.documents.get(objectId) : undefined;
    if (!doc) throw new CmisError(404, 'objectNotFound', 'No such object.');
    if (selector === 'object') {
      counts.object++;
      return json(res, 200, { succinctProperties: succinct(doc) });
    }
    if (selector === 'content') {
      const etag = `"${doc.changeToken}"`;
      if (req.headers['if-none-match'] === etag) {
        counts.notModified++;
        res.writeHead(304, { etag });
        return Buffer.alloc(0);
      }
      counts.content++;
      res.writeHead(200, {
        'content-type': doc.contentType,
        'content-length': doc.content.length,
        etag,
        'content-disposition': `attachment; filename="${doc.name.replace(/"/g, '')}"`,
      });
      return doc.content;
    }
    throw new CmisError(400, 'invalidArgument', `Unknown cmisselector '${selector}'.`);
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<Buffer> {
    const body = await readJson(req);
    const [, , what, id] = url.pathname.split('/');
    if (what === 'requests' && req.method === 'GET') return json(res, 200, counts);
    if (what === 'requests' && req.method === 'DELETE') {
      Object.assign(counts, zeroCounts());
      return json(res, 200, counts);
    }
    if (what === 'faults' && req.method === 'POST') return json(res, 201, faults.add(body as FaultSpec));
    if (what === 'faults' && req.method === 'DELETE') {
      faults.clear();
      return json(res, 200, { cleared: true });
    }
    if (what === 'faults' && req.method === 'GET') return json(res, 200, faults.list);
    if (what === 'documents' && req.method === 'POST') {
      const b = body as NewFakeDocument & { text?: string };
      const doc = repo.add({ ...b, content: b.text ? Buffer.from(b.text) : undefined });
      return json(res, 201, succinct(doc));
    }
    if (what === 'documents' && id && req.method === 'PUT') {
      const b = body as { title?: string; text?: string };
      const doc = repo.update(decodeURIComponent(id), {
        title: b.title,
        content: b.text ? Buffer.from(b.text) : undefined,
      });
      return doc ? json(res, 200, succinct(doc)) : json(res, 404, { message: 'No such document.' });
    }
    if (what === 'documents' && id && req.method === 'DELETE')
      return json(res, repo.remove(decodeURIComponent(id)) ? 200 : 404, {});
    return json(res, 404, { message: 'Unknown control call.' });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const method = req.method ?? 'GET';
      try {
        let bytes: Buffer;
        let drop: Fault | undefined;
        if (url.pathname.startsWith('/_fake/')) bytes = await handleControl(req, res, url);
        else {
          counts.total++;
          const where = `${url.pathname}${url.search}`;
          for (const slow of faults.take('slow', method, where)) await delay(slow.ms ?? 1000);
          const failing = faults.take('status', method, where)[0];
          if (failing) {
            const status = failing.status ?? 500;
            throw new CmisError(
              status,
              'runtime',
              status === 429 ? 'Too many requests.' : 'An unexpected error occurred.',
              status === 429 || status === 503 ? { 'retry-after': String(failing.retryAfter ?? 1) } : {},
            );
          }
          if (method !== 'GET') throw new CmisError(405, 'notSupported', 'Only reads are served.');
          if (!authorised(req)) {
            counts.unauthorized++;
            throw new CmisError(401, 'unauthorized', 'Authentication required.', {
              'www-authenticate': 'Basic realm="fake-docs"',
            });
          }
          drop = faults.take('drop', method, where)[0];
          bytes = await handleCmis(req, res, url);
        }
        if (drop) {
          // why: half the answer, then the connection cut — what a proxy dying mid-download does
          res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
          setImmediate(() => res.destroy());
          return;
        }
        res.end(bytes);
      } catch (e) {
        const err =
          e instanceof CmisError ? e : new CmisError(500, 'runtime', 'An unexpected error occurred.');
        if (!(e instanceof CmisError)) options.log?.(`fake-docs: ${String(e)}`);
        if (res.headersSent) res.destroy();
        else res.end(json(res, err.status, { exception: err.exception, message: err.message }, err.headers));
      }
    })();
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  base = `http://${address.address}:${address.port}`;
  options.log?.(`fake document service (CMIS browser binding) on ${base}/cmis/browser`);
  return {
    url: base,
    serviceUrl: `${base}/cmis/browser`,
    repositoryId: REPOSITORY_ID,
    user,
    password,
    repo,
    faults,
    counts,
    add: (doc) => repo.add(doc),
    update: (id, change) => repo.update(id, change),
    remove: (id) => repo.remove(id),
    fault: (spec) => faults.add(spec),
    resetCounts: () => {
      Object.assign(counts, zeroCounts());
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  if (!chunks.length) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return {};
  }
}
