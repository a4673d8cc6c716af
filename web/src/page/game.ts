/** The table: what Python says is on it, drawn, and every tap, drag and key sent back. */
import type { PythonWorker } from "./client.js";

export async function startGame(python: PythonWorker, lang: string): Promise<void> {
  const reply = await python.call("start", { lang });
  const app = document.getElementById("app");
  if (app === null) return;
  const text = document.createElement("p");
  text.id = "position";
  text.textContent = String(reply["describe"]);
  app.append(text);
  document.documentElement.dataset["code"] = String(reply["code"]);
  document.documentElement.dataset["state"] = "ready";
}
