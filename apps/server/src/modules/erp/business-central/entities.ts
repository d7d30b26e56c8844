import { isLocale, type Locale } from '@mp/contract/i18n/locales';
import type { ErpEntity, LocaleTextMap, SyncedEntity } from '../erp.port.ts';
import { rentalEntityDefs } from './entities.rental.ts';
import { salesEntityDefs } from './entities.sales.ts';
import type { EntityDef } from './entity-def.ts';
import { bool, date, int, money, type Raw, str, text } from './values.ts';

export type { EntityDef } from './entity-def.ts';

/*
 * Where each synced entity lives in Business Central and how a record becomes the portal's (docs/erp/
 * business-central.md §9–§10: the field tables there are the mapping). BC gives an unset field as its empty value
 * ('', 0, '0001-01-01'): a price, weight or interval of 0 and an empty text become the portal's null.
 */

const languageLocales: Record<string, Locale> = {
  NLD: 'nl-NL',
  ENU: 'en-US',
  FRA: 'fr-FR',
  DEU: 'de-DE',
};
/** The portal's locale of a translation row: its `locale`, else its BC language code; null for another language. */
const localeOf = (r: Raw): Locale | null => {
  const l = str(r.locale);
  if (isLocale(l)) return l;
  return languageLocales[str(r.languageCode).toUpperCase()] ?? null;
};

const rentalTypes = { Rental: 'Verhuur', Sale: 'Verkoop', SaleBuyBack: 'Verkoop_Terugkoop' } as const;
const techKinds = { Heading: 'label', Text: 'text', Boolean: 'boolean', Number: 'number' } as const;
const inspectionResults = {
  Approved: 'approved',
  ApprovedWithRemarks: 'approved_with_remarks',
  Rejected: 'rejected',
} as const;

function texts(nl: unknown, en: unknown, fr: unknown, de: unknown): LocaleTextMap {
  const out: LocaleTextMap = {};
  for (const [locale, v] of [
    ['nl-NL', nl],
    ['en-US', en],
    ['fr-FR', fr],
    ['de-DE', de],
  ] as const) {
    const t = text(v);
    if (t) out[locale] = t;
  }
  return out;
}

export const entityDefs: { [E in SyncedEntity]: EntityDef<E> } = {
  ...rentalEntityDefs,
  ...salesEntityDefs,
  categories: {
    api: 'rental',
    set: 'rentalCategories',
    select: ['id', 'code', 'parentCode', 'itemFilter', 'sortOrder'],
    map: (r) => ({
      erpId: str(r.id),
      code: str(r.code),
      parentCode: str(r.parentCode),
      navisionFilter: text(r.itemFilter),
      sort: int(r.sortOrder),
    }),
  },
  categoryTranslations: {
    api: 'rental',
    set: 'categoryTranslations',
    select: ['id', 'categoryCode', 'languageCode', 'locale', 'displayName'],
    map: (r) => {
      const locale = localeOf(r);
      return locale
        ? { erpId: str(r.id), categoryCode: str(r.categoryCode), locale, name: str(r.displayName) }
        : null;
    },
  },
  items: {
    api: 'standard',
    set: 'items',
    select: ['id', 'number', 'displayName', 'itemCategoryCode', 'blocked'],
    map: (r) => ({
      erpId: str(r.id),
      itemNo: str(r.number),
      description: str(r.displayName) || str(r.number),
      categoryCode: str(r.itemCategoryCode),
      blocked: bool(r.blocked),
    }),
  },
  rentalItems: {
    api: 'rental',
    set: 'rentalItems',
    select: [
      'id',
      'itemNumber',
      'rentalType',
      'rentalUnit',
      'dayPrice',
      'weekPrice',
      'salePrice',
      'buyBackPrice',
      'weight',
      'numbered',
      'inspectionIntervalMonths',
      'searchable',
      'visibleInCatalogue',
      'sortOrder',
    ],
    map: (r) => ({
      erpId: str(r.id),
      itemNo: str(r.itemNumber),
      rentalType: rentalTypes[str(r.rentalType) as keyof typeof rentalTypes] ?? 'Verhuur',
      rentalUnit: str(r.rentalUnit) || 'stuk',
      dayPrice: money(r.dayPrice),
      weekPrice: money(r.weekPrice),
      salePrice: money(r.salePrice),
      buyBackPrice: money(r.buyBackPrice),
      weight: money(r.weight),
      numbered: bool(r.numbered),
      inspectionIntervalMonths: int(r.inspectionIntervalMonths) || null,
      searchable: r.searchable !== false,
      visibleInCatalogue: r.visibleInCatalogue !== false,
      sort: int(r.sortOrder),
    }),
  },
  itemTranslations: {
    api: 'rental',
    set: 'itemTranslations',
    select: ['id', 'itemNumber', 'languageCode', 'locale', 'description', 'longDescription'],
    map: (r) => {
      const locale = localeOf(r);
      return locale
        ? {
            erpId: str(r.id),
            itemNo: str(r.itemNumber),
            locale,
            description: str(r.description),
            longDescription: text(r.longDescription),
          }
        : null;
    },
  },
  technicalAttributes: {
    api: 'rental',
    set: 'technicalAttributes',
    select: [
      'id',
      'code',
      'kind',
      'unit',
      'labelNL',
      'labelEN',
      'labelFR',
      'labelDE',
      'filterable',
      'sortOrder',
    ],
    map: (r) => {
      const label = texts(r.labelNL, r.labelEN, r.labelFR, r.labelDE);
      return {
        erpId: str(r.id),
        code: str(r.code),
        kind: techKinds[str(r.kind) as keyof typeof techKinds] ?? 'text',
        unit: text(r.unit),
        label: label['nl-NL'] ? label : { ...label, 'nl-NL': str(r.code) },
        filterable: bool(r.filterable),
        sort: int(r.sortOrder),
      };
    },
  },
  itemTechnicalData: {
    api: 'rental',
    set: 'itemTechnicalData',
    select: [
      'id',
      'itemNumber',
      'attributeCode',
      'sortOrder',
      'booleanValue',
      'numberValue',
      'textNL',
      'textEN',
      'textFR',
      'textDE',
    ],
    map: (r) => {
      const textValue = texts(r.textNL, r.textEN, r.textFR, r.textDE);
      return {
        erpId: str(r.id),
        itemNo: str(r.itemNumber),
        attributeCode: str(r.attributeCode),
        sort: int(r.sortOrder),
        booleanValue: typeof r.booleanValue === 'boolean' ? r.booleanValue : null,
        numberValue: typeof r.numberValue === 'number' ? String(r.numberValue) : null,
        textValue: Object.keys(textValue).length ? textValue : null,
      };
    },
  },
  itemImages: {
    api: 'standard',
    set: 'items',
    select: ['id', 'number'],
    map: (r) => ({ erpId: str(r.id), itemNo: str(r.number) }),
  },
  customers: {
    api: 'standard',
    set: 'customers',
    select: [
      'id',
      'number',
      'displayName',
      'addressLine1',
      'postalCode',
      'city',
      'country',
      'phoneNumber',
      'email',
      'taxRegistrationNumber',
      'blocked',
    ],
    map: (r) => ({
      erpId: str(r.id),
      customerNo: str(r.number),
      name: str(r.displayName) || str(r.number),
      street: text(r.addressLine1),
      postcode: text(r.postalCode),
      city: text(r.city),
      country: text(r.country) ?? 'NL',
      phone: text(r.phoneNumber),
      email: text(r.email),
      vatNo: text(r.taxRegistrationNumber),
      // BC: ' ' (not blocked), Ship, Invoice, All.
      blocked: str(r.blocked).trim() !== '',
    }),
  },
  projectLocations: {
    api: 'rental',
    set: 'projectLocations',
    select: [
      'id',
      'number',
      'customerNumber',
      'description',
      'description2',
      'projectNumber',
      'blocked',
      'addressLine1',
      'postalCode',
      'city',
      'country',
      'startDate',
      'endDate',
    ],
    map: (r) => ({
      erpId: str(r.id),
      locationNo: str(r.number),
      customerNo: str(r.customerNumber),
      description: str(r.description) || str(r.number),
      description2: text(r.description2),
      projectNumber: text(r.projectNumber),
      blocked: bool(r.blocked),
      street: text(r.addressLine1),
      postcode: text(r.postalCode),
      city: text(r.city),
      country: text(r.country) ?? 'NL',
      startDate: date(r.startDate),
      endDate: date(r.endDate),
    }),
  },
  inspections: {
    api: 'rental',
    set: 'inspections',
    select: ['id', 'plantNumber', 'inspectionDate', 'result', 'nextInspectionDate', 'inspector', 'remarks'],
    map: (r) => {
      const inspectedOn = date(r.inspectionDate);
      const nextDueDate = date(r.nextInspectionDate);
      const result = inspectionResults[str(r.result) as keyof typeof inspectionResults];
      if (!inspectedOn || !nextDueDate || !result) return null;
      return {
        erpId: str(r.id),
        plantNo: str(r.plantNumber),
        inspectedOn,
        result,
        nextDueDate,
        inspector: text(r.inspector),
        remarks: text(r.remarks),
      };
    },
  },
  deletions: {
    api: 'rental',
    set: 'deletedRecords',
    select: ['id', 'entityName', 'systemId'],
    map: (r) => {
      const entity = deletedEntityOf[str(r.entityName)];
      return entity ? { entity, erpId: str(r.systemId) } : null;
    },
  },
};

/** A deleted record's entity set in BC → the portal's entity (others are not synced: nothing to delete). */
const deletedEntityOf: Record<string, ErpEntity> = {
  items: 'items',
  rentalItems: 'items',
  itemCategories: 'categories',
  rentalCategories: 'categories',
  categoryTranslations: 'categoryTranslations',
  itemTranslations: 'itemTranslations',
  technicalAttributes: 'technicalAttributes',
  itemTechnicalData: 'itemTechnicalData',
  customers: 'customers',
  projectLocations: 'projectLocations',
  inspections: 'inspections',
  locations: 'depots',
  workAddresses: 'workAddresses',
  itemLinks: 'itemLinks',
  plants: 'plants',
  stockOnSite: 'stockOnSite',
  portalUsers: 'users',
  salesInvoices: 'salesInvoices',
  salesCreditMemos: 'salesCreditMemos',
};
