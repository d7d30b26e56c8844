// Account enumeration by timing (ASVS 6.3.8): medians of login and forgot-password for a real and an
// unknown e-mail against a real server on the demo data. Prints the figures; no thresholds in tests.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reservePort } from '../scripts/lib/ports.ts';

// reserved loopback ports outside the range the OS lends to outgoing connections (scripts/lib/ports.ts)
const [port, pgPort] = [await reservePort(), await reservePort()];
const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-bench-auth-'));
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
server.on('exit', (code) => {
  if (code) {
    console.error(`server exited with ${code}`);
    process.exit(1);
  }
});
const base = `http://127.0.0.1:${port}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(url: string, body: unknown): Promise<number> {
  const t0 = performance.now();
  await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return performance.now() - t0;
}

try {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const rows: string[] = [];
  for (const [name, url, known, unknown] of [
    [
      'login',
      '/api/v2.0/Auth/login',
      (i: number) => ({ email: `uitvoerder@vandijk.nl`, password: `Wrong-${i}-pass!` }),
      (i: number) => ({ email: `niemand${i}@vandijk.nl`, password: `Wrong-${i}-pass!` }),
    ],
    [
      'forgot-password',
      '/api/v2.0/Auth/forgot-password',
      () => ({ email: 'admin@materieelportaal.nl' }),
      (i: number) => ({ email: `onbekend${i}@vandijk.nl` }),
    ],
  ] as const) {
    const a: number[] = [];
    const b: number[] = [];
    // 8 pairs per round stays under the per-account and per-address throttles.
    for (let i = 0; i < 8; i++) {
      a.push(await time(url, known(i)));
      b.push(await time(url, unknown(i)));
    }
    rows.push(
      `${name.padEnd(16)} known ${median(a).toFixed(1)} ms   unknown ${median(b).toFixed(1)} ms   gap ${Math.abs(median(a) - median(b)).toFixed(1)} ms`,
    );
  }
  console.log(rows.join('\n'));
} finally {
  server.kill('SIGTERM');
}
