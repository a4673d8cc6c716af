/**
 * The page's end of a Python worker: requests are numbered promises; a worker that has to be
 * stopped mid-thought (a Hint being cancelled) is terminated and a fresh one started.
 */
import type { FromWorker, Json, ToWorker } from "../shared/protocol.js";

export type Reply = { [key: string]: Json };

export class PythonWorker {
  private worker: Worker;
  private next = 1;
  private pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  readonly ready: Promise<number>;

  constructor(
    private readonly wheel: string,
    private readonly onProgress: (stage: string) => void = () => undefined,
    private readonly wasm: Promise<WebAssembly.Module | null> | null = null,
    private readonly core: string | null = null,
    private readonly snapshot: string | null = null,
    takeSnapshot = false,
  ) {
    let readyResolve: (ms: number) => void = () => undefined;
    let readyReject: (e: Error) => void = () => undefined;
    this.ready = new Promise<number>((resolve, reject) => {
      readyResolve = resolve;
      readyReject = reject;
    });
    this.worker = new Worker(new URL("../worker/worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.kind === "progress") this.onProgress(message.stage);
      else if (message.kind === "ready") readyResolve(message.startMs);
      else if (message.kind === "phase") {
        // on the page's timeline, for benchmarks/bench_web.py (performance.getEntriesByType)
        const { name, start, end } = message.phase;
        const origin = performance.timeOrigin;
        performance.measure(`worker: ${name}`, { start: start - origin, end: end - origin });
      }
      else if (message.kind === "failed") {
        const error = new Error(message.error);
        readyReject(error);
        this.failAll(error);
      } else {
        const waiter = this.pending.get(message.id);
        this.pending.delete(message.id);
        waiter?.resolve(message.result);
      }
    };
    this.worker.onerror = (event: ErrorEvent) => {
      const error = new Error(event.message || "the Python worker stopped");
      readyReject(error);
      this.failAll(error);
    };
    this.send({ kind: "init", wheel, wasm: wasm !== null, core, snapshot, takeSnapshot });
    void wasm?.then((module) => this.send({ kind: "wasm", module }));
  }

  /** One operation of canfield.web.bridge; resolves with its JSON answer. */
  call(op: string, args: { [key: string]: Json } = {}): Promise<Reply> {
    const id = this.next++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ kind: "request", id, op, args });
    });
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Stop the worker now (whatever it is computing); pending calls reject. */
  terminate(): void {
    this.worker.terminate();
    this.failAll(new Error("cancelled"));
  }

  /**
   * A fresh worker like this one, for after {@link terminate}, or the solver's: one that takes
   * the memory snapshot of Python when none is kept (web/src/worker/snapshot.ts).
   */
  restarted(): PythonWorker {
    return new PythonWorker(this.wheel, this.onProgress, this.wasm, this.core, this.snapshot, true);
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  private send(message: ToWorker): void {
    this.worker.postMessage(message);
  }
}
