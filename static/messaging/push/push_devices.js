// The preferences page's push section (templates/messaging/push/section.html): subscribe this
// browser to Web Push and store the subscription, or turn it off again. Shown only where the
// browser can (service worker, PushManager, Notification); the device list and the choices
// are plain forms that work without this script.
(function () {
  "use strict";
  var box = document.querySelector("[data-push]");
  if (!box) return;
  var t = window.gettext || function (s) { return s; };
  var nav = window.navigator;
  if (!("serviceWorker" in nav) || !("PushManager" in window) || !("Notification" in window)) return;
  var on = box.querySelector("[data-push-subscribe]");
  var off = box.querySelector("[data-push-unsubscribe]");
  var said = box.querySelector("[data-push-said]");
  var token = box.querySelector('input[name="csrfmiddlewaretoken"]');
  var needs = document.querySelector("[data-push-needs-script]");

  // The VAPID public key (base64url, as the page carries it) as the bytes subscribe() takes.
  function keyBytes(text) {
    var base64 = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(base64);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function say(text) { said.textContent = text; }

  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": token ? token.value : "" },
      body: JSON.stringify(body),
    });
  }

  function registration() {
    return nav.serviceWorker.register(box.dataset.workerUrl, { scope: "/" }).then(function () {
      return nav.serviceWorker.ready;
    });
  }

  function subscribe() {
    on.disabled = true;
    say(t("Asking your browser…"));
    window.Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") {
        throw { said: t("Your browser did not allow notifications for this site. Allow them in its site settings, then try again.") };
      }
      return registration();
    }).then(function (reg) {
      return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(box.dataset.publicKey) });
    }).then(function (subscription) {
      return post(box.dataset.subscribeUrl, subscription.toJSON()).then(function (response) {
        if (response.ok) return;
        return response.json().then(function (answer) { throw { said: answer.message }; }, function () {
          throw { said: t("The site could not store this device. Try again later.") };
        });
      });
    }).then(function () {
      say(t("Push is on for this device. Reloading the list…"));
      show(true);
      window.location.reload();
    }).catch(function (error) {
      // Our own refusals are said as they are; the browser's (no push service, a blocked
      // permission) are in its words and language, so the site says it in its own.
      say(error && error.said ? error.said : t("This browser could not subscribe to push notifications. Try again later, or from another browser."));
    }).then(function () { on.disabled = false; });
  }

  function unsubscribe() {
    off.disabled = true;
    registration().then(function (reg) {
      return reg.pushManager.getSubscription();
    }).then(function (subscription) {
      if (!subscription) return null;
      var endpoint = subscription.endpoint;
      return subscription.unsubscribe().then(function () {
        return post(box.dataset.unsubscribeUrl, { endpoint: endpoint });
      });
    }).then(function () {
      say(t("Push is off for this device. Reloading the list…"));
      show(false);
      window.location.reload();
    }).catch(function () {
      say(t("This browser could not turn push off."));
    }).then(function () { off.disabled = false; });
  }

  on.addEventListener("click", subscribe);
  off.addEventListener("click", unsubscribe);
  box.hidden = false;
  if (needs) needs.hidden = true;
  if (window.Notification.permission === "denied") {
    say(t("Your browser blocks notifications for this site; allow them in its site settings to subscribe."));
  }
  registration().then(function (reg) {
    return reg.pushManager.getSubscription();
  }).then(function (subscription) {
    // Subscribed here and listed for this player: a subscription the site forgot (removed from
    // another device, or at a log-out) is offered again as "Turn on".
    var listed = Array.prototype.map.call(document.querySelectorAll("[data-push-endpoint]"), function (item) {
      return item.dataset.pushEndpoint;
    });
    show(Boolean(subscription) && listed.indexOf(subscription.endpoint) >= 0);
  }).catch(function () { show(false); });
})();
