"use strict";
// The audit timeline's behaviour: pick an entry of the ledger (a click, the arrow keys or
// j/k, or the address's #step-N) and the map shows the counters as they stood after its
// step, its unit or place ringed and a move's path drawn. The counters come from the
// page's frames: the start's, then each snapshot's changes, applied in turn.
(function () {
  const data = JSON.parse(document.getElementById("timeline-data").textContent);
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.getElementById("map");
  const units = document.getElementById("layer-units");
  const line = document.getElementById("layer-line");
  const highlight = document.getElementById("highlight");
  const now = document.getElementById("now");
  const links = [...document.querySelectorAll("a.entry")];
  const size = data.counterSize;
  const full = data.frame.slice();
  let view = full.slice();
  let current = -1;
  let closeUp = true;  // a link to an entry opens close to what it is about

  function make(tag, attributes, text) {
    const node = document.createElementNS(svgNS, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // ----- the counters of a frame ----------------------------------------------------------
  // a frame lists [place, level, look] for a counter at its place's centre (a hex) and
  // [place, x, y, level, look] elsewhere; each becomes [place, x, y, level, face, tooltip]
  function expand(counter) {
    const [place, x, y, level, look] = counter.length === 3
      ? [counter[0], data.centres[counter[0]][0], data.centres[counter[0]][1], counter[1], counter[2]]
      : counter;
    return [place, x, y, level, data.looks[look][0], data.looks[look][1]];
  }
  function countersAt(frame) {
    const placed = new Map();
    for (let index = 0; index <= frame; index++) {
      for (const [name, counter] of Object.entries(data.frames[index].changes)) {
        if (counter === null) placed.delete(name);
        else placed.set(name, expand(counter));
      }
    }
    return placed;
  }
  // the turn and phase a frame shows: its own, or the last frame's that named them
  function timeAt(frame) {
    for (let index = frame; index >= 0; index--) {
      if ("turn" in data.frames[index]) return data.frames[index];
    }
    return { turn: "", phase: null };
  }
  // stacked as the report stacks them: the top counter and three below it peeking out
  function draw(placed) {
    const stacks = new Map();
    for (const [name, counter] of placed) {
      const key = counter.slice(0, 3).join(" ");
      if (!stacks.has(key)) stacks.set(key, []);
      stacks.get(key).push([name, counter]);
    }
    const groups = [];
    for (const members of stacks.values()) {
      members.sort((a, b) => a[1][3] - b[1][3]);
      const [place, x, y] = members[0][1];
      const group = make("g", { class: "stack", "data-location": place, "data-units": members.map((m) => m[0]).join(" "),
                                transform: `translate(${x} ${y})` });
      group.append(make("title", {}, place + ": " + members.map((m) => m[1][5]).join(", ")));
      const shown = members.slice(-1 - data.shownBelow);
      shown.forEach(([name, counter], level) => {
        const offset = (shown.length - 1 - level) * data.stackOffset;
        group.append(make("use", { href: "#" + counter[4], x: -size / 2 + offset, y: -size / 2 - offset, "data-unit": name }));
      });
      if (members.length > 1) {
        const corner = [size / 2 + (shown.length - 1) * data.stackOffset, -size / 2 - (shown.length - 1) * data.stackOffset];
        group.append(make("circle", { cx: corner[0], cy: corner[1], r: size * 0.2, class: "stack-count" }));
        group.append(make("text", { x: corner[0], y: corner[1], class: "stack-count-text", "font-size": size * 0.26 },
                          String(members.length)));
      }
      groups.push(group);
    }
    units.replaceChildren(...groups);
  }

  // ----- the selection --------------------------------------------------------------------
  function ringAt(x, y, radius, what) {
    highlight.append(make("circle", { class: "selected-ring", cx: x, cy: y, r: radius, "stroke-width": data.hexSize * 0.1, ...what }));
  }
  function ringPlace(place) {
    if (data.areas && data.areas[place]) {
      highlight.append(make("path", { class: "selected-area", d: data.areas[place], "data-area": place,
                                      "stroke-width": data.hexSize * 0.08 }));
    } else if (data.centres[place]) {
      ringAt(data.centres[place][0], data.centres[place][1], data.hexSize * 0.62, { "data-place": place });
    }
  }
  function drawPath(path) {
    const points = path.map((place) => data.centres[place]).filter(Boolean);
    if (points.length < 2) return;
    const text = points.map((p) => p.join(",")).join(" ");
    const width = data.hexSize * 0.1;
    line.append(make("polyline", { points: text, fill: "none", stroke: "#ffffff", "stroke-width": width * 2,
                                   "stroke-linejoin": "round", "stroke-linecap": "round", opacity: "0.8" }));
    line.append(make("polyline", { id: "move-path", points: text, fill: "none", stroke: "#0a5fd8", "stroke-width": width,
                                   "stroke-linejoin": "round", "stroke-linecap": "round", "marker-end": "url(#arrowhead)",
                                   "data-places": path.join(" ") }));
  }
  // an entry's anchor is its link's id, step-N or step-N-K for the K-th entry of step N
  const stepOf = (index) => Number(/^step-(\d+)/.exec(links[index].id)[1]);
  function select(index) {
    if (index < 0 || index >= data.entries.length) return;
    const entry = data.entries[index];
    const anchor = links[index].id;
    current = index;
    const placed = countersAt(entry.frame);
    draw(placed);
    line.replaceChildren();
    highlight.replaceChildren();
    drawPath(entry.path || []);
    // every unit the entry is about (an attack's, a duel's two), and the hex or area it is in
    const named = entry.units || (entry.unit ? [entry.unit] : []);
    const counters = named.map((name) => [name, placed.get(name)]).filter(([, found]) => found);
    for (const [name, found] of counters) ringAt(found[1], found[2], size * 0.75, { "data-unit": name });
    if (entry.place && (!counters.length || entry.place !== counters[0][1][0])) ringPlace(entry.place);
    const counter = entry.unit ? placed.get(entry.unit) : (counters.length ? counters[0][1] : undefined);
    const focus = entry.place && !entry.unit && data.centres[entry.place] ? data.centres[entry.place]
      : counter ? [counter[1], counter[2]] : data.centres[entry.place];
    if (focus && closeUp) zoomOn(focus[0], focus[1]);
    else if (focus) keepInView(focus[0], focus[1]);
    closeUp = false;
    const frame = data.frames[entry.frame];
    const time = timeAt(entry.frame);
    now.textContent = (frame.step ? `after step ${frame.step}` : "the start of the file") +
      ` — turn ${time.turn}, ${time.phase || "no phase shown"}`;
    document.body.dataset.selected = anchor;
    document.body.dataset.frame = String(entry.frame);
    for (const link of links) link.classList.toggle("selected", link.id === anchor);
    const link = links[index];
    if (link) link.scrollIntoView({ block: "nearest" });
  }
  // #step-N selects the first entry of step N, or the last before it when N has none
  function fromAddress() {
    const anchor = decodeURIComponent(location.hash.slice(1));
    let index = links.findIndex((link) => link.id === anchor);
    const step = /^step-(\d+)$/.exec(anchor);
    if (index < 0 && step) {
      for (let i = 0; i < links.length && stepOf(i) <= Number(step[1]); i++) index = i;
    }
    if (index >= 0) select(index);
    else { draw(countersAt(0)); document.body.dataset.frame = "0"; }
  }
  window.addEventListener("hashchange", fromAddress);
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const by = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 }[event.key];
    if (!by) return;
    event.preventDefault();
    const next = Math.min(Math.max(current + by, 0), data.entries.length - 1);
    history.replaceState(null, "", "#" + links[next].id);
    select(next);
    links[next].focus({ preventScroll: true });
  });

  // ----- zoom and pan ---------------------------------------------------------------------
  function applyView() { svg.setAttribute("viewBox", view.join(" ")); }
  // a view smaller than the map stays on it
  function onMap() {
    for (const axis of [0, 1]) {
      if (view[axis + 2] <= full[axis + 2]) {
        view[axis] = Math.min(Math.max(view[axis], full[axis]), full[axis] + full[axis + 2] - view[axis + 2]);
      }
    }
  }
  function zoomOn(x, y) {
    const width = Math.min(full[2], data.hexSize * 24);
    const height = width * full[3] / full[2];
    view = [x - width / 2, y - height / 2, width, height];
    onMap();
    applyView();
  }
  // a selection off the part of the map in view brings it to the middle
  function keepInView(x, y) {
    if (x >= view[0] && x <= view[0] + view[2] && y >= view[1] && y <= view[1] + view[3]) return;
    view[0] = x - view[2] / 2;
    view[1] = y - view[3] / 2;
    onMap();
    applyView();
  }
  function zoomAt(factor, x, y) {
    const width = Math.min(Math.max(view[2] * factor, full[2] / 40), full[2] * 1.5);
    const scale = width / view[2];
    view = [x - (x - view[0]) * scale, y - (y - view[1]) * scale, width, view[3] * scale];
    applyView();
  }
  function toMap(clientX, clientY) {
    const point = svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const point = toMap(event.clientX, event.clientY);
    zoomAt(Math.exp(event.deltaY * 0.0015), point.x, point.y);
  }, { passive: false });
  let dragFrom = null;
  svg.addEventListener("pointerdown", (event) => { dragFrom = toMap(event.clientX, event.clientY); });
  svg.addEventListener("pointermove", (event) => {
    if (!dragFrom) return;
    const point = toMap(event.clientX, event.clientY);
    view[0] -= point.x - dragFrom.x;
    view[1] -= point.y - dragFrom.y;
    applyView();
  });
  for (const kind of ["pointerup", "pointercancel", "pointerleave"]) svg.addEventListener(kind, () => { dragFrom = null; });
  const middle = () => [view[0] + view[2] / 2, view[1] + view[3] / 2];
  document.getElementById("zoom-in").addEventListener("click", () => zoomAt(0.7, ...middle()));
  document.getElementById("zoom-out").addEventListener("click", () => zoomAt(1 / 0.7, ...middle()));
  document.getElementById("zoom-fit").addEventListener("click", () => { view = full.slice(); applyView(); });

  fromAddress();
})();
