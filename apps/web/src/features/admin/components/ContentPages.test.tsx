import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTheme, defaultBrand } from '../../../app/theme';
import { i18n } from '../../../shared/i18n/i18n';
import { sessionStore } from '../../../shared/session/session';
import { snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { json, signInAdminTest, signOutTest, testQueryClient } from '../../../test/render';
import { ContentPaginaPage, ContentPaginasPage } from '../pages/AdminPages';

// why: the server is the system's edge; the Pages and Images calls are stubbed with contract answers.
const fetchMock = vi.fn<typeof fetch>();
const ID = '11111111-1111-4111-8111-111111111111';
const DRAFT = '22222222-2222-4222-8222-222222222222';
const overview = {
  pages: [
    {
      id: ID,
      pageName: 'Over ons',
      kind: 'info',
      publishedAt: '2026-01-02T10:00:00.000Z',
      updatedAt: '2026-03-04T10:00:00.000Z',
      translations: [
        { locale: 'nl-NL', title: 'Over ons', updatedAt: '2026-03-04T10:00:00.000Z' },
        { locale: 'en-US', title: 'About us', updatedAt: '2026-03-04T10:00:00.000Z' },
      ],
    },
    {
      id: DRAFT,
      pageName: 'Storing gepland',
      kind: 'news',
      publishedAt: null,
      updatedAt: '2026-02-01T10:00:00.000Z',
      translations: [{ locale: 'nl-NL', title: 'Storing gepland', updatedAt: '2026-02-01T10:00:00.000Z' }],
    },
  ],
};
const nlPage = {
  id: ID,
  pageName: 'Over ons',
  locale: 'nl-NL',
  kind: 'info',
  publishedAt: '2026-01-02T10:00:00.000Z',
  html: '<h2>Welkom</h2><p>Wij <strong>verhuren</strong> materieel.</p>',
};
const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([u, init]) => ({
      url: String(u),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/settings/content-paginas-beheer', element: <ContentPaginasPage /> },
      { path: '/settings/content-paginas-beheer/:id/:locale', element: <ContentPaginaPage /> },
      { path: '/content-page/:id/:locale', element: <div data-testid="public-page">public</div> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={buildTheme(defaultBrand)} env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(() => {
  // ProseMirror measures the selection; jsdom has no layout
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as never;
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  document.elementFromPoint ??= () => null;
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInAdminTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('/Pages/overview')) return json(overview);
    if (url.pathname.endsWith('/Images/set/content'))
      return json({ fileId: 'f1', url: '/api/v2.0/Images/single/content/f1' }, 201);
    if (method === 'DELETE') return new Response(null, { status: 204 });
    if (method === 'POST' && url.pathname.endsWith('/Pages')) {
      const body = JSON.parse(String(init?.body));
      return json({ id: 'new-id', html: '', publishedAt: null, ...body }, 201);
    }
    if (method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      return json({ ...nlPage, ...body, publishedAt: body.publishedAt ?? nlPage.publishedAt });
    }
    if (url.pathname.endsWith(`/Pages/${ID}`)) {
      const locale = url.searchParams.get('locale');
      // a locale without a text answers the Dutch one
      return json(
        locale === 'en-US' ? { ...nlPage, locale, pageName: 'About us', html: '<p>Hello</p>' } : nlPage,
      );
    }
    return json({});
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('content pages list', () => {
  it('lists every page with its kind, state and languages, and searches', async () => {
    renderAt('/settings/content-paginas-beheer');
    const rows = await screen.findAllByTestId('page-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Informatie')).toBeTruthy();
    expect(within(rows[0]).getByText('Gepubliceerd')).toBeTruthy();
    expect(within(rows[1]).getByText('Concept')).toBeTruthy();
    expect(within(rows[1]).getByText('Nieuws')).toBeTruthy();
    // the languages: a text in nl and en, none in fr and de
    expect(within(rows[0]).getByTestId('page-locale-en-US').getAttribute('data-present')).toBe('true');
    expect(within(rows[0]).getByTestId('page-locale-de-DE').getAttribute('data-present')).toBe('false');
    expect(
      within(rows[0]).getByRole('link', { name: 'Duits: nog niet vertaald, toevoegen' }).getAttribute('href'),
    ).toBe(`/settings/content-paginas-beheer/${ID}/de-DE`);
    expect(
      within(rows[0])
        .getByRole('link', { name: '‘Over ons’ openen zoals gebruikers hem zien' })
        .getAttribute('href'),
    ).toBe(`/content-page/${ID}/nl-NL`);
    // a translated title is found too
    fireEvent.change(screen.getByTestId('pages-search'), { target: { value: 'about' } });
    expect(screen.getAllByTestId('page-row')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('pages-search'), { target: { value: 'niets hiervan' } });
    expect(screen.queryAllByTestId('page-row')).toHaveLength(0);
    expect(screen.getByText('Geen resultaten gevonden')).toBeTruthy();
  });

  it('creates a page as a draft and opens it in the editor', async () => {
    const router = renderAt('/settings/content-paginas-beheer');
    fireEvent.click(await screen.findByTestId('page-new'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('page-new-save'));
    // the name is required, nothing is sent
    await within(dialog).findByText('Dit veld is verplicht.');
    expect(calls('POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('page-new-name'), { target: { value: 'Huurvoorwaarden' } });
    fireEvent.click(within(dialog).getByTestId('page-new-save'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/content-paginas-beheer/new-id/nl-NL'),
    );
    expect(calls('POST')[0].body).toEqual({
      pageName: 'Huurvoorwaarden',
      kind: 'page',
      locale: 'nl-NL',
      html: '',
      publishedAt: null,
    });
  });

  it('deletes a page after a confirmation', async () => {
    renderAt('/settings/content-paginas-beheer');
    const rows = await screen.findAllByTestId('page-row');
    fireEvent.click(within(rows[1]).getByRole('button', { name: '‘Storing gepland’ verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Wil je de pagina ‘Storing gepland’ in alle talen verwijderen?'),
    ).toBeTruthy();
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(calls('DELETE')[0].url).toContain(`/Pages/${DRAFT}`);
  });

  it('shows the server error, not an empty list', async () => {
    fetchMock.mockImplementation(async () =>
      json(
        { code: 'error.geen_toegang', message: 'Je hebt geen toegang tot deze functie.', details: {} },
        403,
      ),
    );
    renderAt('/settings/content-paginas-beheer');
    expect(await screen.findByText('Je hebt geen toegang tot deze gegevens of deze functie.')).toBeTruthy();
    expect(screen.queryByText("Er zijn nog geen contentpagina's.")).toBeNull();
  });

  it('tells a non-admin the page is not for them', async () => {
    sessionStore.set(null);
    renderAt('/settings/content-paginas-beheer');
    expect(await screen.findByText(/geen toegang/i)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('content page editor', () => {
  const editorOf = async () => {
    const el = await screen.findByTestId('editor-content', {}, { timeout: 10_000 });
    await waitFor(() => expect(el.innerHTML).toContain('Welkom'));
    return el;
  };

  it('loads the page in its language, saves the formatted text and the publication', async () => {
    renderAt(`/settings/content-paginas-beheer/${ID}/nl-NL`);
    const editor = await editorOf();
    expect(editor.querySelector('h2')?.textContent).toBe('Welkom');
    expect(editor.querySelector('strong')?.textContent).toBe('verhuren');
    expect((screen.getByTestId('editor-name') as HTMLInputElement).value).toBe('Over ons');
    expect(screen.queryByTestId('editor-new-locale')).toBeNull();
    // the toolbar speaks Dutch
    for (const name of [
      'Vet',
      'Cursief',
      'Onderstrepen',
      'Kop 2',
      'Opsomming',
      'Link',
      'Centreren',
      'Afbeelding invoegen',
    ])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    fireEvent.change(screen.getByTestId('editor-name'), { target: { value: 'Over Materieelportaal' } });
    fireEvent.click(screen.getByTestId('editor-published'));
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    const put = calls('PUT')[0];
    expect(put.url).toContain(`/Pages/${ID}`);
    expect(put.body).toMatchObject({
      locale: 'nl-NL',
      pageName: 'Over Materieelportaal',
      kind: 'info',
      publishedAt: null,
    });
    expect(put.body.html).toContain('<h2>Welkom</h2>');
    expect(put.body.html).toContain('<strong>verhuren</strong>');
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('content_paginas.opgeslagen'));
  });

  it('starts a missing language from the Dutch text and saves it as that language', async () => {
    renderAt(`/settings/content-paginas-beheer/${ID}/de-DE`);
    await editorOf();
    expect(screen.getByTestId('editor-new-locale').textContent).toContain(
      'De Nederlandse tekst is overgenomen',
    );
    fireEvent.change(screen.getByTestId('editor-name'), { target: { value: 'Über uns' } });
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0].body).toMatchObject({ locale: 'de-DE', pageName: 'Über uns' });
    expect(calls('PUT')[0].body.publishedAt).toBeUndefined();
  });

  it('uploads an image to the content image endpoint and inserts the returned URL', async () => {
    renderAt(`/settings/content-paginas-beheer/${ID}/nl-NL`);
    const editor = await editorOf();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'kraan.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('editor-image-input'), { target: { files: [file] } });
    await waitFor(() =>
      expect(editor.querySelector('img')?.getAttribute('src')).toBe('/api/v2.0/Images/single/content/f1'),
    );
    expect(editor.querySelector('img')?.getAttribute('alt')).toBe('kraan');
    const upload = calls('POST').find((c) => c.url.endsWith('/Images/set/content'));
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    // the new image is selected: its description and width are asked under the editor
    const alt = (await screen.findByLabelText('Beschrijving (alt-tekst)')) as HTMLInputElement;
    expect(alt.value).toBe('kraan');
    fireEvent.change(alt, { target: { value: 'Mobiele kraan op de bouwplaats' } });
    fireEvent.click(within(screen.getByTestId('editor-image-details')).getByText('Klein'));
    await waitFor(() => expect(editor.querySelector('img')?.getAttribute('width')).toBe('240'));
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0].body.html).toContain(
      '<img src="/api/v2.0/Images/single/content/f1" alt="Mobiele kraan op de bouwplaats" width="240">',
    );
  });

  it('previews the text as the public page shows it', async () => {
    renderAt(`/settings/content-paginas-beheer/${ID}/nl-NL`);
    await editorOf();
    fireEvent.click(screen.getByTestId('editor-tab-preview'));
    const preview = screen.getByTestId('editor-preview');
    // headings sit under the page title, as on the public page
    await waitFor(() => expect(preview.querySelector('h3')?.textContent).toBe('Welkom'));
    expect(within(preview).getByRole('heading', { level: 2, name: 'Over ons' })).toBeTruthy();
  });

  it('asks before leaving with unsaved changes, also for another language', async () => {
    const router = renderAt(`/settings/content-paginas-beheer/${ID}/nl-NL`);
    await editorOf();
    // nothing changed: switching the language just goes
    fireEvent.click(screen.getByRole('radio', { name: 'Engels: bewerken' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/settings/content-paginas-beheer/${ID}/en-US`),
    );
    await screen.findByDisplayValue('About us');
    fireEvent.change(screen.getByTestId('editor-name'), { target: { value: 'About the portal' } });
    await act(() => router.navigate('/content-page/x/en-US'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/nog niet zijn opgeslagen/)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('leave-stay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/settings/content-paginas-beheer/${ID}/en-US`);
    expect((screen.getByTestId('editor-name') as HTMLInputElement).value).toBe('About the portal');
    await act(() => router.navigate('/content-page/x/en-US'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('leave-go'));
    await screen.findByTestId('public-page');
  });

  it('counts a change of the text itself as unsaved', async () => {
    const router = renderAt(`/settings/content-paginas-beheer/${ID}/nl-NL`);
    const editor = await editorOf();
    fireEvent.click(screen.getByRole('button', { name: 'Opsomming' }));
    await waitFor(() => expect(editor.querySelector('ul')).not.toBeNull());
    await act(() => router.navigate('/settings/content-paginas-beheer'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/settings/content-paginas-beheer/${ID}/nl-NL`);
  });

  it('shows the field error the server answers', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/Pages/overview')) return json(overview);
      if (init?.method === 'PUT')
        return json(
          {
            code: 'error.ongeldige_invoer',
            message: 'De invoer is ongeldig.',
            details: {
              in: 'body',
              fields: { pageName: { code: 'validation.verplicht', message: 'Naam ontbreekt' } },
            },
          },
          400,
        );
      return json(nlPage);
    });
    renderAt(`/settings/content-paginas-beheer/${ID}/nl-NL`);
    await editorOf();
    fireEvent.click(screen.getByTestId('editor-save'));
    expect(await screen.findAllByText(/ongeldig|verplicht|Naam ontbreekt/)).not.toHaveLength(0);
  });
});
