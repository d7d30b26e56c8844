/*
 * How many bits of randomness a secret set by hand (JWT_SECRET, METRICS_TOKEN) seems to hold, judged from the string
 * itself (issue #31 item 7). One string cannot prove its generator, so this estimates from below, the way password
 * meters do (zxcvbn's idea, without its dictionaries and its seconds per long string): the string is cut into runs of
 * one character class; a short run counts as random characters of its class, a longer run of letters counts as one
 * word, a run of one repeated character as one character and a length, a separator used again as almost nothing, and
 * a year as a year. `openssl rand -base64 48` scores at least about 190 bits, `openssl rand -hex 32` and
 * `openssl rand -base64 32` at least about 130; `my-super-secret-jwt-key-for-production-2026` about 100 and 24 × `a` 9.
 */

/**
 * What a production start asks of a secret it signs or checks with: NIST's least security strength for HMAC keys
 * today (SP 800-57 Part 1, SP 800-131A: 112 bits). The estimate is a lower bound, so a random 32-byte value
 * (256 bits, estimated at least about 127) passes with room to spare.
 */
export const MIN_SECRET_BITS = 112;

/**
 * A run of three or more letters is taken for a word: bits of a word of that length from a large vocabulary
 * (~1,000 words of three letters, ~4,000 of four, ~65,000 longer ones).
 */
const wordBits = (length: number) => (length === 3 ? 10 : length === 4 ? 12 : 16);

type CharClass = 'lower' | 'upper' | 'digit' | 'other';

const alphabet: Record<CharClass, number> = { lower: 26, upper: 26, digit: 10, other: 32 };

function classOf(ch: string): CharClass {
  if (ch >= 'a' && ch <= 'z') return 'lower';
  if (ch >= 'A' && ch <= 'Z') return 'upper';
  if (ch >= '0' && ch <= '9') return 'digit';
  return 'other';
}

/** The runs of one character class, in order. */
function runsOf(secret: string): { cls: CharClass; text: string }[] {
  const runs: { cls: CharClass; text: string }[] = [];
  for (const ch of secret) {
    const cls = classOf(ch);
    const last = runs.at(-1);
    if (last && last.cls === cls) last.text += ch;
    else runs.push({ cls, text: ch });
  }
  return runs;
}

function runBits(run: { cls: CharClass; text: string }, seenSymbols: Set<string>): number {
  const perChar = Math.log2(alphabet[run.cls]);
  const chars = [...run.text];
  if (chars.length > 1 && new Set(chars).size === 1) return perChar + Math.log2(chars.length);
  if (run.cls === 'digit' && /^(19|20)\d\d$/.test(run.text)) return 7;
  if ((run.cls === 'lower' || run.cls === 'upper') && chars.length >= 3) return wordBits(chars.length);
  if (run.cls === 'other') {
    let bits = 0;
    for (const ch of chars) {
      bits += seenSymbols.has(ch) ? 1 : perChar;
      seenSymbols.add(ch);
    }
    return bits;
  }
  return chars.length * perChar;
}

/** The estimated bits of randomness in a secret (a lower bound; see the file's comment). */
export function estimateSecretBits(secret: string): number {
  const seenSymbols = new Set<string>();
  let bits = 0;
  const runs = runsOf(secret);
  // A string that repeats one short block ("abcabcabc…") holds no more than the block.
  for (let size = 1; size <= secret.length / 2; size++) {
    if (secret === secret.slice(0, size).repeat(secret.length / size)) {
      return estimateSecretBits(secret.slice(0, size)) + Math.log2(secret.length / size);
    }
  }
  for (const run of runs) bits += runBits(run, seenSymbols);
  return bits;
}
