/**
 * Drawing the table: one element per pile (an ARIA list box named by Python as on the
 * desktop, "reserve, 13 cards", or "column 2" where every card is an item a reader counts)
 * and one per card (face up: an option named by the engine, "queen of clubs"; face down:
 * hidden from the accessibility tree). Cards move by CSS transforms, so a move slides;
 * nothing here knows a rule.
 *
 * List boxes and options, not lists of buttons: Orca 43 turns its focus mode on (and passes
 * the pile keys to the page) only at a focus on one of its "focus-mode widgets", which a list
 * box and its items are and a button in a list is not; after a screen closed, after the
 * first-run screen and after a reload it stayed in browse mode and took R, 1-4, D for its own
 * ("No more radio buttons") until the player pressed Orca+A (docs/web.md, "Heard with Orca").
 */
import type { CardView, PileView, View } from "./view.js";

export class TableView {
  readonly root: HTMLElement;
  private readonly piles = new Map<string, HTMLElement>();
  private readonly slots = new Map<string, HTMLElement>();
  private readonly cards = new Map<string, HTMLElement>();
  private readonly notes: HTMLElement[] = [];
  view: View | null = null;
  /** The last render gave the focus back to a card it moved (the page moves it on at once). */
  restoredFocus = false;

  constructor(root: HTMLElement) {
    this.root = root;
  }

  cardElement(id: string): HTMLElement | undefined {
    return this.cards.get(id);
  }

  pileElement(id: string): HTMLElement | undefined {
    return this.piles.get(id);
  }

  /** Draw `view`; cards that change place slide there unless `animate` is false. */
  render(view: View, animate: boolean): void {
    const [cardW, cardH] = view.card;
    this.root.style.setProperty("--cw", `${cardW}px`);
    this.root.style.setProperty("--ch", `${cardH}px`);
    this.root.setAttribute("aria-label", view.labels["table"] ?? "");
    this.root.dataset["portrait"] = String(view.portrait);
    for (const pile of view.piles) this.renderPile(pile);
    this.renderStockButton(view);
    const before = new Map<string, DOMRect>();
    if (animate) {
      for (const [id, element] of this.cards) before.set(id, element.getBoundingClientRect());
    }
    const byPile = new Map<string, CardView[]>();
    for (const card of view.cards) {
      const list = byPile.get(card.pile) ?? [];
      list.push(card);
      byPile.set(card.pile, list);
    }
    // a focused element that is moved in the DOM loses the focus: move only what changed
    // place, and give the focus back to what had it
    const active = document.activeElement;
    for (const [pileId, list] of byPile) {
      list.sort((a, b) => a.z - b.z);
      const pile = this.piles.get(pileId);
      if (pile === undefined) continue;
      let previous: Element | null = pile.querySelector(".stock-item");
      for (const card of list) {
        const element = this.renderCard(card);
        const expected = previous === null ? pile.firstElementChild : previous.nextElementSibling;
        if (expected !== element) pile.insertBefore(element, expected);
        previous = element;
      }
    }
    this.restoredFocus = false;
    if (active instanceof HTMLElement && active !== document.activeElement && active.isConnected) {
      active.focus({ preventScroll: true });
      this.restoredFocus = true;
    }
    this.renderNotes(view);
    if (animate) this.slide(before);
    this.view = view;
  }

  private renderPile(pile: PileView): void {
    let element = this.piles.get(pile.id);
    let slot = this.slots.get(pile.id);
    if (element === undefined || slot === undefined) {
      slot = document.createElement("div");
      slot.className = "slot";
      slot.setAttribute("aria-hidden", "true");
      slot.dataset["pile"] = pile.id;
      this.root.append(slot);
      this.slots.set(pile.id, slot);
      element = document.createElement("div");
      element.className = "pile";
      element.id = `pile-${pile.id}`;
      element.dataset["pile"] = pile.id;
      element.setAttribute("role", "listbox");
      this.root.append(element);
      this.piles.set(pile.id, element);
    }
    element.setAttribute("aria-label", pile.name);
    element.dataset["count"] = String(pile.cards.length);
    const [x, y, w, h] = pile.slot;
    Object.assign(slot.style, { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
    slot.textContent = pile.mark;
  }

  /** The stock's one item: a button that draws (the stock's cards are face down, unnamed). */
  private renderStockButton(view: View): void {
    const pile = this.piles.get("stock-0");
    const data = view.piles.find((p) => p.id === "stock-0");
    if (pile === undefined || data === undefined) return;
    let item = pile.querySelector<HTMLElement>(".stock-item");
    if (item === null) {
      item = document.createElement("div");
      item.className = "stock-item";
      item.setAttribute("role", "none");
      item.dataset["pile"] = "stock-0";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "stock-button";
      button.tabIndex = -1;
      button.dataset["pile"] = "stock-0";
      button.setAttribute("role", "option");
      item.append(button);
      pile.prepend(item);
    }
    const [x, y, w, h] = data.slot;
    Object.assign(item.style, { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
    item.firstElementChild?.setAttribute("aria-label", view.labels["draw"] ?? "");
  }

  private renderCard(card: CardView): HTMLElement {
    let element = this.cards.get(card.id);
    if (element === undefined) {
      element = document.createElement("div");
      element.dataset["card"] = card.id;
      const face = document.createElement("button");
      face.type = "button";
      face.className = "face";
      face.tabIndex = -1;
      face.dataset["card"] = card.id;
      element.append(face);
      this.cards.set(card.id, element);
    }
    const face = element.firstElementChild as HTMLButtonElement;
    element.className = `card ${card.up ? "up" : "down"}${card.red ? " red" : ""}${card.playable ? " playable" : ""}`;
    element.dataset["pile"] = card.pile;
    element.dataset["ink"] = card.ink;
    element.style.transform = `translate(${card.x}px, ${card.y}px)`;
    element.style.zIndex = String(Math.round(card.z));
    if (card.up && card.shown) {
      element.setAttribute("role", "none");
      element.removeAttribute("aria-hidden");
      face.setAttribute("role", "option");
      face.setAttribute("aria-label", card.name);
    } else {
      element.removeAttribute("role");
      element.setAttribute("aria-hidden", "true");
      face.removeAttribute("role");
      face.removeAttribute("aria-label");
    }
    if (card.up) {
      if (face.dataset["drawn"] !== card.rank + card.suit) {
        face.replaceChildren(corner(card), centre(card), corner(card, "bottom"));
        face.dataset["drawn"] = card.rank + card.suit;
      }
    } else {
      face.replaceChildren();
      face.dataset["drawn"] = "";
    }
    return element;
  }

  private renderNotes(view: View): void {
    while (this.notes.length < view.notes.length) {
      const note = document.createElement("div");
      note.className = "note";
      note.setAttribute("aria-hidden", "true");
      this.root.append(note);
      this.notes.push(note);
    }
    this.notes.forEach((note, i) => {
      const data = view.notes[i];
      note.hidden = data === undefined || data.text === "";
      if (data === undefined) return;
      const [x, y, w, h] = data.rect;
      Object.assign(note.style, { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
      note.style.fontSize = `${Math.max(11, h * 0.8)}px`;
      note.textContent = data.text;
    });
  }

  /** FLIP: start each moved card where it was and let the transition carry it home. */
  private slide(before: Map<string, DOMRect>): void {
    const moving: HTMLElement[] = [];
    for (const [id, element] of this.cards) {
      const old = before.get(id);
      if (old === undefined) continue;
      const now = element.getBoundingClientRect();
      const dx = old.left - now.left;
      const dy = old.top - now.top;
      if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
      const target = element.style.transform;
      element.style.transition = "none";
      element.style.transform = `translate(${dx}px, ${dy}px) ${target}`;
      element.dataset["target"] = target;
      moving.push(element);
    }
    if (moving.length === 0) return;
    void this.root.offsetWidth; // commit the start positions
    for (const element of moving) {
      element.style.transition = "";
      element.style.transform = element.dataset["target"] ?? "";
    }
  }
}

// The corner index and the centre pip are drawn by CSS from data attributes, not as text:
// the button's name is the engine's ("queen of clubs"), and no visible text may disagree.
function corner(card: CardView, where = "top"): HTMLElement {
  const element = document.createElement("span");
  element.className = `index ${where}${card.rank.length > 1 ? " two" : ""}`;
  element.dataset["rank"] = card.rank;
  element.dataset["suit"] = card.suit;
  return element;
}

function centre(card: CardView): HTMLElement {
  const element = document.createElement("span");
  element.className = "pip";
  element.dataset["suit"] = card.suit;
  return element;
}
