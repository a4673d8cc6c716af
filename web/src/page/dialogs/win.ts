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
  // lines of words, not a table: the dialog is read whole as it opens, and Orca joined a
  // table's cells, flex items or a floated figure to its label without a space ("Played1
  // Won1"); here a space lies between each label and its figure in the line's own text
  make("p", { className: "win-stats-title", text: String(r["statistics_title"]) }, s.body);
  const stats = make("div", { className: "win-stats" }, s.body);
  for (const row of r["statistics"] as { label: string; text: string }[]) {
    const line = make("p", {}, stats);
    make("span", { className: "win-figure", text: row.text }, line);
    line.prepend(row.label, " ");
  }
  // the same deal from its start, as the desktop's Play again (the win stays counted)
  button(t["play_again"] ?? "", () => {
    s.dialog.close("again");
    void screens.restart();
  }, s.buttons, "screen-button primary");
  button(t["new_game"] ?? "", () => {
    s.dialog.close("new");
    void screens.newGame();
  }, s.buttons, "screen-button secondary");
  button(String(r["copy_label"]), () => void screens.copy(String(r["share_text"]), String(r["copied"])), s.buttons, "screen-button secondary");
  closer(s, t["close"] ?? "").classList.add("secondary");
  show(s); // on the dialog itself, heard whole: the score, the time, the statistics
}
