import type { ErpSyncAnswer } from '@mp/contract/api/erp-sync';
import type {
  SyncAnswer,
  UserDetail,
  UserFormOptions,
  UserInput,
  UserList,
  UserListQuery,
  UserSummary,
} from '@mp/contract/api/users';
import { translate } from '@mp/contract/i18n';
import {
  areasOf,
  type ExtraPermission,
  extraPermissions,
  isAdmin,
  isKeyUser,
  keyUserGrantable,
} from '@mp/contract/permissions';
import { requireAccess, type UserManager } from '../../platform/auth/access.ts';
import { errors } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { sendTemplatedMail } from '../../platform/mail/templates.ts';
import {
  approveAccount,
  endAllSessions,
  portalName,
  randomToken,
  sha256,
  takeLinkTurn,
} from '../auth/index.ts';
import {
  countUsers,
  deleteUserRow,
  insertInvitationToken,
  insertUserRow,
  replaceMemberships,
  revokeInvitationTokens,
  selectCustomer,
  selectLocationsByNo,
  selectUnlinkedUsers,
  selectUser,
  selectUserByEmail,
  selectUserLocations,
  selectUserPage,
  type UserListRow,
  type UserRow,
  updateUserRow,
} from './users.queries.ts';

/** How long an invitation link may be used (hours); single use like a reset link. */
export const INVITATION_TTL_HOURS = 72;
/** A new invitation for the same user waits this long after the previous one (a double click mails once). */
export const INVITATION_RESEND_GAP_MS = 60_000;

export interface UsersDeps {
  mailer: Mailer;
  publicUrl: string;
}

/** The signed-in user as stored now (not as the token says), with their locations and functional areas. */
export async function readMe(ctx: Ctx) {
  const me = requireUser(ctx);
  const user = await selectUser(ctx.db, me.id);
  if (!user || user.disabled) throw errors.unauthenticated();
  const locations = await selectUserLocations(ctx.db, user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: isAdmin({ user }),
    internalExternal: user.kind === 'internal' ? ('Internal' as const) : ('External' as const),
    language: user.language,
    phone: user.phone,
    customerId: user.customerId,
    permissions: user.permissions,
    areas: Object.fromEntries(
      Object.entries(
        areasOf({ user: { role: user.role, kind: user.kind, permissions: user.permissions } }),
      ).map(([area, actions]) => [area, [...(actions ?? [])]]),
    ),
    locations: locations.map(({ customerId: _, ...l }) => ({
      ...l,
      description: l.description || l.locationNo,
    })),
  };
}

// ── who manages whom (decision 0023) ─────────────────────────────────────────────────────────────────

/** Who manages users, and whose (platform/auth/resolvers/roles.ts: an admin everyone, a key user its customer's). */
export type Manager = UserManager;

/** What requireAccess needs for a stored user the caller manages: 404 exactly like an unknown id otherwise. */
const managedUser = (ctx: Ctx, id: string) =>
  ({ permission: 'user.manage', load: () => selectUser(ctx.db, id) }) as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function summaryOf(r: UserListRow): UserSummary {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    kind: r.kind,
    isAdmin: isAdmin({ user: r }),
    isKeyUser: isKeyUser({ user: { ...r, customerId: r.customer_id } }),
    customerId: r.customer_id,
    customerNo: r.customer_no,
    customerName: r.customer_name,
    language: r.language,
    disabled: r.disabled,
    pending: r.pending,
    invited: r.invited,
    lastLoginAt: iso(r.last_login_at),
    createdAt: iso(r.created_at) ?? '',
    locationCount: r.location_count,
  };
}

/** What the caller may hand out in the user form. */
export async function formOptions(ctx: Ctx): Promise<UserFormOptions> {
  const m = await requireAccess(ctx, { permission: 'users.manage' });
  if (m.customerId === null)
    return { grantable: [...extraPermissions], customerId: null, kind: null, canMakeAdmin: true };
  return {
    grantable: keyUserGrantable({ user: m.me }),
    customerId: m.customerId,
    kind: m.me.kind,
    canMakeAdmin: false,
  };
}

export async function listUsers(ctx: Ctx, q: UserListQuery): Promise<UserList> {
  const m = await requireAccess(ctx, { permission: 'users.manage' });
  const rows = await selectUserPage(ctx.db, { ...q, customerId: m.customerId });
  return { items: rows.map(summaryOf), total: rows[0]?.total ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function getUser(ctx: Ctx, id: string): Promise<UserDetail> {
  const { manager: m, target: u } = await requireAccess(ctx, managedUser(ctx, id));
  const customer = u.customerId ? await selectCustomer(ctx.db, u.customerId) : undefined;
  const locations = await selectUserLocations(ctx.db, u.id);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    kind: u.kind,
    isAdmin: isAdmin({ user: u }),
    isKeyUser: isKeyUser({ user: u }),
    customerId: u.customerId,
    customerNo: customer?.customerNo ?? null,
    customerName: customer?.name ?? null,
    language: u.language,
    disabled: u.disabled,
    pending: u.approvedAt === null,
    invited: u.passwordHash === null && u.oidcSubject === null,
    lastLoginAt: iso(u.lastLoginAt),
    createdAt: iso(u.createdAt) ?? '',
    locationCount: locations.length,
    phone: u.phone,
    permissions: u.permissions,
    // a key user sees (and edits) only the memberships on its own customer's locations
    locations: locations
      .filter((l) => m.customerId === null || l.customerId === m.customerId)
      .map((l) => ({ locationNo: l.locationNo, description: l.description || l.locationNo, role: l.role })),
  };
}

type CleanInput = Omit<UserInput, 'isAdmin' | 'permissions' | 'locations'> & {
  isAdmin?: boolean;
  permissions?: ExtraPermission[];
  locations?: Array<{ locationNo: string; role: 'user' | 'administration' }>;
};

/**
 * The checks every create and edit share (422 naming the field): what a key user may hand out, the customer,
 * the locations. Returns the stored values: permissions merged with those out of the manager's hand.
 */
async function resolveInput(
  ctx: Ctx,
  m: Manager,
  input: CleanInput,
  target: UserRow | null,
): Promise<{
  permissions: string[];
  customerId: string | null;
  memberships: Array<{ locationId: string; role: 'user' | 'administration' }>;
}> {
  const asAdmin = input.isAdmin ?? false;
  const wanted = [...new Set(input.permissions ?? [])];
  let permissions: string[] = wanted;
  if (m.customerId !== null) {
    if (asAdmin) throw errors.rule('Gebruikers.niet_toegestaan', { field: 'isAdmin' });
    if (input.customerId !== m.customerId)
      throw errors.rule('Gebruikers.niet_toegestaan', { field: 'customerId' });
    if (input.kind !== m.me.kind) throw errors.rule('Gebruikers.niet_toegestaan', { field: 'kind' });
    const grantable = new Set<string>(keyUserGrantable({ user: m.me }));
    if (wanted.some((p) => !grantable.has(p)))
      throw errors.rule('Gebruikers.niet_toegestaan', { field: 'permissions' });
    // what an admin granted beyond the key user's hand stays as it was
    permissions = [...(target?.permissions ?? []).filter((p) => !grantable.has(p)), ...wanted];
  } else if (input.customerId !== null && !(await selectCustomer(ctx.db, input.customerId))) {
    throw errors.rule('Gebruikers.klant_onbekend', { field: 'customerId' });
  }
  if (target && target.id === m.me.id) {
    if (isAdmin({ user: m.me }) && !asAdmin) throw errors.rule('Gebruikers.zelf_niet', { field: 'isAdmin' });
    if (input.disabled) throw errors.rule('Gebruikers.zelf_niet', { field: 'disabled' });
  }
  const byNo = new Map((input.locations ?? []).map((l) => [l.locationNo, l.role]));
  const found = await selectLocationsByNo(ctx.db, [...byNo.keys()]);
  const reachable = found.filter((l) => m.customerId === null || l.customerId === m.customerId);
  const missing = [...byNo.keys()].filter((no) => !reachable.some((l) => l.locationNo === no));
  // why: a location of another customer answers like an unknown one (its existence is not told)
  if (missing.length)
    throw errors.rule('Gebruikers.locatie_onbekend', {
      field: 'locations',
      locationNos: missing.slice(0, 20),
    });
  return {
    permissions,
    customerId: input.customerId,
    memberships: reachable.map((l) => ({ locationId: l.id, role: byNo.get(l.locationNo) ?? 'user' })),
  };
}

async function assertEmailFree(ctx: Ctx, email: string, self: string | null): Promise<void> {
  const other = await selectUserByEmail(ctx.db, email);
  if (other && other.id !== self) throw errors.rule('Gebruikers.email_bestaat', { field: 'email' });
}

/** A single-use invitation token for a user (inside the caller's transaction); the mail goes after commit. */
export async function issueInvitation(ctx: Ctx, userId: string): Promise<string> {
  const token = randomToken();
  await insertInvitationToken(ctx.db, {
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.now.getTime() + INVITATION_TTL_HOURS * 3600 * 1000),
    createdAt: ctx.now,
  });
  return token;
}

export async function mailInvitation(
  ctx: Ctx,
  deps: UsersDeps,
  user: { name: string; email: string; language: string },
  token: string,
  language?: string,
): Promise<void> {
  const link = `${deps.publicUrl}/wachtwoord-resetten?token=${encodeURIComponent(token)}&uitnodiging=1`;
  await sendTemplatedMail(
    { db: ctx.db, mailer: deps.mailer },
    {
      type: 'UserInvitation',
      locale: language ?? user.language,
      to: user.email,
      values: {
        name: user.name,
        email: user.email,
        link,
        url: link,
        hours: INVITATION_TTL_HOURS,
        portal: await portalName(ctx),
        portalUrl: deps.publicUrl,
      },
    },
  );
}

export async function createUser(
  ctx: Ctx,
  deps: UsersDeps,
  input: CleanInput,
  options: { sendEmail: boolean; language?: string },
): Promise<{ id: string; invited: boolean }> {
  const m = await requireAccess(ctx, { permission: 'users.manage' });
  const email = input.email.trim();
  const resolved = await resolveInput(ctx, m, input, null);
  await assertEmailFree(ctx, email, null);
  const { user, token } = await ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const user = await insertUserRow(tx, {
      email,
      name: input.name.trim(),
      phone: input.phone?.trim() || null,
      language: input.language,
      kind: input.kind,
      role: input.isAdmin ? 'admin' : 'user',
      customerId: resolved.customerId,
      permissions: resolved.permissions,
      disabled: false,
      approvedAt: ctx.now,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    // someone created the same address a moment ago
    if (!user) throw errors.rule('Gebruikers.email_bestaat', { field: 'email' });
    await replaceMemberships(tx, user.id, resolved.memberships, null, ctx.now);
    const token = options.sendEmail ? await issueInvitation(t, user.id) : null;
    return { user, token };
  });
  if (token) await mailInvitation(ctx, deps, user, token, options.language);
  return { id: user.id, invited: token !== null };
}

/**
 * Sends a new invitation to a user who has not set a password yet (the first link expired or got lost): the
 * earlier links stop working, the new one is valid for INVITATION_TTL_HOURS. A user who can sign in already
 * (password or external login) is told to use "forgot password" instead; a blocked one is not invited.
 */
export async function resendInvitation(
  ctx: Ctx,
  deps: UsersDeps,
  id: string,
  language?: string,
): Promise<void> {
  const { target } = await requireAccess(ctx, managedUser(ctx, id));
  if (target.passwordHash !== null || target.oidcSubject !== null)
    throw errors.rule('Gebruikers.uitnodiging_niet_nodig', { field: 'id' });
  if (target.disabled) throw errors.rule('Gebruikers.uitnodiging_geblokkeerd', { field: 'id' });
  const token = await ctx.db.transaction(async (tx) => {
    // the lock reset requests take: two resends at once make one link each, in turn
    await takeLinkTurn(tx, target.id);
    const last = await revokeInvitationTokens(tx, target.id, ctx.now);
    if (last && ctx.now.getTime() - new Date(last).getTime() < INVITATION_RESEND_GAP_MS)
      throw errors.rule('Gebruikers.uitnodiging_net_verstuurd', { field: 'id' });
    return issueInvitation({ ...ctx, db: tx }, target.id);
  });
  await mailInvitation(ctx, deps, target, token, language);
}

export async function updateUser(ctx: Ctx, id: string, input: CleanInput): Promise<void> {
  const { manager: m, target } = await requireAccess(ctx, managedUser(ctx, id));
  const resolved = await resolveInput(ctx, m, input, target);
  await assertEmailFree(ctx, input.email.trim(), target.id);
  await ctx.db.transaction(async (tx) => {
    const disabled = input.disabled ?? target.disabled;
    await updateUserRow(tx, target.id, {
      email: input.email.trim(),
      name: input.name.trim(),
      phone: input.phone?.trim() || null,
      language: input.language,
      kind: input.kind,
      // a key user never changes the role: its targets are never admins and it cannot make one
      role: m.customerId === null ? (input.isAdmin ? 'admin' : 'user') : target.role,
      customerId: resolved.customerId,
      permissions: resolved.permissions,
      disabled,
      updatedAt: ctx.now,
    });
    await replaceMemberships(tx, target.id, resolved.memberships, m.customerId, ctx.now);
    // disabling ends every session at once, as Users/{id}/disable does
    if (disabled && !target.disabled) await endAllSessions(tx, target.id, ctx.now);
  });
}

/** Deletes a user; every session ends at once (the delete NOTIFYs every process, migration 0005). */
export async function deleteUser(ctx: Ctx, id: string): Promise<void> {
  const { manager: m, target } = await requireAccess(ctx, managedUser(ctx, id));
  if (target.id === m.me.id) throw errors.rule('Gebruikers.zelf_niet', { field: 'id' });
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteUserRow(tx, target.id, ctx.now))) throw errors.notFound();
  });
}

/** Admin: disable (or enable) an account; disabling ends every session of it at once. */
export async function setDisabled(ctx: Ctx, userId: string, disabled: boolean): Promise<void> {
  const { manager: m, target } = await requireAccess(ctx, managedUser(ctx, userId));
  if (m.me.id === target.id && disabled) throw errors.rule('Gebruikers.zelf_niet', { field: 'id' });
  await ctx.db.transaction(async (tx) => {
    await updateUserRow(tx, target.id, { disabled, updatedAt: ctx.now });
    if (disabled) await endAllSessions(tx, target.id, ctx.now);
  });
}

/** Approves an account that registered itself; it can sign in from now on, and is told so by mail. */
export async function approve(ctx: Ctx, deps: UsersDeps, userId: string): Promise<void> {
  const { target } = await requireAccess(ctx, managedUser(ctx, userId));
  if (!(await approveAccount(ctx.db, target.id, ctx.now))) throw errors.notFound();
  if (target.approvedAt !== null) return; // approved before: no second mail
  const link = `${deps.publicUrl}/inloggen`;
  await sendTemplatedMail(
    { db: ctx.db, mailer: deps.mailer },
    {
      type: 'UserApproved',
      locale: target.language,
      to: target.email,
      values: { name: target.name, link, portal: await portalName(ctx), portalUrl: deps.publicUrl },
    },
  );
}

/** Rejects a registration that waits for approval: the account is removed (an approved one: 422). */
export async function reject(ctx: Ctx, userId: string): Promise<void> {
  const { target } = await requireAccess(ctx, managedUser(ctx, userId));
  if (target.approvedAt !== null) throw errors.rule('Gebruikers.niet_in_afwachting', { field: 'id' });
  await ctx.db.transaction(async (tx) => {
    await deleteUserRow(tx, target.id, ctx.now);
  });
}

/**
 * Users/syncusers (decisions 0023, 0027). With an ERP connected its users are synced (`fromErp`: queued, or run in
 * the request with the counts). Without one nothing is read from an ERP, and what it does, honestly: every user
 * without a customer whose e-mail domain is the domain of a customer's e-mail address is linked to that customer.
 * Admins only: it touches users outside any key user's reach. The answer names what changed.
 */
export async function syncUsers(
  ctx: Ctx,
  fromErp: ((ctx: Ctx) => Promise<ErpSyncAnswer>) | null = null,
): Promise<SyncAnswer> {
  const m = await requireAccess(ctx, { permission: 'users.manage' });
  if (m.customerId !== null) throw errors.forbidden();
  if (fromErp) {
    const answer = await fromErp(ctx);
    return {
      code: answer.code,
      message: answer.message,
      checked: await countUsers(ctx.db),
      relinked: [],
      results: answer.results,
    };
  }
  const candidates = await selectUnlinkedUsers(ctx.db);
  // one customer per user: a domain shared by two customers links nobody (it is not clear which)
  const byUser = new Map<string, typeof candidates>();
  for (const c of candidates) byUser.set(c.id, [...(byUser.get(c.id) ?? []), c]);
  const links = [...byUser.values()].filter((l) => l.length === 1).map((l) => l[0]);
  await ctx.db.transaction(async (tx) => {
    for (const l of links) await updateUserRow(tx, l.id, { customerId: l.customer_id, updatedAt: ctx.now });
  });
  const checked = await countUsers(ctx.db);
  return {
    code: 'Gebruikers.sync_geen_erp',
    message: translate(ctx.locale, 'Gebruikers.sync_geen_erp', { checked, relinked: links.length }),
    checked,
    relinked: links.map((l) => ({ email: l.email, customerNo: l.customer_no })),
  };
}
