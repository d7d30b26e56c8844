import type { IdleDigestPreference, IdleEquipment } from '@mp/contract/api/idle';
import { calendarDayIn, daysBetween } from '@mp/contract/rules/order-dates';
import { sumDecimal } from '../../platform/decimal.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { priceDisplayFor } from '../catalogue/index.ts';
import { dailyCosts, projectEnd } from '../costs/index.ts';
import { idleStockLines } from '../stock/index.ts';
import { userOfUnsubscribeToken } from './idle.digest.ts';
import { selectDigestPreference, updateDigestPreference } from './idle.queries.ts';

/*
 * Idle equipment (issue #37 point 2, decision 0034): the lines of a location's stock that nothing moved for
 * Materieelvoorraad_StilstandDagen days (the stock module computes the rule per line), with what returning them
 * today would save until the project's end (the cost model's rate per day, decision 0033).
 */

/** GET IdleEquipment/{plantLocation}: the idle lines and the saving (requireAccess in idleStockLines). */
export async function idleEquipment(ctx: Ctx, locationNo: string): Promise<IdleEquipment> {
  const { location, lines, idleAfterDays, canRemove, dueBeforeEnd } = await idleStockLines(ctx, locationNo);
  // a figure in euros only for whom the catalogue shows prices (product §6)
  const pricesShown = (await priceDisplayFor(ctx, true)) === 'show';
  const [rates, end] = await Promise.all([
    pricesShown && lines.length
      ? dailyCosts(
          ctx.db,
          location.locationId,
          lines.map((l) => ({ itemNo: l.itemNo, plantNo: l.plantNo, amount: l.quantity })),
          ctx.now,
        )
      : Promise.resolve([]),
    projectEnd(ctx.db, location.locationId),
  ]);
  const perDay = sumDecimal(
    rates.map((r) => [1, r.perDay]),
    2,
  );
  const day = calendarDayIn(ctx.now);
  const endDay = end ? end.toISOString().slice(0, 10) : null;
  // returned today, today is still charged (decision 0033): the days after it up to the end are saved
  const daysLeft = endDay ? Math.max(0, daysBetween(day, endDay)) : null;
  return {
    locationNo: location.locationNo,
    idleAfterDays,
    lines: lines.map((l) => ({
      itemNo: l.itemNo,
      description: l.description,
      plantNo: l.plantNo,
      quantity: l.quantity,
      idleSince: l.idleSince ?? day,
      idleDays: l.idleDays ?? 0,
      availableForRemoval: l.availableForRemoval,
    })),
    pieces: lines.reduce((n, l) => n + l.quantity, 0),
    fewestDays: lines.length ? Math.min(...lines.map((l) => l.idleDays ?? 0)) : null,
    projectEnd: endDay,
    pricesShown,
    perDay: pricesShown ? (perDay ?? '0.00') : null,
    saving: !pricesShown || daysLeft === null ? null : (sumDecimal([[daysLeft, perDay ?? '0']], 2) ?? '0.00'),
    canRemove,
    inspectionsDue: dueBeforeEnd.map((l) => ({
      itemNo: l.itemNo,
      description: l.description,
      plantNo: l.plantNo ?? '',
      nextInspection: l.nextInspection ?? '',
    })),
  };
}

/** GET Users/me/idle-digest: whether the caller gets the weekly digest. */
export async function idleDigestPreference(ctx: Ctx): Promise<IdleDigestPreference> {
  const user = requireUser(ctx);
  return { enabled: await selectDigestPreference(ctx.db, user.id) };
}

/** PUT Users/me/idle-digest: the caller turns the weekly digest on or off (their own preference only). */
export async function setIdleDigestPreference(ctx: Ctx, enabled: boolean): Promise<IdleDigestPreference> {
  const user = requireUser(ctx);
  await updateDigestPreference(ctx.db, user.id, enabled);
  return { enabled };
}

/** POST IdleDigest/unsubscribe: the mail's signed link turns the digest off, without signing in. */
export async function unsubscribeIdleDigest(ctx: Ctx, secret: Uint8Array, token: string): Promise<void> {
  const userId = await userOfUnsubscribeToken(secret, token);
  if (!(await updateDigestPreference(ctx.db, userId, false)))
    throw new AppError('invalid', 'Stilstand.afmelden_ongeldig');
}
