import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectLocation } from '../../../shared/session/location';
import { formattersFor } from '../../../shared/ui/format';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { fileSizeOf, fileTypeOf, LocatieDocumentenPage } from './DocumentPages';

// why: the server is the system's edge; the documents call is stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
let answer: () => Promise<Response> | Response;

const doc = (over: Record<string, unknown> = {}) => ({
  id: 'DMS-LOC-P-1-VG',
  title: 'V&G-plan uitvoeringsfase',
  category: 'Documenten',
  fileName: 'vg-P-1.pdf',
  contentType: 'application/pdf',
  size: 15_360,
  date: '2026-03-02',
  url: '/api/v2.0/Documents/DMS-LOC-P-1-VG/content',
  ...over,
});

const list = {
  locationNo: 'P-1',
  categories: [
    { category: 'Documenten', count: 2 },
    { category: 'Pakbon', count: 1 },
  ],
  items: [
    doc(),
    doc({
      id: 'DMS-LOC-P-1-BPI',
      title: 'Bouwplaatsinrichtingstekening',
      fileName: 'bpi.png',
      contentType: 'image/png',
      size: 2_621_440,
      date: null,
      url: '/api/v2.0/Documents/DMS-LOC-P-1-BPI/content',
    }),
    doc({
      id: 'DMS-PAKBON-O-1',
      title: 'Pakbon O-2026-000101',
      category: 'Pakbon',
      fileName: 'pakbon-O-2026-000101.pdf',
      size: 900,
      date: '2026-11-23',
      url: '/api/v2.0/Documents/DMS-PAKBON-O-1/content',
    }),
  ],
  page: 1,
  pageSize: 50,
  total: 3,
};
const empty = { ...list, categories: [], items: [], total: 0 };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:doc', revokeObjectURL: () => {} }));
  fetchMock.mockReset();
  answer = () => json(list);
  signInTest();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v2.0/PlantLocations/P-1/documents') return answer();
    if (url.pathname.endsWith('/content'))
      return new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': "inline; filename*=UTF-8''vg-P-1.pdf",
        },
      });
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const open = (path = '/locatie-documenten') => renderWithProviders(<LocatieDocumentenPage />, { path });
const listCalls = () =>
  fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/PlantLocations/P-1/documents'));

describe('the location documents page', () => {
  it('shows the documents under their categories with type, size and date', async () => {
    open();
    const sections = await screen.findAllByTestId('document-category');
    expect(sections).toHaveLength(2);
    expect(within(sections[0]).getByText('Documenten')).toBeTruthy();
    expect(within(sections[0]).getAllByTestId('document-row')).toHaveLength(2);
    expect(within(sections[1]).getByText('Pakbonnen')).toBeTruthy();
    const vg = within(sections[0]).getAllByTestId('document-row')[0] as HTMLElement;
    expect(within(vg).getByText('V&G-plan uitvoeringsfase')).toBeTruthy();
    expect(vg.textContent).toContain('PDF');
    expect(vg.textContent).toContain('15 kB');
    expect(vg.textContent).toContain('2 mrt 2026');
    const bpi = within(sections[0]).getAllByTestId('document-row')[1] as HTMLElement;
    expect(bpi.textContent).toContain('PNG');
    expect(bpi.textContent).toContain('2,5 MB');
    expect(screen.getByText('3 documenten')).toBeTruthy();
    expect(listCalls()[0]).toContain('pageSize=50');
  });

  it('searches by name and narrows to a category on the server', async () => {
    open();
    await screen.findAllByTestId('document-row');
    fireEvent.change(screen.getByTestId('document-search'), { target: { value: 'V&G plan' } });
    fireEvent.submit(screen.getByTestId('document-search').closest('form') as HTMLFormElement);
    await waitFor(() => expect(listCalls().some((u) => u.includes('query=V%26G+plan'))).toBe(true));
    open('/locatie-documenten?categorie=Pakbon&q=pakbon');
    await waitFor(() =>
      expect(listCalls().some((u) => u.includes('category=Pakbon') && u.includes('query=pakbon'))).toBe(true),
    );
  });

  it("downloads a document with the user's token", async () => {
    open();
    const buttons = await screen.findAllByRole('button', { name: 'V&G-plan uitvoeringsfase downloaden' });
    fireEvent.click(buttons[0] as HTMLElement);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) => String(u).endsWith('/Documents/DMS-LOC-P-1-VG/content')),
      ).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/content'));
    expect(new Headers(call?.[1]?.headers as HeadersInit).get('authorization')).toBe('Bearer a');
  });

  it('tells a location without documents apart from a search without results', async () => {
    answer = () => json(empty);
    open();
    expect(await screen.findByText('Er zijn geen documenten voor deze locatie.')).toBeTruthy();
    signOutTest();
    signInTest();
    open('/locatie-documenten?q=niets');
    expect(await screen.findByText('Er zijn geen documenten die aan je zoekopdracht voldoen.')).toBeTruthy();
    // the search field's clear button and the empty view's
    expect(screen.getAllByRole('button', { name: 'Zoekopdracht wissen' })).toHaveLength(2);
  });

  it('shows loading first, and an error as an error with a retry, never as "no documents"', async () => {
    let release: (r: Response) => void = () => {};
    answer = () => new Promise<Response>((r) => (release = r));
    open();
    expect(await screen.findByText('Laden…')).toBeTruthy();
    release(json({ code: 'error.server_fout', message: 'x' }, 500));
    expect(await screen.findByText('De documenten konden niet worden opgehaald.')).toBeTruthy();
    expect(screen.queryByText('Er zijn geen documenten voor deze locatie.')).toBeNull();
    answer = () => json(list);
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect((await screen.findAllByTestId('document-row')).length).toBe(3);
  });

  it('a 404 (the location is not the user’s) is an error too', async () => {
    answer = () => json({ code: 'error.locatie_onbekend', message: 'x' }, 404);
    open();
    expect(await screen.findByText('De documenten konden niet worden opgehaald.')).toBeTruthy();
    expect(screen.queryByText('Er zijn geen documenten voor deze locatie.')).toBeNull();
  });

  it('asks for a location when none is chosen, and calls nothing', async () => {
    selectLocation(null);
    open();
    expect(await screen.findByTestId('location-prompt')).toBeTruthy();
    expect(screen.getByText('Kies een locatie om de documenten ervan te zien.')).toBeTruthy();
    expect(listCalls()).toEqual([]);
  });
});

describe('file facts', () => {
  it('names the type by its content type, else its extension, and the size in kB or MB', () => {
    expect(fileTypeOf({ contentType: 'application/pdf', fileName: 'x' })).toBe('PDF');
    expect(
      fileTypeOf({
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileName: 'x.xlsx',
      }),
    ).toBe('XLSX');
    expect(fileTypeOf({ contentType: 'application/octet-stream', fileName: 'plan.dwg' })).toBe('DWG');
    const nl = formattersFor('nl-NL');
    const en = formattersFor('en-US');
    expect(fileSizeOf(512, nl)).toBe('512 B');
    expect(fileSizeOf(1500, nl)).toBe('1 kB');
    expect(fileSizeOf(1_572_864, nl)).toBe('1,5 MB');
    expect(fileSizeOf(1_572_864, en)).toBe('1.5 MB');
  });
});
