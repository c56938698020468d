// The companion page: what the app says, whom it waits for, the entries as buttons, the board.
"use strict";

const sessionId = location.pathname.split("/").pop();
let view = null;
let busy = false;

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.message || `the server answered ${response.status}`);
  return data;
}

function refuse(message) {
  const box = $("#refusal");
  box.textContent = message;
  box.classList.toggle("hidden", !message);
}

function show(v) {
  view = v;
  $("#tower-kind").textContent = `tower: ${v.tower.kind}`;
  $("#month").textContent = v.over ? "" : `Month ${v.month} of 6 · step ${v.ply}`;
  const latest = $("#latest");
  const entered = v.entered ? [el("p", { class: "entered", text: `Entered: ${v.entered}` })] : [];
  latest.replaceChildren(...entered, ...v.latest.map((line) => el("p", { text: line })));
  $("#messages").replaceChildren(...v.messages.map((line) => el("li", { text: line })));
  const ask = $("#ask");
  const entries = $("#entries");
  if (v.over) {
    ask.replaceChildren(el("div", { class: "over", id: "over", text: `The heroes ${v.result === "won" ? "win" : "lose"}: ${v.ending}.` }));
    entries.replaceChildren();
  } else {
    ask.textContent = v.waiting.table ? `The table: ${v.waiting.ask}` : v.waiting.ask;
    entries.replaceChildren(...v.entries.map((e) =>
      el("button", { type: "button", class: "entry", "data-action": String(e.action), text: e.name,
                     onclick: () => enter(e.action) })));
  }
  $("#undo").disabled = !v.can_undo || v.over;
  const problem = $("#tower-problem");
  problem.textContent = v.tower.problem || "";
  problem.classList.toggle("hidden", !v.tower.problem);
  const board = $("#board");
  board.innerHTML = v.svg || "";
  document.body.dataset.ply = String(v.ply);
}

async function act(method, path, body) {
  if (busy) return;
  busy = true;
  try {
    show(await call(method, path, body));
    refuse("");
  } catch (err) {
    refuse(err.message);
  } finally {
    busy = false;
  }
}

function enter(action) {
  return act("POST", `/api/companion/${sessionId}/entries`, { ply: view.ply, action });
}

$("#undo").addEventListener("click", () =>
  act("POST", `/api/companion/${sessionId}/undo`, { ply: view.ply }));
$("#connect").addEventListener("click", () =>
  act("POST", `/api/companion/${sessionId}/tower`, { kind: "ble" }));

call("GET", `/api/companion/${sessionId}`).then(show).catch((err) => refuse(err.message));
