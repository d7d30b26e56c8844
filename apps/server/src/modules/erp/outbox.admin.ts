import type { OutboxList, OutboxMessageView } from '@mp/contract/api/erp-outbox';
import { translate } from '@mp/contract/i18n';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import {
  type OutboxRow,
  type OutboxStatus,
  reviveDead,
  selectCounts,
  selectMessage,
  selectMessages,
} from './outbox.queries.ts';

/*
 * The outbox for whoever runs the ERP connection (admins and BusinessCentral holders, decision 0027): what waits and
 * what was dead-lettered, with counts and the last error in the reader's language, and the retry of a dead message
 * (or of all of them: after the ERP's people fixed what it refused). A retried message is due at once, its tries
 * counted afresh; the worker's next drain takes it.
 */

const area = 'BusinessCentral';

function view(ctx: Ctx, r: OutboxRow): OutboxMessageView {
  const params = r.lastErrorParams ?? {};
  return {
    id: r.id,
    kind: r.kind,
    documentNo: r.documentNo,
    aggregate: r.aggregateKind,
    aggregateId: r.aggregateId,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
    lastError: r.lastErrorCode
      ? { code: r.lastErrorCode, params, message: translate(ctx.locale, r.lastErrorCode, params) }
      : null,
    erpId: r.erpId,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

/** GET Erp/outbox: the messages of one status (waiting includes those being sent), newest first, with counts. */
export async function listOutbox(
  ctx: Ctx,
  q: { status: 'waiting' | 'dead' | 'sent'; page: number; pageSize: number },
): Promise<OutboxList> {
  await requireAccess(ctx, { permission: 'area.read', area });
  const statuses: OutboxStatus[] = q.status === 'waiting' ? ['waiting', 'sending'] : [q.status];
  const [counts, { rows, total }] = await Promise.all([
    selectCounts(ctx.db),
    selectMessages(ctx.db, { statuses, offset: (q.page - 1) * q.pageSize, limit: q.pageSize }),
  ]);
  return { counts, items: rows.map((r) => view(ctx, r)), page: q.page, pageSize: q.pageSize, total };
}

/**
 * POST Erp/outbox/{id}/retry: a dead message waits again, with the other dead messages of its document (404 unknown,
 * 409 when it is not dead).
 */
export async function retryMessage(ctx: Ctx, id: string): Promise<OutboxMessageView> {
  await requireAccess(ctx, { permission: 'area.write', area });
  const revived = (await reviveDead(ctx.db, { id, now: ctx.now })).find((r) => r.id === id);
  if (revived) return view(ctx, revived);
  const found = await selectMessage(ctx.db, id);
  if (!found) throw new AppError('not_found', 'ErpOutbox.onbekend', { details: { id } });
  throw new AppError('conflict', 'ErpOutbox.niet_dood', { details: { id, status: found.status } });
}

/** POST Erp/outbox/retry-dead: every dead message waits again. */
export async function retryAllDead(ctx: Ctx): Promise<{ retried: number }> {
  await requireAccess(ctx, { permission: 'area.write', area });
  return { retried: (await reviveDead(ctx.db, { now: ctx.now })).length };
}
