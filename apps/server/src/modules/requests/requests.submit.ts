import { randomUUID } from 'node:crypto';
import type { OrderForm } from '@mp/contract/api/requests';
import { defaultLocale, isLocale, type Locale, translate } from '@mp/contract/i18n';
import { isAdmin } from '@mp/contract/permissions';
import { calendarDayIn, checkOrderDates } from '@mp/contract/rules/order-dates';
import { priceDisplay } from '@mp/contract/rules/prices';
import type { RequestKind } from '@mp/contract/rules/request-status';
import type { LocationAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { sumDecimal } from '../../platform/decimal.ts';
import { fieldErrors } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import type { ItemInfo, SetInfo } from '../catalogue/index.ts';
import { listDepots, listWorkAddresses } from '../locations/index.ts';
import type { SettingsMap } from '../settings/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { announceRequest } from './requests.erp.ts';
import { type MailLine, renderOrderConfirmation } from './requests.mail.ts';
import {
  type ConfirmationContext,
  insertRequest,
  insertRequestWithLines,
  type NewRequest,
  type NewRequestLine,
  selectConfirmationContext,
} from './requests.queries.ts';
import { erpCodesFor } from './requests.shared.ts';

// The requests' part of submitting an order list (workflows/submit-order-list.ts).

export interface SubmitDeps {
  mailer: Mailer;
  publicUrl: string;
}

export const kindKey: Record<RequestKind, string> = {
  order: 'Aanvragen.soorten.bestelling',
  removal: 'Aanvragen.soorten.afvoer',
  relocation: 'Aanvragen.soorten.verplaatsing',
  transport: 'Aanvragen.soorten.transport',
};

// why: an Intl formatter costs more to make than to use (one per locale, kept).
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

export function formatDay(locale: Locale, day: string | null | undefined): string {
  if (!day) return '';
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

export interface Destination {
  destinationKind: 'work_address' | 'depot' | 'other_address';
  depotId: string | null;
  depotNo: string | null;
  workAddressId: string | null;
  addressCode: string | null;
  /** The work address's name (a snapshot on the request). */
  addressName: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  /** For the mail. */
  label: string;
}

/** bestemming: the depot (collect), a work address of the location, or the typed-in address. */
export async function resolveDestination(
  ctx: Ctx,
  location: LocationAccess,
  form: OrderForm,
): Promise<Destination> {
  if (form.collect) {
    const { depots } = await listDepots(ctx, 'order');
    const depot = depots.find((d) => d.depotNo === form.depotNo);
    if (!depot)
      throw fieldErrors('invalid', 'error.ongeldige_invoer', { depotNo: 'validation.onbekende_waarde' });
    return {
      destinationKind: 'depot',
      depotId: depot.id,
      depotNo: depot.depotNo,
      workAddressId: null,
      addressCode: null,
      addressName: null,
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
      throw fieldErrors('invalid', 'error.ongeldige_invoer', { addressCode: 'validation.onbekende_waarde' });
    const depot = address.kind === 'depot';
    return {
      // a depot offered among the addresses (DepotWerkAdresen_TonenEnGebruiken): delivered there
      destinationKind: depot ? 'depot' : 'work_address',
      depotId: depot ? address.id : null,
      depotNo: null,
      workAddressId: depot ? null : address.id,
      addressCode: address.code,
      addressName: address.name || null,
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
    addressName: null,
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
  const code = problems.some((p) => p.field === 'rush')
    ? 'error.spoed_niet_toegestaan'
    : 'error.datum_niet_toegestaan';
  throw fieldErrors('rule', code, Object.fromEntries(problems.map((p) => [p.field, p])));
}

/**
 * POST PlantRequests/{orderListId}/order: the order list becomes a plant request (kind order, status
 * submitted) with its lines and a first history row, the list and its draft are emptied and the
 * confirmation mail is queued — all in one transaction behind the Idempotency-Key (see idempotency.ts).

/** The order form's rules decided on the server: the date rules, then the terms when they must be accepted. */
export function checkOrderForm(form: OrderForm, now: Date, s: SettingsMap): void {
  checkDates(form, now, s);
  if (s.OrderWizardEnableTermsAndConditions && !form.termsAccepted) {
    throw fieldErrors('rule', 'error.voorwaarden_niet_geaccepteerd', {
      termsAccepted: 'validation.verplicht',
    });
  }
}

/** A line of the submitted order list, in tree order (a parent before its children). */
export interface OrderLine {
  id: string;
  parentLineId: string | null;
  kind: 'item' | 'set';
  itemId: string | null;
  setId: string | null;
  amount: number;
  comment: string | null;
}

export interface NewOrder {
  /** The settings the ERP codes come from (erpCodesFor), and the default receiver's language (mailLocales). */
  settings: Pick<SettingsMap, 'Spoed_Code' | 'Aanvraag_OpmerkingCode' | 'DefaultLanguage'>;
  userId: string;
  /** The requester's language (their confirmation mail's). */
  locale: Locale;
  location: LocationAccess;
  orderListId: string;
  idempotencyKey: string;
  form: OrderForm;
  destination: Destination;
  lines: OrderLine[];
}

/**
 * Stores the order request (kind order, status submitted) with its lines and its first history row; with an ERP, its
 * outbox message too (requests.erp.ts).
 */
export async function recordOrderRequest(tx: Tx, order: NewOrder) {
  const { form, destination, lines } = order;
  const values: NewRequest = {
    kind: 'order',
    status: 'submitted',
    locationId: order.location.locationId,
    userId: order.userId,
    orderListId: order.orderListId,
    idempotencyKey: order.idempotencyKey,
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
    addressName: destination.addressName,
    street: destination.street,
    postcode: destination.postcode,
    city: destination.city,
    contactPerson: form.contactPerson,
    phone: form.phone,
    reference: form.reference || null,
    comment: form.comment?.trim() || null,
    ...erpCodesFor(order.settings, { rush: form.rush, comment: form.comment ?? null }),
  };

  const newIds = new Map<string, string>();
  const rows: NewRequestLine[] = lines.map((l, i) => {
    const id = randomUUID();
    newIds.set(l.id, id);
    return {
      id,
      requestId: '',
      parentLineId: l.parentLineId ? (newIds.get(l.parentLineId) ?? null) : null,
      lineNo: i + 1,
      itemId: l.kind === 'item' ? l.itemId : null,
      setId: l.kind === 'set' ? l.setId : null,
      amount: l.amount,
      comment: l.comment,
    };
  });
  // One statement: the request, its lines (requestId filled in there) and the first history row, and what the
  // confirmation mail reads (docs/decisions/0011).
  const request = await insertRequestWithLines(
    tx,
    values,
    rows,
    order.userId,
    mailLocales(order.locale, order.settings),
  );
  await announceRequest(tx, request.id);
  await emitWebhookEvent(tx, 'request', 'request.submitted', request.id);
  return request;
}

export type { NewRequest };

/**
 * A new request of any kind (a removal, relocation or transport submit) with its lines (items, optionally one plant)
 * and its first history row, on the submit's transaction; with an ERP, its outbox message too (requests.erp.ts).
 */
export async function recordRequest(
  tx: Tx,
  values: NewRequest,
  lines: ReadonlyArray<Omit<NewRequestLine, 'requestId'>>,
  by: string,
): Promise<{ id: string; requestNo: string; createdAt: Date }> {
  const request = await insertRequest(tx, values, lines, by);
  await announceRequest(tx, request.id);
  await emitWebhookEvent(tx, 'request', 'request.submitted', request.id);
  return request;
}

export interface OrderConfirmation {
  settings: SettingsMap;
  /** As recordOrderRequest answers it: with what the mail reads. */
  request: { id: string; requestNo: string; confirmation: ConfirmationContext };
  location: LocationAccess;
  form: OrderForm;
  destination: Destination;
  lines: OrderLine[];
  items: Map<string, ItemInfo>;
  sets: Map<string, SetInfo>;
}

/**
 * The confirmation mails to the requester (in their language, prices as they may see them) and to the default
 * receiver of the settings; the submit queues them with its stored answer (idempotency.ts, decision 0011).
 */
export async function orderConfirmationMails(
  ctx: Ctx,
  tx: Tx,
  deps: SubmitDeps,
  c: OrderConfirmation,
): Promise<MailMessage[]> {
  const { settings: s, request, location, form, destination, lines, items, sets } = c;
  const depth = new Map<string, number>();
  const mailLines: MailLine[] = lines.map((l) => {
    const d = l.parentLineId ? (depth.get(l.parentLineId) ?? 0) + 1 : 0;
    depth.set(l.id, d);
    const item = l.itemId ? items.get(l.itemId) : undefined;
    const set = l.setId ? sets.get(l.setId) : undefined;
    return {
      ...mailLineOf(item, l.amount),
      ...(set ? { itemNo: set.setNo, description: set.description } : {}),
      depth: d,
    };
  });
  return confirmationMails(ctx, tx, deps, {
    settings: s,
    request,
    location,
    kind: 'order',
    facts: {
      date: form.deliveryDate,
      returnDate: form.expectedReturnDate ?? null,
      address: destination.label,
      contact: form.contactPerson,
      phone: form.phone,
      reference: form.reference ?? '',
      comment: form.comment?.trim() ?? '',
      rush: form.rush,
    },
    lines: mailLines,
    totalWeight: sumDecimal(
      lines
        .filter((l) => l.kind === 'item' && l.itemId)
        .map((l) => [l.amount, items.get(l.itemId as string)?.weight ?? null]),
    ),
    toDefaultReceiver: true,
    context: request.confirmation,
  });
}

/** A mail line of an item (or of nothing known: number and description empty). */
export function mailLineOf(item: ItemInfo | undefined, amount: number): MailLine {
  return {
    depth: 0,
    itemNo: item?.itemNo ?? '',
    description: item?.description ?? '',
    amount,
    rentalType: item?.rentalType ?? null,
    dayPrice: item?.dayPrice ?? null,
    weekPrice: item?.weekPrice ?? null,
    salePrice: item?.salePrice ?? null,
    weight: item?.weight ?? null,
  };
}

/** What a confirmation mail tells about any kind of request. */
export interface RequestConfirmation {
  settings: SettingsMap;
  request: { id: string; requestNo: string };
  location: LocationAccess;
  kind: RequestKind;
  facts: {
    date: string;
    returnDate: string | null;
    address: string;
    contact: string;
    phone: string;
    reference: string;
    comment: string;
    rush: boolean;
  };
  lines: MailLine[];
  /** More facts by translation key (a transport's cargo and windows); `day` is written in the reader's language before `text`. */
  extra?: Array<{ key: string; text: string; day?: string }>;
  totalWeight: string | null;
  /** Also to the settings' default receiver (OrderWizardDefaultReceiver), in the default language. */
  toDefaultReceiver: boolean;
  /** The contact and templates when they were read already, for mailLocales(ctx.locale, settings) (the order's). */
  context?: ConfirmationContext;
}

/** The languages a confirmation mail may be written in: the requester's, the default receiver's, the default. */
export function mailLocales(
  requester: Locale,
  s: Pick<SettingsMap, 'DefaultLanguage'>,
): [Locale, Locale, Locale] {
  return [requester, defaultReceiverLocaleOf(s), defaultLocale];
}

function defaultReceiverLocaleOf(s: Pick<SettingsMap, 'DefaultLanguage'>): Locale {
  return isLocale(s.DefaultLanguage) ? s.DefaultLanguage : defaultLocale;
}

/**
 * Queues a request's confirmation mail to the requester (in their language, prices as they may see them) and,
 * when asked, to the default receiver of the settings, on the submit's transaction (a rolled-back submit sends
 * nothing).
 */
export async function queueConfirmation(
  ctx: Ctx,
  tx: Tx,
  deps: SubmitDeps,
  c: RequestConfirmation,
): Promise<void> {
  // why: queued on the submit's transaction (outbox rows), so a rolled-back submit sends nothing.
  for (const msg of await confirmationMails(ctx, tx, deps, c))
    await deps.mailer.queue(msg, tx as unknown as Db);
}

/** The confirmation mails queueConfirmation queues (for a submit that queues them itself). */
async function confirmationMails(
  ctx: Ctx,
  tx: Tx,
  deps: SubmitDeps,
  c: RequestConfirmation,
): Promise<MailMessage[]> {
  const user = requireUser(ctx);
  const { settings: s, request, location, facts } = c;
  const defaultReceiverLocale = defaultReceiverLocaleOf(s);
  const { contact: requester, templates } =
    c.context ?? (await selectConfirmationContext(tx, user.id, mailLocales(ctx.locale, s)));
  const userSeesPrices =
    priceDisplay(
      { kind: user.kind, isAdmin: isAdmin({ user }), hasLocation: true },
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
  if (c.toDefaultReceiver && s.OrderWizardDefaultReceiver) {
    recipients.push({
      to: s.OrderWizardDefaultReceiver,
      locale: defaultReceiverLocale,
      prices: s.ToonPrijsInEmail,
    });
  }
  return recipients.map((r) =>
    renderOrderConfirmation(templates, {
      locale: r.locale,
      to: r.to,
      showPrices: r.prices,
      showWeights: s.ToonGewichtInEmail,
      customBody: s.OrderWizardEmailTemplate,
      values: {
        requestNo: request.requestNo,
        name: requester?.name ?? user.name,
        location: `${location.locationNo} - ${location.description}`,
        kind: translate(r.locale, kindKey[c.kind]),
        date: formatDay(r.locale, facts.date),
        returnDate: formatDay(r.locale, facts.returnDate),
        address: facts.address,
        contact: facts.contact,
        phone: facts.phone,
        reference: facts.reference,
        comment: facts.comment,
        rush: facts.rush,
        portal: s.CustomTitle.trim() || 'Materieelportaal',
        link: `${deps.publicUrl}/aanvragen/${request.id}`,
        totalWeight: c.totalWeight,
      },
      lines: c.lines,
      extra: (c.extra ?? []).map((e) => ({
        label: translate(r.locale, e.key),
        value: e.day ? `${formatDay(r.locale, e.day)}, ${e.text}` : e.text,
      })),
    }),
  );
}
