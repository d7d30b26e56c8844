import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/render';
import { apiRequest } from '../api/client';
import { isOnline } from './online';

// Issue #36 point 4 (decision 0031): with one bar of reception the phone says it is online while no request gets an
// answer. A request without any answer, when /health gets none either, puts the portal offline; /health is asked
// with a growing pause until it answers. One request that fails alone (an extension blocks it) changes nothing.

// why: the server is the system's edge; fetch answers or fails as the test says.
const fetchMock = vi.fn<typeof fetch>();
const events: string[] = [];
const note = (e: Event) => events.push(e.type);
const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));

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
  it('a request and /health without an answer put the portal offline until /health answers', async () => {
    expect(navigator.onLine).toBe(true);
    fetchMock.mockImplementation(noAnswer);
    await expect(apiRequest('/PlantLocations', { auth: false })).rejects.toMatchObject({
      code: 'error.netwerk',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(healthCalls()).toBe(1);
    expect(isOnline()).toBe(false);
    expect(events).toEqual(['offline']);

    // the next ask after 5 s gets no answer either; the one 10 s later does
    await vi.advanceTimersByTimeAsync(5_000);
    expect(healthCalls()).toBe(2);
    expect(isOnline()).toBe(false);
    fetchMock.mockImplementation(async () => json({ status: 'ok' }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(healthCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(healthCalls()).toBe(3);
    expect(isOnline()).toBe(true);
    expect(events).toEqual(['offline', 'online']);
  });

  it('a request that fails alone (blocked, dropped once) while /health answers changes nothing', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/health' ? json({ status: 'ok' }) : noAnswer(),
    );
    await expect(apiRequest('/statistics', { auth: false })).rejects.toMatchObject({ code: 'error.netwerk' });
    await vi.advanceTimersByTimeAsync(0);
    expect(healthCalls()).toBe(1);
    expect(isOnline()).toBe(true);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(healthCalls()).toBe(1);
  });

  it('any answer of the server, even a refusal, means it is reachable again', async () => {
    fetchMock.mockImplementation(noAnswer);
    await expect(apiRequest('/Settings', { auth: false })).rejects.toBeTruthy();
    await vi.advanceTimersByTimeAsync(0);
    expect(isOnline()).toBe(false);
    fetchMock.mockImplementation(async () =>
      json({ code: 'error.niet_gevonden', message: 'x', details: {} }, 404),
    );
    await expect(apiRequest('/Settings', { auth: false })).rejects.toMatchObject({ status: 404 });
    expect(isOnline()).toBe(true);
    expect(events).toEqual(['offline', 'online']);
    // nothing asks /health any more
    const asked = healthCalls();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(healthCalls()).toBe(asked);
  });
});
