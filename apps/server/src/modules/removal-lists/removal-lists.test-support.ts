import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import type { TestApp } from '../../../test/app.ts';
import { LOC2, USER } from '../order-lists/ordering.test-support.ts';

// What the removal-list tests share: the calls of the v2 API as a user, a list's lines and the stock on site.

export type Line = {
  lineId: string;
  itemNo: string;
  plantNo: string | null;
  returnAmount: number;
  comment: string | null;
};
export type StockLine = {
  itemNo: string;
  plantNo: string | null;
  quantity: number;
  availableForRemoval: number;
};

export const listUrl = (loc = LOC2) => `/api/v2.0/RemovalLists/${loc}`;
export const lineUrl = (id: string, loc = LOC2) => `${listUrl(loc)}/lines/${id}`;

/** The removal-list API of `t` as a user (USER unless `email`), with an Idempotency-Key when `key` is given. */
export function removalListApi(t: () => TestApp) {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    opts: { key?: string; email?: string } = {},
  ) => {
    const headers: Record<string, string> = await t().auth(opts.email ?? USER);
    if (opts.key) headers['idempotency-key'] = opts.key;
    return t().app.inject({ method, url, payload: body as object, headers });
  };
  /** The lines of the user's list on `loc`. */
  const linesOf = async (email = USER, loc = LOC2): Promise<Line[]> =>
    (await call('GET', listUrl(loc), undefined, { email })).json().lines;
  return {
    call,
    linesOf,
    /** Takes every line off the user's list on `loc`. */
    async empty(email = USER, loc = LOC2): Promise<void> {
      for (const l of await linesOf(email, loc))
        await call('DELETE', lineUrl(l.lineId, loc), undefined, { email });
    },
    /** The stock on site of `loc`, as `email` sees it. */
    async stock(loc = LOC2, email = USER): Promise<StockLine[]> {
      const url = `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${loc}&pageSize=250`;
      return (await call('GET', url, undefined, { email })).json().items;
    },
  };
}
