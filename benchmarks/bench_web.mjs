// The browser build's figures in headless chromium, for benchmarks/bench_web.py:
// `node bench_web.mjs URL OPTIONS_JSON`; prints one JSON line of measurements.
import { chromium } from "playwright-core";

const [url, optionsText] = process.argv.slice(2);
const options = JSON.parse(optionsText ?? "{}");
const browser = await chromium.launch({
  executablePath: process.env.CANFIELD_CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
});
console.log(JSON.stringify({ started: true })); // the browser runs: its memory is measured from now
const out = {};

/** Pyodide's own start in a page of the same origin: import it, loadPyodide, nothing else. */
async function bare(page) {
  return page.evaluate(async (base) => {
    const module = await import(`${base}pyodide/pyodide.mjs`);
    await module.loadPyodide({ indexURL: `${base}pyodide/` });
    return performance.now();
  }, url);
}

async function painted(page) {
  await page.waitForSelector("html[data-state='ready']", { timeout: 180_000 });
  return page.evaluate(() => ({
    table: performance.getEntriesByName("table-painted")[0]?.startTime ?? null,
    splash: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
  }));
}

try {
  const bareContext = await browser.newContext();
  const barePage = await bareContext.newPage();
  await barePage.route(`${url}__bare.html`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>bare</title>" }),
  );
  await barePage.goto(`${url}__bare.html`);
  out.bareCold = await bare(barePage);
  await barePage.reload();
  out.bareWarm = await bare(barePage);
  await bareContext.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${url}?code=CF1-D3-AAAAACL`);
  out.cold = await painted(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r));
    }
  });
  await page.reload();
  out.warm = await painted(page);

  out.taps = await page.evaluate(async (count) => {
    const times = [];
    const ready = () =>
      new Promise((resolve) => {
        const html = document.documentElement;
        const check = new MutationObserver(() => {
          if (html.dataset.state === "ready") {
            check.disconnect();
            resolve();
          }
        });
        check.observe(html, { attributes: true, attributeFilter: ["data-state"] });
      });
    for (let i = 0; i < count; i++) {
      const stock = document.querySelector(".stock-button");
      const started = performance.now();
      const done = ready();
      stock.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0, pointerId: 1 }));
      await done;
      await new Promise((r) => requestAnimationFrame(() => r()));
      times.push(performance.now() - started);
    }
    return times;
  }, options.taps ?? 100);

  out.heap = await page.evaluate(async () => (await window.canfield.python.call("__memory")).heap);
  out.jsHeap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? null);

  if (options.hints?.length) {
    out.hints = await page.evaluate(
      async ([saves, seconds]) => {
        const solver = window.canfield.solver();
        await solver.ready;
        const answers = [];
        for (const saved of saves) {
          const started = performance.now();
          const reply = await solver.call("hint", { saved, lang: "en", seconds });
          answers.push({
            definite: typeof reply.move === "string" || reply.lost === true,
            ms: performance.now() - started,
          });
        }
        return answers;
      },
      [options.hints, options.hintSeconds ?? 3],
    );
  }
  console.log(JSON.stringify(out));
} finally {
  await browser.close();
}
