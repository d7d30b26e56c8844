import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { startSmtp } from '../../modules/auth/auth.test-support.ts';
import { createJobs, startWorkers } from '../jobs/jobs.ts';
import { createMailer } from './mailer.ts';
import { fillHeader, fillHtml } from './render.ts';

let database: TestDatabase;
let boss: PgBoss;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  database = await createTestDatabase('empty');
  smtp = await startSmtp();
  boss = await createJobs(database.url, () => {});
});
afterAll(async () => {
  await boss.stop({ graceful: false, timeout: 1000 });
  await smtp.close();
  await database.drop();
});

const message = (to: string) => ({
  type: 'UserInvitation',
  locale: 'nl-NL',
  to,
  subject: 'Welkom',
  html: '<p>Hallo</p>',
  text: 'Hallo',
});

describe('mail delivery as a pg-boss job', () => {
  it('stores the mail in the outbox and a worker delivers it through SMTP', async () => {
    const mailer = createMailer({ db: database.db, smtpUrl: smtp.url, from: 'portal@test.local', boss });
    await startWorkers(boss, { mailer, db: database.db }, 0.5);
    const id = await mailer.queue(message('ontvanger@example.nl'));
    const mail = await smtp.waitFor('ontvanger@example.nl');
    expect(mail.subject).toBe('Welkom');
    await expect
      .poll(async () => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0].status)
      .toBe('sent');
  });

  it('keeps the mail as stored in the outbox when no SMTP server is configured', async () => {
    const mailer = createMailer({ db: database.db, from: 'portal@test.local', boss });
    const id = await mailer.queue(message('outbox@example.nl'));
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('stored');
  });

  it('marks a failed delivery and throws so the job is retried', async () => {
    const mailer = createMailer({
      db: database.db,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'portal@test.local',
      boss: null,
    });
    const id = await mailer.queue(message('niemand@example.nl'));
    await expect(mailer.deliver(id)).rejects.toThrow();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('failed');
    expect(row.attempts).toBeGreaterThanOrEqual(2);
  });
});

describe('mail rendering', () => {
  it('escapes HTML in placeholders', () => {
    expect(fillHtml('<p>{{name}}</p>', { name: '<script>x</script>' })).toBe(
      '<p>&lt;script&gt;x&lt;/script&gt;</p>',
    );
  });
  it('makes a header one line: a CR/LF or another control character in a value is a space, never a new header', () => {
    expect(fillHeader('Welkom {{name}}', { name: 'a\r\nBcc: evil@example.com' })).toBe(
      'Welkom a Bcc: evil@example.com',
    );
    expect(fillHeader('Locatie {{location}}', { location: '\tBouw A\u2028fase\u0085B\u0000\n' })).toBe(
      'Locatie Bouw A fase B',
    );
    expect(fillHeader('Welkom {{name}}', { name: 'Jan' })).toBe('Welkom Jan');
  });
});
