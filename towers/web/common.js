// Helpers shared by the pages: query one element, and build an element with its attributes,
// text, listeners and children.
"use strict";

const $ = (sel) => document.querySelector(sel);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

// ---- the tutorials' progress, kept in this browser (the lobby and the lesson page) ----------
// towers.learn: the lessons done, by game; towers.learn.games: the game against the random bot
// each tutorial's last lesson started ({id, link, lesson}), done once that game is over.
function readStored(key) {
  try {
    const data = JSON.parse(localStorage.getItem(key) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch (e) { return {}; }  // storage refused, or not ours
}

function writeStored(key, data) {
  try { localStorage.setItem(key, JSON.stringify(data)); } catch (e) { /* storage refused */ }
}

function learnProgress() {
  const data = readStored("towers.learn");
  for (const game of Object.keys(data)) if (!Array.isArray(data[game])) delete data[game];
  return data;
}

function markLesson(game, key) {
  const data = learnProgress();
  data[game] = data[game] || [];
  if (!data[game].includes(key)) data[game].push(key);
  writeStored("towers.learn", data);
}

function learnGames() {
  return readStored("towers.learn.games");
}

function saveLearnGames(games) {
  writeStored("towers.learn.games", games);
}

// The games of last lessons that are over since: their lessons marked done, and forgotten
// (a game the server no longer knows is forgotten too).
async function settleLearnGames() {
  const games = learnGames();
  for (const [game, g] of Object.entries(games)) {
    try {
      const res = await fetch(`/api/games/${encodeURIComponent(g.id)}`);
      if (res.status === 404) delete games[game];
      if (!res.ok) continue;
      if ((await res.json()).status === "over") {
        markLesson(game, g.lesson);
        delete games[game];
      }
    } catch (e) { /* the server did not answer: asked again next time */ }
  }
  saveLearnGames(games);
}

// A tutorial's lessons as a list of links, those done marked so.
function lessonList(t, done) {
  return el("ol", { class: "lessons" }, ...t.lessons.map((l) => el("li", { "data-key": l.key, "data-done": done.has(l.key) ? "true" : "false" },
    el("a", { href: `/learn/${encodeURIComponent(t.game)}/${encodeURIComponent(l.key)}`, text: l.title }),
    done.has(l.key) ? el("span", { class: "done-mark", text: " ✓ done" }) : "")));
}
