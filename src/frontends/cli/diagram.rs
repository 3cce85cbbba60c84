//! `fairy diagram`: where a piece can move from a square, as text or SVG.

use clap::ValueEnum;
use fairy_rules::{Cell, Color, Kind, Ruleset};

use super::load;

/// A variant, a piece and how to draw it.
#[derive(clap::Args)]
pub(super) struct Args {
    /// A definition file, or the name of a bundled one in variants/ (`chess`, `falcon-chess`).
    variant: String,
    /// The piece: its FEN letter (either case; `--color` picks the side) or its name.
    piece: String,
    /// The square it stands on [default: the central square, d4 on 8x8, e4 on 10x8].
    #[arg(long)]
    at: Option<String>,
    /// Other pieces on the board, as a FEN (the piece replaces whatever stands on its square).
    #[arg(long)]
    fen: Option<String>,
    /// The piece's side.
    #[arg(long, value_enum, default_value_t = Side::White)]
    color: Side,
    /// Shade this region (as it is for the piece's side); may be given several times.
    #[arg(long = "region", value_name = "NAME")]
    regions: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum Side {
    White,
    Black,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// A grid of characters with a legend.
    Text,
    /// A standalone SVG picture.
    Svg,
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let variant = load(&args.variant)?;
    let kind = piece_kind(&variant, &args.piece)?;
    let cell = square(&variant, args.at.as_deref())?;
    let blockers = match &args.fen {
        Some(fen) => Some(
            variant
                .parse_fen(fen)
                .map_err(|e| super::fen_report(fen, e))?,
        ),
        None => None,
    };
    let color = match args.color {
        Side::White => Color::White,
        Side::Black => Color::Black,
    };
    let regions: Vec<&str> = args.regions.iter().map(String::as_str).collect();
    let diagram = variant
        .diagram(kind, color, cell, blockers.as_ref(), &regions)
        .map_err(|e| miette::miette!("{e}"))?;
    let text = match args.format {
        Format::Text => diagram.render_text(),
        Format::Svg => diagram.render_svg(),
    };
    out!("{}", text.trim_end());
    Ok(())
}

/// The kind named by a FEN letter (either case) or a piece name.
fn piece_kind(rules: &Ruleset, text: &str) -> miette::Result<Kind> {
    let mut chars = text.chars();
    let by_letter = match (chars.next(), chars.next()) {
        (Some(letter), None) => rules.kind_of_letter(letter),
        _ => None,
    };
    by_letter
        .or_else(|| {
            rules
                .pieces
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(text))
                .map(|k| Kind::new(k as u8))
        })
        .ok_or_else(|| {
            let known: Vec<String> = rules
                .pieces
                .iter()
                .map(|p| format!("{} {}", p.letter, p.name))
                .collect();
            miette::miette!(
                help = format!("the pieces: {}", known.join(", ")),
                "{} has no piece `{text}`",
                rules.name
            )
        })
}

/// The cell named by `--at`, or the central cell.
fn square(rules: &Ruleset, at: Option<&str>) -> miette::Result<Cell> {
    let topo = &rules.topology;
    let found = match at {
        Some(name) => topo.parse_cell(name),
        None => rules.central_cell(),
    };
    found.ok_or_else(|| {
        let what = at.map_or("the board has no squares".to_string(), |name| {
            format!("`{name}` is not a square of the board")
        });
        miette::miette!(
            help = format!(
                "{} is {} ({}){}",
                rules.name,
                topo.size_text(),
                topo.names_text(),
                if topo.cell_count() < topo.shape_cells() {
                    ", with some squares missing"
                } else {
                    ""
                }
            ),
            "{what}"
        )
    })
}
