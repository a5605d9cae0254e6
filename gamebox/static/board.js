// gamebox boards: what the front ends of the book's two boards share, the example
// stepper (stepper.js) and the play board (play.js). gamebox.widgets joins this file
// before each board's own code into the widget's one ES module, so it needs no loader
// and works offline, in JupyterLab and in the static site alike.

// A DOM element with its class, attributes and text.
function make(tag, className, attrs = {}, text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

// Is this the built book? It embeds its widgets' state in the page; JupyterLab never does.
function isStaticPage() {
  return Boolean(
    document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]')
  );
}

// The Rulings page of the built book: beside the chapters, every entry anchored by its
// ruling id in lower case ("rulings.html#mr-7").
const RULINGS_PAGE = "rulings.html";

// A ruling id as a board shows it, with its kind when it is the project's own reading
// ("FL-12 (reconstructed)"): in the built book, a link to its entry on the Rulings page
// if it has one (``linked``, the board's trait of the ids that do, each with its kind's
// label, "" for the source's own rule; ``newTab`` for a board whose state a page change
// would lose); in JupyterLab, which has no Rulings page, and for an id with no entry,
// plain text.
function rulingTag(id, { linked = {}, className = "", newTab = false } = {}) {
  const classes = `gb-ruling ${className}`.trim();
  const has = Object.hasOwn(linked, id);
  const text = has && linked[id] ? `${id} (${linked[id]})` : id;
  if (!isStaticPage() || !has) return make("span", classes, {}, text);
  const attrs = {
    href: `${RULINGS_PAGE}#${id.toLowerCase()}`,
    title: `Ruling ${id} on the Rulings page${newTab ? " (a new tab)" : ""}`,
  };
  if (newTab) Object.assign(attrs, { target: "_blank", rel: "noopener" });
  return make("a", classes, attrs, text);
}

// The frame of every board: a region (class gamebox-<kind>) with a header holding the
// title, the board itself (an SVG the engine drew) and a visually hidden text version
// of it for screen readers. Class names take the board's prefix (gbs-, gbp-); each
// board adds its own parts and appends them in its own order.
function boardFrame(kind, prefix, attrs = {}) {
  const root = make("section", `gamebox-${kind}`, { role: "region", ...attrs });
  const head = make("header", `${prefix}-head`);
  const title = make("span", `${prefix}-title`);
  head.append(title);
  const board = make("div", `${prefix}-board`);
  const alt = make("pre", `${prefix}-sr`);
  const edges = () => markEdges(board);
  board.addEventListener("scroll", edges, { passive: true });
  new ResizeObserver(edges).observe(board);
  return { root, head, title, board, alt };
}

// A board wider than its frame (on a phone, say) scrolls sideways: mark the side or sides
// where more of it lies out of sight (data-more "left", "right" or "both"; none when it
// all shows), and board.css fades that edge, so that a reader sees there is more.
function markEdges(board) {
  const hidden = board.scrollWidth - board.clientWidth;
  const left = hidden > 1 && board.scrollLeft > 1;
  const right = hidden > 1 && board.scrollLeft < hidden - 1;
  if (left || right) board.dataset.more = left && right ? "both" : left ? "left" : "right";
  else delete board.dataset.more;
}

// Show an engine's SVG board and its text version in a board frame.
function showBoard(frame, svg, text) {
  frame.board.innerHTML = svg;
  frame.alt.textContent = text || "";
  frame.alt.hidden = !text;
  markEdges(frame.board);
}
