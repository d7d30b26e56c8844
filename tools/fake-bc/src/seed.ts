import { buildCatalogue } from '../../../apps/server/src/seed/build-catalogue.ts';
import type { Shape } from '../../../apps/server/src/seed/catalogue-data.ts';
import { addDays, nextWorkday, todayUtc } from '../../../apps/server/src/seed/dates.ts';
import { addPlantRecords } from '../../../apps/server/src/seed/extras-plants.ts';
import type { ExtrasResult, ExtrasState } from '../../../apps/server/src/seed/extras-state.ts';
import {
  customerSpecs,
  depotSpecs,
  locationSpecs,
  userSpecs,
} from '../../../apps/server/src/seed/org-data.ts';
import { Rng, stableId } from '../../../apps/server/src/seed/random.ts';
import { type OrgLocation, simulate } from '../../../apps/server/src/seed/simulate.ts';
import { languages } from './entities-rental.ts';
import { day, num, seedDocuments, seedRequests } from './seed-history.ts';
import type { Store } from './store.ts';

/**
 * The demo company, from the portal's own demo generator (apps/server/src/seed: the catalogue of
 * buildCatalogue(scale), the organisation of org-data.ts, and the simulated history: plants, stock on site,
 * inspections, invoices and credit memos, requests), so the fake and `npm start`'s demo data name the same items,
 * customers, locations, plants and documents with the same ids. The history is simulated at `historyScale`
 * (default 1: the demo's; scale 100 of the catalogue is for the sync benchmark).
 */

export interface SeedOptions {
  scale: number;
  historyScale: number;
}

/**
 * seed/index.ts's seed of the demo's random sequence ('MP26') and its DEMO_REFERENCE_DATE: the same two play the same
 * history. Repeated here because importing seed/index.ts loads the database layer (2 s); seed.test.ts checks they
 * match.
 */
export const DEMO_SEED = 0x4d503236;
export const DEMO_REFERENCE_DATE = '2026-11-16';

const rentalTypes: Record<string, string> = {
  Verhuur: 'Rental',
  Verkoop: 'Sale',
  Verkoop_Terugkoop: 'SaleBuyBack',
};
const techKinds: Record<string, string> = {
  label: 'Heading',
  text: 'Text',
  boolean: 'Boolean',
  number: 'Number',
};
const inspectionResults: Record<string, string> = {
  approved: 'Approved',
  approved_with_remarks: 'ApprovedWithRemarks',
  rejected: 'Rejected',
};
const languageOf = (locale: string) => languages.find((l) => l.locale === locale)!.languageCode;

/** What an item's picture is drawn from (the demo's generated pictures, seed/images.ts). */
export interface PictureSpec {
  shape: Shape;
  colour: string;
  title: string;
  caption: string;
}

export interface Seeded {
  counts: Record<string, number>;
  pictures: Map<string, PictureSpec>;
}

export function seedStore(store: Store, options: SeedOptions): Seeded {
  store.clear();
  const at = store.clock.stamp();
  const put = (set: string, data: Record<string, unknown>) => {
    if ('lastModifiedDateTime' in store.collection(set).def.fields) data.lastModifiedDateTime = at;
    store.load(set, data);
  };
  const ref = DEMO_REFERENCE_DATE;

  // ── Catalogue ──────────────────────────────────────────────────────────────────────────────
  const catalogue = buildCatalogue(options.scale);
  const categoryCode = new Map(catalogue.categories.map((c) => [c.id!, c.code]));
  const categoryName = new Map<string, string>();
  for (const t of catalogue.categoryTranslations)
    if (t.locale === 'nl-NL') categoryName.set(t.categoryId, t.name);
  for (const c of catalogue.categories) {
    put('itemCategories', { id: c.id, code: c.code, displayName: categoryName.get(c.id!) ?? c.code });
    put('rentalCategories', {
      id: c.id,
      code: c.code,
      parentCode: c.parentId ? categoryCode.get(c.parentId) : '',
      itemFilter: c.navisionFilter ?? '',
      sortOrder: c.sort ?? 0,
    });
  }
  for (const t of catalogue.categoryTranslations) {
    const code = categoryCode.get(t.categoryId)!;
    put('categoryTranslations', {
      id: stableId('bc-category-translation', `${code}:${t.locale}`),
      categoryId: t.categoryId,
      categoryCode: code,
      languageCode: languageOf(t.locale),
      locale: t.locale,
      displayName: t.name,
    });
  }
  const attributeCode = new Map<string, string>();
  for (const a of catalogue.techAttributes) {
    attributeCode.set(a.id!, a.code);
    put('technicalAttributes', {
      id: a.id,
      code: a.code,
      kind: techKinds[a.kind],
      unit: a.unit ?? '',
      labelNL: a.label['nl-NL'] ?? '',
      labelEN: a.label['en-US'] ?? '',
      labelFR: a.label['fr-FR'] ?? '',
      labelDE: a.label['de-DE'] ?? '',
      filterable: a.filterable ?? false,
      sortOrder: a.sort ?? 0,
    });
  }
  const itemNo = new Map(catalogue.items.map((i) => [i.id!, i.itemNo]));
  const dutch = new Map<string, string>();
  for (const t of catalogue.itemTranslations) {
    if (t.locale === 'nl-NL') dutch.set(t.itemId, t.description);
    const no = itemNo.get(t.itemId)!;
    put('itemTranslations', {
      id: stableId('bc-item-translation', `${no}:${t.locale}`),
      itemId: t.itemId,
      itemNumber: no,
      languageCode: languageOf(t.locale),
      locale: t.locale,
      description: t.description,
      longDescription: t.longDescription ?? '',
    });
  }
  for (const i of catalogue.items) {
    const code = i.categoryId ? categoryCode.get(i.categoryId) : '';
    put('items', {
      id: i.id,
      number: i.itemNo,
      displayName: dutch.get(i.id!) ?? i.itemNo,
      type: 'Inventory',
      itemCategoryId: i.categoryId ?? '',
      itemCategoryCode: code ?? '',
      blocked: i.blocked ?? false,
      unitPrice: num(i.salePrice ?? i.dayPrice),
      baseUnitOfMeasureCode: (i.rentalUnit ?? 'stuk').toUpperCase(),
      inventory: 0,
    });
    put('rentalItems', {
      id: i.id,
      itemNumber: i.itemNo,
      rentalType: rentalTypes[i.rentalType ?? 'Verhuur'],
      rentalUnit: i.rentalUnit ?? 'stuk',
      dayPrice: num(i.dayPrice),
      weekPrice: num(i.weekPrice),
      salePrice: num(i.salePrice),
      buyBackPrice: num(i.buyBackPrice),
      weight: num(i.weight),
      numbered: i.numbered ?? false,
      inspectionIntervalMonths: i.inspectionIntervalMonths ?? 0,
      searchable: i.searchable ?? true,
      visibleInCatalogue: i.visibleInCatalogue ?? true,
      sortOrder: i.sort ?? 0,
    });
  }
  const pictureJobs = new Map(catalogue.pictures.map((p) => [p.fileId, p]));
  const pictures = new Map<string, PictureSpec>();
  for (const i of catalogue.items) {
    const job = i.imageFileId ? pictureJobs.get(i.imageFileId) : undefined;
    if (job)
      pictures.set(i.id!, { shape: job.shape, colour: job.colour, title: job.title, caption: job.caption });
  }
  for (const d of catalogue.itemTechData) {
    const no = itemNo.get(d.itemId)!;
    const code = attributeCode.get(d.attributeId)!;
    put('itemTechnicalData', {
      id: stableId('bc-item-tech', `${no}:${code}`),
      itemId: d.itemId,
      itemNumber: no,
      attributeCode: code,
      sortOrder: d.sort ?? 0,
      booleanValue: d.booleanValue ?? false,
      numberValue: num(d.numberValue),
      textNL: d.textValue?.['nl-NL'] ?? '',
      textEN: d.textValue?.['en-US'] ?? '',
      textFR: d.textValue?.['fr-FR'] ?? '',
      textDE: d.textValue?.['de-DE'] ?? '',
    });
  }
  for (const l of catalogue.itemLinks) {
    const no = itemNo.get(l.itemId)!;
    const linked = itemNo.get(l.linkedItemId)!;
    put('itemLinks', {
      id: stableId('bc-item-link', `${no}:${l.kind}:${linked}`),
      itemId: l.itemId,
      itemNumber: no,
      kind: l.kind === 'accessory' ? 'Accessory' : 'OrderTip',
      linkedItemNumber: linked,
      quantity: l.amount ?? 1,
      sortOrder: l.sort ?? 0,
    });
  }

  // ── Organisation ───────────────────────────────────────────────────────────────────────────
  const customerId = (no: string) => stableId('customer', no);
  for (const c of customerSpecs)
    put('customers', {
      id: customerId(c.customerNo),
      number: c.customerNo,
      displayName: c.name,
      type: 'Company',
      addressLine1: c.street,
      postalCode: c.postcode,
      city: c.city,
      country: 'NL',
      phoneNumber: c.phone,
      email: c.email,
      taxRegistrationNumber: c.vatNo,
      currencyCode: 'EUR',
      blocked: ' ',
    });
  const depotIds = depotSpecs.map((d) => stableId('depot', d.depotNo));
  depotSpecs.forEach((d, i) => {
    put('locations', {
      id: depotIds[i],
      code: d.depotNo,
      displayName: d.name,
      addressLine1: d.street,
      postalCode: d.postcode,
      city: d.city,
      country: 'NL',
      phoneNumber: d.phone,
      email: `${d.name.toLowerCase().replace(/\s+/g, '.')}@materieelportaal.nl`,
    });
  });
  const userIds = new Map(userSpecs.map((u) => [u.email, stableId('user', u.email)]));
  const emailOf = new Map([...userIds].map(([email, id]) => [id, email]));
  // As seed/index.ts builds them for the simulation.
  const locations: OrgLocation[] = locationSpecs.map((spec) => ({
    id: stableId('location', spec.locationNo),
    spec,
    customerId: customerId(spec.customerNo),
    profile: customerSpecs.find((c) => c.customerNo === spec.customerNo)!.profile,
    depotIndex: depotSpecs.findIndex((d) => d.depotNo === spec.depotNo),
    start: nextWorkday(addDays(ref, -spec.startedDaysAgo)),
    end: spec.endedDaysAgo !== undefined ? nextWorkday(addDays(ref, -spec.endedDaysAgo)) : null,
    workAddresses: spec.workAddresses.map((w) => ({
      ...w,
      id: stableId('work-address', `${spec.locationNo}:${w.code}`),
      city: spec.city,
    })),
    requesters: userSpecs
      .filter((u) => u.memberships.some((m) => m.locationNo === spec.locationNo && m.role === 'user'))
      .map((u) => ({
        userId: userIds.get(u.email)!,
        weight: u.permissions?.includes('management') ? 0.15 : 1,
      })),
  }));
  for (const l of locations) {
    put('projectLocations', {
      id: l.id,
      number: l.spec.locationNo,
      customerId: l.customerId,
      customerNumber: l.spec.customerNo,
      description: l.spec.description,
      description2: `${l.spec.city}, ${l.spec.street}`,
      projectNumber: l.spec.projectNumber,
      blocked: l.spec.blocked ?? false,
      addressLine1: l.spec.street,
      postalCode: l.spec.postcode,
      city: l.spec.city,
      country: 'NL',
      startDate: l.start,
      endDate: l.end ?? '',
      locationCode: l.spec.depotNo,
    });
    l.workAddresses.forEach((w, i) => {
      put('workAddresses', {
        id: w.id,
        projectLocationId: l.id,
        projectLocationNumber: l.spec.locationNo,
        code: w.code,
        name: w.name,
        addressLine1: w.street,
        postalCode: w.postcode,
        city: w.city,
        country: 'NL',
        contact: w.contact,
        phoneNumber: w.phone,
        isDefault: i === 0,
      });
    });
  }

  for (const u of userSpecs) {
    const id = userIds.get(u.email)!;
    put('portalUsers', {
      id,
      email: u.email,
      name: u.name,
      kind: u.kind === 'internal' ? 'Internal' : 'External',
      customerNumber: u.customerNo ?? '',
      languageCode: languageOf(u.language),
      locale: u.language,
      phoneNumber: u.phone ?? '',
      blocked: u.disabled ?? false,
    });
    for (const m of u.memberships)
      put('portalUserLocations', {
        id: stableId('bc-user-location', `${u.email}:${m.locationNo}`),
        userId: id,
        userEmail: u.email,
        projectLocationNumber: m.locationNo,
        role: m.role === 'administration' ? 'Administration' : 'User',
      });
  }

  // ── History: plants, stock on site, inspections, invoices, requests ─────────────────────────
  const history = options.historyScale === options.scale ? catalogue : buildCatalogue(options.historyScale);
  const adminId = userIds.get('admin@materieelportaal.nl')!;
  const simulation = simulate({
    rng: new Rng(DEMO_SEED),
    catalogue: history,
    locations,
    depotIds,
    adminId,
    referenceDate: ref,
    scale: options.historyScale,
  });
  const historyItem = new Map(history.demoItems.map((i) => [i.id, i]));
  const locationNo = new Map(locations.map((l) => [l.id, l.spec.locationNo]));
  const plantNo = new Map(simulation.plants.map((p) => [p.id, p.plantNo]));
  for (const p of simulation.plants)
    put('plants', {
      id: p.id,
      number: p.plantNo,
      itemId: p.item.id,
      itemNumber: p.item.itemNo,
      serialNumber: p.serialNo,
      buildYear: p.buildYear,
      status: 'InService',
      // As seed/index.ts: about one plant in twelve is hired in.
      external: Number(p.plantNo.slice(-3)) % 12 === 5,
      projectLocationNumber: p.locationIndex === null ? '' : locations[p.locationIndex].spec.locationNo,
      locationCode: p.depotIndex === null ? '' : depotSpecs[p.depotIndex].depotNo,
    });
  const stock = new Map<
    string,
    { loc: string; item: string; plant: string; quantity: number; last: string }
  >();
  for (const e of simulation.ledger) {
    if (!e.locationId) continue;
    const loc = locationNo.get(e.locationId)!;
    const item = historyItem.get(e.itemId)!.itemNo;
    const plant = e.plantId ? plantNo.get(e.plantId)! : '';
    const key = `${loc}|${item}|${plant}`;
    const row = stock.get(key);
    if (row) {
      row.quantity += e.quantity;
      if (e.entryDate > row.last) row.last = e.entryDate;
    } else stock.set(key, { loc, item, plant, quantity: e.quantity, last: e.entryDate });
  }
  for (const [key, row] of stock)
    if (row.quantity > 0)
      put('stockOnSite', {
        id: stableId('bc-stock', key),
        projectLocationNumber: row.loc,
        itemNumber: row.item,
        plantNumber: row.plant,
        quantity: row.quantity,
        lastMovementDate: row.last,
      });

  const out = { inspections: [], documents: [] } as unknown as ExtrasResult;
  addPlantRecords({
    catalogue: history,
    locations,
    simulation,
    adminId,
    today: todayUtc(),
    files: [],
    out,
  } as unknown as ExtrasState);
  const certificate = new Map(
    out.documents.filter((d) => d.plantId).map((d) => [d.fileId, d.documentSystemId]),
  );
  for (const i of out.inspections)
    put('inspections', {
      id: i.id,
      plantId: i.plantId,
      plantNumber: plantNo.get(i.plantId)!,
      inspectionDate: day(i.inspectedOn),
      result: inspectionResults[i.result],
      nextInspectionDate: day(i.nextDueDate),
      inspector: i.inspector ?? '',
      remarks: i.remarks ?? '',
      certificateDocumentNumber: (i.certificateFileId && certificate.get(i.certificateFileId)) || '',
    });

  seedDocuments(put, { history, locations, simulation, ref });
  seedRequests(put, { history, locations, simulation, emailOf, depotIds });

  store.loaded();
  const counts: Record<string, number> = {};
  for (const [set, c] of store.collections) counts[set] = c.entries.length;
  return { counts, pictures };
}
