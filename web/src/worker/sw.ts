/**
 * The service worker: precaches every file of this build (PRECACHE, put in front of this file
 * by tools/build_web.py under a VERSION named by their contents), answers from that cache
 * first, and drops the caches of older builds, so the game opens offline after one visit.
 */
declare const VERSION: string;
declare const PRECACHE: string[];

const sw = self as unknown as ServiceWorkerGlobalScope;
const CACHE = `canfield-${VERSION}`;

sw.addEventListener("install", (event: ExtendableEvent) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event: ExtendableEvent) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith("canfield-") && n !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (event: FetchEvent) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const key = request.mode === "navigate" ? new URL("./", sw.location.href).href : request;
      const hit = await cache.match(key, { ignoreSearch: request.mode === "navigate" });
      return hit ?? fetch(request);
    }),
  );
});
