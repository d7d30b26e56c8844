/**
 * The life cycle of a plant request (docs/decisions/0006-request-lifecycle.md), as one pure rule used
 * by the server (which decides) and the web app (which offers only the buttons that can work).
 *
 *   submitted ──► in_progress ──► planned ──► done
 *       │              │  ▲           │
 *       │              │  └───────────┘  (re-plan)
 *       ├──────────────┴──────────────┴──► cancelled   (department, with a reason)
 *       ├──────────────┴──────────────┴──► rejected    (department, with a reason)
 *       └──► cancelled                                  (requester, only while submitted)
 *
 * done, cancelled and rejected are final. Every change is one history row (who, when, from, to, note).
 */

export const requestStatuses = [
  'submitted',
  'in_progress',
  'planned',
  'done',
  'cancelled',
  'rejected',
] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const requestKinds = ['order', 'removal', 'relocation', 'transport'] as const;
export type RequestKind = (typeof requestKinds)[number];

/** Who changes the status: the site user on the request's location, or the equipment department. */
export type RequestActor = 'requester' | 'department';

export const finalStatuses: readonly RequestStatus[] = ['done', 'cancelled', 'rejected'];

const departmentMoves: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  submitted: ['in_progress', 'planned', 'cancelled', 'rejected'],
  in_progress: ['planned', 'cancelled', 'rejected'],
  planned: ['in_progress', 'done', 'cancelled', 'rejected'],
  done: [],
  cancelled: [],
  rejected: [],
};

const requesterMoves: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  submitted: ['cancelled'],
  in_progress: [],
  planned: [],
  done: [],
  cancelled: [],
  rejected: [],
};

export function isFinalStatus(status: RequestStatus): boolean {
  return finalStatuses.includes(status);
}

/** The statuses an actor may move a request to from its current status. */
export function nextStatuses(from: RequestStatus, actor: RequestActor): readonly RequestStatus[] {
  return (actor === 'department' ? departmentMoves : requesterMoves)[from];
}

export function canTransition(from: RequestStatus, to: RequestStatus, actor: RequestActor): boolean {
  return nextStatuses(from, actor).includes(to);
}

/** Whether this change needs a note: a rejection, and a cancellation by the department, say why. */
export function noteRequired(to: RequestStatus, actor: RequestActor): boolean {
  return to === 'rejected' || (to === 'cancelled' && actor === 'department');
}

export type TransitionProblem =
  | {
      code: 'error.status_overgang_ongeldig';
      field: 'status';
      params: { from: RequestStatus; to: RequestStatus };
    }
  | { code: 'validation.verplicht'; field: 'note' };

/** null when the change is allowed, otherwise what is wrong with it. */
export function checkTransition(
  from: RequestStatus,
  to: RequestStatus,
  actor: RequestActor,
  note?: string | null,
): TransitionProblem | null {
  if (!canTransition(from, to, actor))
    return { code: 'error.status_overgang_ongeldig', field: 'status', params: { from, to } };
  if (noteRequired(to, actor) && !note?.trim()) return { code: 'validation.verplicht', field: 'note' };
  return null;
}
