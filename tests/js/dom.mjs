// Runs one of the site's static scripts in a jsdom page: tests/js/*.test.mjs build the page's
// markup, load the script as the browser would, then act on the page as a player would.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";

const STATIC = fileURLToPath(new URL("../../static/", import.meta.url));

/** A window on `html` at `url`, with the static scripts `scripts` (paths under static/) run. */
export function page(html, { url = "http://badux.test/", scripts = [], before } = {}) {
  const dom = new JSDOM(`<!doctype html><html><body>${html}</body></html>`, {
    url,
    runScripts: "outside-only",
    pretendToBeVisual: true,
  });
  if (before) { before(dom.window); }
  for (const script of scripts) {
    dom.window.eval(readFileSync(STATIC + script, "utf8"));
  }
  return dom.window;
}

/** A plain left click on `element`, as a person's. */
export function click(element) {
  const view = element.ownerDocument.defaultView;
  element.dispatchEvent(new view.MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
}

/** A key press on `element` (the page's body by default). */
export function key(window, name, element) {
  const target = element || window.document.body;
  target.dispatchEvent(new window.KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
}

/** Lets pending promises (a mocked fetch's answer) settle. */
export function settle() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
