/**
 * The Web Worker that runs Python: Pyodide from ../pyodide/, the canfield wheel unpacked into
 * it, and every request answered by canfield.web.bridge.handle (JSON text in, JSON text out).
 * The page stays free to paint and take taps while Python thinks.
 */
import type { FromWorker, Phase, RequestMessage, ToWorker } from "../shared/protocol.js";
import { type CoreGlue, loadCore } from "./core.js";
import { dropSnapshot, keepSnapshot, readSnapshot } from "./snapshot.js";
import { useCompiledModule } from "./wasm.js";

declare const self: DedicatedWorkerGlobalScope;

interface Bridge {
  handle(request: string): string;
  restored(): void;
}
interface CoreModule {
  install(glue: CoreGlue): void;
}
interface Pyodide {
  unpackArchive(buffer: Uint8Array, format: string): void;
  pyimport<T = Bridge>(name: string): T;
  makeMemorySnapshot(): Uint8Array;
  _module?: { HEAP8?: { length: number } };
}
interface LoadOptions {
  indexURL: string;
  stdout?: (s: string) => void;
  _makeSnapshot?: boolean;
  _loadSnapshot?: Uint8Array;
}
interface PyodideModule {
  loadPyodide(options: LoadOptions): Promise<Pyodide>;
}

const base = new URL("../../", import.meta.url);
let bridge: Bridge | null = null;
let heap: () => number = () => 0;
const waiting: RequestMessage[] = [];
let compiled: (module: WebAssembly.Module | null) => void = () => undefined;

function post(message: FromWorker): void {
  self.postMessage(message);
}

/** How many requests after the start are timed for the page (benchmarks/bench_web.py). */
let timedRequests = 8;

/** Run one step and tell the page how long it took (start-up figures: where the time goes). */
function timed<T>(name: string, step: () => T): T {
  const start = performance.timeOrigin + performance.now();
  const result = step();
  post({ kind: "phase", phase: { name, start, end: performance.timeOrigin + performance.now() } });
  return result;
}

async function timedAsync<T>(name: string, step: () => Promise<T>): Promise<T> {
  const start = performance.timeOrigin + performance.now();
  const result = await step();
  const phase: Phase = { name, start, end: performance.timeOrigin + performance.now() };
  post({ kind: "phase", phase });
  return result;
}

function answer(request: RequestMessage, live: Bridge): void {
  if (request.op === "__memory") {
    // for benchmarks/bench_web.py: the WebAssembly heap Python runs in, in bytes
    post({ kind: "reply", id: request.id, result: { ok: true, heap: heap() } });
    return;
  }
  const call = (): string => live.handle(JSON.stringify({ op: request.op, args: request.args }));
  const text = timedRequests-- > 0 ? timed(`op ${request.op}`, call) : call();
  post({ kind: "reply", id: request.id, result: JSON.parse(text) as { [key: string]: never } });
}

/**
 * The WebAssembly search core in the place of the C extension canfield.solver._core; should that
 * fail, the pure-Python search runs, as where the build had no clang.
 */
function installCore(pyodide: Pyodide, glue: CoreGlue): void {
  try {
    // called through its proxy, not by runPython: that would compile Python source (and load
    // the machinery for it) at every start for one line
    pyodide.pyimport<CoreModule>("canfield.web.wasm_core").install(glue);
  } catch {
    // the Python search is the fallback: slower, the same answers
  }
}

/**
 * Pyodide started: from the build's memory snapshot when this browser keeps one (snapshot.ts),
 * else as it starts itself, made ready to take a snapshot when `take`.
 */
async function loadPython(
  module: PyodideModule,
  key: string | null,
  take: boolean,
): Promise<{ pyodide: Pyodide; restored: boolean }> {
  const options: LoadOptions = { indexURL: new URL("pyodide/", base).href, stdout: () => undefined };
  const stored = key === null ? null : await timedAsync("read the snapshot", () => readSnapshot(key));
  if (key !== null && stored !== null) {
    try {
      const pyodide = await timedAsync("loadPyodide from the snapshot", () =>
        module.loadPyodide({ ...options, _loadSnapshot: stored }),
      );
      return { pyodide, restored: true };
    } catch {
      void dropSnapshot(key); // of another Pyodide, or damaged: start as before, and make a new one
    }
  }
  const pyodide = await timedAsync("loadPyodide", () => module.loadPyodide({ ...options, _makeSnapshot: take }));
  return { pyodide, restored: false };
}

/** How long after the start a new snapshot is stored: not while the first requests are answered. */
const KEEP_AFTER_MS = 2000;

async function start(wheel: string, core: string | null, key: string | null, take: boolean): Promise<void> {
  const began = performance.now();
  post({ kind: "progress", stage: "runtime" });
  const url = new URL("pyodide/pyodide.mjs", base).href;
  const module = await timedAsync("import pyodide.mjs", async () => (await import(url)) as PyodideModule);
  const glue = core === null ? Promise.resolve(null) : timedAsync("load the search core", () => loadCore(new URL(core, base)));
  const [{ pyodide, restored }, bytes] = await Promise.all([
    loadPython(module, key, key !== null && take),
    timedAsync("fetch wheel", async () => {
      const response = await fetch(new URL(wheel, base));
      if (!response.ok) throw new Error(`${wheel}: HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    }),
  ]);
  post({ kind: "progress", stage: "engine" });
  // after a restore too: the snapshot holds Python's memory, not the files (what is imported
  // later, the catalogs, the rules' page)
  timed("unpack wheel", () => pyodide.unpackArchive(bytes, "wheel"));
  const live = timed("import canfield.web.bridge", () => pyodide.pyimport("canfield.web.bridge"));
  if (restored) {
    timed("after the snapshot", () => live.restored());
  } else if (key !== null && take) {
    // now, before any JavaScript object is handed to Python (the search core's glue is one)
    let snapshot: Uint8Array | null = null;
    try {
      snapshot = timed("take the snapshot", () => pyodide.makeMemorySnapshot());
    } catch {
      // Pyodide would not take one: every start stays a full one
    }
    if (snapshot !== null) {
      const taken = snapshot;
      setTimeout(() => void timedAsync("keep the snapshot", () => keepSnapshot(key, taken)), KEEP_AFTER_MS);
    }
  }
  const loaded = await glue;
  if (loaded !== null) timed("install the search core", () => installCore(pyodide, loaded));
  bridge = live;
  heap = () => pyodide._module?.HEAP8?.length ?? 0;
  post({ kind: "ready", startMs: performance.now() - began });
  for (const request of waiting.splice(0)) answer(request, bridge);
}

self.onmessage = (event: MessageEvent<ToWorker>): void => {
  const message = event.data;
  if (message.kind === "init") {
    if (message.wasm) useCompiledModule(new Promise((resolve) => (compiled = resolve)));
    start(message.wheel, message.core, message.snapshot, message.takeSnapshot).catch((error: unknown) => {
      post({ kind: "failed", error: String(error) });
    });
  } else if (message.kind === "wasm") {
    compiled(message.module);
  } else if (bridge === null) {
    waiting.push(message);
  } else {
    answer(message, bridge);
  }
};
