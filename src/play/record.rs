//! A game's record in the variant's own notation, numbered as players keep one by hand:
//! `1) Ce3 - e4, Bd11 - d10;`, one line per move pair.

use crate::play::game::Game;
use crate::types::piece::Color;

impl Game {
    /// The record of the game in the variant's own notation (`notation:`; SAN for a variant
    /// without one), one numbered line per move pair: `12) white's move, black's move;`
    /// (`12) ..., black's move;` when the game starts with Black). With `view` a side, each
    /// hidden move of its opponent is left out and its place holds only the notation's
    /// hidden mark (`(h)`; `--` without one), as the player of a game with hidden moves keeps
    /// the record until the end; the full record (`None`) fills them in. `fairy replay`
    /// reads it back.
    pub fn record_text(&self, view: Option<Color>) -> String {
        let variant = self.variant();
        let mark = variant.hidden_mark().unwrap_or_else(|| "--".into());
        let mut pos = self.start_position().clone();
        let mut text = String::new();
        for &m in self.moves() {
            let side = pos.side_to_move();
            let written = if view.is_some_and(|v| v != side) && variant.is_hidden_move(m) {
                mark.clone()
            } else {
                let plain = m.choice();
                let mut w = variant.readable_in_view(&pos, plain, view);
                if let Some(cell) = m.outcome {
                    w = format!("{w}@{}", variant.topology.name(cell));
                }
                w
            };
            match side {
                Color::White => text.push_str(&format!("{}) {written}", pos.fullmove_number())),
                Color::Black if text.is_empty() => {
                    text.push_str(&format!("{}) ..., {written};\n", pos.fullmove_number()));
                }
                Color::Black => text.push_str(&format!(", {written};\n")),
            }
            pos = variant.play_unchecked(&pos, m);
        }
        if !text.is_empty() && !text.ends_with('\n') {
            text.push_str(";\n");
        }
        text
    }
}
