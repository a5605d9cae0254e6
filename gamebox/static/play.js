// gamebox PlayBoard: the front end of gamebox.widgets.PlayBoard (an anywidget ESM module,
// after board.js).
//
// The reader takes a seat and plays a whole game against the bots with the real engine.
// The board only ships a call and its argument ({call, arg}: "new", "move", "bot",
// "undo", "ponder"...) to whichever back end it has, and draws the "view" that
// gamebox.play.Session.call answers (it never raises: a refused call's view says why):
// - in JupyterLab, the kernel: the board sends the message and Python answers by
//   setting the synced `view` trait;
// - in the static book (no kernel, no network), Python in the reader's browser: Pyodide
//   and a gamebox wheel served from the site's own _static/gamebox/, in a Web Worker
//   (play_worker.js) so the page never freezes while Python works, once per page (the
//   browser, or the book's service worker, keeps the files across pages). The runtime
//   starts loading before the reader presses "Play": when the page is idle, and a board's
//   session (its bots warmed) when the board comes into view (preload), unless the
//   browser asks to save data; "Play" then takes the runtime already started.
// The bots' moves are replayed one at a time with a short pause, in both cases.
// The root element carries data-gamebox-play="<game>" so tests find every play board
// (and data-gamebox-guide="true" on a guided game's board, a chapter's quick start).
//
// The board teaches too (the view says what to show): a guided first game (its step,
// instruction and the pieces to click outlined), a hint, the bots' reasons in the log,
// the bots' level, players and options chosen before a new game, a review of a finished
// game frame by frame, a seat's view or all hands, and pass-and-play (the board hidden
// behind a "pass the screen to Ann" panel between two readers' turns).
//
// The protocol is gamebox.play's: the calls are its CALLS, and every key read from a view
// (always as ``view.<key>``) is a field of its View record (tests/test_protocol.py checks
// both). The code: the back ends; small drawing helpers; the toolbar, declared as data
// (TOOLBAR); the board's parts, made once (makeParts), and its one mutable state
// (newState); then drawing a view (draw), picking pieces (pick), calling the back end
// (act), and the listeners, each a function of the board (``play``: its parts, back end
// and state).

const PAUSE_MS = 350;
// The colours of the marks on the board, in the words the headline uses (play.css draws
// them): the piece a lesson or a hint asks for, and where a picked piece can go.
const LESSON_COLOUR = "purple";
const TARGET_COLOUR = "green";
// The keys that move the focus among the board's pieces, and by how many.
const ARROWS = {
  ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity,
};
// A kernel that has not answered a call after this long has gone: the board says so.
const KERNEL_TIMEOUT_MS = 60000;
// What a tap may land on that is a control of its own, not a miss of the board's pieces.
const CONTROLS = "button, a, input, select, label, summary";

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// -- where the static site keeps its files ---------------------------------------------

function staticBase() {
  const root = document.documentElement.dataset.content_root || "./";
  return new URL(`${root}_static/`, window.location.href).href;
}

// -- the in-browser back end: one Pyodide per page, in a Web Worker -------------------

// What every play board of the page shares. Each board imports this module on its own
// (a module per widget), so the page's one Python lives on the window: the worker
// (play_worker.js) that runs Python for every board, made when the runtime is preloaded
// or a board first calls; the calls waiting for an answer, by number; how many boards
// have a session; what the worker said last while Python loads ("" once loaded: a board
// whose reader presses Play during a preload shows it at once); the preload under way.
const python = (window.gameboxPython ??= {
  worker: null, waiting: new Map(), calls: 0, boards: 0, loading: "", preloading: null,
});

function pythonWorker() {
  if (python.worker) return python.worker;
  python.worker = new Worker(`${staticBase()}gamebox/play_worker.js`, { type: "module" });
  python.worker.onmessage = ({ data }) => {
    if (data.progress !== undefined) {
      python.loading = data.progress;
      for (const call of python.waiting.values()) call.progress(data.progress);
      return;
    }
    const call = python.waiting.get(data.id);
    if (!call) return;
    python.waiting.delete(data.id);
    if (data.error) call.reject(new Error(data.error));
    else call.resolve(JSON.parse(data.view));
  };
  // The worker's script could not load or run: every waiting call fails, and the next
  // call starts a new worker.
  python.worker.onerror = (event) => {
    event.preventDefault();
    const err = new Error(event.message || "the Python worker could not start");
    for (const call of python.waiting.values()) call.reject(err);
    python.waiting.clear();
    python.worker.terminate();
    python.worker = null;
    python.loading = "";
  };
  return python.worker;
}

// -- preload: Python ready before the reader presses Play --------------------------------

// How long the page may stay busy before the runtime starts loading anyway (an idle
// callback's deadline), and without requestIdleCallback (Safari) how long to wait.
const IDLE_TIMEOUT_MS = 5000;
const NO_IDLE_MS = 2000;

// The browser asks to save data (a metered connection, a data saver): nothing is loaded
// before the reader asks.
function savingData() {
  return navigator.connection?.saveData === true;
}

// On the book's first visit its service worker is still keeping the book for offline use
// (gamebox-offline.js): Pyodide would be fetched twice, so the preload waits for that
// worker to take the page (its files then come from the cache). Pressing Play never waits.
function offlineCopyMade() {
  const sw = navigator.serviceWorker;
  if (!sw || sw.controller) return Promise.resolve();
  return sw.getRegistration().then((registration) => {
    if (!registration || !(registration.installing || registration.waiting)) return undefined;
    return new Promise((resolve) => sw.addEventListener("controllerchange", resolve, {
      once: true,
    }));
  });
}

// Start the page's Python once, when the page is idle: the worker loads Pyodide and the
// wheel (a message with no call), off the main thread.
function preloadRuntime() {
  if (savingData()) return Promise.resolve();
  python.preloading ??= new Promise((resolve) => {
    const later = window.requestIdleCallback ?
      (run) => window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) :
      (run) => setTimeout(run, NO_IDLE_MS);
    later(resolve);
  })
    .then(offlineCopyMade)
    .then(() => {
      if (!python.worker) pythonWorker().postMessage({ preload: true });
    });
  return python.preloading;
}

// When a board comes into view, its session too (its bots warmed), after the runtime.
function preloadWhenSeen(root, backend) {
  if (savingData() || !window.IntersectionObserver) return () => {};
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    seen.disconnect();
    preloadRuntime().then(() => backend.warm());
  });
  seen.observe(root);
  return () => seen.disconnect();
}

// This board's session in the worker's Python: made from the board's spec on its
// first call, then asked with Session.answer.
function browserBackend(model, progress) {
  const board = ++python.boards;
  const spec = () => JSON.stringify(model.get("spec"));
  return {
    kind: "browser",
    call(call, arg = null) {
      return new Promise((resolve, reject) => {
        const id = ++python.calls;
        python.waiting.set(id, { resolve, reject, progress });
        pythonWorker().postMessage({ id, board, spec: spec(), call, arg });
        if (python.loading) progress(python.loading);
      });
    },
    // Make the board's session ahead of its first call (no answer comes back).
    warm() {
      pythonWorker().postMessage({ board, spec: spec(), preload: true });
    },
  };
}

// The number of a kernel's answer (PlayBoard counts them): the board waits for the next.
function serialOf(view) {
  return (view && view.serial) || 0;
}

function kernelBackend(model) {
  return {
    kind: "kernel",
    call(call, arg = null) {
      return new Promise((resolve, reject) => {
        const serial = serialOf(model.get("view"));
        const done = () => {
          const view = model.get("view");
          if (view && serialOf(view) !== serial) {
            model.off("change:view", done);
            clearTimeout(timer);
            resolve(view);
          }
        };
        const timer = setTimeout(() => {
          model.off("change:view", done);
          reject(new Error(`the kernel did not answer in ${KERNEL_TIMEOUT_MS / 1000} s`));
        }, KERNEL_TIMEOUT_MS);
        model.on("change:view", done);
        model.send({ call, arg });
      });
    },
  };
}

// -- drawing ---------------------------------------------------------------------------

// Every legal move comes with its picks: the pieces on the board (tagged data-pick in
// the SVG) that a reader clicks to make it, in any order: a card, then the pile it goes
// to. The moves still possible are those that use every piece picked so far.
function movesUsing(view, selected) {
  return view.moves
    .map((text, index) => ({ text, index, picks: view.picks[index] }))
    .filter((move) => selected.every((token) => move.picks.includes(token)));
}

// A refused move whose picks are exactly the pieces ``tokens``, if the rules have one.
function refusedUsing(view, tokens) {
  const found = (view.refused_picks || []).find(
    ([picks]) => picks.length === tokens.length && tokens.every((t) => picks.includes(t))
  );
  return found ? found[1] : null;
}

// What the line of refusals and errors says for a view (text and nodes): why the last
// call could not be made, or why the move tried was refused (its ruling a link to the
// Rulings page in the built book, opened in a new tab so the game stays), or nothing.
function message(view, linked) {
  if (view.error) return [view.error];
  if (!view.refusal) return [];
  const { move, rule, reason } = view.refusal;
  const tag = rule ? [rulingTag(rule, { linked, newTab: true }), ": "] : [];
  return [`Refused: ${move} — `, ...tag, reason];
}

// "1 move", "3 moves": a count and its noun, singular or plural.
function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// The innermost board piece under a click: one that can be picked now if there is one.
function pieceAt(node) {
  const first = node.closest("[data-pick]");
  let piece = first;
  while (piece && !piece.classList.contains("gbp-pickable")) {
    piece = piece.parentElement && piece.parentElement.closest("[data-pick]");
  }
  return piece || first;
}

// The pieces a guided step or a hint asks for (outlined in the lesson's colour).
function lessonPicks(view) {
  return [...((view.guide && view.guide.picks) || []), ...((view.hint && view.hint.picks) || [])];
}

// What a piece shows, as a screen reader names it: its first labelled part's label ("7♣",
// "empty: 5: 0 cards"), else its text.
function pieceShows(piece) {
  const labelled = piece.querySelector("[aria-label]");
  const shown = labelled ? labelled.getAttribute("aria-label") : piece.textContent;
  return shown.replace(/\s+/g, " ").trim();
}

// A board piece as a control while the reader plays: a button (never inside an image)
// that the keyboard reaches, the board's one Tab stop among its pieces if ``stop`` (the
// arrow keys move it), named by an SVG <title> (also a mouse's tooltip) that says what it
// shows and the name its moves give it ("empty: 5: 0 cards (limit P0 red)").
function markPiece(piece, playing, stop) {
  if (!playing) {
    piece.removeAttribute("role");
    piece.removeAttribute("tabindex");
    return;
  }
  const image = piece.parentElement && piece.parentElement.closest('[role="img"]');
  if (image) image.setAttribute("role", "group");
  piece.setAttribute("role", "button");
  piece.setAttribute("tabindex", stop ? "0" : "-1");
  if (piece.querySelector(":scope > title")) return;
  const token = piece.dataset.pick;
  const shows = pieceShows(piece);
  const title = document.createElementNS(piece.namespaceURI, "title");
  title.textContent = !shows || shows === token ? token : `${shows} (${token})`;
  piece.prepend(title);
}

// The theme's "Back to top" pill floats over the page's top; on a phone it covers a
// board's text: while any play board is in view, the page marks it (play.css hides the
// pill). Returns what stops watching this board.
const boardsInView = new Set();
function keepBackToTopOff(root) {
  const mark = () =>
    document.documentElement.toggleAttribute("data-gb-board-in-view", boardsInView.size > 0);
  const watch = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) boardsInView.add(entry.target);
      else boardsInView.delete(entry.target);
    }
    mark();
  });
  watch.observe(root);
  return () => {
    watch.disconnect();
    boardsInView.delete(root);
    mark();
  };
}

// -- the teaching parts ------------------------------------------------------------------

// Ruling ids as tags (links to the Rulings page in the built book, in a new tab).
function rulingTags(rules, linked) {
  return rules.flatMap((rule) => [" ", rulingTag(rule, { linked, newTab: true })]);
}

// What happened since the reader's last move, in order: the guide's narrations and the
// others' moves, each with its reason (a bot's, shown when ``reasons`` is on) or the
// guide's words. It stays until the reader moves again.
function latelyList(lately, reasons) {
  const list = make("ol", "gbp-lately", { "aria-label": "Since your last move" });
  for (const { line, why } of lately) {
    const item = make("li", line ? "" : "gbp-lately-said", {}, line);
    if (why && (reasons || !line)) item.append(line ? ` — ${why}` : why);
    list.append(item);
  }
  return list;
}

// The guided game's box: the reader's own step count, what happened since their last
// move, and what to do now (with the colour its pieces are outlined in).
function showGuide(box, guide, lately, linked) {
  box.hidden = !guide;
  if (!guide) return;
  const counted = guide.done ? "" : `: your step ${guide.step} of ${guide.steps}`;
  const parts = [make("p", "gbp-guide-step", {}, `${guide.title}${counted}`)];
  if (lately.length) parts.push(latelyList(lately, true));
  if (guide.say) {
    const say = make("p", "gbp-guide-say", {}, guide.say);
    if (guide.picks.length) say.append(` (outlined in ${LESSON_COLOUR} on the board)`);
    if (guide.rules.length) say.append(...rulingTags(guide.rules, linked));
    parts.push(say);
  }
  box.replaceChildren(...parts);
}

// The hint asked for: its move (outlined on the board), its reason and its ruling.
function showHint(box, hint, linked) {
  box.hidden = !hint;
  if (!hint) return;
  const move = make("strong", "gbp-hint-move", {}, hint.move);
  box.replaceChildren("Hint: ", move, ` — ${hint.reason}`, ...rulingTags(hint.rule ? [hint.rule] : [], linked));
}

// All hands (the teaching view): what the other seats hold, as text.
function showOthers(box, others) {
  box.hidden = !others.length;
  box.replaceChildren(
    make("p", "gbp-others-head", {}, "All hands (the teaching view):"),
    ...others.map((o) => make("pre", "gbp-others-lines", {}, `${o.seat}\n${o.lines.join("\n")}`))
  );
}

// Before a new game: the players and the game's options, each with its explanation and
// ruling, and the names of the readers at this screen (two or more: pass-and-play).
function setupPanel(view, linked) {
  const box = make("details", "gbp-setup");
  box.append(make("summary", "", {}, "Players and options"));
  const playersLabel = make("label", "gbp-field", {}, "Players ");
  const players = make("select", "gbp-players");
  for (let n = view.players.low; n <= view.players.high; n += 1) {
    const option = make("option", "", { value: String(n) }, String(n));
    if (n === view.players.count) option.selected = true;
    players.append(option);
  }
  playersLabel.append(players);
  const playersLine = make("p", "gbp-option");
  playersLine.append(playersLabel, ` ${view.players.doc}`);
  box.append(playersLine);
  const readers = [];
  for (const row of view.options) {
    const label = make("label", "gbp-field", {}, `${row.label} `);
    let control;
    if (row.choices.length) {
      control = make("select", "gbp-option-value", { "data-option": row.name });
      for (const [i, value] of row.choices.entries()) {
        const option = make("option", "", { value: JSON.stringify(value) }, row.words[i]);
        if (JSON.stringify(value) === JSON.stringify(row.value)) option.selected = true;
        control.append(option);
      }
      readers.push([row, () => JSON.parse(control.value)]);
    } else {
      control = make("input", "gbp-option-value", {
        type: "number", "data-option": row.name, min: String(row.low), max: String(row.high),
        placeholder: row.default === null ? "default" : String(row.default),
      });
      if (row.value !== null) control.value = String(row.value);
      readers.push([row, () => {
        const text = control.value.trim();
        if (!text) return null;
        return /^\d+$/.test(text) ? Number(text) : text;
      }]);
    }
    label.append(control);
    const line = make("p", "gbp-option");
    const takes = row.takes ? ` (${row.takes})` : "";
    line.append(label, ` ${row.doc}${takes}`, ...rulingTags(row.rule ? [row.rule] : [], linked));
    box.append(line);
  }
  const namesLabel = make("label", "gbp-field", {}, "Readers at this screen ");
  const names = make("input", "gbp-names", { type: "text", placeholder: "e.g. Ann, Bo" });
  namesLabel.append(names);
  const namesLine = make("p", "gbp-option");
  namesLine.append(namesLabel, " Names, one a seat from Player 1: two or more take turns " +
    "at this screen (pass-and-play); the other seats are bots.");
  box.append(namesLine);
  return {
    box,
    read() {
      const options = {};
      for (const [row, read] of readers) {
        const value = read(); // null: left empty, the rules' default
        if (value !== null && JSON.stringify(value) !== JSON.stringify(row.default)) {
          options[row.name] = value;
        }
      }
      const given = names.value.split(",").map((n) => n.trim()).filter(Boolean);
      const humans = given.length > 1 ? given.map((_, i) => i) : null;
      return { players: Number(players.value), options, humans, names: given.length ? given : null };
    },
  };
}

// The review of a finished game: its frames one at a time (the Stepper's), the moves
// where the reader's differed from the hint marked, and the way back to the game.
function reviewPanel() {
  const box = make("div", "gbp-review", { role: "group", "aria-label": "Review of the game" });
  const nav = make("div", "gbp-review-nav");
  const buttons = {};
  for (const [key, text, label] of [
    ["first", "«", "First position"], ["prev", "‹", "Previous move"],
    ["next", "›", "Next move"], ["last", "»", "Last position"],
  ]) {
    buttons[key] = make("button", `gbp-review-${key}`, { type: "button", "aria-label": label }, text);
    nav.append(buttons[key]);
  }
  const label = make("span", "gbp-review-label");
  const close = make("button", "gbp-review-close", { type: "button" }, "Back to the game");
  nav.append(label, close);
  const say = make("p", "gbp-review-say", { "aria-live": "polite" });
  const marks = make("div", "gbp-review-marks", { role: "group", "aria-label": "Moves unlike the hint" });
  box.append(nav, say, marks);
  box.hidden = true;
  let at = 0;
  let count = 1;
  let step = () => {};
  buttons.first.addEventListener("click", () => step(0));
  buttons.prev.addEventListener("click", () => step(Math.max(at - 1, 0)));
  buttons.next.addEventListener("click", () => step(Math.min(at + 1, count - 1)));
  buttons.last.addEventListener("click", () => step(count - 1));
  return {
    box,
    onStep(handler) { step = handler; },
    onClose(handler) { close.addEventListener("click", handler); },
    show(review, linked) {
      box.hidden = false;
      at = review.index;
      count = review.count;
      label.textContent = review.frame.label;
      say.replaceChildren(review.frame.say, ...rulingTags(review.frame.rules, linked));
      say.classList.toggle("gbp-review-marked", Boolean(review.mark));
      buttons.first.disabled = buttons.prev.disabled = at === 0;
      buttons.next.disabled = buttons.last.disabled = at === count - 1;
      const jumps = review.marks.map((i) => {
        const jump = make("button", "gbp-review-mark", { type: "button", "aria-label": `Move ${i}` }, String(i));
        jump.addEventListener("click", () => step(i));
        return jump;
      });
      const head = review.marks.length ? "Your moves unlike the hint:" : "Every move of yours was the hint's.";
      marks.replaceChildren(make("span", "", {}, head), ...jumps);
    },
  };
}

// -- the toolbar: the board's buttons, declared once ----------------------------------

// Whether the board takes a click now, and whether the reader may play (both read the
// board's one mutable state, below).
const idle = (state) => !state.busy;
const canPlay = (state) => state.started && state.view.your_turn && !state.busy;
const allHands = ({ view }) => view.viewpoint === "all";

// Every button that makes a call, as data: the slot it sits in (the header; "start",
// before the game; "pass", the pass-the-screen panel; "end", under the moves), its class
// (play.css's and the tests' handle), its label, the call it makes (one of
// gamebox.play.CALLS) and the call's argument, and when it shows, takes clicks and is
// pressed (from the board's state). One loop makes them (makeToolbar), one updates them
// (showToolbar), one listener makes their calls.
const TOOLBAR = [
  {
    slot: "head", className: "gbp-new", label: "New game", call: "new",
    arg: (state, ui) => newGameSpec(ui), enabled: idle,
  },
  {
    slot: "head", className: "gbp-guide-button", label: "Guided game", call: "new",
    arg: () => ({ guide: true, humans: null, names: null }),
    shown: ({ view }) => view.can_guide, enabled: idle,
  },
  {
    slot: "head", className: "gbp-undo", label: "Undo", call: "undo",
    enabled: (state) => idle(state) && state.started && state.view.can_undo,
  },
  { slot: "head", className: "gbp-hint-button", label: "Hint", call: "hint", enabled: canPlay },
  {
    slot: "head", className: "gbp-viewpoint", call: "viewpoint",
    label: (state) => (allHands(state) ? "My seat's view" : "All hands"),
    arg: (state) => (allHands(state) ? "seat" : "all"), pressed: allHands,
    shown: ({ view }) => view.can_see_all,
    enabled: (state) => idle(state) && state.started && !state.view.handover,
  },
  {
    slot: "start", className: "gbp-start", label: "Play", call: "new",
    arg: (state, ui) => (ui.spec.guide === true ? { guide: true } : newGameSpec(ui)),
    shown: (state) => !state.started,
  },
  {
    slot: "pass", className: "gbp-ready", call: "ready",
    label: ({ view }) => `I am ${view.handover}: show my hand`,
  },
  {
    slot: "end", className: "gbp-review-button", label: "Review the game", call: "review",
    arg: () => 0, shown: ({ started, view }) => started && view.over && !view.review,
  },
];

// A declared button's value now: a constant, or a function of the board's state.
function valueOf(declared, state, fallback) {
  if (declared === undefined) return fallback;
  return typeof declared === "function" ? declared(state) : declared;
}

// The toolbar's buttons, each put in its slot; returns them in TOOLBAR's order.
function makeToolbar(slots) {
  return TOOLBAR.map((item) => {
    const button = make("button", item.className, { type: "button" });
    if (item.pressed) button.setAttribute("aria-pressed", "false");
    slots[item.slot].append(button);
    return button;
  });
}

// Each button's label, and whether it shows, takes clicks and is pressed, for this state.
function showToolbar(ui, state) {
  TOOLBAR.forEach((item, i) => {
    const button = ui.toolbar[i];
    button.textContent = valueOf(item.label, state, "");
    button.hidden = !valueOf(item.shown, state, true);
    button.disabled = !valueOf(item.enabled, state, true);
    if (item.pressed) button.setAttribute("aria-pressed", String(item.pressed(state)));
  });
}

// What "New game" asks for: the seed as typed (Python reads it, and says why if it is no
// seed), the bots chosen, and the players, options and readers of the setup panel.
function newGameSpec(ui) {
  return { seed: ui.seedInput.value, bots: ui.botSelect.value, guide: false, ...ui.setup.read() };
}

// -- the board's parts -----------------------------------------------------------------

// The header's fields: the seed of the next game and the bots' level.
function headFields(spec, view) {
  const seedLabel = make("label", "gbp-field", {}, "Seed ");
  const seedInput = make("input", "gbp-seed", { type: "number", min: "0", value: spec.seed });
  seedLabel.append(seedInput);
  const botLabel = make("label", "gbp-field", {}, "Bots ");
  const botSelect = make("select", "gbp-bots");
  const chosen = typeof spec.bots === "string" ? spec.bots : "heuristic";
  for (const kind of view.levels) {
    const option = make("option", "", { value: kind }, kind);
    option.selected = kind === chosen;
    botSelect.append(option);
  }
  botLabel.append(botSelect);
  return { seedLabel, seedInput, botLabel, botSelect };
}

// The field to type any move in, to try it.
function tryPanel() {
  const form = make("form", "gbp-try");
  const input = make("input", "gbp-try-input", {
    type: "text",
    "aria-label": "Type any move to try it",
    placeholder: "type any move to try it…",
  });
  form.append(input, make("button", "gbp-try-button", { type: "submit" }, "Try"));
  return { form, input };
}

// The game's log, with the bots' reasons (shown unless the reader turns them off).
function logPanel() {
  const box = make("details", "gbp-log");
  const label = make("label", "gbp-field gbp-reasons-toggle", {}, " Show the bots' reasons");
  const reasons = make("input", "gbp-reasons", { type: "checkbox" });
  reasons.checked = true;
  label.prepend(reasons);
  const list = make("ol", "gbp-log-list");
  box.append(make("summary", "", {}, "Game log"), label, list);
  return { box, reasons, list };
}

// Every part of the board, made once (draw fills them for each view), in the page's order.
function makeParts(model, spec, view) {
  const frame = boardFrame("play", "gbp", {
    "aria-label": `Play ${model.get("title")}`,
    "data-gamebox-play": spec.game,
  });
  if (spec.guide === true) frame.root.dataset.gameboxGuide = "true"; // a chapter's quick start
  frame.title.textContent = `Play ${model.get("title")}`;
  const fields = headFields(spec, view);
  const parts = {
    ...frame,
    ...fields,
    model,
    spec,
    setup: setupPanel(view, model.get("linked") || {}),
    status: make("p", "gbp-status"),
    // What a screen reader hears as the game goes: the bots' moves, whose move it is, the
    // game's end (the status line and the boxes are not live).
    announcer: make("p", "gbp-sr gbp-announce", { role: "status", "aria-live": "polite" }),
    guideBox: make("div", "gbp-guide"),
    latelyBox: make("div", "gbp-lately-box"),
    passBox: make("div", "gbp-pass", { role: "group", "aria-label": "Pass the screen" }),
    passText: make("p", "gbp-pass-text", { "aria-live": "polite" }),
    review: reviewPanel(),
    // The board as text, for anyone (a screen reader reads it in place, or a reader opens it).
    textBox: make("details", "gbp-text"),
    othersBox: make("div", "gbp-others"),
    hintBox: make("p", "gbp-hint", { "aria-live": "polite" }),
    refusal: make("p", "gbp-refusal", { role: "alert" }),
    movesHead: make("p", "gbp-moves-head"),
    moves: make("div", "gbp-moves", { role: "group", "aria-label": "Your legal moves" }),
    startBox: make("div", "gbp-start-box"),
    progressLine: make("p", "gbp-progress", { "aria-live": "polite" }),
    tryer: tryPanel(),
    endBox: make("div", "gbp-end"),
    log: logPanel(),
  };
  parts.head.append(fields.seedLabel, fields.botLabel);
  parts.passBox.append(parts.passText);
  parts.textBox.append(make("summary", "", {}, "The board as text"), parts.alt);
  parts.toolbar = makeToolbar({
    head: parts.head, start: parts.startBox, pass: parts.passBox, end: parts.endBox,
  });
  parts.startBox.append(parts.progressLine);
  parts.root.append(
    parts.head, parts.setup.box, parts.status, parts.announcer, parts.guideBox,
    parts.latelyBox, parts.passBox, parts.review.box, parts.board, parts.textBox,
    parts.othersBox, parts.hintBox, parts.refusal, parts.movesHead, parts.moves,
    parts.startBox, parts.tryer.form, parts.endBox, parts.log.box
  );
  return parts;
}

// The board's one mutable state: the view drawn and where the reader is in using it.
function newState(view, started) {
  return {
    view,
    started, // the game has begun (at once in JupyterLab; after Play in the book)
    busy: false, // a call is under way: clicks wait for it
    selected: [], // the pieces picked so far
    pickedOnBoard: false, // the call under way was made on the board (focus goes back)
    focusToken: null, // the board's one Tab stop among its pieces (arrows move it)
    told: 0, // of the view's lately, the entries announced
    pondering: null, // the "ponder" calls under way (a promise)
    stopPondering: false, // asked to stop them
  };
}

// -- what the lines say ----------------------------------------------------------------

// Who plays which seat, and whose turn it is; before the game has started (the built
// book, before "Play"), the deal on show and how to start.
function statusLine({ started, view }) {
  if (!started) return `The deal of seed ${view.seed}: press Play below to start. ${view.seats}`;
  if (view.over) return view.result;
  if (view.handover) return `${view.seats} Pass the screen to ${view.handover}.`;
  if (view.your_turn) {
    return `${view.seats} ${view.to_move === "You" ? "Your" : `${view.to_move}'s`} move.`;
  }
  // With no board (the line of errors says why) no one is to move.
  return view.to_move ? `${view.seats} ${view.to_move} to move.` : view.seats;
}

// The line over the moves: what to do with the pieces picked (``offered``: the moves
// that use them), or how to move.
function headline({ started, view, selected }, offered) {
  const picked = selected.join(" + ");
  if (!started || view.over) return "";
  if (!view.your_turn) return "The other players are moving…";
  if (selected.length && !offered.length) {
    return `Picked ${picked}: no legal move uses it now. Click where it would go to see ` +
      "the rule that refuses it, or press Esc to start again.";
  }
  if (selected.length) {
    const using = offered.length === 1 ? "The one move that uses it:" :
      `The ${count(offered.length, "move", "moves")} that use it:`;
    const colour = nextColour(view, selected);
    const where = colour === LESSON_COLOUR ? "the piece" : "a piece";
    return `Picked ${picked}: now click ${where} outlined in ${colour}, or press Esc to start ` +
      `again. ${using}`;
  }
  const n = view.moves.length;
  const yours = n === 1 ? "your one legal move" : `one of your ${n} legal moves`;
  const tempting = view.tempting.length ?
    `; under ${n === 1 ? "it" : "them"}, a few the rules refuse` : "";
  return `Your move: click a piece on the board, or ${yours} below${tempting}.`;
}

// The colour the piece to pick next is outlined in: the lesson's, while one of its pieces
// is still to pick, else the targets'.
function nextColour(view, selected) {
  return lessonPicks(view).some((t) => !selected.includes(t)) ? LESSON_COLOUR : TARGET_COLOUR;
}

// Once the bots have replied, what a screen reader hears: what they did since the
// reader's last move (the entries of ``lately`` not yet announced), then the reader's
// lesson or turn, or the result.
function announce(ui, state) {
  const { view } = state;
  if (state.busy || !state.started) return;
  if (view.lately.length < state.told) state.told = 0; // the reader moved: a new round
  const reasons = Boolean(view.guide) || ui.log.reasons.checked;
  const news = view.lately.slice(state.told).map(({ line, why }) =>
    line && why && reasons ? `${line} — ${why}` : line || why);
  state.told = view.lately.length;
  if (view.over) news.push(view.result);
  else if (view.handover) news.push(`Pass the screen to ${view.handover}.`);
  else if (view.your_turn && news.length) {
    news.push(view.guide && view.guide.say ? view.guide.say : "Your move.");
  }
  if (news.length) ui.announcer.textContent = news.join(" ");
}

// -- drawing a view ---------------------------------------------------------------------

// The board, or the review's frame.
function showPosition(ui, view) {
  const linked = ui.model.get("linked") || {};
  if (view.review) {
    ui.review.show(view.review, linked);
    showBoard(ui, view.review.frame.svg, view.review.frame.text);
  } else {
    ui.review.box.hidden = true;
    showBoard(ui, view.svg, view.text);
  }
  ui.textBox.hidden = !ui.alt.textContent;
}

// The guide's box (or the list of what happened since the reader's move), the hint,
// all hands, and the pass-the-screen panel.
function showTeaching(ui, { started, view }) {
  const linked = ui.model.get("linked") || {};
  const lately = started ? view.lately : [];
  showGuide(ui.guideBox, started ? view.guide : null, lately, linked);
  ui.latelyBox.hidden = Boolean(view.guide) || !lately.length;
  ui.latelyBox.replaceChildren(
    make("p", "gbp-lately-head", {}, "Since your last move:"),
    latelyList(lately, ui.log.reasons.checked)
  );
  showHint(ui.hintBox, view.hint, linked);
  showOthers(ui.othersBox, view.others);
  ui.passBox.hidden = !(started && view.handover);
  ui.passText.textContent = `Pass the screen to ${view.handover}. ${view.handover}: press the ` +
    "button when only you can see it.";
}

// The log, each line with its reason while the reasons are shown.
function showLog(ui, view) {
  const reasons = ui.log.reasons.checked;
  ui.log.list.replaceChildren(
    ...view.log.map((line, i) => {
      const item = make("li", "", {}, line);
      const reason = view.reasons[i];
      if (reasons && reason) item.append(make("span", "gbp-reason", {}, ` — ${reason}`));
      return item;
    })
  );
}

// Draw a view; with keepMessage, the line of refusals and errors keeps what it says.
function draw(play, view, { keepMessage = false } = {}) {
  const { ui, state } = play;
  state.view = view;
  state.selected = [];
  Object.assign(ui.root.dataset, {
    over: String(view.over),
    yourTurn: String(view.your_turn),
    handover: String(Boolean(view.handover)),
    reviewing: String(Boolean(view.review)),
  });
  showPosition(ui, view);
  ui.status.textContent = statusLine(state);
  if (!keepMessage) ui.refusal.replaceChildren(...message(view, ui.model.get("linked") || {}));
  showTeaching(ui, state);
  announce(ui, state);
  showPicks(play);
  ui.tryer.form.hidden = !canPlay(state);
  ui.progressLine.hidden = state.started;
  showToolbar(ui, state);
  showLog(ui, view);
}

// -- picking pieces on the board --------------------------------------------------------

// Outline the pieces that can be picked now (the picked ones, and those that could come
// next), and list the moves that use what is picked.
function showPicks(play) {
  const { ui, state } = play;
  const playing = canPlay(state);
  const marked = lessonPicks(state.view);
  const offered = playing ? movesUsing(state.view, state.selected) : [];
  const live = new Set(offered.flatMap((move) => move.picks));
  const pieces = [...ui.board.querySelectorAll("[data-pick]")];
  const tokens = pieces.map((piece) => piece.dataset.pick);
  if (!tokens.includes(state.focusToken)) {
    state.focusToken = tokens.find((t) => live.has(t)) ?? tokens[0] ?? null;
  }
  for (const piece of pieces) {
    const token = piece.dataset.pick;
    const on = live.has(token);
    const picked = state.selected.includes(token);
    piece.classList.toggle("gbp-pickable", on);
    piece.classList.toggle("gbp-piece", playing);
    piece.classList.toggle("gbp-selected", picked);
    piece.classList.toggle("gbp-target", on && state.selected.length > 0 && !picked);
    piece.classList.toggle("gbp-lesson", playing && marked.includes(token));
    markPiece(piece, playing, token === state.focusToken);
  }
  ui.moves.replaceChildren();
  ui.movesHead.textContent = headline(state, offered);
  if (playing) moveButtons(play, offered);
}

// The moves offered, in the rows the view groups them in (by the piece they move), then
// (with nothing picked) a few tempting moves the rules refuse.
function moveButtons(play, offered) {
  const { ui, state: { view, selected } } = play;
  const offer = new Set(offered.map((move) => move.index));
  const asked = [view.guide && view.guide.move, view.hint && view.hint.move];
  const button = (className, text) => {
    const made = make("button", className, { type: "button", "data-move": text }, text);
    made.addEventListener("click", () => act(play, "move", text));
    return made;
  };
  for (const group of view.groups) {
    const here = group.moves.filter((i) => offer.has(i));
    if (!here.length) continue;
    const row = make("div", "gbp-group", { role: "group", "aria-label": group.key || "moves" });
    if (group.key) row.append(make("span", "gbp-group-key", {}, group.key));
    for (const text of here.map((i) => view.moves[i])) {
      const lesson = asked.includes(text) ? " gbp-move-lesson" : "";
      row.append(button(`gbp-move${lesson}`, text));
    }
    ui.moves.append(row);
  }
  if (selected.length || !view.tempting.length) return;
  const row = make("div", "gbp-group gbp-tempting", {
    role: "group",
    "aria-label": "Tempting moves the rules refuse",
  });
  row.append(make("span", "gbp-group-key", {}, "Try:"));
  row.append(...view.tempting.map((text) => button("gbp-refused", text)));
  ui.moves.append(row);
}

// A click on a board piece (or Enter or Space on it). Pieces that no legal move uses
// still answer: if what is picked makes a move the rules refuse, it is tried, so the
// reader sees the ruling.
function pick(play, token) {
  const { ui, state } = play;
  const { view } = state;
  if (!canPlay(state)) return;
  state.focusToken = token;
  if (state.selected.includes(token)) {
    state.selected = state.selected.filter((t) => t !== token);
    return showPicks(play);
  }
  let next = [...state.selected, token];
  if (!movesUsing(view, next).length) {
    const refused = refusedUsing(view, next) || refusedUsing(view, [token]);
    if (refused) return moveFromBoard(play, refused);
    next = [token];
  }
  const offered = movesUsing(view, next);
  const refusable = (view.refused_picks || []).some(([picks]) => picks.includes(token));
  if (!offered.length && !refusable) {
    state.selected = [];
    showPicks(play);
    return say(ui, `No move of yours uses ${token} now.`);
  }
  const whole = offered.filter((move) => move.picks.length === next.length);
  if (offered.length === 1 && whole.length === 1) return moveFromBoard(play, whole[0].text);
  state.selected = next;
  return showPicks(play);
}

// A move the pieces picked make: tried, and the focus comes back to the board.
function moveFromBoard(play, text) {
  play.state.selected = [];
  play.state.pickedOnBoard = true;
  act(play, "move", text);
}

// A message on the line of refusals and errors (a live region: a screen reader hears it).
function say(ui, text) {
  ui.refusal.textContent = text;
}

// What to do next with the pieces picked, when a tap lands on nothing: they stay picked.
function stillPicked(ui, { view, selected }) {
  say(ui, `Still picked: ${selected.join(" + ")}. Now tap where it goes (outlined in ` +
    `${nextColour(view, selected)}), or press Esc to start again.`);
}

// The arrow keys move the board's Tab stop from piece to piece (Home and End to the
// first and the last), in the order the board draws them.
function moveFocus(play, from, step) {
  const pieces = [...play.ui.board.querySelectorAll('[data-pick][role="button"]')];
  const at = pieces.indexOf(from);
  const to = step === -Infinity ? 0 : step === Infinity ? pieces.length - 1 :
    Math.min(Math.max(at + step, 0), pieces.length - 1);
  from.setAttribute("tabindex", "-1");
  pieces[to].setAttribute("tabindex", "0");
  play.state.focusToken = pieces[to].dataset.pick;
  pieces[to].focus();
}

// -- calling the back end ---------------------------------------------------------------

// The bots' moves one at a time, until it is the reader's turn, the game is over, or
// a call fails (its view says why; the board stops rather than ask again).
async function runBots(play, view) {
  while (view.bots_to_move && !view.error) {
    draw(play, view);
    await sleep(Number(play.ui.root.dataset.pause ?? PAUSE_MS));
    view = await play.backend.call("bot");
  }
  return view;
}

// While the reader thinks, the back end works out the hint of their position (for
// the review, and so that Hint answers at once), then any hint the review is still
// owed (of a move made before its position was pondered): "ponder" calls once the
// board is drawn, one hint each, while the view says some are owed (hints_owed). A
// click meanwhile stops them and waits for the one under way (act), rather than
// being lost; their views show nothing new and are not drawn. The bots' replies
// never work out a hint: the reader waits for the bots' own thought alone.
function ponder(play) {
  const { state } = play;
  state.stopPondering = false;
  state.pondering = (async () => {
    await sleep(50);
    while (!state.stopPondering) {
      const view = await play.backend.call("ponder");
      if (view.error || !view.hints_owed) break;
    }
  })()
    .catch((err) => console.warn("gamebox play board (pondering):", err))
    .finally(() => {
      state.pondering = null;
    });
}

function setBusy({ ui, state }, on) {
  state.busy = on;
  ui.root.dataset.busy = String(on);
}

// After the bots' replies, keyboard focus goes back where the reader was: to a piece
// on the new board if a piece was picked, else to the first move button.
function refocus(ui, onBoard) {
  const next = onBoard
    ? ui.board.querySelector('[data-pick][tabindex="0"]')
    : ui.moves.querySelector("button");
  (next || ui.root).focus({ preventScroll: onBoard });
}

// One call to the back end, then the bots' replies. The board is busy meanwhile and
// never stays busy: whatever fails (Pyodide failing to load, the kernel gone, a
// JavaScript error while drawing), the board says so and takes clicks again.
async function act(play, call, arg = null) {
  const { ui, state } = play;
  if (state.busy) return;
  const onBoard = ui.board.contains(document.activeElement) || state.pickedOnBoard;
  state.pickedOnBoard = false;
  setBusy(play, true);
  let view = null;
  try {
    if (state.pondering) {
      state.stopPondering = true;
      await state.pondering;
    }
    view = await play.backend.call(call, arg);
    state.started = true;
    view = await runBots(play, view);
  } catch (err) {
    const said = `${state.started ? "The game could not go on" : "Could not start"}: ${err}`;
    if (state.started) say(ui, said);
    else ui.progressLine.textContent = said;
    console.warn("gamebox play board:", err);
  } finally {
    setBusy(play, false);
  }
  if (!view) return draw(play, state.view, { keepMessage: true });
  draw(play, view);
  if (view.your_turn) refocus(ui, onBoard);
  // The reader's turn, or the game's end with hints the review is owed.
  if ((view.your_turn || view.over) && view.hints_owed) ponder(play);
}

// -- listening ----------------------------------------------------------------------------

// A tap on a piece picks it; a tap on nothing (between pieces, on the panel) keeps what
// is picked and says what to do next. Enter or Space on a piece picks it, the arrow keys
// move among the pieces, Esc drops what is picked.
function listenToTheBoard(play) {
  const { ui, state } = play;
  ui.root.addEventListener("click", (event) => {
    const piece = ui.board.contains(event.target) && pieceAt(event.target);
    if (piece) pick(play, piece.dataset.pick);
    else if (state.selected.length && !event.target.closest(CONTROLS)) stillPicked(ui, state);
  });
  ui.board.addEventListener("keydown", (event) => {
    const piece = pieceAt(event.target);
    if (!piece) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick(play, piece.dataset.pick);
    } else if (ARROWS[event.key] !== undefined) {
      event.preventDefault();
      moveFocus(play, piece, ARROWS[event.key]);
    }
  });
  ui.root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.selected.length) {
      state.selected = [];
      showPicks(play);
    }
  });
}

// The toolbar's calls, the typed move, the review's steps and the reasons' toggle.
function listenToTheControls(play) {
  const { ui, state } = play;
  TOOLBAR.forEach((item, i) => {
    ui.toolbar[i].addEventListener("click", () =>
      act(play, item.call, item.arg ? item.arg(state, ui) : null));
  });
  ui.tryer.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = ui.tryer.input.value.trim();
    if (text) act(play, "move", text);
  });
  ui.review.onStep((index) => act(play, "review", index));
  ui.review.onClose(() => draw(play, { ...state.view, review: null }));
  ui.log.reasons.addEventListener("change", () => draw(play, state.view, { keepMessage: true }));
}

function render({ model, el }) {
  const view = model.get("view");
  const ui = makeParts(model, model.get("spec"), view);
  el.append(ui.root);
  const stopWatching = keepBackToTopOff(ui.root);
  const progress = (text) => {
    ui.progressLine.textContent = text;
  };
  const backend = isStaticPage() ? browserBackend(model, progress) : kernelBackend(model);
  const play = { ui, backend, state: newState(view, backend.kind === "kernel") };
  listenToTheBoard(play);
  listenToTheControls(play);
  draw(play, view);
  let stopPreload = () => {};
  if (backend.kind === "kernel") {
    model.on("change:view", () => {
      if (!play.state.busy && !play.state.pondering) draw(play, model.get("view"));
    });
    if (view.bots_to_move) act(play, "bot");
  } else {
    preloadRuntime();
    stopPreload = preloadWhenSeen(ui.root, backend);
  }
  return () => {
    stopWatching();
    stopPreload();
    ui.root.remove();
  };
}

export default { render };
