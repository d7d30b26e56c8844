import type { ApiRequest } from './api.ts';
import { type ApiResponse, BcError, jsonResponse } from './http-util.ts';
import type { Store } from './store.ts';

/**
 * OData JSON batch as Business Central takes it: `POST {route}/$batch` with `{ requests: [{ id, method, url,
 * headers, body }] }` answers `{ responses: [{ id, status, headers, body }] }`, each request run as if sent alone
 * (its url relative to the route's root, or absolute). At most `maxOperations` requests (BC: 100). With the header
 * `Isolation: snapshot` the batch is one transaction: when a request fails, every change of the batch is undone and
 * the others answer 424 (and the failing one its own error); no notifications leave for an undone change.
 */

interface BatchItem {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type RunOne = (item: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}) => ApiResponse | Promise<ApiResponse>;

function parseItems(body: unknown, maxOperations: number): BatchItem[] {
  const requests = (body as { requests?: unknown } | undefined)?.requests;
  if (!Array.isArray(requests))
    throw new BcError(400, 'BadRequest', "A JSON batch request needs a 'requests' array.");
  if (requests.length > maxOperations)
    throw new BcError(
      400,
      'BadRequest',
      `The batch request contains ${requests.length} operations; the maximum is ${maxOperations}.`,
    );
  const ids = new Set<string>();
  return requests.map((r, i) => {
    const x = r as Record<string, unknown>;
    if (typeof x !== 'object' || x === null || typeof x.method !== 'string' || typeof x.url !== 'string')
      throw new BcError(400, 'BadRequest', `Batch request ${i + 1} needs a method and a url.`);
    const id = x.id === undefined ? String(i + 1) : String(x.id);
    if (ids.has(id)) throw new BcError(400, 'BadRequest', `The batch request id '${id}' is used twice.`);
    ids.add(id);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((x.headers as Record<string, unknown>) ?? {}))
      headers[k.toLowerCase()] = String(v);
    return { id, method: x.method.toUpperCase(), url: x.url, headers, body: x.body };
  });
}

/** An answer as a batch response part: a page's chunks joined, bytes as base64. */
function part(id: string, r: ApiResponse): Record<string, unknown> {
  let body: unknown;
  if (r.json !== undefined) body = r.json;
  else if (r.chunks) body = JSON.parse([...r.chunks].join(''));
  else if (r.text !== undefined) body = r.text;
  else if (r.bytes) body = r.bytes.toString('base64');
  const headers = { ...r.headers };
  return body === undefined ? { id, status: r.status, headers } : { id, status: r.status, headers, body };
}

class RolledBack extends Error {}

export async function handleBatch(
  req: ApiRequest,
  store: Store,
  maxOperations: number,
  run: RunOne,
): Promise<ApiResponse> {
  if (req.method !== 'POST')
    throw new BcError(
      405,
      'BadRequest_MethodNotAllowed',
      `'${req.method}' requests for '$batch' are not allowed.`,
    );
  const items = parseItems(req.body, maxOperations);
  const isolated = (req.headers.isolation ?? '').toLowerCase() === 'snapshot';
  if (!isolated) {
    const responses: Record<string, unknown>[] = [];
    for (const item of items) responses.push(part(item.id, await run(item)));
    return jsonResponse(200, { responses });
  }
  for (const item of items)
    if (/(^|\/)(subscriptions|\$batch)/.test(item.url))
      throw new BcError(
        400,
        'BadRequest',
        'A transactional batch (Isolation: snapshot) holds only entity requests.',
      );
  const responses: Record<string, unknown>[] = [];
  let failed: string | null = null;
  try {
    store.transaction(() => {
      for (const item of items) {
        const r = run(item);
        if (r instanceof Promise) throw new Error('a transactional batch request must answer at once');
        responses.push(part(item.id, r));
        if (r.status >= 400) {
          failed = item.id;
          throw new RolledBack();
        }
      }
    });
  } catch (e) {
    if (!(e instanceof RolledBack)) throw e;
  }
  if (failed === null) return jsonResponse(200, { responses });
  const failure = responses.find((r) => r.id === failed)!;
  return jsonResponse(200, {
    responses: items.map((item) =>
      item.id === failed
        ? failure
        : {
            id: item.id,
            status: 424,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: {
              error: {
                code: 'FailedDependency',
                message: `The batch was rolled back because request '${failed}' failed.`,
              },
            },
          },
    ),
  });
}
