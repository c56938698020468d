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

// Put ``svg`` on the board: only the panels that differ from those drawn are replaced when
// the board keeps its frame (the same opening tag, the same number of panels), so a move
// redraws a panel or two; anything else draws the board anew. Returns whether the svg
// element drawn before was kept.
let drawnPieces = null;

function setBoardSvg(board, svg) {
  const pieces = cutBoard(svg);
  const root = board.querySelector("svg");
  const old = drawnPieces;
  drawnPieces = pieces;
  if (root && old && old.length === pieces.length && old[0] === pieces[0] && old[old.length - 1] === pieces[pieces.length - 1]) {
    const panels = [...root.children].filter((n) => n.classList.contains("tw-panel"));
    if (panels.length === pieces.length - 2) {
      for (let i = 1; i < pieces.length - 1; i++) {
        if (old[i] === pieces[i]) continue;
        const holder = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        holder.innerHTML = pieces[i];
        panels[i - 1].replaceWith(...holder.childNodes);
      }
      return true;
    }
  }
  board.innerHTML = svg;
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
// first seat's decision is one "Setup" entry, folded.
function logGroups(entries) {
  const setup = [];
  const chapters = [];
  let i = 0;
  while (i < entries.length && entries[i].actor < 0) setup.push(entries[i++]);
  let chapter = null;
  let turn = null;
  for (; i < entries.length; i++) {
    const e = entries[i];
    if (!chapter || (e.chapter || "") !== chapter.name) {
      chapter = { name: e.chapter || "", turns: [] };
      chapters.push(chapter);
      turn = null;
    }
    const joins = turn && (e.actor < 0 || e.actor === turn.actor);
    if (!joins) {
      turn = { actor: e.actor, who: e.who, entries: [] };
      chapter.turns.push(turn);
    }
    turn.entries.push(e);
  }
  return { setup, chapters };
}

function logItem(e, turnActor) {
  const chance = e.actor < 0;
  const text = chance && turnActor !== e.actor ? `${e.who}: ${e.text}` : e.text;
  return el("li", { "data-ply": e.ply, class: chance ? "chance" : "", text });
}

function steps(n) {
  return `${n} step${n === 1 ? "" : "s"}`;
}

function renderLogGroups(list, entries) {
  const was = list.querySelector("details.setup");
  const open = was ? was.open : false;
  const items = [];
  const { setup, chapters } = logGroups(entries);
  if (setup.length) {
    const details = el("details", { class: "setup" },
      el("summary", { text: `Setup (${steps(setup.length)})` }),
      el("ol", { class: "acts" }, ...setup.map((e) => logItem(e, null))));
    details.open = open;
    items.push(el("li", { class: "setup-entry" }, details));
  }
  for (const chapter of chapters) {
    const turns = chapter.turns.map((t) => el("li", { class: "turn", "data-actor": t.actor },
      el("span", { class: "who", text: `${t.who}: ` }),
      el("ol", { class: "acts" }, ...t.entries.map((e) => logItem(e, t.actor)))));
    const heading = chapter.name ? [el("h3", { class: "chapter-name", text: chapter.name })] : [];
    items.push(el("li", { class: "chapter" }, ...heading, el("ol", { class: "turns" }, ...turns)));
  }
  list.replaceChildren(...items);
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
// ``ending`` gives them; a seat "seat N" in the game's words is named as the page names it.
function namedSeats(text) {
  return text.replace(/\bseat (\d+)\b(?! \()/g, (whole, n) => (view.seats[Number(n)] ? seatName(Number(n)) : whole));
}

function verdictLine() {
  const ending = view.ending;
  const you = view.you !== null && view.winners.includes(view.you);
  const lost = view.you !== null && !you;
  const names = view.winners.map(seatName);
  const said = ending ? namedSeats(ending.verdict)
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
  notes.replaceChildren(...(ending ? ending.notes : []).map((n) => el("li", { text: namedSeats(n) })));
  notes.classList.toggle("hidden", !notes.children.length);
  // the result, first: in the dock, which a phone holds at the foot of its screen
  const line = partOf($("#dock"), "p", "result-line", $("#dock").children[1] || null);
  line.replaceChildren(el("span", { text: winner.textContent + " " }), el("a", { href: "#final", text: "The scores" }));
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
