import v8 from 'node:v8';
import vm from 'node:vm';

/*
 * A finished start leaves V8's heap grown: while ~1,300 modules load nearly everything survives a scavenge, so V8
 * grows the young generation to its maximum, and the files' text waits for a full collection in the old one. V8
 * keeps those pages (pooled for reuse) for the process's whole life: ~60 MB of the RSS of an idle process, the
 * cluster's primary most of all, which does nothing after its start (decision 0008 "What a server process holds
 * besides its models"). One last-resort collection — the one V8 runs under memory pressure: full collections
 * until nothing more is freed, the young generation shrunk and the pooled pages unmapped — gives them back.
 */

let collect: ((options: object) => void) | undefined;

/**
 * Runs V8's last-resort collection now (blocks the event loop for a few hundred milliseconds at most: call it when
 * nothing is waiting, at the end of a start). `gc` is taken from a context of its own, so the server's own code
 * (and the libraries in it) still has no global `gc`.
 */
export function releaseUnusedMemory(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as (options: object) => void;
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
