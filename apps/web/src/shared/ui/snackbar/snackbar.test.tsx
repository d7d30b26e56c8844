import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { SnackbarHost } from './SnackbarHost';
import {
  dismissSnackbar,
  resetSnackbars,
  SNACKBAR_DURATION_MS,
  snackbar,
  snackbarStore,
} from './snackbar-store';

describe('snackbar queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetSnackbars();
  });
  afterEach(() => vi.useRealTimers());

  it('shows one snackbar at a time, each for 4000 ms, one after another', () => {
    snackbar.info('info.opgeslagen');
    snackbar.danger('error.server_fout');
    expect(snackbarStore.get().current?.key).toBe('info.opgeslagen');
    expect(snackbarStore.get().queue).toHaveLength(1);
    vi.advanceTimersByTime(SNACKBAR_DURATION_MS - 1);
    expect(snackbarStore.get().current?.key).toBe('info.opgeslagen');
    vi.advanceTimersByTime(1);
    expect(snackbarStore.get().current?.key).toBe('error.server_fout');
    vi.advanceTimersByTime(SNACKBAR_DURATION_MS);
    expect(snackbarStore.get().current).toBeNull();
  });

  it('gives the next one its full time when the current one is closed early', () => {
    snackbar.info('info.opgeslagen');
    snackbar.success('info.verwijderd');
    vi.advanceTimersByTime(1000);
    dismissSnackbar();
    expect(snackbarStore.get().current?.key).toBe('info.verwijderd');
    vi.advanceTimersByTime(SNACKBAR_DURATION_MS - 1);
    expect(snackbarStore.get().current?.key).toBe('info.verwijderd');
  });

  it('does not queue the same message twice', () => {
    snackbar.info('info.token_verlopen');
    snackbar.info('info.token_verlopen');
    expect(snackbarStore.get().queue).toHaveLength(0);
  });

  it('renders the translated text, the server message for unknown codes, and closes by button', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <SnackbarHost />
        </MantineProvider>
      </I18nextProvider>,
    );
    act(() => {
      snackbar.info('info.token_verlopen');
      snackbar.error({ code: 'error.iets_nieuws', message: 'Server zegt nee' });
    });
    expect(screen.getByTestId('snackbar').textContent).toBe(
      'Je sessie is verlopen. Log opnieuw in om verder te gaan.',
    );
    act(() => screen.getByRole('button', { name: 'Sluiten' }).click());
    expect(screen.getByTestId('snackbar').textContent).toBe('Server zegt nee');
    act(() => vi.advanceTimersByTime(SNACKBAR_DURATION_MS));
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('shows the server message for a known code whose text needs values the error does not carry', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <SnackbarHost />
        </MantineProvider>
      </I18nextProvider>,
    );
    act(() => {
      snackbar.error({
        code: 'categorieen.niet_leeg',
        message: 'Deze categorie bevat nog 3 artikelen en 1 subcategorie.',
      });
    });
    expect(screen.getByTestId('snackbar').textContent).toBe(
      'Deze categorie bevat nog 3 artikelen en 1 subcategorie.',
    );
  });
});
