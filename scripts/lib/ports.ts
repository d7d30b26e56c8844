// Loopback ports for the servers the tests start (the portal, its embedded PostgreSQL), chosen so that
// nothing takes them by chance between the choice and the server's own bind:
//  - outside the range the OS lends to outgoing connections (Linux 32768–60999, macOS and Windows
//    49152–65535, read from the system where it says): port 0 and a random pick inside that range can be
//    taken by any client connection a moment later (PostgreSQL: "could not bind … Address already in use");
//  - reserved with a lock file in the temporary directory, so two checkouts running tests at the same time
//    never pick the same port;
//  - verified free by binding it on 127.0.0.1 (a portal or anything else already listening there).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const LOCK_PREFIX = 'materieelportaal-port-';
// why: below 20000 live the ports people run things on by hand (3000, 5173, 5432, 8080, 9229 …).
const FLOOR = 20_000;

/** The range the OS hands out for outgoing connections (and for port 0), as [first, last]. */
export function ephemeralRange(): [number, number] {
  try {
    if (process.platform === 'linux') {
      const [first, last] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number);
      if (first > 0 && last >= first) return [first, last];
    } else if (process.platform === 'darwin' || process.platform.endsWith('bsd')) {
      const out = execFileSync(
        'sysctl',
        ['-n', 'net.inet.ip.portrange.first', 'net.inet.ip.portrange.last'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      const [first, last] = out.trim().split(/\s+/).map(Number);
      if (first > 0 && last >= first) return [first, last];
    } else if (process.platform === 'win32') {
      const out = execFileSync('netsh', ['int', 'ipv4', 'show', 'dynamicport', 'tcp'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      // "Start Port : 49152" / "Number of Ports : 16384" (the labels are translated; the order is not)
      const [first, count] = [...out.matchAll(/:\s*(\d+)/g)].map((m) => Number(m[1]));
      if (first > 0 && count > 0) return [first, first + count - 1];
    }
  } catch {
    // fall through to the IANA dynamic range, the default of macOS and Windows
  }
  return [49152, 65535];
}

/** The ports tests may use: the widest stretch of 20000–65535 outside the ephemeral range. */
export function candidateRange(): [number, number] {
  const [first, last] = ephemeralRange();
  const below: [number, number] = [FLOOR, Math.min(first - 1, 65535)];
  const above: [number, number] = [Math.max(last + 1, FLOOR), 65535];
  const size = ([a, b]: [number, number]) => b - a + 1;
  const best = size(below) >= size(above) ? below : above;
  // A system that lends (almost) every port: no safe stretch exists, so take any and rely on the checks.
  return size(best) >= 1000 ? best : [1024, 65535];
}

const lockFile = (port: number) => path.join(tmpdir(), `${LOCK_PREFIX}${port}`);
const held = new Set<number>();
let exitHooked = false;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
};

let swept = false;
/**
 * Lock files of processes that ended without releasing them (killed; Vitest ends its workers without an
 * 'exit' event) are removed once per process. Only when older than a minute: a lock just made by a live
 * process whose pid is not written yet, or one made again right after another sweep removed it, stays.
 */
function sweepStaleLocks() {
  if (swept) return;
  swept = true;
  let names: string[] = [];
  try {
    names = readdirSync(tmpdir()).filter((n) => n.startsWith(LOCK_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(tmpdir(), name);
    try {
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (!(pid > 0 && alive(pid)) && Date.now() - statSync(file).mtimeMs > 60_000) unlinkSync(file);
    } catch {
      // gone already, or not ours to remove
    }
  }
}

/** Gives back every port this process reserved; also done on exit (when the process gets to see it). */
export function releasePorts(): void {
  for (const port of held) {
    try {
      unlinkSync(lockFile(port));
    } catch {}
  }
  held.clear();
}

/** Gives a reserved port back (also done for every port when the process exits). */
export function releasePort(port: number): void {
  if (!held.delete(port)) return;
  try {
    unlinkSync(lockFile(port));
  } catch {}
}

function tryLock(port: number): boolean {
  try {
    writeFileSync(lockFile(port), `${process.pid}\n`, { flag: 'wx' });
  } catch {
    return false; // another run holds it (EEXIST), or the temporary directory refuses: pick another
  }
  if (!exitHooked) process.once('exit', releasePorts);
  exitHooked = true;
  held.add(port);
  return true;
}

/** Whether nothing listens on 127.0.0.1:port (binding it is the only reliable test). */
export function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A loopback port outside the ephemeral range, free right now and reserved for this process until it
 * exits or calls releasePort. Throws (naming the range) when none is found in 200 tries.
 */
export async function reservePort(): Promise<number> {
  sweepStaleLocks();
  const [low, high] = candidateRange();
  for (let i = 0; i < 200; i++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (held.has(port) || !tryLock(port)) continue;
    if (await isFree(port)) return port;
    releasePort(port);
  }
  throw new Error(`no free loopback port found in ${low}–${high} (outside the ephemeral range)`);
}
