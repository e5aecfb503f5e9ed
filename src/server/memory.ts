import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import type { FastifyInstance } from "fastify";

let gc: (() => void) | undefined;

/**
 * A full garbage collection now. A closed embedded database instance holds its WebAssembly memory (a
 * few hundred MB after the demo photos passed through it) until V8 collects it, and V8 does not count
 * that memory as pressure: without this a first start in-process idled at ~770 MB instead of ~390 MB.
 */
export function collectGarbageNow(): void {
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
  }
  gc();
}

/** How often the heap is looked at, and what counts as quiet: fewer requests than this since the last look. */
const LOOK_EVERY_MS = 5_000;
const QUIET_REQUESTS = 10;
/** The heap has grown this much over what the last full collection left. */
const GROWN_FACTOR = 1.5;

/**
 * Gives back the heap a burst of requests grew, once the burst is over. Rendering pages under load
 * grows V8's heap from ~60 MB to ~240 MB, and V8 keeps it long after: browsers tell V8 when they are
 * idle, Node does not. When the heap is half again what the last full collection left and the server
 * had (nearly) no requests for five seconds, one full collection (tens of ms, only then) returns it to
 * the system (RSS after a minute of load).
 */
export function collectGarbageWhenQuiet(app: FastifyInstance): void {
  let requests = 0;
  let baseline = v8.getHeapStatistics().total_heap_size;
  app.addHook("onRequest", async () => {
    requests++;
  });
  const timer = setInterval(() => {
    const quiet = requests < QUIET_REQUESTS;
    requests = 0;
    if (!quiet || v8.getHeapStatistics().total_heap_size < baseline * GROWN_FACTOR) return;
    collectGarbageNow();
    baseline = v8.getHeapStatistics().total_heap_size;
  }, LOOK_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
