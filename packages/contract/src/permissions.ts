/**
 * Who may do what, as data (docs/decisions/0002-permissions.md). Pure: the server's access checks and
 * the web app's menus both read this one matrix.
 *
 * Three layers decide one request:
 * 1. the user kind (admin, internal, external, anonymous) gives functional areas (product §6) and actions;
 * 2. `users.permissions` adds extra areas (e.g. AppRapportage) or named roles (management);
 * 3. the location role narrows it per location: `administration` is read-only there.
 */

export const functionalAreas = [
  'Standaard',
  'Documenten',
  'AppCatalogus',
  'AppDetails',
  'AppZoeken',
  'AppBestellen',
  'AppMaterieelvoorraad',
  'AppVerplaatsen',
  'AppAfvoeren',
  'AppAfvoerlijst',
  'AppBestellijst',
  'AppMaterieelaanvragen',
  'AppNieuwwerkMelden',
  'AppMaterieelordersAanvoer',
  'AppMaterieelordersAfvoer',
  'AppMaterieelordersVerplaatsingVan',
  'AppMaterieelordersVerplaatsingNaar',
  'AppMaterieelFacturen',
  'AppSets',
  'AppExitOrders',
  'AppLocatie',
  'AppRegistratie',
  'AppNieuweLocatieAanmaken',
  'AppLocatieAfmelden',
  'AppMaterieelTransportAanvraag',
  'AppKlachten',
  'AppKeuringen',
  'AppRapportage',
  'AppCorporateIdentity',
  'BusinessCentral',
] as const;

export type FunctionalArea = (typeof functionalAreas)[number];

export const actions = ['read', 'write'] as const;
export type Action = (typeof actions)[number];

export const userKinds = ['admin', 'internal', 'external', 'anonymous'] as const;
export type UserKind = (typeof userKinds)[number];

/**
 * Named roles that are not a functional area; granted through `users.permissions` like the areas.
 * management: the complaints overview for the board; department: the equipment department (materieeldienst) that
 * processes every customer's requests (decision 0018; only for internal users, admins always); keyuser: a
 * customer's own user manager (decision 0023): manages the users and locations of its own customer only.
 */
export const namedRoles = ['management', 'department', 'keyuser'] as const;
export type NamedRole = (typeof namedRoles)[number];

/** Everything `users.permissions` may hold. */
export const extraPermissions = [...functionalAreas, ...namedRoles] as const;
export type ExtraPermission = (typeof extraPermissions)[number];

export const locationRoles = ['user', 'administration'] as const;
export type LocationRole = (typeof locationRoles)[number];

const R: readonly Action[] = ['read'];
const RW: readonly Action[] = ['read', 'write'];

/** The catalogue-type areas: what a visitor may browse without signing in (when AllowAnonymousUsers). */
export const catalogueAreas: readonly FunctionalArea[] = [
  'Standaard',
  'AppCatalogus',
  'AppDetails',
  'AppZoeken',
  'AppSets',
];

/** Areas every signed-in customer (internal or external) has. */
const customerAreas: Partial<Record<FunctionalArea, readonly Action[]>> = {
  Standaard: R,
  Documenten: R,
  AppCatalogus: R,
  AppDetails: R,
  AppZoeken: R,
  AppSets: R,
  AppBestellen: RW,
  AppBestellijst: RW,
  AppAfvoeren: RW,
  AppAfvoerlijst: RW,
  AppVerplaatsen: RW,
  AppMaterieelTransportAanvraag: RW,
  AppMaterieelvoorraad: R,
  AppMaterieelaanvragen: R,
  AppNieuwwerkMelden: RW,
  AppMaterieelordersAanvoer: R,
  AppMaterieelordersAfvoer: R,
  AppMaterieelordersVerplaatsingVan: R,
  AppMaterieelordersVerplaatsingNaar: R,
  AppMaterieelFacturen: R,
  AppExitOrders: R,
  AppLocatie: RW,
  AppLocatieAfmelden: RW,
  AppKlachten: RW,
  AppKeuringen: R,
};

function all(): Record<FunctionalArea, readonly Action[]> {
  return Object.fromEntries(functionalAreas.map((a) => [a, RW])) as Record<FunctionalArea, readonly Action[]>;
}

/** The matrix: user kind → functional area → actions. An area that is absent means no access. */
export const permissionMatrix: Readonly<
  Record<UserKind, Readonly<Partial<Record<FunctionalArea, readonly Action[]>>>>
> = {
  admin: all(),
  // Internal users may also open a new location directly (a customer's internal users for their own customer only:
  // isRentalStaff).
  internal: { ...customerAreas, AppNieuweLocatieAanmaken: RW },
  // External customers request a new location (AppLocatie) instead of creating one.
  external: { ...customerAreas },
  anonymous: Object.fromEntries(catalogueAreas.map((a) => [a, R])),
};

/** Who asks: what the access token says, plus the one setting that opens the catalogue to visitors. */
export interface Subject {
  /** null for an anonymous visitor. */
  user: {
    role: 'admin' | 'user';
    kind: 'internal' | 'external';
    permissions?: readonly string[];
    /** The customer the user works for; null for the rental company's own staff. */
    customerId?: string | null;
  } | null;
  /** The setting AllowAnonymousUsers. */
  allowAnonymous?: boolean;
}

export function userKindOf(subject: Subject): UserKind {
  if (!subject.user) return 'anonymous';
  if (subject.user.role === 'admin') return 'admin';
  return subject.user.kind;
}

export function isExtraPermission(value: string): value is ExtraPermission {
  return (extraPermissions as readonly string[]).includes(value);
}

/** The actions a subject has on one area (kind defaults + extra areas; anonymous only when allowed). */
export function actionsOn(subject: Subject, area: FunctionalArea): readonly Action[] {
  const kind = userKindOf(subject);
  if (kind === 'anonymous' && !subject.allowAnonymous) return [];
  const fromKind = permissionMatrix[kind][area] ?? [];
  if (kind !== 'anonymous' && subject.user?.permissions?.includes(area)) return RW;
  return fromKind;
}

export function can(subject: Subject, area: FunctionalArea, action: Action): boolean {
  return actionsOn(subject, area).includes(action);
}

/** An administrator: every area, every location, every named role. */
export function isAdmin(subject: Subject): boolean {
  return subject.user?.role === 'admin';
}

/** Whether a named role (e.g. management: the complaints overview for the board) is held. Admins hold all. */
export function hasRole(subject: Subject, role: NamedRole): boolean {
  if (!subject.user) return false;
  return isAdmin(subject) || (subject.user.permissions?.includes(role) ?? false);
}

/**
 * The rental company's own staff (issue #31 item 4): an admin, or an internal user who belongs to no customer. A user
 * with a customer acts for that customer only, whatever its kind — a customer's internal users (the group's own
 * companies) open locations directly, but for their own customer, never for another.
 */
export function isRentalStaff(subject: Subject): boolean {
  const u = subject.user;
  if (!u) return false;
  return u.role === 'admin' || (u.kind === 'internal' && !u.customerId);
}

/**
 * Whether the subject is the equipment department (decision 0018): an admin, or one of the rental company's staff
 * (isRentalStaff) holding the `department` permission. A customer's users never are, whatever their permissions say.
 */
export function isDepartment(subject: Subject): boolean {
  const u = subject.user;
  if (!u) return false;
  return u.role === 'admin' || (isRentalStaff(subject) && (u.permissions?.includes('department') ?? false));
}

/**
 * Whom the subject may manage as users (decision 0023): an admin everyone; a key user (the `keyuser` permission
 * and a customer) the non-admin users of its own customer; anyone else nobody. Pure: the server passes the
 * stored target, the web app the listed one.
 */
export function canManageUser(
  subject: Subject,
  target: { role: 'admin' | 'user'; customerId: string | null },
): boolean {
  const u = subject.user;
  if (!u) return false;
  if (u.role === 'admin') return true;
  if (!isKeyUser(subject)) return false;
  return target.role !== 'admin' && target.customerId !== null && target.customerId === u.customerId;
}

/** A customer's key user: holds `keyuser` and belongs to a customer (admins are more than key users). */
export function isKeyUser(subject: Subject): boolean {
  const u = subject.user;
  return !!u && u.role !== 'admin' && !!u.customerId && (u.permissions?.includes('keyuser') ?? false);
}

/**
 * What a key user may hand out (decision 0023): location roles on its customer's locations and the functional
 * areas it holds itself; never admin, department, management or keyuser (only an admin makes a key user).
 */
export const keyUserGrantable = (subject: Subject): ExtraPermission[] =>
  functionalAreas.filter((a) => actionsOn(subject, a).length > 0);

/** Every area with its actions, e.g. for the web app's menu. */
export function areasOf(subject: Subject): Partial<Record<FunctionalArea, readonly Action[]>> {
  const out: Partial<Record<FunctionalArea, readonly Action[]>> = {};
  for (const area of functionalAreas) {
    const a = actionsOn(subject, area);
    if (a.length) out[area] = a;
  }
  return out;
}

/** What a location role allows on that location: `administration` only reads. */
export function locationRoleAllows(role: LocationRole, action: Action): boolean {
  return role === 'user' || action === 'read';
}
