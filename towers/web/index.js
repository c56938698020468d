// The lobby: build the "new game" form from /api/catalog, create the game, hand out links.
"use strict";

let catalog = null;

function parseValue(text) {
  try { return JSON.parse(text); } catch { return text; }
}

function currentGame() {
  return catalog.games.find((g) => g.name === $("#game").value);
}

// A game by its printed title (a game the catalog no longer lists: by its name).
function titleOf(name) {
  const g = catalog.games.find((x) => x.name === name);
  return g ? g.title : name;
}

// A value of an option in printed words: the catalog keys names by the text itself or, for a
// number or a yes or no, by its JSON; a value without a name reads as it is.
function printed(opt, value) {
  const key = typeof value === "string" ? value : JSON.stringify(value);
  return opt.names[key] || String(value);
}

function sentence(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// What each option of the game form sends: its name -> a function giving the value chosen
// (always an id, never the printed words), or undefined to leave the game's default.
let optionValues = {};
// Parts of the form that follow the number of players.
let perSeat = [];
// The names an option chosen for each seat gives the seats (Return to Dark Tower's heroes),
// or null while it is left at its default.
let namedBy = null;

// The seats' names for the game and player count chosen, as the game will name them: the
// names an option chosen for each seat gives them, else the catalog's (the game's options at
// their defaults), else "Player N" counted from 1.
function seatNames() {
  const n = Number($("#players").value);
  const chosen = namedBy && namedBy();
  if (chosen) return chosen;
  const known = (currentGame().seat_names || {})[String(n)] || [];
  return Array.from({ length: n }, (_, i) => known[i] || `Player ${i + 1}`);
}

// Each seat row headed by its seat's name; the names' column as wide as the longest (a hero's
// name is longer than a colour), the same in every row so that the controls line up. A
// phone that has no room for a long name beside the controls puts it above them.
function relabelSeats() {
  const names = seatNames();
  const rem = Math.max(4.5, 0.62 * Math.max(0, ...names.map((n) => n.length)) + 0.4);
  const narrow = window.matchMedia("(max-width: 40rem)").matches;
  const width = rem > 4.5 && narrow ? "" : `${rem}rem`;
  document.querySelectorAll("#seats .seat-row").forEach((row, i) => {
    row.querySelector("strong").textContent = names[i];
    row.querySelector("select").setAttribute("aria-label", `who plays ${names[i]}`);
    row.style.gridTemplateColumns = width ? `${width} 1fr` : "1fr";
  });
}

function fillPlayers() {
  const g = currentGame();
  const sel = $("#players");
  sel.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) sel.append(el("option", { value: n, text: n }));
  fillOptions();
  fillSeats();
}

function fillOptions() {
  const box = $("#options");
  box.replaceChildren();
  optionValues = {};
  perSeat = [];
  namedBy = null;
  for (const opt of currentGame().options) {
    const id = `opt-${opt.name}`;
    const label = el("label", { for: id, text: sentence(opt.help) });
    if (opt.choices.length === 2 && opt.choices.every((c) => typeof c === "boolean")) {
      const check = el("input", { id, type: "checkbox" });
      check.checked = opt.default === true;
      box.append(el("div", { class: "check" }, check, label));
      optionValues[opt.name] = () => check.checked;
    } else if (opt.choices.length) {
      const sel = el("select", { id });
      for (const c of opt.choices) {
        const o = el("option", { value: JSON.stringify(c), text: printed(opt, c) });
        if (JSON.stringify(c) === JSON.stringify(opt.default)) o.selected = true;
        sel.append(o);
      }
      box.append(label, sel);
      optionValues[opt.name] = () => JSON.parse(sel.value);
    } else if (typeof opt.default === "string" && Object.hasOwn(opt.names, opt.default)) {
      box.append(label, ...oneEachSeat(opt, id));
    } else {
      const input = el("input", {
        id, placeholder: `default: ${opt.default === null ? "none" : printed(opt, opt.default)}`,
      });
      box.append(label, input);
      optionValues[opt.name] = () => {
        const text = input.value.trim();
        return text === "" ? undefined : parseValue(text);
      };
    }
  }
}

// An option without choices whose printed names include its default (the heroes): the
// default, or one of the other named values for each seat, distinct as far as they go, sent
// parted by commas. When the game names its seats by these values (every name the catalog
// gives a seat is one of them), the seats take the names chosen.
function oneEachSeat(opt, id) {
  const mode = el("select", { id });
  mode.append(el("option", { value: "default", text: sentence(printed(opt, opt.default)) }));
  mode.append(el("option", { value: "each", text: "Chosen for each seat" }));
  const values = Object.keys(opt.names).filter((v) => v !== opt.default);
  const seats = el("div", { class: "one-each hidden" });
  const printedNames = Object.values(opt.names);
  const naming = Object.values(currentGame().seat_names || {}).flat().every((s) => printedNames.includes(s));
  const fill = () => {
    const old = [...seats.querySelectorAll("select")].map((s) => s.value);
    const names = seatNames();
    seats.replaceChildren();
    for (let i = 0; i < Number($("#players").value); i++) {
      const sel = el("select", { id: `${id}-${i}` });
      for (const v of values) sel.append(el("option", { value: v, text: opt.names[v] }));
      sel.value = old[i] || values[i % values.length];
      sel.addEventListener("change", relabelSeats);
      // a seat named by this choice is labelled by its place; any other by its name
      seats.append(el("label", { for: `${id}-${i}`, text: naming ? `Player ${i + 1}` : names[i] }), sel);
    }
  };
  if (naming) {
    namedBy = () => (mode.value === "each"
      ? [...seats.querySelectorAll("select")].map((s) => opt.names[s.value]) : null);
  }
  mode.addEventListener("change", () => {
    seats.classList.toggle("hidden", mode.value !== "each");
    relabelSeats();
  });
  perSeat.push(fill);
  fill();
  optionValues[opt.name] = () => (mode.value === "each"
    ? [...seats.querySelectorAll("select")].map((s) => s.value).join(",") : undefined);
  return [mode, seats];
}

function botParams(kind) {
  const bot = catalog.bots.find((b) => b.name === kind);
  return bot ? bot.params : {};
}

function fillSeats() {
  const n = Number($("#players").value);
  const box = $("#seats");
  const old = [...box.querySelectorAll(".seat-row")].map((r) => r.querySelector("select").value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const kind = el("select", { "data-seat": i });
    for (const k of catalog.seat_kinds) kind.append(el("option", { value: k, text: k }));
    kind.value = old[i] || (i === 0 ? "human" : "greedy");
    const name = el("input", { class: "name", placeholder: "name (optional)", maxlength: 40 });
    const think = el("input", {
      class: "think", type: "number", min: "0.05", step: "0.05", value: "1",
      title: "think time in seconds",
    });
    const thinkLabel = el("span", { class: "muted", text: "think time (s)" });
    const controls = el("div", { class: "controls" }, kind, name, thinkLabel, think);
    const update = () => {
      const human = kind.value === "human";
      name.classList.toggle("hidden", !human);
      const timed = !human && "seconds" in botParams(kind.value);
      // the server's bound on a think time, as the catalog publishes it
      const limit = timed ? botParams(kind.value).seconds.limit : null;
      if (limit) think.max = String(limit);
      else think.removeAttribute("max");
      think.classList.toggle("hidden", !timed);
      thinkLabel.classList.toggle("hidden", !timed);
    };
    kind.addEventListener("change", update);
    update();
    box.append(el("div", { class: "seat-row" }, el("strong"), controls));
  }
  relabelSeats();
}

function formBody() {
  const options = {};
  for (const [name, value] of Object.entries(optionValues)) {
    const chosen = value();
    if (chosen !== undefined) options[name] = chosen;
  }
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector("select").value;
    if (kind === "human") {
      const name = row.querySelector("input.name").value.trim();
      return name ? { kind, name } : { kind };
    }
    const params = {};
    if ("seconds" in botParams(kind)) params.seconds = Number(row.querySelector("input.think").value);
    return { kind, params };
  });
  const body = { game: $("#game").value, players: Number($("#players").value), options, seats };
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  return body;
}

async function create(event) {
  event.preventDefault();
  const err = $("#create-error");
  err.classList.add("hidden");
  $("#create-button").disabled = true;
  try {
    const res = await fetch("/api/games", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(formBody()),
    });
    const data = await res.json();
    if (!res.ok) throw new Error(data.message || res.statusText);
    showLinks(data);
  } catch (e) {
    err.textContent = e.message;
    err.classList.remove("hidden");
  } finally {
    $("#create-button").disabled = false;
  }
}

function showLinks(data) {
  const origin = window.location.origin;
  const list = $("#links");
  list.replaceChildren();
  let first = null;
  for (const s of data.seats) {
    if (!s.link) continue;
    const url = origin + s.link;
    first = first || url;
    const copy = el("button", {
      type: "button", text: "copy",
      onclick: () => navigator.clipboard && navigator.clipboard.writeText(url),
    });
    list.append(el("li", { "data-seat": s.seat },
      el("strong", { text: `${s.seat_name}${s.name ? " (" + s.name + ")" : ""}: ` }),
      el("code", { class: "link", text: url }), " ", copy));
  }
  $("#spectator-link").textContent = origin + data.spectator_link;
  $("#play-link").href = first || data.spectator_link;
  $("#created").classList.remove("hidden");
  $("#created").scrollIntoView({ behavior: "smooth" });
  loadRecent();
}

async function loadRecent() {
  const res = await fetch("/api/games?limit=20");
  if (!res.ok) return;
  const games = await res.json();
  const list = $("#recent");
  list.replaceChildren();
  if (!games.length) list.append(el("li", { class: "muted", text: "none yet" }));
  for (const g of games) {
    const a = el("a", { href: `/game/${g.id}`, text: `${titleOf(g.game)}: ${g.seats.join(" v ")}` });
    list.append(el("li", {}, a, el("span", { class: "muted", text: ` (${g.status}, ${g.ply} actions)` })));
  }
}

// ---- the tutorials: a Learn entry per game, with the lessons done in this browser ----------
async function loadTutorials() {
  const list = $("#tutorials");
  let data = null;
  try {
    await settleLearnGames();  // a last lesson's game that is over counts as done
    const res = await fetch("/api/learn");
    if (res.ok) data = await res.json();
  } catch (e) { /* said below */ }
  if (!data) {
    list.replaceChildren(el("li", { class: "muted", text: "The tutorials could not be loaded; try again later." }));
    return;
  }
  const progress = learnProgress();
  list.replaceChildren(...data.tutorials.map((t) => {
    const done = new Set(progress[t.game] || []);
    const count = t.lessons.filter((l) => done.has(l.key)).length;
    const next = t.lessons.find((l) => !done.has(l.key));
    const path = `/learn/${encodeURIComponent(t.game)}` + (next ? `/${encodeURIComponent(next.key)}` : "");
    const words = count === 0 ? `Learn ${t.title}` : next ? `Go on with ${t.title}` : `${t.title}: every lesson`;
    return el("li", { class: "tutorial", "data-game": t.game },
      el("div", { class: "row" },
        el("strong", { text: t.title }),
        el("span", { class: "muted learn-count", text: `${count} of ${t.lessons.length} lessons done` }),
        el("a", { class: "button", href: path, text: words })),
      el("details", {}, el("summary", { text: `The ${t.lessons.length} lessons` }), lessonList(t, done)));
  }));
}

async function start() {
  const res = await fetch("/api/catalog");
  catalog = await res.json();
  const sel = $("#game");
  for (const g of catalog.games) sel.append(el("option", { value: g.name, text: g.title }));
  sel.addEventListener("change", fillPlayers);
  $("#players").addEventListener("change", () => {
    fillSeats();
    for (const fill of perSeat) fill();
    relabelSeats();
  });
  $("#create").addEventListener("submit", create);
  fillPlayers();
  loadRecent();
  loadTutorials();
}

start();
