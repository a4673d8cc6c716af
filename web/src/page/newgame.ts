/**
 * The New game dialog: a variant (with its line on what it changes), draw 3 or 1, or a code
 * or a deck typed in. Every text and every check is Python's; a refused code keeps the
 * dialog open with Python's one-line reason.
 */
import type { Json } from "../shared/protocol.js";

interface VariantChoice {
  name: string;
  title: string;
  summary: string;
  draw: number;
}

export interface NewGameOffer {
  variants: VariantChoice[];
  current: { variant: string; draw: number };
  texts: { [key: string]: string };
}

export type Deal = (choice: { [key: string]: Json }) => Promise<string | null>;

function add<K extends keyof HTMLElementTagNameMap>(
  parent: HTMLElement, tag: K, props: Partial<HTMLElementTagNameMap[K]> = {},
): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), props);
  parent.append(element);
  return element;
}

/** Build and open the dialog; `deal` answers null when the game started, else the error. */
export function openNewGame(offer: NewGameOffer, deal: Deal, done: () => void): HTMLDialogElement {
  document.getElementById("new-game")?.remove();
  const t = offer.texts;
  const dialog = add(document.body, "dialog", { id: "new-game", className: "sheet" });
  dialog.setAttribute("aria-labelledby", "new-game-title");
  const form = add(dialog, "form", { method: "dialog" });
  add(form, "h2", { id: "new-game-title", textContent: t["title"] ?? "" });
  const variants = add(form, "fieldset", { className: "variants" });
  add(variants, "legend", { textContent: t["variant"] ?? "" });
  const draws = document.createElement("fieldset");
  const drawInputs = new Map<number, HTMLInputElement>();
  for (const choice of offer.variants) {
    const label = add(variants, "label", { className: "choice" });
    const input = add(label, "input", { type: "radio", name: "variant", value: choice.name });
    input.checked = choice.name === offer.current.variant;
    input.addEventListener("change", () => {
      const own = drawInputs.get(choice.draw);
      if (own) own.checked = true;
    });
    const text = add(label, "span", { className: "choice-text" });
    add(text, "span", { className: "choice-title", textContent: choice.title });
    add(text, "span", { className: "choice-summary", textContent: choice.summary });
  }
  form.append(draws);
  add(draws, "legend", { textContent: t["draw"] ?? "" });
  for (const [draw, key] of [[3, "draw3"], [1, "draw1"]] as const) {
    const label = add(draws, "label", { className: "choice" });
    const input = add(label, "input", { type: "radio", name: "draw", value: String(draw) });
    input.checked = draw === offer.current.draw;
    drawInputs.set(draw, input);
    add(label, "span", { className: "choice-title", textContent: t[key] ?? "" });
  }
  add(form, "label", { htmlFor: "new-game-code", textContent: t["code"] ?? "" });
  const code = add(form, "input", {
    id: "new-game-code", type: "text", autocomplete: "off", spellcheck: false,
    placeholder: t["placeholder"] ?? "", maxLength: 400,
  });
  code.setAttribute("autocapitalize", "characters");
  const error = add(form, "p", { className: "error", id: "new-game-error" });
  error.setAttribute("role", "alert");
  const buttons = add(form, "div", { className: "buttons" });
  const cancel = add(buttons, "button", { type: "button", textContent: t["cancel"] ?? "", className: "tool" });
  const ok = add(buttons, "button", { type: "submit", textContent: t["deal"] ?? "", className: "tool primary" });
  cancel.addEventListener("click", () => dialog.close());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    ok.disabled = true;
    void deal({
      variant: String(data.get("variant") ?? offer.current.variant),
      draw: Number(data.get("draw") ?? offer.current.draw),
      text: code.value,
    }).then((problem) => {
      ok.disabled = false;
      if (problem === null) dialog.close();
      else {
        error.textContent = problem;
        code.focus();
      }
    });
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    done();
  });
  dialog.showModal();
  return dialog;
}
