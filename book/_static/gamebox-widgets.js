// gamebox-widgets.js: the built book's own widget loader (an ES module; myst-nb adds it to
// every page that embeds widgets, see nb_ipywidgets_js in _config.yml).
//
// Every board of the book is an anywidget (gamebox.widgets.Stepper and PlayBoard): its
// front end is an ES module in its model's `_esm` trait, its styles in `_css`. Executing
// a chapter, myst-nb embeds every model's state in the page (one
// <script type="application/vnd.jupyter.widget-state+json">) and leaves one
// <script type="application/vnd.jupyter.widget-view+json"> where each board is shown.
// Rendering them needs none of the Jupyter widgets HTML manager (3.6 MB of controls the
// book never shows, and require.js): for each view script this module builds the small
// model object that anywidget hands a front end, imports the model's ES module (each
// distinct module once per page, so a page's boards of one kind share one module, and
// with it play.js's one Python worker), and calls its `initialize({model})` once per
// model and `render({model, el})` into an element put where the view script is.
//
// The model has what an anywidget front end may ask: get, set, on/off ("change:<name>"
// and "change"), save_changes and send. There is no kernel: a change stays in the page,
// and a message sent has nowhere to go (the play boards never send one here: they run
// Python in the reader's browser, see play.js). JupyterLab never loads this file: it
// keeps its own widget manager and anywidget's front end.
//
// A view of a model that is no anywidget is reported on the console (the browser tests
// fail on it): the book has no other kind of widget.

const STATE = "application/vnd.jupyter.widget-state+json";
const VIEW = "application/vnd.jupyter.widget-view+json";

// The models of every widget-state script of the page, by model id.
function embeddedModels() {
  const models = new Map();
  for (const script of document.querySelectorAll(`script[type="${STATE}"]`)) {
    const { state = {} } = JSON.parse(script.textContent || "{}");
    for (const [id, model] of Object.entries(state)) models.set(id, model);
  }
  return models;
}

// A model as an anywidget front end sees it, holding the embedded traits `traits`.
function anyModel(traits) {
  const values = { ...traits };
  const listeners = new Map(); // event name -> [[callback, context], ...]
  const model = {
    get(name) {
      return values[name];
    },
    set(name, value) {
      if (Object.is(values[name], value)) return;
      values[name] = value;
      emit(`change:${name}`, value);
      emit("change");
    },
    on(event, callback, context = null) {
      if (!listeners.has(event)) listeners.set(event, []);
      listeners.get(event).push([callback, context]);
    },
    off(event = null, callback = null) {
      for (const name of event ? [event] : [...listeners.keys()]) {
        const kept = (listeners.get(name) || []).filter(([f]) => callback && f !== callback);
        if (kept.length) listeners.set(name, kept);
        else listeners.delete(name);
      }
    },
    // No kernel: the change stays in the page.
    save_changes() {},
    // No kernel: a message has nowhere to go.
    send() {
      console.warn("gamebox-widgets: a board sent a message, but the built book has no kernel");
    },
  };
  // As Backbone does (anywidget's models are Backbone models): (model, value).
  function emit(event, value) {
    for (const [callback, context] of [...(listeners.get(event) || [])]) {
      callback.call(context, model, value);
    }
  }
  return model;
}

// Each distinct front end of the page, imported once (as anywidget does: a blob URL).
const modules = new Map();

function frontEnd(esm) {
  if (!modules.has(esm)) {
    const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
    const loaded = import(url).then(async (module) => {
      URL.revokeObjectURL(url);
      // anywidget's forms: `export default {render}`, a default function returning
      // that object, or a bare `export function render` (deprecated).
      let widget = module.default ?? module;
      if (typeof widget === "function") widget = await widget();
      return widget;
    });
    modules.set(esm, loaded);
  }
  return modules.get(esm);
}

// Each distinct `_css` of the page, added to it once.
const styles = new Set();

function addStyles(css) {
  if (!css || styles.has(css)) return;
  styles.add(css);
  const style = document.createElement("style");
  style.dataset.gameboxWidgets = "";
  style.textContent = css;
  document.head.append(style);
}

// The page's anywidget models, each made (and initialized) once, by model id.
const made = new Map();

function modelOf(id, models) {
  if (!made.has(id)) {
    const embedded = models.get(id);
    if (!embedded || embedded.model_module !== "anywidget") {
      const name = embedded ? `${embedded.model_module}.${embedded.model_name}` : "missing";
      throw new Error(`model ${id} is no anywidget (${name}): the built book renders only those`);
    }
    const traits = embedded.state || {};
    made.set(
      id,
      (async () => {
        addStyles(traits._css);
        const widget = await frontEnd(traits._esm);
        const model = anyModel(traits);
        await widget.initialize?.({ model });
        return { model, widget };
      })()
    );
  }
  return made.get(id);
}

// Render the board of one view script into an element put in its place.
async function renderView(script, models) {
  const { model_id: id } = JSON.parse(script.textContent);
  const el = document.createElement("div");
  el.className = "gamebox-widget";
  script.before(el);
  const { model, widget } = await modelOf(id, models);
  el.classList.add(...(model.get("_dom_classes") || []));
  await widget.render?.({ model, el });
}

async function renderAll() {
  const models = embeddedModels();
  const views = [...document.querySelectorAll(`script[type="${VIEW}"]`)];
  await Promise.all(
    views.map((script) =>
      renderView(script, models).catch((err) => {
        console.error("gamebox-widgets: a board could not be shown:", err);
      })
    )
  );
}

renderAll();
