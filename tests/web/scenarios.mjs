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

/** Wait until the table is drawn and no request to Python is pending. */
async function settled(page) {
  await page.waitForSelector("html[data-state='ready']", { timeout: READY_MS });
}

const scenarios = {
  /** First visit: the splash, then the table; what the page says the position is. */
  async load(browser) {
    const { page, errors } = await open(browser, {
      ...(options.viewport ? { viewport: options.viewport } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
    });
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
      position: await page.textContent("#position"),
      code: await page.getAttribute("html", "data-code"),
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
