import type { DepartmentRequest, StatusInput } from '@mp/contract/api/department';
import type { RequestDetail } from '@mp/contract/api/requests';
import { checkTransition, type RequestActor, type RequestStatus } from '@mp/contract/rules/request-status';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { onTx, type Tx } from '../../platform/http/idempotency.ts';
import type { SettingsMap } from '../settings/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { getDepartmentRequest } from './requests.department.ts';
import { announceCancellation, announceStatus } from './requests.erp.ts';
import { getRequest } from './requests.service.ts';
import { requestNotFound } from './requests.shared.ts';
import {
  deletePicks,
  type LockedRequestRow,
  selectRequestForUpdate,
  writeStatus,
} from './requests.status.queries.ts';
import { queueStatusMail } from './requests.status-mail.ts';
import type { SubmitDeps } from './requests.submit.ts';

/*
 * Where a request's status changes (decision 0006, "One path for a status"). Every change — the requester's
 * cancel, the department's take / reject / cancel, plan (requests.plan.ts) and execute
 * (workflows/execute-request.ts) — runs in one transaction that
 *   1. locks the request row with `lockRequest` (404 for none; a stale `version` is 409 error.aanvraag_gewijzigd),
 *   2. writes through `changeStatus`: the life cycle's rule (packages/contract rules/request-status.ts; a move it
 *      does not allow is 409 error.status_overgang_ongeldig, a missing reason 400 on `note`), the row and its
 *      history row, the picks freed when the request closes, the status mail queued.
 * `movePlannedDay` is the one other write: an execution before the planned day moves the plan first.
 */

export type LockedRequest = LockedRequestRow;

/** What a status change needs to mail the requester: the mailer and the settings (read before the transaction). */
export interface StatusMail {
  deps: SubmitDeps;
  settings: SettingsMap;
}

/**
 * The request row locked for a change on the caller's transaction (404 when there is none). With `version` (what
 * the caller read): a change made meanwhile by someone else is 409 error.aanvraag_gewijzigd naming the status and
 * version it has now — the second of two concurrent changes waits for the first, then gets the conflict.
 */
export async function lockRequest(
  tx: Tx,
  id: string,
  opts: { version?: string } = {},
): Promise<LockedRequest> {
  const row = await selectRequestForUpdate(tx, id);
  if (!row) throw requestNotFound(id);
  if (opts.version !== undefined && row.version !== opts.version)
    throw new AppError('conflict', 'error.aanvraag_gewijzigd', {
      details: { currentStatus: row.status, version: row.version },
    });
  return row;
}

/**
 * The life cycle's rule for this change: a move it does not allow is a state conflict (409
 * error.status_overgang_ongeldig with the status the request has now); a rejection, and a cancellation by the
 * department, without a reason is 400 on `note`. A step that does work before its change checks this first.
 */
export function refuseChange(
  row: LockedRequest,
  to: RequestStatus,
  actor: RequestActor,
  note?: string,
): void {
  const problem = checkTransition(row.status, to, actor, note);
  if (problem?.code === 'error.status_overgang_ongeldig')
    throw fieldErrors(
      'conflict',
      problem.code,
      { status: problem.code },
      { details: { currentStatus: row.status, from: row.status, to } },
    );
  if (problem) throw fieldErrors('invalid', 'error.ongeldige_invoer', { [problem.field]: problem.code });
}

/**
 * The one writer of a request's status, on the caller's transaction and the row `lockRequest` locked: checks the
 * rule (refuseChange), writes the status (with the plan's fields, a rejection's reason) and its history row, frees
 * the plants picked for it when it closes (cancelled, rejected, done), tells the ERP of the change (its outbox: a
 * cancellation, or the department's move) and queues the status mail to the requester.
 */
export async function changeStatus(
  tx: Tx,
  row: LockedRequest,
  to: RequestStatus,
  change: {
    actor: RequestActor;
    by: string;
    note?: string;
    plan?: { plannedDate?: string; depotId?: string | null; transportMeans?: string | null };
    mail: StatusMail;
  },
): Promise<void> {
  refuseChange(row, to, change.actor, change.note);
  const note = change.note?.trim() || null;
  await writeStatus(tx, row.id, {
    from: row.status,
    to,
    by: change.by,
    note,
    ...change.plan,
    rejectionReason: to === 'rejected' ? note : null,
  });
  // a closed request holds no plants
  if (to === 'cancelled' || to === 'rejected' || to === 'done') await deletePicks(tx, row.id);
  // the ERP cancels it too, and follows the department's moves (with an ERP configured and the request announced
  // there)
  if (to === 'cancelled') await announceCancellation(tx, row.id, change.actor, note);
  else if (to !== 'submitted')
    await announceStatus(tx, row.id, to, { plannedDate: change.plan?.plannedDate ?? null, note });
  // the customers' systems hear of it (signed webhooks, decision 0032)
  const event = webhookEventOf[to];
  if (event) await emitWebhookEvent(tx, 'request', event, row.id);
  await queueStatusMail(tx, change.mail.deps, change.mail.settings, { id: row.id, to, note: change.note });
}

/** The webhook event of a status a request moves to (taken, `in_progress`, is the department's own step: none). */
const webhookEventOf: Partial<Record<RequestStatus, Parameters<typeof emitWebhookEvent>[2]>> = {
  planned: 'request.planned',
  done: 'request.executed',
  cancelled: 'request.cancelled',
  rejected: 'request.rejected',
};

/**
 * A planned request carried out before its planned day is re-planned to that day first (decision 0018): the planned
 * date moves, with a history row planned → planned noting both days, no mail.
 */
export async function movePlannedDay(tx: Tx, row: LockedRequest, day: string, by: string): Promise<void> {
  await writeStatus(tx, row.id, {
    from: row.status,
    to: row.status,
    by,
    note: `${row.plannedDate} → ${day}`,
    plannedDate: day,
  });
  await announceStatus(tx, row.id, 'planned', { plannedDate: day, note: null });
  await emitWebhookEvent(tx, 'request', 'request.planned', row.id);
}

/** POST PlantRequests/{id}/cancel: the requester cancels, only while submitted and with write access on the location. */
export async function cancelRequest(
  ctx: Ctx,
  mail: SubmitDeps,
  id: string,
  note?: string,
): Promise<RequestDetail> {
  const settings = await ctx.settings();
  await ctx.db.transaction(async (tx) => {
    // the request locked, at a location the caller may write on (`request.write`: the overview's area, then the
    // location; another customer's answers 404 like an unknown one, the read-only role 403)
    const { row } = await requireAccess(onTx(ctx, tx), {
      permission: 'request.write',
      load: () => lockRequest(tx, id),
      notFound: () => requestNotFound(id),
    });
    const user = requireUser(ctx);
    await changeStatus(tx, row, 'cancelled', {
      actor: 'requester',
      by: user.id,
      note,
      mail: { deps: mail, settings },
    });
  });
  return getRequest(ctx, id);
}

/**
 * POST Department/requests/{id}/status: the department takes a request (in progress), rejects or cancels it
 * (decision 0018). Planned and done carry data (depot and plants; the day, the orders and the stock): only their own
 * steps make them (plan, execute), 422 error.status_via_plannen_of_uitvoeren here. Answers the request as the
 * department sees it now.
 */
export async function changeRequestStatus(
  ctx: Ctx,
  mail: SubmitDeps,
  id: string,
  input: StatusInput,
): Promise<DepartmentRequest> {
  const user = await requireAccess(ctx, { permission: 'department' });
  if (input.status === 'planned' || input.status === 'done')
    throw fieldErrors('rule', 'error.status_via_plannen_of_uitvoeren', {
      status: 'error.status_via_plannen_of_uitvoeren',
    });
  const settings = await ctx.settings();
  await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id, { version: input.version });
    await changeStatus(tx, row, input.status, {
      actor: 'department',
      by: user.id,
      note: input.note,
      plan: input.plannedDate ? { plannedDate: input.plannedDate } : undefined,
      mail: { deps: mail, settings },
    });
  });
  return getDepartmentRequest(ctx, id);
}
