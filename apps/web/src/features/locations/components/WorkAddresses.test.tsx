import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { WorkAddresses } from './WorkAddresses';

const fetchMock = vi.fn<typeof fetch>();
type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;
let handler: Handler;
const address = {
  id: '6f1c2c1e-6d1a-4d8e-9b55-3f7c2b1a0e01',
  code: 'WA-01',
  name: 'Bouwkeet',
  street: 'Keetweg 1',
  postcode: '3511 AA',
  city: 'Utrecht',
  country: 'NL',
  contactPerson: null,
  phone: null,
  isDefault: true,
  kind: 'work_address',
};
const location = (role = 'user') => ({
  id: 'l1',
  locationNo: 'P-1',
  description: 'Project P-1',
  description2: null,
  blocked: false,
  projectNo: null,
  role,
  customerName: null,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  handler = (url, init) => {
    if (url.pathname.endsWith('/PlantLocations')) return json({ plantLocations: [location()] });
    if (url.pathname.endsWith('/addresses') && init?.method === 'POST')
      return json(
        { ...address, id: '6f1c2c1e-6d1a-4d8e-9b55-3f7c2b1a0e02', code: 'WA-02', isDefault: false },
        201,
      );
    if (url.pathname.endsWith('/addresses')) return json({ addresses: [address] });
    if (init?.method === 'DELETE')
      return json(
        {
          code: 'Locatie.adres_in_gebruik',
          message: 'x',
          details: { fields: { addressId: { code: 'Locatie.adres_in_gebruik', message: 'x' } } },
        },
        422,
      );
    return json({ code: 'error.niet_gevonden', message: 'x' }, 404);
  };
  fetchMock.mockImplementation(async (input, init) =>
    handler(new URL(String(input), 'http://localhost'), init),
  );
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});
const posts = () =>
  fetchMock.mock.calls.filter(([u, i]) => String(u).includes('/addresses') && i?.method === 'POST');

describe('work addresses', () => {
  it('lists the addresses and adds one after checking the required fields', async () => {
    renderWithProviders(<WorkAddresses locationNo="P-1" />);
    const row = await screen.findByTestId('address-row');
    expect(within(row).getByText('Bouwkeet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('address-add'));
    fireEvent.click(await screen.findByTestId('address-save'));
    expect((await screen.findAllByText('Dit veld is verplicht.')).length).toBe(3);
    expect(posts()).toHaveLength(0);
    fireEvent.change(screen.getByTestId('address-name'), { target: { value: 'Keet zuid' } });
    fireEvent.change(screen.getByTestId('address-street'), { target: { value: 'Zuidweg 2' } });
    fireEvent.change(screen.getByTestId('address-city'), { target: { value: 'Utrecht' } });
    fireEvent.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0][1]?.body))).toEqual({
      name: 'Keet zuid',
      street: 'Zuidweg 2',
      city: 'Utrecht',
      isDefault: false,
    });
  });

  it("shows the server's reason when an address in use is not deleted", async () => {
    renderWithProviders(<WorkAddresses locationNo="P-1" />);
    fireEvent.click(await screen.findByTestId('address-delete'));
    expect(
      await screen.findByText(
        'Dit werkadres wordt gebruikt door een openstaande aanvraag en kan niet worden verwijderd.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('address-row')).toBeTruthy();
  });

  it('disables the controls with the reason for a read-only member', async () => {
    handler = (url) =>
      url.pathname.endsWith('/PlantLocations')
        ? json({ plantLocations: [location('administration')] })
        : json({ addresses: [address] });
    renderWithProviders(<WorkAddresses locationNo="P-1" />);
    await screen.findByTestId('address-row');
    await waitFor(() => expect((screen.getByTestId('address-add') as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByTestId('address-delete') as HTMLButtonElement).disabled).toBe(true);
  });
});
