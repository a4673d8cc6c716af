/**
 * The game's page: the toolbar, the table, the status bar and the live region, wired to the
 * Python session in the worker. Every tap, drag and key becomes an op; every answer is drawn,
 * spoken (aria-live) and saved (IndexedDB) as Python gave it. The table's keys are forwarded by
 * name to canfield.presentation.keyboard, which keeps the focus and the held cards and says
 * what each key did; the page moves its DOM focus where Python's answer puts it.
 */
import type { Json } from "../shared/protocol.js";
import type { PythonWorker, Reply } from "./client.js";
import { Store } from "./store.js";
import { TableView } from "./table.js";
import type { ActionReply, Offer, View } from "./view.js";

const GAME_KEY = "game";
const SETTINGS_KEY = "settings";
const DRAG_THRESHOLD = 6;
const TICK_MS = 1000;
/** A window being dragged to a new size is laid out once it rests this long. */
const RESIZE_DEBOUNCE_MS = 120;
/** How long after the table took the focus the start's sentence is said (sayHeld()). */
const HELD_MS = 400;
/** The keys canfield.presentation.keyboard knows that a plain key press sends, by event.key. */
const TABLE_KEYS: { [key: string]: string } = {
  "1": "1", "2": "2", "3": "3", "4": "4", r: "r", w: "w", f: "f", s: "s", d: "d", p: "p", t: "t",
};
/** Keys that also work a focused toolbar button or scroll the page: sent only from the table. */
const FOCUS_KEYS: { [key: string]: string } = {
  Enter: "enter", " ": "enter", ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
};

/** Restart's icon, the desktop's (gui/icons.py): an almost closed circle with its arrow. */
const RESTART_ICON =
  '<svg class="tool-icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">' +
  '<path d="M16 5.57A8 8 0 1 0 19.88 13.89" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>' +
  '<path d="M13.2 2.6 19.4 5.1 14.4 9.6Z" fill="currentColor"/></svg>';

interface Drag {
  card: string;
  group: string[];
  startX: number;
  startY: number;
  pointer: number;
  moved: boolean;
  origin: { x: number; y: number };
  target: string | null;
  asking: boolean;
}

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, parent?: HTMLElement,
): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), props);
  parent?.append(element);
  return element;
}

export class GamePage {
  readonly table: TableView;
  private readonly live: HTMLElement;
  private readonly message: HTMLElement;
  private readonly status: HTMLElement;
  private readonly buttons = new Map<string, HTMLButtonElement>();
  private pending = 0;
  /** The start's sentence (the game that came back, a damaged save), kept for sayHeld(). */
  private held = "";
  private heldTimer = 0;
  private drag: Drag | null = null;
  private saveError = false;
  private resizeTimer = 0;
  private resizeFrame = 0;
  /** A look at the table's room is due: until it is taken the drawn layout may still change. */
  private resizeDue = false;
  private hinter: PythonWorker | null = null;
  private lastSave: Json = null;
  private thinking: "hint" | "show" | "search" | null = null;
  private showing = false;
  private texts: { [key: string]: string } = {};
  private textsLang = "";
  private idleTimer = 0;
  private clockTimer = 0;
  private watching: "idle" | "busy" | "again" = "idle";
  /** Finish is playing its line (the table takes no input meanwhile, as on the desktop). */
  private finishing = false;
  private readonly offerBox: HTMLElement;
  private readonly focusNote: HTMLElement;
  /** Opens New game (the screens' dialog, set by dialogs/screens.ts). */
  onNewGame: () => Promise<void> = async () => undefined;
  /** Restart, asking first (dialogs/screens.ts). */
  onRestart: () => Promise<void> = async () => undefined;
  /** Opens Settings (dialogs/screens.ts). */
  onSettings: () => Promise<void> = async () => undefined;
  /** Keeps the statistics an action's answer carries (dialogs/screens.ts stores them). */
  onReply: (reply: Reply) => Promise<void> = async () => undefined;

  constructor(
    private readonly python: PythonWorker,
    private readonly store: Store,
    private settings: { [key: string]: Json },
    app: HTMLElement,
  ) {
    const header = make("header", {}, app);
    const bar = make("div", { className: "toolbar" }, header);
    bar.setAttribute("role", "toolbar");
    // Restart at the far end, away from Undo, as on the desktop's toolbar (it asks first)
    for (const name of ["new", "undo", "undo_winnable", "redo", "hint", "show", "finish", "copy", "restart"]) {
      const button = make("button", { type: "button", className: `tool tool-${name}` }, bar);
      if (name === "finish" || name === "undo_winnable") button.hidden = true; // shown when on offer
      if (name === "restart") {
        // on a phone an icon (the desktop's phone toolbar goes icon-only too), named by its label
        button.innerHTML = RESTART_ICON + '<span class="tool-label"></span>';
        button.setAttribute("aria-keyshortcuts", "Control+R");
      }
      button.dataset["action"] = name;
      button.addEventListener("click", () => void this.action(name));
      this.buttons.set(name, button);
    }
    // The table is an application inside the main landmark: a reader in browse mode takes
    // the pile keys (R, 1-4, W, F, S, D, P, T) and the arrows for its own navigation (Orca:
    // "No more radio buttons", "No more headings at level 2"), so the card keys never reached
    // the page; in an application it stays in focus mode and passes every key to the table.
    const landmark = make("main", { className: "table-landmark" }, app);
    const main = make("div", { id: "table" }, landmark);
    main.setAttribute("role", "application");
    this.table = new TableView(main);
    this.status = make("footer", { className: "status" }, app);
    // a message's ways on (a deal that cannot be won): atop the status bar, never over it
    this.offerBox = make("div", { className: "offer", hidden: true }, this.status);
    this.offerBox.setAttribute("role", "group");
    this.message = make("p", { className: "message", id: "message" }, this.status);
    // not in #app: a screen makes the page under it inert, and a live region there said
    // nothing under it (the win's sentence came only as the win screen closed) and said its
    // last words again as a screen closed (the first-run screen's, after New game)
    this.live = make("div", { id: "live", className: "visually-hidden" }, document.body);
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "status");
    // what a reader hears after the focused card's name: Python's landing sentence
    this.focusNote = make("div", { id: "focus-note", className: "visually-hidden" }, this.status);
    this.focusNote.setAttribute("aria-hidden", "true");
    main.addEventListener("pointerdown", (e) => this.pointerDown(e));
    main.addEventListener("pointermove", (e) => this.pointerMove(e));
    main.addEventListener("pointerup", (e) => void this.pointerUp(e));
    main.addEventListener("pointercancel", () => this.cancelDrag());
    main.addEventListener("click", (e) => this.keyboardClick(e));
    main.addEventListener("contextmenu", (e) => e.preventDefault());
    document.addEventListener("keydown", (e) => this.key(e));
    // the table's own size, not the window's: the toolbar wraps to a second row once its
    // labels come (a long language, a phone held sideways), the status bar to a second line,
    // an offer opens above it; a layout for the window's first guess ran off the table
    new ResizeObserver(() => this.scheduleResize(RESIZE_DEBOUNCE_MS)).observe(main);
    // the clock runs only while the player can play: Python is told when that changes
    document.addEventListener("visibilitychange", () => void this.tick());
    window.addEventListener("focus", () => void this.tick());
    window.addEventListener("blur", () => void this.tick());
    window.addEventListener("pagehide", () => void this.tick());
  }

  /** The player can play now: the page is in front and no dialog is open. */
  private active(): boolean {
    return document.visibilityState === "visible" && document.hasFocus() && document.querySelector("dialog[open]") === null;
  }

  /** Tell Python whether the player can play; show the time it answers, keep its save. */
  private async tick(): Promise<void> {
    const reply = await this.python.call("tick", { active: this.active() });
    const time = reply["time"];
    const field = this.status.querySelector(".field-time");
    if (typeof time === "string" && field !== null) {
      field.textContent = time;
      field.setAttribute("aria-label", time);
    }
    if (reply["save"] !== undefined) {
      this.lastSave = reply["save"];
      void this.save(reply["save"]);
    }
    this.runClock(reply["clock"] === true);
  }

  /** Tick every second while Python says the clock runs (from the first move to the win). */
  private runClock(running: boolean): void {
    if (running && this.clockTimer === 0) {
      this.clockTimer = window.setInterval(() => void this.tick(), TICK_MS);
    } else if (!running && this.clockTimer !== 0) {
      window.clearInterval(this.clockTimer);
      this.clockTimer = 0;
    }
  }

  /** The table's size in CSS px: what is left of the window under the toolbar and status bar. */
  tableSize(): { width: number; height: number } {
    // within the bounds Python lays out for (session.MIN_SIZE, MAX_SIZE), so the size a view
    // comes back with is the size asked for, and resize() after a draw cannot ask forever
    const rect = this.table.root.getBoundingClientRect();
    const bound = (n: number) => Math.min(Math.max(n, 100), 10_000);
    return { width: bound(rect.width), height: bound(rect.height) };
  }

  async start(lang: string, saved: Json | undefined, code: string | null): Promise<void> {
    const reply = (await this.act("start", {
      lang,
      code,
      ...this.tableSize(),
      saved: saved ?? null,
      double_tap: this.settings["double_tap"] !== false,
    }));
    if (typeof reply.damaged === "string") {
      await this.store.setAside(GAME_KEY).catch(() => undefined);
    }
    // shown now, said once the table has the focus: said as the page started, a reader's
    // landing on the table cut it off or came first and left it after "Loading the game…"
    this.held = reply.ok ? reply.say ?? "" : "";
    this.apply(reply.ok ? { ...reply, say: "" } : reply, false);
    if (this.held) this.message.textContent = this.held;
    await this.thinkingTexts(reply.view?.lang ?? lang);
    this.settle();
    this.warmSolverWhenIdle();
  }

  /**
   * Say the start's sentence, a moment after the table took the focus (the page's start),
   * unless the page has said something else first: the player has already gone on.
   */
  sayHeld(): void {
    const text = this.held;
    this.held = "";
    if (!text) return;
    this.heldTimer = window.setTimeout(() => {
      this.heldTimer = 0;
      this.say(text, false);
    }, HELD_MS);
  }

  /** What the page says while the solver works, in `lang` (again after a language switch). */
  private async thinkingTexts(lang: string): Promise<void> {
    this.textsLang = lang;
    this.texts = (await this.call("thinking")) as { [key: string]: string };
  }

  /** Start the solver's worker once the player has left the page alone for a while. */
  private warmSolverWhenIdle(): void {
    const again = () => {
      window.clearTimeout(this.idleTimer);
      this.idleTimer = window.setTimeout(() => void this.solver(), 10_000);
    };
    again();
    document.addEventListener("pointerdown", again, { passive: true });
    document.addEventListener("keydown", again, { passive: true });
  }

  /** The second Python worker, where Hint and Show me think (so the table never waits). */
  private solver(): PythonWorker {
    this.hinter ??= this.python.restarted();
    return this.hinter;
  }

  /** Stop the solver mid-thought: its worker is terminated and a fresh one started. */
  /**
   * The focus onto the table, where Python's keys are: the page starts there, as the desktop
   * does, so the keys work at once and a reader lands in the game (it started on the page's
   * body, and Orca said nothing after the page's title until Tab).
   */
  focusTable(): void {
    this.table.root.querySelector<HTMLElement>("[tabindex='0']")?.focus({ preventScroll: true });
  }

  cancelThinking(): void {
    // the status line no longer says the solver is at work (as the desktop's, when Show me stops)
    const said = this.message.textContent ?? "";
    if (said !== "" && (this.thinking !== null || this.showing) && Object.values(this.texts).includes(said)) {
      this.message.textContent = "";
    }
    this.showing = false;
    if (this.thinking === null || this.hinter === null) return;
    this.hinter.terminate();
    this.hinter = this.hinter.restarted();
    this.thinking = null;
  }

  /** The player stopped Hint or Show me (Esc, or its button again): Python's sentence says so. */
  private stopThinking(): void {
    const which = this.thinking === "hint" ? "hint_stopped"
      : this.showing ? "showing_stopped"
        : this.thinking === "show" ? "looking_stopped" : null;
    this.cancelThinking();
    if (which !== null) this.say(this.texts[which] ?? "");
  }

  /** An op of the second worker that the player may stop (New game's winnable search). */
  async think(op: string, args: { [key: string]: Json }): Promise<Reply> {
    this.cancelThinking();
    this.thinking = "search";
    try {
      return await this.solver().call(op, args);
    } finally {
      if (this.thinking === "search") this.thinking = null;
    }
  }

  /** Ask the second worker whether this position can be won; Python says what the note is. */
  private async watch(): Promise<void> {
    if (this.watching !== "idle") {
      this.watching = "again";
      return;
    }
    this.watching = "busy";
    try {
      const verdict = await this.solver().call("watch", { saved: this.lastSave, lang: document.documentElement.lang });
      const reply = await this.act("watched", verdict);
      if (reply.view !== undefined) this.draw(reply.view, false);
    } catch {
      // a cancelled search (Hint, Show me) took the worker with it: the next move asks again
    } finally {
      const again = (this.watching as string) === "again";
      this.watching = "idle";
      if (again) void this.watch();
    }
  }

  private async hint(): Promise<void> {
    if (this.thinking !== null || this.showing) {
      this.stopThinking();
      return;
    }
    // counted and saved first (recent games show the hints); a deal known lost needs no search
    const asked = await this.act("hint_asked");
    this.apply(asked, false);
    if ((asked as ActionReply & { search?: boolean }).search !== true) return;
    this.thinking = "hint";
    let answer: Reply;
    try {
      answer = await this.solver().call("hint", { saved: this.lastSave, lang: document.documentElement.lang });
    } catch {
      return; // cancelled
    } finally {
      if (this.thinking === "hint") this.thinking = null;
    }
    if (answer["ok"] === false) return this.say(String(answer["error"] ?? ""));
    // Python shows it only if the position is still the one asked about (else it said so)
    const reply = await this.act("hinted", answer);
    if ((reply as ActionReply & { shown?: boolean }).shown !== true) return;
    this.apply(reply, false);
    const card = answer["card"];
    const target = answer["target"];
    this.table.root.querySelectorAll(".hinted").forEach((e) => e.classList.remove("hinted"));
    if (typeof card === "string") this.table.cardElement(card)?.classList.add("hinted");
    if (typeof target === "string") this.table.root.querySelector(`.slot[data-pile="${target}"]`)?.classList.add("target", "hinted");
    window.setTimeout(() => {
      this.table.root.querySelectorAll(".hinted").forEach((e) => e.classList.remove("hinted", "target"));
    }, 4000);
  }

  private async showMe(): Promise<void> {
    if (this.thinking !== null || this.showing) {
      this.stopThinking();
      return;
    }
    this.thinking = "show";
    this.say(this.texts["show"] ?? "");
    let reply: Reply;
    try {
      reply = await this.solver().call("solve", { saved: this.lastSave, lang: document.documentElement.lang });
    } catch {
      return;
    } finally {
      if (this.thinking === "show") this.thinking = null;
    }
    const line = (reply["line"] as string[] | undefined) ?? [];
    if (line.length === 0) {
      this.say(String(reply["say"] ?? reply["error"] ?? ""));
      return;
    }
    this.showing = true;
    document.documentElement.dataset["showing"] = "true";
    this.say(this.texts["showing"] ?? "");
    for (const move of line) {
      await new Promise((resolve) => window.setTimeout(resolve, 450));
      if (!this.showing) break;
      const played = await this.act("play", { move, demo: true });
      // stopped while this move was on its way: drawn, but the stop's sentence is the last said
      this.apply(this.showing ? played : { ...played, say: "" });
    }
    this.showing = false;
    document.documentElement.dataset["showing"] = "false";
  }

  // -- talking to Python ---------------------------------------------------------

  private async call(op: string, args: { [key: string]: Json } = {}): Promise<Reply> {
    this.pending++;
    document.documentElement.dataset["state"] = "busy";
    try {
      return await this.python.call(op, args);
    } finally {
      this.pending--;
      this.settle();
    }
  }

  /** An op whose answer is an action's: view, sentence, save. */
  async act(op: string, args: { [key: string]: Json } = {}): Promise<ActionReply> {
    return (await this.call(op, args)) as unknown as ActionReply;
  }

  /** "ready" once nothing more is coming: no answer on its way, no drag, no layout check due
   * (a tap read off the table then lands on the card it was aimed at). */
  private settle(): void {
    if (this.pending === 0 && this.drag === null && !this.resizeDue) {
      document.documentElement.dataset["state"] = "ready";
    }
  }

  /** Draw, speak and save one answer. */
  apply(reply: ActionReply, animate = true): void {
    void this.onReply(reply as unknown as Reply);
    if (!reply.ok) {
      this.say(reply.error ?? "");
      return;
    }
    if (reply.view !== undefined) this.draw(reply.view, animate);
    if (reply.say) this.say(reply.say);
    if (reply.save !== undefined) {
      this.lastSave = reply.save as Json;
      void this.save(reply.save as Json);
    }
    if (typeof reply.clock === "boolean") this.runClock(reply.clock);
    if (reply.watch === true) void this.watch();
    if (reply.changed === true && !this.finishing) this.offer(null); // it goes when the player acts
    if (reply.hint_dropped === true && this.thinking === "hint") this.cancelThinking();
    if (reply.offer !== undefined) this.offer(reply.offer, !reply.say);
    if (reply.finish === "auto") void this.finish();
  }

  /**
   * Show a message with its ways on (Python's words), or put it away (null); the status line
   * leaves it to the offer, and `speak` says it (unless the answer said it already).
   */
  offer(offer: Offer | null, speak = true): void {
    const box = this.offerBox;
    box.replaceChildren();
    box.hidden = offer === null;
    if (offer === null) return;
    this.message.textContent = "";
    const text = make("p", { className: "offer-text", textContent: offer.text, id: "offer-text" }, box);
    box.setAttribute("aria-labelledby", text.id);
    for (const choice of offer.buttons) {
      const button = make("button", { type: "button", className: "screen-button offer-button", textContent: choice.label }, box);
      button.addEventListener("click", () => void this.takeOffer(choice));
    }
    if (speak) this.say(offer.text, false);
  }

  private async takeOffer(choice: Offer["buttons"][number]): Promise<void> {
    this.offer(null);
    this.table.root.querySelector<HTMLElement>("[tabindex='0']")?.focus();
    if (choice.do === "new") await this.newGame();
    else if (choice.do === "random") {
      const args = { screen: "deal", variant: choice.variant ?? "canfield", draw: choice.draw ?? 3, text: "", abandon: true };
      this.apply(await this.act("screen", args), false);
    }
  }

  /** Finish: Python's proved line home, played at its pace, said once for the whole line. */
  private async finish(): Promise<void> {
    if (this.finishing || this.showing) return;
    const reply = await this.call("finish");
    const line = (reply["line"] as string[] | undefined) ?? [];
    if (line.length === 0) return;
    this.finishing = true;
    this.say(String(reply["say"] ?? ""));
    const step = Number(reply["step_ms"] ?? 0);
    try {
      for (const move of line) {
        if (step > 0) await new Promise((resolve) => window.setTimeout(resolve, step));
        const played = await this.act("play", { move, quiet: true });
        this.apply(played, step > 0);
        if (!played.ok) break;
      }
    } finally {
      this.finishing = false;
    }
  }

  private async save(data: Json): Promise<void> {
    try {
      await this.store.put(GAME_KEY, data);
      this.saveError = false;
    } catch (error) {
      if (!this.saveError) await this.notice(error);
      this.saveError = true;
    }
  }

  /** Say that the browser refused to keep the game (in Python's words). */
  async notice(error: unknown): Promise<void> {
    const text = String(error instanceof Error ? error.message : error);
    const reply = await this.call("notice", { error: text });
    this.say(String(reply["say"] ?? text));
  }

  private draw(view: View, animate: boolean): void {
    this.table.render(view, animate);
    // a view may come late, laid out for a room the table had before (Settings' reply is
    // drawn after the store has kept it, and a resize may have been answered in between):
    // resize() looks again once the browser has laid the page out (the next frame), or the
    // layout would stay for the old room until the next change of size
    this.scheduleResize(0);
    const labels = view.labels;
    for (const [name, button] of this.buttons) {
      if (name === "restart") {
        const label = labels[name] ?? name;
        const shown = button.querySelector(".tool-label");
        if (shown !== null) shown.textContent = label;
        button.setAttribute("aria-label", label);
        button.title = label;
      } else if (name !== "undo_winnable") button.textContent = labels[name] ?? name;
    }
    const finish = this.buttons.get("finish");
    if (finish) {
      finish.hidden = !view.finish || this.finishing;
      finish.title = view.tips["finish"] ?? "";
      finish.setAttribute("aria-keyshortcuts", "A");
    }
    const back = this.buttons.get("undo_winnable");
    if (back) {
      back.hidden = view.undo_winnable === "";
      back.textContent = view.undo_winnable;
      back.title = view.tips["undo_winnable"] ?? "";
    }
    const undo = this.buttons.get("undo");
    const redo = this.buttons.get("redo");
    if (undo) undo.disabled = !view.can_undo;
    if (redo) redo.disabled = !view.can_redo;
    const html = document.documentElement;
    if (view.lang !== this.textsLang && this.textsLang !== "") void this.thinkingTexts(view.lang);
    html.lang = view.lang;
    html.dataset["code"] = view.code;
    html.dataset["won"] = String(view.won);
    document.title = view.status["title"] ?? document.title;
    // Tab reaches each item of the status line after the toolbar and the table, named by its
    // text, as the desktop's status bar does; one focused keeps the focus when it is redrawn
    const focused = this.status.querySelector<HTMLElement>(".field:focus")?.dataset["field"];
    this.status.querySelectorAll(".field").forEach((e) => e.remove());
    for (const key of ["score", "moves", "time", "passes", "game", "note"]) {
      const text = view.status[key];
      if (!text) continue;
      const field = make("span", { className: `field field-${key}`, textContent: text, tabIndex: 0 }, this.status);
      field.dataset["field"] = key;
      field.setAttribute("role", "note");
      field.setAttribute("aria-label", text);
      if (key === focused) field.focus();
    }
    // a reader's focus in the table follows the keys' focus: the card it was on may have left
    // the list (an undo, a restart, Show me), and a focused hidden card is a silent one
    this.placeFocus(this.tableHasFocus());
  }

  /**
   * Put a sentence in the live region (and, with `show`, the status line); the same twice is
   * said twice.
   */
  say(text: string, show = true): void {
    if (!text) return;
    window.clearTimeout(this.heldTimer); // the start's sentence is past (sayHeld)
    if (show) this.message.textContent = text;
    this.live.textContent = "";
    window.setTimeout(() => {
      this.live.textContent = text;
    }, 30);
  }

  // -- actions ---------------------------------------------------------------------

  async action(name: string): Promise<void> {
    switch (name) {
      case "undo":
      case "redo":
      case "describe":
      case "undo_winnable":
        this.apply((await this.act(name)));
        break;
      case "finish":
        await this.finish();
        break;
      case "new":
        await this.newGame();
        break;
      case "copy":
        await this.copy();
        break;
      case "hint":
        await this.hint();
        break;
      case "show":
        await this.showMe();
        break;
      case "restart":
        await this.onRestart();
        break;
    }
  }

  private async newGame(): Promise<void> {
    this.cancelThinking();
    await this.onNewGame();
  }

  private async copy(): Promise<void> {
    const reply = (await this.act("copy")) as ActionReply & { text?: string };
    if (!reply.ok || reply.text === undefined) return this.apply(reply);
    try {
      await navigator.clipboard.writeText(reply.text);
    } catch {
      // a browser without clipboard access: the code is still in the status bar to read
    }
    this.say(reply.say ?? "");
  }

  private async tap(card: string): Promise<void> {
    this.apply((await this.act("tap", { card })));
  }

  private async stock(): Promise<void> {
    this.apply((await this.act("stock")));
  }

  /** Look at the table's room after ``delay`` ms (0: the next frame); busy until then. */
  private scheduleResize(delay: number): void {
    window.clearTimeout(this.resizeTimer);
    window.cancelAnimationFrame(this.resizeFrame);
    this.resizeDue = true;
    if (this.drag === null) document.documentElement.dataset["state"] = "busy";
    const run = () => void this.resize();
    if (delay > 0) this.resizeTimer = window.setTimeout(run, delay);
    else this.resizeFrame = window.requestAnimationFrame(run);
  }

  /** Lay the table out again if the room it has is not the room its view was laid out for. */
  private async resize(): Promise<void> {
    const drawn = this.table.view;
    if (drawn === null || this.pending > 0) {
      // not drawn yet, or an answer is on its way: look again after it
      this.scheduleResize(RESIZE_DEBOUNCE_MS);
      return;
    }
    this.resizeDue = false;
    const size = this.tableSize();
    const [width, height] = drawn.size;
    if (Math.abs(size.width - (width ?? 0)) < 1 && Math.abs(size.height - (height ?? 0)) < 1) {
      this.settle();
      return;
    }
    this.apply((await this.act("resize", size)), false);
  }

  // -- pointer: tap and drag ---------------------------------------------------------

  private pointerDown(event: PointerEvent): void {
    if (this.finishing) return;
    if (this.showing) {
      this.stopThinking();
      event.preventDefault();
      return;
    }
    if (event.button !== 0 || this.drag !== null) return;
    const target = event.target as HTMLElement;
    const cardElement = target.closest<HTMLElement>(".card");
    const pile = (cardElement ?? target.closest<HTMLElement>("[data-pile]"))?.dataset["pile"];
    if (pile === "stock-0") {
      event.preventDefault();
      void this.stock();
      return;
    }
    if (cardElement === null || !cardElement.classList.contains("up")) return;
    const card = cardElement.dataset["card"] ?? "";
    const view = this.table.view?.cards.find((c) => c.id === card);
    if (view === undefined) return;
    this.drag = {
      card,
      group: [card],
      startX: event.clientX,
      startY: event.clientY,
      pointer: event.pointerId,
      moved: false,
      origin: { x: view.x, y: view.y },
      target: null,
      asking: false,
    };
    this.table.root.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  private pointerMove(event: PointerEvent): void {
    const drag = this.drag;
    if (drag === null || event.pointerId !== drag.pointer) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      drag.moved = true;
      document.documentElement.dataset["state"] = "dragging";
      void this.call("pickup", { card: drag.card }).then((reply) => {
        const cards = (reply["cards"] as string[] | undefined) ?? [];
        if (this.drag === drag) drag.group = cards.length ? cards : [drag.card];
      });
    }
    for (const id of drag.group) {
      const element = this.table.cardElement(id);
      if (element === undefined) continue;
      element.classList.add("dragging");
      element.style.translate = `${dx}px ${dy}px`;
    }
    void this.hover(drag, event);
  }

  private pointerIn(event: PointerEvent, drag: Drag): { [key: string]: Json } {
    const box = this.table.root.getBoundingClientRect();
    return {
      card: drag.card,
      x: drag.origin.x + event.clientX - drag.startX,
      y: drag.origin.y + event.clientY - drag.startY,
      px: event.clientX - box.left,
      py: event.clientY - box.top,
    };
  }

  /** Ask Python which pile the cards would go to; one question at a time. */
  private async hover(drag: Drag, event: PointerEvent): Promise<void> {
    if (drag.asking) return;
    drag.asking = true;
    try {
      const reply = await this.python.call("hover", this.pointerIn(event, drag));
      if (this.drag !== drag) return;
      const target = (reply["target"] as string | null | undefined) ?? null;
      if (target !== drag.target) {
        this.table.root.querySelectorAll(".slot.target").forEach((e) => e.classList.remove("target"));
        if (target !== null) this.table.root.querySelector(`.slot[data-pile="${target}"]`)?.classList.add("target");
        drag.target = target;
      }
    } finally {
      drag.asking = false;
    }
  }

  private async pointerUp(event: PointerEvent): Promise<void> {
    const drag = this.drag;
    if (drag === null || event.pointerId !== drag.pointer) return;
    if (!drag.moved) {
      this.drag = null;
      await this.tap(drag.card);
      return;
    }
    const args = this.pointerIn(event, drag);
    this.endDrag(drag, false);
    this.apply((await this.act("drop", args)));
  }

  private endDrag(drag: Drag, animateBack: boolean): void {
    this.drag = null;
    this.table.root.querySelectorAll(".slot.target").forEach((e) => e.classList.remove("target"));
    for (const id of drag.group) {
      const element = this.table.cardElement(id);
      if (element === undefined) continue;
      element.classList.remove("dragging");
      if (!animateBack) {
        // keep it where it was dropped; the next view slides it to its place
        const [x, y] = (element.style.translate || "0px 0px").split(" ").map((v) => parseFloat(v) || 0);
        element.style.translate = "";
        const match = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(element.style.transform);
        if (match) {
          element.style.transition = "none";
          element.style.transform = `translate(${Number(match[1]) + (x ?? 0)}px, ${Number(match[2]) + (y ?? 0)}px)`;
          void element.offsetWidth;
          element.style.transition = "";
        }
      } else {
        element.style.translate = "";
      }
    }
    this.settle();
  }

  private cancelDrag(): void {
    if (this.drag !== null) this.endDrag(this.drag, true);
  }

  /** A click that is not a pointer press (a screen reader's press on a card's button). */
  private keyboardClick(event: MouseEvent): void {
    if (event.detail !== 0) return; // a real pointer click was handled on pointerdown/up
    const target = event.target as HTMLElement;
    const cardElement = target.closest<HTMLElement>(".card");
    const pile = (cardElement ?? target.closest<HTMLElement>("[data-pile]"))?.dataset["pile"];
    if (pile === undefined) return;
    event.preventDefault();
    void this.forward("enter", { pile, card: cardElement?.dataset["card"] ?? null });
  }

  // -- keys --------------------------------------------------------------------------

  /** A key of the desktop app; the default is stopped at once, before Python answers. */
  private key(event: KeyboardEvent): void {
    const run = this.keyAction(event);
    if (run === null) return;
    event.preventDefault();
    void run();
  }

  private keyAction(event: KeyboardEvent): (() => Promise<void> | void) | null {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || document.querySelector("dialog[open]")) return null;
    const ctrl = event.ctrlKey || event.metaKey;
    const plain = !ctrl && !event.altKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    // the desktop's shortcuts (gui/window.py's actions), Shift forms included
    if (ctrl && !event.shiftKey && key === "z") return () => this.action("undo");
    if (ctrl && (key === "y" || (event.shiftKey && key === "z"))) return () => this.action("redo");
    if (ctrl && event.shiftKey && key === "Backspace") return () => this.action("undo_winnable");
    if (plain && key === "Backspace") return () => this.action("undo");
    if (ctrl && !event.shiftKey && key === "r") return () => this.onRestart();
    if (ctrl && key === ",") return () => this.onSettings();
    if (ctrl && key === "d") return () => this.action("describe");
    if (ctrl && key === "n") return () => this.action("new");
    // a browser keeps Ctrl+N for a new window (the page never sees it): N opens New game
    if (plain && key === "n") return () => this.action("new");
    if (ctrl && key === "c" && !window.getSelection()?.toString()) return () => this.action("copy");
    if (ctrl && key === "m") return () => this.action("show");
    if (plain && key === "h") return () => this.action("hint");
    if (plain && key === "a") return () => this.action("finish");
    if (key === "Escape") {
      return () => (this.thinking !== null || this.showing ? this.stopThinking() : this.forward("escape"));
    }
    if (!plain) return null;
    const name = TABLE_KEYS[key] ?? (this.tableHasFocus() ? FOCUS_KEYS[key] : undefined);
    if (name === undefined) return null;
    return () => this.forward(name);
  }

  private tableHasFocus(): boolean {
    return this.table.root.contains(document.activeElement);
  }

  /** A table key, decided in Python: speak, draw, and put the focus where the keys now are. */
  private async forward(key: string, at: { pile: string; card: string | null } | null = null): Promise<void> {
    const reply = (await this.act("key", at === null ? { key } : { key, ...at })) as ActionReply & {
      handled?: boolean; focus?: boolean; shake?: string[];
    };
    if (reply.handled === false) return;
    this.apply(reply);
    if (reply.focus === true || at !== null) this.placeFocus(true);
    for (const id of reply.shake ?? []) {
      const element = this.table.cardElement(id);
      element?.classList.remove("shake");
      void element?.offsetWidth;
      element?.classList.add("shake");
    }
  }

  /** Roving focus: one element of the table is in the tab order, the one Python's keys are on. */
  private placeFocus(move: boolean): void {
    const root = this.table.root;
    const focus = this.table.view?.focus;
    root.querySelectorAll<HTMLElement>("[tabindex='0']").forEach((e) => {
      e.tabIndex = -1;
      e.removeAttribute("aria-describedby");
    });
    root.querySelectorAll(".card.held").forEach((e) => e.classList.remove("held"));
    if (focus === undefined) return;
    for (const id of focus.held) this.table.cardElement(id)?.classList.add("held");
    let target: HTMLElement | null | undefined = null;
    if (focus.pile === "stock-0") target = root.querySelector<HTMLElement>(".stock-button");
    else if (focus.card !== null) target = this.table.cardElement(focus.card)?.querySelector<HTMLElement>(".face");
    if (!target) target = this.table.pileElement(focus.pile);
    if (!target) return;
    this.focusNote.textContent = focus.landing;
    target.tabIndex = 0;
    // an empty pile's landing is its name ("waste, empty"): described by it too, Orca said
    // it twice, the reserve's three times
    if (!sameWords(focus.landing, target.getAttribute("aria-label") ?? "")) {
      target.setAttribute("aria-describedby", this.focusNote.id);
    }
    if (!move || document.activeElement === target) return;
    if (this.table.restoredFocus) {
      // the render gave the focus back to a card it moved: moved on in the same frame, a
      // reader is told only where it ends (deferred, it heard the moved card first)
      this.table.restoredFocus = false;
      target.focus({ preventScroll: true });
      return;
    }
    // Focused in the same frame as it got its description, the element's "description
    // changed" came after its focus, and Orca said the landing sentence twice ("reserve,
    // queen of clubs, can go to column 2." then again): the focus moves once that frame
    // has been drawn, so the description is there, unchanged, when the focus is told.
    const element = target;
    let done = false;
    const go = (): void => {
      if (done) return;
      done = true;
      if (element.isConnected && element.tabIndex === 0) element.focus({ preventScroll: true });
    };
    requestAnimationFrame(() => window.setTimeout(go, 0));
    window.setTimeout(go, 50); // a hidden page draws no frame
  }
}

/** Two sentences that a reader says alike: the same words, whatever the closing stop. */
function sameWords(one: string, other: string): boolean {
  const words = (text: string): string => text.trim().replace(/[.\s]+$/u, "");
  return words(one) === words(other);
}

/**
 * Open the store, read what it keeps, and start the page's game; `dealing` is told when that is
 * a new deal (a saved game is resumed, not dealt: a reload said "Dealing…").
 */
export async function startGame(
  python: PythonWorker,
  lang: string,
  dealing: () => void,
): Promise<GamePage> {
  const code = new URLSearchParams(location.search).get("code");
  if (code !== null) history.replaceState(null, "", location.pathname);
  const app = document.getElementById("app");
  if (app === null) throw new Error("index.html has no #app");
  const { store, error } = await Store.open();
  const saved = await store.get(GAME_KEY).catch(() => undefined);
  if (saved === undefined || code !== null) dealing();
  const settings = await store.get(SETTINGS_KEY).catch(() => undefined);
  const chosen = settings && typeof settings === "object" && !Array.isArray(settings) ? settings : {};
  app.hidden = false;
  const page = new GamePage(python, store, chosen, app);
  await page.start(lang, saved, code);
  if (error !== null) await page.notice(error);
  (window as unknown as { canfield: GamePage }).canfield = page;
  return page;
}
