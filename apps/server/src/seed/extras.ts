import type * as s from '../db/schema/index.ts';
import type { Catalogue, DemoItem } from './build-catalogue.ts';
import { addDays, addMonths, at } from './dates.ts';
import { type FileJob, pdfJob, pictureJob } from './file-jobs.ts';
import type { InvoicingResult } from './invoicing.ts';
import { setSpecs } from './org-data.ts';
import { type Rng, stableId } from './random.ts';
import type { OrderInfo, OrgLocation, PlantState, SimulationResult } from './simulate.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Inspections, documents, complaints, exit orders and the demo users' lists. */

export interface ExtrasResult {
  inspections: Insert<typeof s.inspections>[];
  documents: Insert<typeof s.documents>[];
  complaints: Insert<typeof s.complaints>[];
  complaintLines: Insert<typeof s.complaintLines>[];
  complaintDocuments: Insert<typeof s.complaintDocuments>[];
  exitOrders: Insert<typeof s.exitOrders>[];
  exitOrderLines: Insert<typeof s.exitOrderLines>[];
  exitOrderFiles: Insert<typeof s.exitOrderFiles>[];
  favouriteLists: Insert<typeof s.favouriteLists>[];
  favouriteListItems: Insert<typeof s.favouriteListItems>[];
  orderLists: Insert<typeof s.orderLists>[];
  orderListLines: Insert<typeof s.orderListLines>[];
  removalLists: Insert<typeof s.removalLists>[];
  removalListLines: Insert<typeof s.removalListLines>[];
  files: FileJob[];
}

/** Days from today to the next inspection of plants on site, cycled so every warning level shows. */
const DUE_OFFSETS = [-25, -9, -2, 3, 6, 11, 18, 25, 33, 45, 58, 75, 110, 160, 220, 300];
const INSPECTORS = [
  'J. Kuipers (NEN 3140)',
  'M. Brouwer (keurmeester)',
  'R. Dijkstra',
  'S. Veenstra (NEN 3140)',
];
const REMARKS = [
  'Aardlekschakelaar vervangen.',
  'Hijsband vervangen, label ontbrak.',
  'Stekker CEE 32 A vernieuwd.',
  'Bandenspanning gecorrigeerd.',
];

export function buildExtras(input: {
  rng: Rng;
  catalogue: Catalogue;
  locations: OrgLocation[];
  simulation: SimulationResult;
  invoicing: InvoicingResult;
  /** Bulk quantity per location and item at the end (from the ledger). */
  bulkAt: Map<string, number>[];
  users: Map<string, string>;
  adminId: string;
  referenceDate: string;
  today: string;
}): ExtrasResult {
  const {
    rng,
    catalogue,
    locations,
    simulation,
    invoicing,
    bulkAt,
    users,
    adminId,
    referenceDate: ref,
    today,
  } = input;
  const files: FileJob[] = [];
  const out: ExtrasResult = {
    inspections: [],
    documents: [],
    complaints: [],
    complaintLines: [],
    complaintDocuments: [],
    exitOrders: [],
    exitOrderLines: [],
    exitOrderFiles: [],
    favouriteLists: [],
    favouriteListItems: [],
    orderLists: [],
    orderListLines: [],
    removalLists: [],
    removalListLines: [],
    files,
  };
  const orderNo = new Map(simulation.orders.map((o) => [o.id!, o.orderNo!]));
  const byNo = (itemNo: string): DemoItem => {
    const item = catalogue.byItemNo.get(itemNo);
    if (!item) throw new Error(`unknown demo item ${itemNo}`);
    return item;
  };

  // ── Inspections ───────────────────────────────────────────────────────────────────────────
  const plantsOnSite = simulation.plants
    .filter((p) => p.locationIndex !== null)
    .sort((a, b) => (a.plantNo < b.plantNo ? -1 : 1));
  const onSiteIndex = new Map(plantsOnSite.map((p, i) => [p.id, i]));
  for (const plant of simulation.plants) {
    const months = plant.item.family.inspectionMonths;
    if (!months) continue;
    const span = months * 30 - 5;
    const i = onSiteIndex.get(plant.id);
    const offset =
      i !== undefined
        ? Math.min(DUE_OFFSETS[i % DUE_OFFSETS.length], span)
        : 1 + ((plant.buildYear * 37 + plant.plantNo.length * 11 + (i ?? 0)) % span);
    const due = addDays(today, offset);
    const last = addMonths(due, -months);
    const withRemarks = plant.plantNo.endsWith('2') && (i ?? 0) % 3 === 0;
    const id = stableId('inspection', `${plant.id}:last`);
    let certificateFileId: string | null = null;
    if (i !== undefined && plant.item.copy === 1) {
      const job = pdfJob(
        stableId('file', `certificate:${plant.id}`),
        `demo/certificates/${plant.plantNo.toLowerCase()}.pdf`,
        `keuringsrapport-${plant.plantNo}.pdf`,
        `Keuringsrapport ${plant.plantNo}`,
        [
          plant.item.name['nl-NL'],
          `Serienummer ${plant.serialNo} · bouwjaar ${plant.buildYear}`,
          `Gekeurd op ${last} door ${INSPECTORS[i % INSPECTORS.length]}`,
          `Resultaat: ${withRemarks ? 'goedgekeurd met opmerkingen' : 'goedgekeurd'}`,
          `Volgende keuring vóór ${due}`,
        ],
      );
      files.push(job);
      certificateFileId = job.id;
      out.documents.push({
        id: stableId('document', `certificate:${plant.id}`),
        documentSystemId: `DMS-KEUR-${plant.plantNo}`,
        category: 'Keuringscertificaat',
        title: `Keuringsrapport ${plant.plantNo} (${last})`,
        fileId: job.id,
        documentDate: last,
        plantId: plant.id,
        itemId: plant.item.id,
        uploadedBy: adminId,
      });
    }
    out.inspections.push({
      id,
      plantId: plant.id,
      inspectedOn: last,
      result: withRemarks ? 'approved_with_remarks' : 'approved',
      nextDueDate: due,
      inspector: INSPECTORS[(i ?? plant.buildYear) % INSPECTORS.length],
      remarks: withRemarks ? REMARKS[(i ?? 0) % REMARKS.length] : null,
      certificateFileId,
      createdAt: at(last, 15),
    });
    if (i !== undefined) {
      const before = addMonths(last, -months);
      out.inspections.push({
        id: stableId('inspection', `${plant.id}:previous`),
        plantId: plant.id,
        inspectedOn: before,
        result: 'approved',
        nextDueDate: last,
        inspector: INSPECTORS[(i + 1) % INSPECTORS.length],
        createdAt: at(before, 15),
      });
    }
  }

  // ── Documents ─────────────────────────────────────────────────────────────────────────────
  locations.forEach((loc, li) => {
    const docs = [
      {
        key: 'vg',
        title: `V&G-plan uitvoeringsfase ${loc.spec.description}`,
        lines: [
          'Veiligheids- en gezondheidsplan',
          `Project ${loc.spec.projectNumber}`,
          `${loc.spec.street}, ${loc.spec.city}`,
        ],
      },
      {
        key: 'bpi',
        title: `Bouwplaatsinrichtingstekening ${loc.spec.locationNo}`,
        lines: [
          'Ligging keten, containers, hekwerk en aan- en afvoerroutes.',
          `Werkadressen: ${loc.workAddresses.map((w) => w.name).join('; ')}`,
        ],
      },
    ];
    for (const d of docs) {
      const job = pdfJob(
        stableId('file', `location-doc:${loc.id}:${d.key}`),
        `demo/locations/${loc.spec.locationNo.toLowerCase()}-${d.key}.pdf`,
        `${d.key}-${loc.spec.locationNo}.pdf`,
        d.title,
        d.lines,
      );
      files.push(job);
      out.documents.push({
        id: stableId('document', `location:${loc.id}:${d.key}`),
        documentSystemId: `DMS-LOC-${loc.spec.locationNo}-${d.key.toUpperCase()}`,
        category: 'Documenten',
        title: d.title,
        fileId: job.id,
        documentDate: loc.start,
        locationId: loc.id,
        uploadedBy: adminId,
      });
    }
    const deliveries = simulation.orderInfos
      .filter((o) => o.locationIndex === li && o.kind === 'delivery' && o.status === 'done')
      .slice(-3);
    for (const o of deliveries) {
      const no = orderNo.get(o.id)!;
      const job = pdfJob(
        stableId('file', `packing-slip:${o.id}`),
        `demo/orders/${no.toLowerCase()}-pakbon.pdf`,
        `pakbon-${no}.pdf`,
        `Pakbon ${no}`,
        [
          `Locatie ${loc.spec.locationNo} – ${loc.spec.description}`,
          `Geleverd op ${o.executedDate}`,
          ...o.lines.map((l) => `${l.quantity} × ${l.item.itemNo} ${l.item.name['nl-NL']}`),
        ],
      );
      files.push(job);
      out.documents.push({
        id: stableId('document', `packing-slip:${o.id}`),
        documentSystemId: `DMS-PAKBON-${no}`,
        category: 'Pakbon',
        title: `Pakbon ${no}`,
        fileId: job.id,
        documentDate: o.executedDate,
        locationId: loc.id,
        orderId: o.id,
        uploadedBy: adminId,
      });
    }
  });
  const firstOfFamily = new Map<string, DemoItem>();
  for (const item of catalogue.demoItems) {
    if (item.copy !== 1) continue;
    if (!firstOfFamily.has(item.family.code)) firstOfFamily.set(item.family.code, item);
    // The item image is also a document in the images category (GetMaterieelImagesUri).
    out.documents.push({
      id: stableId('document', `image:${item.id}`),
      documentSystemId: `DMS-IMG-${item.itemNo}`,
      category: 'Afbeeldingen',
      title: item.name['nl-NL'],
      fileId: stableId('file', `item:${item.itemNo}`),
      itemId: item.id,
      uploadedBy: adminId,
    });
  }
  for (const item of firstOfFamily.values()) {
    const job = pdfJob(
      stableId('file', `manual:${item.family.code}`),
      `demo/manuals/${item.family.code.toLowerCase()}.pdf`,
      `handleiding-${item.family.code.toLowerCase()}.pdf`,
      `Gebruikershandleiding ${item.name['nl-NL']}`,
      [
        'Lees deze handleiding vóór gebruik.',
        'Gebruik alleen met geldige keuring.',
        'Storingen melden bij de materieeldienst: 030 241 88 00.',
      ],
    );
    files.push(job);
    for (const target of catalogue.demoItems.filter(
      (x) => x.family.code === item.family.code && x.copy === 1,
    )) {
      out.documents.push({
        id: stableId('document', `manual:${target.id}`),
        documentSystemId: `DMS-HANDL-${target.itemNo}`,
        category: 'Documenten',
        title: `Handleiding ${target.name['nl-NL']}`,
        fileId: job.id,
        itemId: target.id,
        uploadedBy: adminId,
      });
    }
  }

  // ── Complaints ────────────────────────────────────────────────────────────────────────────
  const locByNo = new Map(locations.map((l, i) => [l.spec.locationNo, i]));
  const plantAt = (li: number, prefix: string): PlantState | undefined =>
    simulation.plants.find((p) => p.locationIndex === li && p.item.family.code === prefix) ??
    simulation.plants.find((p) => p.locationIndex === li);
  const deliveryAt = (li: number): OrderInfo | undefined =>
    simulation.orderInfos.find(
      (o) => o.locationIndex === li && o.kind === 'delivery' && o.status === 'done' && o.lines.length > 0,
    );
  const invoiceAt = (li: number) =>
    invoicing.invoices.find((inv) => inv.locationId === locations[li].id && inv.kind === 'invoice');
  const complaintSpecs = [
    {
      loc: 'P-24001',
      user: 'uitvoerder@vandijk.nl',
      type: 'Storing',
      subject: 'Aggregaat slaat af bij belasting',
      status: 'in_progress' as const,
      daysAgo: 6,
      plant: 'AG',
      photo: true,
      messages: [
        [
          'user',
          'Het aggregaat valt sinds gisteren uit zodra de bouwlift draait. Graag zo snel mogelijk iemand sturen.',
        ],
        ['department', 'Dank voor je melding. Onze monteur komt morgen tussen 8.00 en 10.00 uur langs.'],
        ['user', 'Prima, de uitvoerder is aanwezig in de keet.'],
      ],
    },
    {
      loc: 'P-24003',
      user: 'm.hendriks@vandijk.nl',
      type: 'Levering',
      subject: 'Bouwhekken een dag te laat geleverd',
      status: 'resolved' as const,
      daysAgo: 40,
      order: true,
      messages: [
        [
          'user',
          'De bouwhekken zijn een dag later geleverd dan afgesproken; de bouwplaats kon niet worden afgesloten.',
        ],
        [
          'department',
          'Excuses, door een storing in de planning is de levering verschoven. We crediteren de transportkosten.',
        ],
      ],
    },
    {
      loc: 'P-24008',
      user: 'projectleider@infranoord.nl',
      type: 'Schade',
      subject: 'Verkeersbord beschadigd geleverd',
      status: 'open' as const,
      daysAgo: 2,
      item: 'VB-1032',
      messages: [['user', 'Two J16 signs arrived with a bent frame. Please replace them before Monday.']],
    },
    {
      loc: 'P-24002',
      user: 'uitvoerder@vandijk.nl',
      type: 'Factuur',
      subject: 'Huurdagen na afmelding gefactureerd',
      status: 'closed' as const,
      daysAgo: 25,
      invoice: true,
      messages: [
        ['user', 'Op de factuur staan nog huurdagen voor materieel dat al was afgemeld.'],
        ['department', 'Klopt, de ophaaldatum is verkeerd verwerkt. Er volgt een creditnota.'],
        ['user', 'Creditnota ontvangen, bedankt.'],
      ],
    },
    {
      loc: 'P-24010',
      user: 'projectleider@infranoord.nl',
      type: 'Storing',
      subject: 'Dompelpomp slaat niet aan',
      status: 'resolved' as const,
      daysAgo: 15,
      plant: 'DP',
      messages: [
        ['user', 'The submersible pump does not start; the float switch seems stuck.'],
        ['department', 'Vervangende pomp is vandaag geleverd, de defecte pomp nemen we mee.'],
      ],
    },
    {
      loc: 'P-24005',
      user: 'directie@vandijk.nl',
      type: 'Overig',
      subject: 'Schaftkeet niet schoon opgeleverd',
      status: 'open' as const,
      daysAgo: 1,
      plant: 'SK',
      messages: [
        [
          'user',
          'De schaftkeet was bij levering niet schoongemaakt. Graag een reactie over de schoonmaakkosten.',
        ],
      ],
    },
  ];
  const sortedComplaints = [...complaintSpecs].sort((a, b) => b.daysAgo - a.daysAgo);
  sortedComplaints.forEach((c, n) => {
    const li = locByNo.get(c.loc)!;
    const created = at(addDays(ref, -c.daysAgo), 8.5 + n);
    const id = stableId('complaint', n);
    const userId = users.get(c.user)!;
    const plant = c.plant ? plantAt(li, c.plant) : undefined;
    const order = c.order ? deliveryAt(li) : undefined;
    const inv = c.invoice ? invoiceAt(li) : undefined;
    out.complaints.push({
      id,
      complaintNo: `K-${created.getUTCFullYear()}-${String(n + 1).padStart(6, '0')}`,
      locationId: locations[li].id,
      userId,
      itemId: c.item ? byNo(c.item).id : (plant?.item.id ?? order?.lines[0]?.item.id ?? null),
      plantId: plant?.id ?? null,
      orderId: order?.id ?? null,
      invoiceId: inv?.id ?? null,
      type: c.type,
      subject: c.subject,
      status: c.status,
      expectedResolutionDate: addDays(ref, -c.daysAgo + 14),
      resolvedAt:
        c.status === 'resolved' || c.status === 'closed' ? at(addDays(ref, -c.daysAgo + 5), 16) : null,
      createdAt: created,
      updatedAt: created,
    });
    c.messages.forEach(([author, message], m) => {
      out.complaintLines.push({
        id: stableId('complaint-line', `${id}:${m}`),
        complaintId: id,
        author: author as 'user' | 'department',
        userId: author === 'user' ? userId : adminId,
        message,
        createdAt: new Date(created.getTime() + m * 5 * 3_600_000),
      });
    });
    if ('photo' in c && c.photo) {
      const job = pictureJob(
        stableId('file', `complaint-photo:${id}`),
        `demo/complaints/${id}.webp`,
        'foto-storing.webp',
        {
          shape: 'generator',
          colour: '#C92A2A',
          title: c.subject,
          caption: 'Foto melding',
        },
      );
      files.push(job);
      out.complaintDocuments.push({
        id: stableId('complaint-document', id),
        complaintId: id,
        fileId: job.id,
        uploadedBy: userId,
        createdAt: created,
      });
    }
  });

  // ── Exit orders ───────────────────────────────────────────────────────────────────────────
  const removals = simulation.orderInfos.filter(
    (o) => o.kind === 'removal' && o.status === 'done' && o.lines.length > 0,
  );
  const perLocation = new Map<number, OrderInfo>();
  for (const o of removals) {
    const best = perLocation.get(o.locationIndex);
    if (!best || o.lines.length > best.lines.length) perLocation.set(o.locationIndex, o);
  }
  [...perLocation.values()]
    .sort((a, b) => (a.executedDate! < b.executedDate! ? -1 : 1))
    .slice(0, 8)
    .forEach((o, n) => {
      const loc = locations[o.locationIndex];
      const id = stableId('exit-order', n);
      const no = `X-${o.executedDate!.slice(0, 4)}-${String(n + 1).padStart(6, '0')}`;
      out.exitOrders.push({
        id,
        exitOrderNo: no,
        locationId: loc.id,
        orderId: o.id,
        exitDate: o.executedDate!,
        status: 'final',
        remarks: `Retour van ${loc.spec.locationNo} gecontroleerd in het depot.`,
        recordedBy: adminId,
        createdAt: at(o.executedDate!, 16),
        updatedAt: at(o.executedDate!, 16),
      });
      o.lines.slice(0, 12).forEach((l, i) => {
        const condition = i === 1 ? 'dirty' : i === 2 && n % 2 === 0 ? 'damaged' : 'good';
        const lineId = stableId('exit-order-line', `${id}:${i}`);
        out.exitOrderLines.push({
          id: lineId,
          exitOrderId: id,
          lineNo: (i + 1) * 10000,
          itemId: l.item.id,
          plantId: l.plantId,
          quantity: l.quantity,
          condition,
          remarks:
            condition === 'dirty'
              ? 'Vervuild met beton; gereinigd.'
              : condition === 'damaged'
                ? 'Frame verbogen.'
                : null,
          damageAmount: condition === 'dirty' ? '45.00' : condition === 'damaged' ? '185.00' : null,
        });
        if (condition !== 'good') {
          const job = pictureJob(
            stableId('file', `exit-photo:${lineId}`),
            `demo/exit-orders/${no.toLowerCase()}-${i}.webp`,
            `foto-${l.item.itemNo}.webp`,
            {
              shape: l.item.family.shape,
              colour: condition === 'dirty' ? '#868e96' : '#C92A2A',
              title: `${l.item.name['nl-NL']} – ${condition === 'dirty' ? 'vervuild' : 'beschadigd'}`,
              caption: l.item.itemNo,
            },
          );
          files.push(job);
          out.exitOrderFiles.push({
            id: stableId('exit-order-file', lineId),
            exitOrderId: id,
            lineId,
            kind: 'image',
            fileId: job.id,
            caption: condition === 'dirty' ? 'Vervuiling' : 'Schade',
            sort: i,
          });
        }
      });
      const report = pdfJob(
        stableId('file', `exit-report:${id}`),
        `demo/exit-orders/${no.toLowerCase()}.pdf`,
        `retourrapport-${no}.pdf`,
        `Retourrapport ${no}`,
        [
          `Locatie ${loc.spec.locationNo} – ${loc.spec.description}`,
          `Order ${orderNo.get(o.id)} · retour op ${o.executedDate}`,
          ...o.lines.slice(0, 12).map((l) => `${l.quantity} × ${l.item.itemNo} ${l.item.name['nl-NL']}`),
        ],
      );
      files.push(report);
      out.exitOrderFiles.push({
        id: stableId('exit-order-file', `${id}:report`),
        exitOrderId: id,
        kind: 'document',
        fileId: report.id,
        caption: 'Retourrapport',
        sort: 100,
      });
    });

  // ── Lists of the demo users ───────────────────────────────────────────────────────────────
  const when = at(addDays(ref, -3), 10);
  const favourites: { user: string; loc: string | null; name: string; items: string[] }[] = [
    {
      user: 'uitvoerder@vandijk.nl',
      loc: null,
      name: 'Standaard bouwplaats',
      items: ['SK-1010', 'SU-1001', 'BH-1001', 'BHA-1001', 'BHA-1003', 'AG-1006', 'SV-1001', 'BL-1004'],
    },
    {
      user: 'uitvoerder@vandijk.nl',
      loc: 'P-24001',
      name: 'Verlichting en verwarming winter',
      items: ['LM-1001', 'BL-1004', 'BL-1009', 'HT-1004', 'BD-1003'],
    },
    {
      user: 'projectleider@infranoord.nl',
      loc: null,
      name: 'Road closure',
      items: ['VB-1032', 'VB-1005', 'BK-1004', 'BK-1007', 'BK-1009', 'BK-1010', 'VRI-1001'],
    },
    {
      user: 'm.hendriks@vandijk.nl',
      loc: 'P-24003',
      name: 'Afbouw',
      items: ['RS-1005', 'LD-1005', 'BD-1002', 'SL-1007'],
    },
  ];
  favourites.forEach((f, n) => {
    const id = stableId('favourite-list', n);
    out.favouriteLists.push({
      id,
      userId: users.get(f.user)!,
      locationId: f.loc ? locations[locByNo.get(f.loc)!].id : null,
      name: f.name,
      createdAt: when,
      updatedAt: when,
    });
    f.items.forEach((itemNo, i) => {
      out.favouriteListItems.push({ listId: id, itemId: byNo(itemNo).id, sort: i, createdAt: when });
    });
  });

  const orderListSpecs: {
    user: string;
    loc: string;
    name: string;
    lines: { itemNo?: string; setNo?: string; amount: number; comment?: string }[];
  }[] = [
    {
      user: 'uitvoerder@vandijk.nl',
      loc: 'P-24001',
      name: 'Bestellijst',
      lines: [
        { itemNo: 'TP-1002', amount: 1 },
        { itemNo: 'BH-1001', amount: 20 },
        { itemNo: 'BHA-1001', amount: 21 },
        { itemNo: 'BHA-1003', amount: 20, comment: 'Klemmen graag apart verpakt' },
      ],
    },
    {
      user: 'uitvoerder@vandijk.nl',
      loc: 'P-24001',
      name: 'Fase 2 – afzetting',
      lines: [{ setNo: 'SET-001', amount: 1 }],
    },
    {
      user: 'uitvoerder@vandijk.nl',
      loc: 'P-24003',
      name: 'Winter',
      lines: [
        { itemNo: 'HT-1004', amount: 2, comment: 'Inclusief brandstof graag' },
        { itemNo: 'BD-1003', amount: 1 },
      ],
    },
    {
      user: 'projectleider@infranoord.nl',
      loc: 'P-24008',
      name: 'Order list',
      lines: [
        { itemNo: 'VB-1032', amount: 4 },
        { itemNo: 'BK-1004', amount: 10 },
        { itemNo: 'LM-1004', amount: 1 },
      ],
    },
  ];
  orderListSpecs.forEach((spec, n) => {
    const id = stableId('order-list', n);
    out.orderLists.push({
      id,
      userId: users.get(spec.user)!,
      locationId: locations[locByNo.get(spec.loc)!].id,
      name: spec.name,
      createdAt: when,
      updatedAt: when,
    });
    let sort = 0;
    for (const line of spec.lines) {
      const lineId = stableId('order-list-line', `${id}:${sort}`);
      if (line.setNo) {
        out.orderListLines.push({
          id: lineId,
          orderListId: id,
          kind: 'set',
          setId: catalogue.setIdByNo.get(line.setNo)!,
          amount: line.amount,
          sort: sort++,
          createdAt: when,
          updatedAt: when,
        });
        for (const child of setSpecs.find((x) => x.setNo === line.setNo)!.lines) {
          if (!child.itemNo) continue;
          out.orderListLines.push({
            id: stableId('order-list-line', `${id}:${sort}`),
            orderListId: id,
            parentLineId: lineId,
            kind: 'item',
            itemId: byNo(child.itemNo).id,
            amount: child.amount * line.amount,
            sort: sort++,
            createdAt: when,
            updatedAt: when,
          });
        }
      } else {
        out.orderListLines.push({
          id: lineId,
          orderListId: id,
          kind: 'item',
          itemId: byNo(line.itemNo!).id,
          amount: line.amount,
          comment: line.comment ?? null,
          sort: sort++,
          createdAt: when,
          updatedAt: when,
        });
      }
    }
  });

  const removalFor: { user: string; loc: string; bulk: number; plants: number }[] = [
    { user: 'uitvoerder@vandijk.nl', loc: 'P-24001', bulk: 2, plants: 1 },
    { user: 'projectleider@infranoord.nl', loc: 'P-24008', bulk: 1, plants: 1 },
  ];
  removalFor.forEach((r, n) => {
    const li = locByNo.get(r.loc)!;
    const id = stableId('removal-list', n);
    out.removalLists.push({
      id,
      userId: users.get(r.user)!,
      locationId: locations[li].id,
      createdAt: when,
      updatedAt: when,
    });
    const bulk = [...bulkAt[li].entries()].filter(([, q]) => q > 1).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    rng.sample(bulk, r.bulk).forEach(([itemId, qty], i) => {
      out.removalListLines.push({
        id: stableId('removal-list-line', `${id}:b${i}`),
        removalListId: id,
        locationId: locations[li].id,
        itemId,
        returnAmount: Math.max(1, Math.floor(qty / 2)),
        comment: i === 0 ? 'Staat klaar bij de hoofdingang' : null,
        createdAt: when,
        updatedAt: when,
      });
    });
    const plants = simulation.plants
      .filter((p) => p.locationIndex === li)
      .sort((a, b) => (a.plantNo < b.plantNo ? -1 : 1));
    rng.sample(plants, r.plants).forEach((p, i) => {
      out.removalListLines.push({
        id: stableId('removal-list-line', `${id}:p${i}`),
        removalListId: id,
        locationId: locations[li].id,
        itemId: p.item.id,
        plantId: p.id,
        returnAmount: 1,
        createdAt: when,
        updatedAt: when,
      });
    });
  });

  return out;
}
