/**
 * The solver's search core as plain WebAssembly (web/wasm/core.c, built by tools/build_web.py)
 * and the glue canfield.web.wasm_core drives it through: pointers are numbers, and byte
 * strings cross as latin-1 text (one char per byte), which Pyodide passes as str.
 */

export interface CoreExports {
  memory: WebAssembly.Memory;
  cf_alloc(size: number): number;
  cf_dealloc(pointer: number): void;
  cf_search(spec: number, length: number, known: number): number;
  cf_advance(search: number, stop: number, steps: number): number;
  cf_nodes(search: number): number;
  cf_verdict(search: number): number;
  cf_line(search: number): number;
  cf_line_len(search: number): number;
  cf_cut(search: number): number;
  cf_cut_len(search: number): number;
  cf_table(search: number): number;
  cf_release(search: number): void;
  cf_table_new(): number;
  cf_table_len(table: number): number;
  cf_table_free(table: number): void;
}

/** What canfield.web.wasm_core.install is given (its _Glue protocol). */
export interface CoreGlue {
  search(spec: string, known: number): number;
  advance(search: number, stop: number, steps: number): number;
  nodes(search: number): number;
  verdict(search: number): number;
  line(search: number): string;
  cut(search: number): string | null;
  table(search: number): number;
  release(search: number): void;
  tableNew(): number;
  tableLen(table: number): number;
  tableFree(table: number): void;
}

/** Bytes of a won line turned into text at a time (far fewer than an engine's most arguments). */
const LINE_PIECE = 8192;

/** `length` bytes of the core's memory at `at` as latin-1 text. A won line is the search's
 * stack, millions of bytes at times: spread whole, it passes fromCharCode more arguments than
 * an engine takes, so it goes in pieces. */
function text(core: CoreExports, at: number, length: number): string {
  const bytes = new Uint8Array(core.memory.buffer, at, length);
  const pieces: string[] = [];
  for (let i = 0; i < bytes.length; i += LINE_PIECE) {
    pieces.push(String.fromCharCode(...bytes.subarray(i, i + LINE_PIECE)));
  }
  return pieces.join("");
}

/** The glue over an instantiated core (exported for tests/web/test_web_wasm_core.py, in Node). */
export function glueFor(core: CoreExports): CoreGlue {
  return {
    search(spec, known) {
      const at = core.cf_alloc(spec.length);
      if (at === 0) return 0;
      const bytes = new Uint8Array(core.memory.buffer, at, spec.length);
      for (let i = 0; i < spec.length; i++) bytes[i] = spec.charCodeAt(i);
      const search = core.cf_search(at, spec.length, known);
      core.cf_dealloc(at);
      return search;
    },
    advance: (search, stop, steps) => core.cf_advance(search, stop, steps),
    nodes: (search) => core.cf_nodes(search),
    verdict: (search) => core.cf_verdict(search),
    line: (search) => text(core, core.cf_line(search), core.cf_line_len(search)),
    cut(search) {
      const length = core.cf_cut_len(search);
      return length < 0 ? null : text(core, core.cf_cut(search), length);
    },
    table: (search) => core.cf_table(search),
    release: (search) => core.cf_release(search),
    tableNew: () => core.cf_table_new(),
    tableLen: (table) => core.cf_table_len(table),
    tableFree: (table) => core.cf_table_free(table),
  };
}

/** The core at `url`, ready to drive; null when it cannot be had (then Python searches). */
export async function loadCore(url: URL): Promise<CoreGlue | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
    return glueFor(instance.exports as unknown as CoreExports);
  } catch {
    return null;
  }
}
