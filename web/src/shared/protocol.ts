/** What the page and its Python worker say to each other (structured-clone messages). */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Page → worker: start Python with this wheel, then answer requests. */
export interface InitMessage {
  kind: "init";
  wheel: string;
}

/** Page → worker: one operation for the Python session (canfield.web.bridge). */
export interface RequestMessage {
  kind: "request";
  id: number;
  op: string;
  args: { [key: string]: Json };
}

export type ToWorker = InitMessage | RequestMessage;

/** Worker → page. `stage` names a splash text (boot.json keys). */
export type FromWorker =
  | { kind: "progress"; stage: string }
  | { kind: "ready"; startMs: number }
  | { kind: "reply"; id: number; result: { [key: string]: Json } }
  | { kind: "failed"; error: string };
