// The playground: every request goes to POST /api as a protocol request of `fairy serve`.
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
  lastCells: [],
  chanceCell: null,
  busy: false,
  over: false,
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

// --- variants and the editor -------------------------------------------------------------

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

let checkTimer = null;
let checkSeq = 0;

// Checks the editor's text shortly after the last keystroke.
function editorChanged() {
  drawMarks([]);
  clearTimeout(checkTimer);
  checkTimer = setTimeout(() => checkDefinition().catch(report), 250);
}

async function checkDefinition() {
  const seq = ++checkSeq;
  const text = $("yaml").value;
  const result = await call({ request: "check_variant", name: "definition.yaml", yaml: text });
  if (seq !== checkSeq) {
    return; // a newer check is under way
  }
  const own = result.diagnostics.filter((d) => d.file === "definition.yaml");
  drawMarks(own);
  const list = $("diagnostics");
  list.textContent = "";
  $("check-status").textContent = result.valid ? "no errors" : "has errors";
  $("check-status").dataset.valid = result.valid;
  if (result.diagnostics.length === 0) {
    const li = document.createElement("li");
    li.className = "ok";
    li.textContent = "The definition has no problems.";
    list.appendChild(li);
  }
  for (const d of result.diagnostics) {
    const li = document.createElement("li");
    li.className = `diag ${d.severity}`;
    li.dataset.line = d.line;
    li.dataset.column = d.column;
    li.dataset.code = d.code;
    let text = `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}\n${d.message}`;
    if (d.label) text += `\n  ${d.label}`;
    if (d.help) text += `\nhelp: ${d.help}`;
    li.textContent = text;
    if (d.file === "definition.yaml") {
      li.addEventListener("click", () => selectSpan(d));
    }
    list.appendChild(li);
  }
}

// The character offset in `text` of a byte offset of its UTF-8 encoding.
function charOffset(text, byte) {
  let bytes = 0;
  let i = 0;
  for (const ch of text) {
    if (bytes >= byte) break;
    bytes += new TextEncoder().encode(ch).length;
    i += ch.length;
  }
  return i;
}

function selectSpan(d) {
  const text = $("yaml").value;
  const area = $("yaml");
  area.focus();
  area.setSelectionRange(charOffset(text, d.start), charOffset(text, Math.max(d.end, d.start + 1)));
}

// Line numbers in the gutter, the lines with problems marked, and each problem's span
// underlined in the text.
function drawMarks(diagnostics) {
  const text = $("yaml").value;
  const lines = text.split("\n");
  const severity = new Map();
  for (const d of diagnostics) {
    if (severity.get(d.line) !== "error") severity.set(d.line, d.severity);
  }
  const gutter = $("gutter");
  gutter.textContent = "";
  lines.forEach((_, i) => {
    const n = document.createElement("div");
    n.className = "line-no";
    n.textContent = i + 1;
    const s = severity.get(i + 1);
    if (s) {
      n.classList.add(s);
      n.title = diagnostics
        .filter((d) => d.line === i + 1)
        .map((d) => `${d.column}: ${d.message}`)
        .join("\n");
    }
    gutter.appendChild(n);
  });
  const marks = $("yaml-marks");
  marks.textContent = "";
  const spans = diagnostics
    .map((d) => ({
      from: charOffset(text, d.start),
      to: Math.max(charOffset(text, d.end), charOffset(text, d.start) + 1),
      d,
    }))
    .sort((a, b) => a.from - b.from);
  let at = 0;
  for (const s of spans) {
    if (s.from < at) continue;
    marks.appendChild(document.createTextNode(text.slice(at, s.from)));
    const m = document.createElement("mark");
    m.className = s.d.severity;
    m.dataset.line = s.d.line;
    m.dataset.column = s.d.column;
    m.textContent = text.slice(s.from, s.to) || " ";
    marks.appendChild(m);
    at = s.to;
  }
  marks.appendChild(document.createTextNode(text.slice(at) + "\n"));
  const area = $("yaml");
  area.style.height = `${Math.max(29, lines.length + 2) * 16}px`;
  area.style.width = `${Math.max(...lines.map((l) => l.length), 40) + 4}ch`;
}

async function useDefinition() {
  const { response } = await api({ request: "load_variant", name: "definition.yaml", yaml: $("yaml").value });
  if (!response.ok) {
    setStatus(`The definition cannot be played: ${response.error.message}`);
    return;
  }
  await useVariant(response.result);
}

// --- the piece palette -------------------------------------------------------------------

let paletteLetter = null;

function paletteColor() {
  return document.querySelector("input[name=palette-color]:checked").value;
}

function drawPalette() {
  const palette = $("palette");
  palette.textContent = "";
  paletteLetter = null;
  $("diagram").textContent = "";
  $("diagram-title").textContent = "";
  for (const p of state.variant.pieces) {
    const b = document.createElement("button");
    b.textContent = `${p.letter} ${p.name}`;
    b.title = `${p.name}: ${p.moves}`;
    b.dataset.letter = p.letter;
    b.addEventListener("click", () => showDiagram(p.letter, null).catch(report));
    palette.appendChild(b);
  }
}

async function showDiagram(letter, cell) {
  paletteLetter = letter;
  for (const b of $("palette").children) {
    b.classList.toggle("active", b.dataset.letter === letter);
  }
  const piece = paletteColor() === "white" ? letter.toUpperCase() : letter.toLowerCase();
  const request = { request: "diagram", variant: state.variant.id, piece };
  if (cell) request.cell = cell;
  const d = await call(request);
  const info = state.variant.pieces.find((p) => p.letter === letter);
  $("diagram-title").textContent = `${d.title} — ${info ? info.moves : ""}`;
  drawPicture($("diagram"), d.svg, d.cells, (c) => showDiagram(letter, c).catch(report));
}

// --- the game ----------------------------------------------------------------------------

function mode() {
  return $("mode").value;
}

// The side the engine plays, or null.
function engineSide() {
  return { "engine-black": "black", "engine-white": "white" }[mode()] || null;
}

function humanSide() {
  const e = engineSide();
  return e === null ? null : e === "white" ? "black" : "white";
}

// The seat to ask with: none when the game hides nothing; else the seat of the side whose
// view is shown.
function seat() {
  if (!state.game.hidden_information) return undefined;
  return state.game.seats[state.viewSide];
}

async function newGame(fen) {
  // A fresh seed per game: its drawn parameters and chance events differ from game to game.
  const seed = Math.floor(Math.random() * 2 ** 32);
  const request = { request: "new_game", variant: state.variant.id, seed };
  if (fen) request.fen = fen;
  const game = await call(request);
  if (state.game) {
    api({ request: "close_game", game: state.game.game });
  }
  state.game = game;
  document.body.dataset.game = game.game;
  document.body.dataset.variant = state.variant.id;
  state.lastCells = [];
  state.chanceCell = null;
  state.selected = null;
  $("dice").hidden = true;
  const human = humanSide();
  const pos = await call({
    request: "position",
    game: game.game,
    seat: game.hidden_information ? game.seats[human || "white"] : undefined,
  });
  state.toMove = pos.to_move;
  state.viewSide = human || pos.to_move;
  if (game.hidden_information && human === null) {
    showPass(pos.to_move);
  } else {
    await refresh();
  }
  maybeEngine();
}

// Covers the board until the side to move says it is ready: between the turns of a
// hot-seat game that hides information. Nothing of the last view stays in the page.
function showPass(side) {
  state.viewSide = side;
  $("board").textContent = "";
  $("move-list").textContent = "";
  $("fen").value = "";
  state.moves = [];
  $("pass-text").textContent = `Pass the device to ${side}. ${side} to move.`;
  $("pass-screen").hidden = false;
}

async function passed() {
  $("pass-screen").hidden = true;
  await refresh();
}

// Draws the board, the move list and the FEN as the shown side sees them.
async function refresh() {
  const g = state.game.game;
  const s = seat();
  const [picture, pos, record] = await Promise.all([
    call({ request: "picture", game: g, seat: s, regions: $("region").value ? [$("region").value] : [] }),
    call({ request: "position", game: g, seat: s }),
    call({ request: "record", game: g, seat: s }),
  ]);
  state.toMove = pos.to_move;
  state.over = pos.outcome !== null;
  const mine = !state.game.hidden_information || state.viewSide === pos.to_move;
  const enginesTurn = engineSide() === pos.to_move;
  state.moves = [];
  if (mine && !state.over && !enginesTurn) {
    state.moves = (await call({ request: "moves", game: g, seat: s })).moves;
  }
  state.selected = null;
  state.squares = drawPicture($("board"), picture.svg, picture.cells, clickCell);
  $("board").dataset.view = picture.view || "all";
  $("board").dataset.goals = picture.goals.join(" ");
  markSquares(state.squares, state.moves.map((m) => m.from), "movable");
  markSquares(state.squares, state.lastCells, "last");
  markSquares(state.squares, state.chanceCell ? [state.chanceCell] : [], "chance-drawn");
  $("fen").value = pos.fen;
  const list = $("move-list");
  list.textContent = "";
  for (const m of record.moves) {
    const li = document.createElement("li");
    li.textContent = m.text === null ? "(hidden)" : m.text;
    li.className = m.side;
    list.appendChild(li);
  }
  const blob = new Blob([record.pgn], { type: "application/vnd.chess-pgn" });
  const link = $("download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(blob);
  let status;
  if (pos.outcome) {
    status = `Game over: ${pos.outcome.result} (${pos.outcome.reason})`;
  } else {
    status = `${pos.to_move} to move${pos.check ? ", in check" : ""}`;
    if (state.game.hidden_information) status += ` — ${state.viewSide}'s view`;
    if (pos.hidden_move) status += " — the last move was hidden from you";
  }
  setStatus(status);
  // Tells scripts (the browser test) that a view is drawn.
  document.body.dataset.shown = Number(document.body.dataset.shown || 0) + 1;
}

function clickCell(cell) {
  if (state.busy) return;
  if (state.selected !== null) {
    const choices = state.moves.filter((m) => m.from === state.selected && m.to === cell);
    if (choices.length === 1) {
      play(choices[0].text).catch(report);
      return;
    }
    if (choices.length > 1) {
      choose(choices);
      return;
    }
  }
  const from = state.moves.filter((m) => m.from === cell);
  if (from.length === 0 || state.selected === cell) {
    select(null);
  } else {
    select(cell);
  }
}

function select(cell) {
  state.selected = cell;
  const targets = cell === null ? [] : state.moves.filter((m) => m.from === cell).map((m) => m.to);
  markSquares(state.squares, cell === null ? [] : [cell], "selected");
  markSquares(state.squares, targets, "target");
}

// Lets the player pick one of several moves between the same cells (a promotion).
function choose(moves) {
  const box = $("choices");
  box.textContent = "";
  for (const m of moves) {
    const b = document.createElement("button");
    b.className = "choice";
    b.textContent = m.text;
    b.addEventListener("click", () => {
      $("chooser").hidden = true;
      play(m.text).catch(report);
    });
    box.appendChild(b);
  }
  $("chooser").hidden = false;
}

async function play(text) {
  state.busy = true;
  try {
    state.chanceCell = null;
    $("dice").hidden = true;
    const played = await call({ request: "play", game: state.game.game, move: text, seat: seat() });
    state.lastCells = played.move.cells;
    await afterMove(played);
  } finally {
    state.busy = false;
  }
  maybeEngine();
}

// After a move: the next side's turn (behind the pass screen in a hot-seat game that hides
// information), or the board again.
async function afterMove(played) {
  if (played.outcome === null && state.game.hidden_information && humanSide() === null) {
    const next = played.side === "white" ? "black" : "white";
    showPass(next);
    return;
  }
  await refresh();
}

async function maybeEngine() {
  if (state.busy || state.over || engineSide() !== state.toMove) return;
  await engineMove().catch(report);
}

async function engineMove() {
  if (state.over) return;
  state.busy = true;
  setStatus("The engine is thinking…");
  try {
    const ms = Math.max(10, Math.min(60000, Number($("movetime").value) || 500));
    // Told as the shown side sees it: the engine's own view never reaches the page.
    const played = await call({
      request: "engine_move",
      game: state.game.game,
      seat: seat(),
      limits: { movetime_ms: ms },
    });
    state.lastCells = played.move.cells;
    if (engineSide() === null) {
      await afterMove(played);
    } else {
      await refresh();
    }
  } finally {
    state.busy = false;
  }
}

async function undo() {
  if (state.busy) return;
  // Against the engine, take back its reply too, so it is the person's turn again.
  const times = engineSide() !== null && engineSide() !== state.toMove ? 2 : 1;
  for (let i = 0; i < times; i++) {
    const { response } = await api({ request: "undo", game: state.game.game, seat: seat() });
    if (!response.ok) {
      setStatus(`Cannot undo: ${response.error.message}`);
      break;
    }
    state.toMove = response.result.to_move;
  }
  state.lastCells = [];
  state.chanceCell = null;
  $("dice").hidden = true;
  if (state.game.hidden_information && humanSide() === null && state.viewSide !== state.toMove) {
    showPass(state.toMove);
  } else {
    await refresh();
  }
  maybeEngine();
}

function start() {
  $("yaml").addEventListener("input", editorChanged);
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
