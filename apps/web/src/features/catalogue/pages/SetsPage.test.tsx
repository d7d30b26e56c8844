import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { SetsPage } from './SetPages';

// Issue #31 item 20: the favourite sets of FavorietenSets (marked and listed first by the server) stand above the
// other sets under their own heading; without favourites the page is one list as before.

const summary = (setNo: string, favourite: boolean) => ({
  id: `id-${setNo}`,
  setNo,
  description: `Set ${setNo}`,
  longDescription: null,
  imageUrl: null,
  lineCount: 3,
  favourite,
});
let answer: ReturnType<typeof summary>[] = [];
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/Settings/all'))
      return json({
        groupingType: 'all',
        boolValues: { MaterieelSets_ToonSets: true },
        intValues: {},
        stringValues: {},
        multiStrings: {},
      });
    if (url.pathname.endsWith('/Sets')) return json({ sets: answer });
    return json({}, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const names = (el: HTMLElement) =>
  within(el)
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('sets page', () => {
  it('shows the favourite sets first under their own heading', async () => {
    answer = [summary('SET-002', true), summary('SET-001', true), summary('SET-003', false)];
    renderWithProviders(<SetsPage />);
    const favourites = await screen.findByTestId('favourite-sets');
    expect(names(favourites)).toEqual(['Set SET-002', 'Set SET-001']);
    expect(screen.getByRole('heading', { name: 'Uitgelichte sets' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Overige sets' })).toBeTruthy();
    expect(names(screen.getByTestId('sets'))).toEqual(['Set SET-003']);
  });

  it('is one list without headings when no set is a favourite', async () => {
    answer = [summary('SET-001', false), summary('SET-003', false)];
    renderWithProviders(<SetsPage />);
    expect(names(await screen.findByTestId('sets'))).toEqual(['Set SET-001', 'Set SET-003']);
    expect(screen.queryByTestId('favourite-sets')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Uitgelichte sets' })).toBeNull();
  });
});
