import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

afterEach(() => vi.useRealTimers());

describe('useProgressiveCount', () => {
  it('renders a first slice at once and the rest in later tasks, up to the total', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total, 12, 12), {
      initialProps: { total: 30 },
    });
    expect(result.current).toBe(12);
    await act(async () => vi.runOnlyPendingTimers());
    expect(result.current).toBe(24);
    await act(async () => vi.runOnlyPendingTimers());
    expect(result.current).toBe(30);
    await act(async () => vi.runOnlyPendingTimers());
    expect(result.current).toBe(30);
    // a shorter list shows whole at once
    rerender({ total: 5 });
    expect(result.current).toBe(5);
  });
});
