import type { OrderList, OrderListSummary } from '@mp/contract/api/order-lists';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSnackbars } from '../../../shared/ui/snackbar/snackbar-store';
import { orderListLine } from '../../../test/fixtures';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { resetWizard } from '../components/wizard/wizard-store';
import { BestellenGegevensPage } from './WizardPages';

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on document.fonts.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });

const summary: OrderListSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Bestellijst',
  locationNo: 'P-1',
  isDefault: true,
  lineCount: 1,
  totalAmount: 2,
  hasDraft: true,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const list: OrderList = {
  ...summary,
  lines: [orderListLine('aaaaaaaa-0000-4000-8000-000000000001', 'BH-1', 2, { description: 'Bouwhek' })],
  savedRequestNo: null,
  canSubmit: true,
  totalWeight: null,
};

// why: the server is the system's edge; locations, settings, the order list, depots, addresses and draft are stubbed.
const fetchMock = vi.fn<typeof fetch>();
let draftFails = false;
const puts = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'PUT');

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  resetWizard();
  draftFails = false;
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/PlantLocations'))
      return json({
        plantLocations: [
          {
            id: 'P-1',
            locationNo: 'P-1',
            description: 'Project',
            description2: null,
            blocked: false,
            projectNo: null,
            role: 'user',
            customerName: null,
          },
        ],
      });
    if (url.pathname.includes('/Settings'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    if (url.pathname.endsWith('/PlantLocations/depots/order'))
      return json({ defaultDepotNo: null, depots: [] });
    if (url.pathname.endsWith('/PlantLocations/P-1/addresses')) return json({ addresses: [] });
    if (url.pathname.endsWith('/OrderLists/P-1'))
      return json({ orderLists: [summary], multipleLists: false });
    if (url.pathname.endsWith(`/OrderLists/P-1/${summary.id}`)) return json(list);
    if (url.pathname.endsWith(`/OrderLists/P-1/${summary.id}/draft`))
      return draftFails
        ? json({ code: 'error.server_fout', message: 'kapot' }, 500)
        : json({
            draft: {
              deliveryDate: '2030-01-08',
              expectedReturnDate: null,
              transportMeans: 'leveren',
              collect: false,
              depotNo: null,
              addressCode: null,
              street: 'Kade 1',
              postcode: null,
              city: 'Utrecht',
              contactPerson: 'Jeroen',
              phone: '0612345678',
              reference: 'Fase 2',
              comment: null,
              rush: false,
              termsAccepted: false,
            },
            updatedAt: '2026-11-20T08:00:00.000Z',
          });
    return json({}, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('order wizard: what Gegevens starts from', () => {
  it('restores the saved draft', async () => {
    renderWithProviders(<BestellenGegevensPage />, { path: '/bestellen/gegevens' });
    expect(((await screen.findByLabelText(/Referentie/)) as HTMLInputElement).value).toBe('Fase 2');
    expect(screen.getByText('Je eerder ingevulde gegevens zijn teruggezet.', { exact: false })).toBeTruthy();
  });

  // issue #32 item 3: a draft that could not be read showed the empty form, and typing saved it over the draft
  it('shows a draft that cannot be read as a failure with a retry, never as an empty form', async () => {
    draftFails = true;
    renderWithProviders(<BestellenGegevensPage />, { path: '/bestellen/gegevens' });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByTestId('order-form')).toBeNull();
    expect(puts()).toHaveLength(0);
    draftFails = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(((await screen.findByLabelText(/Referentie/)) as HTMLInputElement).value).toBe('Fase 2');
  });
});
