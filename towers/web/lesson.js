// A tutorial in the browser: /learn/{game} lists the game's lessons and which are done (kept
// in this browser), /learn/{game}/{lesson} shows one lesson: its words, the rulebook section
// it teaches, and its position as the lesson's seat sees it, the seat's legal moves chosen on
// the board (the ringed places, clicked in turn, a chooser where several moves share them) or
// in words, as on the game page. The server judges each move tried (POST .../try): why it is
// right, weaker or refused, with the rule; the lesson's move shows what follows and the next
// lesson. The last lesson creates a game against the random bot (POST /api/games) and opens
// the game page. Keyboard: the board's targets are one Tab stop, the arrow keys go between
// them, Enter or Space chooses, Escape takes a choice under way back. Help as on the game page
// (help.js: hover, long press, help mode, "?" on a target, "How this game goes"), from the
// tutorial's game; Hint asks the server for the lesson's move (POST .../hint), rings
// its places on the board or marks its button, and says why in the lesson's words.
"use strict";

const where = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
const learnGame = where[1] || "";
const learnKey = where[2] || null;
const lessonPath = `/api/learn/${encodeURIComponent(learnGame)}/${encodeURIComponent(learnKey || "")}`;
helpFrom = `/api/learn/${encodeURIComponent(learnGame)}/help`;  // help.js: the tutorial's game

let lesson = null;      // the lesson as the server gives it
let legal = [];         // the moves that may be tried (none once the lesson's move is made)
let picked = [];        // board elements clicked so far towards a move
let trying = false;     // a move is with the server
let backToBoard = false; // the keyboard goes back to the board once it is drawn again

// board.js asks these: no target is hidden by a tab here; Enter chooses nothing while a move is
// on its way
function offTab() {
  return false;
}

function boardBusy() {
  return trying;
}
let hintShown = null;   // the lesson's hint on show: {action, words, targets}
let hinting = false;    // a hint is with the server

async function getJson(path, options) {
  const res = await fetch(path, options);
  let data;
  try { data = await res.json(); } catch (e) { data = { message: `the server answered ${res.status}` }; }
  if (!res.ok) throw data;
  return data;
}

// Text the lessons wrap at 80 columns, as paragraphs: a blank line parts them, and a line
// that starts a list ("- ", "1. ") starts one; `words` in backquotes read as code.
function textParagraphs(text) {
  const out = [];
  for (const block of (text || "").split(/\n\s*\n/)) {
    let current = null;
    for (const raw of block.split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      if (current === null || /^([-•]|\d+[.)])\s/.test(line)) { current = [line]; out.push(current); } else current.push(line);
    }
  }
  return out.map((lines) => el("p", {}, ...withCode(lines.join(" "))));
}

function withCode(text) {
  return text.split(/`([^`]+)`/).map((part, i) => (i % 2 ? el("code", { text: part }) : part));
}

// A tutorial or lesson the server does not have: said in the games' printed titles, with the
// way to what there is.
async function showMissing(err) {
  const listing = await getJson("/api/learn").catch(() => null);
  const t = listing && listing.tutorials.find((x) => x.game === learnGame);
  let text = "The server did not answer; try again later.";
  if (listing && !t) {
    text = `There is no tutorial for “${learnGame}”. There are tutorials for ${listing.tutorials.map((x) => x.title).join(", ")}.`;
  } else if (t && err && err.error === "unknown_lesson") {
    text = `The ${t.title} tutorial has no lesson “${learnKey}”.`;
    const to = $("#missing-tutorial");
    to.href = `/learn/${encodeURIComponent(t.game)}`;
    to.textContent = `The lessons of the ${t.title} tutorial`;
    to.classList.remove("hidden");
  } else if (err && err.message) {
    text = `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`;
  }
  document.title = "towers: no such lesson";
  $("#title").textContent = "learn";
  $("#missing-text").textContent = text;
  $("#missing").classList.remove("hidden");
}

// ---- the tutorial's lessons -------------------------------------------------------------
function showOverview(listing) {
  const t = listing.tutorials.find((x) => x.game === learnGame);
  if (!t) {
    showMissing({ error: "unknown_tutorial" });
    return;
  }
  const done = new Set(learnProgress()[t.game] || []);
  document.title = `towers: learn ${t.title}`;
  $("#title").textContent = `${t.title} tutorial`;
  $("#overview-title").textContent = `Learn ${t.title}`;
  const count = t.lessons.filter((l) => done.has(l.key)).length;
  $("#overview-count").textContent = `${count} of ${t.lessons.length} lessons done.`;
  $("#overview-lessons").replaceChildren(lessonList(t, done));
  const next = t.lessons.find((l) => !done.has(l.key)) || t.lessons[0];
  const go = $("#overview-go");
  go.href = `/learn/${encodeURIComponent(t.game)}/${encodeURIComponent(next.key)}`;
  go.textContent = count === 0 ? "Start the first lesson" : count === t.lessons.length ? "Take the lessons again" : `Go on: ${next.title}`;
  $("#overview").classList.remove("hidden");
}

// ---- one lesson -------------------------------------------------------------------------
function showLesson() {
  const l = lesson;
  document.title = `towers: ${l.title}, ${l.lesson}`;
  $("#title").textContent = `${l.title} tutorial`;
  $("#lesson-number").textContent = `Lesson ${l.number} of ${l.total}`;
  $("#lesson-title").textContent = l.lesson;
  $("#lesson-rule").textContent = l.rule ? `From the rulebook: ${l.rule}` : "";
  $("#lesson-rule").classList.toggle("hidden", !l.rule);
  $("#rule-text").textContent = l.rule_text;
  $("#rule-box").classList.toggle("hidden", !l.rule_text);
  $("#intro").replaceChildren(...textParagraphs(l.intro));
  $("#ask").replaceChildren(...withCode(l.ask));
  $("#ask").classList.toggle("hidden", !l.ask);
  $("#all-lessons").href = `/learn/${encodeURIComponent(l.game)}`;
  $("#all-lessons").textContent = `All lessons of the ${l.title} tutorial`;
  legal = l.legal;
  $("#help-mode").classList.remove("hidden");
  $("#lesson-main").classList.remove("hidden");
  drawBoard(l.svg);
  renderMoves();
  if (l.bout) offerBout();
}

function renderMoves() {
  const words = $("#words");
  words.replaceChildren();
  const all = $("#all-moves");
  all.replaceChildren();
  $("#moves").classList.toggle("hidden", !legal.length);
  $("#typed").classList.toggle("hidden", !legal.length);
  $("#hint-row").classList.toggle("hidden", !legal.length);
  if (!legal.length) return;
  const button = (a) => el("button", { type: "button", "data-action": a.action, text: a.text, onclick: (e) => tryMove(a.action, e.detail === 0) });
  for (const a of legal.filter((x) => !x.targets.length)) words.append(button(a));
  if (!words.children.length) words.append(el("span", { class: "muted", text: "Choose on the board: the ringed places." }));
  $("#all-summary").textContent = `All legal moves (${legal.length})`;
  for (const a of legal) all.append(button(a));
  drawHint();
}

// ---- the lesson's hint --------------------------------------------------------------------
async function askHint() {
  if (hinting || !legal.length) return;
  hinting = true;
  clearHint();
  const out = $("#hint-out");
  out.replaceChildren(el("p", { class: "muted", text: "Looking for the lesson's move…" }));
  out.classList.remove("hidden");
  $("#hint").disabled = true;
  let data = null;
  try {
    data = await getJson(`${lessonPath}/hint`, { method: "POST" });
  } catch (err) {
    out.replaceChildren(el("p", { text: (err && err.message) || "The hint could not be found." }));
  }
  hinting = false;
  $("#hint").disabled = false;
  if (data && legal.length) showHint(data);
}

function showHint(data) {
  hintShown = { action: data.action, words: data.words, targets: data.targets };
  const [head, ...why] = data.lines;
  const where = data.targets.length
    ? `It is ringed on the board in green${data.targets.length > 1 ? `, ${data.targets.length} places to choose in turn` : ""}.`
    : `Press the button “${data.words}”.`;
  $("#hint-out").replaceChildren(el("p", { class: "learn-head", text: head }),
    el("p", { class: "learn-where", text: where }),
    ...why.map((line) => el("p", {}, ...withCode(line))),
    el("button", { type: "button", class: "learn-close", text: "Hide the hint", onclick: clearHint }));
  $("#hint-out").classList.remove("hidden");
  drawHint();
}

function clearHint() {
  hintShown = null;
  if (!hinting) {
    $("#hint-out").classList.add("hidden");
    $("#hint-out").replaceChildren();
  }
  drawHint();
}

// The server's verdict on a move tried, next to the board.
function showVerdict(data) {
  const box = $("#verdict");
  let head = data.error ? "The move was not tried." : `Not this one. You tried: ${data.words}`;
  if (data.ok) head = `Right: ${data.words}.`;
  else if (data.refused) head = `Not allowed. You tried: ${data.words}`;
  const lines = [el("p", { class: "verdict-head", text: head })];
  for (const line of (data.text || "").split("\n")) if (line.trim()) lines.push(el("p", {}, ...withCode(line)));
  if (data.ok && data.after) lines.push(...textParagraphs(data.after));
  box.replaceChildren(...lines);
  box.className = `verdict ${data.ok ? "ok" : "no"}`;
  box.dataset.ok = data.ok ? "true" : "false";
  box.dataset.action = data.action === undefined ? "" : String(data.action);
}

async function tryMove(action, toBoard) {
  if (trying || !legal.length) return;
  trying = true;
  picked = [];
  clearHint();
  hideChooser();
  highlight();
  const body = typeof action === "number" ? { action } : { text: action };
  let data;
  try {
    data = await getJson(`${lessonPath}/try`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (err) {
    data = { ok: false, error: true, text: (err && err.message) || "The server did not answer." };
  }
  trying = false;
  showVerdict(data);
  if (!data.ok) {
    if (toBoard) { backToBoard = true; highlight(); }
    return;
  }
  markLesson(lesson.game, lesson.key);
  legal = [];
  $("#ask").classList.add("hidden");
  drawBoard(data.svg);
  renderMoves();
  const next = $("#next");
  next.href = data.next ? `/learn/${encodeURIComponent(lesson.game)}/${encodeURIComponent(data.next)}` : `/learn/${encodeURIComponent(lesson.game)}`;
  next.textContent = data.next ? "Next lesson" : "Back to the tutorial";
  next.classList.remove("hidden");
  next.focus({ preventScroll: !toBoard });
}

// ---- the last lesson: a game against the random bot ------------------------------------
function offerBout() {
  $("#bout").classList.remove("hidden");
  const held = learnGames()[lesson.game];
  const resume = $("#bout-resume");
  if (held && held.link) { resume.href = held.link; resume.classList.remove("hidden"); }
}

async function startBout() {
  const b = lesson.bout;
  const start = $("#bout-start");
  start.disabled = true;
  try {
    const made = await getJson("/api/games", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: b.game, players: b.players, seats: b.seats }),
    });
    const seat = made.seats.find((s) => s.seat === b.seat);
    const games = learnGames();
    games[b.game] = { id: made.id, link: seat.link, lesson: lesson.key };
    saveLearnGames(games);
    location.href = seat.link;
  } catch (err) {
    showVerdict({ ok: false, error: true, text: (err && err.message) || "The server did not answer." });
    start.disabled = false;
  }
}

// ---- the board ----------------------------------------------------------------------------
// A board drawn as panels is laid out as on the game page (board.js: layOutPanels).
function flow(root) {
  const column = Number(root.dataset.column);
  const panels = [...root.children].filter((n) => n.classList.contains("tw-panel"));
  if (!column || !panels.length) return;
  const least = Number(root.dataset.leastScale) || 1;
  const room = boardRoom();
  const width = layOutPanels(root, panels, column, room, least);
  root.style.width = room / width < least ? `${Math.ceil(width * least)}px` : "";
  root.dataset.flowedFor = room;
}

function drawBoard(svg) {
  const board = $("#board");
  if (board.contains(document.activeElement)) backToBoard = true;
  if (!svg) { board.replaceChildren(el("p", { class: "muted", text: "This game draws no board." })); return; }
  board.innerHTML = svg;
  const root = board.querySelector("svg");
  root.setAttribute("tabindex", "-1");
  root.addEventListener("click", onBoardClick);
  root.addEventListener("keydown", onBoardKey);
  root.addEventListener("focusin", drawFocus);
  root.addEventListener("focusout", () => setTimeout(drawFocus));
  flow(root);
  highlight();
}

function reflow() {
  const root = $("#board svg");
  if (!root || Number(root.dataset.flowedFor) === boardRoom()) return;
  flow(root);
  highlight();
}

// ---- choosing on the board ----------------------------------------------------------------
function candidates() {
  return legal.filter((a) => a.targets.length >= Math.max(picked.length, 1) && startsWith(a.targets, picked));
}

function highlight() {
  const root = $("#board svg");
  if (!root) return;
  root.querySelectorAll(".tw-rings").forEach((n) => n.remove());
  const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
  layer.setAttribute("class", "tw-rings");
  layer.setAttribute("pointer-events", "none");
  for (const id of picked) ring(root, layer, id, "tw-picked");
  for (const id of nextIds()) ring(root, layer, id, "tw-hl");
  root.append(layer);
  drawHint();  // over the rings, where the board now puts its places
  $("#cancel").classList.toggle("hidden", picked.length === 0);
  markTargets(root);
}

function onBoardClick(event) {
  if (trying || !legal.length) return;
  const next = nextIds();
  const found = (ids) => {
    for (let node = event.target; node && node !== event.currentTarget; node = node.parentNode) {
      if (node.id && ids.has(node.id)) return node.id;
    }
    return null;
  };
  let id = found(next);
  if (id === null) {
    // a click elsewhere starts over, from this element if it begins some move
    picked = [];
    id = found(new Set(legal.filter((a) => a.targets.length).map((a) => a.targets[0])));
    if (id === null) {
      hideChooser();
      highlight();
      showNote("That is not one of your moves here: the ringed places are, and the moves in words.");
      return;
    }
  }
  choose(id, false);
}

function choose(id, byKeyboard) {
  showNote("");
  picked.push(id);
  const done = candidates().filter((a) => a.targets.length === picked.length);
  const more = nextIds();
  if (done.length === 1 && more.size === 0) {
    hideChooser();
    tryMove(done[0].action, byKeyboard);
    return;
  }
  if (done.length) showChooser(done, more.size > 0);
  else hideChooser();
  highlight();
  if (byKeyboard && done.length && !more.size) $("#choices button").focus();
}

function showChooser(actions, canGoOn) {
  const box = $("#choices");
  box.replaceChildren(...actions.map((a) => el("button", {
    type: "button", "data-action": a.action, text: a.text, onclick: (e) => tryMove(a.action, e.detail === 0),
  })));
  if (canGoOn) box.append(el("p", { class: "muted", text: "…or go on choosing on the board." }));
  $("#chooser").classList.remove("hidden");
}

function hideChooser() {
  $("#chooser").classList.add("hidden");
}

function showNote(text) {
  $("#note").textContent = text;
  $("#note").classList.toggle("hidden", !text);
}

// On a phone the dock (the question, the verdict, the buttons) stays at the foot of the
// screen: the page ends with room for it.
function fitDock() {
  const dock = $("#dock");
  const docked = getComputedStyle(dock).position === "fixed";
  document.body.style.paddingBottom = docked ? `${dock.offsetHeight + 16}px` : "";
}

// ---- start ----------------------------------------------------------------------------------
async function start() {
  await settleLearnGames();
  try {
    if (!learnKey) { showOverview(await getJson("/api/learn")); return; }
    lesson = await getJson(lessonPath);
  } catch (err) {
    showMissing(err);
    return;
  }
  showLesson();
}

$("#cancel").addEventListener("click", () => { picked = []; hideChooser(); highlight(); });
$("#typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("#typed-move").value.trim();
  if (text) tryMove(text, false);
});
$("#bout-start").addEventListener("click", startBout);
$("#hint").addEventListener("click", askHint);
new ResizeObserver(reflow).observe($("#board"));
new ResizeObserver(fitDock).observe($("#dock"));
window.addEventListener("resize", fitDock);
start();
