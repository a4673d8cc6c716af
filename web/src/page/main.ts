/**
 * The page's entry: paint the splash in the player's language, start Python in a worker, hand
 * the table to the game, then register the service worker.
 */
import { PythonWorker } from "./client.js";
import { type BootTexts, browserLanguage, readConfig } from "./config.js";

const STAGES = ["loading", "runtime", "engine", "dealing"];
export const LANGUAGE_KEY = "canfield-language";

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`#${id} is missing from index.html`);
  return found as T;
}

function showStage(texts: BootTexts, stage: string): void {
  const index = STAGES.indexOf(stage);
  element<HTMLProgressElement>("splash-progress").value = Math.max(index, 0) + 1;
  element("splash-text").textContent = texts[stage as keyof BootTexts] ?? texts.loading;
}

function showFailure(texts: BootTexts, error: unknown): void {
  element("splash-text").textContent = texts.failed;
  const detail = element("splash-error");
  detail.textContent = String(error instanceof Error ? error.message : error);
  detail.hidden = false;
  const reload = element<HTMLButtonElement>("splash-reload");
  reload.textContent = texts.reload;
  reload.hidden = false;
  reload.onclick = () => location.reload();
}

/**
 * Pyodide's WebAssembly compiled here on the page, where Chromium keeps the compiled code for the
 * next start (a worker's compile is not kept: web/src/worker/wasm.ts); null where it fails.
 */
function compilePyodide(): Promise<WebAssembly.Module | null> | null {
  if (typeof WebAssembly.compileStreaming !== "function") return null;
  const url = new URL("../../pyodide/pyodide.asm.wasm", import.meta.url);
  return WebAssembly.compileStreaming(fetch(url)).catch(() => null);
}

/**
 * The table's and the dialogs' style sheets, asked for only now: index.html styles the splash
 * inline, so its first paint waits for no sheet. Resolves once both have loaded.
 */
function loadStyles(): Promise<void> {
  const sheets = ["style.css", "screens.css"].map(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = new URL(`../../${name}`, import.meta.url).href;
        link.onload = () => resolve();
        link.onerror = () => reject(new Error(`${name} did not load`));
        document.head.append(link);
      }),
  );
  return Promise.all(sheets).then(() => undefined);
}

/**
 * Resolves once the splash is on the screen (the task after the next frame), so that the work
 * of the start cannot hold its first paint back: the page's compile of Pyodide's WebAssembly
 * takes the main thread for a while when its compiled code comes from Chromium's cache. A
 * hidden page paints nothing and waits for nothing; 150 ms is the most it waits (a frame
 * is 16 ms; on a loaded machine the paint may come later, and the start should not wait).
 */
function splashPainted(): Promise<void> {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    const limit = window.setTimeout(resolve, 150);
    requestAnimationFrame(() =>
      window.setTimeout(() => {
        window.clearTimeout(limit);
        resolve();
      }, 0),
    );
  });
}

async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register(new URL("../../sw.js", import.meta.url), { scope: "../../" });
  } catch {
    // Offline play needs it, playing now does not: a private window may refuse it.
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const lang = browserLanguage(config.languages, localStorage.getItem(LANGUAGE_KEY));
  const texts = config.boot[lang] ?? config.boot["en"];
  if (texts === undefined) throw new Error("index.html has no boot texts");
  document.documentElement.lang = lang;
  element("splash-title").textContent = texts.title;
  showStage(texts, "loading");
  const styles = loadStyles();
  styles.catch(() => undefined); // awaited below; a failure is shown there
  try {
    await splashPainted();
    const progress = (stage: string): void => showStage(texts, stage);
    const wasm = compilePyodide();
    const python = new PythonWorker(config.wheel, progress, wasm, config.core ?? null, config.snapshot ?? null);
    await python.ready;
    await styles;
    performance.mark("python-ready");
    const { startGame } = await import("./game.js");
    const page = await startGame(python, lang, () => showStage(texts, "dealing"));
    performance.mark("game-started");
    const { installScreens } = await import("./dialogs/screens.js");
    const screens = await installScreens(python, config.languages);
    element("splash").hidden = true;
    screens.landOnTable(); // unless the first-run screen shows: then once it is put away
    page.sayHeld(); // the game that came back, heard after the landing, not under it
    performance.mark("table-painted");
    // after the table, so a first visit's precaching (every file again, into the cache) does
    // not compete with the start; the game is offline once it has installed
    void registerServiceWorker();
  } catch (error) {
    showFailure(texts, error);
    void registerServiceWorker(); // a newer build may be what mends it
  }
}

void main();
