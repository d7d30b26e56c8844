import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { PgBoss } from 'pg-boss';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Db } from '../db/database.ts';
import { runStatement, statement } from '../db/prepared.ts';
import { inSpan } from '../telemetry/telemetry.ts';
import { oneLine } from './render.ts';

export interface MailMessage {
  type: string;
  locale: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  /** Stores the mail in the outbox and schedules its delivery; returns the outbox id. */
  queue(msg: MailMessage, db?: Db): Promise<string>;
  /**
   * The same, split for a statement that stores the mails with a write of its own (idempotency.ts): the outbox
   * rows as the JSON parameter of outboxInsertSql, and then, with the ids it answered, their delivery scheduled.
   */
  outboxRows(msgs: MailMessage[]): string;
  scheduled(ids: string[]): Promise<void>;
  /** Delivers one outbox mail now (the job handler); throws so the job retries. */
  deliver(id: string): Promise<void>;
}

export const MAIL_QUEUE = 'mail-send';

// why: part of every order submit's transaction, so prepared (docs/decisions/0011)
const insertOutbox = statement(`insert into mail_outbox (type, locale, "to", subject, html, text, status)
  values ($1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text) returning id`);

/** An insert of outbox rows given as one JSON array parameter (`param`, from Mailer.outboxRows), answering their ids. */
export function outboxInsertSql(param: string): string {
  return `insert into mail_outbox (type, locale, "to", subject, html, text, status)
    select m.type, m.locale, m."to", m.subject, m.html, m.text, m.status from json_to_recordset(${param}::json)
      as m(type text, locale text, "to" text, subject text, html text, text text, status text)
    returning id`;
}

export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; boss?: PgBoss | null }): Mailer {
  const smtpUrl = opts.smtpUrl;
  // why: nodemailer (~40 modules) is loaded with the first mail a process delivers, not when the server starts:
  // the processes that store mails are many, the deliveries few (decision 0008 "What a server process holds")
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) => {
    transport ??= import('nodemailer').then((m) => m.default.createTransport(url));
    return transport;
  };
  const status = smtpUrl ? 'queued' : 'stored';
  const mailer: Mailer = {
    async queue(msg, db = opts.db) {
      const [row] = await runStatement<{ id: string }>(db, insertOutbox, [
        msg.type,
        msg.locale,
        msg.to,
        // why: whatever a caller built, the stored and sent subject is one header line (fillHeader makes it so too)
        oneLine(msg.subject),
        msg.html,
        msg.text,
        status,
      ]);
      await mailer.scheduled([row.id]);
      return row.id;
    },
    outboxRows(msgs) {
      return JSON.stringify(msgs.map((m) => ({ ...m, subject: oneLine(m.subject), status })));
    },
    async scheduled(ids) {
      if (!smtpUrl) return;
      for (const id of ids) {
        if (opts.boss) {
          await opts.boss.send(MAIL_QUEUE, { id }, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
        } else {
          // why: without the job runner (a one-off CLI), deliver inline but never fail the caller.
          await mailer.deliver(id).catch(() => {});
        }
      }
    },
    async deliver(id) {
      const [mail] = await opts.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      // why: the job can run before the transaction that queued the mail commits; throwing lets pg-boss retry.
      if (!mail) throw new Error(`outbox mail ${id} not visible (yet)`);
      if (mail.status === 'sent' || !smtpUrl) return;
      try {
        const transporter = await smtp(smtpUrl);
        // an outgoing call no instrumentation sees: a span of our own (no recipient in it: an address is personal)
        await inSpan('smtp send', { 'mail.type': mail.type }, () =>
          transporter.sendMail({
            from: opts.from,
            to: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          }),
        );
        await opts.db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: null,
          })
          .where(eq(mailOutbox.id, id));
      } catch (e) {
        await opts.db
          .update(mailOutbox)
          .set({
            status: 'failed',
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: String((e as Error).message).slice(0, 500),
          })
          .where(eq(mailOutbox.id, id));
        throw e;
      }
    },
  };
  return mailer;
}
