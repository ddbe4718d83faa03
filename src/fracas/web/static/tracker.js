// fracas tracker: live updates over server-sent events, keyboard shortcuts, small helpers.
(function () {
  "use strict";
  var board = document.getElementById("board");
  var badge = document.getElementById("live");

  function scrollLog() {
    var log = document.getElementById("log");
    if (log) { log.scrollTop = log.scrollHeight; }
  }

  function setBadge(text, cls) {
    if (badge) { badge.textContent = text; badge.className = "live " + cls; }
  }

  function currentLength() {
    var b = board && board.querySelector("[data-length]");
    return b ? b.getAttribute("data-length") : "";
  }

  // Live: the server sends this page's whole board after every change, and at once on
  // (re)connecting, so a page that lost its connection catches up by itself.
  if (board && board.dataset.stream && window.EventSource) {
    var connect = function () {
      var source = new EventSource(board.dataset.stream);
      source.addEventListener("open", function () { setBadge("● live", "on"); });
      source.addEventListener("board", function (e) {
        // the page's own change already showed this version: do not swap it again under
        // the GM's pointer
        var shown = board.querySelector("[data-version]");
        var incoming = /data-version="(\d+)"/.exec(e.data);
        if (shown && incoming && shown.getAttribute("data-version") === incoming[1]) { return; }
        board.innerHTML = e.data;
        htmx.process(board);
        scrollLog();
      });
      source.addEventListener("gone", function (e) {
        setBadge(e.data, "off");
        source.close();
      });
      source.addEventListener("error", function () { setBadge("reconnecting…", "off"); });
    };
    connect();
  }

  // Forms outside the board (the GM's tools) act on the fight as the board shows it now.
  document.body.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail.elt;
    if (elt && elt.closest && elt.closest("[data-expected-from-board]")) {
      e.detail.parameters["expected"] = currentLength();
    }
  });
  // A message fades after a while: it is about the fight as it was when it was refused.
  var messageTimer = null;
  document.body.addEventListener("htmx:afterSwap", function (e) {
    var message = document.getElementById("message");
    if (message && e.detail.target === message && message.innerHTML.trim()) {
      clearTimeout(messageTimer);
      messageTimer = setTimeout(function () { message.innerHTML = ""; }, 8000);
    }
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    scrollLog();
    var answer = document.getElementById("answer");
    if (answer) { answer.focus(); }
  });

  // Undo: Ctrl+Z (or Cmd+Z); redo: Ctrl+Shift+Z or Ctrl+Y. Not while typing in a field.
  document.addEventListener("keydown", function (e) {
    var tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") { return; }
    if (!(e.ctrlKey || e.metaKey)) { return; }
    var key = e.key.toLowerCase();
    var id = null;
    if (key === "z" && !e.shiftKey) { id = "undo"; }
    else if ((key === "z" && e.shiftKey) || key === "y") { id = "redo"; }
    if (id) {
      var button = document.getElementById(id);
      if (button && !button.disabled) { e.preventDefault(); button.click(); }
    }
  });
  scrollLog();
})();
