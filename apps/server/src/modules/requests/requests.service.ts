import { randomUUID } from 'node:crypto';
import type { OrderForm, RequestDetail, RequestSummary, SubmitResult } from '@mp/contract/api/ordering';
import { defaultLocale, isLocale, type Locale, translate } from '@mp/contract/i18n';
import { calendarDayIn, checkOrderDates } from '@mp/contract/rules/order-dates';
import { priceDisplay } from '@mp/contract/rules/prices';
import {
  checkTransition,
  nextStatuses,
  type RequestKind,
  type RequestStatus,
} from '@mp/contract/rules/request-status';
import {
  type LocationAccess,
  requireArea,
  requireLocation,
  requireLocationById,
  requireNotBlocked,
} from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireAdmin, requireUser } from '../../platform/http/context.ts';
import { type IdempotentAnswer, type Tx, withIdempotency } from '../../platform/http/idempotency.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { listDepots, listWorkAddresses } from '../locations/locations.service.ts';
import { itemsById, setsById, sumDecimal } from '../order-lists/item-lookup.ts';
import {
  emptyAfterSubmit,
  lockListForSubmit,
  requireOwnListOnReadableLocation,
} from '../order-lists/order-lists.service.ts';
import { loadSettings, type SettingsMap } from '../settings/settings.service.ts';
import { type MailLine, renderOrderConfirmation } from './requests.mail.ts';
import {
  insertHistory,
  insertRequest,
  insertRequestLines,
  type NewRequestLine,
  type RequestSummaryRow,
  selectHistory,
  selectRequest,
  selectRequestLines,
  selectRequestPage,
  selectUserContact,
  updateRequestStatus,
} from './requests.queries.ts';

export interface SubmitDeps {
  mailer: Mailer;
  publicUrl: string;
}

const kindKey: Record<RequestKind, string> = {
  order: 'Aanvragen.soorten.bestelling',
  removal: 'Aanvragen.soorten.afvoer',
  relocation: 'Aanvragen.soorten.verplaatsing',
  transport: 'Aanvragen.soorten.transport',
};

const listNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { orderListId: id } });
const requestNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { requestId: id } });

function fieldError(
  type: 'invalid' | 'rule',
  code: string,
  field: string,
  fieldCode: string,
  params?: Record<string, string | number>,
) {
  return new AppError(type, code, {
    details: { fields: { [field]: params ? { code: fieldCode, params } : { code: fieldCode } } },
  });
}

function formatDay(locale: Locale, day: string | null | undefined): string {
  if (!day) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The service context on the submit's transaction: every read inside the work goes through it. */
function onTx(ctx: Ctx, tx: Tx): Ctx {
  return { ...ctx, db: tx as unknown as Db };
}

interface Destination {
  destinationKind: 'work_address' | 'depot' | 'other_address';
  depotId: string | null;
  depotNo: string | null;
  workAddressId: string | null;
  addressCode: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  /** For the mail. */
  label: string;
}

/** bestemming: the depot (collect), a work address of the location, or the typed-in address. */
async function resolveDestination(ctx: Ctx, location: LocationAccess, form: OrderForm): Promise<Destination> {
  if (form.collect) {
    const { depots } = await listDepots(ctx, 'order');
    const depot = depots.find((d) => d.depotNo === form.depotNo);
    if (!depot)
      throw fieldError('invalid', 'error.ongeldige_invoer', 'depotNo', 'validation.onbekende_waarde');
    return {
      destinationKind: 'depot',
      depotId: depot.id,
      depotNo: depot.depotNo,
      workAddressId: null,
      addressCode: null,
      street: depot.street,
      postcode: depot.postcode,
      city: depot.city,
      label: [depot.name, depot.street, [depot.postcode, depot.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
    };
  }
  if (form.addressCode) {
    const addresses = await listWorkAddresses(ctx, location.locationNo);
    const address = addresses.find((a) => a.code === form.addressCode);
    if (!address)
      throw fieldError('invalid', 'error.ongeldige_invoer', 'addressCode', 'validation.onbekende_waarde');
    return {
      destinationKind: 'work_address',
      depotId: null,
      depotNo: null,
      workAddressId: address.id,
      addressCode: address.code,
      street: address.street,
      postcode: address.postcode,
      city: address.city,
      label: [address.name, address.street, [address.postcode, address.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
    };
  }
  return {
    destinationKind: 'other_address',
    depotId: null,
    depotNo: null,
    workAddressId: null,
    addressCode: null,
    street: form.street ?? null,
    postcode: form.postcode || null,
    city: form.city ?? null,
    label: [form.street, [form.postcode, form.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  };
}

/** The date rules of the order wizard, decided here in the Amsterdam calendar (never trusted from the client). */
function checkDates(form: OrderForm, now: Date, s: SettingsMap): void {
  const problems = checkOrderDates(form, calendarDayIn(now), s);
  if (problems.length === 0) return;
  const fields = Object.fromEntries(
    problems.map((p) => [p.field, p.params ? { code: p.code, params: p.params } : { code: p.code }]),
  );
  const code = problems.some((p) => p.field === 'rush')
    ? 'error.spoed_niet_toegestaan'
    : 'error.datum_niet_toegestaan';
  throw new AppError('rule', code, { details: { fields } });
}

/**
 * POST PlantRequests/{orderListId}/order: the order list becomes a plant request (kind order, status
 * submitted) with its lines and a first history row, the list and its draft are emptied and the
 * confirmation mail is queued — all in one transaction behind the Idempotency-Key (see idempotency.ts).
 */
export async function submitOrder(
  ctx: Ctx,
  deps: SubmitDeps,
  orderListId: string,
  form: OrderForm,
  key: string,
): Promise<IdempotentAnswer<SubmitResult>> {
  await requireArea(ctx, 'AppBestellen', 'write');
  const user = requireUser(ctx);
  // Checked before the key is taken, so a replay also needs the list and its location.
  await requireOwnListOnReadableLocation(ctx, orderListId);
  // Settings first (from the pool, cached): the work below must only use its transaction.
  const s = await loadSettings(ctx.db);
  return withIdempotency(ctx, { key, scope: `order:${orderListId}`, body: form }, async (tx) => {
    const txCtx = onTx(ctx, tx);
    const locked = await lockListForSubmit(tx, orderListId);
    if (!locked || locked.list.userId !== user.id) throw listNotFound(orderListId);
    let location: LocationAccess;
    try {
      location = await requireLocationById(txCtx, locked.list.locationId, 'write');
    } catch (e) {
      if (e instanceof AppError && e.type === 'not_found') throw listNotFound(orderListId);
      throw e;
    }
    requireNotBlocked(location);
    const lines = locked.lines;
    if (lines.length === 0) throw new AppError('rule', 'error.lijst_leeg', { details: { orderListId } });
    const empty = lines.filter((l) => l.amount <= 0).map((l) => l.id);
    if (empty.length)
      throw new AppError('rule', 'Bestellijst.aantal_verplicht', { details: { lineIds: empty } });

    checkDates(form, ctx.now, s);
    if (s.OrderWizardEnableTermsAndConditions && !form.termsAccepted) {
      throw fieldError(
        'rule',
        'error.voorwaarden_niet_geaccepteerd',
        'termsAccepted',
        'validation.verplicht',
      );
    }
    const [items, sets] = await Promise.all([
      itemsById(
        tx,
        ctx.locale,
        lines.filter((l) => l.itemId).map((l) => l.itemId as string),
      ),
      setsById(
        tx,
        ctx.locale,
        lines.filter((l) => l.setId).map((l) => l.setId as string),
      ),
    ]);
    const blocked = lines.filter((l) => l.itemId && (!items.get(l.itemId) || items.get(l.itemId)?.blocked));
    if (blocked.length) {
      const nos = blocked.map((l) => items.get(l.itemId as string)?.itemNo ?? (l.itemId as string));
      throw new AppError('rule', 'error.onbekend_materieel', {
        details: { itemNos: nos },
        params: { itemNo: nos.join(', ') },
      });
    }
    const destination = await resolveDestination(txCtx, location, form);

    const request = await insertRequest(tx, {
      kind: 'order',
      status: 'submitted',
      locationId: location.locationId,
      userId: user.id,
      orderListId,
      idempotencyKey: key,
      requestedDate: form.deliveryDate,
      expectedReturnDate: form.expectedReturnDate ?? null,
      transportMeans: form.transportMeans || (form.collect ? 'ophalen' : 'leveren'),
      collect: form.collect,
      rush: form.rush,
      termsAccepted: form.termsAccepted,
      destinationKind: destination.destinationKind,
      depotId: destination.depotId,
      workAddressId: destination.workAddressId,
      addressCode: destination.addressCode,
      street: destination.street,
      postcode: destination.postcode,
      city: destination.city,
      contactPerson: form.contactPerson,
      phone: form.phone,
      reference: form.reference || null,
      comment: form.comment?.trim() || null,
    });

    const newIds = new Map<string, string>();
    const rows: NewRequestLine[] = lines.map((l, i) => {
      const id = randomUUID();
      newIds.set(l.id, id);
      return {
        id,
        requestId: request.id,
        parentLineId: l.parentLineId ? (newIds.get(l.parentLineId) ?? null) : null,
        lineNo: i + 1,
        itemId: l.kind === 'item' ? l.itemId : null,
        setId: l.kind === 'set' ? l.setId : null,
        amount: l.amount,
        comment: l.comment,
      };
    });
    await insertRequestLines(tx, rows);
    await insertHistory(tx, {
      requestId: request.id,
      fromStatus: null,
      toStatus: 'submitted',
      changedBy: user.id,
    });
    await emptyAfterSubmit(tx, orderListId);

    if (s.OrderWizardEmailEnableSend) {
      const depth = new Map<string, number>();
      const mailLines: MailLine[] = lines.map((l) => {
        const d = l.parentLineId ? (depth.get(l.parentLineId) ?? 0) + 1 : 0;
        depth.set(l.id, d);
        const item = l.itemId ? items.get(l.itemId) : undefined;
        const set = l.setId ? sets.get(l.setId) : undefined;
        return {
          depth: d,
          itemNo: item?.itemNo ?? set?.setNo ?? '',
          description: item?.description ?? set?.description ?? '',
          amount: l.amount,
          rentalType: item?.rentalType ?? null,
          dayPrice: item?.dayPrice ?? null,
          weekPrice: item?.weekPrice ?? null,
          salePrice: item?.salePrice ?? null,
          weight: item?.weight ?? null,
        };
      });
      const totalWeight = sumDecimal(
        lines
          .filter((l) => l.kind === 'item' && l.itemId)
          .map((l) => [l.amount, items.get(l.itemId as string)?.weight ?? null]),
      );
      const requester = await selectUserContact(tx, user.id);
      const userSeesPrices =
        priceDisplay(
          { kind: user.kind, isAdmin: user.role === 'admin', hasLocation: true },
          {
            ShowPriceInternalPrices: s.ShowPriceInternalPrices,
            ToonPrijsMaterieellocatie: s.ToonPrijsMaterieellocatie,
            PubliekePrijzen: s.PubliekePrijzen,
          },
        ) === 'show';
      const recipients: Array<{ to: string; locale: Locale; prices: boolean }> = [];
      if (requester?.email)
        recipients.push({
          to: requester.email,
          locale: ctx.locale,
          prices: s.ToonPrijsInEmail && userSeesPrices,
        });
      if (s.OrderWizardDefaultReceiver) {
        const lang = s.DefaultLanguage;
        recipients.push({
          to: s.OrderWizardDefaultReceiver,
          locale: isLocale(lang) ? lang : defaultLocale,
          prices: s.ToonPrijsInEmail,
        });
      }
      for (const r of recipients) {
        const msg = await renderOrderConfirmation(tx, {
          locale: r.locale,
          to: r.to,
          showPrices: r.prices,
          showWeights: s.ToonGewichtInEmail,
          customBody: s.OrderWizardEmailTemplate,
          values: {
            requestNo: request.requestNo,
            name: requester?.name ?? user.name,
            location: `${location.locationNo} - ${location.description}`,
            kind: translate(r.locale, kindKey.order),
            date: formatDay(r.locale, form.deliveryDate),
            returnDate: formatDay(r.locale, form.expectedReturnDate),
            address: destination.label,
            contact: form.contactPerson,
            phone: form.phone,
            reference: form.reference ?? '',
            comment: form.comment?.trim() ?? '',
            rush: form.rush,
            portal: s.CustomTitle.trim() || 'Materieelportaal',
            link: `${deps.publicUrl}/aanvragen/${request.id}`,
            totalWeight,
          },
          lines: mailLines,
        });
        // why: queued on the submit's transaction (outbox row), so a rolled-back submit sends nothing.
        await deps.mailer.queue(msg, tx as unknown as Db);
      }
    }

    const result: SubmitResult = {
      id: request.id,
      requestNo: request.requestNo,
      kind: 'order',
      status: 'submitted',
      locationNo: location.locationNo,
      lineCount: lines.filter((l) => !l.parentLineId).length,
      createdAt: request.createdAt.toISOString(),
    };
    return { status: 201, body: result };
  });
}

// ── overview ─────────────────────────────────────────────────────────────────────────────────

function summaryOf(r: RequestSummaryRow): RequestSummary {
  return {
    id: r.id,
    requestNo: r.requestNo,
    kind: r.kind,
    status: r.status,
    locationNo: r.locationNo,
    locationDescription: r.locationDescription?.trim() ? r.locationDescription : r.locationNo,
    requestedDate: r.requestedDate,
    expectedReturnDate: r.expectedReturnDate ?? null,
    plannedDate: r.plannedDate ?? null,
    rush: r.rush,
    collect: r.collect,
    reference: r.reference ?? null,
    requestedBy: r.requestedBy ?? null,
    lineCount: r.lineCount,
    totalAmount: r.totalAmount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Requests of the user's locations (of one location with plantLocation), newest first; admins see all. */
export async function listRequests(
  ctx: Ctx,
  q: { plantLocation?: string; status?: RequestStatus[]; kind?: RequestKind; page: number; pageSize: number },
) {
  await requireArea(ctx, 'AppMaterieelaanvragen', 'read');
  const user = requireUser(ctx);
  const location = q.plantLocation ? await requireLocation(ctx, q.plantLocation, 'read') : null;
  const { rows, total } = await selectRequestPage(ctx.db, {
    memberUserId: user.role === 'admin' ? null : user.id,
    locationId: location?.locationId,
    statuses: q.status,
    kind: q.kind,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { items: rows.map(summaryOf), page: q.page, pageSize: q.pageSize, total };
}

/** The request if the user may read its location (404 otherwise, the same as an unknown id). */
async function readable(
  ctx: Ctx,
  id: string,
  action: 'read' | 'write',
  db: Db | Tx = ctx.db,
  forUpdate = false,
) {
  const row = await selectRequest(db, id, { forUpdate });
  if (!row) throw requestNotFound(id);
  try {
    const location = await requireLocationById(ctx, row.locationId, action);
    return { row, location };
  } catch (e) {
    if (e instanceof AppError && e.type === 'not_found') throw requestNotFound(id);
    throw e;
  }
}

export async function getRequest(ctx: Ctx, id: string): Promise<RequestDetail> {
  await requireArea(ctx, 'AppMaterieelaanvragen', 'read');
  const user = requireUser(ctx);
  const { row, location } = await readable(ctx, id, 'read');
  const [lineRows, history] = await Promise.all([selectRequestLines(ctx.db, id), selectHistory(ctx.db, id)]);
  const [items, sets] = await Promise.all([
    itemsById(
      ctx.db,
      ctx.locale,
      lineRows.filter((l) => l.itemId).map((l) => l.itemId as string),
    ),
    setsById(
      ctx.db,
      ctx.locale,
      lineRows.filter((l) => l.setId).map((l) => l.setId as string),
    ),
  ]);
  const canWrite = user.role === 'admin' || location.role === 'user';
  const allowed =
    user.role === 'admin'
      ? nextStatuses(row.status, 'department')
      : canWrite
        ? nextStatuses(row.status, 'requester')
        : [];
  return {
    ...summaryOf(row),
    transportMeans: row.transportMeans ?? null,
    destinationKind: row.destinationKind ?? null,
    depotNo: row.depotNo ?? null,
    depotName: row.depotName ?? null,
    addressCode: row.addressCode ?? row.workAddressCode ?? null,
    street: row.street ?? null,
    postcode: row.postcode ?? null,
    city: row.city ?? null,
    contactPerson: row.contactPerson ?? null,
    phone: row.phone ?? null,
    comment: row.comment ?? null,
    rejectionReason: row.rejectionReason ?? null,
    termsAccepted: row.termsAccepted,
    lines: lineRows.map((l) => {
      const item = l.itemId ? items.get(l.itemId) : undefined;
      const set = l.setId ? sets.get(l.setId) : undefined;
      return {
        lineId: l.id,
        parentLineId: l.parentLineId,
        lineNo: l.lineNo,
        type: l.setId ? ('set' as const) : ('item' as const),
        itemNo: item?.itemNo ?? set?.setNo ?? '',
        description: item?.description ?? set?.description ?? '',
        amount: l.amount,
        comment: l.comment,
        plantNo: l.plantNo ?? null,
        weightPerPiece: item?.weight ?? null,
      };
    }),
    history: history.map((h) => ({
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      changedAt: h.changedAt.toISOString(),
      changedBy: h.changedBy ?? null,
      note: h.note ?? null,
    })),
    allowedStatuses: [...allowed],
  };
}

// ── status changes ───────────────────────────────────────────────────────────────────────────

async function transition(
  ctx: Ctx,
  id: string,
  to: RequestStatus,
  actor: 'requester' | 'department',
  note: string | undefined,
  plannedDate?: string,
): Promise<RequestDetail> {
  const user = requireUser(ctx);
  await ctx.db.transaction(async (tx) => {
    const { row } = await readable(onTx(ctx, tx), id, actor === 'requester' ? 'write' : 'read', tx, true);
    const problem = checkTransition(row.status, to, actor, note);
    if (problem?.code === 'error.status_overgang_ongeldig') {
      throw new AppError('rule', problem.code, {
        details: { fields: { status: { code: problem.code } }, from: row.status, to },
      });
    }
    if (problem) throw fieldError('invalid', 'error.ongeldige_invoer', problem.field, problem.code);
    await updateRequestStatus(tx, id, {
      status: to,
      ...(plannedDate ? { plannedDate } : {}),
      ...(to === 'rejected' ? { rejectionReason: note?.trim() ?? null } : {}),
    });
    await insertHistory(tx, {
      requestId: id,
      fromStatus: row.status,
      toStatus: to,
      changedBy: user.id,
      note: note?.trim() || null,
    });
  });
  return getRequest(ctx, id);
}

/** The requester's cancel: only while submitted, only with write access on the location. */
export async function cancelRequest(ctx: Ctx, id: string, note?: string): Promise<RequestDetail> {
  await requireArea(ctx, 'AppMaterieelaanvragen', 'read');
  return transition(ctx, id, 'cancelled', 'requester', note);
}

/** The equipment department (admins) moves a request along its life cycle. */
export async function changeRequestStatus(
  ctx: Ctx,
  id: string,
  input: { status: RequestStatus; note?: string; plannedDate?: string },
): Promise<RequestDetail> {
  requireAdmin(ctx);
  return transition(ctx, id, input.status, 'department', input.note, input.plannedDate);
}
