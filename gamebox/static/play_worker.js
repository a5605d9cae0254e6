// gamebox play boards' Python in the static book: Pyodide and the gamebox wheel in a
// module Web Worker, off the page's main thread, so the page keeps scrolling and
// answering clicks while Python loads (seconds, once) and while a bot thinks.
//
// One worker per page (play.js starts it ahead of "Play": see its preload), served
// from the site's own _static/gamebox/ beside the files it loads: nothing comes from
// the network. Each play board has its own gamebox.play.Session here, made from the
// board's spec on its first call and then asked with Session.answer (a JSON request, a
// JSON view; it never raises: a refused call's view says why).
//
// Messages in:  {id, board, spec, call, arg}: the board's number on the page, its spec
//               (JSON text), the call and its argument;
//               {preload: true}, load Python now; {board, spec, preload: true}, and make
//               that board's session (nothing is answered: a failure is told to the
//               board's first call, which tries again).
// Messages out: {progress} while Python loads or a session is made, {progress: ""} when
//               that is done; then {id, view} (the view as JSON text) or {id, error}
//               (Python could not load, or the session failed).

const base = new URL(".", import.meta.url).href;
const sessions = new Map();
let ready = null;

function start() {
  ready ??= (async () => {
    self.postMessage({ progress: "Loading the Python runtime (about 13 MB, once)…" });
    const { loadPyodide } = await import(`${base}pyodide/pyodide.mjs`);
    const pyodide = await loadPyodide({ indexURL: `${base}pyodide/` });
    self.postMessage({ progress: "Installing the gamebox engine…" });
    const manifest = await (await fetch(`${base}wheel.json`)).json();
    const wheel = await (await fetch(`${base}${manifest.wheel}`)).arrayBuffer();
    pyodide.unpackArchive(wheel, "wheel");
    self.postMessage({ progress: "" });
    return pyodide;
  })();
  ready.catch(() => {
    ready = null; // the next call tries again
  });
  return ready;
}

function session(pyodide, board, spec) {
  let made = sessions.get(board);
  if (!made) {
    // A new session warms its bots (the tables some build once, gamebox.bots.warm).
    self.postMessage({ progress: "Preparing the bots…" });
    const json = pyodide.pyimport("json");
    const play = pyodide.pyimport("gamebox.play");
    const data = json.loads(spec);
    try {
      made = play.Session.from_spec(data);
    } finally {
      for (const proxy of [data, play, json]) proxy.destroy();
    }
    sessions.set(board, made);
    self.postMessage({ progress: "" });
  }
  return made;
}

// Calls are answered in the order they come: while Python loads they all wait for the
// same promise, and afterwards each answer is made at once, start to end.
self.onmessage = async ({ data: { id, board, spec, call, arg, preload } }) => {
  try {
    const pyodide = await start();
    if (preload) {
      if (board !== undefined) session(pyodide, board, spec);
      return;
    }
    const view = session(pyodide, board, spec).answer(JSON.stringify({ call, arg }));
    self.postMessage({ id, view });
  } catch (err) {
    if (preload) {
      self.postMessage({ progress: "" });
      console.warn("gamebox play worker (preload):", err);
      return;
    }
    self.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
};
