import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** JWT_SECRET when set; otherwise a random secret made once and kept in DATA_DIR (mode 600). */
export function loadSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url'));
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48);
    writeFileSync(file, secret.toString('base64url'), { mode: 0o600 });
    return new Uint8Array(secret);
  }
}
