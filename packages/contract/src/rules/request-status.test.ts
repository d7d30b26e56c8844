import { describe, expect, it } from 'vitest';
import {
  canTransition,
  checkTransition,
  finalStatuses,
  isFinalStatus,
  nextStatuses,
  type RequestStatus,
  requestStatuses,
} from './request-status.ts';

describe('request status life cycle', () => {
  it('follows submitted → in_progress → planned → done for the department', () => {
    expect(canTransition('submitted', 'in_progress', 'department')).toBe(true);
    expect(canTransition('in_progress', 'planned', 'department')).toBe(true);
    expect(canTransition('planned', 'done', 'department')).toBe(true);
    expect(canTransition('submitted', 'planned', 'department')).toBe(true);
  });

  it('lets the department re-plan but never skip straight to done', () => {
    expect(canTransition('planned', 'in_progress', 'department')).toBe(true);
    expect(canTransition('submitted', 'done', 'department')).toBe(false);
    expect(canTransition('in_progress', 'done', 'department')).toBe(false);
    expect(canTransition('in_progress', 'submitted', 'department')).toBe(false);
  });

  it('lets the requester cancel only while submitted', () => {
    expect(canTransition('submitted', 'cancelled', 'requester')).toBe(true);
    for (const from of requestStatuses.filter((s) => s !== 'submitted')) {
      expect(canTransition(from, 'cancelled', 'requester')).toBe(false);
    }
    for (const to of requestStatuses.filter((s) => s !== 'cancelled')) {
      expect(canTransition('submitted', to, 'requester')).toBe(false);
    }
  });

  it('lets the department cancel or reject any time before done', () => {
    for (const from of ['submitted', 'in_progress', 'planned'] as RequestStatus[]) {
      expect(canTransition(from, 'cancelled', 'department')).toBe(true);
      expect(canTransition(from, 'rejected', 'department')).toBe(true);
    }
    expect(canTransition('done', 'cancelled', 'department')).toBe(false);
  });

  it('treats done, cancelled and rejected as final for everyone', () => {
    for (const from of finalStatuses) {
      expect(isFinalStatus(from)).toBe(true);
      expect(nextStatuses(from, 'department')).toEqual([]);
      expect(nextStatuses(from, 'requester')).toEqual([]);
    }
  });

  it('never allows a change to the same status', () => {
    for (const s of requestStatuses) {
      expect(canTransition(s, s, 'department')).toBe(false);
      expect(canTransition(s, s, 'requester')).toBe(false);
    }
  });

  it('needs a reason for a rejection and for a cancellation by the department', () => {
    expect(checkTransition('submitted', 'rejected', 'department', '')).toEqual({
      code: 'validation.verplicht',
      field: 'note',
    });
    expect(checkTransition('submitted', 'rejected', 'department', 'Niet leverbaar')).toBeNull();
    expect(checkTransition('planned', 'cancelled', 'department', '  ')).toMatchObject({ field: 'note' });
    expect(checkTransition('submitted', 'cancelled', 'requester')).toBeNull();
  });

  it('names from and to of a refused change', () => {
    expect(checkTransition('done', 'planned', 'department')).toEqual({
      code: 'error.status_overgang_ongeldig',
      field: 'status',
      params: { from: 'done', to: 'planned' },
    });
  });
});
