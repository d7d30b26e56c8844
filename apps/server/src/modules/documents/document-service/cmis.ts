import { setTimeout as sleep } from 'node:timers/promises';
import {
  type DocumentService,
  DocumentServiceError,
  type DocumentServiceTestStep,
  MAX_LISTED,
  type ServiceContent,
  type ServiceDocument,
} from './port.ts';

/*
 * The CMIS adapter of the document service (decision 0028, docs/erp/document-service.md): the OASIS CMIS 1.1
 * Browser Binding — JSON over HTTP with basic authentication. The repository info (its rootFolderUrl) is read once
 * per connection; a location's documents are the children of /Materieelportaal/Locaties/{locationNo} (maxItems /
 * skipCount until hasMoreItems is false); a document is getObject by id, its bytes getContentStream. Every call is
 * bounded by a timeout; 429/503 wait Retry-After (a few times, up to a limit), other 5xx, timeouts and lost
 * connections are retried with exponential backoff and full jitter (every call here is a read). Errors are
 * DocumentServiceErrors (a translation key with the status and the service's exception name); a log line names
 * the method, the path, the status and the time — never a body, a header, the user or the password.
 */

export interface DocumentServiceConnection {
  /** The browser binding's service URL (…/cmis/browser): DocumentService_Url. */
  url: string;
  user: string;
  password: string;
}

export interface DocumentServiceLogEntry {
  msg: string;
  path?: string;
  status?: number;
  attempt?: number;
  waitMs?: number;
  ms?: number;
  error?: string;
}

export interface CmisOptions {
  timeoutMs?: number;
  maxRetries?: number;
  maxThrottleWaits?: number;
  /** A Retry-After longer than this is not waited for: the error goes to the caller. */
  maxRetryAfterSeconds?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Children asked per page (maxItems). */
  pageSize?: number;
  log?: (entry: DocumentServiceLogEntry) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** Where the project locations' folders are, under the repository's root. */
export const LOCATIONS_FOLDER = '/Materieelportaal/Locaties';

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

type Props = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const dayOf = (v: unknown): string | null => {
  const ms = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
};

/** A CMIS object's succinct properties in the portal's words (docs/erp/document-service.md §2). */
export function toServiceDocument(p: Props): ServiceDocument | null {
  const id = text(p['cmis:objectId']);
  if (!id || p['cmis:baseTypeId'] !== 'cmis:document') return null;
  const name = text(p['cmis:contentStreamFileName']) ?? text(p['cmis:name']) ?? id;
  return {
    id,
    title: text(p['mp:title']) ?? text(p['cmis:description']) ?? text(p['cmis:name']) ?? name,
    category: text(p['mp:category']) ?? 'Documenten',
    fileName: name,
    contentType: text(p['cmis:contentStreamMimeType']) ?? 'application/octet-stream',
    size: typeof p['cmis:contentStreamLength'] === 'number' ? p['cmis:contentStreamLength'] : 0,
    date: dayOf(p['mp:documentDate']) ?? dayOf(p['cmis:lastModificationDate']),
    changeToken: text(p['cmis:changeToken']),
    locationNo: text(p['mp:locationNo']),
    orderNo: text(p['mp:orderNo']),
    invoiceNo: text(p['mp:invoiceNo']),
    itemNo: text(p['mp:itemNo']),
  };
}

export class CmisDocumentService implements DocumentService {
  readonly kind = 'cmis' as const;
  private readonly connection: DocumentServiceConnection;
  private readonly options: CmisOptions;
  private readonly authorization: string;
  private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  private root: Promise<string> | null = null;

  constructor(connection: DocumentServiceConnection, options: CmisOptions = {}) {
    this.connection = connection;
    this.options = options;
    this.authorization = `Basic ${Buffer.from(`${connection.user}:${connection.password}`).toString('base64')}`;
    this.wait = options.sleep ?? ((ms, signal) => sleep(ms, undefined, { signal }));
  }

  /** The repository's rootFolderUrl (the first repository of the service URL), read once. */
  private rootFolderUrl(signal?: AbortSignal): Promise<string> {
    this.root ??= (async () => {
      const info = (await this.json(this.connection.url, signal)) as Record<
        string,
        { rootFolderUrl?: unknown }
      >;
      const first = Object.values(info ?? {})[0];
      const url = typeof first?.rootFolderUrl === 'string' ? first.rootFolderUrl : null;
      if (!url) throw new DocumentServiceError('refused', { params: { what: 'repository' } });
      // why: the URL names where the portal sends its credentials; another origin than the setting's never gets them
      if (new URL(url).origin !== new URL(this.connection.url).origin)
        throw new DocumentServiceError('refused', { params: { what: 'origin' } });
      return url.replace(/\/+$/, '');
    })().catch((e) => {
      this.root = null;
      throw e;
    });
    return this.root;
  }

  private folderUrl(root: string, locationNo: string): string {
    const path = `${LOCATIONS_FOLDER}/${locationNo}`.split('/').filter(Boolean).map(encodeURIComponent);
    return `${root}/${path.join('/')}`;
  }

  async locationDocuments(locationNo: string, signal?: AbortSignal): Promise<ServiceDocument[]> {
    const root = await this.rootFolderUrl(signal);
    const pageSize = this.options.pageSize ?? 100;
    const out: ServiceDocument[] = [];
    // why: a repository may answer fewer than maxItems (its own page limit): the next page starts after what came
    for (let skip = 0; skip < MAX_LISTED; ) {
      const url = `${this.folderUrl(root, locationNo)}?cmisselector=children&succinct=true&maxItems=${pageSize}&skipCount=${skip}`;
      let page: { objects?: { object?: { succinctProperties?: Props } }[]; hasMoreItems?: unknown };
      try {
        page = (await this.json(url, signal)) as typeof page;
      } catch (e) {
        // a location without a folder has no documents in the service (yet)
        if (e instanceof DocumentServiceError && e.kind === 'not_found') return [];
        throw e;
      }
      if (!Array.isArray(page?.objects))
        throw new DocumentServiceError('refused', { params: { what: 'children' } });
      for (const o of page.objects) {
        const doc = toServiceDocument(o.object?.succinctProperties ?? {});
        if (doc) out.push(doc);
      }
      if (page.hasMoreItems !== true || page.objects.length === 0) break;
      skip += page.objects.length;
    }
    return out;
  }

  async document(id: string, signal?: AbortSignal): Promise<ServiceDocument | null> {
    const root = await this.rootFolderUrl(signal);
    try {
      const body = (await this.json(
        `${root}?objectId=${encodeURIComponent(id)}&cmisselector=object&succinct=true`,
        signal,
      )) as { succinctProperties?: Props } | null;
      return toServiceDocument(body?.succinctProperties ?? {});
    } catch (e) {
      if (e instanceof DocumentServiceError && e.kind === 'not_found') return null;
      // why: an id the service cannot parse is an unknown document, not a failure of the service
      if (e instanceof DocumentServiceError && e.kind === 'refused' && e.status === 400) return null;
      throw e;
    }
  }

  async content(id: string, signal?: AbortSignal): Promise<ServiceContent> {
    const root = await this.rootFolderUrl(signal);
    const answer = await this.request(
      `${root}?objectId=${encodeURIComponent(id)}&cmisselector=content`,
      signal,
    );
    return {
      bytes: answer.bytes,
      contentType: (answer.headers.get('content-type') ?? 'application/octet-stream').split(';')[0].trim(),
      etag: answer.headers.get('etag'),
    };
  }

  async testConnection(signal?: AbortSignal): Promise<{ ok: boolean; steps: DocumentServiceTestStep[] }> {
    const steps: DocumentServiceTestStep[] = [
      { step: 'configuration', ok: true, code: 'documentdienst.test.configuratie_ok' },
    ];
    const fail = (step: DocumentServiceTestStep['step'], e: unknown) => {
      const err = e instanceof DocumentServiceError ? e : new DocumentServiceError('network');
      steps.push({ step, ok: false, code: err.code, params: err.params });
      return { ok: false, steps };
    };
    let root: string;
    try {
      root = await this.rootFolderUrl(signal);
      steps.push({ step: 'repository', ok: true, code: 'documentdienst.test.repository_ok' });
    } catch (e) {
      return fail('repository', e);
    }
    try {
      const path = LOCATIONS_FOLDER.split('/').filter(Boolean).map(encodeURIComponent).join('/');
      await this.json(`${root}/${path}?cmisselector=children&succinct=true&maxItems=1&skipCount=0`, signal);
      steps.push({
        step: 'folder',
        ok: true,
        code: 'documentdienst.test.map_ok',
        params: { folder: LOCATIONS_FOLDER },
      });
    } catch (e) {
      return fail('folder', e);
    }
    return { ok: true, steps };
  }

  private async json(url: string, signal?: AbortSignal): Promise<unknown> {
    const answer = await this.request(url, signal);
    try {
      return JSON.parse(answer.bytes.toString('utf8'));
    } catch {
      throw new DocumentServiceError('refused', { status: answer.status, params: { what: 'json' } });
    }
  }

  /** One GET with its timeout, retries and typed errors. */
  private async request(url: string, signal?: AbortSignal): Promise<Answer> {
    const path = new URL(url).pathname;
    const maxRetries = this.options.maxRetries ?? 3;
    let failures = 0;
    let throttles = 0;
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      let outcome: Answer | DocumentServiceError;
      try {
        outcome = await this.once(url, signal);
      } catch (e) {
        if (signal?.aborted) throw signal.reason;
        outcome = e instanceof DocumentServiceError ? e : new DocumentServiceError('network');
      }
      const ms = Date.now() - started;
      if (!(outcome instanceof DocumentServiceError)) {
        this.log({ msg: 'documentdienst.request', path, status: outcome.status, attempt, ms });
        if (outcome.status < 400) return outcome;
        outcome = errorOf(outcome);
      } else this.log({ msg: 'documentdienst.request', path, attempt, ms, error: outcome.code });
      const error = outcome;
      if (error.kind === 'throttled' && error.status) {
        const seconds = error.retryAfterSeconds ?? 1;
        if (
          ++throttles > (this.options.maxThrottleWaits ?? 5) ||
          seconds > (this.options.maxRetryAfterSeconds ?? 30)
        )
          throw error;
        this.log({
          msg: 'documentdienst.retry_after',
          path,
          status: error.status,
          attempt,
          waitMs: seconds * 1000,
        });
        await this.wait(seconds * 1000, signal);
        continue;
      }
      const retryable = error.kind === 'network' || error.kind === 'timeout' || error.kind === 'unavailable';
      if (retryable && ++failures <= maxRetries) {
        const cap = Math.min(
          this.options.backoffMaxMs ?? 10_000,
          (this.options.backoffBaseMs ?? 300) * 2 ** (failures - 1),
        );
        const waitMs = Math.round((this.options.random ?? Math.random)() * cap);
        this.log({ msg: 'documentdienst.backoff', path, attempt, waitMs, error: error.code });
        await this.wait(waitMs, signal);
        continue;
      }
      throw error;
    }
  }

  private async once(url: string, signal?: AbortSignal): Promise<Answer> {
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const res = await fetch(url, {
        headers: { authorization: this.authorization, accept: 'application/json, */*' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'error',
      });
      // the whole body inside the attempt: a connection lost mid-download is retried like any lost connection
      const bytes = Buffer.from(await res.arrayBuffer());
      return { status: res.status, headers: res.headers, bytes };
    } catch (e) {
      if (signal?.aborted) throw e;
      if (timeout.aborted) throw new DocumentServiceError('timeout', { params: { ms: String(timeoutMs) } });
      throw new DocumentServiceError('network');
    }
  }

  private log(entry: DocumentServiceLogEntry): void {
    this.options.log?.(entry);
  }
}

/** The typed error of a CMIS answer that is not a success (`{ exception, message }`: only the exception is kept). */
function errorOf(answer: Answer): DocumentServiceError {
  const { status } = answer;
  let exception: string | null = null;
  try {
    const e = (JSON.parse(answer.bytes.toString('utf8')) as { exception?: unknown }).exception;
    if (typeof e === 'string' && /^[A-Za-z]{1,40}$/.test(e)) exception = e;
  } catch {
    // not JSON: the status says enough
  }
  const params: Record<string, string> = exception ? { exception } : {};
  const common = { status, params, retryAfterSeconds: retryAfterOf(answer.headers) };
  if (status === 401 || status === 403) return new DocumentServiceError('auth', common);
  if (status === 404) return new DocumentServiceError('not_found', common);
  if (status === 429 || status === 503) return new DocumentServiceError('throttled', common);
  if (status === 408 || status === 504) return new DocumentServiceError('timeout', common);
  if (status >= 500) return new DocumentServiceError('unavailable', common);
  return new DocumentServiceError('refused', common);
}

function retryAfterOf(headers: Headers): number | null {
  const v = headers.get('retry-after')?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
