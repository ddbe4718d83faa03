// fracas GM page on a phone: one pane at a time (the decision, the field, the cards, the
// account, the GM's tools), picked from a tab bar at the bottom; the board still updates live
// underneath. On a wide screen the bar is hidden and everything shows.
(function () {
  "use strict";
  var nav = document.querySelector("nav.phone-tabs");
  if (!nav) { return; }
  function pick(tab) {
    document.body.setAttribute("data-tab", tab);
    nav.querySelectorAll("button").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.tab === tab ? "true" : "false");
    });
    window.scrollTo(0, 0);
  }
  nav.addEventListener("click", function (e) {
    var button = e.target.closest("button[data-tab]");
    if (button) { pick(button.dataset.tab); }
  });
  // a die to type in, or a refusal, is shown on the decision pane
  document.body.addEventListener("htmx:afterSwap", function (e) {
    var id = e.detail.target && e.detail.target.id;
    if (id === "panel" && e.detail.target.innerHTML.trim()) { pick("act"); }
  });
  pick("act");
})();
