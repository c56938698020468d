// The game page: one WebSocket to the server, the board as the server draws it for this seat,
// the legal actions chosen by clicking the board (or in words), undo, seats, log and replay.
// Works for every game: it only reads the view the server sends (see /docs).
"use strict";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.hash.slice(1));
const secret = params.get("secret");

let ws = null;
let view = null;        // the last state message
let log = [];           // log entries, by ply
let picked = [];        // ids clicked so far towards an action
let replaying = null;   // {step, total} while stepping through a replay
let retry = 500;
let sending = false;
let shown = null;       // the svg on the board (null while replaying)
let offeredMoves = "";  // the moves the buttons offer now
let pending = null;     // the action waiting for the player's confirmation
let backToBoard = false; // the next board drawn takes the keyboard's focus
let logSeen = false;     // a state message with the log has come since the page opened

// The game's printed title, as the server names it (the page's title and the tab's).
function gameName() {
  return (view && (view.title || view.game)) || "";
}

// ---- settings, kept in this browser ----------------------------------------------------
// confirm: ask before an action that cannot be taken back (on unless turned off); sound and
// notify: say that the turn has come (off unless turned on).
function setting(name) {
  let value = null;
  try { value = localStorage.getItem(`towers.${name}`); } catch (e) { /* storage refused */ }
  return name === "confirm" ? value !== "off" : value === "on";
}

function setSetting(name, on) {
  try { localStorage.setItem(`towers.${name}`, on ? "on" : "off"); } catch (e) { /* storage refused */ }
}

// A seat as every screen names it: the game's name for it (its colour, "Blue"; its hero in
// Return to Dark Tower), with its player's own name beside it when one was given
// ("Blue (Ann)"). The seat's number is an id for the server, never shown.
function seatName(seat) {
  if (seat < 0) return "chance";
  const names = view && view.seat_names;
  const base = names && names[seat] ? names[seat] : `Player ${seat + 1}`;
  const s = view && view.seats && view.seats[seat];
  return s && s.name ? `${base} (${s.name})` : base;
}

// ---- connection ------------------------------------------------------------------------
// The server answers a hello it refuses (no such game, a secret of no seat) with an error
// message, then closes with 4000 + the status: trying again could not help. Any other close
// (a network drop, a restart) is tried again, less and less often.
function isRefusal(code) {
  return code >= 4400 && code < 4500 && code !== 4408;  // 4408: no hello in time
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws?board=pieces`);
  let accepted = false;  // a state came: errors from now on answer our own moves
  let refusal = null;
  ws = socket;
  socket.onopen = () => {
    retry = 500;
    socket.send(JSON.stringify({ type: "hello", secret, svg: true, log: true }));
    $("#connection").textContent = "";
  };
  socket.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") { accepted = true; onState(msg); }
    else if (msg.type === "error" && !accepted && isRefusal(4000 + msg.status)) refusal = msg;
    else if (msg.type === "error") showError(msg);
  };
  socket.onclose = (event) => {
    if (refusal || isRefusal(event.code)) {
      showRefusal(refusal || { status: event.code - 4000, error: "", message: event.reason });
      return;
    }
    $("#connection").textContent = "offline, reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

// The page of a link the server will not serve: what is wrong, in words, and where to go.
function showRefusal(err) {
  const code = err.error || { 404: "unknown_game", 403: "wrong_secret" }[err.status] || "";
  const known = {
    unknown_game: ["No such game",
      `There is no game “${gameId}” on this server. The link may be cut short or mistyped, ` +
      "or the game was created on another server."],
    wrong_secret: ["This link is not a seat of this game",
      "This link's secret belongs to no seat of this game, so it cannot play here. " +
      "Ask whoever created the game for your seat's link, or watch the game as a spectator."],
  }[code];
  const [title, text] = known || ["The server refused this page", "The server will not show this game to this link."];
  document.title = `towers: ${title.toLowerCase()}`;
  $("#title").textContent = title.toLowerCase();
  $("#connection").textContent = "";
  $("#refused-title").textContent = title;
  $("#refused-text").textContent = text;
  // the server's own words, where ours are only general
  $("#refused-detail").textContent = !known && err.message ? `The server's answer: ${err.message}` : "";
  const watch = $("#refused-watch");
  watch.href = `/game/${encodeURIComponent(gameId)}`;
  watch.classList.toggle("hidden", code !== "wrong_secret");
  $("#game-main").classList.add("hidden");
  $("#refused").classList.remove("hidden");
}

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (secret) headers["X-Seat-Secret"] = secret;
  const res = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await res.json();
  if (!res.ok) throw data;
  return data;
}

function send(message) {
  clearError();
  if (ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify(message));
    return;
  }
  // the socket is down: the same action through the HTTP API
  const path = message.type === "undo" ? "undo" : "actions";
  const body = { ...message };
  delete body.type;
  api("POST", `/api/games/${gameId}/${path}`, body).catch(showError);
}

// An action chosen: played at once, or, when it cannot be taken back and the player asks
// for it (the settings), once confirmed. ``toBoard``: chosen by the keyboard, which goes back
// to the board afterwards (a button pressed by a key is clicked with no count of clicks).
function play(action, toBoard = false) {
  if (!view || sending) return;
  const entry = view.legal.find((a) => a.action === action);
  if (entry && entry.ends_turn && setting("confirm")) { askConfirm(entry, toBoard); return; }
  commit(action, toBoard);
}

function commit(action, toBoard) {
  hideConfirm();
  sending = true;
  picked = [];
  if (toBoard) backToBoard = true;
  send({ type: "action", ply: view.ply, action });
  highlight();
}

function askConfirm(entry, toBoard) {
  pending = { entry, toBoard };
  $("#confirm-text").textContent = `${entry.text}: play it? It cannot be taken back.`;
  $("#confirm").classList.remove("hidden");
  $("#confirm-yes").focus({ preventScroll: true });
}

function hideConfirm() {
  pending = null;
  clearWhatIf();
  $("#confirm").classList.add("hidden");
}

function cancelConfirm() {
  const was = pending;
  hideConfirm();
  picked = [];
  hideChooser();
  if (was && was.toBoard) backToBoard = true;
  highlight();
}

// ---- state -----------------------------------------------------------------------------
function onState(msg) {
  takeBoard(msg);  // the board's pieces that changed, joined with those held: msg.svg
  const plyChanged = !view || view.ply !== msg.ply;
  const turnCame = view !== null && !view.your_turn && msg.your_turn;
  if (plyChanged) $("#typed-move").value = "";
  if (plyChanged && pending) hideConfirm();
  view = msg;
  sending = false;
  if ("log_from" in msg) {
    const known = log.length;
    const first = !logSeen;  // the first log of this page: the game so far, not news
    logSeen = true;
    log.length = Math.min(log.length, msg.log_from);
    for (const e of msg.log) log[e.ply] = e;
    // the moves since the last message, read out by a screen reader (not the whole log at first;
    // a game with no move yet has an empty log, and its first moves are news)
    const fresh = msg.log.filter((e) => e.ply >= known);
    if (!first && fresh.length) $("#said").textContent = sayEntries(fresh, log[fresh[0].ply - 1]);
  }
  if (plyChanged) { picked = []; hideChooser(); }
  render();
  if (turnCame) signalTurn();
}

function render() {
  const mine = view.your_turn && !replaying;
  document.title = mine ? `● Your turn: ${gameName()}` : `towers: ${gameName()}`;
  $("#icon").setAttribute("href", mine ? "/icon-turn.svg" : "/icon.svg");
  $("#title").textContent = `${gameName()}, ${view.players} player${view.players === 1 ? "" : "s"}` + (view.you === null ? " · watching" : ` · you are ${seatName(view.you)}`);
  $("#settings").classList.toggle("hidden", view.you === null);
  renderStatus();
  // the same board again (news of the seats or the log) is left as it is, so that a click
  // under way lands on what it was aimed at
  if (!replaying && (view.svg !== shown || !view.svg)) renderBoard(view.svg, view.observation);
  else if (!replaying) highlight();
  renderMoves();
  renderSeats();
  renderFinal();
  renderLog();
  $("#undo").disabled = !view.can_undo;
  $("#undo").classList.toggle("hidden", view.you === null || view.status === "over");
  // the button the keyboard chose with may have gone with the old moves: back to the board
  const root = $("#board svg");
  if (backToBoard && root && !replaying) markTargets(root);
  renderLearn();  // hints and the review (learn.js)
}

function renderStatus() {
  const status = $("#status");
  status.classList.remove("mine");
  if (view.status === "over") {
    status.textContent = "The game is over.";
  } else if (view.your_turn) {
    status.textContent = "Your turn: choose on the board, or a move in words.";
    status.classList.add("mine");
  } else if (view.to_move !== null) {
    const s = view.seats[view.to_move];
    status.textContent = `Waiting for ${seatName(view.to_move)}${s.is_bot ? ` (${s.kind} bot)` : ""}.`;
  } else {
    status.textContent = "Chance is being drawn…";
  }
  status.dataset.ply = view.ply;
  status.dataset.status = view.status;
}

function renderBoard(svg, observation) {
  const board = $("#board");
  shown = replaying ? null : svg;
  if (board.contains(document.activeElement)) backToBoard = true;
  if (svg) {
    setBoardSvg(board, svg);  // only the panels that changed, where the board keeps its frame
    const root = board.querySelector("svg");
    root.addEventListener("click", onBoardClick);
    root.setAttribute("tabindex", "-1");  // the stop for Tab is its target, not the picture
    root.addEventListener("keydown", onBoardKey);
    root.addEventListener("focusin", drawFocus);
    root.addEventListener("focusout", () => setTimeout(drawFocus));
    flow(root);
  } else {
    board.replaceChildren(el("pre", { text: JSON.stringify(observation, null, 1) }));
  }
  highlight();
}

// ---- a board drawn as panels -------------------------------------------------------------
// Laid out by board.js (layOutPanels); here, on a phone, only the panels of the tab chosen,
// and wider than the box when zoomed. A box too narrow for one column keeps the scale where
// the text reads and scrolls sideways, the page does not.
function flow(root) {
  const column = Number(root.dataset.column);
  const all = [...root.children].filter((n) => n.classList.contains("tw-panel"));
  const panels = showTab(all);  // on a phone, those of the tab chosen
  if (!column || !all.length || (tabbed() && tab === SIDE_TAB)) return;
  const least = Number(root.dataset.leastScale) || 1;
  const room = boardRoom();
  const width = layOutPanels(root, panels, column, room, least);
  const fitted = room / width < least ? Math.ceil(width * least) : 0;
  const z = ZOOMS[zoom];
  root.style.width = z > 1 ? `${Math.round((fitted || room) * z)}px` : fitted ? `${fitted}px` : "";
  root.dataset.flowedFor = room;
  offerZoom(root);
}

function reflow() {
  const root = $("#board svg");
  if (!root || Number(root.dataset.flowedFor) === boardRoom()) return;
  flow(root);
  highlight();
}

// On a phone the dock (status, choices, moves in words) stays at the foot of the screen: the
// page ends with room for it, so that it never hides the end of the page.
function fitDock() {
  const dock = $("#dock");
  const docked = getComputedStyle(dock).position === "fixed";
  document.body.style.paddingBottom = docked ? `${dock.offsetHeight + 16}px` : "";
}

// ---- a phone's tabs, and the zoom -----------------------------------------------------------
// On a narrow screen the board shows one part at a time, as tabs: the panels of each part the
// svg names (data-part; a panel that names none goes with the one before it, the first with
// the shared board), and a last tab for the players, the log, the moves in words and the
// settings. The dock stays at the foot of the screen whichever tab is shown. A tab where
// something may be chosen now says how many. A wide screen shows everything, as two columns.
const PARTS = { board: "Board", me: "You", supply: "Supply", others: "Others", scores: "Scores" };
const SIDE_TAB = "side";
const narrow = window.matchMedia("(max-width: 899px)");
let tab = "board";      // the tab shown on a narrow screen
let tabsOffered = "";   // the tabs the bar holds now
const ZOOMS = [1, 1.5, 2, 3];
let zoom = 0;           // the board's zoom, an index of ZOOMS: 0 is fitted to its box

function tabbed() {
  return narrow.matches;
}

// The panels to lay out: all of them on a wide screen, those of the tab shown on a narrow one
// (the others are not drawn).
function showTab(panels) {
  let part = "board";
  const parts = panels.map((p) => {
    part = Object.hasOwn(PARTS, p.dataset.part || "") ? p.dataset.part : part;
    p.dataset.twPart = part;
    return part;
  });
  offerTabs(parts.length ? parts : ["board"]);
  const shown = panels.filter((p, i) => !tabbed() || parts[i] === tab);
  for (const p of panels) {
    if (shown.includes(p)) p.removeAttribute("display");
    else p.setAttribute("display", "none");
  }
  return shown;
}

function offerTabs(parts) {
  const bar = $("#tabs");
  const keys = tabbed() ? [...Object.keys(PARTS).filter((k) => parts.includes(k)), SIDE_TAB] : [];
  if (keys.length && !keys.includes(tab)) tab = keys[0];
  if (keys.join(" ") !== tabsOffered) {
    tabsOffered = keys.join(" ");
    bar.replaceChildren(...keys.map((k) => el("button", {
      type: "button", role: "tab", id: `tab-${k}`, "data-tab": k, "aria-controls": k === SIDE_TAB ? "side" : "board",
      onclick: () => chooseTab(k),
      "data-name": PARTS[k] || "More: the players, the log, the moves in words, the settings",
    }, el("span", { text: PARTS[k] || "More" }), el("span", { class: "tab-mark" }))));
  }
  bar.classList.toggle("hidden", !keys.length);
  for (const b of bar.children) {
    const on = b.dataset.tab === tab;
    b.setAttribute("aria-selected", on ? "true" : "false");
    b.tabIndex = on ? 0 : -1;
  }
  const main = $("#game-main");
  const board = $("#board");
  if (keys.length) {
    main.dataset.tab = tab;
    board.setAttribute("role", "tabpanel");
    board.setAttribute("aria-labelledby", `tab-${tab === SIDE_TAB ? keys[0] : tab}`);
  } else {
    delete main.dataset.tab;
    board.removeAttribute("role");
    board.removeAttribute("aria-labelledby");
  }
}

function chooseTab(k, byKey = false) {
  if (k !== tab) {
    tab = k;
    const root = $("#board svg");
    if (root) {
      delete root.dataset.flowedFor;
      flow(root);
      highlight();
    } else offerTabs(["board"]);
    window.scrollTo({ top: 0 });
    fitDock();
  }
  if (byKey) $(`#tab-${k}`).focus();
}

function onTabKey(event) {
  const keys = [...$("#tabs").children].map((b) => b.dataset.tab);
  const at = keys.indexOf(tab);
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: keys.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  chooseTab(keys[(to + keys.length) % keys.length], true);
}

// How many things may be chosen now in each tab, said on the tab. When what may be chosen
// changes (a new turn, a choice under way) and none of it is in the tab shown, the first tab
// that has some is shown: the player's own choice of a tab stands until then.
let choicesSeen = "";
let endSeen = false;  // the game's end was shown: on a phone, the result, scores and log first

function markTabs(root, ids) {
  const count = {};
  for (const id of ids) {
    const node = root.querySelector(`[id="${CSS.escape(id)}"]`);
    const panel = node && node.closest(".tw-panel");
    const part = (panel && panel.dataset.twPart) || "board";
    count[part] = (count[part] || 0) + 1;
  }
  for (const b of $("#tabs").children) {
    const n = count[b.dataset.tab] || 0;
    const mark = b.querySelector(".tab-mark");
    mark.textContent = n ? `${n}` : "";
    b.setAttribute("aria-label", n ? `${b.dataset.name}, ${n} to choose` : b.dataset.name);
  }
  if (view && view.status === "over" && !endSeen) {
    endSeen = true;
    if (tabbed()) chooseTab(SIDE_TAB);
    return;
  }
  const seen = [...ids].join(" ");
  if (seen === choicesSeen || !tabbed()) return;
  choicesSeen = seen;
  const first = Object.keys(PARTS).find((k) => count[k]);
  if (!first || count[tab] || pending) return;
  chooseTab(first);
  // the first of them in view, if it is not: above the dock held at the foot of the screen
  const ring = $("#board .tw-hl");
  const dock = $("#dock").getBoundingClientRect();
  if (ring && ring.getBoundingClientRect().bottom > Math.min(dock.top, window.innerHeight)) {
    ring.scrollIntoView({ block: "center" });
  }
}

// A target in a panel of a tab not shown: not ringed, not reached by the keyboard.
function offTab(node) {
  const panel = node.closest(".tw-panel");
  return Boolean(panel) && panel.getAttribute("display") === "none";
}

// The zoom is offered for a dense board: one whose smallest element to click is drawn under
// ZOOM_BELOW CSS pixels when fitted to the screen. Once offered it stays.
const ZOOM_BELOW = 36;

function offerZoom(root) {
  const tools = $("#zoom-tools");
  if (!tools.classList.contains("hidden") || zoom) return;
  let least = Infinity;
  for (const n of root.querySelectorAll("[id]")) {
    if (offTab(n)) continue;
    const b = n.getBoundingClientRect();
    if (b.width && b.height) least = Math.min(least, b.width, b.height);
  }
  tools.classList.toggle("hidden", !(least < ZOOM_BELOW));
}

// Zoom in on a dense board (it then scrolls both ways), and back to fitted; what was in the
// middle of the board's view stays there. Never smaller than fitted, so targets stay large.
function setZoom(k) {
  const board = $("#board");
  const root = $("#board svg");
  zoom = Math.max(0, Math.min(ZOOMS.length - 1, k));
  $("#zoom-out").disabled = zoom === 0;
  $("#zoom-fit").disabled = zoom === 0;
  $("#zoom-in").disabled = zoom === ZOOMS.length - 1;
  // a button the keyboard was on, now disabled: the keyboard goes to the one that undoes it
  const on = document.activeElement;
  if (on && on.disabled) $(on.id === "zoom-in" ? "#zoom-out" : "#zoom-in").focus();
  if (!root) return;
  const box = board.getBoundingClientRect();
  const across = (board.scrollLeft + board.clientWidth / 2) / Math.max(board.scrollWidth, 1);
  const down = Math.min(Math.max((window.innerHeight / 2 - box.top) / Math.max(box.height, 1), 0), 1);
  delete root.dataset.flowedFor;
  flow(root);
  highlight();
  board.scrollLeft = across * board.scrollWidth - board.clientWidth / 2;
  const after = board.getBoundingClientRect();
  window.scrollBy(0, after.top + down * after.height - window.innerHeight / 2);
}

// ---- choosing by clicking ----------------------------------------------------------------
function candidates() {
  if (!view || !view.your_turn || replaying) return [];
  return view.legal.filter((a) => a.targets.length >= Math.max(picked.length, 1) && startsWith(a.targets, picked));
}

function highlight() {
  const root = $("#board svg");
  if (!root) return;
  root.querySelectorAll(".tw-hl, .tw-picked").forEach((n) => n.remove());
  const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
  layer.setAttribute("pointer-events", "none");
  // on a phone's tabs, only the targets of the part shown (markTabs marks the other tabs)
  const shown = (id) => { const node = byId(root, id); return node && !offTab(node); };
  for (const id of picked.filter(shown)) ring(root, layer, id, "tw-picked");
  for (const id of [...nextIds()].filter(shown)) ring(root, layer, id, "tw-hl");
  root.append(layer);
  $("#cancel").classList.toggle("hidden", picked.length === 0);
  markTargets(root);
  markTabs(root, nextIds());
}

function onBoardClick(event) {
  if (!view || replaying) return;
  if (!view.your_turn) { sayWhy(event.target, false); return; }
  if (pending) return;
  const next = nextIds();
  let node = event.target;
  let id = null;
  while (node && node !== event.currentTarget) {
    if (node.id && next.has(node.id)) { id = node.id; break; }
    node = node.parentNode;
  }
  if (id === null) {
    // a click elsewhere starts over, from this element if it begins some action
    const first = new Set(view.legal.filter((a) => a.targets.length).map((a) => a.targets[0]));
    picked = [];
    node = event.target;
    while (node && node !== event.currentTarget) {
      if (node.id && first.has(node.id)) { id = node.id; break; }
      node = node.parentNode;
    }
    if (id === null) { hideChooser(); highlight(); sayWhy(event.target, true); return; }
  }
  choose(id, false);
}

// One more element of the board chosen (by a click, or by the keyboard on a target): the
// action it completes is played (confirmed first where asked), or the choice goes on.
function choose(id, byKeyboard) {
  clearError();
  picked.push(id);
  const done = candidates().filter((a) => a.targets.length === picked.length);
  const more = nextIds();
  if (done.length === 1 && more.size === 0) {
    hideChooser();
    highlight();
    play(done[0].action, byKeyboard);
    return;
  }
  if (done.length) showChooser(done, more.size > 0);
  else hideChooser();
  highlight();
  if (byKeyboard && done.length && !more.size) $("#choices button").focus();
}

// ---- the board by keyboard ---------------------------------------------------------------
// The targets' names, Tab stop and rings are board.js's (markTargets, drawFocus, onBoardKey).
// board.js's keyboard asks this before Enter chooses a target: not while a move is on its way
function boardBusy() {
  return Boolean(pending) || sending;
}

// A click on the board that chooses nothing: why, at once, next to the board.
function sayWhy(node, myTurn) {
  let place = node;
  while (place && place.tagName !== "svg" && !(place.querySelector && place.querySelector(":scope > title"))) place = place.parentNode;
  const title = place && place.tagName !== "svg" ? place.querySelector(":scope > title").textContent.split(":")[0] : "";
  if (!myTurn) {
    if (view.status === "over") return;
    const who = view.to_move === null ? "chance is being drawn" : `it is ${seatName(view.to_move)}'s turn`;
    showNote(`${title ? `${title}: ` : ""}nothing to choose now, ${view.you === null ? "you are watching" : who}.`);
    return;
  }
  if (pending) return;
  const where = picked.length ? "the ringed places go on with your choice" : "the ringed places are what you may choose now";
  showNote(`${title ? `${title} is` : "That is"} not something you may choose now: ${where}` +
    (view.legal.some((a) => !a.targets.length) ? ", and the buttons in words." : "."));
}

function showNote(text) {
  showError({ message: text, error: "not_a_target" });
}

// ---- the turn has come ----------------------------------------------------------------------
function signalTurn() {
  if (setting("sound")) beep();
  if (setting("notify") && document.hidden && "Notification" in window && Notification.permission === "granted") {
    const note = new Notification(`Your turn: ${gameName()}`, { body: $("#title").textContent, tag: `towers-${gameId}` });
    note.onclick = () => { window.focus(); note.close(); };
  }
}

let audio = null;
function beep() {
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    for (const [at, pitch] of [[0, 660], [0.16, 880]]) {
      const tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.15, now + at);
      gain.gain.exponentialRampToValueAtTime(0.001, now + at + 0.14);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + at);
      tone.stop(now + at + 0.15);
    }
  } catch (e) { /* no sound here */ }
}

function showChooser(actions, canGoOn) {
  const box = $("#choices");
  box.replaceChildren();
  for (const a of actions) {
    box.append(el("button", { type: "button", "data-action": a.action, text: a.text, onclick: (e) => { hideChooser(); play(a.action, e.detail === 0); } }));
  }
  if (canGoOn) box.append(el("p", { class: "muted", text: "…or go on choosing on the board." }));
  $("#chooser").classList.remove("hidden");
}

function hideChooser() {
  $("#chooser").classList.add("hidden");
}

function renderMoves() {
  const box = $("#moves");
  const mine = view.your_turn && !replaying;
  box.classList.toggle("hidden", !mine);
  const offered = mine ? JSON.stringify(view.legal) : "";
  if (offered === offeredMoves) return;  // the same moves: their buttons stay as they are
  offeredMoves = offered;
  hideChooser();
  const words = $("#words");
  words.replaceChildren();
  if (!mine) return;
  if (view.legal.length === 1) offerForced(words, view.legal[0]);
  else for (const a of view.legal.filter((x) => x.targets.length === 0)) {
    words.append(el("button", { type: "button", "data-action": a.action, text: a.text, onclick: (e) => play(a.action, e.detail === 0) }));
  }
  if (!words.children.length) words.append(el("span", { class: "muted", text: "Everything you may do now is on the board." }));
  $("#all-summary").textContent = `All legal moves (${view.legal.length})`;
  const all = $("#all-moves");
  all.replaceChildren();
  for (const a of view.legal) {
    all.append(el("button", { type: "button", "data-action": a.action, text: a.text, onclick: (e) => play(a.action, e.detail === 0) }));
  }
}

// ---- a move that leaves no choice ----------------------------------------------------------
// The seat's only legal move is offered as one prominent button, on the board or not. When the
// player asks for it (the settings, off at first), it is played for them after a moment, with
// no confirmation: there was nothing to choose, so nothing to get wrong (undo takes it back
// where the rules allow). It is played once at a ply, so that an undo back to it stays there.
const AUTO_PLAY_MS = 700;
const autoPlayed = new Set();  // the plies whose only move was played for the player

function offerForced(words, only) {
  words.append(el("button", {
    type: "button", class: "primary forced", "data-action": only.action, text: `Play: ${only.text}`,
    onclick: (e) => play(only.action, e.detail === 0),
  }));
  if (!setting("autoplay") || autoPlayed.has(view.ply)) return;
  const ply = view.ply;
  autoPlayed.add(ply);
  setTimeout(() => {
    const still = view && view.ply === ply && view.your_turn && !replaying && view.legal.length === 1;
    if (still && !sending && !pending && view.legal[0].action === only.action) commit(only.action, false);
  }, AUTO_PLAY_MS);
}

// ---- seats, scores, log ------------------------------------------------------------------
function renderSeats() {
  const list = $("#seats");
  list.replaceChildren();
  const bots = ["random", "greedy", "mcts"];
  view.seats.forEach((s, i) => {
    const score = view.scores ? view.scores[i] : null;
    const li = el("li", { "data-seat": i },
      seatDot(i),
      el("strong", { text: seatName(i) + (view.you === i ? " (you)" : "") }),
      el("span", { class: "muted", text: s.is_bot ? `${s.kind} bot` : "human" }),
      el("span", { class: s.present ? "present" : "absent", text: s.is_bot ? "" : s.present ? "● here" : "○ away" }),
      el("span", { class: "score", "data-score": score === null ? "" : score, text: score === null ? "" : `${score}` }));
    if (view.you !== null && view.status === "playing") {
      const mine = view.you === i;
      if (s.is_bot && mine) {
        li.append(el("button", { type: "button", text: "Take my seat back", onclick: () => setSeat(i, "human") }));
      } else if (!s.is_bot && (mine || !s.present)) {
        const pick = el("select", { "aria-label": "bot" });
        for (const b of bots) pick.append(el("option", { value: b, text: b }));
        pick.value = "greedy";
        li.append(pick, el("button", {
          type: "button", class: "takeover", text: mine ? "Let a bot play for me" : "Let a bot play this seat",
          onclick: () => setSeat(i, pick.value),
        }));
      }
    }
    list.append(li);
  });
}

async function setSeat(seat, kind) {
  clearError();
  try {
    await api("PUT", `/api/games/${gameId}/seats/${seat}`, { kind, params: kind === "mcts" ? { seconds: 1 } : {} });
  } catch (e) { showError(e); }
}

function renderFinal() {
  const box = $("#final");
  const over = view.status === "over";
  box.classList.toggle("hidden", !over);
  $("#replay").classList.toggle("hidden", !over);
  if (over) renderEnding();  // the verdict, the reason, the scores by category, the notes
  else hideEnding();
}

function renderLog(upto) {
  const list = $("#log");
  const shown = upto === undefined ? log : log.slice(0, upto);
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  renderLogGroups(list, shown.filter(Boolean));  // by chapter and turn, the setup folded
  if (atBottom) list.scrollTop = list.scrollHeight;
}

// ---- errors --------------------------------------------------------------------------------
function showError(err) {
  sending = false;
  const box = $("#error");
  const message = (err && err.message) || String(err);
  // the rule that forbids it, where the refusal names one
  box.textContent = err && err.rule && !message.includes(err.rule) ? `${message} (${err.rule})` : message;
  box.dataset.code = (err && err.error) || "";
  box.classList.remove("hidden");
  if (err && err.rule) offerWhy(box, err.rule);  // its summary, a click away
}

function clearError() {
  $("#error").classList.add("hidden");
  $("#error").textContent = "";
}

// ---- replay ----------------------------------------------------------------------------------
async function showStep(step) {
  const data = await api("GET", `/api/games/${gameId}/replay?step=${step}&svg=true`).catch(showError);
  if (!data) return;
  replaying = { step: data.step, total: data.total };
  renderBoard(data.svg, data.observation);
  const slider = $("#replay-step");
  slider.max = data.total;
  slider.value = data.step;
  $("#replay-label").textContent = `step ${data.step} of ${data.total}`;
  $("#replay-label").dataset.step = data.step;
  renderLog(data.step);
  renderMoves();
}

function startReplay(step) {
  $("#replay").classList.add("replaying");  // on a phone, its controls shown over every tab
  if (tabbed()) chooseTab("board");
  $("#replay-controls").classList.remove("hidden");
  $("#replay-live").classList.remove("hidden");
  showStep(Number.isInteger(step) ? step : 0);  // a step of the review, else the start
}

function stopReplay() {
  $("#replay").classList.remove("replaying");
  replaying = null;
  $("#replay-controls").classList.add("hidden");
  $("#replay-live").classList.add("hidden");
  render();
}

// ---- start -----------------------------------------------------------------------------------
$("#typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("#typed-move").value.trim();
  if (!text || !view) return;
  picked = [];
  send({ type: "action", ply: view.ply, text });
});
$("#undo").addEventListener("click", () => { if (!view) return; hideConfirm(); send({ type: "undo", ply: view.ply }); });
$("#confirm-yes").addEventListener("click", () => pending && commit(pending.entry.action, pending.toBoard));
$("#confirm-no").addEventListener("click", cancelConfirm);
$("#confirm").addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); cancelConfirm(); } });
for (const name of ["confirm", "autoplay", "sound", "notify"]) {
  const box = $(`#set-${name}`);
  box.checked = setting(name);
  box.addEventListener("change", async () => {
    setSetting(name, box.checked);
    if (name === "sound" && box.checked) beep();
    if (name === "autoplay" && box.checked && view) { offeredMoves = ""; renderMoves(); }  // a move forced now
    if (name !== "notify" || !box.checked) return;
    const note = $("#notify-note");
    const granted = "Notification" in window && (Notification.permission === "granted" ||
      await Notification.requestPermission().catch(() => "denied") === "granted");
    note.textContent = granted ? "" : "This browser does not let the page notify you; allow it in the site's settings.";
    note.classList.toggle("hidden", granted);
    if (!granted) { box.checked = false; setSetting(name, false); }
  });
}
$("#cancel").addEventListener("click", () => { picked = []; hideConfirm(); hideChooser(); highlight(); });
$("#replay-start").addEventListener("click", startReplay);
$("#replay-live").addEventListener("click", stopReplay);
$("#replay-prev").addEventListener("click", () => replaying && replaying.step > 0 && showStep(replaying.step - 1));
$("#replay-next").addEventListener("click", () => replaying && replaying.step < replaying.total && showStep(replaying.step + 1));
$("#replay-step").addEventListener("change", (e) => showStep(Number(e.target.value)));
new ResizeObserver(reflow).observe($("#board"));
$("#tabs").addEventListener("keydown", onTabKey);
narrow.addEventListener("change", () => {
  const root = $("#board svg");
  // the keyboard on the board stays on it when the layout changes (a window resized, a
  // tablet turned): the target it was on may be in a panel the new layout hides for a while
  if (root && $("#board").contains(document.activeElement)) backToBoard = true;
  if (root) { delete root.dataset.flowedFor; flow(root); highlight(); } else offerTabs(["board"]);
});
offerTabs(["board"]);
$("#zoom-in").addEventListener("click", () => setZoom(zoom + 1));
$("#zoom-out").addEventListener("click", () => setZoom(zoom - 1));
$("#zoom-fit").addEventListener("click", () => setZoom(0));
new ResizeObserver(fitDock).observe($("#dock"));
window.addEventListener("resize", fitDock);
connect();
