import type { OrderForm, SubmitResult } from '@mp/contract/api/requests';
import { requireKnownItemIds } from '../modules/catalogue/index.ts';
import {
  insertKeyAndLockList,
  type LockedList,
  requireOwnListOnReadableLocation,
  takeListForSubmit,
} from '../modules/order-lists/index.ts';
import {
  checkOrderForm,
  orderConfirmationMails,
  recordOrderRequest,
  resolveDestination,
  type SubmitDeps,
} from '../modules/requests/index.ts';
import { loadSettings } from '../modules/settings/index.ts';
import { requireAccess } from '../platform/auth/access.ts';
import { type Ctx, requireUser } from '../platform/http/context.ts';
import { type IdempotentAnswer, onTx, type Tx, withIdempotency } from '../platform/http/idempotency.ts';

export type { SubmitDeps };

/**
 * POST PlantRequests/{orderListId}/order: the order list becomes a plant request (kind order, status
 * submitted) with its lines and a first history row, the list and its draft are emptied and the
 * confirmation mail is queued — all in one transaction behind the Idempotency-Key (see idempotency.ts), in six
 * statements with begin and commit (docs/decisions/0011).
 *
 * A workflow: it spans order lists, the catalogue, locations (via requests) and requests, and only
 * composes their public services, in this order.
 */
export async function submitOrderList(
  ctx: Ctx,
  deps: SubmitDeps,
  orderListId: string,
  form: OrderForm,
  key: string,
): Promise<IdempotentAnswer<SubmitResult>> {
  await requireAccess(ctx, { permission: 'area.write', area: 'AppBestellen' });
  const user = requireUser(ctx);
  // Settings first (from the pool, cached): the work below must only use its transaction.
  const s = await loadSettings(ctx.db);
  const scope = `order:${orderListId}`;
  // The list and its location are checked by the lock (a refusal rolls the key back) and, for a replay, before
  // the stored answer is given: a replay also needs the list and its location (docs/decisions/0011).
  const beforeReplay = (tx: Tx) => requireOwnListOnReadableLocation(onTx(ctx, tx), orderListId);
  // The key is inserted by the statement that locks the list (when the key is new), one round trip for both.
  let locked: LockedList | null = null;
  const takeKey = async (tx: Tx, keyValues: readonly unknown[]) => {
    const taken = await insertKeyAndLockList(tx, keyValues, orderListId);
    locked = taken.list;
    return taken.keyNew;
  };
  return withIdempotency(ctx, { key, scope, body: form, beforeReplay, takeKey }, async (tx) => {
    const txCtx = onTx(ctx, tx);
    // The list's lines with their items and sets, taken off it under the list's lock: the list and its draft
    // are empty from here (docs/decisions/0011).
    const { location, lines, items, sets } = await takeListForSubmit(txCtx, tx, orderListId, locked);
    checkOrderForm(form, ctx.now, s);
    requireKnownItemIds(
      items,
      lines.filter((l) => l.itemId).map((l) => l.itemId as string),
    );
    const destination = await resolveDestination(txCtx, location, form);
    const request = await recordOrderRequest(tx, {
      settings: s,
      userId: user.id,
      locale: ctx.locale,
      location,
      orderListId,
      idempotencyKey: key,
      form,
      destination,
      lines,
    });
    // The mails are queued with the stored answer, in its statement (withIdempotency).
    const messages = s.OrderWizardEmailEnableSend
      ? await orderConfirmationMails(txCtx, tx, deps, {
          settings: s,
          request,
          location,
          form,
          destination,
          lines,
          items,
          sets,
        })
      : [];
    const result: SubmitResult = {
      id: request.id,
      requestNo: request.requestNo,
      kind: 'order',
      status: 'submitted',
      locationNo: location.locationNo,
      lineCount: lines.filter((l) => !l.parentLineId).length,
      createdAt: request.createdAt.toISOString(),
    };
    return { status: 201, body: result, mail: { mailer: deps.mailer, messages } };
  });
}
