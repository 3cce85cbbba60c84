//! `fairy show`: a position drawn as text, and as SVG or PNG.

use std::path::PathBuf;

use fairy_rules::picture::SQUARE_PIXELS;
use fairy_rules::{Bitboard, Color, Variant};

use super::At;

#[derive(clap::Args)]
pub(super) struct Args {
    #[command(flatten)]
    at: At,
    /// Draw what this side sees (`white` or `black`), from its end of the board: the
    /// opponent's hidden parts left out.
    #[arg(long, value_parser = ["white", "black"])]
    view: Option<String>,
    /// Also write the picture as SVG to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Also write the picture as PNG to this file.
    #[arg(long)]
    png: Option<PathBuf>,
    /// Pixels per square of the PNG (the SVG's 56 by default): a board of small glyphs, a
    /// crew's letters, reads better at 100 or more.
    #[arg(long, default_value_t = SQUARE_PIXELS, value_parser = clap::value_parser!(u32).range(8..=512))]
    size: u32,
    /// Shade this region (as it is for White: `:` on its empty cells in the text); may be
    /// given several times.
    #[arg(long = "region", value_name = "NAME")]
    regions: Vec<String>,
    /// Print the board's cells with their names instead (a guide to writing a FEN).
    #[arg(long)]
    empty: bool,
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    if args.empty {
        // The board alone: the guide to writing a setup works while the setup is wrong.
        let name = &args.at.variant;
        let text = match std::path::Path::new(name).is_file() {
            true => Variant::board_of_file(name)
                .map(|board| fairy_rules::picture::cell_names_text(&board))
                .map_err(super::load_error)?,
            false => super::load(name)?.cell_names_text(),
        };
        for line in text.lines() {
            out!("{line}");
        }
        return Ok(());
    }
    let game = super::game(&args.at)?;
    let variant = game.variant();
    let view = args.view.as_deref().map(|v| match v {
        "white" => Color::White,
        _ => Color::Black,
    });
    let pos = match view {
        Some(side) => variant.redact(game.position(), side),
        None => game.position().clone(),
    };
    // Drawn from the viewing side's end of the board.
    let from = view.unwrap_or(Color::White);
    let names: Vec<&str> = args.regions.iter().map(String::as_str).collect();
    let shaded = variant
        .region_cells(&names, Color::White)
        .map_err(|e| miette::miette!("{e}"))?;
    // The pictures are written first: a failure is an error before anything is printed,
    // and a reader that closes standard output early cannot keep them from being written.
    let svg = variant.picture_svg_from(&pos, shaded, from);
    if let Some(path) = &args.svg {
        std::fs::write(path, &svg)
            .map_err(|e| miette::miette!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = &args.png {
        let scale = args.size as f32 / SQUARE_PIXELS as f32;
        let png = fairy_rules::picture::svg_to_png_scaled(&svg, scale)
            .map_err(|e| miette::miette!("{e}"))?;
        std::fs::write(path, png)
            .map_err(|e| miette::miette!("cannot write {}: {e}", path.display()))?;
    }
    for line in variant
        .picture_text_from(&pos, shaded, Bitboard::EMPTY, from)
        .lines()
    {
        out!("{line}");
    }
    if let Some(outcome) = game.outcome() {
        out!("game over: {outcome}");
    }
    Ok(())
}
