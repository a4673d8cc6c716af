/**
 * The screens' building blocks: a modal <dialog> (the browser traps focus in it and Escape
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
 * Show a screen modally: the table underneath is inert until it closes. `focus` is where the
 * focus lands, and the first it lands on: showModal itself focuses it (autofocus), where it
 * first focused the dialog's scrolling body, then `focus`, and a reader was told of both.
 */
export function show(s: Screen, focus?: HTMLElement): void {
  if (focus !== undefined) focus.autofocus = true;
  s.dialog.showModal();
  const html = document.documentElement;
  const under = html.dataset["screen"];
  html.dataset["screen"] = s.dialog.id;
  void s.closed.then(() => {
    if (html.dataset["screen"] !== s.dialog.id) return;
    if (under !== undefined && document.getElementById(under)) html.dataset["screen"] = under;
    else delete html.dataset["screen"];
  });
  if (focus !== undefined && document.activeElement !== focus) focus.focus();
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
