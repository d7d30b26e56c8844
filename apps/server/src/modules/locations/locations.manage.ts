import {
  type LocationNoCheck,
  NEW_LOCATION_NO,
  type NewPlantLocationInput,
} from '@mp/contract/api/locations';
import { defaultLocale, isLocale, type Locale } from '@mp/contract/i18n';
import { isRentalStaff } from '@mp/contract/permissions';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { ruleOn } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { type IdempotentAnswer, withIdempotency } from '../../platform/http/idempotency.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { renderMail } from '../../platform/mail/templates.ts';
import type { SettingsMap } from '../../platform/settings.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import {
  insertLocation,
  locationNoTaken,
  selectCustomerByNo,
  selectCustomersFor,
  selectDepartmentReceivers,
} from './locations.manage.queries.ts';

/*
 * Creating and deregistering locations (issue #14 parts 1 and 3, decision 0023). Who may create: the rental
 * company's staff (admins, internal users without a customer: isRentalStaff) for any customer; anyone else holding
 * AppNieuweLocatieAanmaken (a customer's internal user, an external key user it was granted to) only for its own
 * customer — another customer answers like an unknown one (issue #31 item 4).
 */

export interface MailDeps {
  mailer: Mailer;
  publicUrl: string;
}

/** Whether the caller may create locations for every customer (else only for its own): the rental company's staff. */
function createsForAll(ctx: Ctx): boolean {
  return isRentalStaff({ user: requireUser(ctx) });
}

/** The customers the caller may create a location for (legacy LocatieAanmaken/GebruikerKlanten). */
export async function listCreatableCustomers(ctx: Ctx) {
  await requireAccess(ctx, { permission: 'area.write', area: 'AppNieuweLocatieAanmaken' });
  const user = requireUser(ctx);
  return selectCustomersFor(ctx.db, createsForAll(ctx) ? 'all' : user.customerId);
}

/** Format first, then uniqueness (a deregistered location keeps its number). */
export async function checkNewLocationNo(ctx: Ctx, raw: string): Promise<LocationNoCheck> {
  await requireAccess(ctx, { permission: 'area.write', area: 'AppNieuweLocatieAanmaken' });
  const locationNo = raw.trim();
  if (!NEW_LOCATION_NO.test(locationNo))
    return { locationNo, valid: false, code: 'Locatie.aanmaken.nummer_formaat' };
  if (await locationNoTaken(ctx.db, locationNo))
    return { locationNo, valid: false, code: 'Locatie.aanmaken.nummer_bestaat' };
  return { locationNo, valid: true, code: null };
}

/**
 * POST PlantLocations: the location, the creator's membership (role user) and, with a street and city, its default
 * work address (code HOOFD, so the order wizard can deliver there) in one transaction, behind the idempotency key.
 */
export async function createLocation(
  ctx: Ctx,
  input: NewPlantLocationInput,
  key: string,
): Promise<IdempotentAnswer<null>> {
  await requireAccess(ctx, { permission: 'area.write', area: 'AppNieuweLocatieAanmaken' });
  const user = requireUser(ctx);
  return withIdempotency(ctx, { key, scope: 'plant-location:create', body: input }, async (tx) => {
    const db = tx as unknown as Db;
    const customer = await selectCustomerByNo(db, input.customerNo);
    if (!customer || (!createsForAll(ctx) && customer.id !== user.customerId))
      throw ruleOn('customerNo', 'Locatie.aanmaken.klant_onbekend');
    if (customer.blocked) throw ruleOn('customerNo', 'Locatie.aanmaken.klant_geblokkeerd');
    if (await locationNoTaken(db, input.locationNo))
      throw ruleOn('locationNo', 'Locatie.aanmaken.nummer_bestaat');
    const id = await insertLocation(db, { ...input, customerId: customer.id, userId: user.id });
    await emitWebhookEvent(db, 'location', 'location.registered', id);
    return { status: 201, body: null };
  });
}

export const localeOf = (language: string | null | undefined, s: SettingsMap): Locale =>
  isLocale(language) ? language : isLocale(s.DefaultLanguage) ? s.DefaultLanguage : defaultLocale;

/** A mail to the department's people and OrderWizardDefaultReceiver, each in its language, queued on the transaction. */
// why: the mail's closing line signs with {{portal}}; without it the reader sees "The team of "
const portalOf = (s: SettingsMap) => String(s.CustomTitle ?? '').trim() || 'Materieelportaal';

export async function queueDepartmentMail(
  db: Db,
  deps: MailDeps,
  s: SettingsMap,
  type: 'UnsubscribePlantLocation' | 'NewPlantLocationRequest',
  values: Record<string, string>,
): Promise<void> {
  const receivers = (await selectDepartmentReceivers(db)).map((p) => ({
    to: p.email,
    locale: localeOf(p.language, s),
  }));
  const shared = String(s.OrderWizardDefaultReceiver ?? '').trim();
  if (shared && !receivers.some((r) => r.to.toLowerCase() === shared.toLowerCase()))
    receivers.push({ to: shared, locale: localeOf(null, s) });
  for (const r of receivers) {
    const rendered = await renderMail(db, type, r.locale, { portal: portalOf(s), ...values });
    await deps.mailer.queue({ type, locale: r.locale, to: r.to, ...rendered }, db);
  }
}
