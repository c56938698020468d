// The game page's teaching parts: a hint on the player's turn (the move ringed on the board
// or its button named, and why in words), "What if?" on a move waiting for confirmation, and
// the review of a finished game (each seat's score over time drawn here, the biggest swings
// in words, each opening the replay at its step, the score by category). Loaded before
// game.js, whose state (view, pending, replaying) and helpers (api, showStep) it reads when
// called; game.js calls renderLearn() after each render and clearWhatIf() when the
// confirmation goes away. SVG_NS is log.js's.
"use strict";

let hintAsk = null;     // the hint being searched: {ply, controller}
let hintShown = null;   // the hint on show: {ply, action, targets}
let hintPolicy = null;  // whether this seat may ask (GET .../hints)
let policyKey = "";     // the seats the policy was asked for
let reviewAsked = false;
const HINT_SECONDS = 3;   // the think time a hint asks for (the server bounds it too)
const REVIEW_POLL_MS = 400;

function learnHeaders() {
  const headers = { "Content-Type": "application/json" };
  if (secret) headers["X-Seat-Secret"] = secret;
  return headers;
}

// Lines the server wrapped at 80 columns, back into sentences: a line that starts indented
// goes on the one before it.
function learnParagraphs(lines) {
  const out = [];
  for (const line of lines) {
    if (line.startsWith("  ") && out.length) out[out.length - 1] += ` ${line.trim()}`;
    else out.push(line);
  }
  return out.map((text, i) => el("p", { class: i === 0 ? "learn-head" : "", text }));
}

function amount(value, unit) {
  if (unit !== "points") return value.toFixed(2);
  const shown = Math.round(value * 10) / 10;
  return `${shown} point${shown === 1 ? "" : "s"}`;
}

// ---- after each render ---------------------------------------------------------------------
function renderLearn() {
  if (!view) return;
  const playing = view.status === "playing";
  // asked again when the seats change, and while hints wait for agreement, at each move
  const waiting = hintPolicy && !hintPolicy.allowed && hintPolicy.needs_agreement;
  const key = JSON.stringify([view.you, view.seats.map((s) => s.kind), waiting ? view.ply : null]);
  if (view.you !== null && playing && key !== policyKey) { policyKey = key; fetchHintPolicy(); }
  renderHintRow();
  if (hintAsk && hintAsk.ply !== view.ply) stopHint("The game moved on; the hint was stopped.");
  if (hintShown && (hintShown.ply !== view.ply || replaying)) clearHint();
  if (hintShown) drawHint();  // the board may have been drawn again
  $("#review").classList.toggle("hidden", view.status !== "over");
}

function renderHintRow() {
  const seat = view.you;
  const mine = view.your_turn && !replaying && view.status === "playing";
  const policy = hintPolicy;
  const row = $("#hint-row");
  const agree = $("#hint-agree");
  const note = $("#hint-note");
  if (seat === null || view.status !== "playing" || !policy) { row.classList.add("hidden"); return; }
  const mayAgree = policy.needs_agreement && !policy.agreed.includes(seat) && !view.seats[seat].is_bot;
  $("#hint").classList.toggle("hidden", !(mine && policy.allowed));
  agree.classList.toggle("hidden", !mayAgree);
  note.textContent = policy.allowed ? "" : `No hints: ${policy.reason}.`;
  note.classList.toggle("hidden", policy.allowed || !(mine || mayAgree));
  row.classList.toggle("hidden", !(mine && policy.allowed) && !mayAgree && note.classList.contains("hidden"));
}

async function fetchHintPolicy() {
  try {
    hintPolicy = await api("GET", `/api/games/${encodeURIComponent(gameId)}/hints`);
  } catch (e) {
    hintPolicy = null;
  }
  if (view) renderHintRow();
}

async function agreeToHints() {
  try {
    hintPolicy = await api("POST", `/api/games/${encodeURIComponent(gameId)}/hints/agree`, { agree: true });
    renderHintRow();
  } catch (e) { showError(e); }
}

// ---- a hint ----------------------------------------------------------------------------------
async function askHint() {
  if (!view || !view.your_turn) return;
  stopHint("");
  clearHint();
  const controller = new AbortController();
  const ask = { ply: view.ply, controller };
  hintAsk = ask;
  const body = { ply: view.ply, seconds: HINT_SECONDS };
  if (pending) body.intended = pending.entry.action;  // compared with the move found
  const out = $("#hint-out");
  out.replaceChildren(el("p", { class: "muted", text: "Looking for the best move…" }));
  out.classList.remove("hidden");
  $("#hint").disabled = true;
  $("#hint-cancel").classList.remove("hidden");
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/hint`, {
      method: "POST", headers: learnHeaders(), body: JSON.stringify(body), signal: controller.signal,
    });
    const data = await res.json();
    if (!res.ok) throw data;
    if (hintAsk === ask && view.ply === ask.ply) showHint(data);
  } catch (e) {
    if (hintAsk !== ask || (e && e.name === "AbortError")) return;
    const text = e && e.error === "stale" ? "The game moved on; ask again for this position."
      : (e && e.message) || "The hint could not be found.";
    out.replaceChildren(el("p", { text }));
  } finally {
    if (hintAsk === ask) {
      hintAsk = null;
      $("#hint").disabled = false;
      $("#hint-cancel").classList.add("hidden");
    }
  }
}

function stopHint(why) {
  if (!hintAsk) return;
  hintAsk.controller.abort();  // the server stops the search when the request goes
  hintAsk = null;
  $("#hint").disabled = false;
  $("#hint-cancel").classList.add("hidden");
  const out = $("#hint-out");
  out.replaceChildren(...(why ? [el("p", { class: "muted", text: why })] : []));
  out.classList.toggle("hidden", !why);
}

function showHint(data) {
  hintShown = { ply: data.ply, action: data.action, targets: data.targets, words: data.words };
  const out = $("#hint-out");
  const where = data.targets.length
    ? el("p", { class: "learn-where", text: `It is ringed on the board in green${data.targets.length > 1 ? `, ${data.targets.length} places to choose in turn` : ""}.` })
    : el("p", { class: "learn-where", text: `Press the button “${data.words}”.` });
  const [head, ...why] = learnParagraphs(data.lines);
  out.replaceChildren(head, where, ...why,
    el("button", { type: "button", class: "learn-close", text: "Hide the hint", onclick: clearHint }));
  out.classList.remove("hidden");
  showHintTab();
  drawHint();
}

// On a phone's tabs, the tab that holds the move's first target, when another is shown.
function showHintTab() {
  const root = $("#board svg");
  if (!root || !hintShown.targets.length || !tabbed()) return;
  const target = root.querySelector(`[id="${CSS.escape(hintShown.targets[0])}"]`);
  const panel = target && target.closest(".tw-panel");
  if (panel && panel.dataset.twPart && offTab(target)) chooseTab(panel.dataset.twPart);
}

function clearHint() {
  hintShown = null;
  const root = $("#board svg");
  if (root) root.querySelectorAll(".tw-hint-layer").forEach((n) => n.remove());
  document.querySelectorAll(".hinted").forEach((n) => n.classList.remove("hinted"));
  if (!hintAsk) {
    $("#hint-out").classList.add("hidden");
    $("#hint-out").replaceChildren();
  }
}

// ---- what if ---------------------------------------------------------------------------------
async function whatIf() {
  if (!pending || !view) return;
  const action = pending.entry.action;
  const out = $("#whatif");
  out.replaceChildren(el("p", { class: "muted", text: "Working out what it would do…" }));
  out.classList.remove("hidden");
  try {
    const data = await api("POST", `/api/games/${encodeURIComponent(gameId)}/whatif`, { ply: view.ply, action });
    if (pending && pending.entry.action === action) out.replaceChildren(...learnParagraphs(data.lines));
  } catch (e) {
    out.replaceChildren(el("p", { text: (e && e.message) || "The preview could not be made." }));
  }
}

function clearWhatIf() {
  const out = $("#whatif");
  out.classList.add("hidden");
  out.replaceChildren();
}

// ---- the review ------------------------------------------------------------------------------
async function startReview() {
  if (reviewAsked) return;
  reviewAsked = true;
  const button = $("#review-start");
  button.disabled = true;
  const bar = $("#review-bar");
  const said = $("#review-status");
  $("#review-progress").classList.remove("hidden");
  said.textContent = "Starting the review…";
  for (;;) {
    let res, data;
    try {
      res = await fetch(`/api/games/${encodeURIComponent(gameId)}/review`, { headers: learnHeaders() });
      data = await res.json();
    } catch (e) {
      data = { message: "The server could not be reached; try again." };
      res = { ok: false, status: 0 };
    }
    if (res.status === 202) {
      bar.max = Math.max(data.total, 1);
      bar.value = data.done;
      said.textContent = `Reviewing: ${data.done} of ${data.total} decision${data.total === 1 ? "" : "s"} searched.`;
      await new Promise((done) => setTimeout(done, REVIEW_POLL_MS));
      continue;
    }
    $("#review-progress").classList.add("hidden");
    if (!res.ok) {
      reviewAsked = false;
      button.disabled = false;
      $("#review-out").replaceChildren(el("p", { class: "error", text: data.message || "The review failed." }));
      return;
    }
    button.classList.add("hidden");
    renderReview(data);
    return;
  }
}

function seatColour(i, data) {
  const given = (data.colours && data.colours[i]) || (view && view.colours && view.colours[i]);
  return given || getComputedStyle(document.documentElement).getPropertyValue(`--seat${i % 4}`).trim();
}

function renderReview(data) {
  const out = $("#review-out");
  const parts = [];
  if (data.verdict) parts.push(el("p", { class: "learn-head", text: data.verdict }));
  parts.push(el("h3", { text: "Scores over the game" }), scorePlot(data));
  const legend = el("ul", { class: "plain review-legend" });
  data.scores.forEach((_, i) => legend.append(el("li", {}, seatDot(i), el("span", { text: seatName(i) }))));
  parts.push(legend);
  parts.push(el("h3", { text: "The biggest swings" }));
  if (data.swings.length) {
    const list = el("ol", { class: "plain swings" });
    for (const s of data.swings) {
      list.append(el("li", {}, el("button", {
        type: "button", class: "swing", "data-step": s.step, text: s.text,
        onclick: () => openStep(s.step),
      })));
    }
    parts.push(list, el("p", { class: "muted", text: "Each opens the replay at its step." }));
  } else {
    parts.push(el("p", { class: "muted", text: "No decision cost much by the search's measure." }));
  }
  parts.push(el("h3", { text: "By category" }), reviewTable(data));
  out.replaceChildren(...parts);
}

function openStep(step) {
  startReplay(step);
  $("#board").scrollIntoView({ block: "start" });
}

// Each seat's score after every step, drawn as lines, the swings marked on their seat's line.
function scorePlot(data) {
  // drawn at the width it is shown at, so that its words read at the page's size
  const W = Math.max(280, Math.min(720, Math.round($("#review-out").clientWidth || 360)));
  const H = Math.round(Math.min(260, Math.max(180, W * 0.55))), L = 34, R = 10, T = 12, B = 34;
  const steps = Math.max(data.steps, 1);
  const all = data.scores.flat();
  const low = Math.min(0, ...all), high = Math.max(1, ...all);
  const x = (s) => L + (s / steps) * (W - L - R);
  const y = (v) => T + (1 - (v - low) / (high - low)) * (H - T - B);
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "review-plot");
  svg.setAttribute("role", "img");
  const finals = data.scores.map((series, i) => `${seatName(i)} ends with ${series[series.length - 1]}`).join(", ");
  svg.setAttribute("aria-label", `Each seat's score over ${data.steps} steps: ${finals}.`);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("line", { x1: L, y1: y(low), x2: W - R, y2: y(low), class: "axis" });
  add("line", { x1: L, y1: T, x2: L, y2: y(low), class: "axis" });
  for (const v of new Set([low, Math.round((low + high) / 2), high].map(Math.round))) {
    add("text", { x: L - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" }, `${v}`);
  }
  for (const s of [0, Math.round(steps / 2), steps]) {
    add("text", { x: x(s), y: H - 16, class: "tick", "text-anchor": "middle" }, `${s}`);
  }
  add("text", { x: (L + W - R) / 2, y: H - 2, class: "tick", "text-anchor": "middle" }, "step");
  data.scores.forEach((series, i) => {
    const points = series.map((v, s) => `${x(s).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    add("polyline", { points, class: "series", "data-seat": i, stroke: seatColour(i, data) });
  });
  for (const s of data.swings) {
    const v = data.scores[s.seat][s.step];
    const mark = add("path", {
      d: `M${x(s.step) - 6},${y(v) - 12} h12 l-6,10 z`, class: "swing-mark",
      "data-step": s.step, fill: seatColour(s.seat, data),
    });
    mark.addEventListener("click", () => openStep(s.step));
    const title = document.createElementNS(SVG_NS, "title");
    title.textContent = s.text;
    mark.append(title);
  }
  return svg;
}

function reviewTable(data) {
  const seats = data.scores.map((_, i) => i);
  const head = el("tr", {}, el("td", {}), ...seats.map((i) => el("th", { scope: "col", text: seatName(i) })));
  const rows = data.categories.map((name, k) => el("tr", {}, el("th", { scope: "row", text: name }),
    ...seats.map((i) => el("td", { text: data.rows[i] ? `${data.rows[i][k]}` : "" }))));
  const decided = seats.map((i) => data.ratings.filter((r) => r.seat === i).length);
  rows.push(el("tr", {}, el("th", { scope: "row", text: "Decisions rated" }),
    ...seats.map((i) => el("td", { text: `${decided[i]}` }))));
  rows.push(el("tr", {}, el("th", { scope: "row", text: "Cost by the search" }),
    ...seats.map((i) => el("td", { text: amount(data.costs[i], data.unit) }))));
  return el("table", { class: "scores review-table" },
    el("caption", { class: "visually-hidden", text: "The score by category, and what each seat's decisions cost" }),
    el("thead", {}, head), el("tbody", {}, ...rows));
}

$("#hint").addEventListener("click", askHint);
$("#hint-cancel").addEventListener("click", () => stopHint("Hint stopped."));
$("#hint-agree").addEventListener("click", agreeToHints);
$("#confirm-whatif").addEventListener("click", whatIf);
$("#review-start").addEventListener("click", startReview);
