/**
 * IndexedDB: the game in progress (Game.to_dict JSON, written after every action), the
 * settings and the statistics, one record each in one object store. A value that cannot be
 * read is moved aside under "damaged-<time>" (kept, never deleted) and the caller is told.
 */
import type { Json } from "../shared/protocol.js";

const DATABASE = "canfield";
const STORE = "kv";

export class Store {
  private constructor(private readonly db: IDBDatabase | null) {}

  /** The store, or one that keeps nothing when the browser refuses IndexedDB (said once). */
  static async open(): Promise<{ store: Store; error: string | null }> {
    try {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(DATABASE, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(STORE);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error("IndexedDB refused"));
        request.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
      });
      return { store: new Store(db), error: null };
    } catch (error) {
      return { store: new Store(null), error: String(error instanceof Error ? error.message : error) };
    }
  }

  get keeps(): boolean {
    return this.db !== null;
  }

  private transaction<T>(mode: IDBTransactionMode, body: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = this.db;
    if (db === null) return Promise.reject(new Error("no storage"));
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = body(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  }

  /**
   * The stored value of `key`: its JSON parsed, or (damaged) the raw text as it is, so the
   * caller can hand it to Python, which says what is wrong with it, and then set it aside.
   */
  async get(key: string): Promise<Json | undefined> {
    if (this.db === null) return undefined;
    const raw = await this.transaction<unknown>("readonly", (s) => s.get(key));
    if (raw === undefined) return undefined;
    if (typeof raw !== "string") return String(raw);
    try {
      return JSON.parse(raw) as Json;
    } catch {
      return raw;
    }
  }

  /** Keep `value` (as JSON text) under `key`. */
  async put(key: string, value: Json): Promise<void> {
    if (this.db === null) return;
    await this.transaction("readwrite", (s) => s.put(JSON.stringify(value), key));
  }

  /** Move what is stored under `key` to "damaged-<key>-<time>", so nothing is lost. */
  async setAside(key: string): Promise<string> {
    const aside = `damaged-${key}-${new Date().toISOString()}`;
    const value = await this.transaction<unknown>("readonly", (s) => s.get(key));
    await this.transaction("readwrite", (s) => s.put(value, aside));
    await this.transaction("readwrite", (s) => s.delete(key));
    return aside;
  }
}
