import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { json } from '../../../test/render';
import { getRemovalList } from './get-removal-list';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('removal list', () => {
  it('a 404 is an error, not an empty list (issue #9 item 13)', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 'error.niet_gevonden', message: 'Niet gevonden.', details: {} }, 404),
    );
    await expect(getRemovalList('P-1')).rejects.toBeInstanceOf(ApiError);
  });
});
