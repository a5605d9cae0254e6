// gamebox PlayBoard: the front end of gamebox.widgets.PlayBoard (an anywidget ESM module).
//
// The reader takes a seat and plays a whole game against the bots with the real engine
// (gamebox.play.Session). Two back ends answer the same calls with the same "view"
// dicts:
// - in JupyterLab, the kernel: the board sends {call, arg} messages and Python answers
//   by setting the synced `view` trait;
// - in the static book (no kernel, no network), Python in the reader's browser: Pyodide
//   and a gamebox wheel served from the site's own _static/gamebox/, loaded only when the
//   reader presses "Play", once per page (the browser caches the files across pages).
// The bots' moves are replayed one at a time with a short pause, in both cases.
// The root element carries data-gamebox-play="<game>" so tests find every play board.

const PAUSE_MS = 350;

function make(tag, className, attrs = {}, text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// -- where the static site keeps its files ---------------------------------------------

function staticBase() {
  const probe = document.querySelector('script[src*="gamebox-require.js"]');
  if (probe) return probe.src.slice(0, probe.src.lastIndexOf("/") + 1);
  const root = document.documentElement.dataset.content_root || "./";
  return new URL(`${root}_static/`, window.location.href).href;
}

function isStaticPage() {
  // The built book embeds the widgets' state in the page; JupyterLab never does.
  return Boolean(
    document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]')
  );
}

// -- the in-browser back end: one Pyodide per page, shared by every play board --------

let pyodideReady = null;

function startPyodide(progress) {
  if (pyodideReady) return pyodideReady;
  pyodideReady = (async () => {
    const base = `${staticBase()}gamebox/`;
    progress("Loading the Python runtime (about 13 MB, once)…");
    const { loadPyodide } = await import(`${base}pyodide/pyodide.mjs`);
    const pyodide = await loadPyodide({ indexURL: `${base}pyodide/` });
    progress("Installing the gamebox engine…");
    const manifest = await (await fetch(`${base}wheel.json`)).json();
    const wheel = await (await fetch(`${base}${manifest.wheel}`)).arrayBuffer();
    pyodide.unpackArchive(wheel, "wheel");
    pyodide.runPython(
      [
        "import json",
        "from gamebox.play import Session",
        "_gamebox_sessions = {}",
        "def _gamebox_call(key, spec, call, arg):",
        "    spec = json.loads(spec)",
        "    if call == 'new' or key not in _gamebox_sessions:",
        "        _gamebox_sessions[key] = Session(spec['game'], spec['players'],",
        "            seat=spec['seat'], bots=spec['bots'], seed=spec['seed'],",
        "            options=spec['options'])",
        "    s = _gamebox_sessions[key]",
        "    if call == 'move': s.try_move(arg)",
        "    elif call == 'bot': s.step_bot()",
        "    elif call == 'undo': s.undo()",
        "    return s.view_json()",
      ].join("\n")
    );
    return pyodide;
  })();
  pyodideReady.catch(() => {
    pyodideReady = null;
  });
  return pyodideReady;
}

let boardCounter = 0;

function browserBackend(model, progress) {
  const key = `board${++boardCounter}`;
  let pyodide = null;
  return {
    kind: "browser",
    async call(call, arg = "", spec = null) {
      if (!pyodide) pyodide = await startPyodide(progress);
      const fn = pyodide.globals.get("_gamebox_call");
      const answer = fn(key, JSON.stringify(spec || model.get("spec")), call, String(arg));
      fn.destroy();
      return JSON.parse(answer);
    },
  };
}

function kernelBackend(model) {
  return {
    kind: "kernel",
    call(call, arg = "", spec = null) {
      return new Promise((resolve) => {
        const serial = (model.get("view") || {}).serial || 0;
        const done = () => {
          const view = model.get("view");
          if (view && view.serial !== serial) {
            model.off("change:view", done);
            resolve(view);
          }
        };
        model.on("change:view", done);
        model.send({ call, arg: String(arg), spec: spec || model.get("spec") });
      });
    },
  };
}

// -- drawing ---------------------------------------------------------------------------

// Moves that name what moves and where ("6♥ → column", "7 → pile 2") are grouped by the
// piece, so the reader picks a card (or tile, or die) and then its target; other moves
// ("draw stock", "roll", "bank") stand alone in one row.
function groupMoves(texts) {
  const groups = new Map();
  for (const text of texts) {
    const cut = text.indexOf(" → ");
    const key = cut > 0 ? text.slice(0, cut) : "";
    const label = cut > 0 ? `→ ${text.slice(cut + 3)}` : text;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push({ text, label });
  }
  return [...groups].sort(([a], [b]) => (a === "") - (b === ""));
}

// Every legal move comes with its picks: the pieces on the board (tagged data-pick in
// the SVG) that a reader clicks to make it, in any order: a card, then the pile it goes
// to. The moves still possible are those that use every piece picked so far.
function movesUsing(view, selected) {
  return view.moves
    .map((text, i) => ({ text, picks: view.picks[i] }))
    .filter((move) => selected.every((token) => move.picks.includes(token)));
}

// A refused move whose picks are exactly the pieces ``tokens``, if the rules have one.
function refusedUsing(view, tokens) {
  const found = (view.refused_picks || []).find(
    ([picks]) => picks.length === tokens.length && tokens.every((t) => picks.includes(t))
  );
  return found ? found[1] : null;
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

function render({ model, el }) {
  const spec = model.get("spec");
  const root = make("section", "gamebox-play", {
    role: "region",
    "aria-label": `Play ${model.get("title")}`,
    "data-gamebox-play": spec.game,
  });

  const head = make("header", "gbp-head");
  const title = make("span", "gbp-title", {}, `Play ${model.get("title")}`);
  const seedLabel = make("label", "gbp-field", {}, "Seed ");
  const seedInput = make("input", "gbp-seed", { type: "number", min: "0", value: spec.seed });
  seedLabel.append(seedInput);
  const botLabel = make("label", "gbp-field", {}, "Bots ");
  const botSelect = make("select", "gbp-bots");
  for (const kind of ["heuristic", "random"]) {
    const option = make("option", "", { value: kind }, kind);
    if (kind === spec.bots) option.selected = true;
    botSelect.append(option);
  }
  botLabel.append(botSelect);
  const newButton = make("button", "gbp-new", { type: "button" }, "New game");
  const undoButton = make("button", "gbp-undo", { type: "button" }, "Undo");
  head.append(title, seedLabel, botLabel, newButton, undoButton);

  const status = make("p", "gbp-status", { "aria-live": "polite" });
  const board = make("div", "gbp-board");
  const alt = make("pre", "gbp-sr");
  const refusal = make("p", "gbp-refusal", { role: "alert" });
  const movesHead = make("p", "gbp-moves-head");
  const moves = make("div", "gbp-moves", { role: "group", "aria-label": "Your legal moves" });
  const tryForm = make("form", "gbp-try");
  const tryInput = make("input", "gbp-try-input", {
    type: "text",
    "aria-label": "Type any move to try it",
    placeholder: "type any move to try it…",
  });
  const tryButton = make("button", "gbp-try-button", { type: "submit" }, "Try");
  tryForm.append(tryInput, tryButton);
  const logBox = make("details", "gbp-log");
  const logSummary = make("summary", "", {}, "Game log");
  const logList = make("ol", "gbp-log-list");
  logBox.append(logSummary, logList);
  const playButton = make("button", "gbp-start", { type: "button" }, "Play");
  const progressLine = make("p", "gbp-progress", { "aria-live": "polite" });

  root.append(head, status, board, alt, refusal, movesHead, moves, tryForm, logBox);
  el.append(root);

  const progress = (text) => {
    progressLine.textContent = text;
  };
  const backend = isStaticPage() ? browserBackend(model, progress) : kernelBackend(model);
  let busy = false;
  let started = backend.kind === "kernel";
  let shown = model.get("view");
  let selected = [];
  let pickedOnBoard = false;

  function canPlay(view) {
    return started && view.your_turn && !busy;
  }

  function moveButtons(view, offered) {
    for (const [key, group] of groupMoves(offered.map((move) => move.text))) {
      const row = make("div", "gbp-group", { role: "group", "aria-label": key || "moves" });
      if (key) row.append(make("span", "gbp-group-key", {}, key));
      for (const { text, label } of group) {
        const button = make("button", "gbp-move", { type: "button", "data-move": text }, label);
        button.setAttribute("aria-label", text);
        button.addEventListener("click", () => act("move", text));
        row.append(button);
      }
      moves.append(row);
    }
    if (selected.length || !view.tempting.length) return;
    const row = make("div", "gbp-group gbp-tempting", {
      role: "group",
      "aria-label": "Tempting moves the rules refuse",
    });
    row.append(make("span", "gbp-group-key", {}, "Try:"));
    for (const text of view.tempting) {
      const button = make("button", "gbp-refused", { type: "button", "data-move": text }, text);
      button.addEventListener("click", () => act("move", text));
      row.append(button);
    }
    moves.append(row);
  }

  function headline(view, offered) {
    const picked = selected.join(" + ");
    if (!started || view.over) return "";
    if (!view.your_turn) return "The other players are moving…";
    if (selected.length && !offered.length) {
      return `Picked ${picked}: no legal move uses it now. Click where it would go to see ` +
        "the rule that refuses it, or press Esc to start again.";
    }
    if (selected.length) {
      return `Picked ${picked}: now click a piece outlined in green, or press Esc to start ` +
        `again. The moves that use it (${offered.length}):`;
    }
    return `Your move: click a piece on the board, or one of your ${view.moves.length} legal ` +
      "moves below; under them, a few the rules refuse.";
  }

  // Outline the pieces that can be picked now (the picked ones, and those that could come
  // next), and list the moves that use what is picked.
  function showPicks(view) {
    const playing = canPlay(view);
    const offered = playing ? movesUsing(view, selected) : [];
    const live = new Set(offered.flatMap((move) => move.picks));
    for (const piece of board.querySelectorAll("[data-pick]")) {
      const token = piece.dataset.pick;
      const on = live.has(token);
      piece.classList.toggle("gbp-pickable", on);
      piece.classList.toggle("gbp-piece", playing);
      piece.classList.toggle("gbp-selected", selected.includes(token));
      piece.classList.toggle("gbp-target", on && selected.length > 0 && !selected.includes(token));
      if (on) {
        piece.setAttribute("tabindex", "0");
        piece.setAttribute("role", "button");
        piece.setAttribute("aria-label", `pick ${token}`);
      } else {
        for (const name of ["tabindex", "role", "aria-label"]) piece.removeAttribute(name);
      }
    }
    moves.replaceChildren();
    movesHead.textContent = headline(view, offered);
    if (playing) moveButtons(view, offered);
    if (!started) moves.append(playButton, progressLine);
  }

  // A click on a board piece. Pieces that no legal move uses still answer: if what is
  // picked makes a move the rules refuse, it is tried, so the reader sees the ruling.
  function pick(token) {
    if (!canPlay(shown)) return;
    if (selected.includes(token)) {
      selected = selected.filter((t) => t !== token);
    } else {
      let next = [...selected, token];
      if (!movesUsing(shown, next).length) {
        const refused = refusedUsing(shown, next) || refusedUsing(shown, [token]);
        if (refused) {
          selected = [];
          pickedOnBoard = true;
          act("move", refused);
          return;
        }
        next = [token];
      }
      const offered = movesUsing(shown, next);
      const refusable = (shown.refused_picks || []).some(([picks]) => picks.includes(token));
      if (!offered.length && !refusable) {
        selected = [];
        showPicks(shown);
        refusal.textContent = `No move of yours uses ${token} now.`;
        return;
      }
      const whole = offered.filter((move) => move.picks.length === next.length);
      if (offered.length === 1 && whole.length === 1) {
        selected = [];
        pickedOnBoard = true;
        act("move", whole[0].text);
        return;
      }
      selected = next;
    }
    showPicks(shown);
  }

  function draw(view) {
    shown = view;
    selected = [];
    root.dataset.over = view.over ? "true" : "false";
    root.dataset.yourTurn = view.your_turn ? "true" : "false";
    board.innerHTML = view.svg;
    alt.textContent = view.text;
    status.textContent = view.over
      ? view.result
      : `${view.summary} — ${view.your_turn ? "your move" : `${view.to_move} to move`}`;
    if (view.refusal) {
      const rule = view.refusal.rule ? `${view.refusal.rule}: ` : "";
      refusal.textContent = `Refused: ${view.refusal.move} — ${rule}${view.refusal.reason}`;
    } else {
      refusal.textContent = "";
    }
    showPicks(view);
    tryForm.hidden = !canPlay(view);
    undoButton.disabled = !started || busy || !view.can_undo;
    newButton.disabled = busy;
    logList.replaceChildren(...view.log.map((line) => make("li", "", {}, line)));
  }

  async function runBots(view) {
    while (view.bots_to_move) {
      draw(view);
      await sleep(Number(root.dataset.pause ?? PAUSE_MS));
      view = await backend.call("bot");
    }
    return view;
  }

  function setBusy(on) {
    busy = on;
    root.dataset.busy = on ? "true" : "false";
  }

  // After the bots' replies, keyboard focus goes back where the reader was: to a piece
  // on the new board if a piece was picked, else to the first move button.
  function refocus(onBoard) {
    const next = onBoard
      ? board.querySelector(".gbp-pickable")
      : moves.querySelector("button");
    (next || root).focus({ preventScroll: onBoard });
  }

  async function act(call, arg = "", newSpec = null) {
    if (busy) return;
    const onBoard = board.contains(document.activeElement) || pickedOnBoard;
    pickedOnBoard = false;
    setBusy(true);
    try {
      let view = await backend.call(call, arg, newSpec);
      started = true;
      view = await runBots(view);
      setBusy(false);
      draw(view);
      if (view.your_turn) refocus(onBoard);
    } catch (err) {
      setBusy(false);
      progress(`Could not start: ${err}`);
      console.warn("gamebox play board:", err);
    }
  }

  function currentSpec() {
    return { ...model.get("spec"), seed: Number(seedInput.value) || 0, bots: botSelect.value };
  }

  board.addEventListener("click", (event) => {
    const piece = pieceAt(event.target);
    if (piece) pick(piece.dataset.pick);
    else if (selected.length) {
      selected = [];
      showPicks(shown);
    }
  });
  board.addEventListener("keydown", (event) => {
    const piece = pieceAt(event.target);
    if (piece && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      pick(piece.dataset.pick);
    }
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected.length) {
      selected = [];
      showPicks(shown);
    }
  });
  playButton.addEventListener("click", () => act("new", "", currentSpec()));
  newButton.addEventListener("click", () => act("new", "", currentSpec()));
  undoButton.addEventListener("click", () => act("undo"));
  tryForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = tryInput.value.trim();
    if (text) act("move", text);
  });

  draw(model.get("view"));
  if (backend.kind === "kernel") {
    model.on("change:view", () => {
      if (!busy) draw(model.get("view"));
    });
    const first = model.get("view");
    if (first.bots_to_move) act("bot");
  }
  return () => root.remove();
}

export default { render };
