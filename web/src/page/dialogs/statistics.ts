/**
 * Statistics per variant and draw mode: the desktop's figures in a table (draw 3 and draw 1 side
 * by side), the casino bank, the recent games (one tap deals one again), and Reset, which asks.
 */
import type { Json } from "../../shared/protocol.js";
import type { Reply } from "../client.js";
import type { Screens } from "./screens.js";
import { openNewGame } from "./newgame.js";
import { button, closer, confirm, make, screen, show, uid } from "./ui.js";

interface Cell {
  text: string;
  name: string;
}

interface Row {
  key: string;
  label: string;
  cells: Cell[];
}

interface Recent {
  text: string;
  code: string | null;
  deck: string;
}

export async function openStatistics(screens: Screens, variant?: string): Promise<void> {
  await screens.refreshTexts();
  const t = screens.texts;
  const args: { [key: string]: Json } = variant === undefined ? {} : { variant };
  const first = await screens.op("statistics", args);
  const s = screen("statistics", String(first["title"]));

  const chooserRow = make("div", { className: "field" }, s.body);
  const chooser = make("select");
  chooser.id = uid("variant");
  make("label", { text: t["variant"] ?? "", attrs: { for: chooser.id } }, chooserRow);
  chooserRow.append(chooser);
  for (const v of first["variants"] as { name: string; title: string }[]) {
    const option = make("option", { text: v.title }, chooser);
    option.value = v.name;
  }
  chooser.value = String(first["variant"]);

  const figures = make("div", { className: "figures" }, s.body);
  const fill = (r: Reply): void => {
    figures.replaceChildren();
    const table = make("table", { className: "stats-table" }, figures);
    make("caption", { text: chooser.selectedOptions[0]?.textContent ?? "" }, table);
    const head = make("tr", {}, make("thead", {}, table));
    make("td", {}, head);
    for (const column of r["columns"] as { title: string }[]) {
      make("th", { text: column.title, attrs: { scope: "col" } }, head);
    }
    const body = make("tbody", {}, table);
    for (const row of r["rows"] as unknown as Row[]) {
      const tr = make("tr", { attrs: { "data-key": row.key } }, body);
      make("th", { text: row.label, attrs: { scope: "row" } }, tr);
      for (const cell of row.cells) make("td", { text: cell.text, attrs: { title: cell.name } }, tr);
    }
    make("p", { className: "hint", text: String(r["note"]) }, figures);
    make("p", { className: "bank", text: String(r["bank"]) }, figures);

    make("h3", { text: t["recent_games"] ?? "" }, figures);
    const recent = r["recent"] as unknown as Recent[];
    if (recent.length === 0) {
      make("p", { className: "hint", text: t["no_recent"] ?? "" }, figures);
    } else {
      make("p", { className: "hint", text: t["recent_hint"] ?? "" }, figures);
      const list = make("ul", { className: "recent-list" }, figures);
      for (const game of recent) {
        const item = make("li", {}, list);
        button(game.text, () => {
          s.dialog.close("replay");
          void openNewGame(screens, { text: game.code ?? game.deck });
        }, item, "screen-button recent-game");
      }
    }

    const resets = make("div", { className: "resets" }, figures);
    for (const choice of r["reset"] as { draw: number | null; label: string; ask: string }[]) {
      button(choice.label, () => {
        void (async () => {
          const yes = await confirm({
            title: t["reset_statistics"] ?? "",
            text: String(r["reset_title"]),
            detail: choice.ask,
            yes: String(r["reset_yes"]),
            no: t["cancel"] ?? "",
          });
          if (!yes) return;
          fill(await screens.op("reset_statistics", { draw: choice.draw, variant: chooser.value }));
        })();
      }, resets, "screen-button secondary");
    }
  };
  fill(first);
  chooser.addEventListener("change", () => {
    void screens.op("statistics", { variant: chooser.value }).then(fill);
  });
  const close = closer(s, t["close"] ?? "");
  close.classList.add("primary");
  show(s, close);
}
