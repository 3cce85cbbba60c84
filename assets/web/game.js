// The game: the board as the shown side sees it (the `picture`, `position`, `moves` and
// `record` requests), moves by clicks, the engine, undo, and the pass screen between the
// turns of a hot-seat game that hides information.
import { drawPicture, markSquares } from "./board.js";
import { $, api, call, report, setStatus, state } from "./page.js";

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

export async function newGame(fen) {
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
  state.walled = null;
  state.engineScore = null;
  $("dice").hidden = true;
  const human = humanSide();
  const pos = await call({
    request: "position",
    game: game.game,
    seat: game.hidden_information ? game.seats[human || "white"] : undefined,
  });
  state.toMove = pos.to_move;
  state.viewSide = human || pos.to_move;
  // A pass screen belongs to a hot-seat game: a new game (against the engine) drops it.
  $("pass-screen").hidden = true;
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
  state.engineScore = null;
  $("board").textContent = "";
  $("move-list").textContent = "";
  $("fen").value = "";
  state.moves = [];
  $("pass-text").textContent = `Pass the device to ${side}. ${side} to move.`;
  $("pass-screen").hidden = false;
}

export async function passed() {
  $("pass-screen").hidden = true;
  await refresh();
}

// Draws the board, the move list and the FEN as the shown side sees them.
export async function refresh() {
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
  state.walled = null;
  state.squares = drawPicture($("board"), picture.svg, picture.cells, clickCell);
  $("board").dataset.view = picture.view || "all";
  $("board").dataset.goals = picture.goals.join(" ");
  markSquares(state.squares, state.moves.map((m) => m.from), "movable");
  markSquares(state.squares, state.lastCells, "last");
  markSquares(state.squares, state.chanceCell ? [state.chanceCell] : [], "chance-drawn");
  $("fen").value = pos.fen;
  const list = $("move-list");
  list.textContent = "";
  // Numbered by full moves, as players write them: `1. e4 Nc6`, `5... Nf6` when a line
  // starts with Black's move.
  let line = null;
  for (const m of record.moves) {
    if (line === null || m.side === "white") {
      line = document.createElement("li");
      line.dataset.number = m.number;
      line.textContent = m.side === "white" ? `${m.number}.` : `${m.number}...`;
      list.appendChild(line);
    }
    const span = document.createElement("span");
    span.textContent = m.san === null ? "(hidden)" : m.san;
    span.className = `move ${m.side}`;
    line.append(" ", span);
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
  // The game's drawn parameters, as the FEN's last field gives them.
  const names = state.variant.parameters;
  const params = pos.fen.split(" ").filter((f) => names.some((n) => f.startsWith(`${n}=`)));
  if (params.length > 0) status += ` — parameters: ${params.join(" ")}`;
  if (state.engineScore !== null) status += ` — engine's score: ${state.engineScore} cp`;
  setStatus(status);
  // Tells scripts (the browser test) that a view is drawn.
  document.body.dataset.shown = Number(document.body.dataset.shown || 0) + 1;
}

function clickCell(cell) {
  if (state.busy) return;
  if (state.walled !== null) {
    // The move is chosen; this click puts its wall down.
    const moves = state.walled.filter((m) => m.wall === cell);
    state.walled = null;
    if (moves.length === 1) {
      play(moves[0].text).catch(report);
    } else if (moves.length > 1) {
      choose(moves);
    } else {
      select(null);
    }
    return;
  }
  if (state.selected !== null) {
    const choices = state.moves.filter((m) => m.from === state.selected && m.to === cell);
    if (choices.length === 1) {
      play(choices[0].text).catch(report);
      return;
    }
    if (choices.length > 1 && choices.every((m) => m.wall)) {
      // A game with walls: the next click picks the wall's cell among these.
      state.walled = choices;
      markSquares(state.squares, [state.selected, cell], "selected");
      markSquares(state.squares, choices.map((m) => m.wall), "target");
      setStatus("Click where the wall goes.");
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

export async function maybeEngine() {
  if (state.busy || state.over || engineSide() !== state.toMove) return;
  await engineMove().catch(report);
}

export async function engineMove() {
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
    state.engineScore = played.score_cp === undefined ? null : played.score_cp;
    if (engineSide() === null) {
      await afterMove(played);
    } else {
      await refresh();
    }
  } finally {
    state.busy = false;
  }
}

export async function undo() {
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
