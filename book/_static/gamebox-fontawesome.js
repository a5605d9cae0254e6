// Loaded (synchronously, in <head>) before the theme's deferred FontAwesome script.
// FontAwesome would otherwise replace every <i class="fa ..."> with an <svg>, which
// breaks ipywidgets that keep a reference to their <i> icon (the Play widget throws in
// updatePlaying and stops every jslink after it). "nest" puts the <svg> inside the <i>.
window.FontAwesomeConfig = Object.assign(window.FontAwesomeConfig || {}, {
  autoReplaceSvg: "nest",
});
