// The search core as plain WebAssembly against the pure-Python search under Pyodide, in one
// Node process and by its CPU clock: `node bench_wasm_core.mjs WHEEL CORE_WASM JOBS_JSON_FILE`.
// Each job is a position (Game.to_dict), the spec of its search (base64, canfield.web.wasm_core.pack)
// and a bound on positions; prints one JSON line: per job, each engine's verdict, positions, CPU ms.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [wheel, corePath, jobsPath] = process.argv.slice(2);
const { jobs, repeat } = JSON.parse(readFileSync(jobsPath, "utf8"));
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const { instance } = await WebAssembly.instantiate(readFileSync(corePath), {});
const core = instance.exports;

function wasmSearch(spec, stop) {
  const bytes = Buffer.from(spec, "base64");
  const at = core.cf_alloc(bytes.length);
  new Uint8Array(core.memory.buffer, at, bytes.length).set(bytes);
  const search = core.cf_search(at, bytes.length, 0);
  core.cf_dealloc(at);
  if (search === 0) throw new Error("cf_search refused the spec");
  let status = 0;
  while (status === 0) status = core.cf_advance(search, stop, 4096);
  const answer = { status, nodes: core.cf_nodes(search) };
  core.cf_release(search);
  return answer;
}

const py = await loadPyodide({ stdout: () => undefined });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
py.runPython(`
import json
from canfield.game import Game
from canfield.solver import api
from canfield.solver.search import Options, Search

def pure(saved, stop):
    state = Game.from_dict(json.loads(saved)).state
    found = Search(state, Options(probe=api.PROBE), compiled=False).run(None, stop)
    return json.dumps([found.verdict.name, found.nodes])
`);
const pure = py.globals.get("pure");

const out = [];
for (const job of jobs) {
  let started = cpuMs();
  const [verdict, nodes] = JSON.parse(pure(JSON.stringify(job.saved), job.stop - 1));
  const pureMs = cpuMs() - started;
  started = cpuMs();
  let wasm;
  for (let i = 0; i < repeat; i++) wasm = wasmSearch(job.spec, job.stop);
  const wasmMs = (cpuMs() - started) / repeat;
  const names = { 1: "WON", 2: "LOST", 3: "UNKNOWN" };
  out.push({
    pure: { verdict, nodes, ms: pureMs },
    wasm: { verdict: names[wasm.status] ?? `status ${wasm.status}`, nodes: wasm.nodes, ms: wasmMs },
  });
}
console.log(JSON.stringify(out));
