/*
 * What the portal tells the ERP (decision 0027, "Portal → ERP"), in the portal's own words: the areas build these
 * payloads in the transaction of their own row (modules/requests, locations, complaints), the outbox stores them as
 * they were, and an adapter maps them onto its ERP (business-central/bc.deliver.ts).
 */

import type { RequestKind } from '@mp/contract/rules/request-status';

/** A request line; `lineNo` orders the lines, `parentLineNo` names the set line a child belongs to. */
export type RequestLinePayload = {
  lineNo: number;
  parentLineNo: number | null;
  itemNo: string | null;
  setNo: string | null;
  plantNo: string | null;
  amount: number;
  comment: string | null;
};

/** An address block as the request holds it (a snapshot of the work address, depot or typed address). */
export type AddressPayload = {
  addressCode: string | null;
  name: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  contactPerson: string | null;
  phone: string | null;
};

/** A new request of any kind (order, removal, relocation, transport). */
export type RequestPayload = {
  requestNo: string;
  kind: RequestKind;
  locationNo: string;
  requestedDate: string;
  expectedReturnDate: string | null;
  transportMeans: string | null;
  collect: boolean;
  rush: boolean;
  destinationKind: 'work_address' | 'depot' | 'other_address' | null;
  depotNo: string | null;
  targetLocationNo: string | null;
  destination: AddressPayload;
  origin: AddressPayload | null;
  transport: {
    loadingFrom: string | null;
    loadingUntil: string | null;
    unloadingDate: string | null;
    unloadingFrom: string | null;
    unloadingUntil: string | null;
    cargo: string | null;
  } | null;
  transportItemNo: string | null;
  appointmentCode: string | null;
  rushItemNo: string | null;
  commentCode: string | null;
  reference: string | null;
  comment: string | null;
  /** The requester's e-mail address. */
  requestedBy: string | null;
  /** ISO moment. */
  requestedAt: string;
  lines: RequestLinePayload[];
};

/** The requester or the department cancelled a request already announced. */
export type CancellationPayload = {
  requestNo: string;
  by: 'requester' | 'department';
  note: string | null;
};

/**
 * The department moved a request on (decision 0018) in the portal: taken, planned (or re-planned: its day), rejected
 * (with the reason) or carried out. A cancellation is its own message (CancellationPayload).
 */
export type StatusChangePayload = {
  requestNo: string;
  status: 'in_progress' | 'planned' | 'rejected' | 'done';
  /** The planned day (planned), else null. */
  plannedDate: string | null;
  /** The rejection's reason (rejected), else null. */
  note: string | null;
};

/** A new location asked for (LocatieAanvragen). */
export type LocationRequestPayload = {
  requestId: string;
  /** 'L-2026-000012': the ERP's external document number. */
  requestNo: string;
  customerNo: string | null;
  description: string;
  description2: string | null;
  projectNo: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  startDate: string | null;
  endDate: string | null;
  comment: string | null;
  requestedBy: string | null;
};

/** A new complaint with its first message. */
export type ComplaintPayload = {
  complaintNo: string;
  locationNo: string;
  type: string;
  subject: string;
  description: string;
  itemNo: string | null;
  plantNo: string | null;
  orderNo: string | null;
  invoiceNo: string | null;
  expectedResolutionDate: string | null;
  requestedBy: string | null;
};

/** A message to write: what it is, about which portal row, and its payload. */
export type NewOutboxMessage =
  | {
      kind: 'request';
      aggregate: 'plant_request';
      aggregateId: string;
      documentNo: string;
      payload: RequestPayload;
    }
  | {
      kind: 'cancellation';
      aggregate: 'plant_request';
      aggregateId: string;
      documentNo: string;
      payload: CancellationPayload;
    }
  | {
      kind: 'statusChange';
      aggregate: 'plant_request';
      aggregateId: string;
      documentNo: string;
      payload: StatusChangePayload;
    }
  | {
      kind: 'locationRequest';
      aggregate: 'location_request';
      aggregateId: string;
      documentNo: string;
      payload: LocationRequestPayload;
    }
  | {
      kind: 'complaint';
      aggregate: 'complaint';
      aggregateId: string;
      documentNo: string;
      payload: ComplaintPayload;
    };

export type OutboxAggregate = NewOutboxMessage['aggregate'];
