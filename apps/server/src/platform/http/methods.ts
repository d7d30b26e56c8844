// A path asked with a method it does not have answers 405 with an `Allow` header naming the methods it has
// (RFC 9110 §15.5.5), not 404 (issue #31 item 21). The router only knows "no route for this method and path", so
// the paths' methods are collected as routes are registered and looked up when nothing matched.
import type { FastifyInstance, RouteOptions } from 'fastify';

interface PathMethods {
  pattern: RegExp;
  methods: Set<string>;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The router's matching of a route's URL (parameters one segment each, `*` the rest, any case, a trailing slash). */
function patternOf(url: string): RegExp {
  const segments = url
    .replace(/\/+$/, '')
    .split('/')
    .map((s) => (s === '*' ? '.*' : s.startsWith(':') ? '[^/]+' : literal(s)));
  return new RegExp(`^${segments.join('/')}/?$`, 'i');
}

/** The same path for the router, whatever its parameters are called. */
const shapeOf = (url: string) =>
  url
    .replace(/\/+$/, '')
    .replace(/\/:[^/]+/g, '/:')
    .toLowerCase();

/**
 * Collects the methods of every route registered after this call; returns the lookup: the methods a request's
 * path has (empty when no route has its path at all). GET brings HEAD (Fastify answers HEAD for every GET).
 */
export function collectPathMethods(app: FastifyInstance): (url: string) => string[] {
  const byShape = new Map<string, PathMethods>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const shape = shapeOf(route.url);
    let entry = byShape.get(shape);
    if (!entry) {
      entry = { pattern: patternOf(route.url), methods: new Set() };
      byShape.set(shape, entry);
    }
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      entry.methods.add(method.toUpperCase());
      if (method.toUpperCase() === 'GET') entry.methods.add('HEAD');
    }
  });
  return (url) => {
    const path = url.split('?')[0];
    const methods = new Set<string>();
    for (const entry of byShape.values()) {
      if (entry.pattern.test(path)) for (const m of entry.methods) methods.add(m);
    }
    return [...methods].sort();
  };
}
