//! A program run with piped standard input and output (an engine the tests drive).

use std::io::Write;
use std::process::{Command, Stdio};

/// A program run with piped standard input and output, as an engine under a GUI: its output's
/// lines come on a channel, read on a thread of their own, so that a wait can time out. It
/// is killed when dropped.
pub struct Piped {
    pub child: std::process::Child,
    pub input: std::process::ChildStdin,
    pub lines: std::sync::mpsc::Receiver<String>,
}

impl Piped {
    /// Starts `program ARGS`.
    pub fn start(program: &str, args: &[&str]) -> Piped {
        use std::io::BufRead;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{program} starts: {e}"));
        let output = std::io::BufReader::new(child.stdout.take().expect("piped stdout"));
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in output.lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Piped {
            input: child.stdin.take().expect("piped stdin"),
            child,
            lines,
        }
    }

    /// Writes a line at once.
    pub fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the program reads");
        self.input.flush().expect("the program reads");
    }

    /// The next line within `wait`.
    pub fn line(&self, wait: std::time::Duration) -> Option<String> {
        self.lines.recv_timeout(wait).ok()
    }
}

impl Drop for Piped {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
