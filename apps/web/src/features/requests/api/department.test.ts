import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { departmentKeys } from '../../../shared/api/query-keys';
import { startSession } from '../../../shared/session/session';
import { json, signInTest, signOutTest, testQueryClient } from '../../../test/render';
import { prefetchQueue, queueAddress } from './department';

// The queue's address and its prefetch (issue #31 items 14 and 19): the route starts reading the queue the address
// asks for while the page's code loads, under the key the page reads, and only for the department.

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    json({
      items: [],
      page: 1,
      pageSize: 25,
      total: 0,
      now: 0,
      counts: { submitted: 0, in_progress: 0, planned: 0, done: 0, cancelled: 0, rejected: 0 },
    }),
  );
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the queue’s address', () => {
  it('opens on the view now; a status or all shows everything; filters and the page come along, nonsense does not', () => {
    expect(queueAddress(new URLSearchParams(''))).toMatchObject({
      tab: 'now',
      params: { view: 'now', status: undefined, page: 1, pageSize: 25 },
    });
    expect(queueAddress(new URLSearchParams('status=all')).params.view).toBe('all');
    expect(
      queueAddress(new URLSearchParams('status=planned&kind=order&tot=2026-11-27&q=%20A-2026%20&page=3')),
    ).toMatchObject({
      tab: 'planned',
      params: {
        view: 'all',
        status: 'planned',
        kind: 'order',
        plannedUntil: '2026-11-27',
        q: 'A-2026',
        page: 3,
      },
    });
    expect(queueAddress(new URLSearchParams('status=nope&kind=x&tot=morgen')).params).toMatchObject({
      view: 'now',
      status: undefined,
      kind: undefined,
      plannedUntil: undefined,
    });
  });
});

describe('the route’s prefetch', () => {
  it('reads the queue the address asks for, under the page’s key, for the department', async () => {
    startSession({
      accessToken: 'a',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user: {
        id: 'd1',
        name: 'Ruud',
        email: 'materieeldienst@x.nl',
        isAdmin: false,
        internalExternal: 'Internal',
        language: 'nl-NL',
        isDepartment: true,
      },
    });
    const client = testQueryClient();
    const url = new URL('http://localhost/materieeldienst?q=A-2026-000101');
    prefetchQueue(client, url);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(asked.pathname).toMatch(/\/Department\/requests$/);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ view: 'now', q: 'A-2026-000101' });
    await vi.waitFor(() =>
      expect(client.getQueryData(departmentKeys.queue(queueAddress(url.searchParams).params))).toMatchObject({
        total: 0,
      }),
    );
  });

  it('asks nothing for anyone else', async () => {
    signInTest();
    const client = testQueryClient();
    prefetchQueue(client, new URL('http://localhost/materieeldienst'));
    expect(client.isFetching()).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
