// The definition editor: diagnostics as you type (the `check_variant` request), each
// problem's line marked in the gutter and its span underlined in the text.
import { $, call, report } from "./page.js";

let checkTimer = null;
let checkSeq = 0;

// Checks the editor's text shortly after the last keystroke.
export function editorChanged() {
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

// Tab indents by two spaces (YAML has no tabs) instead of leaving the editor.
export function editorKey(event) {
  if (event.key !== "Tab" || event.shiftKey) return;
  event.preventDefault();
  const area = $("yaml");
  area.setRangeText("  ", area.selectionStart, area.selectionEnd, "end");
  editorChanged();
}
