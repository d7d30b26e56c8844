// Issue #9 item 13: a failure is never shown as "empty" — the list calls reject on every error (a 404
// included) instead of answering no lines, and the error view names the server's reason in the user's language.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../test/render';
import { ErrorView } from '../ui/StateViews';
import { ApiError } from './errors';
import { getOrderLists } from './order-lists/get-order-lists';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const notFound = () => json({ code: 'error.niet_gevonden', message: 'Niet gevonden.', details: {} }, 404);

describe('a failure is not "empty"', () => {
  it('the order lists of a location that answers 404 are an error, not "no lists"', async () => {
    fetchMock.mockResolvedValue(notFound());
    await expect(getOrderLists('P-1')).rejects.toBeInstanceOf(ApiError);
  });

  it("the error view shows the page's message and the server's specific reason in the user's language", async () => {
    const error = new ApiError(403, 'error.alleen_lezen', 'read only');
    renderWithProviders(<ErrorView messageKey="Aanvragen.ophalen_error" error={error} />, { path: '/x' });
    expect(
      await screen.findByText('Je hebt op deze locatie alleen leesrechten; wijzigen is niet mogelijk.'),
    ).toBeTruthy();
  });
});
