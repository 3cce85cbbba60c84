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
    let start = Instant::now();
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("fairy starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    // Written from a thread: a child that stops reading must not block the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    // Read from threads too: a child whose output fills its pipe would wait for the test.
    let read = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = read(Box::new(child.stderr.take().unwrap()));
    let deadline = start + Duration::from_secs(seconds);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "fairy {args:?} ran past {seconds} s; it printed:\n{}\n{}",
                String::from_utf8_lossy(&stdout.join().unwrap()),
                String::from_utf8_lossy(&stderr.join().unwrap())
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    };
    let _ = writer.join();
    let elapsed = start.elapsed();
    assert!(
        output.status.code().is_some() && output.status.code() != Some(101),
        "fairy {args:?} died ({:?}); stderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    Bounded { output, elapsed }
}

/// A folder of its own for one test's files, emptied first.
pub fn folder(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fairy-hostile-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
