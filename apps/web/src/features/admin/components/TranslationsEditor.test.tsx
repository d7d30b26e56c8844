import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { TranslationsPage } from '../pages/AdminPages';
import { rowsOf, visibleRows } from './TranslationsEditor';

// why: the server is the system's edge; GET/PUT Translations are stubbed with answers the contract allows. The
// bundles are the real ones (the page compares with them).
const fetchMock = vi.fn<typeof fetch>();

// 'Settings.opgeslagen' is in every bundle; 'Settings.standaardwaarde' has a {{value}}; the third key is in no bundle
const GHOST = 'Proef.alleen_op_de_server';
function view(locale: string) {
  const overrides: Record<string, string> =
    locale === 'en-US' ? { 'Settings.opgeslagen': 'All stored.' } : {};
  return {
    locale,
    translations: {
      'Settings.opgeslagen': overrides['Settings.opgeslagen'] ?? `saved ${locale}`,
      'Settings.standaardwaarde': `default {{value}} ${locale}`,
      [GHOST]: 'Alleen Nederlands',
    },
    overrides,
  };
}

const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([u, init]) => ({ url: String(u), body: JSON.parse(String(init?.body)) }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInAdminTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'PUT') return new Response(null, { status: 204 });
    const m = url.pathname.match(/\/Translations\/([\w-]+)$/);
    if (m) return json(view(m[1] as string));
    return json({});
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the translations page', () => {
  it('tells per language which texts are missing or custom, the missing first', async () => {
    renderWithProviders(<TranslationsPage />);
    const rows = await screen.findAllByTestId('translation-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText(GHOST)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getAllByText('ontbreekt')).toHaveLength(4);
    const saved = rows.find((r) => r.textContent?.includes('Settings.opgeslagen')) as HTMLElement;
    expect(within(saved).getByText('All stored.')).toBeTruthy();
    expect(within(saved).getAllByText('Aangepast')).toHaveLength(1);
    expect(screen.getByTestId('translation-counts').textContent).toContain(
      'Engels: 1 ontbrekend, 1 aangepast',
    );
  });

  it('searches keys and texts in every language and filters on missing or custom', async () => {
    renderWithProviders(<TranslationsPage />);
    await screen.findAllByTestId('translation-row');
    fireEvent.change(screen.getByTestId('translation-search'), { target: { value: 'all stored' } });
    await waitFor(() => expect(screen.getAllByTestId('translation-row')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('translation-search'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Aangepast' }));
    await waitFor(() => expect(screen.getAllByTestId('translation-row')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('translation-search'), { target: { value: 'niets-zo' } });
    expect(await screen.findByText('Geen tekst voldoet aan je zoekopdracht.')).toBeTruthy();
  });

  it('saves only the language that changed, and puts a custom text back to the bundle with null', async () => {
    renderWithProviders(<TranslationsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerken: Settings.opgeslagen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('translation-de-DE'), {
      target: { value: 'Alles gespeichert.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Standaardtekst herstellen' }));
    fireEvent.click(within(dialog).getByTestId('translation-save'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()).toEqual([
      { url: expect.stringContaining('/Translations/en-US'), body: { 'Settings.opgeslagen': null } },
      {
        url: expect.stringContaining('/Translations/de-DE'),
        body: { 'Settings.opgeslagen': 'Alles gespeichert.' },
      },
    ]);
  });

  it('names a text without the fields of the bundled text at its language, without calling the server', async () => {
    renderWithProviders(<TranslationsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerken: Settings.standaardwaarde' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('translation-fr-FR'), {
      target: { value: 'Par défaut : {{valeur}}' },
    });
    fireEvent.click(within(dialog).getByTestId('translation-save'));
    expect(await within(dialog).findByText(/dezelfde velden/)).toBeTruthy();
    expect(within(dialog).getByTestId('translation-fr-FR').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);
  });

  // issue #31 item 19: the page took about 3.8 s to show; most of it was drawing 40 keys × 4 languages with a layout
  // component per cell. A row is plain elements now: its size is what keeps the page quick (no timing here).
  it('draws a key as a few plain elements: its four texts as a list, no table or layout components', async () => {
    renderWithProviders(<TranslationsPage />);
    const rows = await screen.findAllByTestId('translation-row');
    for (const row of rows) {
      expect(row.querySelector('table')).toBeNull();
      expect(row.querySelectorAll('*').length).toBeLessThanOrEqual(20);
      // each language named, with its text
      expect(
        within(row)
          .getAllByRole('term')
          .map((t) => t.textContent),
      ).toEqual(['NL', 'EN', 'FR', 'DE']);
    }
  });

  it('keeps rows and search pure', () => {
    const all = ['nl-NL', 'en-US', 'fr-FR', 'de-DE'].map((l) => ({
      locale: l as 'nl-NL',
      view: view(l) as ReturnType<typeof view> & { locale: 'nl-NL' },
      bundle: { 'Settings.opgeslagen': 'x', 'Settings.standaardwaarde': 'y {{value}}' },
    }));
    const rows = rowsOf(all);
    expect(rows.map((r) => [r.key, r.missing, r.changed])).toEqual([
      ['Settings.opgeslagen', 0, 1],
      ['Settings.standaardwaarde', 0, 0],
      [GHOST, 4, 0],
    ]);
    expect(visibleRows(rows, '', 'missing').map((r) => r.key)).toEqual([GHOST]);
    expect(visibleRows(rows, 'DEFAULT de-de', 'all').map((r) => r.key)).toEqual(['Settings.standaardwaarde']);
  });
});
