/**
 * The screens around the table, wired in: a Menu button in the toolbar (New game, Restart,
 * Statistics, Settings, Rules, About, Share the code), F1 opening the rules, the
 * win screen when a game is won, the settings and statistics kept in IndexedDB as Python hands
 * them back, and a live language switch. All texts come from canfield.web.screens.
 */
import type { Json } from "../../shared/protocol.js";
import type { PythonWorker, Reply } from "../client.js";
import { browserLanguage } from "../config.js";
import { Store } from "../store.js";
import type { ActionReply, Offer } from "../view.js";
import { openAbout } from "./about.js";
import { openNewGame } from "./newgame.js";
import { openRules } from "./rules.js";
import { openSettings } from "./settings.js";
import { openStatistics } from "./statistics.js";
import { button, confirm, make, screen, screenOp, setFocusHome, show, type Question, type Texts } from "./ui.js";
import { closeWelcome, openWelcome } from "./welcome.js";
import { openWin } from "./win.js";

export const SETTINGS_KEY = "settings";
export const STATISTICS_KEY = "statistics";
/** Where the splash looks for the player's language before Python runs (main.ts). */
const LANGUAGE_KEY = "canfield-language";

/** What the screens need of the table's page (game.ts's GamePage). */
export interface Table {
  /** An op of the table's session whose answer is an action's (view, sentence, save). */
  act(op: string, args?: { [key: string]: Json }): Promise<ActionReply>;
  apply(reply: ActionReply, animate?: boolean): void;
  /** Say `text` (live region); `show` false: not in the status line as well. */
  say(text: string, show?: boolean): void;
  /** An op of the second worker the player may stop ({@link cancelThinking}). */
  think(op: string, args: { [key: string]: Json }): Promise<Reply>;
  cancelThinking(): void;
  /** Put the focus on the table, where Python's keys are. */
  focusTable(): void;
  /** A message with its ways on, above the status bar (null puts it away). */
  offer(offer: Offer | null): void;
  /** What the toolbar's New game and Ctrl+N open. */
  onNewGame: () => Promise<void>;
  /** What Ctrl+R does: Restart, asking first as the desktop does. */
  onRestart: () => Promise<void>;
  /** What Ctrl+, opens: Settings. */
  onSettings: () => Promise<void>;
  /** Called with every action's answer (the statistics it carries are stored). */
  onReply: (reply: Reply) => Promise<void>;
}

export class Screens {
  texts: Texts = {};
  private textsLang = "";
  private menuButton: HTMLButtonElement | null = null;
  private won = false;

  constructor(
    readonly python: PythonWorker,
    readonly table: Table,
    readonly store: Store,
  ) {}

  /** An op of canfield.web.screens; records and settings it hands back are stored. */
  async op(name: string, args: { [key: string]: Json } = {}): Promise<Reply> {
    const reply = await screenOp(this.python, name, args);
    await this.keep(reply);
    return reply;
  }

  /** Store what Python says changed: the statistics (after any op) and the settings. */
  async keep(reply: Reply): Promise<void> {
    const records = reply["records"];
    const settings = reply["settings_text"];
    try {
      if (typeof records === "string") await this.store.put(STATISTICS_KEY, JSON.parse(records) as Json);
      if (typeof settings === "string") await this.store.put(SETTINGS_KEY, JSON.parse(settings) as Json);
    } catch {
      // the browser refused to keep them (private mode, quota): play on, game.ts says so once
    }
  }

  /** Read the stored settings and statistics (a damaged one is set aside, with Python's message). */
  async start(systemLanguage: string): Promise<void> {
    const stored = async (key: string): Promise<Json> => {
      const value = await this.store.get(key).catch(() => undefined);
      if (value === undefined) return null;
      return typeof value === "string" ? value : JSON.stringify(value);
    };
    const reply = await this.op("load", {
      settings: await stored(SETTINGS_KEY),
      records: await stored(STATISTICS_KEY),
      system: systemLanguage,
    });
    const damaged = (reply["damaged"] as string[] | undefined) ?? [];
    for (const kind of damaged) {
      await this.store.setAside(kind === "records" ? STATISTICS_KEY : SETTINGS_KEY).catch(() => undefined);
    }
    await this.keep(reply);
    this.applySettings(reply);
    for (const notice of (reply["notices"] as string[] | undefined) ?? []) this.table.say(notice);
    await this.refreshTexts();
    this.installMenu();
    setFocusHome(() => this.landOnTable());
    this.watchForWin();
    const welcome = reply["welcome"] as { first?: boolean } | undefined;
    if (welcome !== undefined) await openWelcome(this, welcome.first === true); // a new player
  }

  /**
   * The focus onto the table when it is nowhere (the page's body) and nothing is shown over the
   * table: as the page starts, and as the first-run screen is put away. The first-run screen
   * keeps whatever focus there is while it shows (its words are said as it opens).
   */
  landOnTable(): void {
    const at = document.activeElement;
    if (at !== null && at !== document.body) return;
    if (document.querySelector("dialog[open]") !== null || document.documentElement.dataset["welcome"] === "open") return;
    this.table.focusTable();
  }

  /** Settings the page itself shows: the look (felt, card back, four colours) and the language. */
  applySettings(reply: Reply): void {
    const values = reply["settings"] as { [key: string]: Json } | undefined;
    const html = document.documentElement;
    if (values !== undefined) {
      html.dataset["felt"] = String(values["felt"]);
      html.dataset["back"] = String(values["card_back"]);
      html.dataset["animations"] = String(values["animations"]);
    }
    if (reply["view"] !== undefined) this.table.apply(reply as unknown as ActionReply, false);
    const lang = reply["lang"];
    if (typeof lang === "string") {
      html.lang = lang;
      try {
        localStorage.setItem(LANGUAGE_KEY, lang);
      } catch {
        // no local storage: the splash follows the browser's language
      }
    }
  }

  async refreshTexts(): Promise<void> {
    const lang = document.documentElement.lang;
    if (lang === this.textsLang) return;
    const reply = await screenOp(this.python, "texts");
    this.texts = reply["texts"] as Texts;
    this.textsLang = String(reply["lang"]);
    if (this.menuButton !== null) this.menuButton.textContent = this.texts["menu"] ?? "";
  }

  /** After a language switch: the screens' texts and the table's, in the new language. */
  async languageChanged(): Promise<void> {
    await this.refreshTexts();
  }

  private installMenu(): void {
    const bar = document.querySelector<HTMLElement>(".toolbar");
    if (bar === null) return;
    const menu = make("button", { className: "tool tool-menu", text: this.texts["menu"] ?? "" });
    menu.type = "button";
    menu.setAttribute("aria-haspopup", "dialog");
    menu.addEventListener("click", () => void this.openMenu());
    bar.prepend(menu);
    this.menuButton = menu;
    // the toolbar's New game and Ctrl+N open the same New game as the Menu
    this.table.onNewGame = () => this.newGame();
    this.table.onRestart = () => this.restart();
    this.table.onSettings = () => this.settings();
    this.table.onReply = (reply) => this.keep(reply);
    window.addEventListener(
      "keydown",
      (event) => {
        const ctrl = event.ctrlKey || event.metaKey;
        if (event.key === "Escape" && document.querySelector("dialog[open]") === null && closeWelcome()) {
          event.preventDefault(); // Escape puts the first-run screen away
          event.stopPropagation();
          return;
        }
        const open = event.key === "F1" && !ctrl ? () => this.rules() : null;
        if (open === null) return;
        event.preventDefault();
        event.stopPropagation();
        void open();
      },
      true,
    );
  }

  async openMenu(): Promise<void> {
    await this.refreshTexts();
    const t = this.texts;
    const s = screen("menu", t["menu"] ?? "");
    const list = make("ul", { className: "menu-list" }, s.body);
    const entry = (label: string, run: () => Promise<void>): HTMLButtonElement => {
      const item = make("li", {}, list);
      return button(label, () => {
        s.dialog.close("open");
        void run();
      }, item, "screen-button menu-entry");
    };
    const first = entry(t["new_game"] ?? "", () => this.newGame());
    entry(t["restart"] ?? "", () => this.restart());
    entry(t["statistics"] ?? "", () => this.statistics());
    entry(t["settings"] ?? "", () => this.settings());
    entry(t["rules"] ?? "", () => this.rules());
    entry(t["welcome"] ?? "", () => openWelcome(this, false));
    entry(t["about"] ?? "", () => this.about());
    entry(t["share_code"] ?? "", () => this.share());
    button(t["close"] ?? "", () => s.dialog.close("close"), s.buttons);
    show(s, first);
  }

  newGame(): Promise<void> {
    return openNewGame(this);
  }

  statistics(): Promise<void> {
    return openStatistics(this);
  }

  /**
   * The same deal from its start (the desktop's Restart, Ctrl+R, and the win's Play again): a
   * game in progress is left only if the player says yes to Python's question.
   */
  async restart(): Promise<void> {
    this.table.cancelThinking();
    let reply = await this.table.act("restart");
    const question = (reply as ActionReply & { confirm?: Question }).confirm;
    if (question !== undefined) {
      if (!(await confirm(question))) return;
      reply = await this.table.act("restart", { confirmed: true });
    }
    this.table.apply(reply, false);
  }

  settings(): Promise<void> {
    return openSettings(this);
  }

  rules(): Promise<void> {
    return openRules(this);
  }

  about(): Promise<void> {
    return openAbout(this);
  }

  /** Share the code where the device can (a phone's share sheet), else copy it. */
  async share(): Promise<void> {
    const reply = await this.op("share");
    const text = String(reply["share_text"] ?? "");
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ text });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    await this.copy(text, String(reply["copied"] ?? ""));
  }

  /** Copy `text`, then say `copied`; without clipboard access the text is shown to copy by hand. */
  async copy(text: string, copied: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.table.say(copied);
    } catch {
      const s = screen("copy", this.texts["copy_code"] ?? "", true);
      const field = make("input", { className: "code-field", attrs: { readonly: "", "aria-labelledby": s.heading.id } }, s.body);
      field.value = text;
      button(this.texts["close"] ?? "", () => s.dialog.close(), s.buttons);
      show(s, field);
      field.select();
    }
  }

  /** Open the win screen when the table shows a won game (not for one that was won before). */
  private watchForWin(): void {
    const html = document.documentElement;
    this.won = html.dataset["won"] === "true";
    new MutationObserver(() => {
      const won = html.dataset["won"] === "true";
      if (won && !this.won) void openWin(this);
      this.won = won;
    }).observe(html, { attributes: true, attributeFilter: ["data-won"] });
  }
}

/** Start the screens once the table (game.ts's `window.canfield`) is up; called by main.ts. */
export async function installScreens(python: PythonWorker, languages: readonly string[]): Promise<Screens> {
  const table = (window as unknown as { canfield: Table }).canfield;
  const { store } = await Store.open();
  const screens = new Screens(python, table, store);
  await screens.start(browserLanguage(languages, null));
  (window as unknown as { canfieldScreens: Screens }).canfieldScreens = screens;
  return screens;
}
