import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, Autosaver } from './autosave';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Autosaver', () => {
  it('saves 1000 ms after the last edit, all edits in one batch, the latest value per key', async () => {
    const save = vi.fn(async (_batch: Map<string, number>) => {});
    const saver = new Autosaver(save);
    expect(AUTOSAVE_DELAY_MS).toBe(1000);
    saver.schedule('a', 1);
    await vi.advanceTimersByTimeAsync(600);
    saver.schedule('b', 2);
    saver.schedule('a', 3);
    await vi.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    expect(saver.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect([...save.mock.calls[0][0]]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    expect(saver.state).toBe('saved');
  });

  it('flush saves at once and cancels the pending pause', async () => {
    const save = vi.fn(async (_batch: Map<string, number>) => {});
    const saver = new Autosaver(save);
    saver.schedule('a', 1);
    await saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('never overlaps batches: an edit during a save is sent after it', async () => {
    let release: () => void = () => {};
    const order: string[] = [];
    const save = vi.fn(async (batch: Map<string, number>) => {
      order.push(`start ${[...batch.values()]}`);
      if (batch.get('a') === 1) await new Promise<void>((r) => (release = r));
      order.push(`end ${[...batch.values()]}`);
    });
    const saver = new Autosaver(save);
    saver.schedule('a', 1);
    const first = saver.flush();
    saver.schedule('a', 2);
    const second = saver.flush();
    await Promise.resolve();
    expect(order).toEqual(['start 1']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('keeps a failed batch for the next flush; a newer edit of the same key wins', async () => {
    const save = vi.fn(async (_batch: Map<string, number>) => {});
    save.mockRejectedValueOnce(new Error('offline'));
    const saver = new Autosaver(save);
    saver.schedule('a', 1);
    saver.schedule('b', 1);
    await saver.flush();
    expect(saver.state).toBe('error');
    expect(saver.busy).toBe(true);
    saver.schedule('a', 5);
    await saver.flush();
    expect([...save.mock.calls[1][0]].sort()).toEqual([
      ['a', 5],
      ['b', 1],
    ]);
    expect(saver.state).toBe('saved');
  });

  it('drop forgets a waiting edit', async () => {
    const save = vi.fn(async (_batch: Map<string, number>) => {});
    const saver = new Autosaver(save);
    saver.schedule('a', 1);
    saver.drop('a');
    await vi.advanceTimersByTimeAsync(1500);
    expect(save).not.toHaveBeenCalled();
    expect(saver.state).toBe('idle');
  });
});
