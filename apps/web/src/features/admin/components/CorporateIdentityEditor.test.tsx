import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../shared/session/session';
import { json, renderWithProviders, signOutTest } from '../../../test/render';
import { CorporateIdentityPage } from '../pages/AdminPages';

// why: the server is the system's edge; Settings, CorporateIdentity and Footers are stubbed with contract answers.
const fetchMock = vi.fn<typeof fetch>();
const colours = {
  PrimaryColor: '#1C4E80',
  PrimaryColorDarker: '#143A60',
  PrimaryTextColor: '#FFFFFF',
  SecondaryColor: '#F59F00',
  SecondaryColorDarker: '#D48A00',
  SecondaryTextColor: '#1A1B1E',
};
let contrastRefused = false;
const calls = (method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => (init?.method ?? 'GET') === method && String(u).includes(path))
    .map(([u, init]) => ({
      url: String(u),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    }));

function session(user: { isAdmin: boolean; canCorporateIdentity?: boolean }) {
  startSession({
    accessToken: 'a',
    refreshToken: 'r'.repeat(20),
    expiresAt: Date.now() / 1000 + 900,
    user: {
      id: 'u1',
      name: 'Beheer',
      email: 'a@x.nl',
      internalExternal: 'Internal',
      language: 'nl-NL',
      ...user,
    },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  contrastRefused = false;
  session({ isAdmin: true });
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('/Settings/all'))
      return json({
        groupingType: 'all',
        boolValues: { EnableFooterNavigation: true, ShowTermsAndConditionsLink: false },
        intValues: {},
        stringValues: { ...colours, TermsAndConditionsUrl: '' },
        multiStrings: {},
      });
    if (url.pathname.endsWith('/CorporateIdentity'))
      return json({
        logoUrl: '/api/v2.0/Images/single/corporate/logo?v=1',
        bannerUrl: null,
        faviconUrl: null,
      });
    if (url.pathname.endsWith('/CorporateIdentity/Settings')) {
      if (contrastRefused && !JSON.parse(String(init?.body)).acceptLowContrast)
        return json(
          { code: 'corporate_identity.contrast_te_laag', message: 'x', details: { pairs: [] } },
          422,
        );
      return new Response(null, { status: 204 });
    }
    if (url.pathname.endsWith('/Footers') && method === 'GET') {
      const locale = url.searchParams.get('locale');
      return json({
        footers: [
          { guidId: 'f1', locale: 'nl-NL', columnName: 'footer_column_one', html: '<p>Contact</p>' },
          { guidId: 'f2', locale, columnName: 'footer_column_two', html: `<p>Adres ${locale}</p>` },
        ],
      });
    }
    if (url.pathname.endsWith('/Footers') && method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      return json({ guidId: 'n', ...body });
    }
    return json({});
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const colourInput = (key: string) =>
  within(
    screen.getByTestId(`ci-colour-${key}`).closest('.mantine-InputWrapper-root') as HTMLElement,
  ).getByRole('textbox');

describe('the corporate identity page', () => {
  it('shows the images, the colours with every pair passing, and the footer of the language', async () => {
    renderWithProviders(<CorporateIdentityPage />);
    expect(await screen.findByRole('img', { name: 'Huidige afbeelding: Logo' })).toBeTruthy();
    expect(within(screen.getByTestId('ci-image-banner')).getByText(/standaard wordt getoond/)).toBeTruthy();
    const pairs = await screen.findAllByTestId(/^ci-pair-/);
    expect(pairs).toHaveLength(5);
    expect(pairs.every((p) => p.getAttribute('data-passes') === 'true')).toBe(true);
    expect(within(pairs[0] as HTMLElement).getByTestId('ci-ratio').textContent).toMatch(/^\d+\.\d\d:1$/);
    expect(
      ((await screen.findByTestId('ci-footer-nl-NL-footer_column_one')) as HTMLTextAreaElement).value,
    ).toBe('<p>Contact</p>');
  });

  it('refuses the page to a user without the right; an AppCorporateIdentity holder gets it', async () => {
    session({ isAdmin: false });
    const { unmount } = renderWithProviders(<CorporateIdentityPage />);
    expect(await screen.findByText(/geen toegang/)).toBeTruthy();
    unmount();
    session({ isAdmin: false, canCorporateIdentity: true });
    renderWithProviders(<CorporateIdentityPage />);
    expect(await screen.findByTestId('ci-preview')).toBeTruthy();
  });

  it('a low-contrast colour fails its pair live; saving asks first and then sends the confirmation', async () => {
    renderWithProviders(<CorporateIdentityPage />);
    await screen.findByTestId('ci-preview');
    fireEvent.change(colourInput('PrimaryColor'), { target: { value: '#FFD43B' } });
    await waitFor(() =>
      expect(screen.getByTestId('ci-pair-primaryText-on-primary').getAttribute('data-passes')).toBe('false'),
    );
    expect(within(screen.getByTestId('ci-pair-primaryText-on-primary')).getByText('Te laag')).toBeTruthy();
    expect(screen.getByTestId('ci-pair-primaryText-on-primaryDarker').getAttribute('data-passes')).toBe(
      'true',
    );
    fireEvent.click(screen.getByTestId('ci-colours-save'));
    const dialog = await screen.findByTestId('ci-contrast-confirm');
    expect(within(dialog).getByText(/Tekst op primaire kleur \(knoppen, banner\)/)).toBeTruthy();
    expect(calls('PUT', '/CorporateIdentity/Settings')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('ci-contrast-accept'));
    await waitFor(() => expect(calls('PUT', '/CorporateIdentity/Settings')).toHaveLength(1));
    expect(calls('PUT', '/CorporateIdentity/Settings')[0]?.body).toEqual({
      values: { ...colours, PrimaryColor: '#FFD43B' },
      acceptLowContrast: true,
    });
  });

  it('saves passing colours without asking; a refusal by the server still asks', async () => {
    contrastRefused = true;
    renderWithProviders(<CorporateIdentityPage />);
    await screen.findByTestId('ci-preview');
    fireEvent.change(colourInput('PrimaryColor'), { target: { value: '#0B5394' } });
    fireEvent.click(screen.getByTestId('ci-colours-save'));
    await waitFor(() => expect(calls('PUT', '/CorporateIdentity/Settings')).toHaveLength(1));
    expect(calls('PUT', '/CorporateIdentity/Settings')[0]?.body.acceptLowContrast).toBe(false);
    const dialog = await screen.findByTestId('ci-contrast-confirm');
    fireEvent.click(within(dialog).getByTestId('ci-contrast-accept'));
    await waitFor(() => expect(calls('PUT', '/CorporateIdentity/Settings')).toHaveLength(2));
  });

  it('names a bad colour at its field and sends nothing', async () => {
    renderWithProviders(<CorporateIdentityPage />);
    await screen.findByTestId('ci-preview');
    fireEvent.change(colourInput('SecondaryColor'), { target: { value: 'oranje' } });
    fireEvent.click(screen.getByTestId('ci-colours-save'));
    expect(await screen.findByText('Vul een kleur in als #RRGGBB.')).toBeTruthy();
    expect(calls('PUT', '/CorporateIdentity/Settings')).toHaveLength(0);
  });

  it('edits the German footer column (a Dutch fallback says so) and the terms link', async () => {
    renderWithProviders(<CorporateIdentityPage />);
    await screen.findByTestId('ci-preview');
    fireEvent.click(screen.getByTestId('ci-footer-tab-de-DE'));
    const column = (await screen.findByTestId('ci-footer-de-DE-footer_column_one')) as HTMLTextAreaElement;
    expect(screen.getAllByText('Nog niet vertaald: dit is de Nederlandse tekst.')).toHaveLength(1);
    fireEvent.change(column, {
      target: { value: '<h2>Kontakt</h2><p>Köln<img src=x onerror="alert(1)"></p>' },
    });
    // the preview shows it as the footer would: sanitized, the heading under the column's level
    const preview = screen.getByTestId('ci-footer-preview-de-DE-footer_column_one');
    await waitFor(() => expect(preview.querySelector('h3')?.textContent).toBe('Kontakt'));
    expect(preview.innerHTML).not.toContain('onerror');
    fireEvent.change(column, { target: { value: '<p>Kontakt</p>' } });
    fireEvent.click(screen.getByTestId('ci-footer-save-de-DE-footer_column_one'));
    await waitFor(() => expect(calls('PUT', '/Footers')).toHaveLength(1));
    expect(calls('PUT', '/Footers')[0]?.body).toEqual({
      locale: 'de-DE',
      columnName: 'footer_column_one',
      html: '<p>Kontakt</p>',
    });
    fireEvent.click(screen.getByTestId('ci-footer-terms'));
    fireEvent.click(screen.getByTestId('ci-footer-settings-save'));
    expect(await screen.findByText(/begint\./)).toBeTruthy();
    fireEvent.change(screen.getByTestId('ci-footer-terms-url'), { target: { value: 'https://x.nl/av' } });
    fireEvent.click(screen.getByTestId('ci-footer-settings-save'));
    await waitFor(() => expect(calls('PUT', '/CorporateIdentity/Settings')).toHaveLength(1));
    expect(calls('PUT', '/CorporateIdentity/Settings')[0]?.body).toEqual({
      values: {
        EnableFooterNavigation: true,
        ShowTermsAndConditionsLink: true,
        TermsAndConditionsUrl: 'https://x.nl/av',
      },
    });
  });

  it('says why an upload is refused before sending it', async () => {
    renderWithProviders(<CorporateIdentityPage />);
    const card = await screen.findByTestId('ci-image-favicon');
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    const svg = new File(['<svg/>'], 'icon.svg', { type: 'image/svg+xml' });
    fireEvent.change(input, { target: { files: [svg] } });
    expect(await within(card).findByText('icon.svg is geen PNG, JPEG, WebP of GIF.')).toBeTruthy();
    expect((within(card).getByTestId('ci-upload-favicon') as HTMLButtonElement).disabled).toBe(true);
  });
});
