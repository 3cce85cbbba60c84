// The piece palette: a piece's move diagram on the variant's empty board (the `diagram`
// request); a click on a square of the diagram moves the piece there.
import { drawPicture } from "./board.js";
import { $, call, report, state } from "./page.js";

let paletteLetter = null;

function paletteColor() {
  return document.querySelector("input[name=palette-color]:checked").value;
}

export function drawPalette() {
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

// Shows the chosen piece's diagram again, for the side now chosen.
export function redrawDiagram() {
  if (paletteLetter) showDiagram(paletteLetter, null).catch(report);
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
