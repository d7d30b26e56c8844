// The journeys' mailbox: run.ts starts a local SMTP server (smtp-server, loopback, random port) that the portal
// sends to (SMTP_URL) and that writes every message it receives as a file into E2E_MAIL_DIR; a journey waits for
// a mail there (e.g. an invitation) and reads its link.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  url: string;
  dir: string;
  close(): Promise<void>;
}

/** Starts the SMTP server that keeps each received message as `<n>.eml` with its recipients in `<n>.to`. */
export async function startMailbox(dir: string): Promise<Mailbox> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = String(++n).padStart(6, '0');
        writeFileSync(
          path.join(dir, `${id}.to`),
          session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join('\n'),
        );
        writeFileSync(path.join(dir, `${id}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, dir, close: () => new Promise((r) => server.close(() => r())) };
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded text of the first mail to `to` whose text matches, waiting up to `timeoutMs` for it. */
export async function waitForMail(to: string, match: RegExp, timeoutMs = 30_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the journeys through e2e/run.ts');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.to'))) {
      if (!readFileSync(path.join(dir, f), 'utf8').split('\n').includes(to.toLowerCase())) continue;
      const text = decodeQuotedPrintable(readFileSync(path.join(dir, f.replace(/\.to$/, '.eml')), 'utf8'));
      if (match.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${match} within ${timeoutMs / 1000} s`);
}
