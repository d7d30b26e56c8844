import { rentCharges } from '@mp/contract/rules/rent';
import * as s from '../db/schema/index.ts';
import type { CataloguePlan } from './build-catalogue.ts';
import { addDays, addMonths, daysBetween, firstOfMonth } from './dates.ts';
import type { FileJob } from './file-jobs.ts';
import { pdfJob } from './file-jobs.ts';
import { stableId } from './random.ts';
import type { OrderInfo, OrgLocation, SimulationSummary } from './simulate.ts';
import { ArraySink, type RowSink } from './sink.ts';

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

export interface InvoicingInput {
  catalogue: CataloguePlan;
  locations: OrgLocation[];
  customerNames: Map<string, string>;
  simulation: SimulationSummary;
  referenceDate: string;
}

/** The invoicing run with all its rows (the fake Business Central). */
export function invoice(input: InvoicingInput): InvoicingResult {
  const sink = new ArraySink();
  const steps = invoicing(input, sink);
  while (!steps.next().done);
  return {
    invoices: sink.rows(s.salesInvoices),
    lines: sink.rows(s.salesInvoiceLines),
    files: sink.files,
    attachments: sink.rows(s.documentAttachments),
  };
}

/**
 * The invoicing run, each document pushed into `sink` with its lines, PDF and specification as it is made (pausing
 * after each); answers the invoices and credit memos (a few per location and month at any scale).
 */
export function* invoicing(
  input: InvoicingInput,
  sink: RowSink,
): Generator<void, Insert<typeof s.salesInvoices>[]> {
  const { catalogue, locations, simulation, referenceDate: ref } = input;
  const { days, timelines } = simulation;

  const ordersByLocation = locations.map(() => [] as OrderInfo[]);
  for (const o of simulation.orderInfos) if (o.status === 'done') ordersByLocation[o.locationIndex].push(o);

  // Documents are numbered in the order of (document date, location): the order they are made in, but for the
  // one correction, which follows the month of the invoice it corrects.
  const invoices: Insert<typeof s.salesInvoices>[] = [];
  const attachedLocations = new Set<number>();
  const emit = (d: Draft) => {
    const n = invoices.length;
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
    sink.file(pdf);
    const row: Insert<typeof s.salesInvoices> = {
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
    };
    invoices.push(row);
    sink.push(s.salesInvoices, row);
    d.lines.forEach((l, i) => {
      sink.push(s.salesInvoiceLines, {
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
      sink.file(spec);
      sink.push(s.documentAttachments, {
        id: stableId('attachment', d.id),
        invoiceId: d.id,
        fileId: spec.id,
        fileName: spec.fileName,
      });
    }
  };

  // One correction: two rental days too many on the first invoice with rent by the day.
  const byDay = (l: Draft['lines'][number]) => l.kind === 'rental' && l.priceUnit === 'day';
  let first: Draft | undefined;
  const thisMonth = firstOfMonth(ref);
  for (let k = 5; k >= 1; k--) {
    const from = addMonths(thisMonth, -k);
    const next = addMonths(thisMonth, -k + 1);
    const to = addDays(next, -1);
    const correcting = !first;
    for (let li = 0; li < locations.length; li++) {
      const loc = locations[li];
      if (loc.start > to || (loc.end && loc.end < from)) continue;
      const lines: Draft['lines'] = [];
      for (const [itemIndex, events] of timelines.byLocation[li]) {
        const item = catalogue.demoItems[itemIndex];
        const itemId = item.id;
        // events: [day, quantity, …] in date order.
        const dateAt = (i: number) => days.date(events[2 * i]);
        const count = events.length / 2;
        let qty = 0;
        let i = 0;
        while (i < count && dateAt(i) < from) qty += events[2 * i++ + 1];
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
        while (i < count && dateAt(i) < next) {
          const date = dateAt(i);
          flush(date);
          cursor = date;
          while (i < count && dateAt(i) === date) qty += events[2 * i++ + 1];
        }
        flush(next);
      }
      const credits: Draft['lines'] = [];
      for (const o of ordersByLocation[li]) {
        if (!o.executedDate || o.executedDate < from || o.executedDate > to) continue;
        const no = o.orderNo;
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
        const draft: Draft = {
          id: stableId('invoice', `${loc.spec.locationNo}:${from}`),
          kind: 'invoice',
          li,
          documentDate,
          periodFrom: from,
          periodTo: to,
          appliesTo: null,
          lines,
        };
        if (!first && lines.some(byDay)) first = draft;
        emit(draft);
      }
      if (credits.length > 0) {
        emit({
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
      yield;
    }
    if (correcting && first) {
      const line = first.lines.find(byDay)!;
      const qty = Number(line.quantity);
      const amount = money(Number(line.unitPrice) * 2 * qty);
      emit({
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
  }
  return invoices;
}
