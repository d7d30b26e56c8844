import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedItemIdsStore } from '../../../shared/session/selected-items';
import { dropdownsPart } from '../../../shared/ui/dropdowns/part';
import { json, renderWithProviders } from '../../../test/render';
import { ProductSearchBox } from './ProductSearchBox';

const result = (materieelSoort: string, materieelOmschrijving: string, isSet = false) => ({
  materieelSoort,
  materieelOmschrijving,
  isSet,
  imageUrl: null,
  omschrijving: '',
});

// why: the server is the system's edge; quick-search answers are stubbed, settings answered empty.
const fetchMock = vi.fn<typeof fetch>();
let answers: Record<string, unknown[]> = {};

function quickCalls(): string[] {
  return fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('quicksearch'));
}

// The dropdown is a part loaded after the first paint (later-part.ts): loaded once here, so the first test does not
// race the module load (real time) against its fake timers.
beforeAll(async () => {
  await dropdownsPart.load();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/Search/quicksearch'))
      return json({ zoekResultaten: answers[url.searchParams.get('query') ?? ''] ?? [] });
    return json({
      groupingType: 'all',
      boolValues: { Zoeken_ShowPreviewImage: true },
      intValues: {},
      stringValues: {},
      multiStrings: {},
    });
  });
  answers = {};
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const box = () => screen.getByRole('combobox', { name: 'Zoeken' }) as HTMLInputElement;

async function type(value: string) {
  act(() => box().focus());
  fireEvent.change(box(), { target: { value } });
}

describe('product search box', () => {
  it('waits 400 ms after typing and needs 2 characters', async () => {
    answers = { bo: [result('1001', 'Bouwhek')] };
    renderWithProviders(<ProductSearchBox />);
    await type('b');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(quickCalls()).toHaveLength(0);

    await type('bo');
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(quickCalls()).toHaveLength(0);
    expect(screen.getByText('Laden…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(quickCalls()).toHaveLength(1);
    expect(quickCalls()[0]).toContain('query=bo');
  });

  it('restarts the pause on every keystroke and sends only the last term', async () => {
    renderWithProviders(<ProductSearchBox />);
    await type('bo');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await type('bou');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await type('bouw');
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(quickCalls()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(quickCalls()).toHaveLength(1);
    expect(quickCalls()[0]).toContain('query=bouw');
  });

  it('shows matched words in bold, the Set: label and ranks by matched words', async () => {
    vi.useRealTimers();
    answers = {
      'bouwhek led': [
        result('2001', 'Bouwlamp LED'),
        result('S-1', 'Bouwhek set LED', true),
        result('2002', 'Bouwhek zwaar'),
      ],
    };
    renderWithProviders(<ProductSearchBox />);
    await type('bouwhek led');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    const options = screen.getAllByRole('option');
    expect(options[0].textContent).toContain('Set:');
    expect(options[0].textContent).toContain('Bouwhek set LED');
    const bold = [...options[0].querySelectorAll('strong')].map((s) => s.textContent);
    expect(bold).toEqual(['Bouwhek', 'LED']);
    // preview image setting on, no image: the no-image icon
    expect(options[1].querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'Geen afbeelding beschikbaar',
    );
  });

  it('shows the no-results line', async () => {
    vi.useRealTimers();
    renderWithProviders(<ProductSearchBox />);
    await type('xyz');
    await waitFor(() => expect(screen.getByText('Geen resultaten gevonden')).toBeTruthy());
  });

  it('Enter goes to Zoeken with the term when there are several results', async () => {
    vi.useRealTimers();
    answers = { bouw: [result('1', 'Bouwhek'), result('2', 'Bouwlamp')] };
    const { router } = renderWithProviders(<ProductSearchBox />);
    await type('bouw');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/zoeken/bouw'));
  });

  it('Enter goes straight to the only result, even before the pause is over', async () => {
    vi.useRealTimers();
    answers = { kraan: [result('3001', 'Mobiele kraan')] };
    selectedItemIdsStore.set(['x']);
    // the box stays on screen after navigating, as it does in the banner
    const { router } = renderWithProviders(<ProductSearchBox />, { persistent: true });
    await type('kraan');
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/details/3001'));
    expect(box().value).toBe('');
    expect(selectedItemIdsStore.get()).toEqual([]);
  });

  it('a click on a set goes to /set/{id}', async () => {
    vi.useRealTimers();
    answers = { steiger: [result('S-9', 'Steigerset', true), result('4001', 'Steigerplank')] };
    const { router } = renderWithProviders(<ProductSearchBox />);
    await type('steiger');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    act(() => screen.getAllByRole('option')[0].click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/set/S-9'));
  });

  it('the clear button empties the field', async () => {
    vi.useRealTimers();
    renderWithProviders(<ProductSearchBox />);
    await type('steiger');
    act(() => screen.getByRole('button', { name: 'Zoekveld wissen' }).click());
    expect(box().value).toBe('');
  });
});
