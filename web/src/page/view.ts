/** The shape of what canfield.web.session returns: the position, placed and named by Python. */

export type Rect = [number, number, number, number];

export interface PileView {
  id: string;
  name: string;
  rect: Rect;
  slot: Rect;
  mark: string;
  cards: string[];
  reach: number;
}

export interface CardView {
  id: string;
  name: string;
  rank: string;
  suit: string;
  red: boolean;
  /** The suit's ink: black and red, or blue diamonds and green clubs with the four-colour deck. */
  ink: string;
  x: number;
  y: number;
  z: number;
  up: boolean;
  /** Face up and not covered: an item of its pile (a card under the waste's fan is not). */
  shown: boolean;
  pile: string;
  playable: boolean;
}

export interface Note {
  rect: Rect;
  text: string;
}

/** Where canfield.presentation.keyboard's focus is, what it holds, and what landing there says. */
export interface Focus {
  pile: string;
  card: string | null;
  held: string[];
  landing: string;
}

export interface Labels {
  [key: string]: string;
}

export interface View {
  lang: string;
  code: string;
  deck: string;
  variant: string;
  title: string;
  card: [number, number];
  size: [number, number];
  portrait: boolean;
  piles: PileView[];
  cards: CardView[];
  notes: Note[];
  status: { [key: string]: string };
  can_undo: boolean;
  can_redo: boolean;
  won: boolean;
  labels: Labels;
  focus: Focus;
  /** Finish is on offer: the rules proved the rest is only cards going home. */
  finish: boolean;
  /** The label of "undo to the winnable point" while the hint's offer stands, else "". */
  undo_winnable: string;
  /** The toolbar's tips for Finish and undo to the winnable point. */
  tips: { [key: string]: string };
}

/** A message with its ways on (a deal that cannot be won, a search that found nothing). */
export interface Offer {
  text: string;
  buttons: { label: string; do: string; variant?: string; draw?: number }[];
}

/** An action's answer: the view to draw, the sentence to speak, the game to save. */
export interface ActionReply {
  ok: boolean;
  error?: string;
  view?: View;
  say?: string;
  save?: unknown;
  changed?: boolean;
  damaged?: string | null;
  won?: unknown;
  finished?: unknown;
  /** Whether the game's clock runs now (the page ticks every second while it does). */
  clock?: boolean;
  /** Ask the second worker whether this position can be won (the winnability setting is on). */
  watch?: boolean;
  /** "auto": Finish by itself (the setting is on) now that the rules proved a finish. */
  finish?: string;
  offer?: Offer;
  /** The position changed while Hint was thinking: its answer would be of no use. */
  hint_dropped?: boolean;
}
