import type { DeliveryResult, ErpDelivery, OutboxMessage } from '../erp.port.ts';
import type {
  CancellationPayload,
  ComplaintPayload,
  LocationRequestPayload,
  RequestLinePayload,
  RequestPayload,
  StatusChangePayload,
} from '../outbox.messages.ts';
import type { BcClient } from './client.ts';
import { ErpError, errorOfAnswer, redact } from './errors.ts';

/*
 * The Business Central adapter's delivery of outbox messages (decision 0027, docs/erp/business-central.md §5, §6 and
 * §10): a request becomes a rentalRequest with its rentalRequestLines, a location request a projectLocationRequest,
 * a complaint a complaint with its first message, a cancellation or the department's move (taken, planned, rejected,
 * done) a PATCH of the request's status with If-Match.
 *
 * Idempotent: the portal's number is the document's externalDocumentNumber, and a retry (any try after the first:
 * an earlier one may have made the document) first asks for a document with that number — after a lost answer it
 * finds the first one and is done; a create answered 409 (Internal_EntityWithSameKeyExists) or lost on the way
 * back is looked up the same way. A first try creates at once: one call instead of two.
 *
 * Too large for one request (BusinessCentralMaximumMessageSize, or BC's 413): the header goes alone, then its lines
 * in JSON $batch parts under the maximum size (the client splits them); a retry completes the lines that are
 * missing (each line's sequence is its line number × 10000). Until the last part arrives the department could see
 * the request with part of its lines: the custom page shows lines as they come (docs/erp).
 */

/**
 * The outcome of an error: unavailable ERPs wait (not counted), answered failures retry, refusals are dead. An
 * unexpected error's text is kept for the admin without the secrets (`secrets`: the client secret).
 */
export function resultOf(e: unknown, secrets: readonly string[] = []): DeliveryResult {
  if (!(e instanceof ErpError))
    return {
      outcome: 'retry',
      afterSeconds: null,
      errorCode: 'ErpOutbox.fout.onverwacht',
      errorParams: { message: redact(String((e as Error)?.message ?? e), secrets).slice(0, 200) },
    };
  const wait = (code: string): DeliveryResult => ({
    outcome: 'retry',
    afterSeconds: e.retryAfterSeconds,
    errorCode: `ErpOutbox.wacht.${code}`,
    errorParams: e.params,
  });
  switch (e.kind) {
    case 'throttled':
      return wait('bezet');
    case 'auth':
    case 'configuration':
      return wait('aanmelding');
    case 'not_found':
      // a collection the portal writes to is missing: the rental API (the AL extension) or the company
      return wait('api_ontbreekt');
    case 'network':
    case 'timeout':
      // never connected (refused, no such host) or no token to call with: the ERP is down, nothing was sent; a
      // connection lost on the way (or a call that timed out) counts
      return e.params.step === 'token' ||
        ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(e.params.cause ?? '')
        ? wait('onbereikbaar')
        : { outcome: 'retry', afterSeconds: null, errorCode: e.code, errorParams: e.params };
    case 'refused':
    case 'too_large':
      return { outcome: 'refused', errorCode: e.code, errorParams: e.params };
    default:
      // unavailable (5xx), timeout, changed (412 again and again), exists without a document to find
      return {
        outcome: 'retry',
        afterSeconds: e.retryAfterSeconds,
        errorCode: e.code,
        errorParams: e.params,
      };
  }
}

/** An object without its null, undefined and empty fields (BC takes what is absent as its empty value). */
function present(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

const requestTypes = { order: 'Order', removal: 'Removal', relocation: 'Relocation', transport: 'Transport' };
const destinationTypes = { work_address: 'WorkAddress', depot: 'Depot', other_address: 'OtherAddress' };
const sequenceOf = (lineNo: number) => lineNo * 10000;

/** A request's header as BC's rentalRequest (docs/erp §10), without its lines. */
export function rentalRequestOf(p: RequestPayload): Record<string, unknown> {
  const d = p.destination;
  const o = p.origin;
  const t = p.transport;
  return present({
    externalDocumentNumber: p.requestNo,
    requestType: requestTypes[p.kind],
    projectLocationNumber: p.locationNo,
    requestedDate: p.requestedDate,
    expectedReturnDate: p.expectedReturnDate,
    transportMeans: p.transportMeans,
    collect: p.collect,
    rush: p.rush,
    destinationType: p.destinationKind ? destinationTypes[p.destinationKind] : null,
    locationCode: p.depotNo,
    workAddressCode: d.addressCode,
    targetProjectLocationNumber: p.targetLocationNo,
    shipToName: d.name,
    shipToAddressLine1: d.street,
    shipToPostCode: d.postcode,
    shipToCity: d.city,
    shipToContact: d.contactPerson,
    shipToPhoneNumber: d.phone,
    originWorkAddressCode: o?.addressCode,
    originAddressLine1: o?.street,
    originPostCode: o?.postcode,
    originCity: o?.city,
    originContact: o?.contactPerson,
    originPhoneNumber: o?.phone,
    loadingFrom: t?.loadingFrom,
    loadingUntil: t?.loadingUntil,
    unloadingDate: t?.unloadingDate,
    unloadingFrom: t?.unloadingFrom,
    unloadingUntil: t?.unloadingUntil,
    cargo: t?.cargo,
    transportItemNumber: p.transportItemNo,
    appointmentCode: p.appointmentCode,
    rushItemNumber: p.rushItemNo,
    commentCode: p.commentCode,
    reference: p.reference,
    comment: p.comment,
    requestedBy: p.requestedBy,
    requestedAt: p.requestedAt,
  });
}

export function rentalRequestLineOf(l: RequestLinePayload): Record<string, unknown> {
  return present({
    sequence: sequenceOf(l.lineNo),
    parentSequence: l.parentLineNo === null ? 0 : sequenceOf(l.parentLineNo),
    itemNumber: l.itemNo,
    setNumber: l.setNo,
    plantNumber: l.plantNo,
    quantity: l.amount,
    comment: l.comment,
  });
}

const statusesInErp = { in_progress: 'InProgress', planned: 'Planned', rejected: 'Rejected', done: 'Done' };

/** The department's move as the PATCH of a rentalRequest: its status, with the planned day or the reason. */
export function statusChangeOf(p: StatusChangePayload): Record<string, unknown> & { status: string } {
  return {
    status: statusesInErp[p.status],
    ...(p.status === 'planned' && p.plannedDate ? { plannedDate: p.plannedDate } : {}),
    ...(p.status === 'rejected' ? { rejectionReason: p.note ?? '' } : {}),
  };
}

function locationRequestOf(p: LocationRequestPayload): Record<string, unknown> {
  return present({
    externalDocumentNumber: p.requestNo,
    customerNumber: p.customerNo,
    description: p.description,
    description2: p.description2,
    projectNumber: p.projectNo,
    addressLine1: p.street,
    postalCode: p.postcode,
    city: p.city,
    startDate: p.startDate,
    endDate: p.endDate,
    comment: p.comment,
    requestedBy: p.requestedBy,
  });
}

function complaintOf(p: ComplaintPayload): Record<string, unknown> {
  return {
    ...present({
      externalDocumentNumber: p.complaintNo,
      projectLocationNumber: p.locationNo,
      type: p.type,
      subject: p.subject,
      itemNumber: p.itemNo,
      plantNumber: p.plantNo,
      orderNumber: p.orderNo,
      invoiceNumber: p.invoiceNo,
      expectedResolutionDate: p.expectedResolutionDate,
      requestedBy: p.requestedBy,
    }),
    complaintMessages: [{ author: 'User', message: p.description }],
  };
}

interface Found {
  id: string;
  etag: string | null;
  status: string | null;
  plannedDate?: string | null;
}

const bytesOf = (body: unknown) => Buffer.byteLength(JSON.stringify(body));
const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;

export class BcDelivery implements ErpDelivery {
  private readonly client: BcClient;

  constructor(client: BcClient) {
    this.client = client;
  }

  async deliver(message: OutboxMessage, signal?: AbortSignal): Promise<DeliveryResult> {
    try {
      switch (message.kind) {
        case 'request':
          return await this.request(message.payload as unknown as RequestPayload, message.firstTry, signal);
        case 'cancellation': {
          const p = message.payload as unknown as CancellationPayload;
          return await this.setStatus(message, p.requestNo, { status: 'Cancelled' }, signal);
        }
        case 'statusChange': {
          const p = message.payload as unknown as StatusChangePayload;
          return await this.setStatus(message, p.requestNo, statusChangeOf(p), signal);
        }
        case 'locationRequest':
          return await this.create(
            'projectLocationRequests',
            message,
            locationRequestOf(message.payload as unknown as LocationRequestPayload),
            signal,
          );
        case 'complaint':
          return await this.create(
            'complaints',
            message,
            complaintOf(message.payload as unknown as ComplaintPayload),
            signal,
          );
      }
    } catch (e) {
      if (signal?.aborted) return resultOf(new ErpError('timeout'));
      return resultOf(e, [this.client.connection.clientSecret]);
    }
  }

  /** The document with this external document number, or null. */
  private async find(collection: string, documentNo: string, signal?: AbortSignal): Promise<Found | null> {
    const filter = encodeURIComponent(`externalDocumentNumber eq ${quoted(documentNo)}`);
    const select = collection.endsWith('/rentalRequests') ? 'id,status,plannedDate' : 'id,status';
    const page = await this.client.page(`${collection}?$filter=${filter}&$select=${select}`, signal);
    const row = page.value[0];
    if (!row || typeof row.id !== 'string') return null;
    const etag = row['@odata.etag'];
    return {
      id: row.id,
      etag: typeof etag === 'string' ? etag : null,
      status: typeof row.status === 'string' ? row.status : null,
      plannedDate: typeof row.plannedDate === 'string' ? row.plannedDate : null,
    };
  }

  /**
   * A create whose answer may be lost: posted, and on a 409 or an answer lost on the way back looked up by its number
   * (the first try got through). `created`: this call made it (a deep insert is all or nothing: whole).
   */
  private async post(
    collection: string,
    documentNo: string,
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<{ doc: Found; created: boolean }> {
    try {
      const { body: made, etag } = await this.client.post(collection, body, signal);
      return { doc: { id: String(made.id), etag, status: null }, created: true };
    } catch (e) {
      const lost = e instanceof ErpError && ['exists', 'network', 'timeout', 'unavailable'].includes(e.kind);
      if (!lost || signal?.aborted) throw e;
      const after = await this.find(collection, documentNo, signal);
      if (after) return { doc: after, created: false };
      throw e;
    }
  }

  /** A location request or a complaint: found by its number (a retry), else created. */
  private async create(
    set: string,
    message: OutboxMessage,
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<DeliveryResult> {
    const collection = await this.client.companyUrl('rental', set, signal);
    const documentNo = message.documentNo;
    const doc =
      (message.firstTry ? null : await this.find(collection, documentNo, signal)) ??
      (await this.post(collection, documentNo, body, signal)).doc;
    return { outcome: 'sent', erpId: doc.id, etag: doc.etag };
  }

  /**
   * A rental request: with its lines in one deep insert when it fits; else (or when BC answers 413) its header, then
   * its lines in $batch parts. A document found by its number — a retry, or a lost answer — may hold only part of
   * its lines (a split try cut short): the missing ones are completed.
   */
  private async request(
    p: RequestPayload,
    firstTry: boolean | undefined,
    signal?: AbortSignal,
  ): Promise<DeliveryResult> {
    const collection = await this.client.companyUrl('rental', 'rentalRequests', signal);
    const header = rentalRequestOf(p);
    const lines = p.lines.map(rentalRequestLineOf);
    const whole = { ...header, rentalRequestLines: lines };
    let doc = firstTry ? null : await this.find(collection, p.requestNo, signal);
    if (!doc && bytesOf(whole) <= this.client.connection.maxMessageBytes) {
      try {
        const posted = await this.post(collection, p.requestNo, whole, signal);
        if (posted.created) return { outcome: 'sent', erpId: posted.doc.id, etag: posted.doc.etag };
        doc = posted.doc;
      } catch (e) {
        // BC's own limit is below the setting: split as below
        if (!(e instanceof ErpError && e.kind === 'too_large')) throw e;
      }
    }
    doc ??= (await this.post(collection, p.requestNo, header, signal)).doc;
    const added = await this.completeLines(collection, doc.id, lines, signal);
    if (added === 0 && doc.etag) return { outcome: 'sent', erpId: doc.id, etag: doc.etag };
    // the header's ETag changed with every line
    const { etag } = await this.client.get(`${collection}(${doc.id})?$select=id`, signal);
    return { outcome: 'sent', erpId: doc.id, etag };
  }

  /** Posts the lines the document does not have yet, in $batch parts under the maximum size: how many. */
  private async completeLines(
    collection: string,
    id: string,
    lines: Record<string, unknown>[],
    signal?: AbortSignal,
  ): Promise<number> {
    const have = new Set<number>();
    for await (const page of this.client.pages(
      `${collection}(${id})/rentalRequestLines?$select=sequence`,
      signal,
    ))
      for (const l of page.value) have.add(Number(l.sequence));
    const missing = lines.filter((l) => !have.has(Number(l.sequence)));
    if (missing.length === 0) return 0;
    const companyId = await this.client.companyId(signal);
    const answers = await this.client.batch(
      'rental',
      missing.map((line) => ({
        method: 'POST',
        url: `companies(${companyId})/rentalRequests(${id})/rentalRequestLines`,
        body: line,
      })),
      { isolation: true, signal },
    );
    const failed = answers.find((a) => a.status >= 400 && a.status !== 424);
    if (failed) throw errorOfAnswer(failed.status, failed.body, { secrets: [] });
    return missing.length;
  }

  /**
   * PATCH the request's status (Cancelled, or the department's move with its planned day or reason) with If-Match:
   * the stored ETag of the request's document first; 412 (it changed at the ERP meanwhile) reads it again and retries
   * with the new one. A document already in that status (with that day) is done.
   */
  private async setStatus(
    message: OutboxMessage,
    requestNo: string,
    body: Record<string, unknown> & { status: string },
    signal?: AbortSignal,
  ): Promise<DeliveryResult> {
    const collection = await this.client.companyUrl('rental', 'rentalRequests', signal);
    let doc: Found | null =
      message.erpId && message.etag ? { id: message.erpId, etag: message.etag, status: null } : null;
    let lastChange: ErpError | null = null;
    for (let attempt = 0; attempt < 3; attempt++) {
      doc ??= await this.find(collection, requestNo, signal);
      if (!doc)
        return {
          outcome: 'refused',
          errorCode: 'ErpOutbox.fout.document_onbekend',
          errorParams: { documentNo: requestNo },
        };
      if (
        doc.status === body.status &&
        (body.plannedDate === undefined || doc.plannedDate === body.plannedDate)
      )
        return { outcome: 'sent', erpId: doc.id, etag: doc.etag };
      // why: never If-Match: * on the portal's own documents (docs/erp §5): without an ETag, read the record's
      const etag = doc.etag ?? (await this.client.get(`${collection}(${doc.id})?$select=id`, signal)).etag;
      if (!etag) throw new ErpError('refused', { params: { what: 'etag' } });
      try {
        const { etag: after } = await this.client.patch(`${collection}(${doc.id})`, body, etag, signal);
        return { outcome: 'sent', erpId: doc.id, etag: after };
      } catch (e) {
        if (!(e instanceof ErpError && e.kind === 'changed')) throw e;
        lastChange = e;
        doc = null;
      }
    }
    throw lastChange;
  }
}
