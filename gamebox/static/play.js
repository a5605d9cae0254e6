// gamebox PlayBoard: the front end of gamebox.widgets.PlayBoard (an anywidget ESM module,
// after board.js).
//
// The reader takes a seat and plays a whole game against the bots with the real engine.
// The board only ships a call and its argument ({call, arg}: "new", "move", "bot",
// "undo") to whichever back end it has, and draws the "view" that
// gamebox.play.Session.call answers (it never raises: a refused call's view says why):
// - in JupyterLab, the kernel: the board sends the message and Python answers by
//   setting the synced `view` trait;
// - in the static book (no kernel, no network), Python in the reader's browser: Pyodide
//   and a gamebox wheel served from the site's own _static/gamebox/, loaded only when the
//   reader presses "Play", once per page (the browser caches the files across pages).
// The bots' moves are replayed one at a time with a short pause, in both cases.
// The root element carries data-gamebox-play="<game>" so tests find every play board.

const PAUSE_MS = 350;
// A kernel that has not answered a call after this long has gone: the board says so.
const KERNEL_TIMEOUT_MS = 60000;

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
    return pyodide;
  })();
  pyodideReady.catch(() => {
    pyodideReady = null;
  });
  return pyodideReady;
}

// This board's session in the browser's Python: made from the board's spec on the
// first call, then asked with Session.answer (a JSON request, a JSON view).
function browserBackend(model, progress) {
  let session = null;
  return {
    kind: "browser",
    async call(call, arg = null) {
      if (!session) {
        const pyodide = await startPyodide(progress);
        const json = pyodide.pyimport("json");
        const play = pyodide.pyimport("gamebox.play");
        const spec = json.loads(JSON.stringify(model.get("spec")));
        try {
          session = play.Session.from_spec(spec);
        } finally {
          for (const proxy of [spec, play, json]) proxy.destroy();
        }
      }
      return JSON.parse(session.answer(JSON.stringify({ call, arg })));
    },
  };
}

function kernelBackend(model) {
  return {
    kind: "kernel",
    call(call, arg = null) {
      return new Promise((resolve, reject) => {
        const serial = (model.get("view") || {}).serial || 0;
        const done = () => {
          const view = model.get("view");
          if (view && view.serial !== serial) {
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

function render({ model, el }) {
  const spec = model.get("spec");
  const parts = boardFrame("play", "gbp", {
    "aria-label": `Play ${model.get("title")}`,
    "data-gamebox-play": spec.game,
  });
  const { root, head, board, alt } = parts;
  parts.title.textContent = `Play ${model.get("title")}`;
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
  head.append(seedLabel, botLabel, newButton, undoButton);

  const status = make("p", "gbp-status", { "aria-live": "polite" });
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

  // The moves offered, in the rows the view groups them in (by the piece they move).
  function moveButtons(view, offered) {
    const offer = new Set(offered.map((move) => move.index));
    for (const group of view.groups) {
      const here = group.moves.filter((i) => offer.has(i));
      if (!here.length) continue;
      const row = make("div", "gbp-group", { role: "group", "aria-label": group.key || "moves" });
      if (group.key) row.append(make("span", "gbp-group-key", {}, group.key));
      for (const i of here) {
        const text = view.moves[i];
        const button = make("button", "gbp-move", { type: "button", "data-move": text }, text);
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
      const using = offered.length === 1 ? "The one move that uses it:" :
        `The ${count(offered.length, "move", "moves")} that use it:`;
      return `Picked ${picked}: now click a piece outlined in green, or press Esc to start ` +
        `again. ${using}`;
    }
    const n = view.moves.length;
    const yours = n === 1 ? "your one legal move" : `one of your ${n} legal moves`;
    const tempting = view.tempting.length ?
      `; under ${n === 1 ? "it" : "them"}, a few the rules refuse` : "";
    return `Your move: click a piece on the board, or ${yours} below${tempting}.`;
  }

  // Who plays which seat, and whose turn it is; before the game has started (the built
  // book, before "Play"), the deal on show and how to start.
  function statusLine(view) {
    if (!started) {
      return `The deal of seed ${view.seed}: press Play below to start. ${view.seats}`;
    }
    if (view.over) return view.result;
    if (view.your_turn) return `${view.seats} Your move.`;
    // With no board (the line of errors says why) no one is to move.
    return view.to_move ? `${view.seats} ${view.to_move} to move.` : view.seats;
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

  // Draw a view; with keepMessage, the line of refusals and errors keeps what it says.
  function draw(view, { keepMessage = false } = {}) {
    shown = view;
    selected = [];
    root.dataset.over = view.over ? "true" : "false";
    root.dataset.yourTurn = view.your_turn ? "true" : "false";
    showBoard(parts, view.svg, view.text);
    status.textContent = statusLine(view);
    if (!keepMessage) refusal.replaceChildren(...message(view, model.get("linked") || []));
    showPicks(view);
    tryForm.hidden = !canPlay(view);
    undoButton.disabled = !started || busy || !view.can_undo;
    newButton.disabled = busy;
    logList.replaceChildren(...view.log.map((line) => make("li", "", {}, line)));
  }

  // The bots' moves one at a time, until it is the reader's turn, the game is over, or
  // a call fails (its view says why; the board stops rather than ask again).
  async function runBots(view) {
    while (view.bots_to_move && !view.error) {
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

  // One call to the back end, then the bots' replies. The board is busy meanwhile and
  // never stays busy: whatever fails (Pyodide failing to load, the kernel gone, a
  // JavaScript error while drawing), the board says so and takes clicks again.
  async function act(call, arg = null) {
    if (busy) return;
    const onBoard = board.contains(document.activeElement) || pickedOnBoard;
    pickedOnBoard = false;
    setBusy(true);
    let view = null;
    try {
      view = await backend.call(call, arg);
      started = true;
      view = await runBots(view);
    } catch (err) {
      const said = `${started ? "The game could not go on" : "Could not start"}: ${err}`;
      if (started) refusal.textContent = said;
      else progress(said);
      console.warn("gamebox play board:", err);
    } finally {
      setBusy(false);
    }
    if (view) {
      draw(view);
      if (view.your_turn) refocus(onBoard);
    } else {
      draw(shown, { keepMessage: true });
    }
  }

  // What "New game" asks for: the seed as typed (Python reads it, and says why if it
  // is no seed) and the bots chosen.
  function newGame() {
    return { seed: seedInput.value, bots: botSelect.value };
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
  playButton.addEventListener("click", () => act("new", newGame()));
  newButton.addEventListener("click", () => act("new", newGame()));
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
