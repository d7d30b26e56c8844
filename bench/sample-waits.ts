// Dev helper (profiling the writes): while a bench runs, samples pg_stat_activity every 20 ms and counts the
// states and wait events of the server's sessions; resets pg_stat_statements when it starts and prints the
// top statements (by total time) when the bench ends.
// npx node bench/sample-waits.ts [pg-port] [seconds]: starts sampling once 16 sessions are busy
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** CPU ticks (1/100 s) of each PostgreSQL process by its title ('client backend', 'walwriter', …). */
function cpuByProcess(): Map<number, { title: string; ticks: number }> {
  const out = new Map<number, { title: string; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      if (!cmd.startsWith('postgres:')) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const title = /postgres: (\S+ \S+|\S+)/.exec(cmd)?.[1] ?? cmd;
      out.set(Number(name), {
        title: title.startsWith('postgres ') ? 'client backend' : title,
        ticks: Number(f[11]) + Number(f[12]),
      });
    } catch {
      // gone
    }
  }
  return out;
}

const port = Number(process.argv[2] ?? 62432);
const seconds = Number(process.argv[3] ?? 20);
const url = `postgres://postgres:postgres@127.0.0.1:${port}/materieelportaal`;
let client: pg.Client;
for (;;) {
  client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 500));
  }
}
// Starts when the load is on: at least 16 of the server's sessions busy (or waiting in a transaction).
for (;;) {
  const r = await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity
    where datname = 'materieelportaal' and state in ('active', 'idle in transaction') and pid <> pg_backend_pid()`);
  if (r.rows[0].n >= 16) break;
  await new Promise((res) => setTimeout(res, 100));
}
const pss = await client
  .query('create extension if not exists pg_stat_statements')
  .then(() => true)
  .catch(() => false);
if (pss) await client.query('select pg_stat_statements_reset()');
const cpuBefore = cpuByProcess();
const counts = new Map<string, number>();
let samples = 0;
const until = Date.now() + seconds * 1000;
while (Date.now() < until) {
  const r = await client.query<{ what: string; n: number }>(`
    select coalesce(state, '?') || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') as what,
           count(*)::int as n
    from pg_stat_activity
    where datname = 'materieelportaal' and pid <> pg_backend_pid() and backend_type = 'client backend'
      and application_name not like 'pgboss%'
    group by 1`);
  samples++;
  for (const row of r.rows) counts.set(row.what, (counts.get(row.what) ?? 0) + row.n);
  await new Promise((res) => setTimeout(res, 20));
}
const cpuAfter = cpuByProcess();
const byTitle = new Map<string, number>();
for (const [pid, a] of cpuAfter)
  byTitle.set(a.title, (byTitle.get(a.title) ?? 0) + a.ticks - (cpuBefore.get(pid)?.ticks ?? 0));
console.log(
  `PostgreSQL CPU over the ${seconds} s by process (ms): ${[...byTitle]
    .filter(([, t]) => t > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, t]) => `${k} ${t * 10}`)
    .join(', ')}`,
);
console.log(`${samples} samples of pg_stat_activity (mean sessions per state / wait event):`);
for (const [what, n] of [...counts].sort((a, b) => b[1] - a[1]))
  console.log(`  ${(n / samples).toFixed(2).padStart(6)}  ${what}`);
if (pss) {
  const top = await client.query(`
    select calls, plans, round(total_exec_time::numeric, 1) as total_ms, round(mean_exec_time::numeric, 3) as mean_ms,
           round(total_plan_time::numeric, 1) as plan_ms, rows, wal_records as wal, wal_fpi as fpi, wal_bytes as wal_bytes,
           regexp_replace(left(query, 160), '\\s+', ' ', 'g') as query
    from pg_stat_statements where dbid = (select oid from pg_database where datname = 'materieelportaal')
    order by total_exec_time desc limit 30`);
  console.log('pg_stat_statements, top 30 by total time:');
  for (const r of top.rows)
    console.log(
      `${String(r.calls).padStart(7)} calls ${String(r.plans).padStart(7)} plans ${String(r.plan_ms).padStart(8)} ms plan ${String(r.total_ms).padStart(9)} ms exec ${String(r.mean_ms).padStart(8)} ms mean ${String(r.wal).padStart(6)} wal ${String(r.fpi).padStart(5)} fpi ${String(r.wal_bytes).padStart(9)} B  ${r.query}`,
    );
  const sum = await client.query(`select sum(calls)::int as calls, round(sum(total_exec_time)::numeric) as ms
    from pg_stat_statements where dbid = (select oid from pg_database where datname = 'materieelportaal')`);
  console.log(`all statements: ${sum.rows[0].calls} calls, ${sum.rows[0].ms} ms`);
}
await client.end();
