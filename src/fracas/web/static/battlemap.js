// fracas battle map: a tap on the ground picks the nearest point a legal move ends at, a tap
// on a combatant the actions aimed at it; the choices show as buttons under the map (the
// server's own list: nothing here decides what is legal). Escape closes them.
(function () {
  "use strict";

  function clear(map) {
    map.querySelectorAll(".map-menu").forEach(function (m) { m.hidden = true; });
    map.querySelectorAll(".selected").forEach(function (e) { e.classList.remove("selected"); });
    var ghost = map.querySelector("line.ghost");
    if (ghost) { ghost.setAttribute("visibility", "hidden"); }
  }

  function point(svg, e) {
    var p = svg.createSVGPoint();
    p.x = e.clientX; p.y = e.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }

  function nearest(items, x, y, read) {
    var best = null, bestD = Infinity;
    items.forEach(function (el) {
      var q = read(el), d = (q[0] - x) * (q[0] - x) + (q[1] - y) * (q[1] - y);
      if (d < bestD) { bestD = d; best = el; }
    });
    return best ? { el: best, d: Math.sqrt(bestD) } : null;
  }

  function show(map, selector) {
    var menu = map.querySelector(selector);
    if (menu) { menu.hidden = false; }
    return menu;
  }

  document.addEventListener("click", function (e) {
    var svg = e.target.closest && e.target.closest("svg.field");
    if (!svg) { return; }
    var map = svg.closest("section.map");
    var r = parseFloat(map.dataset.radius || "1");
    var p = point(svg, e);
    clear(map);
    var token = nearest(map.querySelectorAll("g.token"), p.x, p.y, function (el) {
      return [parseFloat(el.dataset.x), parseFloat(el.dataset.y)];
    });
    if (token && token.d <= r * 1.4) {
      var id = token.el.dataset.token;
      token.el.classList.add("selected");
      var ring = map.querySelector('circle.reach[data-for="' + id + '"]');
      if (ring) { ring.classList.add("selected"); }
      // a combatant the actions aim at: its menu; the actor itself: where it can go
      if (id !== map.dataset.actor && show(map, '.map-menu[data-for="' + id + '"]')) { return; }
    }
    var spot = nearest(map.querySelectorAll("circle.spot"), p.x, p.y, function (el) {
      return [parseFloat(el.getAttribute("cx")), parseFloat(el.getAttribute("cy"))];
    });
    if (!spot) { return; }
    spot.el.classList.add("selected");
    show(map, '.map-menu[data-spot="' + spot.el.dataset.spot + '"]');
    var actor = map.dataset.actor && map.querySelector('g.token[data-token="' + map.dataset.actor + '"]');
    var ghost = map.querySelector("line.ghost");
    if (actor && ghost) {
      ghost.setAttribute("x1", actor.dataset.x); ghost.setAttribute("y1", actor.dataset.y);
      ghost.setAttribute("x2", spot.el.getAttribute("cx")); ghost.setAttribute("y2", spot.el.getAttribute("cy"));
      ghost.setAttribute("visibility", "visible");
    }
  });

  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") { return; }
    document.querySelectorAll("section.map").forEach(clear);
  });
})();
