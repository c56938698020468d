// The board's layout and geometry, shared by the game page and the lesson page: a board drawn
// as panels laid out in columns, the box of an element in the svg's own units, and the
// nearest target in a direction for the keyboard, the targets of the next choice (their rings,
// names and the keyboard's stops), and the keyboard on the board (arrows, Home, End, Enter,
// Escape).
"use strict";

// A game may draw its board as panels: <g class="tw-panel" data-w data-h> children of the svg,
// each one column wide (data-column on the svg) or wider, drawn by the server one under the
// other. They are laid out in as many columns as the board's box holds at a scale where the
// board's text reads (data-least-scale: CSS pixels per unit), each panel under the lowest run
// of columns it spans, so a phone gets one column and a wide screen several.
const PANEL_GAP = 12;

function boardRoom() {
  const board = $("#board");
  const style = getComputedStyle(board);
  return board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

// ``panels`` (of the svg ``root``, ``column`` units wide each) placed in the columns ``room``
// CSS pixels hold at ``least`` pixels a unit; the svg's viewBox set to them. Their width.
function layOutPanels(root, panels, column, room, least) {
  const step = column + PANEL_GAP;
  const fits = Math.floor((room / least + PANEL_GAP) / step);
  const n = Math.max(1, Math.min(fits, panels.length));
  const tops = new Array(n).fill(0);
  let width = 0;
  for (const panel of panels) {
    const w = Number(panel.dataset.w), h = Number(panel.dataset.h);
    const span = Math.min(n, Math.max(1, Math.ceil((w + PANEL_GAP) / step)));
    let at = 0, top = Infinity;
    for (let c = 0; c + span <= n; c++) {
      const t = Math.max(...tops.slice(c, c + span));
      if (t < top) { top = t; at = c; }
    }
    panel.setAttribute("transform", `translate(${at * step} ${top})`);
    for (let c = at; c < at + span; c++) tops[c] = top + h + PANEL_GAP;
    width = Math.max(width, at * step + w);
  }
  root.setAttribute("viewBox", `0 0 ${width} ${Math.max(...tops) - PANEL_GAP}`);
  return width;
}

// Whether the ids ``targets`` begin with the ids ``prefix``.
function startsWith(targets, prefix) {
  return prefix.every((id, i) => targets[i] === id);
}

// The box of an element in the coordinates of the svg root, where the rings are drawn:
// getBBox alone is in the element's own coordinates, blind to the transforms of the groups
// it sits in (Tiletum's map is one such group).
function boxInRoot(root, node) {
  const box = node.getBBox();
  const from = node.getScreenCTM(), to = root.getScreenCTM();
  if (!from || !to) return box;  // not laid out: nothing to convert with
  const m = to.inverse().multiply(from);
  const corners = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height]].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
  const xs = corners.map((p) => p.x), ys = corners.map((p) => p.y);
  const x = Math.min(...xs), y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function centre(root, node) {
  const b = boxInRoot(root, node);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

function nearest(root, nodes, at) {
  if (!at) return null;
  let best = null, least = Infinity;
  for (const n of nodes) {
    const c = centre(root, n);
    const d = Math.hypot(c.x - at.x, c.y - at.y);
    if (d < least) { least = d; best = n; }
  }
  return best;
}

// The nearest target from ``from`` in the direction (dx, dy): ahead of it, a sideways step
// counted twice as far as one straight on.
function toward(root, nodes, from, dx, dy) {
  const c = centre(root, from);
  let best = null, least = Infinity;
  for (const n of nodes) {
    if (n === from) continue;
    const p = centre(root, n);
    const ahead = (p.x - c.x) * dx + (p.y - c.y) * dy;
    const aside = Math.abs((p.x - c.x) * dy - (p.y - c.y) * dx);
    if (ahead <= 0.5) continue;
    const cost = ahead + 2 * aside;
    if (cost < least) { least = cost; best = n; }
  }
  return best;
}

// ---- the targets of the next choice ----------------------------------------------------------
// Each page that loads this file defines candidates() (the moves that agree with the choices so
// far, ``picked``) and offTab(node) (true for a target on a part of the board not shown now).
let focusAt = null;  // where on the board (svg units) the keyboard last was

function nextIds() {
  const ids = new Set();
  for (const a of candidates()) if (a.targets.length > picked.length) ids.add(a.targets[picked.length]);
  return ids;
}

function byId(root, id) {
  return root.querySelector(`[id="${CSS.escape(id)}"]`);
}

// A ring of class ``cls`` round the element ``id`` put in ``layer``: ``pad`` units inside its
// edge (by default just inside a large target's edge, round a small one, so it stays visible).
function ring(root, layer, id, cls, pad, radius = 4) {
  const target = byId(root, id);
  if (!target) return;
  const box = boxInRoot(root, target);
  const p = pad === undefined ? (Math.min(box.width, box.height) < 20 ? -3 : 1.5) : pad;
  const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  r.setAttribute("x", box.x + p); r.setAttribute("y", box.y + p);
  r.setAttribute("width", Math.max(box.width - 2 * p, 2)); r.setAttribute("height", Math.max(box.height - 2 * p, 2));
  r.setAttribute("rx", Math.min(radius, box.width / 2, box.height / 2));
  r.setAttribute("class", cls);
  r.dataset.target = id;
  layer.append(r);
}

// A target's name for a screen reader: the move it makes, or what it is and the moves it is
// chosen for.
function targetName(root, id) {
  const actions = candidates().filter((a) => a.targets[picked.length] === id);
  if (actions.length === 1) return actions[0].text;
  const node = byId(root, id);
  const title = node && node.querySelector(":scope > title");
  const what = title ? title.textContent.split(":")[0] : "";
  const listed = actions.slice(0, 4).map((a) => a.text).join("; ");
  const more = actions.length > 4 ? `; and ${actions.length - 4} more` : "";
  return `${what ? `${what}, ` : ""}choose for ${actions.length} moves: ${listed}${more}`;
}

// The elements that may be chosen next are buttons named by what they do (the moves' words),
// one stop for Tab: the arrow keys go to the nearest one that way (onBoardKey).
function markTargets(root) {
  const board = $("#board");
  const ids = nextIds();
  for (const node of boardTargets(root)) {
    if (ids.has(node.dataset.twTarget) && !offTab(node)) continue;
    for (const a of ["tabindex", "role", "aria-label", "data-tw-target"]) node.removeAttribute(a);
  }
  const nodes = [];
  for (const id of ids) {
    const node = byId(root, id);
    if (!node || offTab(node)) continue;
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", targetName(root, id));
    if (node !== document.activeElement) node.setAttribute("tabindex", "-1");
    node.dataset.twTarget = id;
    nodes.push(node);
  }
  nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  // a board with choices is a group of buttons; one without, a picture
  root.setAttribute("role", nodes.length ? "group" : "img");
  const focused = document.activeElement;
  const stop = nodes.includes(focused) ? focused : nearest(root, nodes, focusAt) || nodes[0];
  for (const n of nodes) n.setAttribute("tabindex", n === stop ? "0" : "-1");
  // the board scrolls sideways on a narrow screen: the keyboard may reach it to scroll it
  board.setAttribute("tabindex", !stop && board.scrollWidth > board.clientWidth ? "0" : "-1");
  // the keyboard was on the board (or on what a choice there led to, now gone): it stays there
  const lost = !focused || focused === document.body || (board.contains(focused) && !nodes.includes(focused));
  if (backToBoard && lost) (stop || board).focus({ preventScroll: !stop });
  if (stop && document.activeElement === stop) backToBoard = false;
  drawFocus();
}

// The ring of the target the keyboard is on (the browser's own outline does not show on
// every element of an svg).
function drawFocus() {
  const root = $("#board svg");
  if (!root) return;
  root.querySelectorAll(".tw-focus").forEach((n) => n.remove());
  const node = document.activeElement;
  if (!node || !node.dataset || !node.dataset.twTarget || !root.contains(node)) return;
  focusAt = centre(root, node);
  if (!node.matches(":focus-visible")) return;
  const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
  layer.setAttribute("class", "tw-focus");
  layer.setAttribute("pointer-events", "none");
  ring(root, layer, node.dataset.twTarget, "tw-focus-out", -5, 5);
  ring(root, layer, node.dataset.twTarget, "tw-focus-in", -5, 5);
  layer.dataset.target = node.dataset.twTarget;
  root.append(layer);
}

// ---- a hint on the board ------------------------------------------------------------------
// The hinted move shown where it is made: its board targets ringed (numbered when there are
// several to choose in turn), or its button marked. Each page that loads this file defines
// hintShown, the hint on show ({action, targets, ...}) or null.
function drawHint() {
  document.querySelectorAll(".hinted").forEach((n) => n.classList.remove("hinted"));
  const root = $("#board svg");
  if (root) root.querySelectorAll(".tw-hint-layer").forEach((n) => n.remove());
  if (!hintShown) return;
  if (!hintShown.targets.length) {
    document.querySelectorAll(`#words button[data-action="${hintShown.action}"], #all-moves button[data-action="${hintShown.action}"]`)
      .forEach((b) => b.classList.add("hinted"));
    return;
  }
  if (!root) return;
  const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
  layer.setAttribute("class", "tw-hint-layer");
  layer.setAttribute("pointer-events", "none");
  hintShown.targets.forEach((id, k) => {
    ring(root, layer, id, "tw-hint", -4, 6);
    const target = byId(root, id);
    if (!target || hintShown.targets.length < 2) return;
    const box = boxInRoot(root, target);
    const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
    label.setAttribute("x", box.x - 2); label.setAttribute("y", box.y - 6);
    label.setAttribute("class", "tw-hint-step");
    label.textContent = `${k + 1}`;
    layer.append(label);
  });
  root.append(layer);
}

// ---- the keyboard on the board -------------------------------------------------------------
// Each page that loads this file defines picked and backToBoard, and choose(id, byKey),
// hideChooser(), highlight() and boardBusy() (true while a move is with the server or waits for
// its confirmation: Enter then does nothing).
function boardTargets(root) {
  return [...root.querySelectorAll("[data-tw-target]")];
}

function moveFocus(root, node) {
  if (!node) return;
  for (const n of boardTargets(root)) n.setAttribute("tabindex", n === node ? "0" : "-1");
  node.focus();
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function onBoardKey(event) {
  const root = event.currentTarget;
  const node = event.target.closest && event.target.closest("[data-tw-target]");
  if (!node || !root.contains(node) || event.altKey || event.ctrlKey || event.metaKey) return;
  const nodes = boardTargets(root);
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    if (event.repeat || boardBusy()) return;
    focusAt = centre(root, node);
    backToBoard = true;
    choose(node.dataset.twTarget, true);
  } else if (ARROWS[event.key]) {
    event.preventDefault();
    moveFocus(root, toward(root, nodes, node, ...ARROWS[event.key]));
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    moveFocus(root, event.key === "Home" ? nodes[0] : nodes[nodes.length - 1]);
  } else if (event.key === "Escape" && picked.length) {
    event.preventDefault();
    focusAt = centre(root, node);
    backToBoard = true;
    picked = [];
    hideChooser();
    highlight();
  }
}
