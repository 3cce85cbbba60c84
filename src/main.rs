//! The `fairy` command line: a thin layer over the `fairy_rules` library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
