// gamebox: the built book, kept for offline use (book/offline.py adds this script to every
// page of the built site; JupyterLab never loads it, so it has no service worker).
//
// It registers the site's service worker (sw.js, which Workbox generated at build time to
// precache the whole book: pages, scripts, styles, fonts, Pyodide and the engine's wheel)
// and draws a small control in the page footer:
// - first visit: the worker is registered once the page has loaded, unless the browser
//   asks to save data (navigator.connection.saveData); then the control is a button,
//   "Keep this book for offline use", with the size it would save;
// - while the worker precaches: the files kept so far, of how many (a progress bar);
// - once done: "This book works offline", and how much it keeps;
// - when a new build's worker is waiting: "A new version of this book is ready" and a
//   Reload button, which lets that worker take over (Workbox's SKIP_WAITING message)
//   and reloads the page when it has.
// How much the precache holds is in _static/gamebox-offline.json (written at build time).

(() => {
  if (!("serviceWorker" in navigator) || !window.caches) return;
  const root = new URL(document.documentElement.dataset.content_root || "./", location.href);
  const worker = new URL("sw.js", root);
  // Workbox's precache is named after the worker's scope (workbox-core's cacheNames).
  const cacheName = `workbox-precache-v2-${root.href}`;
  const saveData = navigator.connection?.saveData === true;
  const POLL_MS = 500;

  const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

  function control() {
    const box = document.createElement("div");
    box.className = "footer-item gb-offline";
    const text = document.createElement("p");
    text.className = "gb-offline-text";
    text.setAttribute("role", "status");
    const bar = document.createElement("progress");
    bar.className = "gb-offline-bar";
    bar.setAttribute("aria-label", "Files kept for offline use");
    bar.hidden = true;
    // The count as it goes (not live: the status line says once that it has begun).
    const count = document.createElement("span");
    count.className = "gb-offline-count";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "gb-offline-button";
    button.hidden = true;
    box.append(text, bar, count, button);
    const footer = document.querySelector(".bd-footer-content__inner") ||
      document.querySelector("footer") || document.body;
    footer.append(box);
    return { box, text, bar, count, button };
  }

  // The precache's size and file count, once fetched.
  let info = null;
  async function readInfo() {
    if (info) return info;
    try {
      const response = await fetch(new URL("_static/gamebox-offline.json", root));
      if (response.ok) info = await response.json();
    } catch {
      // offline and not kept yet: the control says no size
    }
    return info;
  }

  function offer(ui, { files, bytes } = {}, again = false) {
    ui.bar.hidden = true;
    ui.text.textContent = (again ? "Keeping this book for offline use stopped. " : "") +
      (bytes ? `Saves ${megabytes(bytes)} on this device (${files} files).` : "");
    ui.button.textContent = "Keep this book for offline use";
    ui.button.hidden = false;
    ui.button.disabled = false;
    ui.button.onclick = () => keep(ui);
  }

  // The book is kept: say how much.
  async function kept(ui) {
    const { bytes } = (await readInfo()) || {};
    if (ui.box.dataset.state === "update") return;
    ui.box.dataset.state = "kept";
    ui.bar.hidden = true;
    ui.button.hidden = true;
    ui.count.textContent = "";
    ui.text.textContent = "This book works offline" +
      (bytes ? `: ${megabytes(bytes)} kept on this device.` : ".");
  }

  // The first worker's precache: the files kept so far, until the worker is active
  // (all kept) or has failed (the control offers to try again).
  async function follow(ui, registration) {
    const { files = 0 } = (await readInfo()) || {};
    ui.box.dataset.state = "saving";
    ui.button.hidden = true;
    ui.bar.hidden = false;
    ui.bar.max = files || 1;
    ui.text.textContent = "Keeping this book for offline use…";
    while (!registration.active) {
      if (!registration.installing && !registration.waiting) {
        ui.box.dataset.state = "offered";
        return offer(ui, info || {}, true);
      }
      const cache = await caches.open(cacheName);
      const count = Math.min((await cache.keys()).length, files);
      ui.bar.value = count;
      ui.count.textContent = `${count} of ${files} files`;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return kept(ui);
  }

  // A new build's worker is waiting (the page's own worker still active): offer it.
  function offerUpdate(ui, registration) {
    ui.box.dataset.state = "update";
    ui.bar.hidden = true;
    ui.count.textContent = "";
    ui.text.textContent = "A new version of this book is ready.";
    ui.button.textContent = "Reload";
    ui.button.setAttribute("aria-label", "Reload with the new version of this book");
    ui.button.hidden = false;
    ui.button.disabled = false;
    ui.button.onclick = () => {
      ui.button.disabled = true;
      navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
      registration.waiting?.postMessage({ type: "SKIP_WAITING" });
    };
  }

  // Every worker the registration installs, now or later (the browser looks for a new
  // sw.js on each visit): once it waits beside an active one, it is a new version.
  function watch(ui, registration) {
    const check = () => {
      if (registration.waiting && registration.active) offerUpdate(ui, registration);
    };
    const track = (installing) => installing?.addEventListener("statechange", check);
    registration.addEventListener("updatefound", () => track(registration.installing));
    track(registration.installing);
    check();
  }

  async function keep(ui) {
    ui.button.disabled = true;
    const registration = await navigator.serviceWorker.register(worker, { scope: root.href });
    watch(ui, registration);
    if (ui.box.dataset.state === "update") return;
    if (registration.active) kept(ui);
    else follow(ui, registration);
  }

  async function start() {
    const ui = control();
    const registration = await navigator.serviceWorker.getRegistration(root.href);
    if (registration || !saveData) return keep(ui);
    ui.box.dataset.state = "offered";
    offer(ui, (await readInfo()) || {});
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
})();
