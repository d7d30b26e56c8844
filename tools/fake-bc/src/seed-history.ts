import type { buildCatalogue } from '../../../apps/server/src/seed/build-catalogue.ts';
import { invoice } from '../../../apps/server/src/seed/invoicing.ts';
import { customerSpecs, depotSpecs } from '../../../apps/server/src/seed/org-data.ts';
import { stableId } from '../../../apps/server/src/seed/random.ts';
import type { OrgLocation, simulate } from '../../../apps/server/src/seed/simulate.ts';
import { deriveLineAmounts } from './entity-types.ts';

/**
 * The demo company's documents (seed.ts's second half): the invoices and credit memos of the demo's invoicing run
 * with their lines, and the requests the portal sent with their lines and the sales orders of the processed ones.
 */

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
export const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v ? String(v) : '');
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export type Put = (set: string, data: Record<string, unknown>) => void;
type Simulation = ReturnType<typeof simulate>;

export function seedDocuments(
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

export function seedRequests(
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
