//! The piece images drawn for the project (`assets/pieces/`, licensed with it), and the
//! fallback for any other piece: its letter in a disc of its side's colour.

use crate::rules::Color;

/// The built-in images by name, each a 100 x 100 SVG of the White piece.
const IMAGES: &[(&str, &str)] = &[
    ("king", include_str!("../../../assets/pieces/king.svg")),
    ("queen", include_str!("../../../assets/pieces/queen.svg")),
    ("rook", include_str!("../../../assets/pieces/rook.svg")),
    ("bishop", include_str!("../../../assets/pieces/bishop.svg")),
    ("knight", include_str!("../../../assets/pieces/knight.svg")),
    ("pawn", include_str!("../../../assets/pieces/pawn.svg")),
    (
        "archbishop",
        include_str!("../../../assets/pieces/archbishop.svg"),
    ),
    (
        "chancellor",
        include_str!("../../../assets/pieces/chancellor.svg"),
    ),
    ("falcon", include_str!("../../../assets/pieces/falcon.svg")),
    ("ship", include_str!("../../../assets/pieces/ship.svg")),
    ("boat", include_str!("../../../assets/pieces/boat.svg")),
    (
        "cruiser",
        include_str!("../../../assets/pieces/cruiser.svg"),
    ),
    (
        "torpedo-boat",
        include_str!("../../../assets/pieces/torpedo-boat.svg"),
    ),
    (
        "submarine",
        include_str!("../../../assets/pieces/submarine.svg"),
    ),
    (
        "destroyer",
        include_str!("../../../assets/pieces/destroyer.svg"),
    ),
    (
        "aircraft-carrier",
        include_str!("../../../assets/pieces/aircraft-carrier.svg"),
    ),
    (
        "commando-ship",
        include_str!("../../../assets/pieces/commando-ship.svg"),
    ),
];

/// The names a piece definition's `image:` may give, in the order of the set.
pub(crate) fn image_names() -> impl Iterator<Item = &'static str> {
    IMAGES.iter().map(|(name, _)| *name)
}

/// The colours of a side's pieces: body, outline, details.
fn paints(color: Color) -> [&'static str; 3] {
    match color {
        Color::White => ["#f8f6ee", "#1a1a1a", "#1a1a1a"],
        Color::Black => ["#2b2b2b", "#000000", "#eeeeee"],
    }
}

/// A piece drawn in the square of side `size` whose top left corner is `(x, y)`: its image
/// when it has one of the set, else its letter in a disc of its side's colour. A `<g>` of
/// class `piece` and `white` or `black`, with `data-image` naming the image or `letter`.
pub(crate) fn piece_svg(
    image: Option<&str>,
    letter: char,
    color: Color,
    x: f64,
    y: f64,
    size: f64,
) -> String {
    let side = match color {
        Color::White => "white",
        Color::Black => "black",
    };
    let [body, outline, detail] = paints(color);
    let drawing = image.and_then(|name| IMAGES.iter().find(|(n, _)| *n == name));
    match drawing {
        Some((name, svg)) => {
            let start = svg.find("<g").unwrap_or(0);
            let end = svg.rfind("</svg>").unwrap_or(svg.len());
            let inner = svg[start..end]
                .trim()
                .replace("#fffffe", body)
                .replace("#000001", outline)
                .replace("#000002", detail);
            format!(
                "<g class=\"piece {side}\" data-image=\"{name}\" transform=\"translate({x} {y}) scale({})\">{inner}</g>\n",
                size / 100.0
            )
        }
        None => {
            let (cx, cy, r) = (x + size / 2.0, y + size / 2.0, size * 0.38);
            let letter = match color {
                Color::White => crate::types::letter::upper(letter),
                Color::Black => crate::types::letter::lower(letter),
            };
            format!(
                "<g class=\"piece {side}\" data-image=\"letter\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{body}\" stroke=\"{outline}\" stroke-width=\"{}\"/>\
                 <text x=\"{cx}\" y=\"{}\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{detail}\">{letter}</text></g>\n",
                size / 24.0,
                cy + size * 0.15,
                size * 0.42
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_image_is_a_drawing_in_the_three_colours() {
        for (name, svg) in IMAGES {
            assert!(svg.contains("viewBox=\"0 0 100 100\""), "{name}");
            assert!(svg.contains("#fffffe") && svg.contains("#000001"), "{name}");
        }
        let white = piece_svg(Some("rook"), 'R', Color::White, 0.0, 0.0, 50.0);
        let black = piece_svg(Some("rook"), 'R', Color::Black, 0.0, 0.0, 50.0);
        assert!(white.contains("#f8f6ee") && !white.contains("#fffffe"));
        assert!(black.contains("#2b2b2b") && black.contains("class=\"piece black\""));
        let camel = piece_svg(None, 'c', Color::White, 0.0, 0.0, 50.0);
        assert!(camel.contains(">C</text>") && camel.contains("data-image=\"letter\""));
    }
}
