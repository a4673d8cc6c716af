/**
 * The in-app rules: the desktop's own page of the player's language (src/canfield/help/*.html,
 * shipped in the wheel), titled by its first heading. Its table of contents scrolls the page.
 */
import type { Screens } from "./screens.js";
import { closer, make, screen, show } from "./ui.js";

export async function openRules(screens: Screens): Promise<void> {
  await screens.refreshTexts();
  const reply = await screens.op("rules");
  const s = screen("rules", String(reply["title"]));
  const page = make("article", { className: "rules-text", attrs: { tabindex: "0", "aria-label": String(reply["name"]) } }, s.body);
  page.innerHTML = String(reply["html"]); // our own page from the wheel, not player input
  // the page's anchors are <a name="…">: give them ids, so links and the reader find them
  for (const anchor of page.querySelectorAll<HTMLAnchorElement>("a[name]")) {
    anchor.id = `rules-${anchor.name}`;
    anchor.removeAttribute("name");
  }
  for (const link of page.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const href = link.getAttribute("href") ?? "";
    if (href.startsWith("#")) {
      link.setAttribute("href", `#rules-${href.slice(1)}`);
      link.addEventListener("click", (event) => {
        event.preventDefault();
        const target = page.querySelector<HTMLElement>(`#rules-${CSS.escape(href.slice(1))}`);
        target?.scrollIntoView({ block: "start" });
      });
    } else {
      link.target = "_blank";
      link.rel = "noopener noreferrer";
    }
  }
  // headings inside the dialog start below its title (h2)
  for (const heading of page.querySelectorAll("h1, h2, h3")) {
    const level = Math.min(Number(heading.tagName.slice(1)) + 1, 6);
    const replacement = make(`h${level}` as "h2", {});
    replacement.innerHTML = heading.innerHTML;
    heading.replaceWith(replacement);
  }
  const first = page.querySelector("h2");
  if (first !== null) {
    s.heading.textContent = first.textContent;
    first.remove();
  }
  closer(s, screens.texts["close"] ?? "").classList.add("primary");
  show(s, page);
}
