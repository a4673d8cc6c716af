/**
 * The first-run screen (canfield.presentation.welcome): how Canfield works, in a panel over the
 * table as on the desktop. It is not modal: the focus stays where it was, so its words are said
 * through the live region as it opens (Python's welcome_sentence), and Escape or its button puts
 * it away. Shown by itself to a new player, and from the Menu later.
 */
import type { Screens } from "./screens.js";
import { button, make, uid } from "./ui.js";

let open: HTMLElement | null = null;
let screensShown: Screens | null = null;

/**
 * Put the first-run screen away; with `land`, the focus then goes to the table if it was in
 * the screen or nowhere (the page's body), as the desktop's does.
 */
export function closeWelcome(land = true): boolean {
  if (open === null) return false;
  open.remove();
  open = null;
  delete document.documentElement.dataset["welcome"];
  if (land) screensShown?.landOnTable();
  return true;
}

export async function openWelcome(screens: Screens, first: boolean): Promise<void> {
  closeWelcome(false);
  screensShown = screens;
  const reply = await screens.python.call("welcome", { first });
  const panel = make("section", { className: "welcome" });
  const heading = make("h2", { className: "screen-title", text: String(reply["title"]) }, panel);
  heading.id = uid("welcome-title");
  panel.setAttribute("aria-labelledby", heading.id);
  // the words scroll and the button row stays in view (a phone held sideways has room for
  // neither all the words nor the button below them); focusable, so keys scroll it too
  const body = make("div", { className: "welcome-body", attrs: { tabindex: "0" } }, panel);
  for (const line of reply["lines"] as string[]) make("p", { text: line }, body);
  const row = make("div", { className: "screen-buttons" }, panel);
  button(String(reply["button"]), () => closeWelcome(), row, "screen-button primary");
  document.getElementById("app")?.append(panel);
  open = panel;
  document.documentElement.dataset["welcome"] = "open";
  screens.table.say(String(reply["say"]), false); // heard, not written again under the panel
}
