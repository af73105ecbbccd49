// Every page: register the site's service worker (/sw.js; static/messaging/push/sw.js), which
// makes the site installable, shows the offline page and receives push notifications.
(function () {
  "use strict";
  var link = document.querySelector('link[rel="manifest"][data-worker-url]');
  if (!link || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(link.dataset.workerUrl, { scope: "/" }).catch(function () {
    // No worker (a private window, a browser setting): the site works as a plain site.
  });
})();
