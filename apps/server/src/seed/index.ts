import { mailTemplateTypes } from '@mp/contract/rules/mail-templates';
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as s from '../db/schema/index.ts';
import { hashPassword } from '../platform/auth/password.ts';
import type { Db } from '../platform/db/database.ts';
import type { FileStorage } from '../platform/files/storage.ts';
import { defaultMailTemplate } from '../platform/mail/defaults.ts';
import { planCatalogue } from './build-catalogue.ts';
import { SYNONYM_CODE, synonymGroups } from './catalogue-data.ts';
import { footerSpecs, pageSpecs, serviceMessageSpecs } from './content-data.ts';
import { addDays, at, nextWorkday, todayUtc } from './dates.ts';
import { extras } from './extras.ts';
import { type FileJob, pictureJob } from './file-jobs.ts';
import { renderBanner, renderFavicon, renderLogo } from './images.ts';
import { invoicing } from './invoicing.ts';
import type { NoteOrder } from './order-notes.ts';
import { customerSpecs, DEMO_PASSWORD, depotSpecs, locationSpecs, userSpecs } from './org-data.ts';
import { buildPageViews } from './page-views.ts';
import { Rng, stableId } from './random.ts';
import { type OrgLocation, simulation } from './simulate.ts';
import type { Insert } from './sink.ts';
import { bulkAtLocation, inventoryRows } from './stock-counts.ts';
import { locales } from './text.ts';
import { drive, finishSimulation, seedTransaction, writeCatalogueRows } from './write.ts';

export { DEMO_PASSWORD };

/**
 * The demo data's calendar is anchored here, so every run produces the same history. Only what the
 * screens need 'around today' (inspection due dates, active service messages) uses the real date.
 */
export const DEMO_REFERENCE_DATE = '2026-11-16';

const SEED = 0x4d503236; // 'MP26'

/** The order in which the seed writes its tables: every row's references before it (files always first). */
const WRITE_ORDER: PgTable[] = [
  s.customers,
  s.users,
  s.depots,
  s.plantLocations,
  s.locationMemberships,
  s.workAddresses,
  s.categories,
  s.categoryTranslations,
  s.techAttributes,
  s.items,
  s.itemTranslations,
  s.itemTechData,
  s.itemLinks,
  s.sets,
  s.setTranslations,
  s.setLines,
  s.searchSynonyms,
  s.plants,
  s.inspections,
  s.orderLists,
  s.orderListLines,
  s.favouriteLists,
  s.favouriteListItems,
  s.removalLists,
  s.removalListLines,
  s.plantRequests,
  s.requestLines,
  s.requestStatusHistory,
  s.plantOrders,
  s.orderLines,
  s.orderCosts,
  s.inventoryLedger,
  s.inventory,
  s.salesInvoices,
  s.salesInvoiceLines,
  s.documentAttachments,
  s.documents,
  s.complaints,
  s.complaintLines,
  s.complaintDocuments,
  s.exitOrders,
  s.exitOrderLines,
  s.exitOrderFiles,
  s.contentPages,
  s.contentPageTranslations,
  s.footerColumns,
  s.serviceMessages,
  s.mailTemplates,
  s.pageViews,
  s.corporateIdentity,
];

/** The generator's memory now, for the log: what the simulation holds decides the seed's peak at --scale 1000. */
function memory(): string {
  const { heapUsed, rss } = process.memoryUsage();
  return `heap ${Math.round(heapUsed / 2 ** 20)} MB, RSS ${Math.round(rss / 2 ** 20)} MB`;
}

export { type DemoLogin, demoLogins } from './demo-logins.ts';

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
  /** Rows held before they are written when the generator pauses (default 20,000; tests use 1). */
  flushAt?: number;
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
  // ── Six months of site life, written as it is made (one transaction, see write.ts) ─────────
  let orderInfos: NoteOrder[] = [];
  const counts = await seedTransaction(db, {
    storage: options.storage,
    order: WRITE_ORDER,
    flushAt: options.flushAt,
    log,
    body: async (sink, tx) => {
      const push = <T extends PgTable>(table: T, rows: Insert<T>[]) => {
        for (const row of rows) sink.push(table, row);
      };
      for (const p of catalogue.pictures) sink.file(pictureJob(p.fileId, p.storageKey, p.fileName, p));
      for (const job of brand) sink.file(job);
      push(s.customers, customers);
      push(s.users, users);
      push(s.depots, depots);
      push(s.plantLocations, plantLocations);
      push(s.locationMemberships, memberships);
      push(s.workAddresses, workAddresses);
      push(s.categories, catalogue.categories);
      push(s.categoryTranslations, catalogue.categoryTranslations);
      push(s.techAttributes, catalogue.techAttributes);
      await sink.flush();
      await writeCatalogueRows(sink, catalogue, scale);
      push(s.sets, catalogue.sets);
      push(s.setTranslations, catalogue.setTranslations);
      push(s.setLines, catalogue.setLines);
      push(
        s.searchSynonyms,
        synonymGroups.map((words, sort) => ({ code: SYNONYM_CODE, words, sort })),
      );

      const summary = await drive(
        simulation({ rng, catalogue, locations, depotIds, adminId, referenceDate: ref, scale }, sink),
        sink,
      );
      await sink.flush();
      // why: only what choosing the notes reads: an OrderInfo's lines reach the whole simulation's state (items,
      // plants, stock per depot: ~150 MB at --scale 1000), which would stay alive through the notes.
      orderInfos = summary.orderInfos.map(({ id, kind, status, locationIndex, executedDate }) => ({
        id,
        kind,
        status,
        locationIndex,
        executedDate,
      }));
      log(
        `seed: simulated ${summary.requestNos.length} requests, ${summary.orderNos.length} orders, ${sink.counts.inventory_ledger ?? 0} ledger entries (${memory()})`,
      );
      await finishSimulation(tx, summary, { locations, depotIds });
      const places = { depotIds, locationIds: locations.map((l) => l.id) };
      await drive(
        inventoryRows(summary, catalogue.demoItems, places, (row) => sink.push(s.inventory, row)),
        sink,
      );

      const invoices = await drive(
        invoicing(
          {
            catalogue,
            locations,
            customerNames: new Map(customers.map((c) => [c.id!, c.name])),
            simulation: summary,
            referenceDate: ref,
          },
          sink,
        ),
        sink,
      );
      const made = extras({
        rng,
        catalogue,
        locations,
        simulation: summary,
        invoicing: { invoices },
        bulkAt: (li) => bulkAtLocation(summary.bulk, depotIds.length, li, catalogue.demoItems),
        users: userIds,
        adminId,
        referenceDate: ref,
        today,
      });
      let step = made.next();
      for (; !step.done; step = made.next()) {
        // why: the certificates the inspections name go to files first (the sink writes files before the rows).
        for (const job of step.value.files.splice(0)) sink.file(job);
        push(s.inspections, step.value.inspections.splice(0));
        await sink.maybeFlush();
      }
      const out = step.value;
      log(`seed: invoiced and made the inspections, documents and lists (${memory()})`);
      for (const job of out.files) sink.file(job);
      push(s.inspections, out.inspections);
      push(s.orderLists, out.orderLists);
      push(s.orderListLines, out.orderListLines);
      push(s.favouriteLists, out.favouriteLists);
      push(s.favouriteListItems, out.favouriteListItems);
      push(s.removalLists, out.removalLists);
      push(s.removalListLines, out.removalListLines);
      push(s.documents, out.documents);
      push(s.complaints, out.complaints);
      push(s.complaintLines, out.complaintLines);
      push(s.complaintDocuments, out.complaintDocuments);
      push(s.exitOrders, out.exitOrders);
      push(s.exitOrderLines, out.exitOrderLines);
      push(s.exitOrderFiles, out.exitOrderFiles);

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

      push(s.contentPages, contentPages);
      push(s.contentPageTranslations, contentPageTranslations);
      push(s.footerColumns, footerColumns);
      push(s.serviceMessages, serviceMessages);
      push(s.mailTemplates, mailTemplates);
      push(s.pageViews, buildPageViews(today, [...userIds.values()]));
      push(s.corporateIdentity, [
        {
          id: 1,
          logoFileId: brand[0].id,
          bannerFileId: brand[1].id,
          faviconFileId: brand[2].id,
          updatedBy: adminId,
        },
      ]);
      await sink.flush();
      await tx.execute(sql`
        update plant_orders f set linked_order_id = t.id
        from plant_orders t
        where t.linked_order_id = f.id and f.kind = 'move_from'`);
      const sequences: [string, number][] = [
        ['plant_request_no_seq', summary.requestNos.length],
        ['plant_order_no_seq', summary.orderNos.length],
        ['sales_document_no_seq', invoices.length],
        ['complaint_no_seq', out.complaints.length],
        ['exit_order_no_seq', out.exitOrders.length],
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
  // why: imported when needed: the documents module (renderer, storage, settings) is big, and the seed's memory
  // peaks before this point at --scale 1000.
  const { seedOrderNotes } = await import('./order-notes.ts');
  const notes = await seedOrderNotes(db, options.storage, orderInfos);
  log(`seed: made ${notes} delivery and removal notes`);

  counts.files += notes;
  counts.documents += notes;
  const milliseconds = Date.now() - started;
  log(`seed: done in ${(milliseconds / 1000).toFixed(1)} s`);
  return { counts, milliseconds };
}
