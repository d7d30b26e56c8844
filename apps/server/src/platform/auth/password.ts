import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, m = 19 MiB, t = 2, p = 1.
// why: Algorithm is an ambient const enum (not importable under verbatimModuleSyntax); 2 = Argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
