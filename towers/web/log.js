// The game page's log, its game-over screen, the seats' colours and the board as it comes
// from the server in pieces. Loaded before game.js, which calls these from its onState,
// renderLog, renderFinal, renderSeats and renderBoard; they read game.js's ``view`` and
// ``seatName`` when called.
"use strict";

// ---- the board in pieces ---------------------------------------------------------------------
// A state message carries ``board``: the svg cut at its panels, ``size`` pieces in all and the
// ones that changed as [index, text] pairs; the page keeps the others from the last message.
// Joined, the pieces are the svg the server drew for this seat. A message with ``svg`` (a
// server asked for the whole board) is taken as it is.
const boardPieces = [];

function takeBoard(msg) {
  if (!("board" in msg)) return;
  if (msg.board === null) {
    boardPieces.length = 0;
    msg.svg = null;
  } else {
    boardPieces.length = msg.board.size;
    for (const [i, piece] of msg.board.changed) boardPieces[i] = piece;
    msg.svg = boardPieces.join("");
  }
  delete msg.board;
}

// Put ``svg`` on the board. When the board drawn has as many pieces (the opening, the panels,
// the close) as the new one, only the pieces that changed are parsed and put in place of
// theirs, in the same svg element: the panels that did not change are neither parsed nor laid
// out again. Anything else draws the board anew. Whatever the page added to the svg (the
// rings round the targets, the keyboard's) is dropped: it is drawn again after. Returns
// whether the svg element was kept.
const SVG_NS = "http://www.w3.org/2000/svg";
let drawn = null;  // {root, pieces, nodes}: the svg element drawn, its pieces and their nodes

function setBoardSvg(board, svg) {
  const pieces = cutBoard(svg);
  const root = board.querySelector("svg");
  if (drawn && root === drawn.root && drawn.pieces.length === pieces.length && pieces.length > 2) {
    const served = new Set(drawn.nodes.flat());
    for (const node of [...root.childNodes]) if (!served.has(node)) node.remove();
    for (let i = 0; i < pieces.length - 1; i++) {
      if (pieces[i] === drawn.pieces[i]) continue;
      let nodes;
      if (i === 0) {  // the opening: the svg's attributes, and what comes before the panels
        const holder = document.createElement("div");
        holder.innerHTML = pieces[0] + "</svg>";
        const fresh = holder.firstElementChild;
        for (const a of fresh.attributes) root.setAttribute(a.name, a.value);
        nodes = [...fresh.childNodes];
      } else {
        const holder = document.createElementNS(SVG_NS, "svg");
        holder.innerHTML = pieces[i];
        nodes = [...holder.childNodes];
      }
      const old = drawn.nodes[i];
      const next = drawn.nodes.slice(i + 1).find((group) => group.length);
      const before = old.length ? old[old.length - 1].nextSibling : (next ? next[0] : null);
      for (const n of nodes) root.insertBefore(n, before);
      for (const n of old) n.remove();
      drawn.nodes[i] = nodes;
    }
    drawn.pieces = pieces;
    // renderBoard goes on to add the svg's listeners: it has them already
    root.addEventListener = () => {};
    queueMicrotask(() => delete root.addEventListener);
    return true;
  }
  board.innerHTML = svg;
  drawn = null;
  const fresh = board.querySelector("svg");
  if (fresh) {
    // the nodes of each piece: those before the first panel, then each panel with the
    // nodes that follow it up to the next
    const nodes = [[]];
    for (const node of fresh.childNodes) {
      if (node.nodeType === 1 && node.classList.contains("tw-panel")) nodes.push([]);
      nodes[nodes.length - 1].push(node);
    }
    nodes.push([]);  // the close
    if (nodes.length === pieces.length) drawn = { root: fresh, pieces, nodes };
  }
  return false;
}

// The svg cut as the server cuts it: the opening, one piece per panel, the close.
function cutBoard(svg) {
  const end = svg.lastIndexOf("</svg>");
  if (end < 0) return [svg];
  const cuts = [0];
  let at = svg.indexOf('<g class="tw-panel"');
  while (at >= 0 && at < end) {
    cuts.push(at);
    at = svg.indexOf('<g class="tw-panel"', at + 1);
  }
  cuts.push(end, svg.length);
  const out = [];
  for (let i = 0; i + 1 < cuts.length; i++) out.push(svg.slice(cuts[i], cuts[i + 1]));
  return out;
}

// ---- the log ---------------------------------------------------------------------------------
// Grouped by the game's chapters (a heading each: "Round 3"), and within a chapter by turns: the
// entries of one seat in a row, with the chance entries that follow them. Everything before the
// first seat's decision is one "Setup" entry, folded. New entries are added to the end of the
// list drawn; anything else (an undo, a replay's step) draws it anew.
let logDrawn = null;  // {list, entries, setup, chapter, turn}: what the list shows

function logItem(e, turnActor) {
  const chance = e.actor < 0;
  const text = chance && turnActor !== e.actor ? `${e.who}: ${e.text}` : e.text;
  return el("li", { "data-ply": e.ply, class: chance ? "chance" : "", text });
}

function steps(n) {
  return `${n} step${n === 1 ? "" : "s"}`;
}

function renderLogGroups(list, entries) {
  const d = logDrawn;
  const extends_ = d && d.list === list && list.firstChild !== null && d.entries.length <= entries.length &&
    d.entries.every((e, i) => e === entries[i]);
  if (!extends_) {
    list.replaceChildren();
    logDrawn = { list, entries: [], setup: null, chapter: null, turn: null };
  }
  const state = logDrawn;
  const fresh = entries.slice(state.entries.length);
  for (const e of fresh) {
    if (!state.chapter && e.actor < 0) {  // before the first seat's decision: the setup
      if (!state.setup) {
        const summary = el("summary");
        const acts = el("ol", { class: "acts" });
        list.append(el("li", { class: "setup-entry" }, el("details", { class: "setup" }, summary, acts)));
        state.setup = { summary, acts, count: 0 };
      }
      state.setup.acts.append(logItem(e, null));
      state.setup.summary.textContent = `Setup (${steps(++state.setup.count)})`;
      continue;
    }
    const name = e.chapter || "";
    if (!state.chapter || name !== state.chapter.name) {
      const turns = el("ol", { class: "turns" });
      const heading = name ? [el("h3", { class: "chapter-name", text: name })] : [];
      list.append(el("li", { class: "chapter" }, ...heading, turns));
      state.chapter = { name, turns };
      state.turn = null;
    }
    if (!state.turn || (e.actor >= 0 && e.actor !== state.turn.actor)) {
      const acts = el("ol", { class: "acts" });
      state.chapter.turns.append(el("li", { class: "turn", "data-actor": e.actor },
        el("span", { class: "who", text: `${e.who}: ` }), acts));
      state.turn = { actor: e.actor, acts };
    }
    state.turn.acts.append(logItem(e, state.turn.actor));
  }
  state.entries = entries.slice();
}

// What the screen reader's live line says of the entries new since the last message: their
// words (a new chapter named first), the last few only.
function sayEntries(fresh, before) {
  let chapter = before ? before.chapter || "" : "";
  const said = [];
  for (const e of fresh) {
    const name = e.chapter || "";
    said.push(name && name !== chapter ? `${name}. ${e.who}: ${e.text}` : `${e.who}: ${e.text}`);
    chapter = name;
  }
  return said.slice(-3).join(". ");
}

// ---- the game over -----------------------------------------------------------------------
// The verdict, the reason, the score of each seat by category and the notes, as the view's
// ``ending`` gives them: its words name each seat as the page does (``seatName``).

function verdictLine() {
  const ending = view.ending;
  const you = view.you !== null && view.winners.includes(view.you);
  const lost = view.you !== null && !you;
  const names = view.winners.map(seatName);
  const said = ending ? ending.verdict
    : names.length > 1 ? `Shared win: ${names.join(", ")}.` : names.length ? `Winner: ${names[0]}.` : "Nobody won.";
  if (you) return `You win! ${said}`;
  if (lost && !view.winners.length) return `You lost. ${said}`;
  return said;
}

function partOf(box, tag, cls, before) {
  let node = box.querySelector(`${tag}.${cls}`);
  if (!node) {
    node = el(tag, { class: cls });
    box.insertBefore(node, before);
  }
  return node;
}

function renderEnding() {
  const box = $("#final");
  const ending = view.ending;
  const winner = $("#winner");
  winner.textContent = verdictLine();
  winner.classList.toggle("lost", !view.winners.length || (view.you !== null && !view.winners.includes(view.you)));
  const table = $("#final-scores");
  const reason = partOf(box, "p", "reason", table);
  reason.textContent = ending && ending.reason ? ending.reason : "";
  reason.classList.toggle("hidden", !reason.textContent);
  // a row per category (the total last), a column per seat: a narrow column holds it
  const categories = ending ? ending.categories : ["Score"];
  const rows = ending ? ending.rows : (view.scores || []).map((s) => [s]);
  const head = el("tr", {}, el("td", {}), ...rows.map((_, i) => el("th", { scope: "col", "data-seat": i, text: seatName(i) })));
  const body = categories.map((name, k) => {
    const total = k === categories.length - 1;
    return el("tr", { class: total ? "total" : "" }, el("th", { scope: "row", text: name }),
      ...rows.map((row, i) => total
        ? el("td", { class: "final-score", "data-seat": i, "data-score": row[k], text: `${row[k]}` })
        : el("td", { "data-seat": i, text: `${row[k]}` })));
  });
  table.replaceChildren(el("caption", { class: "visually-hidden", text: "Each seat's score by category" }),
    el("thead", {}, head), el("tbody", {}, ...body));
  const notes = partOf(box, "ul", "notes", null);
  notes.replaceChildren(...(ending ? ending.notes : []).map((n) => el("li", { text: n })));
  notes.classList.toggle("hidden", !notes.children.length);
  // the result, first: in the dock, which a phone holds at the foot of its screen
  const line = partOf($("#dock"), "p", "result-line", $("#dock").children[1] || null);
  line.replaceChildren(el("span", { text: winner.textContent + " " }),
    el("button", { type: "button", class: "to-scores", text: "The scores", onclick: showScores }));
}

// The scores in view (on a phone whose tabs hide them, their tab first). Not a link to
// #final: the page's address keeps the seat's secret in its fragment.
function showScores() {
  if (typeof tabbed === "function" && typeof chooseTab === "function" && tabbed()) chooseTab("side");
  $("#final").scrollIntoView({ block: "start" });
}

function hideEnding() {
  const line = $("#dock .result-line");
  if (line) line.remove();
}

// ---- the seats' colours ------------------------------------------------------------------
// The board's own colour for each seat where the game names them (its heroes', its players'),
// else the page's.
function seatDot(i) {
  const colour = view.colours && view.colours[i];
  const dot = el("span", { class: `dot s${i % 4}`, "aria-hidden": "true" });
  if (colour) dot.style.background = colour;
  return dot;
}
