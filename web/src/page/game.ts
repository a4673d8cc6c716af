/**
 * The game's page: the toolbar, the table, the status bar and the live region, wired to the
 * Python session in the worker. Every tap, drag and key becomes an op; every answer is drawn,
 * spoken (aria-live) and saved (IndexedDB) as Python gave it.
 */
import type { Json } from "../shared/protocol.js";
import type { PythonWorker, Reply } from "./client.js";
import { type NewGameOffer, openNewGame } from "./newgame.js";
import { Store } from "./store.js";
import { TableView } from "./table.js";
import type { ActionReply, View } from "./view.js";

const GAME_KEY = "game";
const SETTINGS_KEY = "settings";
const DRAG_THRESHOLD = 6;
const PILE_ORDER = [
  "stock-0", "waste-0", "reserve-0",
  "foundation-0", "foundation-1", "foundation-2", "foundation-3",
  "column-0", "column-1", "column-2", "column-3",
];

interface Held {
  card: string;
  pile: string;
}

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
  private focusPile = "column-0";
  private focusDepth = 0;
  private held: Held | null = null;
  private drag: Drag | null = null;
  private saveError = false;
  private resizeTimer = 0;
  private hinter: PythonWorker | null = null;
  private lastSave: Json = null;
  private thinking: "hint" | "show" | null = null;
  private showing = false;
  private texts: { [key: string]: string } = {};
  private idleTimer = 0;

  constructor(
    private readonly python: PythonWorker,
    private readonly store: Store,
    private settings: { [key: string]: Json },
    app: HTMLElement,
  ) {
    const header = make("header", {}, app);
    const bar = make("div", { className: "toolbar" }, header);
    bar.setAttribute("role", "toolbar");
    for (const name of ["new", "undo", "redo", "hint", "show", "copy"]) {
      const button = make("button", { type: "button", className: `tool tool-${name}` }, bar);
      button.dataset["action"] = name;
      button.addEventListener("click", () => void this.action(name));
      this.buttons.set(name, button);
    }
    const main = make("main", { id: "table" }, app);
    this.table = new TableView(main);
    this.status = make("footer", { className: "status" }, app);
    this.message = make("p", { className: "message", id: "message" }, this.status);
    this.live = make("div", { id: "live", className: "visually-hidden" }, this.status);
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "status");
    main.addEventListener("pointerdown", (e) => this.pointerDown(e));
    main.addEventListener("pointermove", (e) => this.pointerMove(e));
    main.addEventListener("pointerup", (e) => void this.pointerUp(e));
    main.addEventListener("pointercancel", () => this.cancelDrag());
    main.addEventListener("click", (e) => this.keyboardClick(e));
    main.addEventListener("contextmenu", (e) => e.preventDefault());
    document.addEventListener("keydown", (e) => this.key(e));
    window.addEventListener("resize", () => {
      window.clearTimeout(this.resizeTimer);
      this.resizeTimer = window.setTimeout(() => void this.resize(), 120);
    });
  }

  /** The table's size in CSS px: what is left of the window under the toolbar and status bar. */
  tableSize(): { width: number; height: number } {
    const rect = this.table.root.getBoundingClientRect();
    return { width: Math.max(rect.width, 100), height: Math.max(rect.height, 100) };
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
    this.apply(reply, false);
    this.texts = (await this.call("thinking")) as { [key: string]: string };
    this.settle();
    this.warmSolverWhenIdle();
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
  private cancelThinking(): void {
    this.showing = false;
    if (this.thinking === null || this.hinter === null) return;
    this.hinter.terminate();
    this.hinter = this.hinter.restarted();
    this.thinking = null;
  }

  private async hint(): Promise<void> {
    if (this.thinking !== null || this.showing) {
      this.cancelThinking();
      return;
    }
    this.thinking = "hint";
    this.say(this.texts["hint"] ?? "");
    let reply: Reply;
    try {
      reply = await this.solver().call("hint", { saved: this.lastSave, lang: document.documentElement.lang });
    } catch {
      return; // cancelled
    } finally {
      if (this.thinking === "hint") this.thinking = null;
    }
    this.say(String(reply["say"] ?? reply["error"] ?? ""));
    const card = reply["card"];
    const target = reply["target"];
    this.table.root.querySelectorAll(".hinted").forEach((e) => e.classList.remove("hinted"));
    if (typeof card === "string") this.table.cardElement(card)?.classList.add("hinted");
    if (typeof target === "string") this.table.root.querySelector(`.slot[data-pile="${target}"]`)?.classList.add("target", "hinted");
    window.setTimeout(() => {
      this.table.root.querySelectorAll(".hinted").forEach((e) => e.classList.remove("hinted", "target"));
    }, 4000);
  }

  private async showMe(): Promise<void> {
    if (this.thinking !== null || this.showing) {
      this.cancelThinking();
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
      this.apply((await this.act("play", { move })));
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
  private async act(op: string, args: { [key: string]: Json } = {}): Promise<ActionReply> {
    return (await this.call(op, args)) as unknown as ActionReply;
  }

  private settle(): void {
    if (this.pending === 0 && this.drag === null) document.documentElement.dataset["state"] = "ready";
  }

  /** Draw, speak and save one answer. */
  apply(reply: ActionReply, animate = true): void {
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
    const labels = view.labels;
    for (const [name, button] of this.buttons) {
      button.textContent = labels[name] ?? name;
    }
    const undo = this.buttons.get("undo");
    const redo = this.buttons.get("redo");
    if (undo) undo.disabled = !view.can_undo;
    if (redo) redo.disabled = !view.can_redo;
    const html = document.documentElement;
    html.lang = view.lang;
    html.dataset["code"] = view.code;
    html.dataset["won"] = String(view.won);
    document.title = view.status["title"] ?? document.title;
    this.status.querySelectorAll(".field").forEach((e) => e.remove());
    for (const key of ["score", "moves", "passes", "game"]) {
      const text = view.status[key];
      if (text) make("span", { className: `field field-${key}`, textContent: text }, this.status);
    }
    this.placeFocus(false);
  }

  /** Put a sentence in the live region (and the status line); the same twice is said twice. */
  say(text: string): void {
    if (!text) return;
    this.message.textContent = text;
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
        this.apply((await this.act(name)));
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
    }
  }

  private async newGame(): Promise<void> {
    this.cancelThinking();
    const offer = (await this.call("variants")) as unknown as NewGameOffer;
    openNewGame(
      offer,
      async (choice) => {
        const reply = await this.act("new", choice);
        if (!reply.ok || reply.error !== undefined) return reply.error ?? "";
        this.apply(reply, false);
        return null;
      },
      () => this.placeFocus(true),
    );
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

  private async resize(): Promise<void> {
    this.apply((await this.act("resize", this.tableSize())), false);
  }

  // -- pointer: tap and drag ---------------------------------------------------------

  private pointerDown(event: PointerEvent): void {
    if (this.showing) {
      this.cancelThinking();
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

  /** A click that is not a pointer press (Enter on a focused card's button, a screen reader). */
  private keyboardClick(event: MouseEvent): void {
    if (event.detail !== 0) return; // a real pointer click was handled on pointerdown/up
    const target = event.target as HTMLElement;
    const cardElement = target.closest<HTMLElement>(".card");
    const pile = (cardElement ?? target.closest<HTMLElement>("[data-pile]"))?.dataset["pile"];
    if (pile === undefined) return;
    event.preventDefault();
    void this.press(pile, cardElement?.dataset["card"] ?? null);
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
    if (event.target instanceof HTMLInputElement || document.querySelector("dialog[open]")) return null;
    const ctrl = event.ctrlKey || event.metaKey;
    const plain = !ctrl && !event.altKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (ctrl && !event.shiftKey && key === "z") return () => this.action("undo");
    if (ctrl && key === "y") return () => this.action("redo");
    if (plain && key === "Backspace") return () => this.action("undo");
    if (ctrl && key === "d") return () => this.action("describe");
    if (ctrl && key === "n") return () => this.action("new");
    if (ctrl && key === "c" && !window.getSelection()?.toString()) return () => this.action("copy");
    if (ctrl && key === "m") return () => this.action("show");
    if (plain && key === "d") return () => this.stock();
    if (plain && key === "h") return () => this.action("hint");
    if (key === "Escape") {
      return () => (this.thinking !== null || this.showing ? this.cancelThinking() : this.putBack());
    }
    if (!this.tableHasFocus()) return null;
    if (key.startsWith("Arrow")) return () => this.moveFocus(key);
    if (key === "Enter" || key === " ") return () => this.press(this.focusPile, this.focusedCard());
    return null;
  }

  private tableHasFocus(): boolean {
    return this.table.root.contains(document.activeElement);
  }

  private pileView(id: string) {
    return this.table.view?.piles.find((p) => p.id === id);
  }

  private focusedCard(): string | null {
    const cards = this.pileView(this.focusPile)?.cards ?? [];
    return cards[cards.length - 1 - this.focusDepth] ?? cards[cards.length - 1] ?? null;
  }

  private moveFocus(key: string): void {
    const index = PILE_ORDER.indexOf(this.focusPile);
    const cards = this.pileView(this.focusPile)?.cards ?? [];
    const reach = this.pileView(this.focusPile)?.reach ?? 0;
    if (key === "ArrowRight") this.focusPile = PILE_ORDER[(index + 1) % PILE_ORDER.length] ?? "stock-0";
    else if (key === "ArrowLeft") this.focusPile = PILE_ORDER[(index + PILE_ORDER.length - 1) % PILE_ORDER.length] ?? "stock-0";
    else if (key === "ArrowUp" && this.focusPile.startsWith("column")) {
      this.focusDepth = Math.min(this.focusDepth + 1, Math.min(reach, cards.length - 1));
      this.placeFocus(true);
      return;
    } else if (key === "ArrowDown" && this.focusPile.startsWith("column")) {
      this.focusDepth = Math.max(0, this.focusDepth - 1);
      this.placeFocus(true);
      return;
    } else return;
    this.focusDepth = 0;
    this.placeFocus(true);
  }

  /** Roving focus: one element of the table is in the tab order, the one the keys are on. */
  private placeFocus(move: boolean): void {
    const root = this.table.root;
    root.querySelectorAll<HTMLElement>("[tabindex='0']").forEach((e) => (e.tabIndex = -1));
    const card = this.focusedCard();
    let target: HTMLElement | null | undefined = null;
    if (this.focusPile === "stock-0") target = root.querySelector<HTMLElement>(".stock-button");
    else if (card !== null) target = this.table.cardElement(card)?.querySelector<HTMLElement>(".face");
    else target = this.table.pileElement(this.focusPile);
    if (!target) return;
    target.tabIndex = 0;
    if (move) target.focus();
  }

  /** Enter or Space on a pile: draw, pick up, put down, or (on its own pile) play like a tap. */
  private async press(pile: string, card: string | null): Promise<void> {
    this.focusPile = pile;
    if (pile === "stock-0") return this.stock();
    const held = this.held;
    if (held !== null) {
      this.held = null;
      this.markHeld(null);
      if (held.pile === pile) return this.tap(held.card);
      this.apply((await this.act("move", { card: held.card, pile })));
      return;
    }
    if (card === null) return;
    const reply = await this.call("pickup", { card });
    const cards = (reply["cards"] as string[] | undefined) ?? [];
    this.say(String(reply["say"] ?? ""));
    if (cards.length) {
      this.held = { card, pile };
      this.markHeld(cards);
    }
  }

  private markHeld(cards: string[] | null): void {
    this.table.root.querySelectorAll(".card.held").forEach((e) => e.classList.remove("held"));
    for (const id of cards ?? []) this.table.cardElement(id)?.classList.add("held");
  }

  private putBack(): void {
    if (this.held === null) return;
    const card = this.held.card;
    this.held = null;
    this.markHeld(null);
    void this.call("putback", { card }).then((reply) => this.say(String(reply["say"] ?? "")));
  }
}

/** Open the store, read what it keeps, and start the page's game. */
export async function startGame(python: PythonWorker, lang: string): Promise<void> {
  const code = new URLSearchParams(location.search).get("code");
  if (code !== null) history.replaceState(null, "", location.pathname);
  const app = document.getElementById("app");
  if (app === null) throw new Error("index.html has no #app");
  const { store, error } = await Store.open();
  const saved = await store.get(GAME_KEY).catch(() => undefined);
  const settings = await store.get(SETTINGS_KEY).catch(() => undefined);
  const chosen = settings && typeof settings === "object" && !Array.isArray(settings) ? settings : {};
  app.hidden = false;
  const page = new GamePage(python, store, chosen, app);
  await page.start(lang, saved, code);
  if (error !== null) await page.notice(error);
  (window as unknown as { canfield: GamePage }).canfield = page;
}
