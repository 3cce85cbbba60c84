//! `fairy tune`: its table, its shards and their merge, and `--write`. The fit itself is
//! checked through the library in `tests/play/tune.rs`.

use crate::support::cli::fairy;
use crate::support::scratch;

const COMMON: [&str; 10] = [
    "--games",
    "8",
    "--nodes",
    "300",
    "--max-plies",
    "120",
    "--random-plies",
    "6",
    "--resamples",
    "30",
];

fn run(args: &[&str]) -> String {
    let o = fairy(args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn the_table_has_a_row_per_piece_and_shards_merge_into_it() {
    let dir = scratch("tune");
    let file = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
    let with = |extra: &[&str]| {
        let mut args = vec!["tune", "variants/fsf/losalamos.yaml"];
        args.extend_from_slice(&COMMON);
        args.extend_from_slice(extra);
        run(&args)
    };
    let whole = with(&[]);
    let lines: Vec<&str> = whole.lines().collect();
    assert!(
        lines[0].starts_with("Los Alamos Chess: 8 games (numbers 0..8 of 8, seed 0), 300 nodes per move, 6 random opening plies, cut at 120 plies"),
        "{whole}"
    );
    assert!(lines[1].contains("values in units of P = 100"), "{whole}");
    assert!(lines[2].starts_with("piece  name"), "{whole}");
    let rows = &lines[3..8];
    for (row, letter) in rows.iter().zip(["P", "N", "R", "Q", "K"]) {
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[0], letter, "{whole}");
        if letter == "K" {
            assert!(row.contains("not measured"), "{whole}");
            continue;
        }
        let value: f64 = cells[2].parse().unwrap();
        let low: f64 = cells[3].trim_matches(['[', ',']).parse().unwrap();
        let high: f64 = cells[4].trim_matches(']').parse().unwrap();
        assert!(
            value.is_finite() && low <= value && value <= high,
            "{whole}"
        );
    }
    assert_eq!(rows[0].split_whitespace().nth(2), Some("100"));
    assert!(lines[8].starts_with("intercept"), "{whole}");
    with(&["--shard", "1/2", "--json", &file("a.json")]);
    with(&["--shard", "2/2", "--json", &file("b.json")]);
    let merged = run(&[
        "tune",
        "merge",
        &file("a.json"),
        &file("b.json"),
        "--resamples",
        "30",
    ]);
    assert_eq!(merged, whole);
    // The middlegame fit says so and keeps fewer positions; `--positional` adds its line.
    let (a, b) = (file("a.json"), file("b.json"));
    let refit = |extra: &[&str]| {
        let mut args = vec!["tune", "merge", a.as_str(), b.as_str()];
        args.extend_from_slice(&["--resamples", "30"]);
        args.extend_from_slice(extra);
        let o = fairy(&args);
        (
            o.status.success(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let positions = |out: &str| -> usize {
        let line = out.lines().find(|l| l.contains("quiet positions")).unwrap();
        line.split_whitespace().next().unwrap().parse().unwrap()
    };
    let (ok, middle, _) = refit(&["--min-phase", "0.5"]);
    assert!(ok, "{middle}");
    assert!(
        middle.contains("(positions with at least 0.5 of the start's pieces"),
        "{middle}"
    );
    assert!(positions(&middle) < positions(&whole), "{middle}");
    let (ok, placed, _) = refit(&["--positional"]);
    assert!(ok && placed.contains("\npositional: weight "), "{placed}");
    assert!(!whole.contains("positional"), "{whole}");
    let (ok, _, err) = refit(&["--min-phase", "1.5"]);
    assert!(
        !ok && err.contains("`1.5` is not a share from 0 to 1"),
        "{err}"
    );
}

#[test]
fn write_puts_the_values_into_the_file_and_refuses_a_bundled_name() {
    let dir = scratch("tune");
    let path = dir.path().join("losalamos.yaml");
    let original = std::fs::read_to_string("variants/fsf/losalamos.yaml").unwrap();
    std::fs::write(&path, &original).unwrap();
    let path_text = path.to_string_lossy().into_owned();
    let mut args = vec!["tune", path_text.as_str()];
    args.extend_from_slice(&COMMON);
    args.push("--write");
    let out = run(&args);
    // Four pieces are measured; a value not above 0 (a short study's noise) is named and
    // left out.
    let refused: Vec<&str> = out
        .lines()
        .find_map(|l| l.strip_prefix("not written (not above 0): "))
        .map_or(Vec::new(), |names| names.split(", ").collect());
    let wrote = 4 - refused.len();
    assert!(
        out.contains(&format!("wrote {wrote} values into {path_text}")),
        "{out}"
    );
    let written = std::fs::read_to_string(&path).unwrap();
    // Only `value:` lines were added: taking them out gives the file back.
    let without: String = written
        .lines()
        .filter(|l| !l.trim_start().starts_with("value: "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(without, original);
    let tuned = fairy_rules::Variant::from_file(&path).unwrap();
    assert_eq!(tuned.pieces[0].value, Some(100));
    for piece in &tuned.pieces[..4] {
        let named = refused.contains(&piece.name.as_str());
        assert_eq!(piece.value.is_none(), named, "{}: {out}", piece.name);
    }
    assert_eq!(tuned.pieces[4].value, None, "the king is not measured");

    let o = fairy(&["tune", "chess", "--games", "2", "--write"]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--write needs a definition file"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
