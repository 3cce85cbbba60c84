//! The page's files, embedded in the program from `assets/web/`: plain HTML, CSS and
//! JavaScript with no build step and nothing fetched from elsewhere.

/// The page.
pub const INDEX_HTML: &str = include_str!("../../assets/web/index.html");
/// The page's script: the protocol calls, the editor, the palette and the game.
pub const APP_JS: &str = include_str!("../../assets/web/app.js");
/// Drawing helpers: the board pictures and the overlays for clicks and highlights.
pub const BOARD_JS: &str = include_str!("../../assets/web/board.js");
/// The page's style sheet.
pub const STYLE_CSS: &str = include_str!("../../assets/web/style.css");
