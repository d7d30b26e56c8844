import { boolean, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

/** A customer (klant): the construction company that rents; users and locations belong to one. */
export const customers = pgTable(
  'customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Account number in the ERP (Business Central) once connected; our own number until then. */
    customerNo: text().notNull(),
    name: text().notNull(),
    street: text(),
    postcode: text(),
    city: text(),
    country: text().notNull().default('NL'),
    phone: text(),
    email: text(),
    vatNo: text(),
    blocked: boolean().notNull().default(false),
    /** The customer's rental discount (huurkorting), applied to rent on invoices when UseRentalDiscount. */
    rentalDiscountPercent: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    /**
     * The ERP's key of the customer (Business Central's systemId) once the sync has read it (decision 0027); with an
     * ERP connected, a customer without one has no account there (GetLocationsCallBack: 416).
     */
    erpId: uuid(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('customers_no_uq').on(t.customerNo), uniqueIndex('customers_erp_id_uq').on(t.erpId)],
);
