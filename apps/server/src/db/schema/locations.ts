import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { moment, timestamps } from './common.ts';
import { customers } from './customers.ts';
import { users } from './identity.ts';

/*
 * A customer's project locations and who may work on them: the locations, their memberships (users ↔ locations),
 * work addresses, the rental company's depots, location requests, and the relations of customers and users (here,
 * after both, so no schema file depends on another round about).
 */

/** Role of a user on one location; `administration` is read-only (product §6). */
export const locationRole = pgEnum('location_role', ['user', 'administration']);

/** A project location (materieellocatie / plantLocation): where equipment is delivered and stays. */
export const plantLocations = pgTable(
  'plant_locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** nummer / locationNo, e.g. 'P-24001'. */
    locationNo: text().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** omschrijving: the project name (defaults to the number when empty). */
    description: text().notNull(),
    /** omschrijving2: usually city and street. */
    description2: text(),
    projectNumber: text(),
    /** geblokeerd: no new requests; never offered as a move or transport destination. */
    blocked: boolean().notNull().default(false),
    street: text(),
    postcode: text(),
    city: text(),
    country: text().notNull().default('NL'),
    startDate: date(),
    endDate: date(),
    /** Set when the location is deregistered (LocatieAfmelden). */
    deregisteredAt: moment(),
    /**
     * Deregistration pending (decision 0023): asked with the remaining stock put on a removal list; the location is
     * closed (deregisteredAt) in the transaction that takes its last stock away.
     */
    deregistrationRequestedAt: moment(),
    /** The buy-off amount (afkoopsom) asked for the remaining equipment at deregistration (LocatieAfmelden_AfkoopSom). */
    buyOffRequested: boolean().notNull().default(false),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('plant_locations_no_uq').on(t.locationNo),
    uniqueIndex('plant_locations_erp_id_uq').on(t.erpId),
    index('plant_locations_customer_idx').on(t.customerId, t.locationNo),
    index('plant_locations_created_by_idx').on(t.createdBy),
  ],
);

/** Which user may work on which location, and in which role (Locatie.rol). */
export const locationMemberships = pgTable(
  'location_memberships',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'cascade' }),
    role: locationRole().notNull().default('user'),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.locationId] }),
    index('location_memberships_location_idx').on(t.locationId),
  ],
);

/** Delivery / pick-up addresses of a location (werkadressen; PlantLocations/{id}/addresses). */
export const workAddresses = pgTable(
  'work_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'cascade' }),
    /** adrescode, as the ERP knows the ship-to address. */
    code: text().notNull(),
    name: text().notNull(),
    street: text().notNull(),
    postcode: text(),
    city: text().notNull(),
    country: text().notNull().default('NL'),
    contactPerson: text(),
    phone: text(),
    isDefault: boolean().notNull().default(false),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('work_addresses_location_code_uq').on(t.locationId, t.code),
    uniqueIndex('work_addresses_erp_id_uq').on(t.erpId),
  ],
);

/** The equipment department's depots: where deliveries start and removals end. */
export const depots = pgTable(
  'depots',
  {
    id: uuid().primaryKey().defaultRandom(),
    depotNo: text().notNull(),
    name: text().notNull(),
    street: text(),
    postcode: text(),
    city: text(),
    phone: text(),
    email: text(),
    /** Offered in the order wizard (PlantLocations/depots/order). */
    forOrders: boolean().notNull().default(true),
    /** Offered in the removal wizard (PlantLocations/depots/removal). */
    forRemovals: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('depots_no_uq').on(t.depotNo), uniqueIndex('depots_erp_id_uq').on(t.erpId)],
);

export const customersRelations = relations(customers, ({ many }) => ({
  locations: many(plantLocations),
  users: many(users),
}));

export const plantLocationsRelations = relations(plantLocations, ({ one, many }) => ({
  customer: one(customers, { fields: [plantLocations.customerId], references: [customers.id] }),
  memberships: many(locationMemberships),
  workAddresses: many(workAddresses),
}));

export const locationMembershipsRelations = relations(locationMemberships, ({ one }) => ({
  user: one(users, { fields: [locationMemberships.userId], references: [users.id] }),
  location: one(plantLocations, {
    fields: [locationMemberships.locationId],
    references: [plantLocations.id],
  }),
}));

export const workAddressesRelations = relations(workAddresses, ({ one }) => ({
  location: one(plantLocations, { fields: [workAddresses.locationId], references: [plantLocations.id] }),
}));

export const locationRequestStatus = pgEnum('location_request_status', ['open', 'approved', 'rejected']);

/**
 * A request for a new location (LocatieAanvragen, issue #14 part 2): an external user asks, the equipment department
 * approves it (choosing the number and customer: the location and the requester's membership are created in one
 * transaction) or rejects it with a reason; the requester is mailed either way.
 */
export const locationRequestNoSeq = pgSequence('location_request_no_seq', { startWith: 1 });

export const locationRequests = pgTable(
  'location_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * 'L-2026-000012': the number the department quotes, and the ERP's externalDocumentNumber (BC: Code[35], so not
     * the id).
     */
    requestNo: text()
      .notNull()
      .default(
        sql`'L-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('location_request_no_seq')::text, 6, '0')`,
      ),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The requester's customer when it has one: the department's default when approving. */
    customerId: uuid().references(() => customers.id, { onDelete: 'set null' }),
    description: text().notNull(),
    description2: text(),
    projectNumber: text(),
    street: text(),
    postcode: text(),
    city: text(),
    startDate: date(),
    endDate: date(),
    comment: text(),
    status: locationRequestStatus().notNull().default('open'),
    /** The location made on approval. */
    locationId: uuid().references(() => plantLocations.id, { onDelete: 'set null' }),
    rejectReason: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: moment(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('location_requests_no_uq').on(t.requestNo),
    index('location_requests_status_idx').on(t.status, t.createdAt),
    index('location_requests_user_idx').on(t.userId),
  ],
);

export const usersRelations = relations(users, ({ one, many }) => ({
  customer: one(customers, { fields: [users.customerId], references: [customers.id] }),
  memberships: many(locationMemberships),
}));
