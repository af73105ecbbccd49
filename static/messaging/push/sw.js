// The site's service worker, served at /sw.js (messaging.push.views.service_worker) so that its
// scope is the whole site. It does three things only:
// - shows each Web Push message (JSON: title, body, url, tag, icon) as a notification; a
//   newer one with the same tag (a game's "your turn") replaces the older;
// - on a click, focuses a tab already showing that page, else opens it;
// - when a page cannot be loaded at all, answers with the offline page.
// The offline page is the only thing it caches: it holds nobody's data, so nothing cached can
// show one player's pages to whoever uses the device after a log-out.
"use strict";

var OFFLINE_CACHE = "badux-offline-v1";
var OFFLINE_URL = "/offline/";

self.addEventListener("install", function (event) {
  event.waitUntil(
    self.caches.open(OFFLINE_CACHE).then(function (cache) {
      return cache.add(new Request(OFFLINE_URL, { credentials: "omit" }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    self.caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name !== OFFLINE_CACHE; }).map(function (name) {
        return self.caches.delete(name);
      }));
    }).then(function () { return self.clients.claim(); })
  );
});

// Page loads only, and only when the network fails: everything else goes by the network as if
// there were no worker.
self.addEventListener("fetch", function (event) {
  if (event.request.mode !== "navigate") return;
  event.respondWith(
    fetch(event.request).catch(function () {
      return self.caches.open(OFFLINE_CACHE).then(function (cache) { return cache.match(OFFLINE_URL); });
    })
  );
});

// What a push message says; a message that is not our JSON still shows, plainly.
function pushNotice(data) {
  var notice = {};
  try { notice = data ? data.json() : {}; } catch (error) { notice = { body: data ? data.text() : "" }; }
  return {
    title: notice.title || "Badux",
    options: {
      body: notice.body || "",
      tag: notice.tag || undefined,
      renotify: Boolean(notice.tag),
      icon: notice.icon || undefined,
      data: { url: notice.url || "/" },
    },
  };
}

self.addEventListener("push", function (event) {
  var notice = pushNotice(event.data);
  event.waitUntil(self.registration.showNotification(notice.title, notice.options));
});

// The tab to focus for `url`: one showing that very page (its fragment aside), else none.
function tabFor(clients, url) {
  var target = new URL(url, self.location.origin);
  for (var i = 0; i < clients.length; i++) {
    var seen = new URL(clients[i].url);
    if (seen.origin === target.origin && seen.pathname === target.pathname && seen.search === target.search) {
      return clients[i];
    }
  }
  return null;
}

// The page a notice opens: its URL when it is on this site, else the site's home (a push
// naming another site, or a javascript: URL, opens nothing of theirs).
function pageFor(url) {
  var home = self.location.origin + "/";
  try {
    var target = new URL(url || "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : home;
  } catch (error) {
    return home;
  }
}

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = pageFor(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (clients) {
      var tab = tabFor(clients, url);
      if (tab) return tab.focus();
      return self.clients.openWindow(url);
    })
  );
});
