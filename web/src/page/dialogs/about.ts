/** About: name, version, credits, what the browser build runs on, and the licence. */
import type { Screens } from "./screens.js";
import { closer, make, screen, show } from "./ui.js";

export async function openAbout(screens: Screens): Promise<void> {
  await screens.refreshTexts();
  const r = await screens.op("about");
  const s = screen("about", String(r["title"]));
  make("p", { className: "about-name", text: String(r["name"]) }, s.body);
  make("p", { className: "hint", text: String(r["subtitle"]) }, s.body);
  make("p", { text: String(r["intro"]) }, s.body);
  make("h3", { text: String(r["credits_title"]) }, s.body);
  make("p", { text: String(r["credits"]) }, s.body);
  make("h3", { text: String(r["made_with"]) }, s.body);
  const list = make("ul", { className: "libraries" }, s.body);
  for (const lib of r["libraries"] as string[]) {
    make("li", { text: lib }, list);
  }
  make("h3", { text: String(r["licence_title"]) }, s.body);
  make("p", { text: String(r["licence_intro"]) }, s.body);
  const licence = make("div", { className: "licence" }, s.body);
  for (const block of r["licence"] as string[]) make("p", { text: block }, licence);
  const close = closer(s, screens.texts["close"] ?? "");
  close.classList.add("primary");
  show(s, close);
}
