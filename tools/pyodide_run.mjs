// Run Python source (stdin) in Pyodide under Node with the canfield wheel unpacked:
// `node pyodide_run.mjs WHEEL < program.py`. The program leaves its answer, JSON text,
// in the global RESULT; it is printed as the last line.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const wheel = process.argv[2];
const program = readFileSync(0, "utf8");
const pyodide = await loadPyodide({ stdout: () => undefined });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
await pyodide.runPythonAsync(program);
console.log(pyodide.globals.get("RESULT"));
