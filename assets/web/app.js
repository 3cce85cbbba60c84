// The playground: every request goes to POST /api as a protocol request of `fairy serve`.
// This module holds the variants and starts the page; page.js holds what the others share
// (the state and the calls), editor.js, palette.js and game.js the rest.

import { $, api, call, report, setStatus, state } from "./page.js";
import { editorChanged, editorKey } from "./editor.js";
import { drawPalette, redrawDiagram } from "./palette.js";
import { engineMove, maybeEngine, newGame, passed, refresh, undo } from "./game.js";

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

// Plays the editor's definition.
async function useDefinition() {
  const { response } = await api({ request: "load_variant", name: "definition.yaml", yaml: $("yaml").value });
  if (!response.ok) {
    setStatus(`The definition cannot be played: ${response.error.message}`);
    return;
  }
  // The variant list names what is played: the definition, under its own name.
  const info = response.result;
  const select = $("variant-select");
  let option = [...select.options].find((o) => o.value === info.id);
  if (!option) {
    option = document.createElement("option");
    option.value = info.id;
    select.appendChild(option);
  }
  option.textContent = `${info.name} (your definition)`;
  select.value = info.id;
  await useVariant(info);
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
    r.addEventListener("change", redrawDiagram);
  }
  loadVariants().catch(report);
}

start();
