import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { MailTemplatesPage } from '../pages/MailTemplatesPage';

// why: the server is the system's edge; the MailTemplates calls are stubbed with contract answers.
const fetchMock = vi.fn<typeof fetch>();
const locales = ['nl-NL', 'en-US', 'fr-FR', 'de-DE'] as const;
const template = (type: string, locale: string, stored: boolean) => ({
  type,
  locale,
  subject: `Onderwerp ${type} ${locale}`,
  html: `<p>Beste {{name}}, <a href="{{link}}">klik</a></p>`,
  isDefault: !stored,
  updatedAt: stored ? '2026-11-20T10:00:00.000Z' : null,
});
const types = [
  {
    type: 'UserInvitation',
    placeholders: ['name', 'email', 'link', 'url', 'hours', 'portal', 'portalUrl'],
    templates: locales.map((l) => template('UserInvitation', l, l === 'de-DE')),
  },
  {
    type: 'UserForgotPassword',
    placeholders: ['name', 'email', 'link', 'url', 'minutes', 'portal', 'portalUrl'],
    templates: locales.map((l) => template('UserForgotPassword', l, false)),
  },
];
const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([u, init]) => ({ url: String(u), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInAdminTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (url.pathname.endsWith('/preview'))
      return json({
        subject: body.subject.replace('{{name}}', 'Jan'),
        html: '<p>Beste Jan</p>',
        text: 'Beste Jan',
      });
    if (url.pathname.endsWith('/test')) return json({ to: 'a@x.nl' }, 202);
    if (method === 'PUT') {
      const [, , , , type, locale] = url.pathname.split('/');
      return json({ type, locale, ...body, isDefault: false, updatedAt: '2026-11-26T10:00:00.000Z' });
    }
    if (method === 'DELETE') return json(template('UserInvitation', 'de-DE', false));
    return json({ types });
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the mail templates page', () => {
  it('shows the first type in Dutch with its fields; inserting a field puts it at the cursor', async () => {
    renderWithProviders(<MailTemplatesPage />);
    const subject = (await screen.findByTestId('mail-subject')) as HTMLInputElement;
    expect(subject.value).toBe('Onderwerp UserInvitation nl-NL');
    expect(screen.getByTestId('mail-state').textContent).toBe('Standaardtekst');
    expect(screen.getAllByTestId('mail-placeholder').map((b) => b.textContent)).toContain('{{hours}}');
    fireEvent.focus(subject);
    subject.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: /\{\{portal\}\} invoegen/ }));
    expect(subject.value).toBe('{{portal}}Onderwerp UserInvitation nl-NL');
  });

  it('flags an unknown field while typing and does not save it; a good text is saved', async () => {
    renderWithProviders(<MailTemplatesPage />);
    const html = await screen.findByTestId('mail-html');
    fireEvent.change(html, { target: { value: '<p>{{name}} {{minutes}}</p>' } });
    expect(await screen.findByText(/Dit veld kent deze e-mail niet: \{\{minutes\}\}/)).toBeTruthy();
    expect((screen.getByTestId('mail-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(html, { target: { value: '<p>{{name}} binnen {{hours}} uur</p>' } });
    fireEvent.click(screen.getByTestId('mail-save'));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0]).toEqual({
      url: expect.stringContaining('/MailTemplates/UserInvitation/nl-NL'),
      body: { subject: 'Onderwerp UserInvitation nl-NL', html: '<p>{{name}} binnen {{hours}} uur</p>' },
    });
  });

  it('shows the server refusal next to the field', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      (init?.method ?? 'GET') === 'PUT'
        ? json(
            {
              code: 'error.ongeldige_invoer',
              message: 'Invalid',
              details: {
                in: 'body',
                fields: { html: { code: 'validation.verplicht', message: 'Required' } },
              },
            },
            400,
          )
        : json({ types }),
    );
    renderWithProviders(<MailTemplatesPage />);
    const html = await screen.findByTestId('mail-html');
    fireEvent.change(html, { target: { value: '<script>x</script>' } });
    fireEvent.click(screen.getByTestId('mail-save'));
    expect(await screen.findByText('Dit veld is verplicht.')).toBeTruthy();
  });

  it('previews and sends a test of the unsaved text; asks before leaving unsaved changes', async () => {
    renderWithProviders(<MailTemplatesPage />);
    const subject = await screen.findByTestId('mail-subject');
    fireEvent.change(subject, { target: { value: 'Hallo {{name}}' } });
    fireEvent.click(screen.getByTestId('mail-preview'));
    expect((await screen.findByTestId('mail-preview-subject')).textContent).toBe('Onderwerp: Hallo Jan');
    expect((await screen.findByText('Beste Jan')).closest('[data-testid=mail-preview-body]')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mail-test'));
    await waitFor(() => expect(calls('POST').filter((c) => c.url.endsWith('/test'))).toHaveLength(1));
    expect(calls('PUT')).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: 'DE' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('mail-discard'));
    await waitFor(() =>
      expect((screen.getByTestId('mail-subject') as HTMLInputElement).value).toBe(
        'Onderwerp UserInvitation de-DE',
      ),
    );
    expect(screen.getByTestId('mail-state').textContent).toMatch(/^Aangepast op/);
  });

  it('restores the default text after asking', async () => {
    renderWithProviders(<MailTemplatesPage />);
    await screen.findByTestId('mail-subject');
    fireEvent.click(screen.getByRole('radio', { name: 'DE' }));
    fireEvent.click(await screen.findByTestId('mail-reset'));
    const dialog = await screen.findByRole('dialog');
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() =>
      expect(calls('DELETE').map((c) => c.url)).toEqual([
        expect.stringContaining('/MailTemplates/UserInvitation/de-DE'),
      ]),
    );
  });
});
