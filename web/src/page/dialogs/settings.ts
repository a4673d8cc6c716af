/**
 * Settings: the desktop's settings and defaults (canfield.records.settings), each applied and
 * kept the moment it changes; the language switches the whole page at once. Restore defaults
 * puts every one back.
 */
import type { Json } from "../../shared/protocol.js";
import type { Screens } from "./screens.js";
import { button, checkbox, closer, make, screen, select, show } from "./ui.js";

interface Control {
  name: string;
  kind: "check" | "choice";
  label: string;
  hint?: string;
  options?: { value: Json; label: string }[];
}

interface Group {
  title: string;
  controls: Control[];
}

/** Option values as <select> values: JSON text, so null (System) and numbers survive. */
const encode = (value: Json | undefined): string => JSON.stringify(value ?? null);

export async function openSettings(screens: Screens): Promise<void> {
  await screens.refreshTexts();
  const form = await screens.op("settings");
  let values = form["values"] as { [key: string]: Json };
  const defaults = form["defaults"] as { [key: string]: Json };
  const s = screen("settings", String(form["title"]));
  const inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();

  const change = async (changes: { [key: string]: Json }): Promise<void> => {
    const reply = await screens.op("change_settings", { changes });
    values = reply["settings"] as { [key: string]: Json };
    screens.applySettings(reply);
    if ("language" in changes) {
      await screens.languageChanged();
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset["setting"] : undefined;
      s.dialog.close("relabel");
      await openSettings(screens); // every label again, in the new language
      if (focused !== undefined) document.querySelector<HTMLElement>(`#screen-settings [data-setting="${focused}"]`)?.focus();
    }
  };

  for (const group of form["groups"] as unknown as Group[]) {
    const set = make("fieldset", { className: "choices" }, s.body);
    make("legend", { text: group.title }, set);
    for (const control of group.controls) {
      let input: HTMLInputElement | HTMLSelectElement;
      if (control.kind === "check") {
        const box = checkbox(set, control.label, control.hint ?? "", values[control.name] === true);
        box.addEventListener("change", () => void change({ [control.name]: box.checked }));
        input = box;
      } else {
        const options = (control.options ?? []).map((o) => ({ value: encode(o.value), label: o.label }));
        const box = select(set, control.label, options, encode(values[control.name]));
        box.addEventListener("change", () => void change({ [control.name]: JSON.parse(box.value) as Json }));
        input = box;
      }
      input.dataset["setting"] = control.name;
      inputs.set(control.name, input);
    }
  }

  const t = screens.texts;
  button(t["restore_defaults"] ?? "", () => {
    const changes: { [key: string]: Json } = {};
    for (const [name, value] of Object.entries(defaults)) {
      if (name !== "last_variant" && encode(values[name]) !== encode(value)) changes[name] = value;
    }
    if (Object.keys(changes).length === 0) return;
    void change(changes).then(() => {
      for (const [name, input] of inputs) {
        if (input instanceof HTMLInputElement) input.checked = values[name] === true;
        else input.value = encode(values[name]);
      }
    });
  }, s.buttons, "screen-button secondary");
  const close = closer(s, t["close"] ?? "");
  close.classList.add("primary");
  show(s, inputs.values().next().value ?? close);
}
