import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { CategoriesPage, CategoryDeletePage } from './CategoriesPages';

// why: the server is the system's edge; Categories and Images calls are stubbed with contract answers.
const fetchMock = vi.fn<typeof fetch>();
const ROOT = '00000000-0000-0000-0000-000000000000';
const cat = (
  id: string,
  parent: string,
  code: string,
  name: string,
  itemCount: number,
  imageUrl: string | null = null,
) => ({
  id,
  parent,
  code,
  name,
  navisionFilter: null,
  imageUrl,
  sort: 0,
  itemCount,
  totalItemCount: itemCount,
});
const categories = [
  cat('c1', ROOT, 'AFZ', 'Afzetting', 0),
  cat('c2', 'c1', 'AFZ-HEK', 'Bouwhekken', 12, '/api/v2.0/Images/single/category/c2'),
  cat('c3', 'c2', 'AFZ-HEK-X', 'Extra hekken', 0),
  cat('c4', ROOT, 'LEEG', 'Lege categorie', 0),
  cat('c5', ROOT, 'VERL', 'Verlichting', 4),
];
const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([u, init]) => ({ url: String(u), body: init?.body }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInAdminTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url.pathname.endsWith('/Images/set/category'))
      return json({ fileId: 'f1', url: '/api/v2.0/Images/single/category/c4' }, 201);
    if (method === 'DELETE' && url.pathname.includes('/Images/')) return new Response(null, { status: 204 });
    if (method === 'DELETE') {
      const id = url.pathname.split('/').pop();
      return json({
        id,
        movedItems: url.searchParams.get('moveTo') ? 12 : 0,
        movedCategories: url.searchParams.get('moveTo') ? 1 : 0,
      });
    }
    return json({ categories });
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the categories page', () => {
  it('lists the tree with counts, searches, uploads a checked image and removes one after asking', async () => {
    renderWithProviders(<CategoriesPage />);
    const rows = await screen.findAllByTestId('category-row');
    expect(rows).toHaveLength(5);
    expect(
      within(rows[1] as HTMLElement).getByText('AFZ-HEK · 12 artikelen, 12 met subcategorieën'),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('category-search'), { target: { value: 'leeg' } });
    expect(screen.getAllByTestId('category-row')).toHaveLength(1);
    const row = screen.getByTestId('category-row');
    const input = row.querySelector('input[type=file]') as HTMLInputElement;
    // a PDF is refused here, before any upload
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'folder.pdf', { type: 'application/pdf' })] },
    });
    expect(calls('POST')).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File(['png'], 'hek.png', { type: 'image/png' })] } });
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]?.url).toContain('/Images/set/category?id=c4');
    expect((calls('POST')[0] as { body: FormData }).body.get('file')).toBeInstanceOf(File);

    fireEvent.change(screen.getByTestId('category-search'), { target: { value: 'bouwhek' } });
    fireEvent.click(screen.getByTestId('category-image-remove'));
    const dialog = await screen.findByRole('dialog');
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() =>
      expect(calls('DELETE').map((c) => c.url)).toEqual([expect.stringContaining('/Images/category/c2')]),
    );
  });
});

describe('deleting a category', () => {
  it('deletes an empty one after asking', async () => {
    renderWithProviders(<CategoryDeletePage />, { path: '/?categorie=c4' });
    expect((await screen.findByTestId('delete-contents')).textContent).toBe(
      '‘Lege categorie’ is leeg en kan weg.',
    );
    fireEvent.click(screen.getByTestId('delete-submit'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-button'));
    await waitFor(() =>
      expect(calls('DELETE').map((c) => c.url)).toEqual([expect.stringMatching(/\/Categories\/c4$/)]),
    );
  });

  it('asks where the contents go, offering neither itself nor one below it', async () => {
    renderWithProviders(<CategoryDeletePage />, { path: '/?categorie=c2' });
    expect((await screen.findByTestId('delete-contents')).textContent).toBe(
      'Deze categorie bevat 12 artikelen en 1 subcategorieën.',
    );
    expect((screen.getByTestId('delete-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('delete-move-to'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Afzetting (AFZ)', 'Lege categorie (LEEG)', 'Verlichting (VERL)']);
    fireEvent.click(screen.getByRole('option', { name: 'Verlichting (VERL)' }));
    fireEvent.click(screen.getByTestId('delete-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('De inhoud van ‘Bouwhekken’ gaat naar ‘Verlichting’');
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() =>
      expect(calls('DELETE').map((c) => c.url)).toEqual([
        expect.stringContaining('/Categories/c2?moveTo=c5'),
      ]),
    );
  });

  it('shows the server refusal with its real counts and then asks for a target', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      (init?.method ?? 'GET') === 'DELETE'
        ? json({ code: 'categorieen.niet_leeg', message: 'x', details: { itemCount: 3, childCount: 0 } }, 422)
        : json({ categories }),
    );
    renderWithProviders(<CategoryDeletePage />, { path: '/?categorie=c4' });
    fireEvent.click(await screen.findByTestId('delete-submit'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-button'));
    expect((await screen.findByTestId('delete-refusal')).textContent).toContain(
      'nog 3 artikelen (ook verborgen)',
    );
    expect(screen.getByTestId('delete-move-to')).toBeTruthy();
  });
});
