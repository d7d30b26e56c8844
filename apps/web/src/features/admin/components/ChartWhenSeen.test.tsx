import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartWhenSeen } from './ChartWhenSeen';

// why: jsdom has no IntersectionObserver; this one lets the test say when the place comes into view.
type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: { callback: Callback; disconnected: boolean }[] = [];
class FakeObserver {
  entry: { callback: Callback; disconnected: boolean };
  constructor(callback: Callback) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  observers.length = 0;
});

describe('ChartWhenSeen', () => {
  it('holds the chart’s height until its place is in view, then draws it; charts seen together one after another', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(
      <>
        <ChartWhenSeen height={240}>
          <p>grafiek 1</p>
        </ChartWhenSeen>
        <ChartWhenSeen height={308}>
          <p>grafiek 2</p>
        </ChartWhenSeen>
      </>,
    );
    const places = [...container.querySelectorAll<HTMLElement>('[data-chart-pending]')];
    expect(places.map((p) => p.style.height)).toEqual(['240px', '308px']);
    expect(screen.queryByText('grafiek 1')).toBeNull();
    // not in view: nothing drawn
    act(() => observers[0].callback([{ isIntersecting: false }]));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('grafiek 1')).toBeNull();
    // both come into view at once: the first is drawn first, the second a moment later
    act(() => {
      observers[0].callback([{ isIntersecting: true }]);
      observers[1].callback([{ isIntersecting: true }]);
    });
    expect(observers.every((o) => o.disconnected)).toBe(true);
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByText('grafiek 1')).toBeTruthy();
    expect(screen.queryByText('grafiek 2')).toBeNull();
    await act(async () => vi.advanceTimersByTime(100));
    expect(screen.getByText('grafiek 2')).toBeTruthy();
  });

  it('draws at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <ChartWhenSeen height={240}>
        <p>grafiek</p>
      </ChartWhenSeen>,
    );
    expect(screen.getByText('grafiek')).toBeTruthy();
  });
});
