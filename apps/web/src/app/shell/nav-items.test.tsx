import { screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../shared/session/session';
import { json, renderWithProviders, signInTest, signOutTest } from '../../test/render';
import { useNavItems } from './nav-items';

// The main bar's items (product §2 Shell): the equipment department reaches its queue from the main navigation,
// not only from the user menu (issue #31 item 14).

const fetchMock = vi.fn<typeof fetch>();

function Items() {
  const { t } = useTranslation();
  return (
    <ul>
      {useNavItems().map((i) => (
        <li key={i.key}>
          <a href={i.to}>{t(i.labelKey)}</a>
        </li>
      ))}
    </ul>
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json({}, 404));
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the main navigation', () => {
  it('has Materieeldienst for the department, next to Home and Materieelboek', async () => {
    startSession({
      accessToken: 'a',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user: {
        id: 'd1',
        name: 'Ruud',
        email: 'materieeldienst@x.nl',
        isAdmin: false,
        internalExternal: 'Internal',
        language: 'nl-NL',
        isDepartment: true,
      },
    });
    renderWithProviders(<Items />);
    const link = await screen.findByRole('link', { name: 'Materieeldienst' });
    expect(link.getAttribute('href')).toBe('/materieeldienst');
    const names = screen.getAllByRole('link').map((a) => a.textContent);
    expect(names.slice(0, 3)).toEqual(['Home', 'Materieelboek', 'Materieeldienst']);
  });

  it('has no Materieeldienst for a customer’s user', async () => {
    signInTest();
    renderWithProviders(<Items />);
    await waitFor(() => expect(screen.getAllByRole('link').length).toBeGreaterThan(2));
    expect(screen.queryByRole('link', { name: 'Materieeldienst' })).toBeNull();
  });
});
