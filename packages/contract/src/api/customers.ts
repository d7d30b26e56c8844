// Payloads of the Customers call (product §7 GET Customers): the customers (klanten) a caller may pick, e.g. when
// creating a location or a user.
import { z } from 'zod';

export const customer = z.object({
  id: z.string(),
  /** The account number in the ERP (or ours until one is connected). */
  customerNo: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  /** A blocked customer gets no new locations. */
  blocked: z.boolean(),
});
export type Customer = z.infer<typeof customer>;

/** GET /api/v2.0/Customers?q= */
export const customerQuery = z.object({
  /** Words in the name or the number; empty lists the first ones by name. */
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const customerList = z.object({ customers: z.array(customer) });
export type CustomerList = z.infer<typeof customerList>;
