import type { DeregisterInput, DeregistrationInfo, DeregistrationResult } from '@mp/contract/api/locations';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import {
  deregistrationState,
  type LocationMailDeps as MailDeps,
  queueDepartmentMail,
  recordDeregistration,
} from '../modules/locations/index.ts';
import { addRemovalLines } from '../modules/removal-lists/index.ts';
import { requireAccess } from '../platform/auth/access.ts';
import type { Db } from '../platform/db/database.ts';
import { ruleOn } from '../platform/errors.ts';
import { type Ctx, requireUser } from '../platform/http/context.ts';
import { onTx } from '../platform/http/idempotency.ts';

/*
 * Deregistering a location (LocatieAfmelden, issue #14 part 3, decision 0023): a workflow because "put all that is
 * left on the removal list" composes the locations and the removal lists. The stock ledger closes a pending
 * location when its stock reaches zero (modules/stock/stock.ledger.ts).
 */

/** What the deregistration form shows for a location the caller may write on. */
export async function deregistrationInfo(ctx: Ctx, locationNo: string): Promise<DeregistrationInfo> {
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppLocatieAfmelden',
    locationNo,
  });
  const s = await ctx.settings();
  const stock = await deregistrationState(ctx.db, location.locationId, {
    ignoreSale: !!s.LocatieAfmelden_DisableCheckSellItems,
  });
  return {
    locationNo: location.locationNo,
    stockLines: stock.lines,
    blockedByStock: !!s.LocatieAfmelden_MaterieelCheck && stock.lines > 0,
    buyOffOffered: !!s.LocatieAfmelden_AfkoopSom,
    deregistrationPending: stock.pending,
  };
}

/**
 * Deregisters a location (LocatieAfmelden). With LocatieAfmelden_MaterieelCheck it is refused (422
 * Locatie.afmelden.nog_voorraad) while stock remains, unless removeRemaining: then everything on site goes onto the
 * caller's removal list and the location is pending — closed by the stock ledger in the transaction that takes its
 * last stock away. The department is mailed (UnsubscribePlantLocation) in the same transaction.
 */
export async function deregisterLocation(
  ctx: Ctx,
  mail: MailDeps,
  locationNo: string,
  input: DeregisterInput,
): Promise<DeregistrationResult> {
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppLocatieAfmelden',
    locationNo,
  });
  const user = requireUser(ctx);
  const s = await ctx.settings();
  if (input.date < calendarDayIn(ctx.now)) throw ruleOn('date', 'Locatie.afmelden.datum_verleden');
  if (input.buyOff && !s.LocatieAfmelden_AfkoopSom) throw ruleOn('buyOff', 'Locatie.afmelden.afkoopsom_uit');
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const stock = await deregistrationState(db, location.locationId, {
      ignoreSale: !!s.LocatieAfmelden_DisableCheckSellItems,
      lock: true,
    });
    if (stock.pending) throw ruleOn('plantLocation', 'Locatie.afmelden.al_afgemeld');
    const allStock = await deregistrationState(db, location.locationId, { ignoreSale: false });
    let state: DeregistrationResult['state'] = 'deregistered';
    if (input.removeRemaining && allStock.lines > 0) {
      // why: a savepoint inside this transaction; a refusal of the removal list (e.g. bulk returns off) undoes all
      await addRemovalLines(onTx(ctx, tx), location.locationNo, { all: true });
      state = 'pending';
    } else if (s.LocatieAfmelden_MaterieelCheck && stock.lines > 0) {
      throw ruleOn('plantLocation', 'Locatie.afmelden.nog_voorraad', { count: stock.lines });
    }
    await recordDeregistration(db, location.locationId, {
      now: ctx.now,
      pending: state === 'pending',
      buyOff: !!input.buyOff,
    });
    await queueDepartmentMail(db, mail, s, 'UnsubscribePlantLocation', {
      name: user.name ?? user.email,
      location: `${location.locationNo} ${location.description}`.trim(),
      date: input.date,
      count: String(allStock.lines),
      comment: [input.comment ?? '', input.buyOff ? '(afkoopsom / buy-off)' : ''].filter(Boolean).join(' '),
      link: `${mail.publicUrl}/locatie`,
    });
    return { locationNo: location.locationNo, state };
  });
}
