/**
 * The Web Worker that runs Python: Pyodide from ../pyodide/, the canfield wheel unpacked into
 * it, and every request answered by canfield.web.bridge.handle (JSON text in, JSON text out).
 * The page stays free to paint and take taps while Python thinks.
 */
import type { FromWorker, RequestMessage, ToWorker } from "../shared/protocol.js";

declare const self: DedicatedWorkerGlobalScope;

interface Bridge {
  handle(request: string): string;
}
interface Pyodide {
  unpackArchive(buffer: Uint8Array, format: string): void;
  pyimport(name: string): Bridge;
  _module?: { HEAP8?: { length: number } };
}
interface PyodideModule {
  loadPyodide(options: { indexURL: string; stdout?: (s: string) => void }): Promise<Pyodide>;
}

const base = new URL("../../", import.meta.url);
let bridge: Bridge | null = null;
let heap: () => number = () => 0;
const waiting: RequestMessage[] = [];

function post(message: FromWorker): void {
  self.postMessage(message);
}

function answer(request: RequestMessage, live: Bridge): void {
  if (request.op === "__memory") {
    // for benchmarks/bench_web.py: the WebAssembly heap Python runs in, in bytes
    post({ kind: "reply", id: request.id, result: { ok: true, heap: heap() } });
    return;
  }
  const text = live.handle(JSON.stringify({ op: request.op, args: request.args }));
  post({ kind: "reply", id: request.id, result: JSON.parse(text) as { [key: string]: never } });
}

async function start(wheel: string): Promise<void> {
  const began = performance.now();
  post({ kind: "progress", stage: "runtime" });
  const url = new URL("pyodide/pyodide.mjs", base).href;
  const module = (await import(url)) as PyodideModule;
  const [pyodide, bytes] = await Promise.all([
    module.loadPyodide({ indexURL: new URL("pyodide/", base).href, stdout: () => undefined }),
    fetch(new URL(wheel, base)).then(async (response) => {
      if (!response.ok) throw new Error(`${wheel}: HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    }),
  ]);
  post({ kind: "progress", stage: "engine" });
  pyodide.unpackArchive(bytes, "wheel");
  bridge = pyodide.pyimport("canfield.web.bridge");
  heap = () => pyodide._module?.HEAP8?.length ?? 0;
  post({ kind: "ready", startMs: performance.now() - began });
  for (const request of waiting.splice(0)) answer(request, bridge);
}

self.onmessage = (event: MessageEvent<ToWorker>): void => {
  const message = event.data;
  if (message.kind === "init") {
    start(message.wheel).catch((error: unknown) => {
      post({ kind: "failed", error: String(error) });
    });
  } else if (bridge === null) {
    waiting.push(message);
  } else {
    answer(message, bridge);
  }
};
