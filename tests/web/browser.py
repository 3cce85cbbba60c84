#!/usr/bin/env python3
"""Drives the playground of `fairy web` in headless Chromium through WebDriver (selenium).

Usage: browser.py URL SCREENSHOT_DIR

Checks, each with exact numbers taken from the server's own answers:
- every bundled variant loads and its start position shows as many pieces as the
  server's position info holds;
- a click on a piece highlights exactly the targets of its legal moves (the `moves`
  request), for a piece of every variant that hides nothing;
- a legal move is made by two clicks, an illegal one is refused (by the page and by the
  server);
- the engine answers a move;
- a definition with an error shows it at its line and column in the editor;
- a Seachess view never holds an enemy submarine or mine, and a pass screen with no board
  stands between the turns;
and writes screenshots of Falcon Chess, PiRaTeKnIcS and Seachess into SCREENSHOT_DIR.
Exits non-zero at the first failure.
"""

import json
import os
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

URL = sys.argv[1].rstrip("/")
SHOTS = sys.argv[2]
# The variants whose start each drawn board is checked against: the project's games and a
# few of the suite's, comma-separated.
CHECKED = sys.argv[3].split(",")


def api(request):
    """A protocol request straight to the server: (events, response)."""
    body = json.dumps(request).encode()
    req = urllib.request.Request(
        URL + "/api", data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=60) as reply:
        answer = json.load(reply)
    return answer["events"], answer["response"]


def ok(request):
    _, response = api(request)
    assert response["ok"], f"{request} gave {response}"
    return response["result"]


def piece_count(contents):
    """Pieces in a position's cell contents (FEN text per cell): every letter, but not a
    marker's (after `*`)."""
    count = 0
    for text in contents:
        marker = False
        for ch in text:
            if ch == "*":
                marker = True
            elif ch.isalpha():
                if not marker:
                    count += 1
                marker = False
    return count


def start_browser(profile):
    """Chromium under chromedriver, its profile in the folder `profile`."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.path.exists(path):
            sys.exit(f"FAIL: {path} is missing (Debian: apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=2000,1250",
        f"--user-data-dir={profile}",
    ]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


class Page:
    def __init__(self, driver):
        self.d = driver

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait(self, what, condition, timeout=30):
        end = time.time() + timeout
        while time.time() < end:
            value = condition()
            if value:
                return value
            time.sleep(0.05)
        status = self.js("return document.getElementById('status').textContent")
        raise AssertionError(f"timed out waiting for {what} (status: {status!r})")

    def shown(self):
        return int(self.js("return document.body.dataset.shown || '0'"))

    def status(self):
        return self.js("return document.getElementById('status').textContent")

    def after(self, action, what):
        """Does `action`, then waits until the page has drawn a view again."""
        before = self.shown()
        action()
        self.wait(what, lambda: self.shown() > before)
        assert not self.status().startswith("Error"), self.status()

    def passing(self):
        return self.js("return !document.getElementById('pass-screen').hidden")

    def pass_on(self):
        """Clicks through the pass screen."""
        self.after(lambda: self.d.find_element(By.ID, "pass-ok").click(), "the view after the pass screen")

    def pick_variant(self, name):
        before = self.shown()
        select = Select(self.d.find_element(By.ID, "variant-select"))
        if select.first_selected_option.get_attribute("value") == name:
            self.d.find_element(By.ID, "new-game").click()
        else:
            select.select_by_value(name)
        self.wait(
            f"{name} to load",
            lambda: self.js("return document.body.dataset.variant") == name
            and (self.shown() > before or self.passing()),
        )
        if self.passing():
            self.pass_on()
        assert not self.status().startswith("Error"), self.status()

    def game(self):
        return self.js("return document.body.dataset.game")

    def drawn_pieces(self):
        return self.js("return document.querySelectorAll('#board svg.picture g.piece').length")

    def click(self, cell):
        self.d.find_element(By.CSS_SELECTOR, f"#board svg.overlay rect[data-cell='{cell}']").click()

    def cells_with(self, cls):
        return sorted(
            self.js(
                f"return [...document.querySelectorAll('#board svg.overlay rect.{cls}')].map(r => r.dataset.cell)"
            )
        )

    def move_list(self):
        """The moves of the list, as written there."""
        return self.js("return [...document.querySelectorAll('#move-list .move')].map(m => m.textContent)")

    def move_lines(self):
        """The list's lines, one per full move: `1. d4 Nf6`."""
        return self.js("return [...document.querySelectorAll('#move-list li')].map(li => li.textContent)")

    def set_mode(self, value):
        before = self.shown()
        Select(self.d.find_element(By.ID, "mode")).select_by_value(value)
        self.wait(f"mode {value}", lambda: self.shown() > before or self.passing())
        if self.passing():
            self.pass_on()


def check_variants(page, variants):
    for name in variants:
        page.pick_variant(name)
        game = ok({"request": "new_game", "variant": name})
        seat = game["seats"]["white"] if game["hidden_information"] else None
        pos = ok({"request": "position", "game": game["game"], "seat": seat})
        ok({"request": "close_game", "game": game["game"]})
        expected = piece_count(c["content"] for c in pos["cells"])
        drawn = page.drawn_pieces()
        assert drawn == expected, f"{name}: the page draws {drawn} pieces, the position holds {expected}"
        print(f"ok: {name} starts with {drawn} pieces drawn")
        if not game["hidden_information"]:
            check_highlights(page, name)


def check_highlights(page, name):
    """Clicks the first and the last piece that can move: exactly its targets light up."""
    moves = ok({"request": "moves", "game": page.game()})["moves"]
    froms = sorted({m["from"] for m in moves if m["from"]})
    assert page.cells_with("movable") == froms, f"{name}: movable cells differ"
    for cell in {froms[0], froms[-1]}:
        page.click(cell)
        targets = sorted({m["to"] for m in moves if m["from"] == cell})
        got = page.cells_with("target")
        assert got == targets, f"{name}: {cell} highlights {got}, its moves reach {targets}"
        assert page.cells_with("selected") == [cell]
        page.click(cell)  # deselects
        assert page.cells_with("target") == [], f"{name}: a second click leaves highlights"
    print(f"ok: {name}: clicks on {froms[0]} and {froms[-1]} highlight exactly their targets")


def check_moves_and_engine(page):
    page.pick_variant("chess")
    page.after(lambda: page.d.find_element(By.ID, "new-game").click(), "a new game")
    page.click("e2")
    assert page.cells_with("target") == ["e3", "e4"], page.cells_with("target")
    page.click("e5")  # not a target: nothing is played, the selection goes
    assert page.cells_with("target") == [] and page.move_list() == []
    _, refused = api({"request": "play", "game": page.game(), "move": "e2e5"})
    assert refused["error"]["code"] == "illegal_move", refused
    page.click("e2")
    page.after(lambda: page.click("e4"), "the move e2e4")
    assert page.move_list() == ["e4"], page.move_list()
    assert page.move_lines() == ["1. e4"], page.move_lines()
    assert page.cells_with("last") == ["e2", "e4"], page.cells_with("last")
    pgn = page.d.execute_async_script(
        "const done = arguments[0];"
        "fetch(document.getElementById('download').href).then(r => r.text()).then(done);"
    )
    assert "\n1. e4 *" in pgn, pgn
    print("ok: e2e4 played by two clicks, e2e5 refused, the record downloads as PGN")
    page.after(lambda: page.d.find_element(By.ID, "undo").click(), "undo")
    assert page.move_list() == []
    # Against the engine.
    page.set_mode("engine-black")
    page.d.find_element(By.ID, "movetime").clear()
    page.d.find_element(By.ID, "movetime").send_keys("200")
    page.click("d2")
    page.click("d4")
    page.wait("the engine's answer", lambda: len(page.move_list()) == 2)
    record = ok({"request": "record", "game": page.game()})
    assert [m["san"] for m in record["moves"]] == page.move_list()
    assert page.move_list()[0] == "d4"
    # One line for the full move, numbered as players write it.
    assert page.move_lines() == [f"1. d4 {page.move_list()[1]}"], page.move_lines()
    assert "engine's score:" in page.status(), page.status()
    print(f"ok: the engine answered d4 with {page.move_list()[1]}, listed in SAN by full moves")
    page.after(lambda: page.d.find_element(By.ID, "undo").click(), "undo")
    assert page.move_list() == [], "undo against the engine takes back both moves"
    page.set_mode("hotseat")


def check_check_mark(page):
    """A check is told in the status line and drawn under the checked king."""
    page.pick_variant("chess")
    fen_input = page.d.find_element(By.ID, "fen")
    fen_input.clear()
    fen_input.send_keys("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    page.after(lambda: page.d.find_element(By.ID, "load-fen").click(), "the game from a FEN")
    assert page.js("return document.querySelectorAll('#board rect.check').length") == 0
    page.click("a1")
    page.after(lambda: page.click("a8"), "the check Ra8+")
    assert page.move_list() == ["Ra8+"], page.move_list()
    assert page.status().startswith("black to move, in check"), page.status()
    assert page.js("return document.querySelectorAll('#board rect.check').length") == 1
    print("ok: Ra8+ is listed with its mark, told in the status line and drawn on the board")


def check_played_definition(page):
    """A definition from the editor is played under its own name in the variant list, and a
    pass screen goes when the opponent becomes the engine."""
    assert Select(page.d.find_element(By.ID, "mode")).first_selected_option.get_attribute("value") == "hotseat"
    page.pick_variant("seachess")
    page.d.find_element(By.ID, "engine-move").click()
    page.wait("the pass screen", page.passing)
    before = page.shown()
    Select(page.d.find_element(By.ID, "mode")).select_by_value("engine-black")
    page.wait("the game against the engine", lambda: page.shown() > before)
    assert not page.passing(), "the pass screen stays over a game against the engine"
    page.set_mode("hotseat")
    page.pick_variant("chess")
    yaml = page.js("return document.getElementById('yaml').value")
    assert "name: Chess\n" in yaml
    page.js(
        "document.getElementById('yaml').value = arguments[0];"
        "document.getElementById('yaml').dispatchEvent(new Event('input'))",
        yaml.replace("name: Chess\n", "name: My Chess\n", 1),
    )
    page.after(lambda: page.d.find_element(By.ID, "use-yaml").click(), "the definition")
    chosen = Select(page.d.find_element(By.ID, "variant-select")).first_selected_option.text
    assert chosen == "My Chess (your definition)", chosen
    print("ok: the played definition is named in the variant list; the pass screen goes with the engine")


def check_layout(page):
    """At 1400 pixels the editor, the game and the pieces panel stand side by side."""
    page.pick_variant("seachess")
    page.d.set_window_size(1400, 1250)
    try:
        tops = page.js(
            "return ['editor-pane', 'play-pane', 'palette-pane']"
            ".map(id => document.getElementById(id).getBoundingClientRect().top)"
        )
        assert len(set(tops)) == 1, f"the panes wrap at 1400 px: tops {tops}"
    finally:
        page.d.set_window_size(2000, 1250)
    print("ok: at 1400 px the three panes stand side by side")


def check_promotion_chooser(page):
    page.pick_variant("chess")
    fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1"
    fen_input = page.d.find_element(By.ID, "fen")
    fen_input.clear()
    fen_input.send_keys(fen)
    page.after(lambda: page.d.find_element(By.ID, "load-fen").click(), "the game from a FEN")
    page.click("a7")
    page.click("a8")
    choices = page.js("return [...document.querySelectorAll('#choices button')].map(b => b.textContent)")
    moves = ok({"request": "moves", "game": page.game()})["moves"]
    expected = sorted(m["text"] for m in moves if m["from"] == "a7" and m["to"] == "a8")
    assert sorted(choices) == expected and len(expected) > 1, (choices, expected)
    button = [b for b in page.d.find_elements(By.CSS_SELECTOR, "#choices button") if b.text == "a7a8q"][0]
    page.after(button.click, "the promotion")
    assert page.move_list() == ["a8=Q"], page.move_list()
    assert page.d.find_element(By.ID, "fen").get_attribute("value").startswith("Q7/7k/")
    print(f"ok: a promotion offers {len(choices)} moves and plays the one chosen")


def check_diagnostics(page):
    # Line 6 names an atom Betza notation does not have.
    yaml = (
        "name: Broken\n"
        "board: 4x4\n"
        "pieces:\n"
        "  king:\n"
        "    letter: K\n"
        "    moves: KQ7#\n"
        "    royal: true\n"
        "setup: k3/4/4/3K\n"
    )
    _, expected = api({"request": "check_variant", "name": "definition.yaml", "yaml": yaml})
    first = expected["result"]["diagnostics"][0]
    assert not expected["result"]["valid"] and first["line"] == 6, expected
    page.js(
        "const t = document.getElementById('yaml'); t.value = arguments[0];"
        "t.dispatchEvent(new Event('input'));",
        yaml,
    )
    page.wait("the diagnostics", lambda: page.js("return document.querySelectorAll('#diagnostics li.diag.error').length"))
    shown = page.js(
        "const li = document.querySelector('#diagnostics li.diag.error');"
        "return [Number(li.dataset.line), Number(li.dataset.column), li.textContent]"
    )
    assert shown[:2] == [first["line"], first["column"]], (shown, first)
    assert first["message"] in shown[2]
    gutter = page.js("return [...document.querySelectorAll('#gutter .line-no.error')].map(n => n.textContent)")
    assert gutter == ["6"], gutter
    mark = page.js(
        "const m = document.querySelector('#yaml-marks mark.error');"
        "return [Number(m.dataset.line), Number(m.dataset.column), m.textContent]"
    )
    assert mark[:2] == [6, first["column"]], mark
    print(f"ok: the error shows at line 6, column {first['column']}: {first['message']}")


SEA = "4k3/8/12/12/12/4{c_S}7/2{*m}9/3b8/7{C*M}4/12/8/4K3 w - - 0 1 _e7.submerged=1,h4.mine=0"


def view_layers(page):
    """The submerged pieces and markers the page draws, as (colour or letter) lists."""
    return page.js(
        "return {"
        "submerged: [...document.querySelectorAll('#board g.submerged g.piece')].map(g => g.classList.contains('white') ? 'white' : 'black'),"
        "markers: [...document.querySelectorAll('#board g.marker text')].map(t => t.textContent)}"
    )


def check_seachess(page):
    page.pick_variant("seachess")
    fen_input = page.d.find_element(By.ID, "fen")
    page.js("document.getElementById('fen').value = arguments[0]", SEA)
    before = page.shown()
    page.d.find_element(By.ID, "load-fen").click()
    page.wait("the pass screen", page.passing)
    assert page.drawn_pieces() == 0 and page.shown() == before
    page.pass_on()
    white = view_layers(page)
    assert white == {"submerged": ["white"], "markers": ["M"]}, white
    # White moves its king; the pass screen hides the board; Black sees no enemy layer.
    game = ok({"request": "new_game", "variant": "seachess", "fen": SEA})
    pos = ok({"request": "position", "game": game["game"], "seat": game["seats"]["white"]})
    king = [c["cell"] for c in pos["cells"] if c["content"] == "K"][0]
    page.click(king)
    target = page.cells_with("target")[0]
    page.click(target)
    page.wait("the pass screen", page.passing)
    assert page.drawn_pieces() == 0, "the board stays drawn under the pass screen"
    page.pass_on()
    black = view_layers(page)
    assert "white" not in black["submerged"], black
    assert not any(m.isupper() for m in black["markers"]), black
    assert black == {"submerged": [], "markers": ["m"]}, black
    fen = fen_input.get_attribute("value")
    assert "_S" not in fen and "*M" not in fen, fen
    assert page.js("return document.getElementById('board').dataset.view") == "black"
    print("ok: Seachess: White sees its submarine and mine, Black sees neither")
    # Twelve engine moves in a hot-seat game: every view shown holds no enemy submarine
    # under water and no enemy mine, and each side keeps seeing its own.
    new_game_from(page, SEA)
    seen = {"white": 0, "black": 0}
    for ply in range(12):
        side = page.js("return document.getElementById('board').dataset.view")
        page.d.find_element(By.ID, "engine-move").click()
        page.wait("the pass screen", lambda: page.passing() or page.status().startswith("Game over"))
        if not page.passing():
            break
        assert page.drawn_pieces() == 0, "the board stays drawn under the pass screen"
        page.pass_on()
        other = page.js("return document.getElementById('board').dataset.view")
        assert other != side, (side, other)
        layers = view_layers(page)
        enemy = "black" if other == "white" else "white"
        assert enemy not in layers["submerged"], (ply, other, layers)
        assert all(m.islower() == (other == "black") for m in layers["markers"]), (ply, other, layers)
        seen[other] += len(layers["submerged"]) + len(layers["markers"])
    assert seen["white"] > 0 and seen["black"] > 0, seen
    print(f"ok: Seachess, {ply + 1} engine moves: no view held an enemy submarine or mine"
          f" (own ones seen: {seen})")


# PiRaTeKnIcS with a ship on b4 manned by both sides.
PIRATES = (
    "<nbr><brq><nbk><nbr>/<pp><ppp><ppp><ppp><ppp><ppp>/6/6/1<Pp>4/6/"
    "<PP><PPP><PPP><PPP><PPP><PPP>/<NBR><BRQ><NBK><NBR> w - - 0 1"
)
# Seachess with torpedo boats (their facing drawn), a submarine and a mine of each side.
SEA_SHOT = "4k3/8/9t2/12/12/4{c_S}7/2{*m}9/3b8/7{C*M}4/2T9/8/4K3 w - - 0 1 _e7.submerged=1,h4.mine=0"


def show_diagram(page, letter, cell):
    page.d.find_element(By.CSS_SELECTOR, f"#palette button[data-letter='{letter}']").click()
    page.wait(f"the diagram of {letter}", lambda: page.js("return document.querySelectorAll('#diagram svg').length") == 2)
    title = page.js("return document.getElementById('diagram-title').textContent")
    # A click on a square of the diagram moves the piece there.
    page.d.find_element(By.CSS_SELECTOR, f"#diagram svg.overlay rect[data-cell='{cell}']").click()
    page.wait(f"the diagram of {letter} on {cell}", lambda: f" on {cell}" in page.js("return document.getElementById('diagram-title').textContent"))
    return title


def new_game_from(page, fen):
    page.js("document.getElementById('fen').value = arguments[0]", fen)
    before = page.shown()
    page.d.find_element(By.ID, "load-fen").click()
    page.wait("the game from a FEN", lambda: page.shown() > before or page.passing())
    if page.passing():
        page.pass_on()


def shoot(page, name):
    page.js("window.scrollTo(0, 0)")
    page.d.save_screenshot(os.path.join(SHOTS, f"{name}.png"))


def check_hidden_engine(page):
    """Seachess against the engine: the page shows White's view only, before and after the
    engine's move."""
    page.pick_variant("seachess")
    page.set_mode("engine-black")
    assert not page.passing()
    page.click(page.cells_with("movable")[0])
    page.click(page.cells_with("target")[0])
    if page.js("return !document.getElementById('chooser').hidden"):
        page.d.find_element(By.CSS_SELECTOR, "#choices button").click()
    page.wait("the engine's answer", lambda: len(page.move_list()) == 2)
    assert page.js("return document.getElementById('board').dataset.view") == "white"
    black = [c for c in view_layers(page)["submerged"] if c == "black"]
    markers = [m for m in view_layers(page)["markers"] if m.islower()]
    assert black == [] and markers == [], (black, markers)
    print(f"ok: Seachess against the engine: White's view only, moves {page.move_list()}")
    page.set_mode("hotseat")


def check_goals_and_dice(page):
    page.pick_variant("king-of-the-hill")
    goals = sorted(page.js("return document.getElementById('board').dataset.goals").split())
    assert goals == ["d4", "d5", "e4", "e5"], goals
    assert page.js("return document.querySelectorAll('#board .region').length") == 4
    page.pick_variant("flying-dutchman")
    pos = ok({"request": "position", "game": page.game()})
    ports = pos["fen"].split("port=")[1].split(",")[0].split("/")
    goals = sorted(page.js("return document.getElementById('board').dataset.goals").split())
    assert goals == sorted(ports), (goals, ports)
    parameters = [f for f in pos["fen"].split(" ") if f.startswith("dutchman=")][0]
    assert page.status().endswith(f"parameters: {parameters}"), page.status()
    page.pick_variant("bermuda")
    page.click("d2")
    page.after(lambda: page.click("d4"), "the move d2d4")
    record = ok({"request": "record", "game": page.game()})
    drawn = record["moves"][0]["text"].split("@")[1]
    assert page.cells_with("chance-drawn") == [drawn], (page.cells_with("chance-drawn"), drawn)
    dice = page.js("return document.getElementById('dice').hidden ? '' : document.getElementById('dice').textContent")
    assert f"drew {drawn}" in dice, dice
    print(f"ok: the goals of King of the Hill and of the Flying Dutchmen ({goals}) shaded;"
          f" Bermuda's dice drew {drawn}, marked on the board")


def screenshots(page):
    page.pick_variant("falcon-chess")
    show_diagram(page, "F", "e5")
    page.click("e2")
    shoot(page, "falcon-chess")
    page.pick_variant("pirateknics")
    new_game_from(page, PIRATES)
    assert page.drawn_pieces() == piece_count([PIRATES.split(" ")[0]])
    show_diagram(page, "N", "c4")
    page.click("b2")
    shoot(page, "pirateknics")
    page.pick_variant("seachess")
    new_game_from(page, SEA_SHOT)
    Select(page.d.find_element(By.ID, "region")).select_by_value("haven")
    page.wait("the havens shaded", lambda: page.js("return document.querySelectorAll('#board .region').length") == 32)
    assert page.js("return document.querySelectorAll('#board .facing').length") == 2
    show_diagram(page, "T", "e5")
    shoot(page, "seachess")


def main():
    listed = [v["id"] for v in ok({"request": "variants"})["variants"] if v["bundled"]]
    assert all(name in listed for name in CHECKED), (CHECKED, listed)
    variants = CHECKED
    with tempfile.TemporaryDirectory(prefix="fairy-web-chromium-") as profile:
        run_browser(profile, variants)
    print(f"browser test passed: {len(variants)} variants")


def run_browser(profile, variants):
    driver = start_browser(profile)
    try:
        driver.get(URL + "/")
        page = Page(driver)
        page.wait("the first view", lambda: page.shown() > 0)
        check_variants(page, variants)
        check_moves_and_engine(page)
        check_promotion_chooser(page)
        check_check_mark(page)
        check_played_definition(page)
        check_layout(page)
        check_diagnostics(page)
        check_seachess(page)
        check_hidden_engine(page)
        check_goals_and_dice(page)
        screenshots(page)
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == [], errors
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
