// gamebox Stepper: the front end of gamebox.widgets.Stepper (an anywidget ESM module,
// after board.js).
//
// Every frame is pre-rendered by the engine (board SVG, narration, step label, ruling
// ids, an optional "your move" question with the verdict on each candidate, and a text
// version of the board), so this file only shows frames: it works in JupyterLab with a
// kernel and in the static book with no kernel and no network. The frames come packed
// (the `packed` trait, see gamebox.widgets.pack_frames) and are unpacked here.
//
// Deep links: "#<example-id>-<step>" selects that step (0 = the start) and scrolls to
// the board; stepping rewrites the address with history.replaceState (outside
// JupyterLab). The root element carries data-gamebox-stepper="<example-id>" so tests
// find every board generically.

const ICONS = {
  first: "M3.5 3h1.6v10H3.5zM13 3.2v9.6L6.2 8z",
  prev: "M11 3.2v9.6L4.2 8z",
  next: "M5 3.2v9.6L11.8 8z",
  last: "M10.9 3h1.6v10h-1.6zM3 3.2v9.6L9.8 8z",
};

const LABELS = {
  first: "First step",
  prev: "Previous step",
  next: "Next step",
  last: "Last step",
};

// The frames of a packed Stepper: each distinct piece of the boards' SVG (and each line
// of their text, each narration and note) is stored once (`pieces`), and each frame's
// board is a list where a number is a piece and a pair [start, count] copies count
// pieces of an earlier frame's board from start: the frame before, or frame `ref`.
// The seat views and the variants (packed.views, packed.variants) continue the chain.
function unpackFrames(packed) {
  const pieces = (packed && packed.pieces) || [];
  const boards = [];
  const unpack = (frame) => {
    const i = boards.length;
    const ref = frame.ref === undefined ? i - 1 : frame.ref;
    const before = boards[ref] || [];
    const now = [];
    for (const item of frame.svg) {
      if (Array.isArray(item)) {
        for (let k = item[0]; k < item[0] + item[1]; k += 1) now.push(before[k]);
      } else {
        now.push(item);
      }
    }
    boards.push(now);
    const whole = { ...frame, svg: now.map((k) => pieces[k]).join("") };
    whole.text = (frame.text || []).map((k) => pieces[k]).join("\n");
    whole.say = frame.say === undefined ? "" : pieces[frame.say];
    whole.note = frame.note === undefined ? "" : pieces[frame.note];
    return whole;
  };
  const raw = (packed && packed.frames) || [];
  // A view's or variant's frame leaves out its label, rulings and question when they
  // are the example's at the same step (gamebox.widgets.SAME_AS_THE_EXAMPLE).
  const fill = (frame, k) => {
    const same = raw[Math.min(k, raw.length - 1)] || {};
    const whole = { ...frame };
    for (const key of ["label", "rules", "ask"]) if (!(key in whole)) whole[key] = same[key];
    return whole;
  };
  const frames = raw.map(unpack);
  const views = ((packed && packed.views) || []).map((v) => ({
    ...v,
    frames: v.frames.map((f, k) => unpack(fill(f, k))),
  }));
  const variants = ((packed && packed.variants) || []).map((v) => ({
    ...v,
    frames: frames.slice(0, v.shared).concat(v.frames.map((f, k) => unpack(fill(f, v.shared + k)))),
  }));
  return { frames, views, variants };
}

function icon(name) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[name]);
  svg.appendChild(path);
  return svg;
}

function inJupyter(el) {
  // JupyterLab / Notebook 7 own the address bar: never rewrite it there.
  return Boolean(
    el.closest(".jp-Notebook, .jp-OutputArea-output, .jp-LinkedOutputView") ||
      document.querySelector(".jp-LabShell, body.jp-Notebook")
  );
}

function hashStep(id) {
  let hash = window.location.hash.slice(1);
  try {
    hash = decodeURIComponent(hash);
  } catch (err) {
    return null;
  }
  const prefix = `${id}-`;
  if (!hash.startsWith(prefix)) return null;
  const rest = hash.slice(prefix.length);
  return /^\d+$/.test(rest) ? Number(rest) : null;
}

function render({ model, el }) {
  const parts = boardFrame("stepper", "gbs", { tabindex: "0", "aria-roledescription": "board" });
  const { root, head, title, board } = parts;
  const source = make("span", "gbs-source");
  head.append(source);

  const say = make("p", "gbs-say", { "aria-live": "polite" });
  const rules = make("div", "gbs-rules");

  const ask = make("div", "gbs-ask");
  const prompt = make("p", "gbs-prompt");
  const choices = make("div", "gbs-choices", { role: "group" });
  const verdict = make("p", "gbs-verdict", { role: "status", "aria-live": "polite" });
  const reveal = make("button", "gbs-reveal", { type: "button" });
  reveal.textContent = "Show the move";
  ask.append(prompt, choices, verdict, reveal);

  // Viewpoints and variants: which frames the board steps through.
  const choose = make("div", "gbs-choose");
  const viewBox = make("label", "gbs-pick gbs-pick-view");
  const viewSelect = make("select", "gbs-view");
  viewBox.append(make("span", "gbs-pick-name", {}, "View"), viewSelect);
  const openNote = make("p", "gbs-open");
  const variantBox = make("label", "gbs-pick gbs-pick-variant");
  const variantSelect = make("select", "gbs-variant");
  variantBox.append(make("span", "gbs-pick-name", {}, "Replay with"), variantSelect);
  choose.append(viewBox, openNote, variantBox);
  const diverge = make("p", "gbs-diverge", { role: "status" });
  const mark = make("p", "gbs-mark");
  const note = make("p", "gbs-note");
  // The all-hands view: the hands the board does not draw, as text.
  const others = make("p", "gbs-others");

  const nav = make("nav", "gbs-controls");
  const buttons = {};
  for (const act of ["first", "prev", "next", "last"]) {
    const b = make("button", `gbs-btn gbs-${act}`, {
      type: "button",
      "data-act": act,
      "aria-label": LABELS[act],
      title: `${LABELS[act]}${act === "prev" ? " (←)" : act === "next" ? " (→)" : ""}`,
    });
    b.appendChild(icon(act));
    buttons[act] = b;
  }
  const status = make("span", "gbs-status");
  const counter = make("span", "gbs-counter");
  const label = make("span", "gbs-label");
  status.append(counter, label);
  const link = make("a", "gbs-link", { title: "Link to this step" });
  link.textContent = "#";
  nav.append(buttons.first, buttons.prev, status, buttons.next, buttons.last, link);

  root.append(head, choose, diverge, board, others, parts.alt, mark, say, note, rules, ask, nav);
  el.appendChild(root);

  // Per-view reading state: which "your move" steps were revealed, which choice was picked.
  const revealed = new Set();
  const picked = new Map();

  let unpacked = unpackFrames(model.get("packed"));
  // The list shown: "" (the teaching view), "view-<k>" (a seat's), "variant-<k>".
  let shownList = "";
  const variant = () =>
    shownList.startsWith("variant-") ? unpacked.variants[Number(shownList.slice(8))] : null;
  const frames = () => {
    if (shownList.startsWith("view-")) return unpacked.views[Number(shownList.slice(5))].frames;
    const v = variant();
    return v ? v.frames : unpacked.frames;
  };
  const allLinked = () => ({ ...model.get("linked"), ...model.get("linked_more") });

  function fillChoices() {
    const views = unpacked.views;
    const teaching = "All hands";
    viewSelect.replaceChildren(make("option", "", { value: "" }, teaching));
    views.forEach((v, k) => viewSelect.append(make("option", "", { value: `view-${k}` }, v.label)));
    viewBox.hidden = views.length === 0;
    openNote.textContent = model.get("open_note") || "";
    openNote.hidden = views.length > 0 || !openNote.textContent;
    const variants = unpacked.variants;
    variantSelect.replaceChildren(make("option", "", { value: "" }, "the example's options"));
    variants.forEach((v, k) => {
      const option = make("option", "", { value: `variant-${k}` }, v.label);
      if (v.doc) option.title = v.doc;
      variantSelect.append(option);
    });
    for (const label of model.get("left_out") || []) {
      const option = make("option", "", { disabled: "" }, `${label} (left out: page weight)`);
      variantSelect.append(option);
    }
    variantBox.hidden = variants.length === 0;
    choose.hidden = viewBox.hidden && openNote.hidden && variantBox.hidden;
    const known = [...viewSelect.options, ...variantSelect.options].map((o) => o.value);
    if (!known.includes(shownList)) shownList = "";
  }

  function showList(key) {
    shownList = key;
    revealed.clear();
    picked.clear();
    delete board.dataset.shown;
    const v = variant();
    if (v && v.step !== null && v.step !== undefined) setIndex(v.step, { user: false });
    else update();
  }
  viewSelect.addEventListener("change", () => showList(viewSelect.value));
  variantSelect.addEventListener("change", () => showList(variantSelect.value));
  const id = () => model.get("example_id");
  const clamp = (i) => Math.max(0, Math.min(i, frames().length - 1));
  const current = () => clamp(model.get("index") || 0);

  function setIndex(i, { user = true } = {}) {
    i = clamp(i);
    if (i !== model.get("index")) {
      model.set("index", i);
      try {
        model.save_changes();
      } catch (err) {
        // No kernel (static page): the index simply stays local to the page.
      }
    }
    update();
    if (user && !inJupyter(el)) {
      try {
        window.history.replaceState(window.history.state, "", `#${id()}-${i}`);
      } catch (err) {
        // Some embedding contexts (sandboxed iframes) refuse: the link is a nicety.
      }
    }
  }

  function showVerdict(f, i) {
    const k = i < 0 ? undefined : picked.get(i);
    verdict.className = "gbs-verdict";
    verdict.textContent = "";
    if (k === undefined) return;
    const c = f.ask.choices[k];
    const move = make("code");
    move.textContent = c.move;
    if (c.legal) {
      verdict.classList.add("gbs-legal");
      const other = f.ask.choices.find((x) => x.taken);
      let tail = " is legal.";
      if (c.taken) tail += " It is the move played here.";
      else if (other) tail += ` The example goes on with ${other.move}.`;
      verdict.append("✓ ", move, tail);
    } else {
      verdict.classList.add("gbs-illegal");
      const tag = { linked: allLinked(), className: "gbs-tag" };
      const rule = c.rule ? [rulingTag(c.rule, tag), " "] : [];
      verdict.append("✗ ", move, " is refused: ", ...rule, c.reason);
    }
  }

  function update() {
    const fs = frames();
    const n = fs.length;
    const i = current();
    const f = fs[i] || { label: "", say: "", rules: [], svg: "", text: "", ask: null };
    const asking = Boolean(f.ask) && !revealed.has(i);
    // A question is asked on the position before the move, so it shows the previous board.
    const shown = asking && i > 0 ? fs[i - 1] : f;

    const v = variant();
    root.dataset.gameboxStepper = id();
    root.dataset.list = shownList || "example";
    root.dataset.diverged = v && v.step === i ? "true" : "false";
    viewSelect.value = shownList.startsWith("view-") ? shownList : "";
    viewSelect.disabled = Boolean(v);
    viewSelect.title = v ? "A replay under another option shows the teaching view" : "";
    variantSelect.value = v ? shownList : "";
    diverge.hidden = !v;
    diverge.replaceChildren();
    if (v) {
      const rule = v.rule ? ` (ruling ${v.rule})` : "";
      diverge.append(`Replayed with ${v.label}${rule}. ${v.say}`);
      diverge.className = `gbs-diverge gbs-kind-${v.kind}`;
    }
    mark.hidden = !(v && v.step === i);
    mark.replaceChildren();
    if (!mark.hidden) {
      mark.append("⚑ Play diverges here");
      if (v.ruling) {
        const tag = rulingTag(v.ruling, { linked: allLinked(), className: "gbs-tag" });
        mark.append(": the move is refused, ", tag);
      }
      mark.append(".");
    }
    root.dataset.index = String(i);
    root.dataset.count = String(n);
    root.dataset.asking = asking ? "true" : "false";
    root.setAttribute("aria-label", `Board: ${model.get("title") || id()}`);
    title.textContent = model.get("title") || "";
    source.textContent = model.get("source") || "";
    head.hidden = !title.textContent && !source.textContent;

    const key = `${shownList}:${asking ? "q" : "f"}${shown === f ? i : i - 1}:${n}`;
    if (board.dataset.shown !== key) {
      showBoard(parts, shown.svg, shown.text);
      board.dataset.shown = key;
    }
    say.textContent = asking ? "" : f.say;
    say.hidden = asking || !f.say;
    note.textContent = f.note || "";
    note.hidden = !f.note;
    // A seat's view never shows the others' hands (its frames have none of their own).
    const hands = shownList.startsWith("view-") ? [] : shown.others || [];
    others.replaceChildren();
    if (hands.length) {
      others.append(make("span", "gbs-others-name", {}, "Other hands: "), hands.join("; "));
    }
    others.hidden = !hands.length;

    rules.replaceChildren();
    const linked = allLinked();
    for (const r of asking ? [] : f.rules || []) {
      rules.appendChild(rulingTag(r, { linked, className: "gbs-tag" }));
    }
    rules.hidden = rules.childElementCount === 0;

    ask.hidden = !f.ask;
    choices.replaceChildren();
    if (!f.ask) {
      // No question here: nothing of another step's question stays in the page.
      prompt.textContent = "";
      showVerdict(f, -1);
    }
    if (f.ask) {
      prompt.textContent = f.ask.prompt || "Your move: which of these would you play?";
      f.ask.choices.forEach((c, k) => {
        const b = make("button", "gbs-choice", { type: "button", "data-legal": String(c.legal) });
        b.textContent = c.move;
        if (picked.get(i) === k) {
          b.classList.add(c.legal ? "gbs-picked-legal" : "gbs-picked-illegal");
          b.setAttribute("aria-pressed", "true");
        } else {
          b.setAttribute("aria-pressed", "false");
        }
        b.addEventListener("click", () => {
          picked.set(i, k);
          if (c.taken) revealed.add(i);
          update();
          const again = choices.children[k];
          if (again) again.focus();
        });
        choices.appendChild(b);
      });
      showVerdict(f, i);
      reveal.hidden = !asking;
    }

    counter.textContent = n ? `${i + 1} / ${n}` : "0 / 0";
    label.textContent = f.label || "";
    link.href = `#${id()}-${i}`;
    const atStart = i <= 0;
    const atEnd = i >= n - 1;
    buttons.first.disabled = atStart;
    buttons.prev.disabled = atStart;
    buttons.next.disabled = atEnd;
    buttons.last.disabled = atEnd;
    const active = root.ownerDocument.activeElement;
    if (active && active.disabled && root.contains(active)) root.focus({ preventScroll: true });
  }

  const go = {
    first: () => setIndex(0),
    prev: () => setIndex(current() - 1),
    next: () => setIndex(current() + 1),
    last: () => setIndex(frames().length - 1),
  };
  for (const [act, b] of Object.entries(buttons)) b.addEventListener("click", go[act]);
  reveal.addEventListener("click", () => {
    revealed.add(current());
    update();
    root.focus({ preventScroll: true });
  });

  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    const act = keys[event.key];
    if (!act) return;
    event.preventDefault();
    event.stopPropagation(); // JupyterLab: keep the notebook from moving cells
    go[act]();
  });

  function scrollHere() {
    root.scrollIntoView({ block: "start" });
    root.focus({ preventScroll: true });
  }

  function followHash({ initial = false } = {}) {
    const step = hashStep(id());
    if (step === null) return;
    setIndex(step, { user: false });
    if (!initial) {
      scrollHere();
      return;
    }
    // The static page renders widgets after loading: wait until the board is in the page.
    let tries = 0;
    const wait = () => {
      if (root.isConnected && root.offsetParent !== null) {
        window.requestAnimationFrame(scrollHere);
      } else if (tries++ < 100) {
        window.setTimeout(wait, 50);
      }
    };
    wait();
  }

  const onHash = () => followHash();
  window.addEventListener("hashchange", onHash);
  const repack = () => {
    unpacked = unpackFrames(model.get("packed"));
    fillChoices();
    delete board.dataset.shown;
    update();
  };
  model.on("change:index", update);
  model.on("change:packed", repack);
  model.on("change:title", update);
  model.on("change:source", update);
  model.on("change:example_id", update);
  model.on("change:linked", update);
  model.on("change:linked_more", update);
  model.on("change:open_note", repack);
  model.on("change:left_out", repack);

  fillChoices();
  update();
  followHash({ initial: true });

  return () => {
    window.removeEventListener("hashchange", onHash);
    model.off("change:index", update);
    model.off("change:packed", repack);
    model.off("change:title", update);
    model.off("change:source", update);
    model.off("change:example_id", update);
    model.off("change:linked", update);
    model.off("change:linked_more", update);
    model.off("change:open_note", repack);
    model.off("change:left_out", repack);
  };
}

export default { render };
