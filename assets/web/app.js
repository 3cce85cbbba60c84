// The playground: every request goes to POST /api as a protocol request of `fairy serve`.
// This file holds the page's state, the calls and the variants, and starts the page;
// editor.js, palette.js and game.js the rest.
"use strict";

const $ = (id) => document.getElementById(id);

// What the page knows. `seats` are the game's seat tokens; in a game that hides
// information the page shows one side's view at a time, asked for with that side's seat.
const state = {
  variant: null, // VariantInfo
  game: null, // GameInfo
  viewSide: null, // the side whose view is shown ("white"/"black"), in a hidden game
  moves: [], // the legal moves shown (MoveInfo)
  squares: new Map(),
  selected: null,
  // In a game with walls, the moves between the chosen cells, waiting for the wall's cell.
  walled: null,
  lastCells: [],
  chanceCell: null,
  busy: false,
  over: false,
  engineScore: null, // the engine's score of its last move, in centipawns
  toMove: "white",
};

// Sends one protocol request; returns {events, response}.
async function api(request) {
  const reply = await fetch("/api", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  return reply.json();
}

// Sends a request that must succeed: its result, after handling its events.
async function call(request) {
  const { events, response } = await api(request);
  for (const e of events || []) {
    handleEvent(e);
  }
  if (!response.ok) {
    throw new Error(`${response.error.code}: ${response.error.message}`);
  }
  return response.result;
}

function handleEvent(e) {
  if (e.event === "chance") {
    state.chanceCell = e.cell;
    $("dice").hidden = false;
    $("dice").textContent = `\u{1F3B2} The dice drew ${e.cell} (after ply ${e.ply})`;
  }
}

function setStatus(text) {
  $("status").textContent = text;
}

function report(err) {
  setStatus(`Error: ${err.message}`);
}

// --- variants ----------------------------------------------------------------------------

async function loadVariants() {
  const { variants } = await call({ request: "variants" });
  const select = $("variant-select");
  for (const v of variants) {
    const option = document.createElement("option");
    option.value = v.id;
    option.textContent = v.id;
    select.appendChild(option);
  }
  select.value = variants.some((v) => v.id === "chess") ? "chess" : variants[0].id;
  select.addEventListener("change", () => pickVariant(select.value).catch(report));
  await pickVariant(select.value);
}

async function pickVariant(id) {
  const info = await call({ request: "load_variant", name: id });
  if (info.yaml !== undefined) {
    $("yaml").value = info.yaml;
    editorChanged();
  }
  await useVariant(info);
}

async function useVariant(info) {
  state.variant = info;
  $("variant-name").textContent = info.name;
  const region = $("region");
  region.textContent = "";
  for (const name of ["", ...info.regions]) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name || "none";
    region.appendChild(option);
  }
  drawPalette();
  await newGame();
}

function start() {
  $("yaml").addEventListener("input", editorChanged);
  $("yaml").addEventListener("keydown", editorKey);
  $("use-yaml").addEventListener("click", () => useDefinition().catch(report));
  $("new-game").addEventListener("click", () => newGame().catch(report));
  $("load-fen").addEventListener("click", () => newGame($("fen").value.trim()).catch(report));
  $("undo").addEventListener("click", () => undo().catch(report));
  $("engine-move").addEventListener("click", () => engineMove().then(maybeEngine).catch(report));
  $("mode").addEventListener("change", () => newGame().catch(report));
  $("region").addEventListener("change", () => {
    if ($("pass-screen").hidden) refresh().catch(report);
  });
  $("pass-ok").addEventListener("click", () => passed().catch(report));
  $("choose-cancel").addEventListener("click", () => {
    $("chooser").hidden = true;
  });
  for (const r of document.querySelectorAll("input[name=palette-color]")) {
    r.addEventListener("change", () => {
      if (paletteLetter) showDiagram(paletteLetter, null).catch(report);
    });
  }
  loadVariants().catch(report);
}

start();
