// require.js configuration for the offline widget manager (loaded after require.min.js
// and before @jupyter-widgets/html-manager's embed-amd.js; see nb_ipywidgets_js in
// _config.yml). Every module, and the widget fonts, come from this site's _static/:
// - baseUrl is the folder of this script, so the html-manager looks its fonts up under
//   _static/@jupyter-widgets/...;
// - "anywidget" is the front end shipped by the anywidget Python package, copied to
//   _static/anywidget/index.js at build time, so no CDN is ever asked for it.
(function () {
  var script = document.currentScript;
  var src = script ? script.src : "";
  var base = src ? src.slice(0, src.lastIndexOf("/") + 1) : "_static/";
  window.require.config({
    baseUrl: base,
    paths: { anywidget: "anywidget/index" },
  });
})();
