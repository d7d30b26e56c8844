import type { SubmitResult } from '@mp/contract/api/requests';
import type { TransportForm } from '@mp/contract/api/transport';
import { calendarDayIn, transportTimeProblems } from '@mp/contract/rules/order-dates';
import { erpCodesFor, queueConfirmation, recordRequest, type SubmitDeps } from '../modules/requests/index.ts';
import { loadSettings, type SettingsMap } from '../modules/settings/index.ts';
import { requireAccess } from '../platform/auth/access.ts';
import { fieldErrors } from '../platform/errors.ts';
import { type Ctx, requireUser } from '../platform/http/context.ts';
import { type IdempotentAnswer, onTx, withIdempotency } from '../platform/http/idempotency.ts';
import { chosenAddress, destinationOf } from './outgoing-lines.ts';

/**
 * The transport form's rules decided on the server: the transport date (TransportAanvraag_DageninInVerleden,
 * weekends allowed), both windows (until after from; unloading never before the transport date, on the same day
 * ending after loading begins), then the terms (TransportAanvraag_VoorwaardenVerplicht).
 */
export function checkTransportForm(form: TransportForm, now: Date, s: SettingsMap): void {
  const problems = transportTimeProblems(form, calendarDayIn(now), s);
  if (problems.length) {
    throw fieldErrors(
      'rule',
      'error.datum_niet_toegestaan',
      Object.fromEntries(problems.map((p) => [p.field, p])),
    );
  }
  if (s.TransportAanvraag_VoorwaardenVerplicht && !form.termsAccepted) {
    throw fieldErrors('rule', 'error.voorwaarden_niet_geaccepteerd', {
      termsAccepted: 'validation.verplicht',
    });
  }
}

/**
 * POST PlantRequests/othertransfers (kind transport): a transport request (kind transport, status submitted, no
 * lines: the cargo is described in words) from an address on the caller's location to one on another of the
 * caller's locations — not a blocked one, the same one only with
 * TransportAanvraag_EnableVerplaastenNaarEigenLocatie — with its windows, the ERP's item number and appointment
 * code of the settings (Transport_MateriaalSoort, Transport_AfspraakCode) and, with
 * TransportAanvraag_EnableSendEmailUser, the confirmation mail: in one transaction behind the Idempotency-Key.
 * Transports carry goods that are not the location's stock (DOMAIN-FLOWS), so no amount is checked.
 */
export async function submitTransport(
  ctx: Ctx,
  deps: SubmitDeps,
  form: TransportForm,
  key: string,
): Promise<IdempotentAnswer<SubmitResult>> {
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppMaterieelTransportAanvraag',
    locationNo: form.plantLocation,
  });
  const user = requireUser(ctx);
  const s = await loadSettings(ctx.db);
  return withIdempotency(ctx, { key, scope: `transport:${location.locationId}`, body: form }, async (tx) => {
    const txCtx = onTx(ctx, tx);
    checkTransportForm(form, ctx.now, s);
    // The target: one of the caller's locations (a foreign one is unknown, 404), open for new requests.
    const target = await requireAccess(txCtx, {
      permission: 'location.write',
      locationNo: form.targetLocation,
    });
    if (target.blocked)
      throw fieldErrors('rule', 'error.locatie_geblokkeerd', { targetLocation: 'error.locatie_geblokkeerd' });
    if (target.locationId === location.locationId && !s.TransportAanvraag_EnableVerplaastenNaarEigenLocatie) {
      throw fieldErrors('rule', 'error.ongeldige_invoer', { targetLocation: 'validation.zelfde_locatie' });
    }
    const from = await chosenAddress(txCtx, location.locationNo, form.from, 'from.addressCode');
    const to = await chosenAddress(txCtx, target.locationNo, form.to, 'to.addressCode');
    const unloadingDate = form.unloadingDate || form.transportDate;

    const request = await recordRequest(
      tx,
      {
        kind: 'transport',
        status: 'submitted',
        locationId: location.locationId,
        targetLocationId: target.locationId,
        userId: user.id,
        idempotencyKey: key,
        requestedDate: form.transportDate,
        termsAccepted: form.termsAccepted,
        ...destinationOf(to),
        addressCode: to.addressCode,
        addressName: to.addressName,
        street: to.street,
        postcode: to.postcode,
        city: to.city,
        contactPerson: form.to.contactPerson,
        phone: form.to.phone,
        originWorkAddressId: from.workAddressId,
        originStreet: from.street,
        originPostcode: from.postcode,
        originCity: from.city,
        originContactPerson: form.from.contactPerson,
        originPhone: form.from.phone,
        loadingFrom: form.loadingFrom,
        loadingUntil: form.loadingUntil,
        unloadingDate,
        unloadingFrom: form.unloadingFrom,
        unloadingUntil: form.unloadingUntil,
        cargo: form.cargo,
        transportItemNo: s.Transport_MateriaalSoort.trim() || null,
        appointmentCode: s.Transport_AfspraakCode.trim() || null,
        reference: form.reference || null,
        comment: form.comment?.trim() || null,
        ...erpCodesFor(s, { rush: false, comment: form.comment ?? null }),
      },
      [],
      user.id,
    );
    if (s.TransportAanvraag_EnableSendEmailUser) {
      await queueConfirmation(txCtx, tx, deps, {
        settings: s,
        request,
        location,
        kind: 'transport',
        facts: {
          date: form.transportDate,
          returnDate: null,
          address: `${from.label} → ${target.locationNo} - ${target.description}: ${to.label}`,
          contact: `${form.from.contactPerson} / ${form.to.contactPerson}`,
          phone: `${form.from.phone} / ${form.to.phone}`,
          reference: form.reference ?? '',
          comment: form.comment?.trim() ?? '',
          rush: false,
        },
        lines: [],
        extra: [
          { key: 'TransportAanvraag.lading', text: form.cargo },
          {
            key: 'TransportAanvraag.laden',
            day: form.transportDate,
            text: `${form.loadingFrom}–${form.loadingUntil}`,
          },
          {
            key: 'TransportAanvraag.lossen',
            day: unloadingDate,
            text: `${form.unloadingFrom}–${form.unloadingUntil}`,
          },
        ],
        totalWeight: null,
        toDefaultReceiver: false,
      });
    }
    const result: SubmitResult = {
      id: request.id,
      requestNo: request.requestNo,
      kind: 'transport',
      status: 'submitted',
      locationNo: location.locationNo,
      lineCount: 0,
      createdAt: request.createdAt.toISOString(),
    };
    return { status: 201, body: result };
  });
}
