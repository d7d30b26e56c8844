import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runBackup } from './backup.ts';
import { runRestore } from './restore.ts';

/**
 * npm run backup -- --to DIR
 * npm run restore -- --from DIR [--force]
 * (docs/decisions/0030, README "Operating the portal"). The configuration is the portal's own (DATA_DIR,
 * DATABASE_URL, S3_*). An interrupt (SIGINT/SIGTERM) ends the work, removes what it wrote, ends its PostgreSQL
 * sessions and stops an embedded PostgreSQL this command started; the exit code is 130/143, 1 on failure.
 */
const [command, ...rest] = process.argv.slice(2);
const usage = 'Usage: npm run backup -- --to DIR\n       npm run restore -- --from DIR [--force]\n';

const { values } = parseArgs({
  args: rest,
  options: {
    to: { type: 'string' },
    from: { type: 'string' },
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  process.stdout.write(usage);
  process.exit(0);
}
if (
  (command === 'backup' && !values.to) ||
  (command === 'restore' && !values.from) ||
  !['backup', 'restore'].includes(command)
) {
  process.stderr.write(usage);
  process.exit(2);
}

const log = (line: string) => process.stdout.write(`${command}: ${line}\n`);
const abort = new AbortController();
let exitCode = 0;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    log(`interrupted (${signal}); stopping, nothing of this run is kept`);
    exitCode = code;
    abort.abort(new Error(`interrupted (${signal})`));
  });
}

try {
  const config = loadConfig();
  if (command === 'backup') {
    await runBackup(config, { to: values.to as string, log, signal: abort.signal });
  } else {
    const { movedAside } = await runRestore(config, {
      from: values.from as string,
      force: values.force,
      log,
      signal: abort.signal,
    });
    for (const aside of movedAside)
      log(`what was there before is in ${aside} (delete it when the restore is right)`);
  }
} catch (e) {
  if (!exitCode) {
    exitCode = 1;
    process.stderr.write(`${command} failed: ${(e as Error).message}\n`);
  }
}
process.exit(exitCode);
