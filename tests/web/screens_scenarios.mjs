// Browser scenarios of the screens around the table (New game, Settings, Statistics, Rules,
// About, the win): `node screens_scenarios.mjs NAME URL OPTIONS_JSON`. Each drives Debian's
// chromium through playwright-core, finds everything by its accessible name, and prints as its
// last stdout line a JSON object of what the page showed; tests/web/test_web_screens.py and
// test_web_axe.py assert on it (the expected texts come from the Python catalogs there).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const [name, url, optionsText] = process.argv.slice(2);
const options = JSON.parse(optionsText ?? "{}");
const executablePath = process.env.CANFIELD_CHROMIUM ?? "/usr/bin/chromium";
const READY_MS = 120_000;
const T = options.texts ?? {}; // the catalogs' texts the scenario looks for, by language

const VIEWPORTS = {
  phone: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  tall: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  landscape: { viewport: { width: 640, height: 360 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 } },
};

async function open(browser, size, extra = {}) {
  const context = await browser.newContext({ ...VIEWPORTS[size], locale: options.locale ?? "en-GB", ...extra });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return { context, page, errors };
}

async function settled(page) {
  await page.waitForSelector("html[data-state='ready']", { timeout: READY_MS });
  await page.waitForFunction(() => window.canfieldScreens !== undefined, null, { timeout: READY_MS });
  await page.waitForSelector("html[data-state='ready']", { timeout: READY_MS });
}

/** Click (or, on a touch screen, tap) what has this role and accessible name. */
async function press(page, role, name, within = page) {
  const target = within.getByRole(role, { name, exact: true });
  if (options.touch ?? false) await target.tap();
  else await target.click();
}

function dialog(page, title) {
  return page.getByRole("dialog", { name: title, exact: true });
}

async function closeAll(page) {
  await page.evaluate(() => document.querySelectorAll("dialog[open]").forEach((d) => d.close()));
}

/** Open New game from the toolbar, choose, deal; what the table then shows. */
async function dealByDialog(page, { variant, draw, text, lang = "en" }) {
  const t = T[lang];
  await openFromMenu(page, t.new_game, lang);
  const box = dialog(page, t.new_game);
  await box.waitFor();
  if (variant !== undefined) await box.getByLabel(t.variant, { exact: true }).selectOption(variant);
  if (draw !== undefined) await box.getByRole("radio", { name: draw === 3 ? t.draw3 : t.draw1 }).check();
  if (text !== undefined) await box.getByLabel(t.code, { exact: true }).fill(text);
  const before = await page.getAttribute("html", "data-code");
  await press(page, "button", t.deal, box);
  const confirmBox = page.getByRole("alertdialog");
  await page.waitForFunction(
    () => !document.querySelector("#screen-new-game") || document.querySelector("dialog[role='alertdialog']"),
    null,
    { timeout: 60_000 },
  );
  if (await confirmBox.count()) await press(page, "button", t.abandon, confirmBox);
  await page.waitForFunction(() => !document.querySelector("#screen-new-game"), null, { timeout: 60_000 });
  await settled(page);
  return {
    code: await page.getAttribute("html", "data-code"),
    before,
    title: await page.title(),
  };
}

async function toolbarNames(page) {
  return page.evaluate(() => [...document.querySelectorAll(".toolbar button")].map((b) => b.textContent));
}

async function dialogTexts(page) {
  return page.evaluate(() => {
    const d = document.querySelector("dialog[open]");
    if (!d) return null;
    const labelled = document.getElementById(d.getAttribute("aria-labelledby") ?? "");
    return {
      title: labelled?.textContent ?? "",
      buttons: [...d.querySelectorAll("button")].map((b) => b.textContent),
      labels: [...d.querySelectorAll("label, legend, th, caption")].map((e) => e.textContent),
      text: d.innerText,
    };
  });
}

async function openFromMenu(page, entry, lang = "en") {
  const t = T[lang];
  await press(page, "button", t.menu, page.getByRole("toolbar"));
  const menu = dialog(page, t.menu);
  await menu.waitFor();
  await press(page, "button", entry, menu);
  await page.waitForFunction(() => document.querySelectorAll("dialog[open]").length === 1 && !document.querySelector("#screen-menu"));
  await page.waitForSelector("html[data-state='ready']");
}

async function touchTargets(page) {
  // every control of the open dialog: its box is at least 44 by 44 CSS px (the hit area)
  return page.evaluate(() => {
    const d = document.querySelector("dialog[open]");
    const small = [];
    for (const e of d.querySelectorAll("button, select, input[type='text'], input[type='checkbox'], input[type='radio']")) {
      const target = e.matches("input[type='checkbox'], input[type='radio']") ? e.parentElement : e;
      const r = target.getBoundingClientRect();
      if (r.width < 44 || r.height < 44) small.push(`${e.tagName} ${e.textContent || e.id} ${r.width}x${r.height}`);
    }
    return small;
  });
}

async function fits(page) {
  return page.evaluate(() => {
    const d = document.querySelector("dialog[open]").getBoundingClientRect();
    return d.left >= 0 && d.top >= 0 && d.right <= innerWidth + 0.5 && d.bottom <= innerHeight + 0.5;
  });
}

const scenarios = {
  /** Every variant from New game; a code and a bad code; the language; settings across a reload. */
  async tour(browser) {
    const { page, errors } = await open(browser, options.size ?? "phone");
    await page.goto(url);
    await settled(page);
    const t = T.en;
    const dealt = [];
    for (const variant of options.variants) {
      dealt.push({ variant, draw: 3, ...(await dealByDialog(page, { variant, draw: 3 })) });
    }
    dealt.push({ variant: "rainbow", draw: 1, ...(await dealByDialog(page, { variant: "rainbow", draw: 1 })) });
    const coded = await dealByDialog(page, { text: options.code });

    // a bad code: the engine's refusal under the field, the game unchanged
    await openFromMenu(page, t.new_game);
    const box = dialog(page, t.new_game);
    await box.waitFor();
    const small = await touchTargets(page);
    const fitted = await fits(page);
    const field = box.getByLabel(t.code, { exact: true });
    await field.fill(options.bad_code);
    await press(page, "button", t.deal, box);
    const error = box.locator(".error");
    await error.waitFor({ state: "visible" });
    const refusal = await error.textContent();
    const invalid = await field.getAttribute("aria-invalid");
    const describedBy = await field.evaluate((e) => e.getAttribute("aria-describedby").split(" ").map((id) => document.getElementById(id)?.textContent));
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.querySelector("dialog[open]"));
    const afterBad = await page.getAttribute("html", "data-code");

    // the language: Settings → Language → Magyar; the table and the screens speak Hungarian
    await openFromMenu(page, t.settings);
    const settingsBefore = await dialogTexts(page);
    await dialog(page, t.settings).getByLabel(t.language, { exact: true }).selectOption({ label: options.language_label });
    const h = T[options.language];
    await dialog(page, h.settings).waitFor();
    const settingsAfter = await dialogTexts(page);
    const langAttr = await page.getAttribute("html", "lang");
    await press(page, "button", h.close, dialog(page, h.settings));
    const toolbarAfter = await toolbarNames(page);
    await openFromMenu(page, h.new_game, options.language);
    const newGameAfter = await dialogTexts(page);
    await page.keyboard.press("Escape");

    // settings survive a reload: Double tap off, a blue table, and the language
    await openFromMenu(page, h.settings, options.language);
    const settingsBox = dialog(page, h.settings);
    await settingsBox.getByLabel(h.double_tap, { exact: true }).uncheck();
    await settingsBox.getByLabel(h.table_colour, { exact: true }).selectOption({ label: h.blue });
    await page.waitForSelector("html[data-felt='blue']");
    await page.waitForSelector("html[data-state='ready']");
    await page.reload();
    await settled(page);
    const reloaded = {
      lang: await page.getAttribute("html", "lang"),
      felt: await page.getAttribute("html", "data-felt"),
      toolbar: await toolbarNames(page),
    };
    await openFromMenu(page, h.settings, options.language);
    const again = dialog(page, h.settings);
    reloaded.double_tap = await again.getByLabel(h.double_tap, { exact: true }).isChecked();
    reloaded.animations = await again.getByLabel(h.animations, { exact: true }).isChecked();
    reloaded.felt_choice = await again.getByLabel(h.table_colour, { exact: true }).evaluate((e) => e.selectedOptions[0].textContent);
    // back to English from the same screen
    await again.getByLabel(h.language, { exact: true }).selectOption({ label: "English" });
    await dialog(page, t.settings).waitFor();
    const english = await toolbarNames(page);
    return {
      dealt, coded, refusal, invalid, describedBy, afterBad, small, fitted,
      settingsBefore, settingsAfter, langAttr, toolbarAfter, newGameAfter, reloaded, english, errors,
    };
  },

  /** A win driven through the session; the win screen, then Statistics, then both after a reload. */
  async win(browser) {
    const { context, page, errors } = await open(browser, options.size ?? "desktop");
    await page.goto(url);
    await settled(page);
    const t = T.en;
    await dealByDialog(page, { variant: "canfield", draw: 1, text: options.deck });
    await page.evaluate(async (moves) => {
      const table = window.canfield;
      for (const move of moves) table.apply(await table.act("play", { move }));
    }, options.moves);
    const win = dialog(page, t.you_won);
    await win.waitFor({ timeout: 60_000 });
    const winTexts = await dialogTexts(page);
    const winSmall = await touchTargets(page);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await press(page, "button", t.copy_deck, win);
    await page.waitForFunction((text) => document.querySelector("#message")?.textContent === text, t.copied_deck);
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    await press(page, "button", t.close, win);
    await openFromMenu(page, t.statistics);
    const stats = await statisticsTable(page);
    await page.keyboard.press("Escape");
    await page.reload();
    await settled(page);
    await openFromMenu(page, t.statistics);
    const statsReloaded = await statisticsTable(page);
    const statsDialog = await dialogTexts(page);
    await page.keyboard.press("Escape");
    // Play again from a fresh win: not needed; New game after the win deals with no question
    return { winTexts, winSmall, clipboard, stats, statsReloaded, statsDialog, errors };
  },

  /** axe-core on every screen (and the table) at one size and language; screenshots if asked. */
  async axe(browser) {
    const { page, errors } = await open(browser, options.size ?? "desktop", options.locale ? { locale: options.locale } : {});
    const require = createRequire(import.meta.url);
    const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
    await page.goto(url);
    await settled(page);
    const lang = await page.getAttribute("html", "lang");
    const t = T[lang];
    const results = {};
    const shots = options.shots ?? null;
    const check = async (label) => {
      await page.waitForSelector("html[data-state='ready']");
      await page.waitForTimeout(50);
      if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) await page.addScriptTag({ content: axeSource });
      const found = await page.evaluate(async () => {
        // a screen: the open dialog (the table under it is inert); the table: the whole page
        const open = document.querySelector("dialog[open]");
        const context = open ? { include: [["dialog[open]"]] } : document;
        const r = await window.axe.run(context, { resultTypes: ["violations"] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5), help: v.help }));
      });
      results[label] = { violations: found, small: (await page.$("dialog[open]")) ? await touchTargets(page) : [], fits: (await page.$("dialog[open]")) ? await fits(page) : true };
      if (shots) await page.screenshot({ path: `${shots}/${label}.png` });
    };
    await check("table");
    await press(page, "button", t.menu, page.getByRole("toolbar"));
    await check("menu");
    await closeAll(page);
    await openFromMenu(page, t.new_game, lang);
    await dialog(page, t.new_game).waitFor();
    await check("new-game");
    await dialog(page, t.new_game).getByLabel(t.code, { exact: true }).fill(options.bad_code);
    await press(page, "button", t.deal, dialog(page, t.new_game));
    await page.locator("dialog .error").waitFor({ state: "visible" });
    await check("new-game-refused");
    await closeAll(page);
    for (const [label, entry] of [["settings", t.settings], ["statistics", t.statistics], ["rules", t.rules], ["about", t.about]]) {
      await openFromMenu(page, entry, lang);
      await check(label);
      if (label === "statistics") {
        await press(page, "button", t.reset_all, page.locator("dialog[open]"));
        await page.getByRole("alertdialog").waitFor();
        await check("reset-question");
        await press(page, "button", t.cancel, page.getByRole("alertdialog"));
      }
      await closeAll(page);
    }
    if (options.deck) {
      await dealByDialog(page, { variant: "canfield", draw: 1, text: options.deck, lang });
      await page.evaluate(async (moves) => {
        const table = window.canfield;
        for (const move of moves) table.apply(await table.act("play", { move }));
      }, options.moves);
      await dialog(page, t.you_won).waitFor({ timeout: 60_000 });
      await check("win");
    }
    return { lang, results, errors };
  },
};

async function statisticsTable(page) {
  return page.evaluate(() => {
    const rows = {};
    for (const tr of document.querySelectorAll("dialog[open] .stats-table tbody tr")) {
      rows[tr.dataset.key] = [...tr.querySelectorAll("td")].map((td) => td.textContent);
    }
    return rows;
  });
}

const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
try {
  const scenario = scenarios[name];
  if (scenario === undefined) throw new Error(`no scenario ${name}`);
  console.log(JSON.stringify(await scenario(browser)));
} finally {
  await browser.close();
}
