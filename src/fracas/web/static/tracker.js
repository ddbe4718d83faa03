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

  // The decision the page shows changed under the GM's pointer (another page acted): a
  // click meant for the old one must not land on the new one. The act buttons wait a
  // moment, and a note says so.
  var MOVED_ON_MS = 700;
  var movedTimer = null;
  function movedOn() {
    var act = document.getElementById("act");
    if (!act) { return; }
    act.classList.add("moved-on");
    // the act form's buttons and the map's menus (they post the same decision)
    var buttons = document.querySelectorAll("#act button, #map .map-menus button");
    buttons.forEach(function (b) { b.disabled = true; });
    clearTimeout(movedTimer);
    movedTimer = setTimeout(function () {
      act.classList.remove("moved-on");
      buttons.forEach(function (b) { b.disabled = false; });
    }, MOVED_ON_MS);
  }

  function currentLength() {
    var b = board && board.querySelector("[data-length]");
    return b ? b.getAttribute("data-length") : "";
  }

  // A board is named by its encounter, the server instance and its version (data-board
  // "eid.generation.version"). One from another instance (the server restarted: its
  // versions start again) always replaces what the page shows; within one instance, only a
  // newer version does (the page's own change already showed its board: it is not swapped
  // again under the GM's pointer).
  function isNewer(html) {
    var shown = board.querySelector("[data-board]");
    var incoming = /data-board="([^"]*)"/.exec(html);
    if (!shown || !incoming) { return true; }
    var a = shown.getAttribute("data-board").split(".");
    var b = incoming[1].split(".");
    if (a[0] !== b[0] || a[1] !== b[1]) { return true; }
    return Number(b[2]) > Number(a[2]);
  }

  function showBoard(html) {
    if (!isNewer(html)) { return; }
    var shown = board.querySelector("[data-decision]");
    var before = shown ? shown.getAttribute("data-decision") : null;
    board.innerHTML = html;
    htmx.process(board);
    scrollLog();
    var after = board.querySelector("[data-decision]");
    if (before && after && after.getAttribute("data-decision") !== before) { movedOn(); }
  }

  // While one of the board's own requests is on its way, a board from the stream waits for
  // its answer: the answer (a 409 "the fight has moved on" with the board as it is now, or
  // the new board) is shown first, from the form that sent it; the waiting board is shown
  // after it only if it is newer still.
  var pending = null;
  var waiting = null;
  var pendingTimer = null;
  function settle() {
    pending = null;
    clearTimeout(pendingTimer);
    if (waiting !== null) {
      var html = waiting;
      waiting = null;
      setTimeout(function () { showBoard(html); }, 0);
    }
  }
  document.body.addEventListener("htmx:beforeRequest", function (e) {
    if (board && board.contains(e.detail.elt)) {
      pending = e.detail.elt;
      clearTimeout(pendingTimer);
      pendingTimer = setTimeout(settle, 5000);  // never hold the stream back for long
      ["htmx:beforeOnLoad", "htmx:sendError", "htmx:timeout", "htmx:sendAbort"].forEach(
        function (name) { e.detail.elt.addEventListener(name, settle, { once: true }); });
    }
  });
  document.body.addEventListener("htmx:beforeOnLoad", function (e) {
    if (e.detail.xhr && e.detail.xhr.status === 409) { setTimeout(movedOn, 0); }
  });

  // Live: the server sends this page's whole board after every change, and at once on
  // (re)connecting, so a page that lost its connection catches up by itself.
  if (board && board.dataset.stream && window.EventSource) {
    var connect = function () {
      var source = new EventSource(board.dataset.stream);
      source.addEventListener("open", function () { setBadge("● live", "on"); });
      source.addEventListener("board", function (e) {
        if (pending !== null) { waiting = e.data; return; }
        showBoard(e.data);
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
