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

function drumsForm(v) {
  // a tower worked by hand: where each turned drum faces now, one radio group a drum
  const form = el("form", { id: "drums-form", class: "drums" });
  for (const drum of v.waiting.drums) {
    const set = el("fieldset", { class: "drum" }, el("legend", { text: `${drum} drum` }));
    v.tower.sides.forEach((side, i) => {
      const id = `drum-${drum}-${side}`;
      set.append(el("input", { type: "radio", name: drum, value: side, id, ...(i === 0 ? { required: "" } : {}) }),
                 el("label", { for: id, text: side }));
    });
    form.append(set);
  }
  form.append(el("button", { type: "submit", class: "primary", id: "drums-confirm", text: "These are where my drums face" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const drums = {};
    for (const drum of v.waiting.drums) {
      const chosen = form.querySelector(`input[name="${drum}"]:checked`);
      if (chosen) drums[drum] = chosen.value;
    }
    act("POST", `/api/companion/${sessionId}/drums`, { ply: view.ply, drums });
  });
  return form;
}

function show(v) {
  view = v;
  $("#tower-kind").textContent = `tower: ${v.tower.name}`;
  const designed = $("#designed");
  designed.replaceChildren(...(v.designed || []).map((line) => el("p", { text: line })));
  designed.classList.toggle("hidden", !(v.designed || []).length);
  const choice = $("#tower-choice");
  if (!choice.options.length) {
    for (const k of v.tower.kinds) choice.append(el("option", { value: k.kind, text: k.name }));
  }
  choice.value = v.tower.kind;
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
    if (v.waiting.drums.length) {
      entries.replaceChildren(drumsForm(v));
    } else {
      entries.replaceChildren(...v.entries.map((e) =>
        el("button", { type: "button", class: "entry", "data-action": String(e.action), text: e.name,
                       onclick: () => enter(e.action) })));
    }
  }
  const legend = $("#legend");
  const faces = !v.over && v.waiting.haggle_legend;
  legend.replaceChildren(...(faces ? [el("p", { text: "The haggle die's faces:" }),
                                      el("ul", {}, ...faces.map((f) => el("li", { text: f })))] : []));
  legend.classList.toggle("hidden", !faces);
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
  act("POST", `/api/companion/${sessionId}/tower`, { kind: $("#tower-choice").value }));

call("GET", `/api/companion/${sessionId}`).then(show).catch((err) => refuse(err.message));
