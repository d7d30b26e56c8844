import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSession } from '../../shared/session/session';
import { renderWithProviders, signInAdminTest, signInTest, signOutTest } from '../../test/render';
import { UserMenu } from './UserMenu';

// The user menu's Koppelingen entry (decision 0027): for a BusinessCentral holder who is not an admin (an admin
// reaches the page through Settings), never for a plain user.

function signInHolder() {
  startSession({
    accessToken: 'a',
    refreshToken: 'r'.repeat(20),
    expiresAt: Date.now() / 1000 + 900,
    user: {
      id: 'bc',
      name: 'Materieeldienst',
      email: 'md@x.nl',
      isAdmin: false,
      canErp: true,
      internalExternal: 'Internal',
      language: 'nl-NL',
    },
  });
}

async function openMenu() {
  renderWithProviders(<UserMenu />);
  fireEvent.click(screen.getByTestId('user-menu'));
  await screen.findByTestId('logout');
}

afterEach(() => signOutTest());

describe('the Koppelingen entry of the user menu', () => {
  it('shows for a BusinessCentral holder and leads to /settings/koppelingen', async () => {
    signInHolder();
    await openMenu();
    const entry = screen.getByTestId('menu-erp');
    expect(entry.textContent).toContain('Koppelingen');
    expect(entry.getAttribute('href')).toBe('/settings/koppelingen');
  });

  it('does not show for a plain user, nor for an admin (Settings leads there)', async () => {
    signInTest();
    await openMenu();
    expect(screen.queryByTestId('menu-erp')).toBeNull();
    cleanup();
    signOutTest();
    signInAdminTest();
    await openMenu();
    expect(screen.queryByTestId('menu-erp')).toBeNull();
  });
});
