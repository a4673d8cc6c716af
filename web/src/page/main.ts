/**
 * The page's entry: paint the splash in the player's language, register the service worker,
 * start Python in a worker, then hand the table to the game.
 */
import { PythonWorker } from "./client.js";
import { type BootTexts, browserLanguage, readConfig } from "./config.js";

const STAGES = ["loading", "runtime", "engine", "dealing"];
export const LANGUAGE_KEY = "canfield-language";

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`#${id} is missing from index.html`);
  return found as T;
}

function showStage(texts: BootTexts, stage: string): void {
  const index = STAGES.indexOf(stage);
  element<HTMLProgressElement>("splash-progress").value = Math.max(index, 0) + 1;
  element("splash-text").textContent = texts[stage as keyof BootTexts] ?? texts.loading;
}

function showFailure(texts: BootTexts, error: unknown): void {
  element("splash-text").textContent = texts.failed;
  const detail = element("splash-error");
  detail.textContent = String(error instanceof Error ? error.message : error);
  detail.hidden = false;
  const reload = element<HTMLButtonElement>("splash-reload");
  reload.textContent = texts.reload;
  reload.hidden = false;
  reload.onclick = () => location.reload();
}

async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register(new URL("../../sw.js", import.meta.url), { scope: "../../" });
  } catch {
    // Offline play needs it, playing now does not: a private window may refuse it.
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const lang = browserLanguage(config.languages, localStorage.getItem(LANGUAGE_KEY));
  const texts = config.boot[lang] ?? config.boot["en"];
  if (texts === undefined) throw new Error("index.html has no boot texts");
  document.documentElement.lang = lang;
  element("splash-title").textContent = texts.title;
  showStage(texts, "loading");
  void registerServiceWorker();
  try {
    const python = new PythonWorker(config.wheel, (stage) => showStage(texts, stage));
    await python.ready;
    showStage(texts, "dealing");
    const { startGame } = await import("./game.js");
    await startGame(python, lang);
    const { installScreens } = await import("./dialogs/screens.js");
    await installScreens(python, config.languages);
    element("splash").hidden = true;
    performance.mark("table-painted");
  } catch (error) {
    showFailure(texts, error);
  }
}

void main();
