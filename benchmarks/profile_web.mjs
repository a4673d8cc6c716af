// A Chromium trace of one warm start, for benchmarks/profile_web.py:
// `node profile_web.mjs URL MODE TRACE_PATH`, MODE "game" (a reload served by the service worker,
// after a first visit that installed it and kept its memory snapshot of Python) or "bare" (a reload of a blank page of the same origin
// that imports Pyodide and awaits loadPyodide, after one such start), or "game-cold" /
// "bare-cold" (the first visit of a fresh context, traced from its navigation). The trace holds every
// process's timeline and V8's sampled CPU profile of every thread (the page, the workers).
import { chromium } from "playwright-core";

const [url, mode, tracePath] = process.argv.slice(2);
const CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8",
  "v8.execute",
  "v8.wasm",
  "disabled-by-default-v8.cpu_profiler",
  "blink",
  "loading",
  "ServiceWorker",
  "navigation",
  "cc",
  "gpu",
  "viz",
].join(",");

const browser = await chromium.launch({
  executablePath: process.env.CANFIELD_CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const trace = () => browser.startTracing(page, { path: tracePath, categories: CATEGORIES.split(",") });
  const load = async () => {
    await page.evaluate(async (base) => {
      const module = await import(`${base}pyodide/pyodide.mjs`);
      await module.loadPyodide({ indexURL: `${base}pyodide/` });
    }, url);
  };
  const ready = async () => {
    await page.waitForSelector("html[data-state='ready']", { timeout: 180_000 });
    await page.waitForFunction(() => performance.getEntriesByName("table-painted").length > 0);
  };
  if (mode === "bare-cold") {
    await trace();
    await page.goto(`${url}__bare.html`);
    await load();
  } else if (mode === "game-cold") {
    await trace();
    await page.goto(`${url}?code=CF1-D3-AAAAACL`);
    await ready();
  } else if (mode === "bare") {
    await page.goto(`${url}__bare.html`);
    await load();
    await page.waitForTimeout(2000);
    await trace();
    await page.reload();
    await load();
  } else {
    await page.goto(`${url}?code=CF1-D3-AAAAACL`);
    await ready();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r));
      }
      // the solver's worker keeps the memory snapshot the reload restores (as in bench_web)
      await window.canfield.solver().ready;
      for (let i = 0; i < 600; i++) {
        if ((await (await caches.open("python-snapshot")).keys()).length > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    await page.waitForTimeout(2000);
    await trace();
    await page.reload();
    await ready();
  }
  await browser.stopTracing();
} finally {
  await browser.close();
}
