//! SVG to PNG, with resvg.

/// Why an SVG could not be made a PNG.
///
/// See the example of [`svg_to_png`].
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
/// ```
/// use fairy_rules::picture::{svg_to_png, svg_to_png_scaled, PngError};
/// let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"><rect width="3" height="2" fill="red"/></svg>"#;
/// let png = svg_to_png(svg)?;
/// assert_eq!(&png[1..4], b"PNG");
/// assert_eq!(&png[16..24], [0, 0, 0, 3, 0, 0, 0, 2]); // width and height, in pixels
/// let twice = svg_to_png_scaled(svg, 2.0)?;
/// assert_eq!(&twice[16..24], [0, 0, 0, 6, 0, 0, 0, 4]);
/// assert!(matches!(svg_to_png_scaled(svg, 0.0), Err(PngError::Size(0, 0))));
/// assert!(matches!(svg_to_png("<svg"), Err(PngError::Svg(_))));
/// # Ok::<(), PngError>(())
/// ```
///
/// # Errors
/// [`PngError::NoFont`] when the picture has text and no font is installed; the others when
/// the SVG is not valid or the picture cannot be drawn.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, PngError> {
    svg_to_png_scaled(svg, 1.0)
}

/// [`svg_to_png`] at `scale` times the SVG's own size (2.0: twice as wide and as high), so
/// that small glyphs (a crew's letters) stay readable. See the example of [`svg_to_png`].
///
/// # Errors
/// As [`svg_to_png`]; [`PngError::Size`] too for a scale that is not a positive number or
/// makes the picture larger than 16,384 pixels a side.
pub fn svg_to_png_scaled(svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    if svg.contains("<text") && options.fontdb.is_empty() {
        return Err(PngError::NoFont);
    }
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    let (width, height) = (size.width() * scale, size.height() * scale);
    // Rounded to whole pixels; NaN and negatives fail the range test.
    let side = 1.0..=16_384.0;
    if !(side.contains(&width) && side.contains(&height)) {
        return Err(PngError::Size(width as u32, height as u32));
    }
    let (width, height) = (width.round() as u32, height.round() as u32);
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size(width, height))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}
