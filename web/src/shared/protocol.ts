/** What the page and its Python worker say to each other (structured-clone messages). */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Page → worker: start Python with this wheel, then answer requests. With `wasm` the page
 * compiles Pyodide's WebAssembly itself and posts the module next (web/src/worker/wasm.ts).
 */
export interface InitMessage {
  kind: "init";
  wheel: string;
  wasm: boolean;
  /** The search core as plain WebAssembly (web/wasm/core.c), or null: the Python search runs. */
  core: string | null;
  /**
   * The key of this build's memory snapshot of Python (web/src/worker/snapshot.ts), or null:
   * start CPython and import the game every time.
   */
  snapshot: string | null;
  /**
   * Take that snapshot if none is kept: the solver's worker does (started when the player is
   * idle, or by a first Hint), so the page's first start pays nothing for it.
   */
  takeSnapshot: boolean;
}

/** Page → worker: Pyodide's compiled WebAssembly module, or null if the page could not compile it. */
export interface WasmMessage {
  kind: "wasm";
  module: WebAssembly.Module | null;
}

/** Page → worker: one operation for the Python session (canfield.web.bridge). */
export interface RequestMessage {
  kind: "request";
  id: number;
  op: string;
  args: { [key: string]: Json };
}

export type ToWorker = InitMessage | WasmMessage | RequestMessage;

/**
 * One step of the worker's start or one answered request, in epoch milliseconds
 * (performance.timeOrigin + now), so the page can place it on its own timeline.
 */
export interface Phase {
  name: string;
  start: number;
  end: number;
}

/** Worker → page. `stage` names a splash text (boot.json keys). */
export type FromWorker =
  | { kind: "progress"; stage: string }
  | { kind: "ready"; startMs: number }
  | { kind: "phase"; phase: Phase }
  | { kind: "reply"; id: number; result: { [key: string]: Json } }
  | { kind: "failed"; error: string };
