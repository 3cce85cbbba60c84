// Drawing helpers of the playground: a picture made by the server (an SVG document) with a
// transparent overlay of one square per cell on top, for clicks and highlights.
const SVG_NS = "http://www.w3.org/2000/svg";

// Puts `svgText` (a standalone SVG document) into `host`, with an overlay of the cells in
// `rects` ([{cell, x, y, size}]); `onClick(cell)` is called for a click on a cell. Returns
// the overlay's squares by cell name.
export function drawPicture(host, svgText, rects, onClick) {
  host.textContent = "";
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const picture = document.importNode(doc.documentElement, true);
  picture.classList.add("picture");
  host.appendChild(picture);
  const overlay = document.createElementNS(SVG_NS, "svg");
  overlay.setAttribute("class", "overlay");
  overlay.setAttribute("width", picture.getAttribute("width"));
  overlay.setAttribute("height", picture.getAttribute("height"));
  const squares = new Map();
  for (const r of rects) {
    const square = document.createElementNS(SVG_NS, "rect");
    square.setAttribute("x", r.x);
    square.setAttribute("y", r.y);
    square.setAttribute("width", r.size);
    square.setAttribute("height", r.size);
    square.dataset.cell = r.cell;
    square.addEventListener("click", () => onClick(r.cell));
    overlay.appendChild(square);
    squares.set(r.cell, square);
  }
  host.appendChild(overlay);
  return squares;
}

// Gives `className` to exactly the squares of `cells`.
export function markSquares(squares, cells, className) {
  const wanted = new Set(cells);
  for (const [cell, square] of squares) {
    square.classList.toggle(className, wanted.has(cell));
  }
}
