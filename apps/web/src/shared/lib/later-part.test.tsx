import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { laterPart, loadOnIntent, useLaterPart } from './later-part';

function Shows({ part, when }: { part: ReturnType<typeof laterPart<string>>; when?: 'idle' | 'now' }) {
  const value = useLaterPart(part, when);
  return <p data-testid="value">{value ?? 'plain'}</p>;
}

describe('laterPart (a component part its first render does without)', () => {
  it('is not loaded for the first render, then loaded when the browser is idle, and shown', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => Promise.resolve('loaded'));
      const part = laterPart(load);
      render(<Shows part={part} />);
      expect(screen.getByTestId('value').textContent).toBe('plain');
      expect(load).not.toHaveBeenCalled();
      await act(() => vi.runAllTimersAsync());
      expect(load).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('value').textContent).toBe('loaded');
    } finally {
      vi.useRealTimers();
    }
  });

  it("loads at once with 'now', once for every user of the part", async () => {
    const load = vi.fn(() => Promise.resolve('loaded'));
    const part = laterPart(load);
    render(
      <>
        <Shows part={part} when="now" />
        <Shows part={part} when="now" />
      </>,
    );
    await screen.findAllByText('loaded');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load is tried again on the next sign of use', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('loaded');
    const part = laterPart(load);
    await expect(part.load()).rejects.toThrow('offline');
    expect(part.current()).toBeUndefined();
    loadOnIntent(part).onPointerDown();
    await vi.waitFor(() => expect(part.current()).toBe('loaded'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
