import { REMOVAL_BRING, type RemovalForm } from '@mp/contract/api/removal';
import type { SubmitResult } from '@mp/contract/api/requests';
import { calendarDayIn, checkOrderDates, removalDateRules } from '@mp/contract/rules/order-dates';
import { itemsById } from '../modules/catalogue/index.ts';
import { listDepots } from '../modules/locations/index.ts';
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
import { chosenAddress, takeOutgoingLines } from './outgoing-lines.ts';

/** The removal form's rules decided on the server: the date (Afvoeren_*), then the terms when they must be accepted. */
export function checkRemovalForm(form: RemovalForm, now: Date, s: SettingsMap): void {
  const problems = checkOrderDates(
    { deliveryDate: form.removalDate },
    calendarDayIn(now),
    removalDateRules(s),
  );
  if (problems.length) {
    const [p] = problems;
    throw fieldErrors('rule', 'error.datum_niet_toegestaan', {
      removalDate: { code: p?.code ?? '', params: p?.params },
    });
  }
  if (s.Afvoeren_VoorwaardenVerplicht && !form.termsAccepted) {
    throw fieldErrors('rule', 'error.voorwaarden_niet_geaccepteerd', {
      termsAccepted: 'validation.verplicht',
    });
  }
}

const place = (parts: Array<string | null | undefined>) => parts.filter(Boolean).join(', ');

/**
 * POST PlantRequests/removal: the caller's removal list on the location becomes a removal request (kind removal,
 * status submitted) to the chosen depot, picked up at a work address of the location or a typed one; the list is
 * emptied and, with Afvoerwizard_EnableSendEmailUser, the confirmation mail queued — in one transaction behind the
 * Idempotency-Key (see idempotency.ts).
 *
 * Every amount is checked again under the stock lock (takeOutgoingLines): two users sending off the last piece at
 * the same moment take turns; the second gets 409 error.afvoer_conflict naming the item.
 *
 * A workflow: it composes removal lists, stock, locations, the catalogue and requests, in this order.
 */
export async function submitRemoval(
  ctx: Ctx,
  deps: SubmitDeps,
  form: RemovalForm,
  key: string,
): Promise<IdempotentAnswer<SubmitResult>> {
  // Checked before the key is taken, so a replay also needs the location (a blocked one may still send back).
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppAfvoeren',
    locationNo: form.plantLocation,
  });
  const user = requireUser(ctx);
  const s = await loadSettings(ctx.db);
  return withIdempotency(ctx, { key, scope: `removal:${location.locationId}`, body: form }, async (tx) => {
    const txCtx = onTx(ctx, tx);
    checkRemovalForm(form, ctx.now, s);
    const { depots } = await listDepots(txCtx, 'removal');
    const depot = depots.find((d) => d.depotNo === form.depotNo);
    if (!depot)
      throw fieldErrors('invalid', 'error.ongeldige_invoer', { depotNo: 'validation.onbekende_waarde' });
    // brought to the depot by the customer: nothing is picked up (and a typed address is not kept)
    const pickup =
      form.transportMeans === REMOVAL_BRING ? null : await chosenAddress(txCtx, location.locationNo, form);

    const lines = await takeOutgoingLines(tx, user.id, location.locationId);
    const itemIds = [...new Set(lines.map((l) => l.itemId))];

    const request = await recordRequest(
      tx,
      {
        kind: 'removal',
        status: 'submitted',
        locationId: location.locationId,
        userId: user.id,
        idempotencyKey: key,
        requestedDate: form.removalDate,
        transportMeans: form.transportMeans || null,
        termsAccepted: form.termsAccepted,
        destinationKind: 'depot',
        depotId: depot.id,
        street: depot.street,
        postcode: depot.postcode,
        city: depot.city,
        originWorkAddressId: pickup?.workAddressId ?? null,
        originStreet: pickup?.street ?? null,
        originPostcode: pickup?.postcode ?? null,
        originCity: pickup?.city ?? null,
        originContactPerson: form.contactPerson,
        originPhone: form.phone,
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
    if (s.Afvoerwizard_EnableSendEmailUser) {
      const items = await itemsById(txCtx.db, ctx.locale, itemIds);
      await queueConfirmation(txCtx, tx, deps, {
        settings: s,
        request,
        location,
        kind: 'removal',
        facts: {
          date: form.removalDate,
          returnDate: null,
          address: [pickup?.label, place([depot.name, depot.street, place([depot.postcode, depot.city])])]
            .filter(Boolean)
            .join(' → '),
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
      kind: 'removal',
      status: 'submitted',
      locationNo: location.locationNo,
      lineCount: lines.length,
      createdAt: request.createdAt.toISOString(),
    };
    return { status: 201, body: result };
  });
}
