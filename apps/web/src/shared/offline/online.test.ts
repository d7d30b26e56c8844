import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/render';
import { apiRequest } from '../api/client';
import { isOnline } from './online';

// Issue #36 point 4 (decision 0031): with one bar of reception the phone says it is online while no request gets an
// answer. A request without any answer puts the portal offline; /health is asked with a growing pause until it
// answers.

// why: the server is the system's edge; fetch answers or fails as the test says.
const fetchMock = vi.fn<typeof fetch>();
const events: string[] = [];
const note = (e: Event) => events.push(e.type);

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  events.length = 0;
  window.addEventListener('online', note);
  window.addEventListener('offline', note);
});
afterEach(() => {
  window.removeEventListener('online', note);
  window.removeEventListener('offline', note);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const healthCalls = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/health').length;

describe('no reception while navigator.onLine is true', () => {
  it('a request without an answer puts the portal offline until /health answers', async () => {
    expect(navigator.onLine).toBe(true);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/PlantLocations', { auth: false })).rejects.toMatchObject({
      code: 'error.netwerk',
    });
    expect(isOnline()).toBe(false);
    expect(events).toEqual(['offline']);

    // the first ask after 5 s gets no answer either; the next one (10 s later) does
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(healthCalls()).toBe(1);
    expect(isOnline()).toBe(false);
    fetchMock.mockResolvedValueOnce(json({ status: 'ok' }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(healthCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(healthCalls()).toBe(2);
    expect(isOnline()).toBe(true);
    expect(events).toEqual(['offline', 'online']);
  });

  it('any answer of the server, even a refusal, means it is reachable again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/Settings', { auth: false })).rejects.toBeTruthy();
    expect(isOnline()).toBe(false);
    fetchMock.mockResolvedValueOnce(json({ code: 'error.niet_gevonden', message: 'x', details: {} }, 404));
    await expect(apiRequest('/Settings', { auth: false })).rejects.toMatchObject({ status: 404 });
    expect(isOnline()).toBe(true);
    expect(events).toEqual(['offline', 'online']);
    // nothing asks /health any more
    await vi.advanceTimersByTimeAsync(120_000);
    expect(healthCalls()).toBe(0);
  });
});
