import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, withServerFlags } from './node-flags.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The arguments node gets before main.ts in a command line. */
function argsBeforeMain(command: string[]): string[] {
  const main = command.indexOf('apps/server/src/main.ts');
  expect(main).toBeGreaterThan(0);
  return command.slice(command.lastIndexOf('node', main) + 1, main);
}

describe('the V8 flags of a server process (decision 0008 "RSS per process")', () => {
  it('are what npm start runs main.ts with', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    const command = (start ?? '').split('&&').at(-1)?.trim().split(/\s+/) ?? [];
    expect(argsBeforeMain(command)).toEqual([...SERVER_NODE_FLAGS]);
  });

  it("are what the container image's command runs main.ts with", () => {
    const cmd = read('Dockerfile')
      .split('\n')
      .find((l) => l.startsWith('CMD '));
    const command = JSON.parse(cmd?.slice(4) ?? '[]') as string[];
    expect(argsBeforeMain(command)).toEqual([...SERVER_NODE_FLAGS]);
  });

  it('are added to what a cluster worker is forked with, unless given already', () => {
    expect(withServerFlags([])).toEqual([...SERVER_NODE_FLAGS]);
    expect(withServerFlags(['--enable-source-maps'])).toEqual(['--enable-source-maps', ...SERVER_NODE_FLAGS]);
    const others = SERVER_NODE_FLAGS.filter((f) => !f.startsWith('--max-semi-space-size='));
    expect(withServerFlags(['--max-semi-space-size=32'])).toEqual(['--max-semi-space-size=32', ...others]);
    expect(withServerFlags(['--max_semi_space_size=8'])).toEqual(['--max_semi_space_size=8', ...others]);
    expect(withServerFlags([...SERVER_NODE_FLAGS])).toEqual([...SERVER_NODE_FLAGS]);
  });
});
