import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  forgetSearchSynonyms,
  SEARCH_SYNONYMS_CHANNEL,
  synonymGroupsFor,
} from '../../modules/catalogue/index.ts';
import { forgetSettings, loadSettings, SETTINGS_CHANNEL } from '../../modules/settings/index.ts';
import { startChangeListener } from './changes.ts';
import { connect, type Database } from './database.ts';

// Another server process's settings cache follows a change at once (migration 0030's NOTIFY, docs/decisions/0029).
// The other process is a pool of its own (its own cache) whose clock stands still, so its few seconds of cache never
// run out: only the notification can bring it the change.

let t: TestApp;
let other: Database;

beforeAll(async () => {
  t = await createTestApp();
  other = connect(t.database.url, { max: 2 });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('settings across server processes', () => {
  it("drops another process's cached settings when one process writes them", async () => {
    const listener = await startChangeListener({
      url: t.database.url,
      on: { [SETTINGS_CHANNEL]: () => forgetSettings(other.db) },
    });
    try {
      const frozen = Date.now();
      const before = (await loadSettings(other.db, frozen)).Afvoeren_Blokkeerdagen;
      const next = before === 7 ? 6 : 7;
      const w = await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Settings',
        payload: { key: 'Afvoeren_Blokkeerdagen', value: next },
        headers: await t.auth('admin@materieelportaal.nl'),
      });
      expect(w.statusCode).toBe(204);
      await vi.waitFor(
        async () => expect((await loadSettings(other.db, frozen)).Afvoeren_Blokkeerdagen).toBe(next),
        { timeout: 15_000, interval: 20 },
      );
      // a reset (a delete) is told too
      const r = await t.app.inject({
        method: 'DELETE',
        url: '/api/v2.0/Settings/Afvoeren_Blokkeerdagen',
        headers: await t.auth('admin@materieelportaal.nl'),
      });
      expect(r.statusCode, r.body).toBeLessThan(300);
      await vi.waitFor(
        async () => expect((await loadSettings(other.db, frozen)).Afvoeren_Blokkeerdagen).toBe(before),
        { timeout: 15_000, interval: 20 },
      );
    } finally {
      await listener.close();
    }
  });
});

describe('search synonyms across server processes', () => {
  // Before migration 0031 another process searched with the old list for up to 10 s (its cache's lifetime).
  it("drops another process's synonym lists when an administrator saves one", async () => {
    const admin = await t.auth('admin@materieelportaal.nl');
    const setCode = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'SynoniemCode', value: 'PROCES' },
      headers: admin,
    });
    expect(setCode.statusCode, setCode.body).toBe(204);
    const listener = await startChangeListener({
      url: t.database.url,
      on: { [SEARCH_SYNONYMS_CHANNEL]: () => forgetSearchSynonyms(other.db) },
    });
    try {
      const frozen = Date.now();
      expect(await synonymGroupsFor(other.db, 'PROCES', frozen)).toEqual([]);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/v2.0/SearchSynonyms',
        payload: { groups: [{ words: ['zandtriller', 'trilplaat'] }] },
        headers: admin,
      });
      expect(put.statusCode, put.body).toBe(200);
      await vi.waitFor(
        async () =>
          expect((await synonymGroupsFor(other.db, 'PROCES', frozen)).flat()).toContain('zandtriller'),
        { timeout: 15_000, interval: 20 },
      );
      // emptied again: told too
      const none = await t.app.inject({
        method: 'PUT',
        url: '/api/v2.0/SearchSynonyms',
        payload: { groups: [] },
        headers: admin,
      });
      expect(none.statusCode, none.body).toBe(200);
      await vi.waitFor(async () => expect(await synonymGroupsFor(other.db, 'PROCES', frozen)).toEqual([]), {
        timeout: 15_000,
        interval: 20,
      });
    } finally {
      await listener.close();
    }
  });
});
