import { parentPort, workerData } from 'node:worker_threads';
import { connect } from '../../platform/db/database.ts';
import { useSnapshot } from './catalogue.read-model.queries.ts';
import { modelBuild } from './catalogue.read-model.ts';
// The modules that create the read models (each registers its build by name).
import './catalogue.indexes.ts';
import './search.index-store.ts';
import './search.presence.ts';

// A read model's build in a worker thread (catalogue.read-model.ts buildInWorker; decision 0008 "Scale 1000"):
// reads the rows in the snapshot the process exported, makes the model with the same code as the process would,
// and posts its parts — typed arrays handed over, not copied. Then the thread ends, and with it its heap.

const { name, key, url, snapshot, revision } = workerData as {
  name: string;
  key: string;
  url: string;
  snapshot: string;
  revision: number;
};

/** Every ArrayBuffer under `value` (typed arrays in objects, arrays and maps), once each: the transfer list. */
function buffersOf(value: unknown, out = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) out.add(value.buffer);
  } else if (value instanceof Map) {
    for (const v of value.values()) buffersOf(v, out);
  } else if (Array.isArray(value)) {
    for (const v of value) buffersOf(v, out);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) buffersOf(v, out);
  }
  return [...out];
}

async function run(): Promise<void> {
  const build = modelBuild(name);
  const database = connect(url, { max: 1 });
  try {
    const rows = await database.db.transaction(
      async (tx) => {
        await useSnapshot(tx, snapshot);
        return build.read(tx, key);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const parts = build.transfer.parts(build.make(rows, revision, database.db));
    parentPort?.postMessage({ parts }, buffersOf(parts));
  } finally {
    await database.close();
  }
}

try {
  await run();
} catch (e) {
  parentPort?.postMessage({ failure: e instanceof Error ? (e.stack ?? e.message) : String(e) });
}
