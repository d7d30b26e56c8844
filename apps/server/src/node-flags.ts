/*
 * The V8 flags every server process runs with (decision 0008 "RSS per process"). `npm start` and the Dockerfile
 * pass them on node's command line (node-flags.unit.test.ts checks they say the same); a cluster's primary hands
 * them to its workers (cluster.ts), and the bench starts its server with them, so it measures what runs.
 *
 * --max-semi-space-size=8: V8 grows the young generation to 64 MB a half (128 MB in all) while the server's
 * ~1,300 modules load — during loading nearly everything survives a scavenge, which is what makes V8 grow it — and
 * never gives that memory back; capped at 16 MB a half the process kept ~100 MB less for its whole life, at 8 MB a
 * half 16 MB less again under load (scale 100, 2 processes: RSS per worker after the bench 342-345 -> 333-335 MB;
 * twice the scavenges, each as short: main-thread GC time over the run did not grow, decision 0008).
 *
 * --heap-growing-percent=30: after a full collection V8 lets the old generation grow to 1.3 times what is alive
 * before the next one, instead of up to ~4 times (its default for throughput). Under the catalogue-page load the
 * live heap is ~80-100 MB at scale 100, and the room V8 allowed above it was the ~250 MB RSS grew during the load
 * (bench at scale 100: RSS after the run 670 -> 397 MB at 50; 333-335 -> 318-323 MB per worker at 30 with 2
 * processes, 23 -> 35 full collections a worker over a run that served far more requests, CPU per request as at
 * 50: 0.34 ms a quick search, 1.26 ms a catalogue page; decision 0008). At scale 1000 the live heap is larger,
 * and so is what each step saves.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=30'];

/** Node's arguments with every server flag that is missing added (a flag given already, with any value, is kept). */
export function withServerFlags(execArgv: readonly string[]): string[] {
  const name = (flag: string) => flag.split('=')[0]?.replaceAll('_', '-');
  const given = new Set(execArgv.map(name));
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((f) => !given.has(name(f)))];
}
