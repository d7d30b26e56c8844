// Payloads of the PlantLocations calls the order wizard uses (work addresses, depots). The user's own
// locations (GET PlantLocations) are in ./shell.ts with the rest of the shell.
import { z } from 'zod';
import { locationNumber, notBefore } from './common.ts';

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

/**
 * The format of a new location number (decision 0023): a capital letter, a hyphen and five digits, e.g. P-24013 —
 * the shape of the existing numbers (the letter, then the year's two digits and a serial).
 */
export const NEW_LOCATION_NO = /^[A-Z]-\d{5}$/;
const isoDate = z.iso.date();
const text = (max: number) => z.string().trim().max(max);

/** GET /api/v2.0/PlantLocations/validatenewlocationno/{locationNo}: code says why not (a translation key). */
export const locationNoCheck = z.object({
  locationNo: z.string(),
  valid: z.boolean(),
  code: z.enum(['Locatie.aanmaken.nummer_formaat', 'Locatie.aanmaken.nummer_bestaat']).nullable(),
});
export type LocationNoCheck = z.infer<typeof locationNoCheck>;

/** POST /api/v2.0/PlantLocations: a new location (the creator becomes a member with role user). */
export const newPlantLocationInput = z
  .object({
    locationNo: z.string().trim().regex(NEW_LOCATION_NO),
    customerNo: z.string().trim().min(1).max(50),
    description: text(100).min(1),
    description2: text(100).optional(),
    projectNo: text(50).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    street: text(200).optional(),
    postcode: text(20).optional(),
    city: text(100).optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'validation.einde_na_begin',
  })
  .meta(notBefore('endDate', 'startDate'));
export type NewPlantLocationInput = z.infer<typeof newPlantLocationInput>;

/** GET /api/v2.0/PlantLocations/{plantLocation}/deregistration: what the deregistration form needs. */
export const deregistrationInfo = z.object({
  locationNo: z.string(),
  /** Stock lines (item or plant) still on the location, sale items left out with DisableCheckSellItems. */
  stockLines: z.number().int(),
  /** LocatieAfmelden_MaterieelCheck and stock remains: only the removal-list option deregisters. */
  blockedByStock: z.boolean(),
  /** LocatieAfmelden_AfkoopSom: a buy-off amount may be asked for the remaining equipment. */
  buyOffOffered: z.boolean(),
  deregistrationPending: z.boolean(),
});
export type DeregistrationInfo = z.infer<typeof deregistrationInfo>;

/** POST /api/v2.0/PlantLocations/{plantLocation}/deregistration */
export const deregisterInput = z.object({
  /** The date from which the location is given up (today or later). */
  date: isoDate,
  comment: text(1000).optional(),
  /** Ask for a buy-off amount for what remains (LocatieAfmelden_AfkoopSom only). */
  buyOff: z.boolean().optional(),
  /** Put everything still on site on the caller's removal list; the location closes once its stock is zero. */
  removeRemaining: z.boolean().optional(),
});
export type DeregisterInput = z.infer<typeof deregisterInput>;

/** The answer of a deregistration: closed now, or pending until the stock is zero. */
export const deregistrationResult = z.object({
  locationNo: z.string(),
  state: z.enum(['deregistered', 'pending']),
});
export type DeregistrationResult = z.infer<typeof deregistrationResult>;

/** POST / PUT PlantLocations/{plantLocation}/addresses[/{addressId}]: a work address of the location. */
export const workAddressInput = z.object({
  /** adrescode; a new address without one gets the next free WA-nn. Unique per location. */
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{1,20}$/, 'validation.ongeldig_formaat')
    .optional(),
  name: text(100).min(1),
  street: text(200).min(1),
  postcode: text(20).optional(),
  city: text(100).min(1),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'validation.ongeldig_formaat')
    .default('NL'),
  contactPerson: text(100).optional(),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^\s*(?:[0-9+()\-./][0-9+()\-./ ]{4,28}[0-9+()\-./])?\s*$/, 'validation.telefoon_ongeldig')
    .optional(),
  /** The default address the wizards preselect; setting it clears the location's other default. */
  isDefault: z.boolean().default(false),
});
export type WorkAddressInput = z.input<typeof workAddressInput>;
export type WorkAddressValues = z.output<typeof workAddressInput>;
export const workAddressParams = z.object({
  plantLocation: locationNumber,
  addressId: z.guid(),
});

/** POST /api/v2.0/LocationRequests: a request for a new location (external users, AppLocatie). */
export const locationRequestInput = z
  .object({
    description: text(100).min(1),
    description2: text(100).optional(),
    projectNo: text(50).optional(),
    street: text(200).optional(),
    postcode: text(20).optional(),
    city: text(100).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    comment: text(1000).optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'validation.einde_na_begin',
  })
  .meta(notBefore('endDate', 'startDate'));
export type LocationRequestInput = z.infer<typeof locationRequestInput>;

export const locationRequest = z.object({
  id: z.string(),
  /** 'L-2026-000012': the number the department quotes (and the ERP's external document number). */
  requestNo: z.string(),
  status: z.enum(['open', 'approved', 'rejected']),
  description: z.string(),
  description2: z.string().nullable(),
  projectNo: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  comment: z.string().nullable(),
  requester: z.object({ name: z.string(), email: z.string() }),
  /** The requester's customer (the default on approval). */
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  locationNo: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
});
export type LocationRequest = z.infer<typeof locationRequest>;
/** GET /api/v2.0/Department/location-requests?status= */
export const locationRequestQueue = z.object({ requests: z.array(locationRequest) });
export const locationRequestQueueQuery = z.object({
  status: z.enum(['open', 'approved', 'rejected']).default('open'),
});

/** POST Department/location-requests/{id}/approve: the number and customer of the new location. */
export const approveLocationRequestInput = z.object({
  locationNo: z.string().trim().regex(NEW_LOCATION_NO),
  customerNo: z.string().trim().min(1).max(50),
});
export type ApproveLocationRequestInput = z.infer<typeof approveLocationRequestInput>;
/** POST Department/location-requests/{id}/reject */
export const rejectLocationRequestInput = z.object({ reason: text(1000).min(1) });
export type RejectLocationRequestInput = z.infer<typeof rejectLocationRequestInput>;

/** The traffic light of a location (decision 0023): the age in days of its oldest stock line against the settings. */
export const locationIndicator = z.object({
  level: z.enum(['safe', 'warning', 'danger']),
  /** Days since the oldest stock line still on the location arrived; 0 without stock. */
  days: z.number().int(),
  /** Whether any stock is on the location (without it there is no age to judge: "no equipment on site"). */
  hasStock: z.boolean(),
  /** Locatie_IndicatorSafe / Warning / Danger. */
  safe: z.number().int(),
  warning: z.number().int(),
  danger: z.number().int(),
});

export const locationMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'administration']),
  /** Whether the caller may change or remove this member (canManageUser). */
  manageable: z.boolean(),
});
export type LocationMember = z.infer<typeof locationMember>;

/** GET /api/v2.0/PlantLocations/{plantLocation}/details: the location data page. */
export const locationDetails = z.object({
  locationNo: z.string(),
  description: z.string(),
  description2: z.string().nullable(),
  projectNumber: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  customerName: z.string(),
  blocked: z.boolean(),
  deregistrationPending: z.boolean(),
  /** The caller may change the facts (write role, admin, key user of the customer). */
  canEdit: z.boolean(),
  /** The caller may add, change and remove members (admin, key user of the customer). */
  canManageMembers: z.boolean(),
  members: z.array(locationMember),
  indicator: locationIndicator,
});
export type LocationDetails = z.infer<typeof locationDetails>;

const day = z.iso.date();
/** PUT /api/v2.0/PlantLocations/{plantLocation}: the facts a user may change. */
export const locationFactsUpdate = z
  .object({
    description: z.string().trim().min(1).max(100),
    description2: z.string().trim().max(100).nullable(),
    projectNumber: z.string().trim().max(50).nullable(),
    startDate: day.nullable(),
    endDate: day.nullable(),
  })
  .strict()
  .meta(notBefore('endDate', 'startDate'));
export type LocationFactsUpdate = z.infer<typeof locationFactsUpdate>;

/** PUT /api/v2.0/PlantLocations/{plantLocation}/members/{userId}: add a member, or change the role. */
export const locationMemberUpdate = z.object({ role: z.enum(['user', 'administration']) }).strict();
