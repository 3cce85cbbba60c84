//! `fairy serve`: the JSON-lines game server on standard input and output.

use std::io::Write;
use std::path::{Path, PathBuf};

use fairy_rules::protocol::{read_line, Line, SearchCaps, Server, MAX_LINE};

#[derive(clap::Args)]
pub(super) struct Args {
    /// Definition files to offer besides the bundled variants, each under its file name
    /// without `.yaml` (`my-variant.yaml` is `my-variant`).
    files: Vec<PathBuf>,
    #[command(flatten)]
    caps: CapArgs,
}

/// The engine's caps, shared by `fairy serve` and `fairy web`.
#[derive(clap::Args)]
pub(super) struct CapArgs {
    /// The longest an engine move may think, in milliseconds, whatever a client asks.
    #[arg(long, default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    max_movetime_ms: u64,
}

impl CapArgs {
    /// The caps of every engine move.
    pub(super) fn caps(&self) -> SearchCaps {
        SearchCaps {
            time: std::time::Duration::from_millis(self.max_movetime_ms),
            ..SearchCaps::default()
        }
    }
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let mut server = Server::with_caps(args.caps.caps());
    for file in &args.files {
        server.add_variant(&file_id(file), super::load(&file.to_string_lossy())?);
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut output = std::io::stdout().lock();
    loop {
        let replies = match read_line(&mut input, MAX_LINE)
            .map_err(|e| miette::miette!("cannot read standard input: {e}"))?
        {
            Line::End => return Ok(()),
            Line::Text(text) if text.trim().is_empty() => continue,
            Line::Text(text) => server.handle_line(&text),
            Line::Unreadable(code) => vec![Server::unreadable(code)],
        };
        for reply in replies {
            if let Err(e) = writeln!(output, "{reply}") {
                super::output_failed(e);
            }
        }
        if let Err(e) = output.flush() {
            super::output_failed(e);
        }
    }
}

/// The id of a definition file: its name without the extension.
pub(super) fn file_id(file: &Path) -> String {
    file.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| file.to_string_lossy().into_owned())
}
