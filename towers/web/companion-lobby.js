// The lobby's companion panel: the app's set-up screens (heroes, difficulty, adversary, foes)
// from the catalog, the first game's choices preselected; "Companion" starts a session.
"use strict";

(async () => {
  const SETUP = ["difficulty", "adversary", "foe2", "foe3", "foe4", "goal", "main_goal"];
  const catalog = await fetch("/api/catalog").then((r) => r.json());
  const game = catalog.games.find((g) => g.name === "dark_tower");
  if (!game) { $("#companion-panel").classList.add("hidden"); return; }
  const box = $("#companion-options");
  for (const opt of game.options.filter((o) => SETUP.includes(o.name) && o.choices.length)) {
    const select = el("select", { id: `companion-${opt.name}`, "data-option": opt.name });
    for (const c of opt.choices) {
      const o = el("option", { value: c, text: c });
      if (c === opt.default) o.selected = true;
      select.append(o);
    }
    box.append(el("label", { for: select.id, text: opt.name.replace(/(\d)$/, " (level $1)") }), select);
  }
  $("#companion-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = {};
    for (const s of box.querySelectorAll("select")) options[s.dataset.option] = s.value;
    const body = { game: "dark_tower", players: Number($("#companion-players").value), options };
    const response = await fetch("/api/companion", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) {
      const err = $("#companion-error");
      err.textContent = data.message;
      err.classList.remove("hidden");
      return;
    }
    location.href = data.url;
  });
})();
