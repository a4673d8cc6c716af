/**
 * New game: every variant with its one-line summary, draw 3 / draw 1, a code or a 52-card deck
 * typed in (judged by the engine when the player pauses or presses Deal; its refusal shown under
 * the field), and "winnable deals only" for random deals, searched in the second worker while
 * the dialog says so (Cancel or Escape stops the search). Python deals; the table redraws.
 */
import type { Json } from "../../shared/protocol.js";
import type { Reply } from "../client.js";
import type { ActionReply, Offer } from "../view.js";
import type { Screens } from "./screens.js";
import { button, checkbox, closer, confirm, make, screen, show, uid } from "./ui.js";

const PAUSE_MS = 900;

interface VariantChoice {
  name: string;
  title: string;
  summary: string;
  draw: number;
}

interface DrawChoice {
  draw: number;
  label: string;
  note: string;
  description: string;
}

export async function openNewGame(screens: Screens, start: { text?: string } = {}): Promise<void> {
  await screens.refreshTexts();
  const t = screens.texts;
  const form = await screens.op("new_game");
  const variants = form["variants"] as unknown as VariantChoice[];
  const draws = form["draws"] as unknown as DrawChoice[];
  const s = screen("new-game", String(form["title"]));
  const body = make("form", { className: "new-game-form", attrs: { method: "dialog", novalidate: "" } }, s.body);

  // the variant
  const variantRow = make("div", { className: "field" }, body);
  const variantBox = make("select");
  variantBox.id = uid("variant");
  variantBox.name = "variant";
  make("label", { text: t["variant"] ?? "", attrs: { for: variantBox.id } }, variantRow);
  variantRow.append(variantBox);
  for (const v of variants) {
    const option = make("option", { text: v.title }, variantBox);
    option.value = v.name;
  }
  variantBox.value = String(form["variant"]);
  const summary = make("p", { className: "hint variant-summary" }, variantRow);
  summary.id = uid("summary");
  variantBox.setAttribute("aria-describedby", summary.id);

  // the draw
  const drawSet = make("fieldset", { className: "choices" }, body);
  make("legend", { text: t["draw"] ?? "" }, drawSet);
  const radios = new Map<number, HTMLInputElement>();
  for (const d of draws) {
    const row = make("div", { className: "option" }, drawSet);
    const radio = make("input", { attrs: { type: "radio", name: "draw" } }, row);
    radio.id = uid("draw");
    radio.value = String(d.draw);
    const label = make("label", { className: "option-label", attrs: { for: radio.id } }, row);
    make("span", { text: d.label }, label);
    make("span", { className: "choice-note", text: d.note }, label);
    const description = make("p", { className: "hint", text: d.description }, row);
    description.id = uid("hint");
    radio.setAttribute("aria-describedby", description.id);
    radios.set(d.draw, radio);
  }
  const setDraw = (draw: number): void => {
    const radio = radios.get(draw);
    if (radio) radio.checked = true;
  };
  setDraw(Number(form["draw"]));
  const chosenDraw = (): number => Number([...radios.values()].find((r) => r.checked)?.value ?? 3);

  // the code or deck
  const codeRow = make("div", { className: "field" }, body);
  const field = make("input", { className: "code-field", attrs: { type: "text", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", enterkeyhint: "go" } });
  field.id = uid("code");
  field.name = "code";
  field.placeholder = t["code_placeholder"] ?? "";
  make("label", { text: t["code"] ?? "", attrs: { for: field.id } }, codeRow);
  codeRow.append(field);
  const error = make("p", { className: "error", attrs: { "aria-live": "polite" } }, codeRow);
  error.id = uid("error");
  const codeHint = make("p", { className: "hint", text: t["code_hint"] ?? "" }, codeRow);
  codeHint.id = uid("hint");
  field.setAttribute("aria-describedby", `${error.id} ${codeHint.id}`);

  const winnable = checkbox(body, t["winnable"] ?? "", t["winnable_hint"] ?? "", form["winnable_only"] === true);
  // what "winnable only" will do for the variant and draw chosen, said before it is asked
  const notes = (form["winnable_notes"] as { [key: string]: string } | undefined) ?? {};
  const winnableNote = document.getElementById(winnable.getAttribute("aria-describedby") ?? "");
  const showWinnableNote = (): void => {
    const note = notes[`${variantBox.value}:${chosenDraw()}`];
    if (winnableNote !== null && note !== undefined) winnableNote.textContent = note;
  };
  const status = make("p", { className: "hint status-line", attrs: { role: "status" } }, body);

  const cancel = closer(s, t["cancel"] ?? "", "cancel");
  // a winnable search stops with the dialog, and Python's sentence says nothing was dealt
  let searching: string | null = null;
  void s.closed.then(() => {
    screens.table.cancelThinking();
    if (searching !== null) screens.table.say(searching);
  });
  cancel.classList.add("secondary");
  const deal = button(t["deal"] ?? "", () => body.requestSubmit(), s.buttons, "screen-button primary");
  deal.setAttribute("aria-keyshortcuts", "Enter");

  let kind = "empty";
  let syncing = false;
  let pause = 0;
  const showSummary = (): void => {
    summary.textContent = variants.find((v) => v.name === variantBox.value)?.summary ?? "";
  };
  const showError = (text: string): void => {
    error.textContent = text;
    error.hidden = text === "";
    field.setAttribute("aria-invalid", String(text !== ""));
    // the refusal is read whole: on a small phone the field sits low in the scrolled form and
    // its reason below it would be cut off by the buttons' row
    if (text !== "") error.scrollIntoView({ block: "nearest" });
  };
  showError("");
  showSummary();
  showWinnableNote();

  /** Ask the engine about the field; with `follow`, a code rewritten to the chosen variant and draw. */
  const judge = async (follow: boolean, say: boolean): Promise<boolean> => {
    window.clearTimeout(pause);
    const args: { [key: string]: Json } = { text: field.value };
    if (follow) {
      args["variant"] = variantBox.value;
      args["draw"] = chosenDraw();
    }
    const read = await screens.op("read_code", args);
    kind = String(read["kind"]);
    winnable.disabled = kind !== "empty";
    if (kind === "error") {
      if (say) showError(String(read["error"]));
      return false;
    }
    showError("");
    if (kind === "code") {
      syncing = true;
      if (follow) field.value = String(read["code"]);
      if (!variants.some((v) => v.name === read["variant"])) {
        const option = make("option", { text: String(read["variant_title"]) }, variantBox);
        option.value = String(read["variant"]);
        variants.push({ name: String(read["variant"]), title: String(read["variant_title"]), summary: String(read["variant_summary"]), draw: Number(read["draw"]) });
      }
      variantBox.value = String(read["variant"]);
      setDraw(Number(read["draw"]));
      showSummary();
      syncing = false;
    }
    return true;
  };

  field.addEventListener("input", () => {
    showError("");
    window.clearTimeout(pause);
    pause = window.setTimeout(() => void judge(false, true), PAUSE_MS);
  });
  field.addEventListener("change", () => void judge(false, true));
  variantBox.addEventListener("change", () => {
    showSummary();
    if (syncing) return;
    setDraw(variants.find((v) => v.name === variantBox.value)?.draw ?? 3);
    showWinnableNote();
    if (kind === "code") void judge(true, true);
  });
  for (const radio of radios.values()) {
    radio.addEventListener("change", () => {
      showWinnableNote();
      if (!syncing && kind === "code") void judge(true, true);
    });
  }

  body.addEventListener("submit", (event) => {
    event.preventDefault();
    void (async () => {
      if (!(await judge(false, true))) {
        field.focus();
        return;
      }
      const args: { [key: string]: Json } = {
        variant: variantBox.value,
        draw: chosenDraw(),
        text: field.value,
        winnable: winnable.checked && !winnable.disabled,
      };
      deal.disabled = true;
      try {
        let reply = await screens.op("deal", args);
        const question = reply["confirm"] as { title: string; text: string; detail: string; yes: string; no: string } | undefined;
        if (question !== undefined) {
          if (!(await confirm(question))) return;
          args["abandon"] = true;
          reply = await screens.op("deal", args);
        }
        const search = reply["search"] as { [key: string]: Json } | undefined;
        if (search !== undefined) {
          // the second worker looks, one deal a request, and Python says how far it got ("3 of
          // 20 deals tried") in the dialog's status line and the live region; closing the
          // dialog (Cancel, Escape) stops it, nothing dealt
          const progress = (text: Json | undefined): void => {
            status.textContent = String(text ?? "");
            screens.table.say(String(text ?? ""));
          };
          progress(reply["progress"]);
          searching = String(reply["cancelled"] ?? "");
          let found: Reply = { more: true, tried: search["tried"] ?? 0 };
          while (found["more"] === true) {
            const lang = document.documentElement.lang;
            try {
              found = await screens.table.think("find_winnable", { ...search, tried: found["tried"] ?? 0, lang });
            } catch {
              return; // stopped
            }
            if (!s.dialog.open) return;
            if (found["ok"] === false) break; // reported as nothing found
            progress(found["progress"]);
          }
          searching = null;
          reply = await screens.op("deal", { ...args, abandon: true, found: found["code"] ?? null });
        }
        const offer = reply["offer"] as Offer | undefined;
        if (offer !== undefined) {
          // nothing proved: the game in play stays, and the player says what happens next
          s.dialog.close("searched");
          screens.table.offer(offer);
          return;
        }
        if (reply["dealt"] !== true) {
          showError(String(reply["error"] ?? ""));
          field.focus();
          return;
        }
        s.dialog.close("dealt");
        screens.table.apply(reply as unknown as ActionReply, false);
        if (typeof reply["note"] === "string") screens.table.say(reply["note"]);
      } finally {
        deal.disabled = false;
        status.textContent = "";
      }
    })();
  });

  if (start.text !== undefined) {
    field.value = start.text;
    await judge(false, true);
  }
  show(s, variantBox);
}
