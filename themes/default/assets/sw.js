// Daybook's service worker, imported by the site's own sw.js, which sets
// DAYBOOK_BUILD (an id of this build's files), DAYBOOK_FILES (today's plan,
// the due cards and test, today's workout and routines pages and their
// assets, relative to the site's root), DAYBOOK_LATER (the diary's last 30
// days, this month's calendar, the search and its index, in that order) and
// DAYBOOK_BUDGET (the bytes the phone keeps at most). The later files are
// kept when the home page asks, once the worker is active, as far as the
// budget goes: the install waits on none of them, and a visit to one page
// (a search) does not download the rest. Each build keeps its own cache; a
// new build's worker fills its cache, then deletes the older ones.
"use strict";

const scope = self.registration.scope;
const cacheName = "daybook:" + new URL(scope).pathname + ":" + self.DAYBOOK_BUILD;
const isOurs = (name) => name.startsWith("daybook:" + new URL(scope).pathname + ":");

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    // Asked of the server again (the new build's bytes are kept), which answers "not modified" for what the page
    // just loaded: the browser's copy is kept, not downloaded twice.
    await cache.addAll(self.DAYBOOK_FILES.map((path) => new Request(new URL(path, scope), { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (isOurs(name) && name !== cacheName) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "daybook-keep-later") event.waitUntil(keepLater().then(() => event.source && event.source.postMessage("daybook-kept")));
});

/** The bytes a cache holds. */
async function size(cache) {
  let bytes = 0;
  for (const request of await cache.keys()) bytes += (await (await cache.match(request)).blob()).size;
  return bytes;
}

/** The later files, one at a time, while the cache stays within the budget; one that fails is fetched when next asked for. */
async function keepLater() {
  const cache = await caches.open(cacheName);
  let bytes = await size(cache);
  for (const path of self.DAYBOOK_LATER || []) {
    const request = new Request(new URL(path, scope), { cache: "no-cache" });
    try {
      if (await cache.match(request)) continue;
      const response = await fetch(request);
      if (!response.ok) continue;
      const body = await response.clone().blob();
      if (bytes + body.size > self.DAYBOOK_BUDGET) break;
      await cache.put(request, response);
      bytes += body.size;
    } catch (error) {
      // Offline, or the site moved on: the rest waits for the next worker.
      return;
    }
  }
}

// The network first, so that a published change shows at once; what it
// answered is kept for the next time there is no network.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope) || new URL(request.url).pathname.includes("/__daybook/")) return;
  event.respondWith((async () => {
    const cache = await caches.open(cacheName);
    try {
      const response = await fetch(request);
      if (response.ok && response.type === "basic") await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const url = new URL(request.url);
      url.hash = "";
      // A page opened with a query (a book made on the phone: cards/?book=…) is the page kept without it.
      url.search = "";
      const kept = (await cache.match(url.href, { ignoreSearch: true }))
        || (url.pathname.endsWith("/") && await cache.match(url.href + "index.html"))
        || (url.pathname.endsWith("/index.html") && await cache.match(url.href.slice(0, -"index.html".length)));
      if (kept) return kept;
      throw error;
    }
  })());
});
