/**
 * The screens' building blocks: a modal <dialog> (the rest of the page inert under it, Escape
 * closes it), labelled controls with 44 px targets, and the one Python op they all call.
 * Every text shown comes from canfield.web.screens; nothing here writes a word.
 */
import type { Json } from "../../shared/protocol.js";
import type { PythonWorker, Reply } from "../client.js";

export type Texts = { [key: string]: string };

let serial = 0;

/** A fresh id for labelling (aria-labelledby, label for=). */
export function uid(prefix: string): string {
  serial += 1;
  return `${prefix}-${serial}`;
}

export function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: { className?: string; text?: string; attrs?: { [name: string]: string } } = {},
  parent?: HTMLElement,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (options.className !== undefined) element.className = options.className;
  if (options.text !== undefined) element.textContent = options.text;
  for (const [name, value] of Object.entries(options.attrs ?? {})) element.setAttribute(name, value);
  parent?.append(element);
  return element;
}

/** One op of canfield.web.screens (`screen` names it); a refusal becomes an Error. */
export async function screenOp(python: PythonWorker, screen: string, args: { [key: string]: Json } = {}): Promise<Reply> {
  const reply = await python.call("screen", { screen, ...args });
  if (reply["ok"] === false) throw new Error(String(reply["error"] ?? screen));
  return reply;
}

export interface Screen {
  dialog: HTMLDialogElement;
  heading: HTMLHeadingElement;
  body: HTMLElement;
  buttons: HTMLElement;
  /** Resolves with the dialog's returnValue once it is closed (Escape gives ""). */
  closed: Promise<string>;
}

/** A modal dialog named by its heading; removed from the page when it closes. */
export function screen(name: string, title: string, stack = false): Screen {
  if (!stack) for (const open of document.querySelectorAll<HTMLDialogElement>("dialog.screen[open]")) open.close();
  const dialog = make("dialog", { className: `screen screen-${name}` });
  dialog.id = `screen-${name}`;
  const heading = make("h2", { className: "screen-title", text: title }, dialog);
  heading.id = uid(`${name}-title`);
  dialog.setAttribute("aria-labelledby", heading.id);
  // the body scrolls on a small screen: focusable, so the keys scroll it too (axe's rule). No
  // group named as the dialog: Orca 43 said "Settings panel" for it, and, when showModal gave
  // it the first focus, read every field in it as it opened
  const body = make("div", { className: "screen-body", attrs: { tabindex: "0" } }, dialog);
  const buttons = make("div", { className: "screen-buttons" }, dialog);
  const closed = new Promise<string>((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue);
      dialog.remove();
    });
  });
  document.body.append(dialog);
  return { dialog, heading, body, buttons, closed };
}

/**
 * How long the focus rests on a screen's title, coming from the table, before it goes on to
 * the screen's first control (see show()): chromium tells a reader of a focus late, and two
 * told together are one to Orca, which skips the older.
 */
export const STEP_MS = 700;
/** How long after a screen took the focus the rest of the page turns inert (see show()). */
export const INERT_DELAY_MS = 400;

/** The screens open, the top one last; everything on the page but the top one is inert. */
const opened: HTMLDialogElement[] = [];
/** The elements this module made inert (nothing else on the page sets `inert`). */
const inerted = new Set<Element>();
let backdrop: HTMLElement | null = null;
let inertTimer = 0;

/** Where the focus goes when the last screen closes and what had it is gone (the table). */
let home: () => void = () => undefined;

export function setFocusHome(focus: () => void): void {
  home = focus;
}

/** Make everything but the top screen (and the backdrop under it) inert, or nothing. */
function inertUnderTop(): void {
  window.clearTimeout(inertTimer);
  const top = opened[opened.length - 1];
  for (const element of inerted) {
    if (element === top || top === undefined) {
      element.removeAttribute("inert");
      inerted.delete(element);
    }
  }
  if (top === undefined) return;
  top.setAttribute("aria-modal", "true");
  for (const element of document.body.children) {
    if (element === top || element === backdrop || element.hasAttribute("inert")) continue;
    if (element.hasAttribute("aria-live")) continue; // what the page says, heard over a screen too
    element.setAttribute("inert", "");
    inerted.add(element);
  }
}

/** The dimmed page under the top screen: it takes the pointer, as a modal's backdrop does. */
function placeBackdrop(): void {
  const top = opened[opened.length - 1];
  if (top === undefined) {
    backdrop?.remove();
    return;
  }
  backdrop ??= make("div", { className: "screen-backdrop", attrs: { "aria-hidden": "true" } });
  document.body.insertBefore(backdrop, top);
}

/**
 * Show a screen modally: the page underneath is inert until it closes, and the focus lands on
 * `focus`, or, without one (a screen whose words are its message: the win), on the dialog
 * itself, which a reader says whole.
 *
 * For Orca 43 in chromium (docs/web.md, "Heard with Orca"): it takes the table, an ARIA
 * application, for a document of its own, and a focus that leaves it for a control in the
 * page's document moves Orca there without a word (a dialog it says); and it handles a focus
 * by asking about what it was on, so if that is gone, as everything under a modal dialog goes
 * in the frame that focused it (`showModal`), it drops that focus and every one after. So the
 * screen opens with `show()` over a backdrop that takes the pointer, and only INERT_DELAY_MS
 * after it took the focus is the rest of the page made inert and the dialog `aria-modal`;
 * coming from the table to a control, the focus rests on the screen's title first (where Orca
 * follows it in silence) and reaches `focus` STEP_MS later (said as from anywhere else: the
 * dialog's name, the control, its description). Escape closes it, as it closes a modal
 * dialog; the focus goes back where it was.
 */
export function show(s: Screen, focus?: HTMLElement): void {
  const before = document.activeElement;
  const fromTable = before instanceof Element && before.closest("[role='application']") !== null;
  const land = focus === undefined ? s.dialog : fromTable ? s.heading : focus;
  const then = land === s.heading ? focus : undefined;
  if (land !== focus) land.tabIndex = -1;
  // coming from the table with a select in the screen, the focus enters it only once the
  // screen's objects are made (see below); the screen is inert until then, so it takes none
  const defer = fromTable && s.dialog.querySelector("select") !== null;
  if (defer) s.dialog.inert = true;
  else land.autofocus = true;
  (then ?? land).dataset["first"] = "";
  s.dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    const cancel = new Event("cancel", { cancelable: true });
    if (s.dialog.dispatchEvent(cancel)) s.dialog.close();
  });
  s.dialog.show();
  opened.push(s.dialog);
  placeBackdrop();
  const html = document.documentElement;
  const under = html.dataset["screen"];
  html.dataset["screen"] = s.dialog.id;
  void s.closed.then(() => {
    const at = opened.indexOf(s.dialog);
    if (at >= 0) opened.splice(at, 1);
    inertUnderTop();
    placeBackdrop();
    if (html.dataset["screen"] === s.dialog.id) {
      if (under !== undefined && document.getElementById(under)) html.dataset["screen"] = under;
      else delete html.dataset["screen"];
    }
    // the focus was in the screen, now gone: back where it was, or onto the table
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost) return;
    if (before instanceof HTMLElement && before.isConnected && !before.closest("[inert]")) {
      before.focus({ preventScroll: true });
    }
    if (document.activeElement === null || document.activeElement === document.body) {
      const top = opened[opened.length - 1];
      if (top === undefined) home();
      else (top.querySelector<HTMLElement>("[data-first]") ?? top).focus();
    }
  });
  const enter = (): void => {
    if (!s.dialog.open) return;
    if (document.activeElement !== land) land.focus();
    if (then !== undefined) {
      window.setTimeout(() => {
        if (s.dialog.open && document.activeElement === land) then.focus();
      }, STEP_MS);
    }
    window.clearTimeout(inertTimer);
    inertTimer = window.setTimeout(inertUnderTop, INERT_DELAY_MS);
  };
  if (!defer) return enter();
  // A select tells readers its selection as it is first laid out (chromium's selection-changed),
  // and Orca 43 takes each for a focus ("Variant combo box collapsed, Canfield" before the
  // real focus; Settings' five selects read out) unless its own focus is in another document:
  // the table's application is one. So the screen's objects are made while the focus is still
  // on the card, and the focus enters only after chromium has told of them.
  afterFrames(2, () => {
    s.dialog.inert = false;
    window.setTimeout(enter, SELECTS_SETTLE_MS);
  });
}

/** How long after a screen's selects were laid out the focus enters it (see show()). */
const SELECTS_SETTLE_MS = 150;

function afterFrames(n: number, then: () => void): void {
  if (n <= 0) then();
  else requestAnimationFrame(() => afterFrames(n - 1, then));
}

export function button(text: string, onClick: () => void, parent?: HTMLElement, className = "screen-button"): HTMLButtonElement {
  const b = make("button", { className, text, attrs: { type: "button" } }, parent);
  b.addEventListener("click", onClick);
  return b;
}

/** A closing button: the dialog's returnValue becomes `value`. */
export function closer(s: Screen, text: string, value = "close"): HTMLButtonElement {
  return button(text, () => s.dialog.close(value), s.buttons);
}

/** A checkbox with its label and a hint that describes it. */
export function checkbox(parent: HTMLElement, label: string, hint: string, checked: boolean): HTMLInputElement {
  const row = make("div", { className: "option" }, parent);
  const input = make("input", { attrs: { type: "checkbox" } }, row);
  input.id = uid("check");
  input.checked = checked;
  const text = make("label", { text: label, attrs: { for: input.id } }, row);
  text.className = "option-label";
  if (hint) {
    const note = make("p", { className: "hint", text: hint }, row);
    note.id = uid("hint");
    input.setAttribute("aria-describedby", note.id);
  }
  return input;
}

/** A <select> with its visible label. */
export function select(parent: HTMLElement, label: string, options: { value: string; label: string }[], value: string): HTMLSelectElement {
  const row = make("div", { className: "field" }, parent);
  const box = make("select");
  box.id = uid("select");
  make("label", { text: label, attrs: { for: box.id } }, row);
  row.append(box);
  for (const option of options) {
    const element = make("option", { text: option.label }, box);
    element.value = option.value;
  }
  box.value = value;
  return box;
}

/** A yes/no question in Python's words (canfield.presentation.questions). */
export interface Question {
  title: string;
  text: string;
  detail: string;
  yes: string;
  no: string;
}

/** Ask a yes/no question (Python's words); true for yes. */
export async function confirm(question: Question): Promise<boolean> {
  const s = screen("confirm", question.title, true);
  s.dialog.setAttribute("role", "alertdialog");
  const text = make("p", { className: "question", text: question.text }, s.body);
  text.id = uid("question");
  const detail = make("p", { className: "hint", text: question.detail }, s.body);
  detail.id = uid("detail");
  s.dialog.setAttribute("aria-describedby", `${text.id} ${detail.id}`);
  const no = closer(s, question.no, "no");
  closer(s, question.yes, "yes").classList.add("destructive");
  show(s, no);
  return (await s.closed) === "yes";
}
