// The lobby's companion panel: the app's set-up screens (heroes, difficulty, main goal,
// adversary, foes), the first game's choices preselected; "Companion" starts a session.
// Its selects carry data-setting, not the game form's data-option, which index.js gathers
// from the whole page.
"use strict";

(async () => {
  const setup = await fetch("/api/companion/setup").then((r) => r.json());
  const box = $("#companion-options");
  const heroBox = el("div", { id: "companion-heroes" });
  const players = $("#companion-players");
  const pick = (id, label, values, chosen, data) => {
    const select = el("select", { id, ...data });
    for (const [value, text] of values) {
      const o = el("option", { value, text });
      if (value === chosen) o.selected = true;
      select.append(o);
    }
    return [el("label", { for: id, text: label }), select];
  };
  const heroes = () => {
    const n = Number(players.value);
    const defaults = setup.default_heroes[n];
    heroBox.replaceChildren(...defaults.flatMap((hero, seat) =>
      pick(`companion-hero-${seat}`, `Hero of player ${seat + 1}`, Object.entries(setup.heroes), hero,
           { "data-hero": String(seat) })));
  };
  box.append(heroBox);
  players.addEventListener("change", heroes);
  heroes();
  for (const opt of setup.options.filter((o) => o.choices.length)) {
    const label = opt.name === "goal" ? "main goal" : opt.name.replace(/^foe(\d)$/, "foe of level $1");
    const values = opt.choices.map((c, i) => [c, opt.names[i]]);
    box.append(...pick(`companion-${opt.name}`, label, values, opt.default,
                       { "data-setting": opt.name }));
  }
  box.append(...pick("companion-tower", "tower", Object.entries(setup.towers), "simulated",
                     { "data-tower": "" }));
  $("#companion-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = {};
    for (const s of box.querySelectorAll("select[data-setting]")) options[s.dataset.setting] = s.value;
    const chosen = [...box.querySelectorAll("select[data-hero]")].map((s) => s.value);
    if (chosen.join(",") !== setup.default_heroes[Number(players.value)].join(",")) {
      options.heroes = chosen.join(",");
    }
    const body = { game: "dark_tower", players: Number(players.value), options,
                   tower: $("#companion-tower").value };
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
