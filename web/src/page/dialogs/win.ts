/**
 * The win: score, time and moves, this variant's statistics (the win already counted), and
 * Play again (the same deal from its start), New game, Copy code.
 */
import type { Screens } from "./screens.js";
import { button, closer, make, screen, show } from "./ui.js";

export async function openWin(screens: Screens): Promise<void> {
  await screens.refreshTexts();
  const t = screens.texts;
  const r = await screens.op("win");
  if (r["won"] !== true) return;
  const s = screen("win", String(r["title"]));
  const lines = make("ul", { className: "win-lines" }, s.body);
  for (const line of r["lines"] as string[]) make("li", { text: line }, lines);
  const table = make("table", { className: "stats-table" }, s.body);
  make("caption", { text: String(r["statistics_title"]) }, table);
  const body = make("tbody", {}, table);
  for (const row of r["statistics"] as { label: string; text: string }[]) {
    const tr = make("tr", {}, body);
    make("th", { text: row.label, attrs: { scope: "row" } }, tr);
    make("td", { text: row.text }, tr);
  }
  // the same deal from its start, as the desktop's Play again (the win stays counted)
  const again = button(t["play_again"] ?? "", () => {
    s.dialog.close("again");
    void screens.restart();
  }, s.buttons, "screen-button primary");
  button(t["new_game"] ?? "", () => {
    s.dialog.close("new");
    void screens.newGame();
  }, s.buttons, "screen-button secondary");
  button(String(r["copy_label"]), () => void screens.copy(String(r["share_text"]), String(r["copied"])), s.buttons, "screen-button secondary");
  closer(s, t["close"] ?? "").classList.add("secondary");
  show(s, again);
}
