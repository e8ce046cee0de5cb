"use strict";
// The report's behaviour: zoom and pan, layers, the supply line of a unit, and the link
// between counters on the map and verdicts in the panel. Everything it shows comes from
// the page's own data block; it loads nothing.
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.getElementById("map");
  const lineLayer = document.getElementById("layer-line");
  const highlight = document.getElementById("highlight");
  const full = data.frame.slice();
  let view = full.slice();
  let selectedUnit = null;

  // ----- zoom and pan ---------------------------------------------------------------------
  const numbers = document.getElementById("hex-numbers");
  function applyView() {
    svg.setAttribute("viewBox", view.join(" "));
    const scale = Math.min(svg.clientWidth / view[2], svg.clientHeight / view[3]);
    const zoomed = data.hexSize * scale >= 44;
    if (zoomed && numbers && !numbers.hasChildNodes()) writeHexNumbers();
    svg.classList.toggle("zoomed", zoomed);
  }
  // the printed number near the top of every hex, written once, when first readable
  function writeHexNumbers() {
    const offset = Number(numbers.dataset.offset);
    for (const [label, [x, y]] of Object.entries(data.centres)) {
      const text = document.createElementNS(svgNS, "text");
      text.setAttribute("x", x);
      text.setAttribute("y", Math.round((y - offset) * 10) / 10);
      text.textContent = label;
      numbers.append(text);
    }
  }
  // the view keeps the map's proportions and never drifts more than a tenth of itself off it
  function clampView() {
    view[2] = Math.min(Math.max(view[2], full[2] / 40), full[2] * 1.5);
    view[3] = view[2] * full[3] / full[2];
    for (const axis of [0, 1]) {
      const size = view[axis + 2];
      const low = full[axis] - size * 0.1;
      const high = full[axis] + full[axis + 2] - size * 0.9;
      view[axis] = low <= high ? Math.min(Math.max(view[axis], low), high) : full[axis] + (full[axis + 2] - size) / 2;
    }
  }
  function toMap(clientX, clientY) {
    const point = svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }
  function zoomAt(factor, x, y) {
    view = [x - (x - view[0]) * factor, y - (y - view[1]) * factor, view[2] * factor, view[3] * factor];
    clampView();
    applyView();
  }
  function centreOn(x, y, width) {
    const w = Math.min(view[2], width);
    const h = w * full[3] / full[2];
    view = [x - w / 2, y - h / 2, w, h];
    clampView();
    applyView();
  }
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const point = toMap(event.clientX, event.clientY);
    zoomAt(Math.exp(event.deltaY * 0.0015), point.x, point.y);
  }, { passive: false });
  const pointers = new Map();
  let pinch = null;
  let moved = false;
  svg.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    moved = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y) };
    }
  });
  svg.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) moved = true;
    if (!moved) return;
    if (!svg.hasPointerCapture(event.pointerId)) svg.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const middle = toMap((a.x + b.x) / 2, (a.y + b.y) / 2);
      zoomAt(pinch.distance / distance, middle.x, middle.y);
      pinch.distance = distance;
    } else if (pointers.size === 1) {
      svg.classList.add("dragging");
      const scale = view[2] / svg.getBoundingClientRect().width;
      view[0] -= dx * Math.max(scale, view[3] / svg.getBoundingClientRect().height);
      view[1] -= dy * Math.max(scale, view[3] / svg.getBoundingClientRect().height);
      clampView();
      applyView();
    }
  });
  function release(event) {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    svg.classList.remove("dragging");
  }
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  document.getElementById("zoom-in").addEventListener("click", () => zoomAt(0.7, view[0] + view[2] / 2, view[1] + view[3] / 2));
  document.getElementById("zoom-out").addEventListener("click", () => zoomAt(1 / 0.7, view[0] + view[2] / 2, view[1] + view[3] / 2));
  document.getElementById("zoom-fit").addEventListener("click", () => { view = full.slice(); applyView(); });
  window.addEventListener("resize", applyView);

  // ----- layers ---------------------------------------------------------------------------
  // a layer switched off leaves the printed key too
  for (const box of document.querySelectorAll("input[data-layer]")) {
    const layer = document.getElementById("layer-" + box.dataset.layer);
    if (!layer) continue;
    const show = () => {
      layer.classList.toggle("hidden", !box.checked);
      box.closest("li").classList.toggle("off", !box.checked);
    };
    show();
    box.addEventListener("change", show);
  }

  // ----- the supply line and the selection ----------------------------------------------
  function make(tag, attributes) {
    const node = document.createElementNS(svgNS, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    return node;
  }
  function showLine(unitId) {
    lineLayer.replaceChildren();
    const unit = data.units[unitId];
    if (!unit || !unit.path.length) return;
    const points = unit.path.map((place) => data.centres[place]).filter(Boolean);
    const text = points.map((p) => p.join(",")).join(" ");
    const width = data.hexSize * 0.09;
    lineLayer.append(make("polyline", { points: text, fill: "none", stroke: "#ffffff", "stroke-width": width * 2,
                                        "stroke-linejoin": "round", "stroke-linecap": "round", opacity: "0.8" }));
    lineLayer.append(make("polyline", { id: "supply-line", points: text, fill: "none", stroke: "#0a5fd8",
                                        "stroke-width": width, "stroke-linejoin": "round", "stroke-linecap": "round",
                                        "data-unit": unitId, "data-hexes": unit.path.join(" ") }));
    const end = points[points.length - 1];
    lineLayer.append(make("circle", { cx: end[0], cy: end[1], r: data.hexSize * 0.22, fill: "#0a5fd8",
                                      stroke: "#ffffff", "stroke-width": width / 2 }));
  }
  function ring(place) {
    const centre = data.centres[place];
    if (!centre) return;
    highlight.append(make("circle", { class: "selected-ring", cx: centre[0], cy: centre[1], r: data.hexSize * 0.62,
                                      "stroke-width": data.hexSize * 0.1 }));
  }
  function markRows(predicate) {
    let first = null;
    for (const row of document.querySelectorAll(".verdict")) {
      const on = predicate(row);
      row.classList.toggle("selected", on);
      if (on && !first) first = row;
    }
    return first;
  }
  function showStack(place, current) {
    const names = data.stacks[place] || [];
    const section = document.getElementById("selection");
    section.hidden = false;
    document.getElementById("selection-title").textContent =
      place + ": " + names.length + (names.length === 1 ? " unit" : " units");
    const list = document.getElementById("selection-units");
    list.replaceChildren();
    for (const name of names.slice().reverse()) {
      const unit = data.units[name];
      const item = document.createElement("li");
      item.textContent = name + " — " + unit.name + (unit.outcome ? " — " + unit.outcome : "");
      item.classList.toggle("current", name === current);
      item.dataset.unit = name;
      item.addEventListener("click", () => selectUnit(name, true));
      list.append(item);
    }
  }
  function selectUnit(unitId, scroll) {
    const unit = data.units[unitId];
    if (!unit) return;
    selectedUnit = unitId;
    highlight.replaceChildren();
    ring(unit.location);
    showLine(unitId);
    showStack(unit.location, unitId);
    const row = markRows((row) => row.dataset.unit === unitId);
    if (row && scroll) row.scrollIntoView({ block: "nearest" });
  }
  function selectVerdict(row) {
    markRows((other) => other === row);
    highlight.replaceChildren();
    const places = row.dataset.places ? row.dataset.places.split(" ") : [];
    places.forEach(ring);
    if (row.dataset.unit && data.units[row.dataset.unit]) {
      selectedUnit = row.dataset.unit;
      showLine(row.dataset.unit);
      showStack(data.units[row.dataset.unit].location, row.dataset.unit);
    } else {
      selectedUnit = null;
      lineLayer.replaceChildren();
    }
    const centre = data.centres[places[0]];
    if (centre) centreOn(centre[0], centre[1], data.hexSize * 16);
  }
  for (const stack of document.querySelectorAll(".stack")) {
    const names = stack.dataset.units.split(" ");
    stack.addEventListener("click", () => {
      if (moved) return;
      // a second click on the same stack moves to the unit below
      const at = names.indexOf(selectedUnit);
      const next = at < 0 ? names[names.length - 1] : names[(at - 1 + names.length) % names.length];
      selectUnit(next, true);
    });
    stack.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        moved = false;
        stack.dispatchEvent(new MouseEvent("click"));
      }
    });
    stack.addEventListener("pointerenter", () => showLine(names[names.length - 1]));
    stack.addEventListener("pointerleave", () => { if (selectedUnit) showLine(selectedUnit); else lineLayer.replaceChildren(); });
  }
  for (const row of document.querySelectorAll(".verdict")) {
    row.addEventListener("click", () => selectVerdict(row));
    row.addEventListener("keydown", (event) => { if (event.key === "Enter") selectVerdict(row); });
  }

  // ----- filters --------------------------------------------------------------------------
  const sideFilter = document.getElementById("filter-side");
  function filter() {
    const side = sideFilter ? sideFilter.value : "";
    const kinds = new Set([...document.querySelectorAll("input[data-kind]")]
      .filter((box) => box.checked).map((box) => box.dataset.kind));
    let shown = 0;
    for (const row of document.querySelectorAll(".verdict")) {
      const on = (!side || row.dataset.side === side) && kinds.has(row.dataset.kind);
      row.classList.toggle("filtered", !on);
      if (on) shown += 1;
    }
    const count = document.getElementById("verdict-count");
    if (count) count.textContent = shown + " shown";
  }
  if (sideFilter) sideFilter.addEventListener("change", filter);
  for (const box of document.querySelectorAll("input[data-kind]")) box.addEventListener("change", filter);

  // printing shows the map key, and the whole map unless the player zoomed in on purpose
  window.addEventListener("beforeprint", () => {
    for (const details of document.querySelectorAll("details.map-legend")) details.open = true;
  });
  applyView();
})();
