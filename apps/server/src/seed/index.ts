import { mailTemplateTypes } from '@mp/contract/rules/mail-templates';
import { count, sql } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { hashPassword } from '../platform/auth/password.ts';
import type { Db } from '../platform/db/database.ts';
import type { FileStorage } from '../platform/files/storage.ts';
import { defaultMailTemplate } from '../platform/mail/defaults.ts';
import { planCatalogue } from './build-catalogue.ts';
import { SYNONYM_CODE, synonymGroups } from './catalogue-data.ts';
import { footerSpecs, pageSpecs, serviceMessageSpecs } from './content-data.ts';
import { addDays, at, nextWorkday, todayUtc } from './dates.ts';
import { buildExtras } from './extras.ts';
import { type FileJob, pictureJob } from './file-jobs.ts';
import { renderBanner, renderFavicon, renderLogo } from './images.ts';
import { invoice } from './invoicing.ts';
import { seedOrderNotes } from './order-notes.ts';
import { customerSpecs, DEMO_PASSWORD, depotSpecs, locationSpecs, userSpecs } from './org-data.ts';
import { buildPageViews } from './page-views.ts';
import { Rng, stableId } from './random.ts';
import { type OrgLocation, simulate } from './simulate.ts';
import { locales } from './text.ts';
import { CATALOGUE_ROWS, type Insert, type SeedTables, storeFiles, writeTables } from './write.ts';

export { DEMO_PASSWORD };

/**
 * The demo data's calendar is anchored here, so every run produces the same history. Only what the
 * screens need 'around today' (inspection due dates, active service messages) uses the real date.
 */
export const DEMO_REFERENCE_DATE = '2026-11-16';

const SEED = 0x4d503236; // 'MP26'

export interface DemoLogin {
  email: string;
  password: string;
  description: string;
}

/** The demo accounts (all with password Materieel2026!), printed at start and listed in the README. */
export const demoLogins: DemoLogin[] = userSpecs
  .filter((u) => u.login)
  .map((u) => ({ email: u.email, password: DEMO_PASSWORD, description: u.login! }));

export interface SeedOptions {
  storage: FileStorage;
  /** Multiplies items (suffixed numbers such as BH-1001-07) and ledger activity, for benchmarks. */
  scale?: number;
  log?: (message: string) => void;
  /** Anchor of the simulated history (default DEMO_REFERENCE_DATE). */
  referenceDate?: string;
  /** 'Today' for inspection due dates and service messages (default: the real current date). */
  today?: string;
  /** Called once the rows are committed (the delivery notes come after). */
  onCommitted?: () => void;
}

export interface SeedResult {
  counts: Record<string, number>;
  milliseconds: number;
}

/**
 * Fills an empty database with deterministic demo data: a Dutch equipment catalogue, two customers
 * with twelve locations, users of every kind, and six months of requests, orders, stock movements,
 * inspections, invoices and complaints produced by playing the request → order → stock loop.
 * Returns null (and changes nothing) when customers already exist.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult | null> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const scale = Math.max(1, Math.floor(options.scale ?? 1));
  const ref = options.referenceDate ?? DEMO_REFERENCE_DATE;
  const today = options.today ?? todayUtc();

  const [{ n: existing }] = await db.select({ n: count() }).from(s.customers);
  if (existing > 0) return null;

  const rng = new Rng(SEED);
  log(`seed: building demo data (scale ${scale})`);
  const catalogue = planCatalogue(scale);

  // ── Organisation ─────────────────────────────────────────────────────────────────────────
  const customerIds = new Map(customerSpecs.map((c) => [c.customerNo, stableId('customer', c.customerNo)]));
  const customers: Insert<typeof s.customers>[] = customerSpecs.map((c) => ({
    id: customerIds.get(c.customerNo)!,
    customerNo: c.customerNo,
    name: c.name,
    street: c.street,
    postcode: c.postcode,
    city: c.city,
    phone: c.phone,
    email: c.email,
    vatNo: c.vatNo,
    rentalDiscountPercent: c.rentalDiscountPercent.toFixed(2),
  }));
  const depotIds = depotSpecs.map((d) => stableId('depot', d.depotNo));
  const depots: Insert<typeof s.depots>[] = depotSpecs.map((d, i) => ({
    id: depotIds[i],
    ...d,
    email: `${d.name.toLowerCase().replace(/\s+/g, '.')}@materieelportaal.nl`,
    sort: i * 10,
  }));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map(userSpecs.map((u) => [u.email, stableId('user', u.email)]));
  const users: Insert<typeof s.users>[] = userSpecs.map((u) => ({
    id: userIds.get(u.email)!,
    email: u.email,
    name: u.name,
    passwordHash,
    kind: u.kind,
    role: u.role,
    permissions: u.permissions ?? [],
    customerId: u.customerNo ? customerIds.get(u.customerNo)! : null,
    language: u.language,
    phone: u.phone ?? null,
    disabled: u.disabled ?? false,
    createdAt: at(addDays(ref, -210), 9),
    updatedAt: at(addDays(ref, -210), 9),
  }));
  const adminId = userIds.get('admin@materieelportaal.nl')!;

  const locations: OrgLocation[] = locationSpecs.map((spec) => {
    const id = stableId('location', spec.locationNo);
    const customer = customerSpecs.find((c) => c.customerNo === spec.customerNo)!;
    const requesters = userSpecs
      .filter((u) => u.memberships.some((m) => m.locationNo === spec.locationNo && m.role === 'user'))
      .map((u) => ({
        userId: userIds.get(u.email)!,
        weight: u.permissions?.includes('management') ? 0.15 : 1,
      }));
    return {
      id,
      spec,
      customerId: customerIds.get(spec.customerNo)!,
      profile: customer.profile,
      depotIndex: depotSpecs.findIndex((d) => d.depotNo === spec.depotNo),
      start: nextWorkday(addDays(ref, -spec.startedDaysAgo)),
      end: spec.endedDaysAgo !== undefined ? nextWorkday(addDays(ref, -spec.endedDaysAgo)) : null,
      workAddresses: spec.workAddresses.map((w) => ({
        ...w,
        id: stableId('work-address', `${spec.locationNo}:${w.code}`),
        city: spec.city,
      })),
      requesters,
    };
  });
  const plantLocations: Insert<typeof s.plantLocations>[] = locations.map((l) => ({
    id: l.id,
    locationNo: l.spec.locationNo,
    customerId: l.customerId,
    description: l.spec.description,
    description2: `${l.spec.city}, ${l.spec.street}`,
    projectNumber: l.spec.projectNumber,
    blocked: l.spec.blocked ?? false,
    street: l.spec.street,
    postcode: l.spec.postcode,
    city: l.spec.city,
    startDate: l.start,
    endDate: l.end,
    createdAt: at(addDays(l.start, -14), 10),
    updatedAt: at(l.end ?? addDays(l.start, -14), 10),
  }));
  const memberships: Insert<typeof s.locationMemberships>[] = userSpecs.flatMap((u) =>
    u.memberships.map((m) => ({
      userId: userIds.get(u.email)!,
      locationId: stableId('location', m.locationNo),
      role: m.role,
    })),
  );
  const workAddresses: Insert<typeof s.workAddresses>[] = locations.flatMap((l) =>
    l.workAddresses.map((w, i) => ({
      id: w.id,
      locationId: l.id,
      code: w.code,
      name: w.name,
      street: w.street,
      postcode: w.postcode,
      city: w.city,
      contactPerson: w.contact,
      phone: w.phone,
      isDefault: i === 0,
    })),
  );

  // ── Six months of site life ──────────────────────────────────────────────────────────────
  const simulation = simulate({ rng, catalogue, locations, depotIds, adminId, referenceDate: ref, scale });
  log(
    `seed: simulated ${simulation.requests.length} requests, ${simulation.orders.length} orders, ${simulation.ledger.length} ledger entries`,
  );

  // Current stock = the ledger summed per place and item (and plant).
  const stock = new Map<
    string,
    {
      locationId: string | null;
      depotId: string | null;
      itemId: string;
      plantId: string | null;
      quantity: number;
      last: string;
    }
  >();
  for (const e of simulation.ledger) {
    const key = `${e.locationId ?? ''}|${e.depotId ?? ''}|${e.itemId}|${e.plantId ?? ''}`;
    const row = stock.get(key);
    if (row) {
      row.quantity += e.quantity;
      if (e.entryDate > row.last) row.last = e.entryDate;
    } else {
      stock.set(key, {
        locationId: e.locationId ?? null,
        depotId: e.depotId ?? null,
        itemId: e.itemId,
        plantId: e.plantId ?? null,
        quantity: e.quantity,
        last: e.entryDate,
      });
    }
  }
  const inventory: Insert<typeof s.inventory>[] = [];
  const locIndex = new Map(locations.map((l, i) => [l.id, i]));
  const bulkAt = locations.map(() => new Map<string, number>());
  for (const row of stock.values()) {
    if (row.quantity < 0 || (row.plantId && row.quantity > 1))
      throw new Error(`seed: impossible stock ${JSON.stringify(row)}`);
    if (row.quantity === 0) continue;
    inventory.push({
      id: stableId('inventory', `${row.locationId ?? row.depotId}:${row.itemId}:${row.plantId ?? ''}`),
      locationId: row.locationId,
      depotId: row.depotId,
      itemId: row.itemId,
      plantId: row.plantId,
      quantity: row.quantity,
      lastMovementDate: row.last,
    });
    if (row.locationId && !row.plantId) bulkAt[locIndex.get(row.locationId)!].set(row.itemId, row.quantity);
  }
  const plants: Insert<typeof s.plants>[] = simulation.plants.map((p) => ({
    id: p.id,
    plantNo: p.plantNo,
    itemId: p.item.id,
    locationId: p.locationIndex === null ? null : locations[p.locationIndex].id,
    depotId: p.depotIndex === null ? null : depotIds[p.depotIndex],
    serialNo: p.serialNo,
    buildYear: p.buildYear,
    // About one plant in twelve is hired in (its number decides, so nothing else of the demo data moves).
    external: Number(p.plantNo.slice(-3)) % 12 === 5,
  }));

  const invoicing = invoice({
    catalogue,
    locations,
    customerNames: new Map(customers.map((c) => [c.id!, c.name])),
    simulation,
    referenceDate: ref,
  });
  const extras = buildExtras({
    rng,
    catalogue,
    locations,
    simulation,
    invoicing,
    bulkAt,
    users: userIds,
    adminId,
    referenceDate: ref,
    today,
  });

  // ── Content ──────────────────────────────────────────────────────────────────────────────
  const pageIds = new Map(pageSpecs.map((p) => [p.key, stableId('page', p.key)]));
  const contentPages: Insert<typeof s.contentPages>[] = pageSpecs.map((p, i) => ({
    id: pageIds.get(p.key)!,
    kind: p.kind,
    name: p.name,
    publishedAt: at(addDays(ref, -p.publishedDaysAgo), 8),
    sort: i * 10,
    createdBy: adminId,
    updatedBy: adminId,
  }));
  const contentPageTranslations: Insert<typeof s.contentPageTranslations>[] = pageSpecs.flatMap((p) =>
    locales.map((locale) => ({
      pageId: pageIds.get(p.key)!,
      locale,
      title: p.title[locale],
      html: p.html[locale],
    })),
  );
  const footerColumns: Insert<typeof s.footerColumns>[] = locales.flatMap((locale) =>
    (Object.keys(footerSpecs) as (keyof typeof footerSpecs)[]).map((columnName) => ({
      id: stableId('footer', `${locale}:${columnName}`),
      locale,
      columnName,
      html: footerSpecs[columnName][locale],
      updatedBy: adminId,
    })),
  );
  const serviceMessages: Insert<typeof s.serviceMessages>[] = locales.flatMap((locale) =>
    serviceMessageSpecs.map((m) => ({
      id: stableId('service-message', `${locale}:${m.pageKey}`),
      locale,
      message: m.message[locale],
      pageId: pageIds.get(m.pageKey)!,
      activeFrom: at(addDays(ref, -m.daysAgo), 7),
      activeUntil: m.activeDays === null ? null : at(addDays(today, m.activeDays), 23),
      createdBy: adminId,
    })),
  );
  const mailTemplates: Insert<typeof s.mailTemplates>[] = mailTemplateTypes.flatMap((type) =>
    locales.map((locale) => ({
      id: stableId('mail-template', `${type}:${locale}`),
      type,
      locale,
      ...defaultMailTemplate(type, locale),
      updatedBy: adminId,
    })),
  );
  const brand: FileJob[] = [
    {
      id: stableId('file', 'brand:logo'),
      storageKey: 'demo/brand/logo.png',
      fileName: 'logo.png',
      contentType: 'image/png',
      make: renderLogo,
    },
    {
      id: stableId('file', 'brand:banner'),
      storageKey: 'demo/brand/banner.webp',
      fileName: 'banner.webp',
      contentType: 'image/webp',
      make: renderBanner,
    },
    {
      id: stableId('file', 'brand:favicon'),
      storageKey: 'demo/brand/favicon.png',
      fileName: 'favicon.png',
      contentType: 'image/png',
      make: renderFavicon,
    },
  ];

  // ── Files: bytes to storage first (fixed keys, so a retry overwrites), rows in the transaction ──
  const jobs: FileJob[] = [
    ...catalogue.pictures.map((p) => pictureJob(p.fileId, p.storageKey, p.fileName, p)),
    ...brand,
    ...invoicing.files,
    ...extras.files,
  ];
  const fileRows = await storeFiles(jobs, options.storage);
  log(`seed: stored ${fileRows.length} files`);

  const tables: SeedTables = [
    [s.files, fileRows],
    [s.customers, customers],
    [s.users, users],
    [s.depots, depots],
    [s.plantLocations, plantLocations],
    [s.locationMemberships, memberships],
    [s.workAddresses, workAddresses],
    [s.categories, catalogue.categories],
    [s.categoryTranslations, catalogue.categoryTranslations],
    [s.techAttributes, catalogue.techAttributes],
    CATALOGUE_ROWS,
    [s.sets, catalogue.sets],
    [s.setTranslations, catalogue.setTranslations],
    [s.setLines, catalogue.setLines],
    [s.searchSynonyms, synonymGroups.map((words, sort) => ({ code: SYNONYM_CODE, words, sort }))],
    [s.plants, plants],
    [s.inspections, extras.inspections],
    [s.orderLists, extras.orderLists],
    [s.orderListLines, extras.orderListLines],
    [s.favouriteLists, extras.favouriteLists],
    [s.favouriteListItems, extras.favouriteListItems],
    [s.removalLists, extras.removalLists],
    [s.removalListLines, extras.removalListLines],
    [s.plantRequests, simulation.requests],
    [s.requestLines, simulation.requestLines],
    [s.requestStatusHistory, simulation.history],
    [s.plantOrders, simulation.orders],
    [s.orderLines, simulation.orderLines],
    [s.orderCosts, simulation.orderCosts],
    [s.inventoryLedger, simulation.ledger],
    [s.inventory, inventory],
    [s.salesInvoices, invoicing.invoices.filter((i) => !i.appliesToInvoiceId)],
    [s.salesInvoices, invoicing.invoices.filter((i) => i.appliesToInvoiceId)],
    [s.salesInvoiceLines, invoicing.lines],
    [s.documentAttachments, invoicing.attachments],
    [s.documents, extras.documents],
    [s.complaints, extras.complaints],
    [s.complaintLines, extras.complaintLines],
    [s.complaintDocuments, extras.complaintDocuments],
    [s.exitOrders, extras.exitOrders],
    [s.exitOrderLines, extras.exitOrderLines],
    [s.exitOrderFiles, extras.exitOrderFiles],
    [s.contentPages, contentPages],
    [s.contentPageTranslations, contentPageTranslations],
    [s.footerColumns, footerColumns],
    [s.serviceMessages, serviceMessages],
    [s.mailTemplates, mailTemplates],
    [s.pageViews, buildPageViews(today, [...userIds.values()])],
    [
      s.corporateIdentity,
      [
        {
          id: 1,
          logoFileId: brand[0].id,
          bannerFileId: brand[1].id,
          faviconFileId: brand[2].id,
          updatedBy: adminId,
        },
      ],
    ],
  ];

  const counts = await writeTables(db, tables, {
    catalogue,
    scale,
    log,
    finish: async (tx) => {
      await tx.execute(sql`
        update plant_orders f set linked_order_id = t.id
        from plant_orders t
        where t.linked_order_id = f.id and f.kind = 'move_from'`);
      const sequences: [string, number][] = [
        ['plant_request_no_seq', simulation.requests.length],
        ['plant_order_no_seq', simulation.orders.length],
        ['sales_document_no_seq', invoicing.invoices.length],
        ['complaint_no_seq', extras.complaints.length],
        ['exit_order_no_seq', extras.exitOrders.length],
      ];
      for (const [name, value] of sequences) {
        if (value > 0) await tx.execute(sql`select setval(${name}::regclass, ${value})`);
      }
    },
  });
  if (!counts) return null;
  options.onCommitted?.();
  // why: fresh statistics, so the planner uses the trigram and foreign-key indexes right away.
  await db.execute(sql`analyze`);
  const notes = await seedOrderNotes(db, options.storage, simulation.orderInfos);
  log(`seed: made ${notes} delivery and removal notes`);

  counts.files += notes;
  counts.documents += notes;
  const milliseconds = Date.now() - started;
  log(`seed: done in ${(milliseconds / 1000).toFixed(1)} s`);
  return { counts, milliseconds };
}
