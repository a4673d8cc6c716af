/**
 * A memory snapshot of Python kept in this browser, so that every start after the first restores
 * CPython with the game already imported instead of starting CPython and importing the game.
 *
 * Pyodide (its experimental `_makeSnapshot` / `_loadSnapshot` options of loadPyodide) copies the
 * whole WebAssembly memory just after `canfield.web.bridge` is imported, before any JavaScript
 * object is handed to Python (the search core's glue comes after); a later start lays that
 * memory back instead of running CPython's start and the imports. The snapshot (about 31 MiB)
 * is made here, by the first start, and kept in Cache Storage under the build's key
 * (tools/build_web.py `snapshot_key`: Pyodide's files and the wheel), so nothing of it is
 * downloaded and a new build never restores an old one; Pyodide also refuses a snapshot of
 * another build of itself. Where there is no Cache Storage, or a restore fails, Python starts as
 * before.
 */

/** Not "canfield-…": the service worker deletes the caches of older builds by that prefix. */
const CACHE = "python-snapshot";

function address(key: string): string {
  return new URL(`../../__snapshot/${key}`, import.meta.url).href;
}

/** The snapshot kept under `key`, or null (none yet, or no Cache Storage here). */
export async function readSnapshot(key: string): Promise<Uint8Array | null> {
  if (typeof caches === "undefined") return null;
  try {
    const hit = await (await caches.open(CACHE)).match(address(key));
    return hit === undefined ? null : new Uint8Array(await hit.arrayBuffer());
  } catch {
    return null;
  }
}

/** Keep `bytes` as the snapshot of `key`, dropping those of other builds. */
export async function keepSnapshot(key: string, bytes: Uint8Array): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== address(key)) await cache.delete(request);
    }
    const body = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" });
    await cache.put(address(key), new Response(body));
  } catch {
    // quota, a private window: the next start makes it again
  }
}

/** Forget the snapshot of `key` (one that would not restore). */
export async function dropSnapshot(key: string): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    await (await caches.open(CACHE)).delete(address(key));
  } catch {
    // nothing kept, nothing to drop
  }
}
