import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../shared/session/session';
import { json, renderWithProviders, signOutTest } from '../../test/render';
import { MainBar } from './MainBar';

// The main bar never runs its items off the bar: when their names need more room than it leaves beside the icons
// (the department's extra item, French or German names, a narrow desktop) they go small under the icons, and only
// when that does not fit either the items show as icons with their names as accessible names and tooltips
// (issue #31 item 14).

const fetchMock = vi.fn<typeof fetch>();
let listWidth = 0;
let stackedWidth = 0;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json({}, 404));
  // why: jsdom lays nothing out; the list's width with names and the nav's room are what the bar compares
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.closest('nav')?.getAttribute('data-fit') === 'stacked' ? stackedWidth : listWidth;
  });
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
  const fitOf = (link: HTMLElement) => link.closest('nav')?.getAttribute('data-fit');

  it('shows the items with their names beside the icons when they fit', async () => {
    listWidth = 900;
    renderWithProviders(<MainBar />);
    const link = await screen.findByTestId('nav-materieeldienst');
    expect(fitOf(link)).toBe('names');
    expect(link.getAttribute('title')).toBeNull();
  });

  it('puts the names under the icons when they do not fit beside them', async () => {
    listWidth = 1100;
    stackedWidth = 700;
    renderWithProviders(<MainBar />);
    const link = await screen.findByTestId('nav-materieeldienst');
    await waitFor(() => expect(fitOf(link)).toBe('stacked'));
    expect(link.getAttribute('title')).toBeNull();
    expect(link.textContent).toContain('Materieeldienst');
  });

  it('shows icons, the names as accessible names and tooltips, when not even that fits', async () => {
    listWidth = 1100;
    stackedWidth = 1000;
    renderWithProviders(<MainBar />);
    const link = await screen.findByTestId('nav-materieeldienst');
    await waitFor(() => expect(fitOf(link)).toBe('icons'));
    expect(link.getAttribute('title')).toBe('Materieeldienst');
    expect(screen.getByRole('link', { name: 'Materieeldienst' })).toBe(link);
  });
});
