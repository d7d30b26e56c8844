import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './catalogue.ts';
import { moment, timestamps } from './common.ts';
import { users } from './identity.ts';
import { orderLists } from './lists.ts';
import { depots, plantLocations, workAddresses } from './locations.ts';
import { plants } from './plants.ts';
import { sets } from './sets.ts';

/** aanvraag: bestellen, afvoeren, verplaatsen, transport-aanvraag. */
export const requestKind = pgEnum('request_kind', ['order', 'removal', 'relocation', 'transport']);
/** submitted → in_progress → planned → done, or cancelled / rejected (DOMAIN-FLOWS). */
export const requestStatus = pgEnum('request_status', [
  'submitted',
  'in_progress',
  'planned',
  'done',
  'cancelled',
  'rejected',
]);
/** bestemming: a work address of the location, a depot (collect / return), or a typed-in address. */
export const destinationKind = pgEnum('destination_kind', ['work_address', 'depot', 'other_address']);

export const plantRequestNoSeq = pgSequence('plant_request_no_seq', { startWith: 1 });

/**
 * A plant request (materieelaanvraag). One table for the four kinds: they share number, status,
 * location, requester, dates and the destination block; kind-specific columns stay null otherwise.
 */
export const plantRequests = pgTable(
  'plant_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Human number 'A-2026-000123' (year of submission + sequence). */
    requestNo: text()
      .notNull()
      .default(
        sql`'A-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('plant_request_no_seq')::text, 6, '0')`,
      ),
    kind: requestKind().notNull(),
    status: requestStatus().notNull().default('submitted'),
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'restrict' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The order list it was made from (order requests); the list itself is emptied after submit. */
    orderListId: uuid().references(() => orderLists.id, { onDelete: 'set null' }),
    /** The submit's idempotency key (platform idempotency_keys holds the replayed answer). */
    idempotencyKey: text(),

    /** leverDatum / afvoerDatum / verplaatsDatum / transportDatum, by kind. */
    requestedDate: date().notNull(),
    /** retourDatum / expectedReturnDate: optional for orders and relocations. */
    expectedReturnDate: date(),
    /** transportmiddel. */
    transportMeans: text(),
    /** zelf ophalen (collect) at the depot instead of delivery. */
    collect: boolean().notNull().default(false),
    /** spoed. */
    rush: boolean().notNull().default(false),
    termsAccepted: boolean().notNull().default(false),

    /** Destination ('to'): delivery address of an order, depot of a removal, target of a relocation or transport. */
    destinationKind: destinationKind(),
    depotId: uuid().references(() => depots.id, { onDelete: 'set null' }),
    workAddressId: uuid().references(() => workAddresses.id, { onDelete: 'set null' }),
    /** Relocation target, or a transport to another location. */
    targetLocationId: uuid().references(() => plantLocations.id, { onDelete: 'restrict' }),
    addressCode: text(),
    /** The work address's name as it was when the request was made (a snapshot, like street/postcode/city). */
    addressName: text(),
    street: text(),
    postcode: text(),
    city: text(),
    contactPerson: text(),
    phone: text(),

    /** Origin ('from'): pick-up address of a removal or transport. */
    originWorkAddressId: uuid().references(() => workAddresses.id, { onDelete: 'set null' }),
    originStreet: text(),
    originPostcode: text(),
    originCity: text(),
    originContactPerson: text(),
    originPhone: text(),

    /** Transport request: loading and unloading windows on the requested date, and the cargo (lading). */
    loadingFrom: time(),
    loadingUntil: time(),
    unloadingDate: date(),
    unloadingFrom: time(),
    unloadingUntil: time(),
    cargo: text(),
    /** Transport request: the ERP's item number (Transport_MateriaalSoort) and appointment code
     * (Transport_AfspraakCode) as they were when it was made. */
    transportItemNo: text(),
    appointmentCode: text(),
    /** A rush request: the ERP item its rush surcharge is booked on (Spoed_Code) as it was when it was made. */
    rushItemNo: text(),
    /** A request with a remark: the ERP code the remark is filed under (Aanvraag_OpmerkingCode) then. */
    commentCode: text(),

    reference: text(),
    comment: text(),

    /** Set by the department. */
    plannedDate: date(),
    rejectionReason: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('plant_requests_no_uq').on(t.requestNo),
    uniqueIndex('plant_requests_idempotency_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('plant_requests_location_status_idx').on(t.locationId, t.status, t.createdAt),
    index('plant_requests_status_idx').on(t.status, t.createdAt),
    index('plant_requests_user_idx').on(t.userId, t.createdAt),
    // why: partial, so a request without that reference adds no entry (docs/decisions/0011); the
    // foreign-key lookups (`= id`) and savedRequestNo (`order_list_id = $1`) still use them.
    index('plant_requests_order_list_idx')
      .on(t.orderListId, t.createdAt)
      .where(sql`${t.orderListId} is not null`),
    index('plant_requests_depot_idx').on(t.depotId).where(sql`${t.depotId} is not null`),
    index('plant_requests_work_address_idx').on(t.workAddressId).where(sql`${t.workAddressId} is not null`),
    index('plant_requests_origin_work_address_idx')
      .on(t.originWorkAddressId)
      .where(sql`${t.originWorkAddressId} is not null`),
    index('plant_requests_target_location_idx')
      .on(t.targetLocationId)
      .where(sql`${t.targetLocationId} is not null`),
  ],
);

/** A request line: an item (optionally a specific plant) and amount, or a set with child lines. */
export const requestLines = pgTable(
  'request_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => plantRequests.id, { onDelete: 'cascade' }),
    parentLineId: uuid().references((): AnyPgColumn => requestLines.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    itemId: uuid().references(() => items.id, { onDelete: 'restrict' }),
    setId: uuid().references(() => sets.id, { onDelete: 'restrict' }),
    plantId: uuid().references(() => plants.id, { onDelete: 'set null' }),
    amount: integer().notNull(),
    comment: text(),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('request_lines_request_idx').on(t.requestId, t.lineNo),
    // why: partial, so a line without a parent / item / set / plant adds no entry (docs/decisions/0011)
    index('request_lines_parent_idx').on(t.parentLineId).where(sql`${t.parentLineId} is not null`),
    index('request_lines_item_idx').on(t.itemId).where(sql`${t.itemId} is not null`),
    index('request_lines_set_idx').on(t.setId).where(sql`${t.setId} is not null`),
    index('request_lines_plant_idx').on(t.plantId).where(sql`${t.plantId} is not null`),
    check('request_lines_target_ck', sql`num_nonnulls(${t.itemId}, ${t.setId}) = 1`),
    check('request_lines_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * The plants the department picked for a planned request's line (issue #12): reserved from planning until the
 * request is executed (the order lines then hold them), cancelled or rejected. A plant is picked for one request
 * at a time.
 */
export const requestLinePlants = pgTable(
  'request_line_plants',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => plantRequests.id, { onDelete: 'cascade' }),
    requestLineId: uuid()
      .notNull()
      .references(() => requestLines.id, { onDelete: 'cascade' }),
    plantId: uuid()
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('request_line_plants_plant_uq').on(t.plantId),
    index('request_line_plants_request_idx').on(t.requestId),
    index('request_line_plants_line_idx').on(t.requestLineId),
  ],
);

/** Every status change of a request: who, when, from, to, note. */
export const requestStatusHistory = pgTable(
  'request_status_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => plantRequests.id, { onDelete: 'cascade' }),
    /** null for the first row (the submit). */
    fromStatus: requestStatus(),
    toStatus: requestStatus().notNull(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    changedAt: moment().notNull().defaultNow(),
    note: text(),
  },
  (t) => [
    index('request_status_history_request_idx').on(t.requestId, t.changedAt),
    index('request_status_history_changed_by_idx').on(t.changedBy),
  ],
);

export const plantRequestsRelations = relations(plantRequests, ({ one, many }) => ({
  location: one(plantLocations, {
    fields: [plantRequests.locationId],
    references: [plantLocations.id],
    relationName: 'requestLocation',
  }),
  targetLocation: one(plantLocations, {
    fields: [plantRequests.targetLocationId],
    references: [plantLocations.id],
    relationName: 'requestTargetLocation',
  }),
  user: one(users, { fields: [plantRequests.userId], references: [users.id] }),
  depot: one(depots, { fields: [plantRequests.depotId], references: [depots.id] }),
  workAddress: one(workAddresses, {
    fields: [plantRequests.workAddressId],
    references: [workAddresses.id],
    relationName: 'requestWorkAddress',
  }),
  originWorkAddress: one(workAddresses, {
    fields: [plantRequests.originWorkAddressId],
    references: [workAddresses.id],
    relationName: 'requestOriginWorkAddress',
  }),
  lines: many(requestLines, { relationName: 'requestLines' }),
  history: many(requestStatusHistory),
}));

export const requestLinesRelations = relations(requestLines, ({ one }) => ({
  request: one(plantRequests, {
    fields: [requestLines.requestId],
    references: [plantRequests.id],
    relationName: 'requestLines',
  }),
  parentLine: one(requestLines, { fields: [requestLines.parentLineId], references: [requestLines.id] }),
  item: one(items, { fields: [requestLines.itemId], references: [items.id] }),
  set: one(sets, { fields: [requestLines.setId], references: [sets.id] }),
  plant: one(plants, { fields: [requestLines.plantId], references: [plants.id] }),
}));

export const requestStatusHistoryRelations = relations(requestStatusHistory, ({ one }) => ({
  request: one(plantRequests, { fields: [requestStatusHistory.requestId], references: [plantRequests.id] }),
  changedByUser: one(users, { fields: [requestStatusHistory.changedBy], references: [users.id] }),
}));
