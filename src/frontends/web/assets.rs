//! The page's files, embedded in the program from `assets/web/`: plain HTML, CSS and
//! JavaScript (ES modules that import one another, nothing global) with no build step and
//! nothing fetched from elsewhere.

/// Each file as `(path served, media type, text)`.
pub(super) const FILES: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html",
        include_str!("../../../assets/web/index.html"),
    ),
    (
        "/style.css",
        "text/css",
        include_str!("../../../assets/web/style.css"),
    ),
    // The variants; it starts the page.
    ("/app.js", JS, include_str!("../../../assets/web/app.js")),
    // What the other modules share: the page's state, its calls and its status line.
    ("/page.js", JS, include_str!("../../../assets/web/page.js")),
    // The board pictures with their overlays for clicks and highlights.
    (
        "/board.js",
        JS,
        include_str!("../../../assets/web/board.js"),
    ),
    // The definition editor and its diagnostics.
    (
        "/editor.js",
        JS,
        include_str!("../../../assets/web/editor.js"),
    ),
    // The piece palette and its move diagrams.
    (
        "/palette.js",
        JS,
        include_str!("../../../assets/web/palette.js"),
    ),
    // The game: moves, engine, undo, pass screens.
    ("/game.js", JS, include_str!("../../../assets/web/game.js")),
];

const JS: &str = "text/javascript";
