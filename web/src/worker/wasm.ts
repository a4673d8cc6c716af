/**
 * Pyodide's WebAssembly module compiled by the page, not by this worker.
 *
 * Chromium keeps compiled WebAssembly (its code cache) for a module compiled on a page's main
 * thread, also when the service worker answers from its cache, but not for one compiled in a
 * dedicated worker: here every warm start compiled the 9 MiB module again (benchmarks/bench_web.py
 * measures it). So the page compiles it (WebAssembly.compileStreaming) and posts the Module;
 * Pyodide's own fetch of the file is answered with an empty response and its
 * instantiateStreaming instantiates the page's Module. Should the page's compile fail, Pyodide
 * fetches and compiles the file itself as before.
 */

const WASM_FILE = "pyodide.asm.wasm";

/**
 * Make Pyodide, loaded after this call, use the module `compiled` resolves to (or, when that is
 * null, fetch and compile its file itself).
 */
export function useCompiledModule(compiled: Promise<WebAssembly.Module | null>): void {
  const realFetch = self.fetch.bind(self);
  const realInstantiate = WebAssembly.instantiateStreaming.bind(WebAssembly);
  let wasmUrl: string | null = null;
  self.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    if (wasmUrl === null && new URL(url, self.location.href).pathname.endsWith(`/${WASM_FILE}`)) {
      wasmUrl = url; // answered below from the page's module; fetched only if there is none
      return Promise.resolve(new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } }));
    }
    return realFetch(input, init);
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const module = await compiled;
    if (module === null || wasmUrl === null) {
      return realInstantiate(wasmUrl === null ? source : realFetch(wasmUrl), imports);
    }
    const instance = await WebAssembly.instantiate(module, imports);
    return { module, instance };
  };
}
