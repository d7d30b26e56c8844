import type { EntityDef } from './entity-def.ts';
import { bool, date, int, str, text } from './values.ts';

/*
 * The depots, work addresses, item links, plants and stock on site (issue #33 point 2, decision 0027): where each
 * lives in Business Central and how a record becomes the portal's (docs/erp/business-central.md §9 `locations`,
 * §10 `workAddresses`, `itemLinks`, `plants`, `stockOnSite`). Registered in entities.ts.
 */

const plantStatuses = { InService: 'in_service', InRepair: 'in_repair', Retired: 'retired' } as const;
const linkKinds = { Accessory: 'accessory', OrderTip: 'order_tip' } as const;

export const rentalEntityDefs: {
  depots: EntityDef<'depots'>;
  workAddresses: EntityDef<'workAddresses'>;
  itemLinks: EntityDef<'itemLinks'>;
  plants: EntityDef<'plants'>;
  stockOnSite: EntityDef<'stockOnSite'>;
} = {
  depots: {
    api: 'standard',
    set: 'locations',
    select: ['id', 'code', 'displayName', 'addressLine1', 'postalCode', 'city', 'phoneNumber', 'email'],
    map: (r) => ({
      erpId: str(r.id),
      depotNo: str(r.code),
      name: str(r.displayName) || str(r.code),
      street: text(r.addressLine1),
      postcode: text(r.postalCode),
      city: text(r.city),
      phone: text(r.phoneNumber),
      email: text(r.email),
    }),
  },
  workAddresses: {
    api: 'rental',
    set: 'workAddresses',
    select: [
      'id',
      'projectLocationNumber',
      'code',
      'name',
      'addressLine1',
      'postalCode',
      'city',
      'country',
      'contact',
      'phoneNumber',
      'isDefault',
    ],
    map: (r) => ({
      erpId: str(r.id),
      locationNo: str(r.projectLocationNumber),
      code: str(r.code),
      name: str(r.name) || str(r.code),
      // the portal's street and city are required: BC's empty text stays empty
      street: str(r.addressLine1).trim(),
      postcode: text(r.postalCode),
      city: str(r.city).trim(),
      country: text(r.country) ?? 'NL',
      contactPerson: text(r.contact),
      phone: text(r.phoneNumber),
      isDefault: bool(r.isDefault),
    }),
  },
  itemLinks: {
    api: 'rental',
    set: 'itemLinks',
    select: ['id', 'itemNumber', 'kind', 'linkedItemNumber', 'quantity', 'sortOrder'],
    map: (r) => {
      const kind = linkKinds[str(r.kind) as keyof typeof linkKinds];
      return kind
        ? {
            erpId: str(r.id),
            itemNo: str(r.itemNumber),
            kind,
            linkedItemNo: str(r.linkedItemNumber),
            amount: Math.max(1, int(r.quantity)),
            sort: int(r.sortOrder),
          }
        : null;
    },
  },
  plants: {
    api: 'rental',
    set: 'plants',
    select: [
      'id',
      'number',
      'itemNumber',
      'serialNumber',
      'buildYear',
      'status',
      'external',
      'projectLocationNumber',
      'locationCode',
    ],
    map: (r) => ({
      erpId: str(r.id),
      plantNo: str(r.number),
      itemNo: str(r.itemNumber),
      serialNo: text(r.serialNumber),
      buildYear: int(r.buildYear) || null,
      status: plantStatuses[str(r.status) as keyof typeof plantStatuses] ?? 'in_service',
      external: bool(r.external),
      locationNo: str(r.projectLocationNumber),
      // on a project location it is not at a depot as well (the portal's plant stands on one place)
      depotNo: str(r.projectLocationNumber) ? '' : str(r.locationCode),
    }),
  },
  stockOnSite: {
    api: 'rental',
    set: 'stockOnSite',
    select: ['id', 'projectLocationNumber', 'itemNumber', 'plantNumber', 'quantity', 'lastMovementDate'],
    map: (r) => {
      // the portal counts whole pieces; a plant is one
      const quantity = Math.max(0, Math.round(typeof r.quantity === 'number' ? r.quantity : 0));
      return {
        erpId: str(r.id),
        locationNo: str(r.projectLocationNumber),
        itemNo: str(r.itemNumber),
        plantNo: str(r.plantNumber),
        quantity: str(r.plantNumber) ? Math.min(quantity, 1) : quantity,
        lastMovementDate: date(r.lastMovementDate),
      };
    },
  },
};
