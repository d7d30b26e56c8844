import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with `options`, computed once: they depend on nothing of the request (no CSP nonces), so
 * one hook sets the same list on every answer instead of @fastify/helmet making a helmet middleware per request
 * (two hooks, the policy's directives parsed again each time: ~4 % of a request's server CPU in the write bench's
 * profile, decision 0011). Names in lower case, as an answer's headers are read.
 */
export function securityHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}
