import {
  type ImportJob,
  type ImportPreview,
  type ImportRow,
  importColumns,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
} from '@mp/contract/api/users';
import { isLocale, locales, translate } from '@mp/contract/i18n';
import { canManageUser } from '@mp/contract/permissions';
import { z } from 'zod';
import { requireAccess } from '../../platform/auth/access.ts';
import { errors } from '../../platform/errors.ts';
import { readTable } from '../../platform/files/table-reader.ts';
import type { Ctx } from '../../platform/http/context.ts';
import {
  insertImport,
  insertMemberships,
  insertUserRows,
  replaceMemberships,
  selectCustomersByNo,
  selectImport,
  selectLocationsByNo,
  selectUsersByEmails,
  updateImport,
  updateUserRow,
} from './users.queries.ts';
import { issueInvitation, type Manager, mailInvitation, type UsersDeps } from './users.service.ts';

/*
 * The user import (issue #14 part 6, decision 0023): a CSV or XLSX file, one user per row. The preview says per row
 * what would happen (create, update, unchanged) or what is wrong; the import checks everything again and writes
 * every row in one transaction — nothing while any row has an error — in the background, its progress in
 * user_imports for the page to poll. Users are matched by e-mail, so importing the same file twice changes nothing.
 */

type Role = 'user' | 'administration';
type Column = keyof typeof importColumns;

interface ParsedRow {
  row: number;
  email: string;
  name: string;
  language: string;
  kind: 'internal' | 'external';
  customerId: string | null;
  locations: Array<{ locationId: string; customerId: string; role: Role }>;
  errors: Array<{ column: string; code: string }>;
}

interface Plan {
  row: ParsedRow;
  status: 'create' | 'update' | 'unchanged' | 'error';
  existingId: string | null;
}

const emailSchema = z.email().max(320);

/**
 * The file's cells as text rows (the first row is the header), read by the platform's one table reader (in a worker,
 * stopping at the row limit): 415 when it is neither CSV nor XLSX, 422 past MAX_IMPORT_ROWS or when it cannot be read,
 * 413 when it unpacks too large, 429 while other files are being read.
 */
async function readImportTable(bytes: Buffer): Promise<string[][]> {
  if (bytes.length > MAX_IMPORT_BYTES) throw errors.rule('Gebruikers.import.te_groot', { field: 'content' });
  return readTable(bytes, {
    maxRows: MAX_IMPORT_ROWS,
    codes: { type: 'Gebruikers.import.bestandstype', tooManyRows: 'Gebruikers.import.te_veel_regels' },
    field: 'content',
  });
}

function headerMap(header: string[]): Partial<Record<Column, number>> {
  const map: Partial<Record<Column, number>> = {};
  header.forEach((h, i) => {
    const name = h.trim().toLowerCase();
    for (const [col, names] of Object.entries(importColumns) as [Column, readonly string[]][]) {
      if (names.includes(name) && map[col] === undefined) map[col] = i;
    }
  });
  return map;
}

const roleWords: Record<string, Role> = {
  user: 'user',
  gebruiker: 'user',
  administration: 'administration',
  administratie: 'administration',
};
const kindWords: Record<string, 'internal' | 'external'> = {
  internal: 'internal',
  intern: 'internal',
  external: 'external',
  extern: 'external',
};

function languageOf(v: string): string | null {
  const s = v.trim();
  if (isLocale(s)) return s;
  return locales.find((l) => l.slice(0, 2).toLowerCase() === s.toLowerCase()) ?? null;
}

/** "P-24001; P-24002:administratie" → number and role (role optional: user). */
function locationEntries(v: string): Array<{ locationNo: string; role: Role | null }> {
  return v
    .split(/[;,|\n]/)
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => {
      const m = /^(.+?)\s*(?:[:=]|\s\()\s*([A-Za-z]+)\)?$/.exec(e);
      if (!m) return { locationNo: e, role: 'user' as Role };
      return { locationNo: m[1].trim(), role: roleWords[m[2].toLowerCase()] ?? null };
    });
}

/** Parses and checks every row against the database; no writes. */
async function plan(ctx: Ctx, m: Manager, table: string[][]): Promise<Plan[]> {
  const [header = [], ...body] = table;
  const cols = headerMap(header);
  if (cols.email === undefined || cols.name === undefined)
    throw errors.rule('Gebruikers.import.kolom_ontbreekt', { field: 'content' });
  if (body.length === 0) throw errors.rule('Gebruikers.import.leeg', { field: 'content' });
  const cell = (r: string[], c: Column) => (cols[c] === undefined ? '' : (r[cols[c] as number] ?? '').trim());

  const customerNos = [...new Set(body.map((r) => cell(r, 'customerNo')).filter(Boolean))];
  const locationNos = [
    ...new Set(body.flatMap((r) => locationEntries(cell(r, 'locations')).map((l) => l.locationNo))),
  ];
  const emails = [...new Set(body.map((r) => cell(r, 'email').toLowerCase()).filter(Boolean))];
  const [customerRows, locationRows, existingRows] = await Promise.all([
    selectCustomersByNo(ctx.db, customerNos),
    selectLocationsByNo(ctx.db, locationNos),
    selectUsersByEmails(ctx.db, emails),
  ]);
  const customers = new Map(customerRows.map((c) => [c.customerNo, c]));
  const locations = new Map(locationRows.map((l) => [l.locationNo, l]));
  const existing = new Map(existingRows.map((u) => [u.email.toLowerCase(), u]));
  const seen = new Set<string>();

  return body.map((r, i): Plan => {
    const errs: ParsedRow['errors'] = [];
    const email = cell(r, 'email');
    if (!emailSchema.safeParse(email).success)
      errs.push({ column: 'email', code: 'Gebruikers.import.email_ongeldig' });
    else if (seen.has(email.toLowerCase())) errs.push({ column: 'email', code: 'Gebruikers.import.dubbel' });
    seen.add(email.toLowerCase());
    const name = cell(r, 'name');
    if (!name || name.length > 200) errs.push({ column: 'name', code: 'Gebruikers.import.naam_verplicht' });
    const languageText = cell(r, 'language');
    const language = languageText ? languageOf(languageText) : 'nl-NL';
    if (!language) errs.push({ column: 'language', code: 'Gebruikers.import.taal_onbekend' });
    const kindText = cell(r, 'kind').toLowerCase();
    const kind = kindText ? kindWords[kindText] : m.customerId !== null ? m.me.kind : 'external';
    if (!kind) errs.push({ column: 'kind', code: 'Gebruikers.import.soort_onbekend' });
    else if (m.customerId !== null && kind !== m.me.kind)
      errs.push({ column: 'kind', code: 'Gebruikers.import.buiten_bereik' });
    const customerNo = cell(r, 'customerNo');
    let customerId: string | null = m.customerId;
    if (customerNo) {
      const c = customers.get(customerNo);
      if (!c) errs.push({ column: 'customerNo', code: 'Gebruikers.import.klant_onbekend' });
      else if (m.customerId !== null && c.id !== m.customerId)
        errs.push({ column: 'customerNo', code: 'Gebruikers.import.buiten_bereik' });
      else customerId = c.id;
    }
    const wanted: ParsedRow['locations'] = [];
    for (const e of locationEntries(cell(r, 'locations'))) {
      const l = locations.get(e.locationNo);
      // a location of another customer reads as unknown to a key user (its existence is not told)
      if (!l || (m.customerId !== null && l.customerId !== m.customerId))
        errs.push({ column: 'locations', code: 'Gebruikers.import.locatie_onbekend' });
      else if (e.role === null) errs.push({ column: 'locations', code: 'Gebruikers.import.rol_onbekend' });
      else if (!wanted.some((w) => w.locationId === l.id))
        wanted.push({ locationId: l.id, customerId: l.customerId, role: e.role });
    }
    const old = existing.get(email.toLowerCase());
    if (old && !canManageUser({ user: m.me }, { role: old.role, customerId: old.customer_id }))
      errs.push({ column: 'email', code: 'Gebruikers.import.buiten_bereik' });
    const row: ParsedRow = {
      row: i + 2,
      email,
      name,
      language: language ?? 'nl-NL',
      kind: kind ?? 'external',
      customerId,
      locations: wanted,
      errors: errs.filter((e, j) => errs.findIndex((x) => x.column === e.column && x.code === e.code) === j),
    };
    if (row.errors.length) return { row, status: 'error', existingId: old?.id ?? null };
    if (!old) return { row, status: 'create', existingId: null };
    const inReach = (x: { customer_id: string }) => m.customerId === null || x.customer_id === m.customerId;
    const before = old.memberships
      .filter(inReach)
      .map((x) => `${x.location_id}:${x.role}`)
      .sort()
      .join();
    const after = wanted
      .map((x) => `${x.locationId}:${x.role}`)
      .sort()
      .join();
    const same =
      old.name === name &&
      old.email === email &&
      old.language === row.language &&
      old.kind === row.kind &&
      old.customer_id === customerId &&
      before === after;
    return { row, status: same ? 'unchanged' : 'update', existingId: old.id };
  });
}

function toImportRow(ctx: Ctx, p: Plan): ImportRow {
  return {
    row: p.row.row,
    email: p.row.email,
    name: p.row.name,
    status: p.status,
    errors: p.row.errors.map((e) => ({ ...e, message: translate(ctx.locale, e.code) })),
  };
}

function countsOf(plans: Plan[]) {
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const p of plans) counts[p.status]++;
  return counts;
}

export async function previewImport(ctx: Ctx, bytes: Buffer): Promise<ImportPreview> {
  const m = await requireAccess(ctx, { permission: 'users.manage' });
  const plans = await plan(ctx, m, await readImportTable(bytes));
  return { rows: plans.map((p) => toImportRow(ctx, p)), counts: countsOf(plans) };
}

const CHUNK = 250;

/** Writes every planned row in one transaction, reporting progress on the import row (outside it). */
async function write(
  ctx: Ctx,
  deps: UsersDeps,
  m: Manager,
  importId: string,
  plans: Plan[],
  sendEmail: boolean,
): Promise<void> {
  const work = plans.filter((p) => p.status !== 'unchanged');
  const counts = countsOf(plans);
  const invitations: Array<{ user: { name: string; email: string; language: string }; token: string }> = [];
  await ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    for (let i = 0; i < work.length; i += CHUNK) {
      const chunk = work.slice(i, i + CHUNK);
      const creates = chunk.filter((p) => p.status === 'create');
      if (creates.length) {
        const inserted = await insertUserRows(
          tx,
          creates.map((p) => ({
            email: p.row.email,
            name: p.row.name,
            language: p.row.language,
            kind: p.row.kind,
            role: 'user' as const,
            customerId: p.row.customerId,
            approvedAt: ctx.now,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })),
        );
        const ids = new Map(inserted.map((u) => [u.email.toLowerCase(), u.id]));
        for (const p of creates) p.existingId = ids.get(p.row.email.toLowerCase()) ?? null;
        // a new user's memberships in one statement per batch (nothing to replace)
        const memberships = creates.flatMap((p) =>
          p.row.locations.map((l) => ({
            userId: p.existingId as string,
            locationId: l.locationId,
            role: l.role,
            createdAt: ctx.now,
          })),
        );
        await insertMemberships(tx, memberships);
      }
      for (const p of chunk) {
        if (!p.existingId) throw new Error('import row without a user');
        if (p.status === 'update')
          await updateUserRow(tx, p.existingId, {
            email: p.row.email,
            name: p.row.name,
            language: p.row.language,
            kind: p.row.kind,
            customerId: p.row.customerId,
            updatedAt: ctx.now,
          });
        if (p.status === 'update')
          await replaceMemberships(tx, p.existingId, p.row.locations, m.customerId, ctx.now);
        if (p.status === 'create' && sendEmail)
          invitations.push({ user: p.row, token: await issueInvitation(t, p.existingId) });
      }
      await updateImport(ctx.db, importId, {
        processed: Math.min(plans.length, counts.unchanged + i + chunk.length),
      });
    }
  });
  for (const inv of invitations) await mailInvitation(ctx, deps, inv.user, inv.token);
  await updateImport(ctx.db, importId, {
    state: 'done',
    processed: plans.length,
    created: counts.create,
    updated: counts.update,
    unchanged: counts.unchanged,
    invited: invitations.length,
    finishedAt: new Date(),
  });
}

/**
 * Starts an import (202 with its id): the rows are checked and written in the background; GET Users/import/{id}
 * tells the progress. The file's form (columns, size, rows) is checked before answering.
 */
export async function startImport(
  ctx: Ctx,
  deps: UsersDeps & { log: { error(obj: object, msg?: string): void } },
  bytes: Buffer,
  sendEmail: boolean,
): Promise<{ id: string }> {
  const m = await requireAccess(ctx, { permission: 'users.manage' });
  const table = await readImportTable(bytes);
  const job = await insertImport(ctx.db, {
    userId: m.me.id,
    state: 'running',
    total: Math.max(0, table.length - 1),
    createdAt: ctx.now,
  });
  if (!job) throw new Error('import row not stored');
  const run = async () => {
    const plans = await plan(ctx, m, table);
    if (plans.some((p) => p.status === 'error')) {
      await updateImport(ctx.db, job.id, {
        state: 'failed',
        errorCode: 'Gebruikers.import.fouten',
        rows: plans.filter((p) => p.status === 'error').map((p) => toImportRow(ctx, p)),
        finishedAt: new Date(),
      });
      return;
    }
    await write(ctx, deps, m, job.id, plans, sendEmail);
  };
  setImmediate(() => {
    run().catch(async (err) => {
      const code =
        err &&
        typeof err === 'object' &&
        'code' in err &&
        typeof err.code === 'string' &&
        err.code.includes('.')
          ? err.code
          : 'error.server_fout';
      if (code === 'error.server_fout') deps.log.error({ err, importId: job.id }, 'user import failed');
      await updateImport(ctx.db, job.id, { state: 'failed', errorCode: code, finishedAt: new Date() }).catch(
        () => {},
      );
    });
  });
  return { id: job.id };
}

/**
 * An import still 'running' this long after it started was cut off (its server process stopped): the largest file
 * takes seconds. It reads as failed, so the page stops waiting and says so; the read itself writes nothing.
 */
export const IMPORT_CUT_OFF_MS = 15 * 60_000;

export async function readImport(ctx: Ctx, id: string): Promise<ImportJob> {
  const m = await requireAccess(ctx, { permission: 'users.manage' });
  const stored = await selectImport(ctx.db, id, m.me.id);
  if (!stored) throw errors.notFound();
  const cutOff =
    stored.state === 'running' && ctx.now.getTime() - stored.createdAt.getTime() > IMPORT_CUT_OFF_MS;
  const job = cutOff ? { ...stored, state: 'failed', errorCode: 'Gebruikers.import.afgebroken' } : stored;
  return {
    id: job.id,
    state: job.state as ImportJob['state'],
    total: job.total,
    processed: job.processed,
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    invited: job.invited,
    errorCode: job.errorCode,
    errorMessage: job.errorCode ? translate(ctx.locale, job.errorCode) : null,
    rows: job.rows as ImportRow[],
  };
}
