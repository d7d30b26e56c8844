import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissSnackbar, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { DocumentServiceConnection } from './DocumentServiceConnection';

// why: the server is the system's edge; the test connection is stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
let answer: unknown;
let status = 200;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  status = 200;
  signInAdminTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/DocumentService/test-connection') && init?.method === 'POST')
      return json(answer, status);
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('Koppelingen: the document service', () => {
  it('tests the connection and shows each step and which service answered', async () => {
    answer = {
      service: 'cmis',
      ok: false,
      steps: [
        {
          step: 'configuration',
          ok: true,
          code: 'documentdienst.test.configuratie_ok',
          message: 'Volledig.',
        },
        {
          step: 'repository',
          ok: false,
          code: 'documentdienst.fout.auth',
          message: 'De documentservice weigert de aanmelding.',
        },
      ],
    };
    renderWithProviders(<DocumentServiceConnection />);
    expect(screen.getByText('Documentservice')).toBeTruthy();
    expect(screen.queryByTestId('document-service-steps')).toBeNull();
    fireEvent.click(screen.getByTestId('document-service-test'));
    const steps = await screen.findByTestId('document-service-steps');
    expect(within(steps).getByText('De documentservice weigert de aanmelding.')).toBeTruthy();
    expect(within(steps).getByLabelText('mislukt')).toBeTruthy();
    expect(within(steps).getByLabelText('gelukt')).toBeTruthy();
    expect(screen.getByTestId('document-service-kind').textContent).toBe(
      'Documentbeheer via CMIS 1.1 (browser binding)',
    );
  });

  it('says when no document service is connected', async () => {
    answer = {
      service: 'none',
      ok: false,
      steps: [
        {
          step: 'configuration',
          ok: false,
          code: 'documentdienst.niet_gekoppeld',
          message: 'Er is geen documentservice gekoppeld.',
        },
      ],
    };
    renderWithProviders(<DocumentServiceConnection />);
    fireEvent.click(screen.getByTestId('document-service-test'));
    expect(await screen.findByText('Er is geen documentservice gekoppeld.')).toBeTruthy();
    expect(screen.getByTestId('document-service-kind').textContent).toBe(
      'Geen documentservice gekoppeld: documenten staan in het portaal zelf.',
    );
  });

  it("shows a failed call as a snackbar in the user's language, not as a result", async () => {
    answer = { code: 'error.geen_toegang', message: 'Geen toegang.', details: {} };
    status = 403;
    renderWithProviders(<DocumentServiceConnection />);
    fireEvent.click(screen.getByTestId('document-service-test'));
    await waitFor(() =>
      expect(snackbarStore.get().current).toMatchObject({ kind: 'danger', key: 'error.geen_toegang' }),
    );
    expect(screen.queryByTestId('document-service-steps')).toBeNull();
    dismissSnackbar();
  });
});
