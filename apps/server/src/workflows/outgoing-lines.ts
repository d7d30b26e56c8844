import { availableForRemoval } from '@mp/contract/rules/stock';
import { listWorkAddresses } from '../modules/locations/index.ts';
import { type RemovalListLine, takeRemovalList } from '../modules/removal-lists/index.ts';
import { lockOnSite } from '../modules/stock/index.ts';
import { AppError, fieldErrors } from '../platform/errors.ts';
import type { Ctx } from '../platform/http/context.ts';
import type { Tx } from '../platform/http/idempotency.ts';

/**
 * The caller's removal list on the location as a removal or relocation takes it, in the submit's transaction:
 * the stock rows of its items locked first (decision 0014's order: every amount writer locks them before it
 * reads), then the list read again and every amount checked against what is on site minus what open removals
 * and relocations of the location already take. An empty list is 422 error.afvoerlijst_leeg; a line that no
 * longer fits 409 error.afvoer_conflict naming the item — so two users sending off the last piece at the same
 * moment take turns and the second is told which piece.
 */
export async function takeOutgoingLines(
  tx: Tx,
  userId: string,
  locationId: string,
): Promise<RemovalListLine[]> {
  const listed = await takeRemovalList(tx, userId, locationId);
  if (listed.length === 0) throw new AppError('rule', 'error.afvoerlijst_leeg');
  const itemIds = [...new Set(listed.map((l) => l.itemId))];
  const onSite = await lockOnSite(tx, locationId, itemIds);
  const lines = await takeRemovalList(tx, userId, locationId);
  if (lines.length === 0) throw new AppError('rule', 'error.afvoerlijst_leeg');
  for (const l of lines) {
    const row = onSite.find((r) => r.itemId === l.itemId && r.plantId === l.plantId);
    // On site minus what open removals and relocations already take (other users' lists do not count here).
    const available = availableForRemoval(row?.quantity ?? 0, 0, false, row?.leaving ?? 0);
    if (l.returnAmount > available) {
      throw new AppError('conflict', 'error.afvoer_conflict', {
        details: { itemNo: l.itemNo, plantNo: l.plantNo, available, lineId: l.lineId },
        params: { itemNo: l.plantNo ? `${l.itemNo} ${l.plantNo}` : l.itemNo, available },
      });
    }
  }
  return lines;
}

/** An address of a removal or relocation: a work address of a location (by code) or the typed one. */
export interface ChosenAddress {
  workAddressId: string | null;
  /** A depot offered among the addresses (DepotWerkAdresen_TonenEnGebruiken). */
  depotId: string | null;
  addressCode: string | null;
  addressName: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  /** For the mail. */
  label: string;
}

const place = (parts: Array<string | null | undefined>) => parts.filter(Boolean).join(', ');

/**
 * The address the form names: work address `addressCode` of the location (400 naming `field` when the location
 * has no such address), else the typed street, postcode and city.
 */
export async function chosenAddress(
  ctx: Ctx,
  locationNo: string,
  form: { addressCode?: string; street?: string; postcode?: string; city?: string },
  field = 'addressCode',
): Promise<ChosenAddress> {
  if (!form.addressCode) {
    return {
      workAddressId: null,
      depotId: null,
      addressCode: null,
      addressName: null,
      street: form.street ?? null,
      postcode: form.postcode || null,
      city: form.city ?? null,
      label: place([form.street, place([form.postcode, form.city])]),
    };
  }
  const address = (await listWorkAddresses(ctx, locationNo)).find((a) => a.code === form.addressCode);
  if (!address)
    throw fieldErrors('invalid', 'error.ongeldige_invoer', { [field]: 'validation.onbekende_waarde' });
  return {
    // a depot offered among the addresses (DepotWerkAdresen_TonenEnGebruiken) is no work address of the location
    workAddressId: address.kind === 'depot' ? null : address.id,
    depotId: address.kind === 'depot' ? address.id : null,
    addressCode: address.code,
    addressName: address.name || null,
    street: address.street,
    postcode: address.postcode,
    city: address.city,
    label: place([address.name, address.street, place([address.postcode, address.city])]),
  };
}

/** How a request stores the address as its destination ('to'): kind, and the work address or depot it names. */
export function destinationOf(a: ChosenAddress) {
  return {
    destinationKind: a.depotId ? 'depot' : a.workAddressId ? 'work_address' : 'other_address',
    workAddressId: a.workAddressId,
    depotId: a.depotId,
  } as const;
}
