import { buildCatalogue } from '../../../apps/server/src/seed/build-catalogue.ts';
import type { Shape } from '../../../apps/server/src/seed/catalogue-data.ts';
import { addDays, nextWorkday, todayUtc } from '../../../apps/server/src/seed/dates.ts';
import { addPlantRecords } from '../../../apps/server/src/seed/extras-plants.ts';
import type { ExtrasResult, ExtrasState } from '../../../apps/server/src/seed/extras-state.ts';
import { invoice } from '../../../apps/server/src/seed/invoicing.ts';
import {
  customerSpecs,
  depotSpecs,
  locationSpecs,
  userSpecs,
} from '../../../apps/server/src/seed/org-data.ts';
import { Rng, stableId } from '../../../apps/server/src/seed/random.ts';
import { type OrgLocation, simulate } from '../../../apps/server/src/seed/simulate.ts';
import { languages } from './entities-rental.ts';
import { deriveLineAmounts } from './entity-types.ts';
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
const requestStatuses: Record<string, string> = {
  submitted: 'Received',
  in_progress: 'InProgress',
  planned: 'Planned',
  done: 'Done',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};
const requestTypes: Record<string, string> = {
  order: 'Order',
  removal: 'Removal',
  relocation: 'Relocation',
  transport: 'Transport',
};
const destinations: Record<string, string> = {
  work_address: 'WorkAddress',
  depot: 'Depot',
  other_address: 'OtherAddress',
};
const inspectionResults: Record<string, string> = {
  approved: 'Approved',
  approved_with_remarks: 'ApprovedWithRemarks',
  rejected: 'Rejected',
};
const languageOf = (locale: string) => languages.find((l) => l.locale === locale)!.languageCode;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v ? String(v) : '');

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

type Put = (set: string, data: Record<string, unknown>) => void;
type Simulation = ReturnType<typeof simulate>;

function seedDocuments(
  put: Put,
  x: {
    history: ReturnType<typeof buildCatalogue>;
    locations: OrgLocation[];
    simulation: Simulation;
    ref: string;
  },
): void {
  const { history, locations, simulation } = x;
  const itemNo = new Map(history.demoItems.map((i) => [i.id, i.itemNo]));
  const customer = new Map(customerSpecs.map((c) => [stableId('customer', c.customerNo), c]));
  const location = new Map(locations.map((l) => [l.id, l]));
  const invoicing = invoice({
    catalogue: history,
    locations,
    customerNames: new Map([...customer].map(([id, c]) => [id, c.name])),
    simulation,
    referenceDate: x.ref,
  });
  const numberOf = new Map(invoicing.invoices.map((i) => [i.id!, i.documentNo!]));
  for (const inv of invoicing.invoices) {
    const c = customer.get(inv.customerId)!;
    const l = location.get(inv.locationId)!;
    const credit = inv.kind === 'credit_memo';
    const incl = num(inv.amountInclVat);
    const header: Record<string, unknown> = {
      id: inv.id,
      number: inv.documentNo,
      postingDate: day(inv.documentDate),
      dueDate: day(inv.dueDate),
      customerId: inv.customerId,
      customerNumber: c.customerNo,
      customerName: c.name,
      billToName: c.name,
      billToCustomerId: inv.customerId,
      billToCustomerNumber: c.customerNo,
      sellToAddressLine1: c.street,
      sellToCity: c.city,
      sellToPostCode: c.postcode,
      sellToCountry: 'NL',
      billToAddressLine1: c.street,
      billToCity: c.city,
      billToPostCode: c.postcode,
      billToCountry: 'NL',
      shortcutDimension2Code: l.spec.locationNo,
      currencyCode: 'EUR',
      pricesIncludeTax: false,
      discountAmount: 0,
      totalAmountExcludingTax: num(inv.amountExclVat),
      totalTaxAmount: num(inv.vatAmount),
      totalAmountIncludingTax: incl,
      status: inv.status === 'paid' ? 'Paid' : 'Open',
    };
    if (credit)
      Object.assign(header, {
        creditMemoDate: day(inv.documentDate),
        invoiceId: inv.appliesToInvoiceId ?? '',
        invoiceNumber: inv.appliesToInvoiceId ? numberOf.get(inv.appliesToInvoiceId) : '',
      });
    else
      Object.assign(header, {
        invoiceDate: day(inv.documentDate),
        customerPurchaseOrderReference: inv.yourReference ?? '',
        shipToName: l.spec.description,
        shipToAddressLine1: l.spec.street,
        shipToCity: l.spec.city,
        shipToPostCode: l.spec.postcode,
        shipToCountry: 'NL',
        remainingAmount: inv.status === 'paid' ? 0 : incl,
      });
    put(credit ? 'salesCreditMemos' : 'salesInvoices', header);
  }
  const sequence = new Map<string, number>();
  for (const line of invoicing.lines) {
    const doc = invoicing.invoices.find((i) => i.id === line.invoiceId)!;
    const n = (sequence.get(line.invoiceId) ?? 0) + 10000;
    sequence.set(line.invoiceId, n);
    const item = line.itemId ? itemNo.get(line.itemId) : undefined;
    const period = line.periodFrom ? `${day(line.periodFrom)} - ${day(line.periodTo)}` : '';
    const data: Record<string, unknown> = {
      id: line.id,
      documentId: line.invoiceId,
      sequence: n,
      itemId: line.itemId ?? '',
      lineType: item ? 'Item' : 'Account',
      lineObjectNumber: item ?? '8000',
      description: line.description,
      description2: period,
      unitOfMeasureCode: line.priceUnit === 'week' ? 'WEEK' : line.priceUnit === 'day' ? 'DAG' : 'STUK',
      quantity: num(line.quantity) * (line.unitCount ?? 1),
      unitPrice: num(line.unitPrice),
      discountPercent: num(line.discountPercent),
      taxCode: 'HOOG',
    };
    deriveLineAmounts(data);
    // The portal's amount is the document's: keep it to the cent.
    const amount = num(line.amount);
    Object.assign(data, {
      amountExcludingTax: amount,
      netAmount: amount,
      totalTaxAmount: Math.round(amount * 21) / 100,
      netTaxAmount: Math.round(amount * 21) / 100,
      amountIncludingTax: Math.round(amount * 121) / 100,
      netAmountIncludingTax: Math.round(amount * 121) / 100,
    });
    put(doc.kind === 'credit_memo' ? 'salesCreditMemoLines' : 'salesInvoiceLines', data);
  }
}

function seedRequests(
  put: Put,
  x: {
    history: ReturnType<typeof buildCatalogue>;
    locations: OrgLocation[];
    simulation: Simulation;
    emailOf: Map<string, string>;
    depotIds: string[];
  },
): void {
  const { history, locations, simulation } = x;
  const item = new Map(history.demoItems.map((i) => [i.id, i]));
  const setNo = new Map([...history.setIdByNo].map(([no, id]) => [id, no]));
  const plantNo = new Map(simulation.plants.map((p) => [p.id, p.plantNo]));
  const location = new Map(locations.map((l) => [l.id, l]));
  const depotNo = new Map(x.depotIds.map((id, i) => [id, depotSpecs[i].depotNo]));
  const linesOf = new Map<string, typeof simulation.requestLines>();
  for (const line of simulation.requestLines) {
    const list = linesOf.get(line.requestId) ?? [];
    list.push(line);
    linesOf.set(line.requestId, list);
  }
  let orderNo = 0;
  const ordered = [...simulation.requests].sort((a, b) => (a.requestNo! < b.requestNo! ? -1 : 1));
  for (const r of ordered) {
    const loc = location.get(r.locationId)!;
    const status = requestStatuses[r.status ?? 'submitted'];
    const makesOrder = r.kind === 'order' && ['InProgress', 'Planned', 'Done'].includes(status);
    const salesOrderNumber = makesOrder ? `VO-${String(++orderNo).padStart(6, '0')}` : '';
    const lines = (linesOf.get(r.id!) ?? []).sort((a, b) => a.lineNo - b.lineNo);
    const seqOf = new Map(lines.map((l) => [l.id!, l.lineNo]));
    put('rentalRequests', {
      id: r.id,
      externalDocumentNumber: r.requestNo,
      requestType: requestTypes[r.kind],
      status,
      projectLocationNumber: loc.spec.locationNo,
      customerNumber: loc.spec.customerNo,
      requestedDate: day(r.requestedDate),
      expectedReturnDate: day(r.expectedReturnDate),
      transportMeans: r.transportMeans ?? '',
      collect: r.collect ?? false,
      rush: r.rush ?? false,
      destinationType: r.destinationKind ? destinations[r.destinationKind] : '',
      locationCode: r.depotId ? depotNo.get(r.depotId) : '',
      workAddressCode: r.addressCode ?? '',
      targetProjectLocationNumber: r.targetLocationId
        ? location.get(r.targetLocationId)!.spec.locationNo
        : '',
      shipToName: r.addressName ?? '',
      shipToAddressLine1: r.street ?? '',
      shipToPostCode: r.postcode ?? '',
      shipToCity: r.city ?? '',
      shipToContact: r.contactPerson ?? '',
      shipToPhoneNumber: r.phone ?? '',
      originAddressLine1: r.originStreet ?? '',
      originPostCode: r.originPostcode ?? '',
      originCity: r.originCity ?? '',
      originContact: r.originContactPerson ?? '',
      originPhoneNumber: r.originPhone ?? '',
      loadingFrom: r.loadingFrom ?? '',
      loadingUntil: r.loadingUntil ?? '',
      unloadingDate: day(r.unloadingDate),
      unloadingFrom: r.unloadingFrom ?? '',
      unloadingUntil: r.unloadingUntil ?? '',
      cargo: r.cargo ?? '',
      reference: r.reference ?? '',
      comment: r.comment ?? '',
      requestedBy: (r.userId && x.emailOf.get(r.userId)) || '',
      requestedAt: r.createdAt instanceof Date ? r.createdAt.toISOString() : '',
      plannedDate: day(r.plannedDate),
      rejectionReason: r.rejectionReason ?? '',
      salesOrderNumber,
    });
    for (const l of lines)
      put('rentalRequestLines', {
        id: l.id,
        documentId: r.id,
        sequence: l.lineNo,
        parentSequence: l.parentLineId ? (seqOf.get(l.parentLineId) ?? 0) : 0,
        itemNumber: l.itemId ? item.get(l.itemId)!.itemNo : '',
        setNumber: l.setId ? (setNo.get(l.setId) ?? '') : '',
        plantNumber: l.plantId ? (plantNo.get(l.plantId) ?? '') : '',
        quantity: l.amount,
        comment: l.comment ?? '',
      });
    if (!makesOrder) continue;
    const orderId = stableId('bc-sales-order', r.requestNo!);
    const amountLines = lines.filter((l) => l.itemId);
    const totals = { excl: 0, tax: 0, incl: 0 };
    const orderLines = amountLines.map((l, i) => {
      const it = item.get(l.itemId!)!;
      const data: Record<string, unknown> = {
        id: stableId('bc-sales-order-line', l.id!),
        documentId: orderId,
        sequence: (i + 1) * 10000,
        itemId: it.id,
        lineType: 'Item',
        lineObjectNumber: it.itemNo,
        description: it.name['nl-NL'],
        quantity: l.amount,
        unitPrice: it.dayPrice ?? it.salePrice ?? 0,
        discountPercent: 0,
        shipmentDate: day(r.requestedDate),
        shippedQuantity: status === 'Done' ? l.amount : 0,
      };
      deriveLineAmounts(data);
      totals.excl += Number(data.amountExcludingTax);
      totals.tax += Number(data.totalTaxAmount);
      totals.incl += Number(data.amountIncludingTax);
      return data;
    });
    const customer = customerSpecs.find((c) => c.customerNo === loc.spec.customerNo)!;
    put('salesOrders', {
      id: orderId,
      number: salesOrderNumber,
      externalDocumentNumber: r.requestNo,
      orderDate: r.createdAt instanceof Date ? r.createdAt.toISOString().slice(0, 10) : day(r.requestedDate),
      postingDate: day(r.requestedDate),
      customerId: stableId('customer', customer.customerNo),
      customerNumber: customer.customerNo,
      customerName: customer.name,
      shortcutDimension2Code: loc.spec.locationNo,
      shipToName: r.addressName ?? loc.spec.description,
      shipToContact: r.contactPerson ?? '',
      shipToAddressLine1: r.street ?? loc.spec.street,
      shipToPostCode: r.postcode ?? loc.spec.postcode,
      shipToCity: r.city ?? loc.spec.city,
      shipToCountry: 'NL',
      requestedDeliveryDate: day(r.requestedDate),
      currencyCode: 'EUR',
      status: 'Open',
      fullyShipped: status === 'Done',
      totalAmountExcludingTax: Math.round(totals.excl * 100) / 100,
      totalTaxAmount: Math.round(totals.tax * 100) / 100,
      totalAmountIncludingTax: Math.round(totals.incl * 100) / 100,
    });
    for (const l of orderLines) put('salesOrderLines', l);
  }
}
