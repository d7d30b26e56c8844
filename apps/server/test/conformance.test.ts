import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { Case, Operation } from './conformance.ts';
import { useConformanceApp } from './conformance-app.ts';
import { conformsTo, looserThanServer, problemsOf } from './conformance-checks.ts';

/*
 * The served OpenAPI document is valid OpenAPI 3.1, and the conformance checker (conformance.ts and
 * conformance-checks.ts: generated valid and invalid requests, every answer's status, media type and body compared
 * with what its operation declares) catches an undeclared status and a body that contradicts its schema. The sweep
 * over every operation is conformance.sweep.ts (a step of `npm test`); these are the rules it relies on, one by one.
 */
const app = useConformanceApp();

describe('the API document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(app.doc) as never);
    expect(app.doc.openapi).toBe('3.1.0');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('would fail on a status an operation does not declare', async () => {
    const op = app.ops.find((o) => o.method === 'GET' && o.path === '/api/v2.0/PlantRequests/{id}');
    expect(op).toBeDefined();
    if (!op) return;
    const caller = app.callers[1];
    const answer = await app.send({
      op,
      kind: 'foreign-path',
      url: '/api/v2.0/PlantRequests/ffffffff-ffff-ffff-ffff-ffffffffffff',
      headers: caller,
    });
    expect(answer.status).toBe(404);
    // Declared (as the API-document issue will declare it): no problem; left out: the checker reports it.
    const declared = {
      ...op,
      responses: { ...op.responses, '404': { schema: null, mediaTypes: ['application/json'] } },
    };
    expect(problemsOf(declared, answer)).toEqual([]);
    const { '404': _dropped, ...withoutNotFound } = declared.responses;
    expect(problemsOf({ ...declared, responses: withoutNotFound }, answer)[0]).toMatch(/status not declared/);
    // and a body that contradicts the declared schema
    expect(
      problemsOf(op, {
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ unexpected: 1 }),
      })[0],
    ).toMatch(/does not match/);
  });
});

// what the document says, values coerced as a server reads query and path values
const takes = (schema: unknown, value: unknown) => conformsTo(schema, value, true);

describe('request schemas say what the server enforces (issue #16 part 2)', () => {
  const op = (method: string, path: string): Operation => {
    const found = app.ops.find((o) => o.method === method && o.path === path);
    if (!found) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };
  const bodyOf = (method: string, path: string) => op(method, path).body?.schema;
  const param = (method: string, path: string, name: string) => {
    const p = op(method, path).parameters.find((x) => x.name === name);
    if (!p) throw new Error(`${method} ${path} has no parameter ${name}`);
    return p;
  };
  const post = (
    path: string,
    payload: unknown,
    caller = app.callers[1],
    headers: Record<string, string> = {},
  ) =>
    app.send({
      op: op('POST', path),
      kind: 'valid',
      url: path,
      headers: { ...caller, ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('one of two fields: declared with anyOf, refused alike by the server', async () => {
    for (const [path, a, b] of [
      ['/api/Logging/LogPagina', 'pagina', 'page'],
      ['/api/ContentControllers/GetContent', 'pageId', 'id'],
      ['/api/MaterieelFavorieten/RemoveLijst', 'lijstId', 'id'],
      ['/api/MaterieelSets/GetSet', 'id', 'setNummer'],
      ['/api/MaterieelAanvraag/GetAanvraagDetails', 'id', 'aanvraagNummer'],
      ['/api/LegacyAuth/LegacyRefreshLogin', 'refreshToken', 'refresh_token'],
    ] as const) {
      const schema = bodyOf('POST', path);
      expect(takes(schema, {}), path).toBe(false);
      expect(takes(schema, { [a]: null }), path).toBe(false);
      const answer = await post(path, {});
      expect(answer.status, path).toBe(400);
      expect(Object.keys(JSON.parse(answer.body).details.fields), path).toContain(a);
      expect(JSON.stringify(schema), path).toContain(b);
    }
    const external = bodyOf('POST', '/api/v2.0/Auth/external-login');
    expect(takes(external, { code: 'c' })).toBe(false);
    expect(takes(external, { code: 'c', state: 's' })).toBe(true);
    expect(takes(external, { callbackUrl: 'https://x.example/cb?code=1' })).toBe(true);
    const items = bodyOf('POST', '/api/v2.0/FavoriteLists/{id}/items');
    expect(takes(items, {})).toBe(false);
    expect(takes(items, { itemNo: 'AG-1001' })).toBe(true);
  });

  it('query lists, statuses and page sizes as patterns and enums', () => {
    const bool = param('GET', '/api/v2.0/Products/{categoryId}', 'bool').schema;
    expect(takes(bool, 'not-a-guid')).toBe(false);
    expect(takes(bool, '16f128f5-6eea-420b-91f1-2dafc01ab7e0, 16f128f5-6eea-420b-91f1-2dafc01ab7e1')).toBe(
      true,
    );
    const status = param('GET', '/api/v2.0/PlantRequests', 'status').schema;
    expect(takes(status, 'submitted,done')).toBe(true);
    expect(takes(status, 'submitted,bogus')).toBe(false);
    const itemNos = param('GET', '/api/v2.0/Items', 'itemNos').schema;
    expect(takes(itemNos, 'AG-1001,BH-1001')).toBe(true);
    expect(takes(itemNos, 'AG-1001,,')).toBe(false);
    expect(takes(itemNos, 'a\u0000b')).toBe(false);
    expect(takes(param('GET', '/api/v2.0/Products/{categoryId}', 'pageSize').schema, 70)).toBe(false);
  });

  it('real calendar days only, conditional destination fields, the Idempotency-Key header required', async () => {
    const order = bodyOf('POST', '/api/v2.0/PlantRequests/{id}/order');
    const base = {
      contactPerson: 'Jan',
      phone: '0612345678',
      collect: false,
      street: 'Dorpsstraat 1',
      city: 'Ede',
    };
    expect(takes(order, { ...base, deliveryDate: '2026-12-01' })).toBe(true);
    for (const day of ['0000-00-00', '2026-02-29', '2026-04-31', '2026-13-01'])
      expect(takes(order, { ...base, deliveryDate: day }), day).toBe(false);
    expect(takes(order, { ...base, deliveryDate: '2028-02-29' })).toBe(true);
    // street and city when not collecting (or a work address), a depot when collecting
    const { street: _s, city: _c, ...noAddress } = base;
    expect(takes(order, { ...noAddress, deliveryDate: '2026-12-01' })).toBe(false);
    expect(takes(order, { ...noAddress, deliveryDate: '2026-12-01', addressCode: 'W1' })).toBe(true);
    expect(takes(order, { ...noAddress, deliveryDate: '2026-12-01', collect: true })).toBe(false);
    expect(takes(order, { ...noAddress, deliveryDate: '2026-12-01', collect: true, depotNo: 'D1' })).toBe(
      true,
    );
    for (const path of ['/api/v2.0/PlantRequests/{id}/order', '/api/MaterieelAanvraag/AddAanvraag'])
      expect(param('POST', path, 'idempotency-key').required, path).toBe(true);
  });

  it('blank and control characters: refused by the document where the server refuses them', () => {
    const name = (bodyOf('POST', '/api/v2.0/FavoriteLists') as { properties: Record<string, unknown> })
      .properties.name;
    expect(takes(name, 'Steigers')).toBe(true);
    expect(takes(name, '   ')).toBe(false);
    expect(takes(name, 'a\u0000b')).toBe(false);
    const comment = (
      bodyOf('POST', '/api/v2.0/PlantRequests/{id}/order') as { properties: Record<string, unknown> }
    ).properties.comment;
    expect(takes(comment, 'Regel 1\nRegel 2\tklaar')).toBe(true);
    expect(takes(comment, 'bel\u0007')).toBe(false);
  });

  it('the checker finds a document looser than the server', async () => {
    const logPage = op('POST', '/api/Logging/LogPagina');
    const loose: Operation = {
      ...logPage,
      body: { schema: { type: 'object' }, required: true, mediaType: 'application/json' },
    };
    const c: Case = {
      op: loose,
      kind: 'valid',
      url: '/api/Logging/LogPagina',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
      body: {},
    };
    const answer = await app.send(c);
    expect(answer.status).toBe(400);
    expect(looserThanServer(c, answer)[0]).toMatch(/lets through what the server refuses \(pagina/);
    expect(looserThanServer({ ...c, op: logPage }, answer)).toEqual([]);
  });

  it('visitor operations say a token is optional; the others answer an anonymous caller 401 before validation', async () => {
    const security = (method: string, path: string) =>
      (app.doc.paths[path][method.toLowerCase()] as { security?: unknown[] }).security;
    expect(security('GET', '/api/v2.0/Products/{categoryId}')).toEqual([{ bearer: [] }, {}]);
    expect(security('POST', '/api/v2.0/FavoriteLists')).toBeUndefined(); // the document's default: a token
    const admin = app.callers[2];
    const setAnonymous = (value: boolean) =>
      post('/api/v2.0/Settings', { key: 'AllowAnonymousUsers', value }, admin);
    expect((await setAnonymous(true)).status).toBe(204);
    try {
      const favourite = await post('/api/v2.0/FavoriteLists', { name: 7 }, {});
      expect(favourite.status).toBe(401);
      const products = await app.send({
        op: op('GET', '/api/v2.0/Products/{categoryId}'),
        kind: 'valid',
        url: '/api/v2.0/Products/not-a-guid?pageSize=7',
        headers: {},
      });
      expect(products.status).toBe(400);
    } finally {
      expect((await setAnonymous(false)).status).toBe(204);
    }
  });
});

describe('authorization before validation (issue #16 part 3)', () => {
  it('answers a signed-in non-administrator 403 on every administrators-only operation, whatever the input', async () => {
    const adminOps = app.ops.filter((o) => {
      const raw = app.doc.paths[o.path][o.method.toLowerCase()] as { description?: string };
      // and the corporate identity's editors (decision 0026): admins and AppCorporateIdentity holders
      return (
        raw.description?.includes('Administrators only') ||
        raw.description?.includes('Administrators and holders of AppCorporateIdentity only')
      );
    });
    expect(adminOps.length).toBeGreaterThanOrEqual(25);
    const user = app.callers[1];
    const admin = app.callers[2];
    for (const op of adminOps) {
      const url = op.path.replace(/\{[^}]+\}/g, 'not-valid');
      const bad = { ...user, 'content-type': 'application/json' };
      const answer = await app.send({
        op,
        kind: 'wrong-type',
        url,
        headers: bad,
        payload: '{"x":{"y":[1]}}',
      });
      expect(`${op.method} ${op.path} → ${answer.status}`).toBe(`${op.method} ${op.path} → 403`);
      expect(JSON.parse(answer.body).code).toBe('error.geen_toegang');
      // the administrator with the same input gets the validation's answer
      const asAdmin = await app.send({
        op,
        kind: 'wrong-type',
        url,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '{"x":{"y":[1]}}',
      });
      // …or, for an operation whose document names no input (a list, a multipart upload), possibly its answer
      const raw = app.doc.paths[op.path][op.method.toLowerCase()] as {
        parameters?: unknown[];
        requestBody?: unknown;
      };
      const takesInput = (raw.parameters?.length ?? 0) > 0 || raw.requestBody !== undefined;
      expect(
        takesInput ? [400, 404, 415] : [200, 400, 404, 415],
        `${op.method} ${op.path} as admin`,
      ).toContain(asAdmin.status);
    }
  });
});

describe('the document and the server agree on what the outside fuzzer found (issue #31 item 21)', () => {
  const user = () => app.callers[1];
  const admin = () => app.callers[2];
  const opOf = (method: string, path: string) => {
    const found = app.ops.find((o) => o.method === method && o.path === path);
    if (!found) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };
  const bodyOfOp = (method: string, path: string) => opOf(method, path).body?.schema ?? {};
  const takesDoc = (schema: unknown, value: unknown) => conformsTo(schema, value);
  const raw = (method: string, path: string) =>
    app.doc.paths[path][method.toLowerCase()] as {
      requestBody?: { content: Record<string, { schema: Record<string, unknown>; encoding?: unknown }> };
      responses: Record<string, { content?: Record<string, unknown> }>;
      parameters?: { name: string; in: string; schema: Record<string, unknown>; style?: string }[];
    };

  it('answers a method a path does not have with 405 and an Allow header of the ones it has', async () => {
    const put = await app.send({ op: { method: 'PUT' }, url: '/api/v2.0/Customers', headers: admin() });
    expect(put.status).toBe(405);
    expect(put.allow).toBe('GET, HEAD');
    expect(JSON.parse(put.body).code).toBe('error.methode_niet_toegestaan');
    const get = await app.send({ op: { method: 'GET' }, url: '/api/Logging/LogPagina', headers: {} });
    expect([get.status, get.allow]).toEqual([405, 'POST']);
    const users = await app.send({ op: { method: 'POST' }, url: '/api/v2.0/Users/x', headers: admin() });
    expect([users.status, users.allow]).toEqual([405, 'DELETE, GET, HEAD, PUT']);
    // OPTIONS too (there is no CORS); a path nobody has stays 404
    const options = await app.send({ op: { method: 'OPTIONS' }, url: '/api/v2.0/Customers', headers: {} });
    expect([options.status, options.allow]).toEqual([405, 'GET, HEAD']);
    const none = await app.send({ op: { method: 'POST' }, url: '/api/v2.0/Nothing', headers: admin() });
    expect(none.status).toBe(404);
  });

  it('refuses who may not call before reading a malformed body: 401 without a token, 403 without the role', async () => {
    const malformed = (headers: Record<string, string>) =>
      app.send({
        op: { method: 'PUT' },
        url: '/api/v2.0/Translations/nl-NL',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"Home.titel":',
      });
    expect((await malformed({})).status).toBe(401);
    expect((await malformed(user())).status).toBe(403);
    const asAdmin = await malformed(admin());
    expect(asAdmin.status).toBe(400);
    expect(JSON.parse(asAdmin.body).details.fields.body.code).toBe('validation.ongeldig_formaat');
    const empty = await app.send({
      op: { method: 'POST' },
      url: '/api/v2.0/FavoriteLists',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.status).toBe(401);
  });

  it('refuses a query parameter an operation does not declare, on every operation', async () => {
    for (const url of [
      '/api/v2.0/Customers?unexpected=1',
      '/api/v2.0/Reports?unexpected=1',
      '/api/v2.0/Reports/export?report=requests&unexpected=1',
      '/api/v2.0/Categories?unexpected=1',
      '/api/v2.0/Users/me?unexpected=1',
    ]) {
      const answer = await app.send({ op: { method: 'GET' }, url, headers: admin() });
      expect(`${url} → ${answer.status}`).toBe(`${url} → 400`);
      expect(JSON.parse(answer.body).details.fields.unexpected.code).toBe('validation.onbekend_veld');
    }
  });

  it('declares the media types of files: PDF, XLSX and CSV, not JSON', () => {
    const media = (method: string, path: string, status = '200') =>
      Object.keys(raw(method, path).responses[status]?.content ?? {});
    expect(media('GET', '/api/v2.0/SalesInvoices/{id}/pdf')).toEqual(['application/pdf']);
    for (const path of ['/api/v2.0/SalesInvoices/export', '/api/v2.0/Reports/export'])
      expect(media('GET', path).sort(), path).toEqual([
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'text/csv',
      ]);
    expect(media('POST', '/api/MaterieelCatalogus/GetMaterieelCatalogus')).toEqual(['application/json']);
  });

  it('describes every multipart upload as a requestBody with its file parts', () => {
    for (const path of [
      '/api/v2.0/Images/set/{type}',
      '/api/v2.0/CorporateIdentity/Images/{slot}',
      '/api/AppSettings/UpdateCorporateIdentityImages',
      '/api/AppSettings/UpdateCategoryImages',
      '/api/ContentControllers/UploadContentImage',
      '/api/v2.0/Complaints/{id}/documents',
      '/api/v2.0/Department/complaints/{id}/documents',
      '/api/Klachten/UploadKlachtDocumenten',
      '/api/v2.0/Department/requests/{id}/photos',
    ]) {
      const body = raw('POST', path).requestBody;
      expect(Object.keys(body?.content ?? {}), path).toEqual(['multipart/form-data']);
      // each file part names the media types it takes (a part of any name: the schema says them)
      const form = body?.content['multipart/form-data'];
      const anyName = (form?.schema.additionalProperties || undefined) as { format?: string } | undefined;
      expect(form?.encoding !== undefined || anyName?.format === 'binary', path).toBe(true);
    }
    const single = raw('POST', '/api/v2.0/Images/set/{type}').requestBody?.content['multipart/form-data'];
    expect(single?.encoding).toEqual({
      file: { contentType: 'image/png, image/jpeg, image/webp, image/gif' },
    });
    expect(single?.schema.required).toEqual(['file']);
  });

  it('says that extra properties are taken only without control characters', async () => {
    const schema = bodyOfOp('POST', '/api/BestelLijst/GetBestelLijsten');
    expect(takesDoc(schema, { materieelLocatieNr: 'P-24001', extra: { note: 'ok' } })).toBe(true);
    expect(takesDoc(schema, { materieelLocatieNr: 'P-24001', extra: { note: 'a\u0000b' } })).toBe(false);
    const answer = await app.send({
      op: { method: 'POST' },
      url: '/api/BestelLijst/GetBestelLijsten',
      headers: { ...user(), 'content-type': 'application/json' },
      payload: JSON.stringify({ materieelLocatieNr: 'P-24001', extra: { note: 'a\u0000b' } }),
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).details.fields['extra.note'].code).toBe('validation.ongeldige_tekens');
  });

  it('says what a trim leaves of a phone number, and that a form field takes no control character', async () => {
    // found by the sweep: "12345 " passed the document (6 characters) and failed the server (5 after the trim)
    const address = bodyOfOp('PUT', '/api/v2.0/PlantLocations/{plantLocation}/addresses/{addressId}');
    const at = { name: 'Bouwkeet', street: 'Dorpsstraat 1', city: 'Ede' };
    expect(takesDoc(address, { ...at, phone: '12345 ' })).toBe(false);
    expect(takesDoc(address, { ...at, phone: ' 0612 345678 ' })).toBe(true);
    expect(takesDoc(address, { ...at, phone: '' })).toBe(true);
    const order = bodyOfOp('POST', '/api/v2.0/PlantRequests/{id}/order') as {
      properties: { phone: unknown };
    };
    expect(takesDoc(order.properties.phone, '12345 ')).toBe(false);
    expect(takesDoc(order.properties.phone, '+31 (0)6-1234.5678')).toBe(true);
    // …and a legacy upload's form field with a NUL in it, which the server refuses
    const form = raw('POST', '/api/Klachten/UploadKlachtDocumenten').requestBody?.content[
      'multipart/form-data'
    ];
    expect(takesDoc(form?.schema, { klachtNummer: 'a\u0000b\u0007' })).toBe(false);
    expect(takesDoc(form?.schema, { klachtNummer: '   ' })).toBe(false);
    expect(takesDoc(form?.schema, { klachtNummer: 'K-2026-0001' })).toBe(true);
  });

  it('states the rules across fields: scope=location needs plantLocation, until not before from', () => {
    const query = (path: string) => opOf('GET', path).parameters.find((p) => p.exploded)?.schema;
    const reports = query('/api/v2.0/Reports');
    expect(takesDoc(reports, { scope: 'location' })).toBe(false);
    expect(takesDoc(reports, { scope: 'location', plantLocation: 'P-24001' })).toBe(true);
    expect(takesDoc(reports, { scope: 'customer' })).toBe(true);
    for (const [path, base] of [
      ['/api/v2.0/SalesInvoices', {}],
      ['/api/v2.0/PlantOrders', { plantLocation: 'P-24001', kind: 'delivery' }],
    ] as const) {
      const q = query(path);
      expect(takesDoc(q, { ...base, from: '2026-03-01', until: '2026-02-01' }), path).toBe(false);
      expect(takesDoc(q, { ...base, from: '2026-03-01', until: '2026-03-01' }), path).toBe(true);
      expect(takesDoc(q, { ...base, until: '2026-02-01' }), path).toBe(true);
    }
  });

  it('names the format of URL fields', () => {
    const callback = bodyOfOp('POST', '/api/LegacyAuth/LegacyExternalLogin').properties as Record<
      string,
      { format?: string }
    >;
    expect([callback.callbackUrl.format, callback.url.format]).toEqual(['uri', 'uri']);
    const redirect = raw('GET', '/api/v2.0/Auth/external-login-url').parameters?.find(
      (p) => p.name === 'redirectUrl',
    );
    expect(redirect?.schema.format).toBe('uri-reference');
  });
});
