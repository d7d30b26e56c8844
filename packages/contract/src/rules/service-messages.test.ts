import { describe, expect, it } from 'vitest';
import {
  localDay,
  markShown,
  markViewed,
  type ServiceMessageDisplayState,
  serviceMessagesToShow,
} from './service-messages.ts';

const msgs = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('service messages to show', () => {
  it('shows unviewed messages once per locale per day', () => {
    let state: ServiceMessageDisplayState = { viewedIds: ['b'], lastShownDay: {} };
    expect(serviceMessagesToShow(msgs, state, 'nl-NL', '2026-03-02').map((m) => m.id)).toEqual(['a', 'c']);
    state = markShown(state, 'nl-NL', '2026-03-02');
    expect(serviceMessagesToShow(msgs, state, 'nl-NL', '2026-03-02')).toEqual([]);
    // another locale the same day still shows
    expect(serviceMessagesToShow(msgs, state, 'en-US', '2026-03-02')).toHaveLength(2);
    // the next day shows again until viewed
    expect(serviceMessagesToShow(msgs, state, 'nl-NL', '2026-03-03')).toHaveLength(2);
  });
  it('never shows viewed messages again', () => {
    const state = markViewed({ viewedIds: [], lastShownDay: {} }, ['a', 'b', 'c']);
    expect(serviceMessagesToShow(msgs, state, 'nl-NL', '2026-03-04')).toEqual([]);
  });
  it('caps the remembered ids, newest kept', () => {
    const state = markViewed({ viewedIds: ['old1', 'old2'], lastShownDay: {} }, ['new'], 2);
    expect(state.viewedIds).toEqual(['new', 'old1']);
  });
  it('formats the local day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
