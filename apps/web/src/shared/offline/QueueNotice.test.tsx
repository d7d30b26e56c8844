import 'fake-indexeddb/auto';
import type { PublicUser } from '@mp/contract/api/auth';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../api/errors';
import { sessionStore } from '../session/session';
import { resetQueueDb } from './queue-db';

// The shell's notice of the offline queue (issue #36 point 4b): what waits, with "send now"; a refusal with the
// server's reason until closed. The calls are replaced: the first scan sent is refused.

const scanned: string[] = [];
vi.mock('../api/removal-lists', () => ({
  addScannedPlant: (code: string) => {
    scanned.push(code);
    return code === 'GONE-1'
      ? Promise.reject(
          new ApiError(
            404,
            'Materieelvoorraad.scan_niet_gevonden',
            'Dit materieelnummer staat niet op een van je locaties.',
          ),
        )
      : Promise.resolve({ locationNo: 'P-1', lines: [], count: 0 });
  },
  addToRemovalList: vi.fn(),
  updateRemovalLine: vi.fn(),
  deleteRemovalLine: vi.fn(),
  removalListKeys: { all: ['removal-list'], detail: (l: string) => ['removal-list', 'detail', l] },
}));

const { QueueNotice } = await import('./QueueNotice');
const { sendOrQueue, reloadQueue } = await import('./queue');

let online = false;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(async () => {
  scanned.length = 0;
  online = false;
  await resetQueueDb();
  const user = { id: 'u1', name: 'U', email: 'u@x.nl', isAdmin: false } as unknown as PublicUser;
  sessionStore.set({ accessToken: 't', expiresAt: Date.now() / 1000 + 3600, user });
  await reloadQueue();
});
afterEach(() => sessionStore.set(null));

describe('QueueNotice', () => {
  it('lists what waits offline (send now disabled); back online it is sent, a refusal stays with its reason until closed', async () => {
    await sendOrQueue({ kind: 'removal.scan', code: 'GONE-1' }, 'GONE-1');
    await sendOrQueue({ kind: 'removal.scan', code: 'AC-1' }, 'AC-1');
    renderWithProviders(<QueueNotice />);

    await screen.findByText('2 wijzigingen wachten op verbinding');
    expect(screen.getAllByTestId('offline-queue-item').map((e) => e.textContent)).toEqual([
      'Materieel GONE-1 op de afvoerlijst',
      'Materieel AC-1 op de afvoerlijst',
    ]);
    expect(screen.getByTestId('offline-queue-send').hasAttribute('disabled')).toBe(true);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('offline-queue-pending')).toBeNull());
    expect(scanned).toEqual(['GONE-1', 'AC-1']);
    const refused = screen.getByTestId('offline-queue-refused');
    expect(refused.textContent).toContain(
      'Materieel GONE-1 op de afvoerlijst: Dit materieelnummer staat niet op een van je locaties.',
    );

    fireEvent.click(screen.getByTestId('offline-queue-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('offline-queue')).toBeNull());
  });
});
