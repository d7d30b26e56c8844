import type {
  ComplaintAnswerInput,
  ComplaintQueue,
  ComplaintQueueQuery,
  DepartmentComplaint,
} from '@mp/contract/api/complaints';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { type MailDeps, queueUserMail } from './complaints.mail.ts';
import {
  type ComplaintRow,
  insertLine,
  selectComplaint,
  selectComplaints,
  touchComplaint,
  updateStatus,
} from './complaints.queries.ts';
import { detailOf, invalidFields, notFound, toSummary } from './complaints.shared.ts';

// The department's side of complaints (decision 0021): the queue of every customer's complaints, one complaint, and
// the answer (a line and / or a new status) with its mail to the user.

/** GET Department/complaints: every customer's complaints, open first, oldest first; counts per status. */
export async function listQueue(ctx: Ctx, q: ComplaintQueueQuery): Promise<ComplaintQueue> {
  await requireAccess(ctx, { permission: 'department' });
  const { rows, total, counts } = await selectComplaints(ctx.db, {
    ...q,
    locationIds: 'all',
    queueOrder: true,
  });
  return {
    items: rows.map((r) => ({ ...toSummary(r), customerNo: r.customerNo, customerName: r.customerName })),
    page: q.page,
    pageSize: q.pageSize,
    total,
    counts,
  };
}

async function departmentDetail(ctx: Ctx, row: ComplaintRow): Promise<DepartmentComplaint> {
  return {
    ...(await detailOf(ctx, row, true, true)),
    customerNo: row.customerNo,
    customerName: row.customerName,
    userEmail: row.userEmail,
  };
}

/** GET Department/complaints/{id}. */
export async function getQueueComplaint(ctx: Ctx, id: string): Promise<DepartmentComplaint> {
  const { row } = await requireAccess(ctx, {
    permission: 'complaint.read',
    department: true,
    load: () => selectComplaint(ctx.db, { id }),
    notFound: () => notFound(id),
  });
  return departmentDetail(ctx, row);
}

/**
 * POST Department/complaints/{id}/answer: a line from the department and / or a new status (any other one: the
 * department also reopens), then a mail to the user who submitted it, on the same transaction.
 */
export async function answerComplaint(
  ctx: Ctx,
  mail: MailDeps,
  id: string,
  input: ComplaintAnswerInput,
): Promise<DepartmentComplaint> {
  const user = await requireAccess(ctx, { permission: 'department' });
  const s = await ctx.settings();
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await selectComplaint(db, { id }, true);
    if (!row) throw notFound(id);
    const message = input.message?.trim() ?? '';
    const status = input.status && input.status !== row.status ? input.status : null;
    if (!message && !status) throw invalidFields({ status: 'Klachten.validatie.status_ongewijzigd' });
    if (message)
      await insertLine(db, { complaintId: id, author: 'department', userId: user.id, message, now: ctx.now });
    if (status) {
      await updateStatus(db, id, status, ctx.now);
      await emitWebhookEvent(db, 'complaint', 'complaint.status_changed', id, { previousStatus: row.status });
    } else await touchComplaint(db, id, ctx.now);
    const after = (await selectComplaint(db, { id })) as ComplaintRow;
    await queueUserMail(db, mail, s, after, message);
  });
  return getQueueComplaint(ctx, id);
}
