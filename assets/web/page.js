// What the parts of the playground share: `$`, the page's state, the calls (every request
// goes to POST /api as a protocol request of `fairy serve`) and the status line.

export const $ = (id) => document.getElementById(id);

// What the page knows. `seats` are the game's seat tokens; in a game that hides
// information the page shows one side's view at a time, asked for with that side's seat.
export const state = {
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
export async function api(request) {
  const reply = await fetch("/api", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  return reply.json();
}

// Sends a request that must succeed: its result, after handling its events.
export async function call(request) {
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

export function setStatus(text) {
  $("status").textContent = text;
}

export function report(err) {
  setStatus(`Error: ${err.message}`);
}
