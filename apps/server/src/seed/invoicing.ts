import { rentCharges } from '@mp/contract/rules/rent';
import type * as s from '../db/schema/index.ts';
import type { CataloguePlan } from './build-catalogue.ts';
import { addDays, addMonths, daysBetween, firstOfMonth } from './dates.ts';
import type { FileJob } from './file-jobs.ts';
import { pdfJob } from './file-jobs.ts';
import { stableId } from './random.ts';
import type { OrderInfo, OrgLocation, SimulationResult } from './simulate.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/**
 * Monthly invoicing run over the simulated history: rent for every day an item was on site (whole weeks at the
 * week price and the days at the day price as lines of their own, contract rules/rent.ts), sales on delivery, order
 * costs, and credit memos for buy-back returns plus one correction.
 */

export interface InvoicingResult {
  invoices: Insert<typeof s.salesInvoices>[];
  lines: Insert<typeof s.salesInvoiceLines>[];
  files: FileJob[];
  attachments: Insert<typeof s.documentAttachments>[];
}

const VAT = 0.21;
const money = (x: number) => Math.round(x * 100) / 100;
const fmt = (x: number) => `€ ${x.toFixed(2).replace('.', ',')}`;

interface Draft {
  id: string;
  kind: 'invoice' | 'credit_memo';
  li: number;
  documentDate: string;
  periodFrom: string;
  periodTo: string;
  appliesTo: string | null;
  lines: Omit<Insert<typeof s.salesInvoiceLines>, 'id' | 'invoiceId' | 'lineNo'>[];
}

export function invoice(input: {
  catalogue: CataloguePlan;
  locations: OrgLocation[];
  customerNames: Map<string, string>;
  simulation: SimulationResult;
  referenceDate: string;
}): InvoicingResult {
  const { catalogue, locations, simulation, referenceDate: ref } = input;
  const itemById = new Map(catalogue.demoItems.map((i) => [i.id, i]));
  const orderNo = new Map(simulation.orders.map((o) => [o.id!, o.orderNo!]));
  const locIndex = new Map(locations.map((l, i) => [l.id, i]));

  // Rental timelines: (location, item) → dated quantity changes.
  const timelines = locations.map(() => new Map<string, [string, number][]>());
  for (const e of simulation.ledger) {
    if (!e.locationId || e.kind === 'sale') continue;
    const item = itemById.get(e.itemId)!;
    if (item.rentalType !== 'Verhuur') continue;
    const li = locIndex.get(e.locationId)!;
    const list = timelines[li].get(e.itemId) ?? [];
    list.push([e.entryDate, e.quantity]);
    timelines[li].set(e.itemId, list);
  }
  for (const map of timelines)
    for (const list of map.values()) list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  const ordersByLocation = locations.map(() => [] as OrderInfo[]);
  for (const o of simulation.orderInfos) if (o.status === 'done') ordersByLocation[o.locationIndex].push(o);

  const drafts: Draft[] = [];
  const thisMonth = firstOfMonth(ref);
  for (let k = 5; k >= 1; k--) {
    const from = addMonths(thisMonth, -k);
    const next = addMonths(thisMonth, -k + 1);
    const to = addDays(next, -1);
    locations.forEach((loc, li) => {
      if (loc.start > to || (loc.end && loc.end < from)) return;
      const lines: Draft['lines'] = [];
      for (const [itemId, events] of timelines[li]) {
        const item = itemById.get(itemId)!;
        let qty = 0;
        let i = 0;
        while (i < events.length && events[i][0] < from) qty += events[i++][1];
        let cursor = from;
        const flush = (until: string) => {
          const days = daysBetween(cursor, until);
          if (qty > 0 && days > 0) {
            const cents = (x: number | null) => (x === null ? null : Math.round(x * 100));
            let start = cursor;
            for (const part of rentCharges(days, cents(item.dayPrice) ?? 0, cents(item.weekPrice))) {
              lines.push({
                kind: 'rental',
                itemId,
                description: `Huur ${item.name['nl-NL']}`,
                periodFrom: start,
                periodTo: addDays(start, part.days - 1),
                days: part.days,
                quantity: String(qty),
                priceUnit: part.unit,
                unitCount: part.count,
                unitPrice: (part.priceCents / 100).toFixed(2),
                amount: ((part.priceCents * part.count * qty) / 100).toFixed(2),
              });
              start = addDays(start, part.days);
            }
          }
        };
        while (i < events.length && events[i][0] < next) {
          const date = events[i][0];
          flush(date);
          cursor = date;
          while (i < events.length && events[i][0] === date) qty += events[i++][1];
        }
        flush(next);
      }
      const credits: Draft['lines'] = [];
      for (const o of ordersByLocation[li]) {
        if (!o.executedDate || o.executedDate < from || o.executedDate > to) continue;
        const no = orderNo.get(o.id);
        for (const l of o.lines) {
          if (o.kind === 'delivery' && l.item.salePrice !== null && l.item.rentalType !== 'Verhuur') {
            lines.push({
              kind: 'sale',
              itemId: l.item.id,
              orderId: o.id,
              description: `Verkoop ${l.item.name['nl-NL']} (order ${no})`,
              quantity: String(l.quantity),
              unitPrice: l.item.salePrice.toFixed(2),
              amount: money(l.item.salePrice * l.quantity).toFixed(2),
            });
          }
          if (
            o.kind === 'removal' &&
            l.item.rentalType === 'Verkoop_Terugkoop' &&
            l.item.buyBackPrice !== null
          ) {
            const price = l.item.buyBackPrice;
            credits.push({
              kind: 'credit',
              itemId: l.item.id,
              orderId: o.id,
              description: `Terugname ${l.item.name['nl-NL']} (order ${no})`,
              quantity: String(l.quantity),
              unitPrice: price.toFixed(2),
              amount: money(price * l.quantity).toFixed(2),
            });
          }
        }
        for (const c of o.costs) {
          lines.push({
            kind: 'cost',
            orderId: o.id,
            description: `${c.description} (order ${no})`,
            quantity: '1',
            unitPrice: c.amount.toFixed(2),
            amount: c.amount.toFixed(2),
          });
        }
      }
      const documentDate = next;
      if (lines.length > 0) {
        drafts.push({
          id: stableId('invoice', `${loc.spec.locationNo}:${from}`),
          kind: 'invoice',
          li,
          documentDate,
          periodFrom: from,
          periodTo: to,
          appliesTo: null,
          lines,
        });
      }
      if (credits.length > 0) {
        drafts.push({
          id: stableId('credit-memo', `${loc.spec.locationNo}:${from}`),
          kind: 'credit_memo',
          li,
          documentDate,
          periodFrom: from,
          periodTo: to,
          appliesTo: null,
          lines: credits,
        });
      }
    });
  }

  // One correction: two rental days too many on the first invoice with rent by the day.
  const byDay = (l: Draft['lines'][number]) => l.kind === 'rental' && l.priceUnit === 'day';
  const first = drafts.find((d) => d.kind === 'invoice' && d.lines.some(byDay));
  if (first) {
    const line = first.lines.find(byDay)!;
    const qty = Number(line.quantity);
    const amount = money(Number(line.unitPrice) * 2 * qty);
    drafts.push({
      id: stableId('credit-memo', `correction:${first.id}`),
      kind: 'credit_memo',
      li: first.li,
      documentDate: addDays(first.documentDate, 9),
      periodFrom: first.periodFrom,
      periodTo: first.periodTo,
      appliesTo: first.id,
      lines: [
        {
          kind: 'credit',
          itemId: line.itemId,
          description: `Correctie: 2 huurdagen te veel berekend – ${line.description}`,
          periodFrom: line.periodFrom,
          periodTo: line.periodTo,
          days: null,
          quantity: line.quantity,
          priceUnit: 'day',
          unitCount: 2,
          unitPrice: line.unitPrice,
          amount: amount.toFixed(2),
        },
      ],
    });
  }

  drafts.sort((a, b) =>
    a.documentDate < b.documentDate ? -1 : a.documentDate > b.documentDate ? 1 : a.li - b.li,
  );
  const invoices: InvoicingResult['invoices'] = [];
  const lines: InvoicingResult['lines'] = [];
  const files: FileJob[] = [];
  const attachments: InvoicingResult['attachments'] = [];
  const attachedLocations = new Set<number>();
  drafts.forEach((d, n) => {
    const loc = locations[d.li];
    const documentNo = `${d.kind === 'invoice' ? 'F' : 'C'}-${d.documentDate.slice(0, 4)}-${String(n + 1).padStart(6, '0')}`;
    const net = money(d.lines.reduce((sum, l) => sum + Number(l.amount), 0));
    const vat = money(net * VAT);
    const dueDate = addDays(d.documentDate, 30);
    const pdf = pdfJob(
      stableId('file', `invoice:${d.id}`),
      `demo/invoices/${documentNo.toLowerCase()}.pdf`,
      `${documentNo}.pdf`,
      `${d.kind === 'invoice' ? 'Factuur' : 'Creditnota'} ${documentNo}`,
      [
        input.customerNames.get(loc.customerId) ?? '',
        `Locatie ${loc.spec.locationNo} – ${loc.spec.description}`,
        `Factuurdatum ${d.documentDate} · vervaldatum ${dueDate} · periode ${d.periodFrom} t/m ${d.periodTo}`,
        { text: 'Omschrijving', bold: true, gap: 10 },
        ...d.lines
          .slice(0, 45)
          .map(
            (l) =>
              `${l.description} · ${l.quantity} × ${l.unitCount ? `${l.unitCount} ${l.priceUnit === 'week' ? 'wk' : 'dg'} × ` : ''}${fmt(Number(l.unitPrice))} = ${fmt(Number(l.amount))}`,
          ),
        ...(d.lines.length > 45 ? [`… en ${d.lines.length - 45} regels meer`] : []),
        { text: `Totaal excl. btw ${fmt(net)}`, bold: true, gap: 10 },
        `Btw 21% ${fmt(vat)}`,
        { text: `Totaal ${fmt(net + vat)}`, bold: true },
      ],
    );
    files.push(pdf);
    invoices.push({
      id: d.id,
      documentNo,
      kind: d.kind,
      status: dueDate < addDays(ref, -3) ? 'paid' : 'open',
      customerId: loc.customerId,
      locationId: loc.id,
      appliesToInvoiceId: d.appliesTo,
      documentDate: d.documentDate,
      dueDate,
      periodFrom: d.periodFrom,
      periodTo: d.periodTo,
      amountExclVat: net.toFixed(2),
      vatAmount: vat.toFixed(2),
      amountInclVat: money(net + vat).toFixed(2),
      yourReference: loc.spec.projectNumber,
      pdfFileId: pdf.id,
    });
    d.lines.forEach((l, i) => {
      lines.push({
        ...l,
        id: stableId('invoice-line', `${d.id}:${i}`),
        invoiceId: d.id,
        lineNo: (i + 1) * 10000,
      });
    });
    if (d.kind === 'credit_memo' || !attachedLocations.has(d.li)) {
      attachedLocations.add(d.li);
      const spec = pdfJob(
        stableId('file', `invoice-spec:${d.id}`),
        `demo/invoices/${documentNo.toLowerCase()}-specificatie.pdf`,
        `${documentNo}-specificatie.pdf`,
        `Specificatie ${documentNo}`,
        [
          `Locatie ${loc.spec.locationNo} – ${loc.spec.description}`,
          `Aantal regels: ${d.lines.length}`,
          `Totaal excl. btw ${fmt(net)}`,
        ],
      );
      files.push(spec);
      attachments.push({
        id: stableId('attachment', d.id),
        invoiceId: d.id,
        fileId: spec.id,
        fileName: spec.fileName,
      });
    }
  });
  return { invoices, lines, files, attachments };
}
