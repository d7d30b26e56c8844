import type { SearchSynonyms } from '@mp/contract/api/search-synonyms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSnackbars, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { SearchSynonymsEditor } from './SearchSynonymsEditor';

// Issue #31 item 20: the administrator keeps the search synonyms of the list SynoniemCode names: groups of words,
// saved at once; the server's refusal shows under the group it concerns; without a list the page says how to choose.

const list: SearchSynonyms = {
  code: 'STANDAARD',
  groups: [{ id: 'g1', words: ['aggregaat', 'generator'] }],
};
const fetchMock = vi.fn<typeof fetch>();
let answer: (body: { groups: { words: string[] }[] }) => Response;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInAdminTest();
  answer = (body) =>
    json({ code: 'STANDAARD', groups: body.groups.map((g, i) => ({ id: `s${i}`, words: g.words })) });
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/AntiForgery/token')) return json({ token: 'xsrf' });
    if (url.pathname.endsWith('/SearchSynonyms') && init?.method === 'PUT')
      return answer(JSON.parse(String(init.body)));
    return json({}, 404);
  });
});
afterEach(() => {
  resetSnackbars();
  signOutTest();
  vi.unstubAllGlobals();
});

const puts = () =>
  fetchMock.mock.calls
    .filter(([u, i]) => String(u).includes('/SearchSynonyms') && i?.method === 'PUT')
    .map(([, i]) => JSON.parse(String(i?.body)));
// a word typed into the focused field and Enter (TagsInput ignores changes to a field without focus)
const addWord = (input: HTMLElement, word: string) => {
  input.focus();
  fireEvent.change(input, { target: { value: word } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('search synonyms editor', () => {
  it('adds a group of words and saves every group at once', async () => {
    renderWithProviders(<SearchSynonymsEditor list={list} />);
    expect(screen.getByTestId('synonyms-code').textContent).toBe('Lijst STANDAARD (instelling SynoniemCode)');
    fireEvent.click(screen.getByRole('button', { name: 'Groep toevoegen' }));
    const input = screen.getAllByPlaceholderText('Typ een woord en druk op Enter')[1];
    addWord(input, 'minigraver');
    addWord(input, 'minikraan');
    fireEvent.click(screen.getByTestId('synonyms-save'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      groups: [{ words: ['aggregaat', 'generator'] }, { words: ['minigraver', 'minikraan'] }],
    });
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('info.opgeslagen'));
  });

  it("shows a group of one word and the server's refusal under the group", async () => {
    renderWithProviders(<SearchSynonymsEditor list={list} />);
    fireEvent.click(screen.getByRole('button', { name: 'Groep toevoegen' }));
    addWord(screen.getAllByPlaceholderText('Typ een woord en druk op Enter')[1], 'kachel');
    fireEvent.click(screen.getByTestId('synonyms-save'));
    expect(await screen.findByText('Een groep heeft ten minste twee woorden.')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    answer = () =>
      json(
        {
          code: 'error.ongeldige_invoer',
          message: 'x',
          details: {
            fields: {
              'groups.1.words.0': {
                code: 'validation.synoniem_dubbel',
                message: 'x',
                params: { word: 'generator' },
              },
            },
          },
        },
        422,
      );
    addWord(screen.getAllByPlaceholderText('Typ een woord en druk op Enter')[1], 'generator');
    fireEvent.click(screen.getByTestId('synonyms-save'));
    const groups = await screen.findAllByTestId('synonym-group');
    expect(
      await within(groups[1]).findByText(
        '‘generator’ staat al in de lijst: een woord hoort maar één keer in één groep.',
      ),
    ).toBeTruthy();
  });

  it('says how to choose a list while SynoniemCode is empty', () => {
    renderWithProviders(<SearchSynonymsEditor list={{ code: '', groups: [] }} />);
    expect(screen.getByTestId('synonyms-off').textContent).toContain('Zoeksynoniemen staan uit');
    expect(screen.getByRole('link', { name: 'Naar de instellingen' }).getAttribute('href')).toBe('/settings');
    expect(screen.queryByTestId('synonyms-save')).toBeNull();
  });
});
