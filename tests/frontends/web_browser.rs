//! The playground in a real browser: `tests/web/browser.py` drives headless Chromium
//! through WebDriver (Python selenium) against `fairy web`, and takes the screenshots of
//! docs/web/ (written there with `UPDATE_SCREENSHOTS=1`). It fails, never skips, when
//! Chromium, its driver or selenium is missing (Debian: `chromium chromium-driver`; PyPI:
//! `selenium`).
//!
//! `cargo test` checks the drawn start of a few games, those of the screenshots and one of
//! the suite's; the long run (`cargo test --release --test frontends web_browser --
//! --ignored`) checks every bundled game and four of the suite's.

use std::process::Command;

#[test]
fn the_playground_works_in_chromium() {
    playground_in_chromium(&["chess", "falcon-chess", "pirateknics", "seachess", "shogi"]);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_the_playground_draws_every_game_in_chromium() {
    // The project's games, and a few of the suite's (the page lists them all).
    let checked: Vec<&str> = fairy_rules::Variant::bundled_names()
        .chain(["shogi", "xiangqi", "crazyhouse", "duck"])
        .collect();
    playground_in_chromium(&checked);
}

/// Runs `tests/web/browser.py` against a fresh `fairy web`: every check of the page, the
/// drawn start position of each game of `checked`, and the screenshots.
fn playground_in_chromium(checked: &[&str]) {
    for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
        assert!(
            std::path::Path::new(tool).exists(),
            "{tool} is missing: apt-get install chromium chromium-driver"
        );
    }
    let server = crate::support::web_server::WebServer::start(&[]);
    let url = format!("http://127.0.0.1:{}/", server.port);
    // The screenshots of docs/web/ are retaken with UPDATE_SCREENSHOTS=1; otherwise they go
    // to the build folder, so a test run leaves the work tree as it was.
    let shots = match std::env::var_os("UPDATE_SCREENSHOTS") {
        Some(_) => "docs/web".to_string(),
        None => concat!(env!("CARGO_TARGET_TMPDIR"), "/web-screenshots").to_string(),
    };
    std::fs::create_dir_all(&shots).unwrap();
    let output = Command::new("python3")
        .arg("tests/web/browser.py")
        .arg(&url)
        .arg(&shots)
        .arg(checked.join(","))
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "the browser test failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("browser test passed"), "{stdout}");
    for shot in ["falcon-chess", "pirateknics", "seachess"] {
        let png = std::fs::read(format!("{shots}/{shot}.png")).unwrap();
        assert!(png.starts_with(b"\x89PNG"), "{shot}.png is not a PNG");
    }
}
