import type { RelocationForm } from '@mp/contract/api/removal';
import type { SubmitResult } from '@mp/contract/api/requests';
import { calendarDayIn, checkOrderDates, relocationDateRules } from '@mp/contract/rules/order-dates';
import { itemsById } from '../modules/catalogue/index.ts';
import { emptyRemovalList } from '../modules/removal-lists/index.ts';
import {
  erpCodesFor,
  mailLineOf,
  queueConfirmation,
  recordRequest,
  type SubmitDeps,
} from '../modules/requests/index.ts';
import { loadSettings, type SettingsMap } from '../modules/settings/index.ts';
import { requireAccess } from '../platform/auth/access.ts';
import { sumDecimal } from '../platform/decimal.ts';
import { fieldErrors } from '../platform/errors.ts';
import { type Ctx, requireUser } from '../platform/http/context.ts';
import { type IdempotentAnswer, onTx, withIdempotency } from '../platform/http/idempotency.ts';
import { chosenAddress, destinationOf, takeOutgoingLines } from './outgoing-lines.ts';

/**
 * The relocation form's rules decided on the server: the move date (Verplaatsen_DagenInVerleden), the expected
 * return (required with Verplaatsen_VerwachtRetourVerplicht, never before the move), then the terms.
 */
export function checkRelocationForm(form: RelocationForm, now: Date, s: SettingsMap): void {
  if (s.Verplaatsen_VerwachtRetourVerplicht && !form.expectedReturnDate) {
    throw fieldErrors('rule', 'error.datum_niet_toegestaan', { expectedReturnDate: 'validation.verplicht' });
  }
  const problems = checkOrderDates(
    { deliveryDate: form.moveDate, expectedReturnDate: form.expectedReturnDate },
    calendarDayIn(now),
    relocationDateRules(s),
  );
  if (problems.length) {
    const fields = Object.fromEntries(
      problems.map((p) => [p.field === 'deliveryDate' ? 'moveDate' : p.field, p]),
    );
    throw fieldErrors('rule', 'error.datum_niet_toegestaan', fields);
  }
  if (s.Verplaatsen_VoorwaardenVerplicht && !form.termsAccepted) {
    throw fieldErrors('rule', 'error.voorwaarden_niet_geaccepteerd', {
      termsAccepted: 'validation.verplicht',
    });
  }
}

/**
 * POST PlantRequests/othertransfers (kind relocation): the caller's removal list on the location becomes a
 * relocation request (kind relocation, status submitted) to another of the caller's locations — not a blocked one,
 * the same one only with Verplaatsen_EnableVerplaastenNaarEigenLocatie — delivered at a work address of the target
 * or a typed one; the list is emptied and, with Verplaatsen_EnableSendEmailUser, the confirmation mail queued — in
 * one transaction behind the Idempotency-Key. Amounts are checked like a removal's (takeOutgoingLines).
 */
export async function submitRelocation(
  ctx: Ctx,
  deps: SubmitDeps,
  form: RelocationForm,
  key: string,
): Promise<IdempotentAnswer<SubmitResult>> {
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppVerplaatsen',
    locationNo: form.plantLocation,
  });
  const user = requireUser(ctx);
  const s = await loadSettings(ctx.db);
  return withIdempotency(ctx, { key, scope: `relocation:${location.locationId}`, body: form }, async (tx) => {
    const txCtx = onTx(ctx, tx);
    checkRelocationForm(form, ctx.now, s);
    // The target: one of the caller's locations (a foreign one is unknown, 404), open for new requests.
    const target = await requireAccess(txCtx, {
      permission: 'location.write',
      locationNo: form.targetLocation,
    });
    if (target.blocked)
      throw fieldErrors('rule', 'error.locatie_geblokkeerd', { targetLocation: 'error.locatie_geblokkeerd' });
    if (target.locationId === location.locationId && !s.Verplaatsen_EnableVerplaastenNaarEigenLocatie) {
      throw fieldErrors('rule', 'error.ongeldige_invoer', { targetLocation: 'validation.zelfde_locatie' });
    }
    const delivery = await chosenAddress(txCtx, target.locationNo, form);

    const lines = await takeOutgoingLines(tx, user.id, location.locationId);
    const itemIds = [...new Set(lines.map((l) => l.itemId))];
    const request = await recordRequest(
      tx,
      {
        kind: 'relocation',
        status: 'submitted',
        locationId: location.locationId,
        targetLocationId: target.locationId,
        userId: user.id,
        idempotencyKey: key,
        requestedDate: form.moveDate,
        expectedReturnDate: form.expectedReturnDate ?? null,
        transportMeans: form.transportMeans || null,
        termsAccepted: form.termsAccepted,
        ...destinationOf(delivery),
        addressCode: delivery.addressCode,
        addressName: delivery.addressName,
        street: delivery.street,
        postcode: delivery.postcode,
        city: delivery.city,
        contactPerson: form.contactPerson,
        phone: form.phone,
        reference: form.reference || null,
        comment: form.comment?.trim() || null,
        ...erpCodesFor(s, { rush: false, comment: form.comment ?? null }),
      },
      lines.map((l, i) => ({
        lineNo: i + 1,
        itemId: l.itemId,
        plantId: l.plantId,
        amount: l.returnAmount,
        comment: l.comment,
      })),
      user.id,
    );
    await emptyRemovalList(tx, user.id, location.locationId);
    if (s.Verplaatsen_EnableSendEmailUser) {
      const items = await itemsById(txCtx.db, ctx.locale, itemIds);
      await queueConfirmation(txCtx, tx, deps, {
        settings: s,
        request,
        location,
        kind: 'relocation',
        facts: {
          date: form.moveDate,
          returnDate: form.expectedReturnDate ?? null,
          address: `${target.locationNo} - ${target.description}: ${delivery.label}`,
          contact: form.contactPerson,
          phone: form.phone,
          reference: form.reference ?? '',
          comment: form.comment?.trim() ?? '',
          rush: false,
        },
        lines: lines.map((l) => ({
          ...mailLineOf(items.get(l.itemId), l.returnAmount),
          description: `${items.get(l.itemId)?.description ?? ''}${l.plantNo ? ` (${l.plantNo})` : ''}`,
        })),
        totalWeight: sumDecimal(lines.map((l) => [l.returnAmount, items.get(l.itemId)?.weight ?? null])),
        toDefaultReceiver: false,
      });
    }
    const result: SubmitResult = {
      id: request.id,
      requestNo: request.requestNo,
      kind: 'relocation',
      status: 'submitted',
      locationNo: location.locationNo,
      lineCount: lines.length,
      createdAt: request.createdAt.toISOString(),
    };
    return { status: 201, body: result };
  });
}
