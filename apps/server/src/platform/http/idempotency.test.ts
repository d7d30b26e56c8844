import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { idempotencyKeys, mailOutbox, users } from '../../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Ctx } from './context.ts';
import { canonicalJson, idempotencyKeyOf, requestHash, withIdempotency } from './idempotency.ts';

let t: TestApp;
let ctx: Ctx;

beforeAll(async () => {
  t = await createTestApp();
  const [u] = await t.database.db.select().from(users).where(eq(users.email, 'uitvoerder@vandijk.nl'));
  ctx = {
    user: {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      kind: u.kind,
      permissions: [],
      customerId: u.customerId,
    },
    locale: 'nl-NL',
    db: t.database.db,
    now: new Date(),
    ip: '127.0.0.1',
    settings: () => t.deps.loadSettings(t.deps.db),
  };
});
afterAll(async () => {
  await t?.close();
});

/** A unit of work that leaves a trace (an outbox row) so the test can count how often it ran. */
function work(marker: string, opts: { failAfterInsert?: boolean; delayMs?: number } = {}) {
  return async (tx: Parameters<Parameters<typeof withIdempotency>[2]>[0]) => {
    await tx
      .insert(mailOutbox)
      .values({ type: 'IdempotencyTest', locale: 'nl-NL', to: marker, subject: 's', html: 'h', text: 't' });
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (opts.failAfterInsert) throw new Error('crash in the middle of the work');
    return { status: 201, body: { marker, at: new Date('2026-11-23T08:00:00Z') } };
  };
}

async function traces(marker: string): Promise<number> {
  const [r] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, marker));
  return r.n;
}

describe('canonical request hash', () => {
  it('ignores key order and undefined, not values', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(requestHash('order:1', { a: 1, b: 2 })).toBe(requestHash('order:1', { b: 2, a: 1 }));
    expect(requestHash('order:1', { a: 1 })).not.toBe(requestHash('order:2', { a: 1 }));
    expect(requestHash('order:1', { a: 1 })).not.toBe(requestHash('order:1', { a: '1' }));
  });

  it('requires a printable key of at most 255 characters', () => {
    expect(() => idempotencyKeyOf({})).toThrow(AppError);
    expect(() => idempotencyKeyOf({ 'idempotency-key': 'a b' })).toThrow(AppError);
    expect(() => idempotencyKeyOf({ 'idempotency-key': 'x'.repeat(256) })).toThrow(AppError);
    expect(idempotencyKeyOf({ 'idempotency-key': 'f1c1d0c2-8b0e-4c1e-9a53-0b1f2f9b1a11' })).toBe(
      'f1c1d0c2-8b0e-4c1e-9a53-0b1f2f9b1a11',
    );
  });
});

describe('withIdempotency', () => {
  it('runs the work once and replays its stored answer', async () => {
    const key = randomUUID();
    const marker = `m-${key}`;
    const first = await withIdempotency(ctx, { key, scope: 'test', body: { a: 1 } }, work(marker));
    expect(first).toEqual({ status: 201, body: { marker, at: '2026-11-23T08:00:00.000Z' }, replayed: false });
    const again = await withIdempotency(ctx, { key, scope: 'test', body: { a: 1 } }, work(marker));
    expect(again).toEqual({ ...first, replayed: true });
    expect(await traces(marker)).toBe(1);
  });

  it('answers 422 error.idempotency_conflict for the same key with another body or scope', async () => {
    const key = randomUUID();
    const marker = `m-${key}`;
    await withIdempotency(ctx, { key, scope: 'test', body: { a: 1 } }, work(marker));
    for (const other of [
      { scope: 'test', body: { a: 2 } },
      { scope: 'other', body: { a: 1 } },
    ]) {
      const e = await withIdempotency(ctx, { key, ...other }, work(marker)).catch((x) => x);
      expect(e).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ type: 'rule', code: 'error.idempotency_conflict' });
    }
    expect(await traces(marker)).toBe(1);
  });

  it('leaves nothing when the work dies half-way, so a retry with the same key runs exactly once', async () => {
    const key = randomUUID();
    const marker = `m-${key}`;
    await expect(
      withIdempotency(ctx, { key, scope: 'test', body: {} }, work(marker, { failAfterInsert: true })),
    ).rejects.toThrow('crash in the middle');
    expect(await traces(marker)).toBe(0);
    const rows = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toHaveLength(0);
    const retry = await withIdempotency(ctx, { key, scope: 'test', body: {} }, work(marker));
    expect(retry.replayed).toBe(false);
    expect(await traces(marker)).toBe(1);
  });

  it('lets concurrent calls with one key wait for the first and replay its answer', async () => {
    const key = randomUUID();
    const marker = `m-${key}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        withIdempotency(ctx, { key, scope: 'test', body: { n: 1 } }, work(marker, { delayMs: 150 })),
      ),
    );
    expect(await traces(marker)).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body])))).toHaveProperty('size', 1);
  });

  it('checks beforeReplay before a stored answer is replayed, and not on the first run', async () => {
    const key = randomUUID();
    const marker = `m-${key}`;
    let checks = 0;
    const beforeReplay = async () => {
      checks++;
      throw new AppError('not_found', 'error.niet_gevonden');
    };
    const first = await withIdempotency(ctx, { key, scope: 'test', body: {}, beforeReplay }, work(marker));
    expect(first.replayed).toBe(false);
    expect(checks).toBe(0);
    const again = await withIdempotency(
      ctx,
      { key, scope: 'test', body: {}, beforeReplay },
      work(marker),
    ).catch((x) => x);
    expect(again).toMatchObject({ type: 'not_found', code: 'error.niet_gevonden' });
    expect(checks).toBe(1);
    expect(await traces(marker)).toBe(1);
  });

  it("queues the work's mails with the stored answer, in its statement, and leaves none when the answer is not stored", async () => {
    const key = randomUUID();
    const to = `mail-${key}@example.test`;
    const messages = [0, 1].map((n) => ({
      type: 'IdempotencyTest',
      locale: 'nl-NL',
      to,
      subject: `Onderwerp ${n}\nmet een tweede regel`,
      html: `<p>${n}</p>`,
      text: `${n}`,
    }));
    const mail = { mailer: t.deps.mailer, messages };
    const answer = await withIdempotency(ctx, { key, scope: 'test', body: {} }, async () => ({
      status: 201,
      body: { ok: true },
      mail,
    }));
    expect(answer).toEqual({ status: 201, body: { ok: true }, replayed: false });
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(rows.map((r) => [r.subject, r.html, r.text, r.status]).sort()).toEqual([
      ['Onderwerp 0 met een tweede regel', '<p>0</p>', '0', 'stored'],
      ['Onderwerp 1 met een tweede regel', '<p>1</p>', '1', 'stored'],
    ]);
    const [key2, to2] = [randomUUID(), `mail-${randomUUID()}@example.test`];
    await expect(
      withIdempotency(ctx, { key: key2, scope: 'test', body: {} }, async () => ({
        status: 201,
        // a body jsonb cannot store: the statement fails, and so does the mails' insert
        body: '\u0000' as unknown as object,
        mail: { ...mail, messages: messages.map((m) => ({ ...m, to: to2 })) },
      })),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to2))).toHaveLength(0);
  });

  it('keeps keys apart per user', async () => {
    const key = randomUUID();
    const [other] = await t.database.db.select().from(users).where(eq(users.email, 'directie@vandijk.nl'));
    const otherCtx: Ctx = { ...ctx, user: { ...(ctx.user as NonNullable<Ctx['user']>), id: other.id } };
    const a = await withIdempotency(ctx, { key, scope: 'test', body: {} }, work(`a-${key}`));
    const b = await withIdempotency(otherCtx, { key, scope: 'test', body: { x: 1 } }, work(`b-${key}`));
    expect(a.replayed).toBe(false);
    expect(b.replayed).toBe(false);
  });
});
