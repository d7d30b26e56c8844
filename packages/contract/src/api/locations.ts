// Payloads of the PlantLocations calls the order wizard uses (work addresses, depots). The user's own
// locations (GET PlantLocations) are in ./shell.ts with the rest of the shell.
import { z } from 'zod';

/** A work address of a location (PlantLocations/{plantLocation}/addresses). */
export const workAddress = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  street: z.string(),
  postcode: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  isDefault: z.boolean(),
  /** A depot offered as an address (DepotWerkAdresen_TonenEnGebruiken), else the location's own work address. */
  kind: z.enum(['work_address', 'depot']).default('work_address'),
});
export type WorkAddress = z.infer<typeof workAddress>;
/** GET /api/v2.0/PlantLocations/{plantLocation}/addresses */
export const workAddressList = z.object({ addresses: z.array(workAddress) });

/** A depot (PlantLocations/depots/order and depots/removal). */
export const depot = z.object({
  id: z.string(),
  depotNo: z.string(),
  name: z.string(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  isDefault: z.boolean(),
});
export type Depot = z.infer<typeof depot>;
/** GET /api/v2.0/PlantLocations/depots/{order|removal}: defaultDepotNo is preselected. */
export const depotList = z.object({ defaultDepotNo: z.string().nullable(), depots: z.array(depot) });
export type DepotList = z.infer<typeof depotList>;
