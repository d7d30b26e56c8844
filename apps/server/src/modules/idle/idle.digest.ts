import { isLocale, type Locale, translate } from '@mp/contract/i18n';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { jwtVerify, SignJWT } from 'jose';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import { escapeHtml } from '../../platform/mail/render.ts';
import { renderMail } from '../../platform/mail/templates.ts';
import type { LoadSettings } from '../../platform/settings.ts';
import { idleStockLines } from '../stock/index.ts';
import { claimDigestWeek, type DigestRecipient, selectDigestRecipients } from './idle.queries.ts';

/*
 * The weekly digest of idle equipment (issue #37 point 2, decision 0034): on Monday morning one mail per location
 * to each member who opted in (users.idle_digest), listing what stands idle there as that user sees it, with a
 * link that turns the digest off without signing in. A pg-boss cron (one run per slot across processes); the week
 * of a location is claimed in idle_digest_runs before its mails are queued, so a second run — another process, a
 * retried job — sends nothing.
 */

export const IDLE_DIGEST_QUEUE = 'idle.weekly-digest';
/** Mondays at 07:00 (Europe/Amsterdam). */
export const IDLE_DIGEST_CRON = '0 7 * * 1';

const UNSUBSCRIBE_AUDIENCE = 'idle-digest-unsubscribe';

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  loadSettings: LoadSettings;
  clock: () => Date;
  publicUrl: string;
  /** The signing secret of the portal's tokens (the unsubscribe link is signed with it). */
  secret: Uint8Array;
}

/** ISO week of a calendar day, e.g. 2026-W48. */
export function isoWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The unsubscribe link's token: the user, signed, for this purpose only (no expiry: an old mail still works). */
export function unsubscribeToken(secret: Uint8Array, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(UNSUBSCRIBE_AUDIENCE)
    .setIssuedAt()
    .sign(secret);
}

/** The user a valid unsubscribe token names; a bad one is 400 Stilstand.afmelden_ongeldig. */
export async function userOfUnsubscribeToken(secret: Uint8Array, token: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      audience: UNSUBSCRIBE_AUDIENCE,
      algorithms: ['HS256'],
    });
    if (payload.sub) return payload.sub;
  } catch {
    // a wrong signature, audience or shape: the same answer
  }
  throw new AppError('invalid', 'Stilstand.afmelden_ongeldig');
}

// why: renderMail escapes every value; the list is HTML built here (each value escaped), swapped in for this marker
const LINES_MARKER = 'MPIDLELINESMARKER5C1E';

function linesHtml(locale: Locale, lines: Awaited<ReturnType<typeof idleStockLines>>['lines']): string {
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const items = lines.map((l) => {
    const day = l.idleSince ? dayFormat.format(new Date(`${l.idleSince}T00:00:00Z`)) : '';
    const what = `${l.quantity} × ${l.itemNo}${l.plantNo ? ` ${l.plantNo}` : ''} — ${l.description}`;
    const since = translate(locale, 'Stilstand.badge_titel', { date: day, days: l.idleDays ?? 0 });
    return `<li>${escapeHtml(what)} (${escapeHtml(since)})</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function ctxFor(deps: DigestDeps, u: DigestRecipient, locale: Locale): Ctx {
  return {
    user: {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      kind: u.kind,
      permissions: u.permissions,
      customerId: u.customerId,
    },
    locale,
    db: deps.db,
    now: deps.clock(),
    ip: '',
    settings: () => deps.loadSettings(deps.db),
  };
}

/** One user's digest of one location, or null when nothing stands idle there for them (or they lost it). */
async function digestMail(deps: DigestDeps, u: DigestRecipient, portal: string) {
  const locale: Locale = isLocale(u.language) ? u.language : 'nl-NL';
  let idle: Awaited<ReturnType<typeof idleStockLines>>;
  try {
    idle = await idleStockLines(ctxFor(deps, u, locale), u.locationNo);
  } catch (e) {
    // no longer a member, the stock area taken away: no digest (the access check is the stock's own)
    if (e instanceof AppError && (e.type === 'not_found' || e.type === 'forbidden')) return null;
    throw e;
  }
  if (idle.lines.length === 0) return null;
  const base = deps.publicUrl.replace(/\/$/, '');
  const token = await unsubscribeToken(deps.secret, u.id);
  const rendered = await renderMail(deps.db, 'IdleDigest', locale, {
    name: u.name,
    location: `${u.locationNo} ${u.description}`,
    count: idle.lines.reduce((n, l) => n + l.quantity, 0),
    days: Math.min(...idle.lines.map((l) => l.idleDays ?? 0)),
    lines: LINES_MARKER,
    link: `${base}/materieelvoorraad?sort=idle`,
    unsubscribe: `${base}/stilstand/afmelden?token=${encodeURIComponent(token)}`,
    portal,
  });
  const list = linesHtml(locale, idle.lines);
  const html = rendered.html.includes(LINES_MARKER)
    ? rendered.html.replace(LINES_MARKER, list)
    : `${rendered.html}\n${list}`;
  const text = rendered.text.replace(
    LINES_MARKER,
    idle.lines.map((l) => `- ${l.quantity} × ${l.itemNo} ${l.plantNo ?? ''} ${l.description}`).join('\n'),
  );
  return { type: 'IdleDigest', locale, to: u.email, subject: rendered.subject, html, text };
}

/**
 * The digest of this week: per location with opted-in members, claimed once (idle_digest_runs), then one mail per
 * member with idle equipment. Answers how many mails were queued.
 */
export async function runIdleDigest(deps: DigestDeps): Promise<number> {
  const week = isoWeek(calendarDayIn(deps.clock()));
  const recipients = await selectDigestRecipients(deps.db);
  const settings = await deps.loadSettings(deps.db);
  const portal = String(settings.CustomTitle ?? '').trim() || 'Materieelportaal';
  const byLocation = new Map<string, DigestRecipient[]>();
  for (const r of recipients) byLocation.set(r.locationId, [...(byLocation.get(r.locationId) ?? []), r]);
  let sent = 0;
  for (const [locationId, users] of byLocation) {
    const mails: MailMessage[] = [];
    for (const u of users) {
      const mail = await digestMail(deps, u, portal);
      if (mail) mails.push(mail);
    }
    // claimed and queued in one transaction: a second run finds the claim and sends nothing; a failure sends nothing
    await deps.db.transaction(async (tx) => {
      if (!(await claimDigestWeek(tx as unknown as Db, locationId, week))) return;
      for (const m of mails) await deps.mailer.queue(m, tx as unknown as Db);
      sent += mails.length;
    });
  }
  return sent;
}

export async function startIdleDigest(
  boss: PgBoss,
  deps: DigestDeps,
  pollingIntervalSeconds = 30,
): Promise<void> {
  await boss.createQueue(IDLE_DIGEST_QUEUE);
  await boss.schedule(IDLE_DIGEST_QUEUE, IDLE_DIGEST_CRON, null, { tz: 'Europe/Amsterdam' });
  await boss.work(IDLE_DIGEST_QUEUE, { pollingIntervalSeconds }, async () => {
    await runIdleDigest(deps);
  });
}
