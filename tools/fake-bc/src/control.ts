import type { Clock } from './clock.ts';
import type { Fault, FaultSpec, Faults } from './faults.ts';
import { BcError } from './http-util.ts';
import { parseQuery, readPage } from './odata-query.ts';
import type { Records } from './records.ts';
import type { Entry } from './store.ts';
import type { Delivery, Webhooks } from './webhooks.ts';

/**
 * The fake's control API — not Business Central's: what a test or a demo does to the ERP's side. Seed the demo
 * company again; read, create, change and delete records as the ERP itself (read-only fields included, webhooks
 * notified); change many at once; post an invoice; turn received rental requests into sales orders; move the clock;
 * read the calls the fake received (with their headers) and the webhook deliveries it made; inject faults. In
 * process as `FakeBc.control`, over HTTP under /_fake/ (docs/erp/business-central.md lists the routes).
 */

export interface RecordedCall {
  at: string;
  method: string;
  path: string;
  query: string;
  /** Lower-case names; the bearer token is not kept. */
  headers: Record<string, string>;
  status: number;
  /** The JSON body of a write (never the token request's, which holds the client secret). */
  body?: unknown;
}

export interface InvoiceInput {
  customerNumber: string;
  projectLocationNumber?: string;
  invoiceDate?: string;
  dueDate?: string;
  number?: string;
  lines: {
    itemNumber?: string;
    description?: string;
    quantity: number;
    unitPrice: number;
    discountPercent?: number;
  }[];
}

export class FakeControl {
  readonly calls: RecordedCall[] = [];
  private readonly records: Records;
  private readonly webhooks: Webhooks;
  private readonly faultList: Faults;
  private readonly clock: Clock;
  private readonly reseed: (options: { scale?: number; historyScale?: number }) => Record<string, number>;

  constructor(deps: {
    records: Records;
    webhooks: Webhooks;
    faults: Faults;
    clock: Clock;
    reseed: (options: { scale?: number; historyScale?: number }) => Record<string, number>;
  }) {
    this.records = deps.records;
    this.webhooks = deps.webhooks;
    this.faultList = deps.faults;
    this.clock = deps.clock;
    this.reseed = deps.reseed;
  }

  /** A new demo company (subscriptions stay; nothing is notified). */
  seed(options: { scale?: number; historyScale?: number } = {}): Record<string, number> {
    return this.reseed(options);
  }

  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [set, c] of this.records.store.collections) out[set] = c.entries.length;
    return out;
  }

  /** The records of a set as the API shows them, optionally under a $filter (and $expand). */
  list(
    set: string,
    options: { filter?: string; expand?: string; top?: number } = {},
  ): Record<string, unknown>[] {
    const def = this.records.def(set);
    const params: [string, string][] = [];
    if (options.filter) params.push(['$filter', options.filter]);
    if (options.expand) params.push(['$expand', options.expand]);
    const q = parseQuery(this.records.defs, def, params);
    const page = readPage(
      def,
      this.records.store.collection(set).entries,
      q,
      options.top ?? Number.POSITIVE_INFINITY,
    );
    return page.records.map((e) => this.records.json(def, e, q));
  }

  get(set: string, id: string): Record<string, unknown> {
    return this.records.json(this.records.def(set), this.entry(set, id));
  }

  create(set: string, data: Record<string, unknown>): Record<string, unknown> {
    const entry = this.records.store.transaction(() => this.records.create(set, data, { asErp: true }));
    return this.records.json(this.records.def(set), entry);
  }

  update(set: string, id: string, changes: Record<string, unknown>): Record<string, unknown> {
    const entry = this.entry(set, id);
    const updated = this.records.store.transaction(() =>
      this.records.update(set, entry, changes, { asErp: true }),
    );
    return this.records.json(this.records.def(set), updated);
  }

  remove(set: string, id: string): void {
    const entry = this.entry(set, id);
    this.records.store.transaction(() => this.records.remove(set, entry));
  }

  /**
   * Changes `count` records of a set (the first ones in its order, under `filter`), in one transaction: applies
   * `changes`, or only marks them changed (a new lastModifiedDateTime and ETag). The ids changed.
   */
  touch(
    set: string,
    options: { count?: number; filter?: string; changes?: Record<string, unknown> } = {},
  ): string[] {
    const def = this.records.def(set);
    const q = parseQuery(this.records.defs, def, options.filter ? [['$filter', options.filter]] : []);
    const page = readPage(
      def,
      this.records.store.collection(set).entries,
      q,
      options.count ?? Number.POSITIVE_INFINITY,
    );
    const ids = page.records.map((e) => e.id);
    this.records.store.transaction(() => {
      for (const id of ids)
        this.records.update(set, this.records.store.get(set, id)!, options.changes ?? {}, { asErp: true });
    });
    return ids;
  }

  /** Posts a sales invoice with its lines (the ERP's invoicing run): status Open, dated today unless given. */
  postInvoice(input: InvoiceInput): Record<string, unknown> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const due = new Date(Date.parse(input.invoiceDate ?? today) + 30 * 86_400_000).toISOString().slice(0, 10);
    const entry = this.records.store.transaction(() =>
      this.records.create(
        'salesInvoices',
        {
          ...(input.number ? { number: input.number } : {}),
          customerNumber: input.customerNumber,
          invoiceDate: input.invoiceDate ?? today,
          postingDate: input.invoiceDate ?? today,
          dueDate: input.dueDate ?? due,
          shortcutDimension2Code: input.projectLocationNumber ?? '',
          status: 'Open',
          salesInvoiceLines: input.lines.map((l) => ({
            lineType: l.itemNumber ? 'Item' : 'Account',
            lineObjectNumber: l.itemNumber ?? '8000',
            description:
              l.description ??
              (l.itemNumber
                ? this.records.store.collection('items').find('number', l.itemNumber)?.data.displayName
                : '') ??
              '',
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            discountPercent: l.discountPercent ?? 0,
          })),
        },
        { asErp: true },
      ),
    );
    return this.records.json(this.records.def('salesInvoices'), entry, { expand: [] });
  }

  /**
   * The equipment department takes received rental requests (all, or the one with this number): status InProgress,
   * and an Order request becomes a sales order with its lines (externalDocumentNumber = the request's number).
   */
  processRentalRequests(externalDocumentNumber?: string): Record<string, unknown>[] {
    const requests = this.records.store
      .collection('rentalRequests')
      .entries.filter(
        (e) =>
          e.data.status === 'Received' &&
          (externalDocumentNumber === undefined || e.data.externalDocumentNumber === externalDocumentNumber),
      );
    const done: Record<string, unknown>[] = [];
    for (const request of requests) {
      const updated = this.records.store.transaction(() => {
        const r = request.data;
        let salesOrderNumber = '';
        if (r.requestType === 'Order') {
          const location = this.records.store
            .collection('projectLocations')
            .find('number', r.projectLocationNumber);
          const lines = this.records.store.collection('rentalRequestLines').having('documentId', request.id);
          const order = this.records.create(
            'salesOrders',
            {
              externalDocumentNumber: r.externalDocumentNumber,
              customerNumber: location?.data.customerNumber ?? r.customerNumber,
              orderDate: this.clock.now().toISOString().slice(0, 10),
              requestedDeliveryDate: r.requestedDate,
              shortcutDimension2Code: r.projectLocationNumber,
              shipToName: r.shipToName || location?.data.description || '',
              shipToContact: r.shipToContact ?? '',
              shipToAddressLine1: r.shipToAddressLine1 || location?.data.addressLine1 || '',
              shipToPostCode: r.shipToPostCode || location?.data.postalCode || '',
              shipToCity: r.shipToCity || location?.data.city || '',
              status: 'Open',
              salesOrderLines: lines
                .filter((l) => l.data.itemNumber)
                .map((l) => {
                  const rental = this.records.store
                    .collection('rentalItems')
                    .find('itemNumber', l.data.itemNumber);
                  return {
                    lineType: 'Item',
                    lineObjectNumber: l.data.itemNumber,
                    description:
                      this.records.store.collection('items').find('number', l.data.itemNumber)?.data
                        .displayName ?? '',
                    quantity: l.data.quantity,
                    unitPrice: Number(rental?.data.dayPrice || rental?.data.salePrice || 0),
                    shipmentDate: r.requestedDate,
                  };
                }),
            },
            { asErp: true },
          );
          salesOrderNumber = String(order.data.number);
        }
        return this.records.update(
          'rentalRequests',
          request,
          { status: 'InProgress', salesOrderNumber },
          { asErp: true },
        );
      });
      done.push(this.records.json(this.records.def('rentalRequests'), updated));
    }
    return done;
  }

  now(): string {
    return this.clock.now().toISOString();
  }

  /** Moves the clock forward: tokens and subscriptions expire on it. */
  advanceClock(ms: number): string {
    this.clock.advance(ms);
    this.webhooks.expire();
    return this.now();
  }

  recordedCalls(filter: { method?: string; path?: string } = {}): RecordedCall[] {
    return this.calls.filter(
      (c) =>
        (!filter.method || c.method === filter.method.toUpperCase()) &&
        (!filter.path || c.path.includes(filter.path)),
    );
  }

  clearCalls(): void {
    this.calls.length = 0;
  }

  addFault(spec: FaultSpec): Fault {
    return this.faultList.add(spec);
  }

  faults(): Fault[] {
    return this.faultList.list;
  }

  clearFaults(): void {
    this.faultList.clear();
  }

  subscriptions(): Record<string, unknown>[] {
    this.webhooks.expire();
    return this.webhooks.list();
  }

  deliveries(): Delivery[] {
    return this.webhooks.deliveries;
  }

  /** Sends the queued notifications now instead of after the delay. */
  flushNotifications(): Promise<Delivery[]> {
    return this.webhooks.flush();
  }

  private entry(set: string, id: string): Entry {
    const entry = this.records.store.get(set, id);
    if (!entry) throw new BcError(404, 'BadRequest_NotFound', `No ${set}(${id}).`);
    return entry;
  }
}

/** The control API over HTTP: /_fake/… → FakeControl. */
export async function handleControl(
  control: FakeControl,
  info: Record<string, unknown>,
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
): Promise<{ status: number; json?: unknown }> {
  const parts = path
    .replace(/^\/_fake\/?/, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
  const b = (body ?? {}) as Record<string, unknown>;
  const route = `${method} ${parts[0] ?? ''}`;
  try {
    switch (route) {
      case 'GET ':
        return { status: 200, json: { ...info, now: control.now(), counts: control.counts() } };
      case 'POST seed':
        return {
          status: 200,
          json: { counts: control.seed(b as { scale?: number; historyScale?: number }) },
        };
      case 'GET records':
        if (parts.length === 3) return { status: 200, json: control.get(parts[1], parts[2]) };
        return {
          status: 200,
          json: {
            value: control.list(parts[1], {
              filter: query.get('$filter') ?? undefined,
              expand: query.get('$expand') ?? undefined,
              top: query.has('$top') ? Number(query.get('$top')) : undefined,
            }),
          },
        };
      case 'POST records':
        return { status: 201, json: control.create(parts[1], b) };
      case 'PATCH records':
        return { status: 200, json: control.update(parts[1], parts[2], b) };
      case 'DELETE records':
        control.remove(parts[1], parts[2]);
        return { status: 204 };
      case 'POST touch':
        return { status: 200, json: { ids: control.touch(parts[1], b) } };
      case 'POST post-invoice':
        return { status: 201, json: control.postInvoice(b as unknown as InvoiceInput) };
      case 'POST process-rental-requests':
        return {
          status: 200,
          json: { value: control.processRentalRequests(b.externalDocumentNumber as string | undefined) },
        };
      case 'POST clock': {
        const ms = Number(b.advanceMs ?? 0) + Number(b.advanceDays ?? 0) * 86_400_000;
        return { status: 200, json: { now: control.advanceClock(ms) } };
      }
      case 'GET calls':
        return {
          status: 200,
          json: {
            value: control.recordedCalls({
              method: query.get('method') ?? undefined,
              path: query.get('path') ?? undefined,
            }),
          },
        };
      case 'DELETE calls':
        control.clearCalls();
        return { status: 204 };
      case 'GET faults':
        return { status: 200, json: { value: control.faults() } };
      case 'POST faults':
        return { status: 201, json: control.addFault(b as unknown as FaultSpec) };
      case 'DELETE faults':
        control.clearFaults();
        return { status: 204 };
      case 'GET subscriptions':
        return { status: 200, json: { value: control.subscriptions() } };
      case 'GET notifications':
        return { status: 200, json: { value: control.deliveries() } };
      case 'POST notifications':
        if (parts[1] === 'flush') return { status: 200, json: { value: await control.flushNotifications() } };
        break;
    }
    return {
      status: 404,
      json: { error: { code: 'NotFound', message: `No control route ${method} ${path}.` } },
    };
  } catch (e) {
    if (e instanceof BcError)
      return { status: e.status, json: { error: { code: e.code, message: e.message } } };
    return { status: 400, json: { error: { code: 'BadRequest', message: (e as Error).message } } };
  }
}
