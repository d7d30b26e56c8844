import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const memory = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory.ts')).href;

// In a fresh node with the server's young generation (Vitest's own heap would blur the figures): garbage that
// grew the heap, as loading ~1,300 modules does, then the release.
const script = `
import v8 from 'node:v8';
const { releaseUnusedMemory } = await import(${JSON.stringify(memory)});
let keep = [];
for (let i = 0; i < 2e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 100000) keep = []; }
keep = null;
const before = v8.getHeapStatistics().total_heap_size;
releaseUnusedMemory();
const after = v8.getHeapStatistics().total_heap_size;
process.stdout.write(JSON.stringify({ before, after, gcExposed: typeof globalThis.gc }));
`;

describe('releaseUnusedMemory (decision 0008 "What a server process holds besides its models")', () => {
  it("gives back the heap a start grew and does not expose gc() to the server's own code", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--max-semi-space-size=16', '--input-type=module', '--eval', script],
      { env: { ...process.env, NODE_OPTIONS: '' } },
    );
    const { before, after, gcExposed } = JSON.parse(stdout) as {
      before: number;
      after: number;
      gcExposed: string;
    };
    expect(before).toBeGreaterThan(20 * 1024 * 1024);
    expect(after).toBeLessThan(before / 2);
    expect(gcExposed).toBe('undefined');
  }, 60_000);
});
