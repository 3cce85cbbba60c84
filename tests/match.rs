//! `fairy match`: the engine against a random mover and against Fairy-Max over XBoard.
//!
//! The Fairy-Max test needs Debian's `fairymax` (installed by `.ci/run`); without it, it
//! fails.

use std::process::{Command, Output};

fn fairy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .output()
        .expect("run fairy")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn the_engine_beats_a_random_mover_with_colours_alternating() {
    let o = fairy(&[
        "match",
        "chess",
        "--opponent",
        "random",
        "--games",
        "2",
        "--nodes",
        "2000",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("game 1: fairy white vs random: win (checkmate), "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("game 2: fairy black vs random: win (checkmate), "),
        "{out}"
    );
    assert_eq!(
        lines[2],
        "fairy against random in Chess: +2 =0 -0 of 2 games, score 100.0% (95% CI 100.0% to 100.0%); 0 cut by the move limit (scored as draws)"
    );
}

/// A real XBoard engine: moves cross both ways in coordinate notation, in chess and in
/// Capablanca Chess (10 files, its own piece letters), until the move limit.
#[test]
fn games_against_fairy_max_run_over_the_xboard_protocol() {
    assert!(
        std::path::Path::new("/usr/games/fairymax").exists(),
        "Fairy-Max is missing: apt-get install fairymax (.ci/run does)"
    );
    for (variant, name) in [("chess", "Chess"), ("capablanca", "Capablanca Chess")] {
        let o = fairy(&[
            "match",
            variant,
            "--opponent",
            "xboard:fairymax",
            "--games",
            "2",
            "--movetime",
            "1000",
            "--max-plies",
            "6",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        assert!(
            out.contains("game 1: fairy white vs fairymax: draw (move limit), 6 plies\n"),
            "{out}"
        );
        assert!(
            out.contains("game 2: fairy black vs fairymax: draw (move limit), 6 plies\n"),
            "{out}"
        );
        assert!(
            out.contains(&format!(
                "fairy against fairymax in {name}: +0 =2 -0 of 2 games, score 50.0%"
            )),
            "{out}"
        );
    }
}

#[test]
fn bad_opponents_are_errors() {
    let o = fairy(&["match", "chess", "--opponent", "stockfish"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("unknown opponent `stockfish`: give `random` or `xboard:COMMAND`"));
    let o = fairy(&["match", "chess", "--opponent", "xboard:/no/such/engine"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("cannot start the engine `/no/such/engine`")
    );
    let o = fairy(&["match", "seachess", "--opponent", "xboard:fairymax"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("Seachess: chance events and hidden parts cannot be played over XBoard"));
}
