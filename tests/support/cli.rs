//! The `fairy` program run as a child process, for the tests of the command line.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `fairy ARGS` and waits for it.
pub fn fairy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .output()
        .expect("run fairy")
}

/// Runs `fairy ARGS` with `input` on standard input.
pub fn fairy_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run fairy");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes())
        .expect("write the input");
    child.wait_with_output().expect("fairy ends")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `program ARGS` (a script the tests drive) and returns its standard output; fails
/// the test, showing both outputs, when it does not succeed.
pub fn run_ok(program: &str, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{program} failed:\n{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}
