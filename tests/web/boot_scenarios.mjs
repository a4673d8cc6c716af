// The boot's scenarios for tests/web/test_web_boot.py: `node boot_scenarios.mjs NAME URL`;
// prints one JSON line of what the page did.
import { chromium } from "playwright-core";

const [name, url] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CANFIELD_CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
});

const scenarios = {
  /** Every request but the page itself held back: what paints from index.html alone. */
  async held(context) {
    const page = await context.newPage();
    const asked = [];
    await page.route("**/*", (route) => {
      const request = route.request();
      if (request.isNavigationRequest()) return route.continue();
      asked.push(new URL(request.url()).pathname);
      return undefined; // never answered
    });
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, {
      timeout: 30_000,
    });
    return {
      asked,
      paint: await page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length),
      splash: await page.evaluate(() => {
        const splash = document.getElementById("splash");
        const box = splash?.querySelector("svg")?.getBoundingClientRect();
        return {
          visible: splash !== null && getComputedStyle(splash).display !== "none",
          background: splash ? getComputedStyle(splash).backgroundImage : "",
          icon: box ? [box.width, box.height] : null,
          title: document.getElementById("splash-title")?.textContent ?? "",
        };
      }),
    };
  },

  /** The splash's words on a first visit and on a reload, which resumes the saved game. */
  async stages(context) {
    await context.addInitScript(() => {
      window.__stages = [];
      new MutationObserver(() => {
        const text = document.getElementById("splash-text")?.textContent ?? "";
        if (text !== "" && window.__stages.at(-1) !== text) window.__stages.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const visits = [];
    for (let i = 0; i < 2; i++) {
      if (i === 0) await page.goto(url);
      else await page.reload();
      await page.waitForSelector("html[data-state='ready']", { timeout: 180_000 });
      // the new deal is saved as it starts: wait until the store has it
      await page.waitForFunction(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open("canfield");
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              const names = [...db.objectStoreNames];
              if (names.length === 0) return resolve(false);
              const get = db.transaction(names[0]).objectStore(names[0]).get("game");
              get.onsuccess = () => resolve(get.result !== undefined);
              get.onerror = () => resolve(false);
            };
          }),
        null,
        { timeout: 30_000 },
      );
      visits.push(await page.evaluate(() => window.__stages));
    }
    return { errors, visits };
  },

  /** The page cannot compile Pyodide's WebAssembly itself: the worker must, and the game start. */
  async noPageCompile(context) {
    await context.addInitScript(() => {
      WebAssembly.compileStreaming = () => Promise.reject(new TypeError("refused for the test"));
    });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(url);
    await page.waitForSelector("html[data-state='ready']", { timeout: 180_000 });
    return {
      errors,
      cards: await page.locator("#table .face").count(),
      measures: await page.evaluate(() => performance.getEntriesByType("measure").map((m) => m.name)),
    };
  },

  /**
   * A first visit's solver worker keeps a memory snapshot of Python; the next two starts
   * restore it (the worker's snapshot.ts) and play on: the saved game, a stock click, a New game (imported only now,
   * from the files unpacked again) dealt at random, differently in each.
   */
  async snapshot(context) {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const starts = [];
    for (let i = 0; i < 3; i++) {
      if (i === 0) await page.goto(`${url}?code=CF1-D3-AAAAACL`);
      else await page.reload();
      await page.waitForSelector("html[data-state='ready']", { timeout: 180_000 });
      if (i === 0) {
        // the solver's worker takes it (started when the player is idle, or by a Hint)
        const kept = await page.evaluate(async () => {
          await window.canfield.solver().ready;
          for (let tries = 0; tries < 600; tries++) {
            if ((await (await caches.open("python-snapshot")).keys()).length > 0) return true;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          return false;
        });
        if (!kept) throw new Error("the first start kept no snapshot within 60 s");
      }
      starts.push(
        await page.evaluate(async () => {
          const python = window.canfield.python;
          const stock = await python.call("stock");
          const dealt = await python.call("screen", { screen: "deal", variant: "classic", draw: 3, abandon: true });
          return {
            measures: performance.getEntriesByType("measure").map((m) => m.name),
            cards: document.querySelectorAll("#table .face").length,
            stock: stock.ok,
            dealt: dealt.ok && dealt.dealt === true ? dealt.code ?? null : null,
          };
        }),
      );
    }
    return { errors, starts };
  },
};

try {
  const context = await browser.newContext({ serviceWorkers: "block" });
  console.log(JSON.stringify(await scenarios[name](context)));
} finally {
  await browser.close();
}
