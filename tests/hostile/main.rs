//! Hostile input (issue 31): every input that once hung, exhausted or panicked a reader or a
//! server is replayed here under a time and a memory bound, and must get a clear answer.
//!
//! The command-line cases run `fairy` as a child process under `bounded`: its address space
//! capped (`ulimit -v`) and its run killed after a deadline, so a regression fails the test
//! instead of hanging or exhausting the machine.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod definitions;
mod readers;
mod servers;

/// The address space every child may use: 4 GiB, as in the pass that found these inputs.
pub const MEMORY_KIB: u64 = 4 * 1024 * 1024;

/// What a bounded run of `fairy` did.
pub struct Bounded {
    /// The process's output; its status is a failure when it was killed.
    pub output: Output,
    /// How long it ran.
    pub elapsed: Duration,
}

impl Bounded {
    /// Standard output as text.
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }

    /// Standard error as text.
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }
}

/// Runs `fairy ARGS` in `dir` (the crate's root when `None`) with `input` on standard input,
/// its address space capped at [`MEMORY_KIB`] and killed after `seconds`; panics when it ran
/// past the deadline or was killed by a signal (a panic's abort, the memory cap).
pub fn bounded(args: &[&str], input: &str, seconds: u64, dir: Option<&std::path::Path>) -> Bounded {
    bounded_with(args, Some(input), seconds, dir, &[])
}

/// [`bounded`], with standard input kept open and never written when `input` is `None` (a
/// program that reads it waits, as on a terminal), and the environment variables `env` set.
pub fn bounded_with(
    args: &[&str],
    input: Option<&str>,
    seconds: u64,
    dir: Option<&std::path::Path>,
    env: &[(&str, &str)],
) -> Bounded {
    let start = Instant::now();
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("fairy starts");
    // Read from threads as it is written: a child whose output fills a pipe would wait.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let mut stdin = child.stdin.take().unwrap();
    // Written from a thread: a child that stops reading must not block the test. Without
    // input, the pipe stays open (held here) until the child has ended.
    let (writer, held) = match input {
        Some(input) => {
            let input = input.to_owned();
            let writer = std::thread::spawn(move || {
                let _ = stdin.write_all(input.as_bytes());
            });
            (Some(writer), None)
        }
        None => (None, Some(stdin)),
    };
    let deadline = start + Duration::from_secs(seconds);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            let shown = |bytes: Vec<u8>| {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                text.chars().take(2000).collect::<String>()
            };
            panic!(
                "fairy {args:?} ran past {seconds} s; it printed:\n{}\n{}",
                shown(stdout.join().unwrap()),
                shown(stderr.join().unwrap())
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    };
    drop(held);
    if let Some(writer) = writer {
        let _ = writer.join();
    }
    let elapsed = start.elapsed();
    assert!(
        output.status.code().is_some() && output.status.code() != Some(101),
        "fairy {args:?} died ({:?}); stderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    Bounded { output, elapsed }
}

/// Makes a named pipe (FIFO) at `path` with the `mkfifo` command: opening it to read waits
/// for a writer, so a reader that opens it hangs.
pub fn mkfifo(path: &std::path::Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// A folder of its own for one test's files, removed when the guard drops.
pub fn folder(test: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("fairy-hostile-{test}-"))
        .tempdir()
        .unwrap()
}
