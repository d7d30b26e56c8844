import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { candidateRange, ephemeralRange, isFree, releasePort, releasePorts, reservePort } from './ports.ts';

const lock = (port: number) => path.join(tmpdir(), `materieelportaal-port-${port}`);

afterEach(() => releasePorts());

describe('test ports', () => {
  it('are chosen outside the range the OS lends to outgoing connections', () => {
    const [first, last] = ephemeralRange();
    const [low, high] = candidateRange();
    expect(high - low).toBeGreaterThanOrEqual(999);
    expect(high < first || low > last).toBe(true);
  });

  it('are reserved by a lock file of this process until released, and never handed out twice', async () => {
    const [low, high] = candidateRange();
    const ports = await Promise.all(Array.from({ length: 20 }, () => reservePort()));
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(low);
      expect(port).toBeLessThanOrEqual(high);
      expect(readFileSync(lock(port), 'utf8').trim()).toBe(String(process.pid));
    }
    releasePort(ports[0]);
    expect(existsSync(lock(ports[0]))).toBe(false);
    releasePorts();
    expect(ports.some((p) => existsSync(lock(p)))).toBe(false);
  });

  it('are free when handed out, and a port something listens on is not free', async () => {
    const port = await reservePort();
    expect(await isFree(port)).toBe(true);
    const server = createServer();
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    try {
      expect(await isFree(port)).toBe(false);
    } finally {
      server.close();
    }
  });

  it("removes a minute-old lock of a process that is gone, and keeps a live process's", async () => {
    // two locks of our own (so no other run's are touched), made to look like others' and a minute old
    const [deadPort, livePort] = [await reservePort(), await reservePort()];
    const old = new Date(Date.now() - 120_000);
    writeFileSync(lock(deadPort), '99999999\n'); // above the kernel's pid maximum: no such process
    writeFileSync(lock(livePort), `${process.ppid}\n`);
    utimesSync(lock(deadPort), old, old);
    utimesSync(lock(livePort), old, old);
    vi.resetModules(); // the sweep runs once per process: a fresh copy of the module sweeps again
    const fresh = await import('./ports.ts');
    fresh.releasePort(await fresh.reservePort());
    expect(existsSync(lock(deadPort))).toBe(false);
    expect(existsSync(lock(livePort))).toBe(true);
  });
});
