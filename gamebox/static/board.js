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
  return { root, head, title, board, alt };
}

// Show an engine's SVG board and its text version in a board frame.
function showBoard(frame, svg, text) {
  frame.board.innerHTML = svg;
  frame.alt.textContent = text || "";
  frame.alt.hidden = !text;
}
