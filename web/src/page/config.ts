/** What tools/build_web.py put into index.html: the wheel's name and the splash's texts. */

export interface BootTexts {
  title: string;
  loading: string;
  runtime: string;
  engine: string;
  dealing: string;
  failed: string;
  reload: string;
  noscript: string;
}

export interface Config {
  wheel: string;
  /** The search core as plain WebAssembly, when the build made it (else the Python search). */
  core: string | null;
  /** The key of this build's memory snapshot of Python (tools/build_web.py snapshot_key). */
  snapshot?: string | null;
  boot: { [lang: string]: BootTexts };
  languages: string[];
}

export function readConfig(): Config {
  const element = document.getElementById("config");
  return JSON.parse(element?.textContent ?? "{}") as Config;
}

/** The first of the browser's languages the game speaks (the player's choice comes later). */
export function browserLanguage(languages: readonly string[], saved: string | null): string {
  if (saved !== null && languages.includes(saved)) return saved;
  for (const tag of navigator.languages) {
    const code = tag.toLowerCase().split("-")[0] ?? "";
    const known = code === "in" ? "id" : code;
    if (languages.includes(known)) return known;
  }
  return "en";
}
