// The game page's help: what each thing on the board is, and how the game goes.
// The server gives a game's help once (GET /api/games/{id}/help: the how-to, the topics by key,
// the rulebook sections its refusals cite). A board element with data-help="key" (or inside
// one) shows its topic in a card: when the mouse rests on it, on a long press of a finger (the
// move is not played), on a tap in help mode (the "?" button), and on "?" or "h" from the
// keyboard on a target. The card is closed by Escape, its × or a tap elsewhere. A refusal that
// cites a rule offers "why?", its summary. "How this game goes" holds the how-to, the topics
// (searchable) and the rules in short. Loaded before game.js, whose gameId it reads; a lesson's
// page (lesson.js) sets helpFrom instead, the help of its tutorial's game
// (GET /api/learn/{game}/help).
"use strict";

const HOLD_MS = 500;      // a press this long shows the help instead of choosing
const HOVER_MS = 250;     // the mouse rests this long on a thing before its card shows
const SLOP = 10;          // CSS pixels a finger may move and still be holding

let helpData = null;      // the game's help, once loaded
let helpLoading = null;   // the promise of it
let helpTopics = new Map();
let helpRules = new Map();
let helpPinned = false;   // the card stays until closed (opened by a press, a key, a tap or why?)
let helpReturn = null;    // where the keyboard goes back to when the card closes
let helpMode = false;
let hoverTimer = null;
let hoverOn = null;       // the element the mouse rests on
let hold = null;          // {timer, x, y} while a finger is held down
let swallowClick = false; // the click that ends a long press chooses nothing
let helpFrom = null;      // where the help comes from, when not from the game page's game

function loadHelp() {
  if (!helpLoading) {
    helpLoading = fetch(helpFrom || `/api/games/${encodeURIComponent(gameId)}/help`)
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        if (!data) { helpLoading = null; return null; }
        helpData = data;
        helpTopics = new Map(data.topics.map((t) => [t.key, t]));
        helpRules = new Map(data.rules.map((r) => [r.section, r.text]));
        const any = data.howto || data.topics.length || data.rules.length;
        $("#howto-open").classList.toggle("hidden", !any);
        return data;
      });
  }
  return helpLoading;
}

// ---- what a thing on the board is ---------------------------------------------------------
// The topic of ``node``: its own data-help or that of the nearest element round it, else (for a
// target the keyboard is on) of the one thing with help inside it; with the svg title of the
// element as a name where the game has no topic for it.
function helpOf(node) {
  if (!node || !node.closest) return null;
  let carrier = node.closest("[data-help]");
  if (!carrier && node.querySelectorAll) {
    const inside = node.querySelectorAll("[data-help]");
    if (inside.length === 1) carrier = inside[0];
  }
  const topic = carrier && helpTopics.get(carrier.dataset.help);
  if (topic) return { name: topic.name, kind: topic.kind, text: topic.text, anchor: carrier };
  let place = node;
  while (place && place.tagName !== "svg" && !(place.querySelector && place.querySelector(":scope > title"))) place = place.parentNode;
  if (!place || place.tagName === "svg" || !place.querySelector) return null;
  const title = place.querySelector(":scope > title").textContent;
  const [name, ...rest] = title.split(":");
  return { name: name.trim(), kind: "", text: rest.join(":").trim(), anchor: place };
}

function helpCard() {
  return $("#help-card");
}

function helpShown() {
  return !helpCard().classList.contains("hidden");
}

// Show ``what`` ({name, kind, text}) beside ``anchor`` (an element or a rectangle), kept on screen.
function showHelp(what, anchor, pinned, byKeyboard = false) {
  const card = helpCard();
  $("#help-name").textContent = what.name;
  $("#help-kind").textContent = what.kind ? what.kind[0].toUpperCase() + what.kind.slice(1) : "";
  $("#help-kind").classList.toggle("hidden", !what.kind);
  $("#help-text").textContent = what.text || "Nothing more is known of it than its name.";
  helpPinned = pinned;
  card.classList.remove("hidden");
  card.classList.toggle("pinned", pinned);
  place(card, anchor && anchor.getBoundingClientRect ? anchor.getBoundingClientRect() : anchor);
  if (byKeyboard) {
    helpReturn = document.activeElement;
    $("#help-said").textContent = `${what.name}. ${what.text || ""}`;
  }
}

// Below the anchor where there is room, else above it; never past the screen's edges nor
// under the dock held at the foot of a phone's screen.
function place(card, rect) {
  const margin = 8;
  const dock = $("#dock");
  const docked = dock && getComputedStyle(dock).position === "fixed";
  const floor = docked ? dock.getBoundingClientRect().top : window.innerHeight;
  const w = Math.min(card.offsetWidth, window.innerWidth - 2 * margin);
  const h = card.offsetHeight;
  const r = rect || { left: margin, right: margin, top: margin, bottom: margin, width: 0, height: 0 };
  let left = r.left + r.width / 2 - w / 2;
  left = Math.max(margin, Math.min(left, window.innerWidth - w - margin));
  let top = r.bottom + margin;
  if (top + h > floor - margin) top = r.top - h - margin;
  if (top < margin) top = Math.max(margin, Math.min(floor - h - margin, r.bottom + margin));
  card.style.left = `${Math.round(left)}px`;
  card.style.top = `${Math.round(top)}px`;
}

function hideHelp() {
  const card = helpCard();
  if (card.classList.contains("hidden")) return;
  const back = helpReturn;
  helpReturn = null;
  helpPinned = false;
  card.classList.add("hidden");
  $("#help-said").textContent = "";
  if (back && card.contains(document.activeElement) && document.contains(back)) back.focus({ preventScroll: true });
}

// The help of ``node``, beside ``at`` (where the pointer or finger is) or else the element.
async function helpAt(node, pinned, byKeyboard = false, at = null) {
  await loadHelp();
  const what = helpOf(node);
  if (!what) {
    if (pinned) showHelp({ name: "Nothing to explain there", kind: "", text: "Tap a card, a space, a token or a track to learn what it is." }, at || node, true, byKeyboard);
    return false;
  }
  showHelp(what, at || what.anchor, pinned, byKeyboard);
  return true;
}

// A small box round a point of the screen: the card goes beside the pointer, not beside the
// whole of a large element (a board, a map) the pointer is on.
function around(x, y) {
  const r = 16;
  return { left: x - r, right: x + r, top: y - r, bottom: y + r, width: 2 * r, height: 2 * r };
}

// ---- the mouse, the finger, the keyboard ----------------------------------------------------
// Where the mouse last pressed: its card went with the press and does not come back (on the
// board drawn anew by the move) until the mouse moves on.
let quietAt = null;

function onHelpOver(event) {
  if (event.pointerType !== "mouse" || helpPinned) return;
  const carrier = event.target.closest && event.target.closest("[data-help]");
  if (quietAt && Math.hypot(event.clientX - quietAt.x, event.clientY - quietAt.y) <= SLOP) {
    hoverOn = carrier;
    return;
  }
  quietAt = null;
  if (carrier === hoverOn) return;
  hoverOn = carrier;
  clearTimeout(hoverTimer);
  if (!carrier) { hideHelp(); return; }
  const at = around(event.clientX, event.clientY);
  hoverTimer = setTimeout(() => {
    if (hoverOn !== carrier || helpPinned) return;
    const topic = helpTopics.get(carrier.dataset.help);
    const box = carrier.getBoundingClientRect();
    // beside a small element; beside the pointer on a large one
    const big = box.width > 160 || box.height > 160;
    if (topic) showHelp(topic, big ? at : carrier, false);
    else hideHelp();
  }, HOVER_MS);
}

function onHelpLeave(event) {
  if (event.pointerType !== "mouse") return;
  clearTimeout(hoverTimer);
  hoverOn = null;
  quietAt = null;
  if (!helpPinned) hideHelp();
}

function onHelpDown(event) {
  if (event.pointerType === "mouse") {
    // a click chooses: the card the mouse was resting on makes way for the board
    clearTimeout(hoverTimer);
    quietAt = { x: event.clientX, y: event.clientY };
    if (!helpPinned && !helpMode) hideHelp();
    return;
  }
  if (helpMode) return;
  cancelHold();
  const node = event.target;
  const x = event.clientX, y = event.clientY;
  hold = {
    x: event.clientX, y: event.clientY,
    timer: setTimeout(() => {
      hold = null;
      swallowClick = true;
      setTimeout(() => { swallowClick = false; }, 1500);
      helpAt(node, true, false, around(x, y));
    }, HOLD_MS),
  };
}

function onHelpMove(event) {
  if (quietAt && Math.hypot(event.clientX - quietAt.x, event.clientY - quietAt.y) > SLOP) {
    quietAt = null;
    hoverOn = null;  // the element under the mouse explains itself again, after a rest
    onHelpOver(event);
  }
  if (hold && Math.hypot(event.clientX - hold.x, event.clientY - hold.y) > SLOP) cancelHold();
}

function cancelHold() {
  if (hold) clearTimeout(hold.timer);
  hold = null;
}

// Before the board's own click (this listens in the capture phase): the click ending a long
// press, or any tap in help mode, explains rather than chooses.
function onHelpClick(event) {
  if (swallowClick) {
    swallowClick = false;
    event.stopPropagation();
    event.preventDefault();
    return;
  }
  if (!helpMode) return;
  event.stopPropagation();
  event.preventDefault();
  helpAt(event.target, true, false, around(event.clientX, event.clientY));
}

function onHelpKey(event) {
  if ((event.key !== "?" && event.key !== "h") || event.altKey || event.ctrlKey || event.metaKey) return;
  const node = event.target.closest && event.target.closest("[data-tw-target]");
  if (!node) return;
  event.preventDefault();
  event.stopPropagation();
  helpAt(node, true, true, node.getBoundingClientRect());  // beside the target itself
}

function setHelpMode(on) {
  helpMode = on;
  const button = $("#help-mode");
  button.setAttribute("aria-pressed", on ? "true" : "false");
  $("#board").classList.toggle("help-mode", on);
  $("#help-mode-note").classList.toggle("hidden", !on);
  if (on) loadHelp();
  else hideHelp();
}

// ---- why a move was refused ----------------------------------------------------------------
// ``box`` shows a refusal that cites ``rule``: a "why?" button after it, when the game sums the
// rule up.
async function offerWhy(box, rule) {
  await loadHelp();
  const text = helpRules.get(rule);
  if (!text || !box.textContent || box.querySelector(".why")) return;
  const button = el("button", {
    type: "button", class: "why link", "aria-label": `why? ${rule}`, text: "why?",
    onclick: () => {
      showHelp({ name: rule, kind: "rule", text }, button, true);
      helpReturn = button;
      $("#help-close").focus({ preventScroll: true });
    },
  });
  box.append(" ", button);
}

// ---- how this game goes ----------------------------------------------------------------------
function paragraphs(text) {
  return text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean).map((p) => el("p", { text: p.replace(/\s*\n\s*/g, " ") }));
}

async function openHowto() {
  const data = await loadHelp();
  if (!data) return;
  hideHelp();
  $("#howto-title").textContent = `How ${data.title} goes`;
  $("#howto-text").replaceChildren(...(data.howto ? paragraphs(data.howto) : [el("p", { class: "muted", text: "This game gives no summary of its turns; its components are below." })]));
  const list = $("#topic-list");
  list.replaceChildren(...data.topics.map((t) => el("li", { "data-key": t.key },
    el("strong", { text: t.name }), " ", el("span", { class: "muted", text: t.kind }),
    el("p", { text: t.text }))));
  $("#topics-part").classList.toggle("hidden", !data.topics.length);
  $("#rule-list").replaceChildren(...data.rules.flatMap((r) => [el("dt", { text: r.section }), el("dd", { text: r.text })]));
  $("#rules-part").classList.toggle("hidden", !data.rules.length);
  $("#topic-search").value = "";
  filterTopics();
  $("#howto").showModal();
}

function filterTopics() {
  const want = $("#topic-search").value.trim().toLowerCase();
  let shown = 0;
  const items = [...$("#topic-list").children];
  for (const li of items) {
    const hit = !want || li.textContent.toLowerCase().includes(want);
    li.classList.toggle("hidden", !hit);
    shown += hit;
  }
  $("#topic-count").textContent = want ? `${shown} of ${items.length} ${items.length === 1 ? "component" : "components"} match “${want}”.`
    : `${items.length} ${items.length === 1 ? "component" : "components"}.`;
}

// ---- start -----------------------------------------------------------------------------------
(() => {
  const board = $("#board");
  board.addEventListener("pointerover", onHelpOver);
  board.addEventListener("pointerleave", onHelpLeave);
  board.addEventListener("pointerdown", onHelpDown);
  board.addEventListener("pointermove", onHelpMove);
  board.addEventListener("pointerup", cancelHold);
  board.addEventListener("pointercancel", cancelHold);
  board.addEventListener("click", onHelpClick, true);
  board.addEventListener("keydown", onHelpKey, true);
  // a long press on a phone would open the browser's menu for the picture
  board.addEventListener("contextmenu", (e) => { if (swallowClick || hold) e.preventDefault(); });
  // a tap or click elsewhere closes the card; Escape closes it before anything else hears it
  document.addEventListener("pointerdown", (e) => {
    if (!helpShown() || helpCard().contains(e.target) || e.target.closest("#help-mode")) return;
    if (helpMode && board.contains(e.target)) return;  // the tap shows its own help
    if (e.target.closest(".why")) return;
    hideHelp();
  });
  window.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && helpShown()) { e.preventDefault(); e.stopPropagation(); hideHelp(); }
  }, true);
  window.addEventListener("scroll", () => { if (!helpPinned) hideHelp(); }, { passive: true });
  $("#help-close").addEventListener("click", hideHelp);
  $("#help-mode").addEventListener("click", () => setHelpMode(!helpMode));
  $("#howto-open").addEventListener("click", openHowto);
  $("#howto-close").addEventListener("click", () => $("#howto").close());
  // Escape closes it at once, even from the search box (which would first only empty itself)
  $("#howto").addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); $("#howto").close(); } });
  $("#topic-search").addEventListener("input", filterTopics);
  document.addEventListener("DOMContentLoaded", loadHelp);  // once game.js has read the game's id
})();
