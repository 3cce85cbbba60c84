//! SVG to PNG, with resvg.

/// Why an SVG could not be made a PNG.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PngError {
    /// The SVG does not parse.
    #[error("the SVG cannot be read: {0}")]
    Svg(String),
    /// The picture has letters and the system has no font to draw them.
    #[error(
        "no font found to draw letters; install one (on Debian: apt-get install fonts-dejavu-core)"
    )]
    NoFont,
    /// The picture is empty or too large to draw.
    #[error("the picture cannot be drawn at {0}x{1} pixels")]
    Size(u32, u32),
    /// The PNG could not be encoded.
    #[error("the PNG cannot be written: {0}")]
    Encode(String),
}

/// Renders an SVG document (as [`crate::Ruleset::picture_svg`] and
/// [`crate::Diagram::render_svg`] write them) to PNG bytes at its own size in pixels. Letters
/// are drawn with the system's fonts.
///
/// # Errors
/// [`PngError::NoFont`] when the picture has text and no font is installed; the others when
/// the SVG is not valid or the picture cannot be drawn.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, PngError> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    if svg.contains("<text") && options.fontdb.is_empty() {
        return Err(PngError::NoFont);
    }
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or(PngError::Size(size.width(), size.height()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}
