// The browser build's figures in headless chromium, for benchmarks/bench_web.py:
// `node bench_web.mjs URL OPTIONS_JSON`; prints one JSON line of measurements.
import { readdirSync, readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const [url, optionsText] = process.argv.slice(2);
const options = JSON.parse(optionsText ?? "{}");
const browser = await chromium.launch({
  executablePath: process.env.CANFIELD_CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
});
console.log(JSON.stringify({ started: true })); // the browser runs: its memory is measured from now
const out = {};

/**
 * CPU milliseconds used so far by the browser: every process under this one (Linux /proc),
 * their own time and that of their children already gone (a closed page's renderer).
 */
function browserCpuMs() {
  const parent = new Map();
  const used = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    parent.set(Number(name), Number(fields[1]));
    // utime stime cutime cstime: fields 14-17 of stat, 11-14 after the name
    used.set(Number(name), [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0));
  }
  let ticks = 0;
  for (const [pid, value] of used) {
    for (let up = parent.get(pid); up !== undefined && up > 1; up = parent.get(up)) {
      if (up === process.pid) {
        ticks += value;
        break;
      }
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * The browser's CPU is read the moment a start ends, in the page's own time: each context gets
 * a binding the page calls (Node reads /proc as the call arrives) instead of waiting for a
 * round trip of Playwright's to notice, while the page goes on (after its table it registers
 * the service worker, whose first install fetches and stores every file again).
 */
let reached = null;
async function watchEnds(context) {
  await context.exposeBinding("__benchReached", (_source, at) => {
    reached = { at, cpu: browserCpuMs() };
  });
  // the game's end: the frame after its "table-painted" mark, that is the table on the screen
  await context.addInitScript(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (name, options) => {
      const entry = mark(name, options);
      if (name === "table-painted") {
        requestAnimationFrame(() => setTimeout(() => window.__benchReached(performance.now()), 0));
      }
      return entry;
    };
  });
}

async function ended() {
  while (reached === null) await new Promise((r) => setTimeout(r, 5));
  const end = reached;
  reached = null;
  return end;
}

/**
 * Pyodide's own start in a blank page of the same origin (bench_web.py serves it next to the
 * site): load the page, import Pyodide, loadPyodide, nothing else. The CPU is counted from
 * before the load, as the game's is, so both count their navigation and their old page's end.
 */
async function bare(page, load) {
  reached = null;
  const cpu = browserCpuMs();
  await load();
  await page.evaluate(async (base) => {
    const module = await import(`${base}pyodide/pyodide.mjs`);
    await module.loadPyodide({ indexURL: `${base}pyodide/` });
    await window.__benchReached(performance.now());
  }, url);
  const end = await ended();
  return { wall: end.at, cpu: end.cpu - cpu };
}

/** A load of the game to its painted table: wall time, the browser's CPU, where the time went. */
async function painted(page, load) {
  reached = null;
  const cpu = browserCpuMs();
  await load();
  await page.waitForSelector("html[data-state='ready']", { timeout: 180_000 });
  const end = await ended();
  const seen = await page.evaluate(() => ({
    mark: performance.getEntriesByName("table-painted")[0]?.startTime ?? null,
    splash: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    phases: [...performance.getEntriesByType("mark"), ...performance.getEntriesByType("measure")]
      .map((e) => ({ name: e.name, start: e.startTime, ms: e.duration }))
      .sort((a, b) => a.start - b.start),
  }));
  // The page starts its solver's worker after 10 s without input; here that second Pyodide
  // would land on the next bare start's figures, so the page is kept "in use".
  await page.evaluate(() =>
    setInterval(() => document.dispatchEvent(new PointerEvent("pointerdown")), 2000),
  );
  return { ...seen, table: end.at, cpu: end.cpu - cpu };
}

try {
  // The bare start and the game's start take turns, so the machine's load falls on both alike:
  // `cold` times bare cold and game cold (each in a fresh context: its own HTTP cache, no
  // service worker), then `warm` times a bare reload (HTTP cache) and a game reload (served by
  // the service worker) in the last two contexts.
  out.bareColds = [];
  out.colds = [];
  let barePage;
  let page;
  const colds = Math.max(1, options.cold ?? 3);
  for (let i = 0; i < colds; i++) {
    const bareContext = await browser.newContext();
    await watchEnds(bareContext);
    barePage = await bareContext.newPage();
    out.bareColds.push(await bare(barePage, () => barePage.goto(`${url}__bare.html`)));
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await watchEnds(context);
    page = await context.newPage();
    out.colds.push(await painted(page, () => page.goto(`${url}?code=CF1-D3-AAAAACL`)));
    if (i < colds - 1) {
      await bareContext.close();
      await context.close();
    }
  }
  out.cold = out.colds[out.colds.length - 1];
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r));
    }
  });
  // The solver's worker (started once the player is idle, or by a first Hint) keeps a memory
  // snapshot of Python (the worker's snapshot.ts); the warm starts are the next visits', which
  // restore it. Here it is started at once, as a Hint would.
  out.snapshotKept = await page.evaluate(async () => {
    await window.canfield.solver().ready;
    for (let i = 0; i < 600 && typeof caches !== "undefined"; i++) {
      if ((await (await caches.open("python-snapshot")).keys()).length > 0) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  });
  out.bareWarm = [];
  out.warm = [];
  for (let i = 0; i < (options.warm ?? 3); i++) {
    out.bareWarm.push(await bare(barePage, () => barePage.reload()));
    out.warm.push(await painted(page, () => page.reload()));
  }
  await barePage.context().close();

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
      // "ready" comes in the frame that paints the answer (the page looks at its room then)
      await done;
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
