//! `fairy solve`: the solution tree it prints, no solution, and a bad request. The solver
//! itself is checked through the library in `tests/play/solve.rs`.

use std::process::Command;

#[test]
fn the_command_prints_the_tree() {
    let o = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args([
            "solve",
            "chess",
            "--fen",
            "8/8/2p5/2Q5/7k/5K2/8/8 w - - 0 1",
            "--mate",
            "2",
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let tree: Vec<&str> = out.lines().take_while(|l| !l.ends_with("key")).collect();
    assert_eq!(tree, ["1.Qf5!", "    1...c5", "        2.Qg4#",]);
    assert!(out.contains("\n1 key\n"), "{out}");
    let none = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(["solve", "chess", "--mate", "1"])
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&none.stdout).starts_with("no solution: no mate in 1\n"));
    let bad = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(["solve", "chess", "--mate", "9"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}
