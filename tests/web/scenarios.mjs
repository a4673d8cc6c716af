// Browser scenarios for tests/web: `node scenarios.mjs NAME URL OPTIONS_JSON`.
// Each drives Debian's chromium through playwright-core and prints, as its last stdout line,
// a JSON object of what the page showed and said; the Python tests assert on it.
import { chromium } from "playwright-core";

const [name, url, optionsText] = process.argv.slice(2);
const options = JSON.parse(optionsText ?? "{}");
const executablePath = process.env.CANFIELD_CHROMIUM ?? "/usr/bin/chromium";
const READY_MS = 120_000;

async function launch() {
  return chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
}

async function open(browser, contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return { context, page, errors };
}

/**
 * Wait until the table is drawn, no request to Python is pending and no card is still sliding
 * (a drag read from a card mid-slide would press wherever the card was, e.g. on the stock).
 */
async function settled(page) {
  await page.waitForSelector("html[data-state='ready']", { timeout: READY_MS });
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== "running" && !a.pending),
    null,
    { timeout: READY_MS },
  );
}


/** Run gestures ([kind, card?, pile?]) on the table, waiting for Python's answer after each. */
async function perform(page, gestures) {
  for (const gesture of gestures) {
    const [kind, card, pile] = gesture;
    if (kind === "stock") {
      if (options.touch) await page.locator(".stock-button").tap();
      else await page.click(".stock-button");
    } else if (kind === "tap") {
      const face = page.locator(`.card[data-card="${card}"] .face`);
      if (options.touch) await face.tap({ position: { x: 6, y: 6 } });
      else await face.click({ position: { x: 6, y: 6 } });
    } else if (kind === "drag") {
      await dragTo(page, card, pile);
    } else if (kind === "key") {
      await page.keyboard.press(card);
    }
    await settled(page);
  }
}

async function dragTo(page, card, pile) {
  const box = await page.locator(`.card[data-card="${card}"]`).boundingBox();
  const slot = await page.locator(`.slot[data-pile="${pile}"]`).boundingBox();
  if (box === null || slot === null) throw new Error(`cannot drag ${card} to ${pile}`);
  await page.mouse.move(box.x + 6, box.y + 6);
  await page.mouse.down();
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(
      box.x + 6 + ((slot.x + slot.width / 2 - box.x - 6) * i) / steps,
      box.y + 6 + ((slot.y + slot.height / 2 - box.y - 6) * i) / steps,
    );
  }
  await page.waitForTimeout(50);
  const highlighted = await page.evaluate(
    () => [...document.querySelectorAll(".slot.target")].map((e) => e.dataset.pile),
  );
  await page.mouse.up();
  return highlighted;
}

/** What the page shows now: each pile's ARIA name and its items' names, and the status. */
async function snapshot(page) {
  return page.evaluate(() => ({
    piles: [...document.querySelectorAll(".pile")].map((p) => ({
      id: p.dataset.pile,
      name: p.getAttribute("aria-label"),
      items: [...p.querySelectorAll("[role=listitem] button")].map((b) => b.getAttribute("aria-label")),
    })),
    status: [...document.querySelectorAll(".status .field")].map((e) => e.textContent),
    message: document.querySelector("#message")?.textContent ?? "",
    code: document.documentElement.dataset.code,
    won: document.documentElement.dataset.won === "true",
  }));
}

async function liveText(page) {
  await page.waitForTimeout(80);
  return page.textContent("#live");
}

function contextOptions() {
  return {
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.touch ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  };
}

async function openDeal(browser) {
  const opened = await open(browser, contextOptions());
  await opened.page.goto(options.code ? `${url}?code=${options.code}` : url);
  await settled(opened.page);
  return opened;
}

/** Plant a raw value in the page's IndexedDB (a damaged save, as a crash or an edit leaves it). */
async function plant(page, key, value) {
  await page.evaluate(async ([key, value]) => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open("canfield", 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise((resolve, reject) => {
      const tx = db.transaction("kv", "readwrite");
      tx.objectStore("kv").put(value, key);
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, [key, value]);
}

async function storedKeys(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve) => {
      const request = indexedDB.open("canfield", 1);
      request.onsuccess = () => resolve(request.result);
    });
    return new Promise((resolve) => {
      const request = db.transaction("kv").objectStore("kv").getAllKeys();
      request.onsuccess = () => resolve(request.result);
    });
  });
}

/** One browser context, many steps: each page load costs seconds, so the tests share them. */
async function journey(browser) {
  const { context, page, errors } = await open(browser, contextOptions());
  const seen = { errors };
  for (const step of options.steps) {
    const name = step.name ?? step.do;
    switch (step.do) {
      case "goto": {
        await page.goto(step.code ? `${url}?code=${step.code}` : url);
        seen[`${name}.splash`] = await page.textContent("#splash-text");
        await settled(page);
        break;
      }
      case "gestures":
        await perform(page, step.list);
        break;
      case "snapshot":
        seen[name] = await snapshot(page);
        break;
      case "live":
        seen[name] = await liveText(page);
        break;
      case "keys": {
        const said = [];
        for (const key of step.keys) {
          await page.keyboard.press(key);
          await settled(page);
          said.push(await liveText(page));
        }
        seen[name] = said;
        break;
      }
      case "wait-message": {
        await page.waitForFunction(
          (prefix) => (document.querySelector("#message")?.textContent ?? "").startsWith(prefix),
          step.prefix,
          { timeout: 180_000 },
        );
        seen[name] = await page.textContent("#message");
        break;
      }
      case "wait":
        await page.waitForTimeout(step.ms);
        seen[name] = await page.textContent("#message");
        break;
      case "axe": {
        // axe-core from node_modules, injected into the page; every violation is reported
        await page.addScriptTag({ path: new URL("../../node_modules/axe-core/axe.min.js", import.meta.url).pathname });
        seen[name] = await page.evaluate(async () => {
          const result = await window.axe.run(document);
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
          }));
        });
        break;
      }
      case "click":
        await page.click(step.selector);
        if (step.settle !== false) await settled(page);
        break;
      case "fill":
        await page.fill(step.selector, step.value);
        break;
      case "text":
        seen[name] = await page.textContent(step.selector);
        break;
      case "focus":
        await page.focus("#table [tabindex='0']");
        break;
      case "drag": {
        seen[name] = await dragTo(page, step.card, step.pile);
        await settled(page);
        await page.waitForTimeout(250);
        seen[`${name}.said`] = await liveText(page);
        break;
      }
      case "reload":
        await page.reload();
        await settled(page);
        break;
      case "plant":
        await plant(page, step.key, step.value);
        break;
      case "keys-stored":
        seen[name] = await storedKeys(page);
        break;
      case "controlled":
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          if (!navigator.serviceWorker.controller) {
            await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r));
          }
        });
        break;
      case "stop-server":
        console.log("STOP");
        await new Promise((resolve) => process.stdin.once("data", resolve));
        process.stdin.pause();
        await context.setOffline(true);
        break;
      case "screenshot":
        await page.screenshot({ path: step.path });
        break;
      default:
        throw new Error(`unknown step ${step.do}`);
    }
  }
  return seen;
}

const scenarios = {
  journey,

  /** First visit: the splash, then the table; what the page says the position is. */
  async load(browser) {
    const { page, errors } = await open(browser, contextOptions());
    await page.goto(url);
    const splash = await page.textContent("#splash-text");
    await settled(page);
    const paint = await page.evaluate(() =>
      performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]),
    );
    return {
      splash,
      paint: Object.fromEntries(paint),
      lang: await page.evaluate(() => document.documentElement.lang),
      code: await page.getAttribute("html", "data-code"),
      table: await snapshot(page),
      errors,
    };
  },

  /** Play gestures from a deal; what the page shows and said at the end. */
  async play(browser) {
    const { page, errors } = await openDeal(browser);
    await perform(page, options.gestures);
    const live = await liveText(page);
    const table = await snapshot(page);
    if (options.screenshot) await page.screenshot({ path: options.screenshot });
    return { live, table, errors };
  },

  /** Gestures, then a key, and what the live region says after it. */
  async keys(browser) {
    const { page, errors } = await openDeal(browser);
    await perform(page, options.gestures);
    const said = [];
    for (const key of options.keys) {
      if (key === "focus-table") {
        await page.focus("#table [tabindex='0']");
        continue;
      }
      await page.keyboard.press(key);
      await settled(page);
      said.push(await liveText(page));
    }
    return { said, table: await snapshot(page), errors };
  },

  /** Gestures, a reload, and the table before and after it. */
  async reload(browser) {
    const { page, errors } = await openDeal(browser);
    await perform(page, options.gestures);
    const before = await snapshot(page);
    await page.reload();
    await settled(page);
    const after = await snapshot(page);
    await page.keyboard.press("Control+d");
    return { before, after, described: await liveText(page), errors };
  },

  /** First visit, play, the server stopped (the test does it), offline reload. */
  async offline(browser) {
    const { context, page, errors } = await openDeal(browser);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
      }
    });
    await perform(page, options.gestures);
    const before = await snapshot(page);
    console.log("STOP");
    await new Promise((resolve) => process.stdin.once("data", resolve));
    await context.setOffline(true);
    await page.reload();
    await settled(page);
    const after = await snapshot(page);
    return { before, after, controlled: await page.evaluate(() => !!navigator.serviceWorker.controller), errors };
  },

  /** A damaged saved game (planted in IndexedDB), then a reload: set aside, said, a new deal. */
  async damaged(browser) {
    const { page, errors } = await openDeal(browser);
    await page.evaluate(async (value) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open("canfield", 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise((resolve, reject) => {
        const tx = db.transaction("kv", "readwrite");
        tx.objectStore("kv").put(value, "game");
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    }, options.value);
    await page.reload();
    await settled(page);
    await page.waitForTimeout(200);
    const keys = await page.evaluate(async () => {
      const db = await new Promise((resolve) => {
        const request = indexedDB.open("canfield", 1);
        request.onsuccess = () => resolve(request.result);
      });
      return new Promise((resolve) => {
        const request = db.transaction("kv").objectStore("kv").getAllKeys();
        request.onsuccess = () => resolve(request.result);
      });
    });
    return { table: await snapshot(page), live: await liveText(page), keys, errors };
  },

  /** A drag with the drop highlight; then one to a pile that refuses it. */
  async drag(browser) {
    const { page, errors } = await openDeal(browser);
    const highlighted = await dragTo(page, options.card, options.pile);
    await settled(page);
    const after = await snapshot(page);
    const saidAfterGood = await liveText(page);
    const refusedHighlight = await dragTo(page, options.bad_card, options.bad_pile);
    await settled(page);
    await page.waitForTimeout(300);
    const box = await page.locator(`.card[data-card="${options.bad_card}"]`).boundingBox();
    return {
      highlighted, after, saidAfterGood, refusedHighlight,
      saidAfterBad: await liveText(page),
      badCardBox: box,
      final: await snapshot(page),
      errors,
    };
  },
};

const browser = await launch();
try {
  const scenario = scenarios[name];
  if (scenario === undefined) throw new Error(`no scenario ${name}`);
  const result = await scenario(browser);
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
}
process.exit(0); // stdin, once read, would keep Node waiting
