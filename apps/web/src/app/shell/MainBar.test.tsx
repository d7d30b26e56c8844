import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../shared/session/session';
import { json, renderWithProviders, signOutTest } from '../../test/render';
import { MainBar } from './MainBar';

// The main bar never runs its items off the bar: when their names need more room than it leaves (the department's
// extra item, French or German names, a narrow desktop), they show as icons with their names as accessible names
// and tooltips (issue #31 item 14).

const fetchMock = vi.fn<typeof fetch>();
let listWidth = 0;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json({}, 404));
  // why: jsdom lays nothing out; the list's width with names and the nav's room are what the bar compares
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => listWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 950);
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
});
afterEach(() => {
  signOutTest();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the main bar', () => {
  it('shows the items with their names when they fit', async () => {
    listWidth = 900;
    renderWithProviders(<MainBar />);
    const link = await screen.findByTestId('nav-materieeldienst');
    expect(link.closest('nav')?.hasAttribute('data-compact')).toBe(false);
    expect(link.getAttribute('title')).toBeNull();
  });

  it('shows icons, the names as accessible names and tooltips, when the names do not fit', async () => {
    listWidth = 1100;
    renderWithProviders(<MainBar />);
    const link = await screen.findByTestId('nav-materieeldienst');
    await waitFor(() => expect(link.closest('nav')?.hasAttribute('data-compact')).toBe(true));
    expect(link.getAttribute('title')).toBe('Materieeldienst');
    expect(screen.getByRole('link', { name: 'Materieeldienst' })).toBe(link);
  });
});
