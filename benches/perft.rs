//! The performance suite: our perft beside shakmaty's (a specialised chess library) on the
//! same positions in the same run, our rate across variants, threads, position size and
//! definition load time.
//!
//! `cargo bench --features cli --bench perft` (set `FAIRY_BENCH_RUNS` for more than 5
//! runs); `cargo bench --features cli --bench perft -- large` times only the large
//! definitions. Every figure is the median of the runs; ratios compare figures measured in
//! this run, because this machine's speed varies from run to run.

use std::time::Instant;

use fairy_rules::{Position, Variant};
use shakmaty::{fen::Fen, CastlingMode, Chess};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn runs() -> usize {
    std::env::var("FAIRY_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5)
        .max(1)
}

/// Median seconds of `runs()` calls of `f`, with the node count it returned.
fn measure(mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut nodes = 0;
    let mut times: Vec<f64> = (0..runs())
        .map(|_| {
            let start = Instant::now();
            nodes = f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (nodes, times[times.len() / 2])
}

#[path = "../tests/support/shakmaty_perft.rs"]
mod shakmaty_perft;

#[path = "../tests/support/large_definitions.rs"]
mod large;

fn load(name: &str) -> Variant {
    Variant::from_file(format!("variants/{name}.yaml")).expect("bundled variant")
}

fn main() {
    // `cargo bench` passes `--bench`; `large` asks for the large definitions alone.
    if std::env::args().any(|a| a == "large") {
        large_definitions();
        return;
    }
    // `only-fairy` or `only-shakmaty`: one chess perft(5) from the start and nothing else,
    // for an instruction counter to run (`benches/instructions.sh`).
    if let Some(engine) = std::env::args().find_map(|a| a.strip_prefix("only-").map(String::from)) {
        let nodes = match engine.as_str() {
            "shakmaty" => shakmaty_perft::perft(&Chess::default(), 5),
            _ => {
                let chess = load("chess");
                chess.perft(&chess.start_position(), 5)
            }
        };
        println!("{engine}: chess perft(5) = {nodes}");
        return;
    }
    println!("perft, median of {} runs (nodes/s in millions)\n", runs());
    println!(
        "{:<22} {:>6} {:>12} {:>9} {:>10} {:>7}",
        "position", "depth", "nodes", "fairy", "shakmaty", "ratio"
    );
    let suite: [(&str, &str, Option<&str>, u32); 7] = [
        ("chess start", "chess", None, 6),
        ("Kiwipete", "chess", Some(KIWIPETE), 5),
        ("Capablanca start", "capablanca", None, 5),
        ("Falcon Chess start", "falcon-chess", None, 5),
        // Each roll of the dice counts as a leaf: 36 per move into the Angle.
        ("Bermuda start", "bermuda", None, 3),
        // Ships with crews of both colours: the same core, crew moves counted in bulk.
        ("PiRaTeKnIcS start", "pirateknics", None, 4),
        // Mines, torpedoes and the carrier's ring: the same core.
        ("Seachess start", "seachess", None, 4),
    ];
    let mut rates = Vec::new();
    for (label, name, fen, depth) in suite {
        let v = load(name);
        let pos = fen.map_or_else(
            || v.start_position(),
            |f| v.parse_fen(f).expect("valid FEN"),
        );
        let (nodes, secs) = measure(|| v.perft(&pos, depth));
        let ours = nodes as f64 / secs / 1e6;
        rates.push(ours);
        let theirs = (name == "chess").then(|| {
            let fen: Fen = fen
                .unwrap_or(shakmaty::fen::Fen::default().to_string().as_str())
                .parse()
                .expect("FEN");
            let chess: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
            let (their_nodes, their_secs) = measure(|| shakmaty_perft::perft(&chess, depth));
            assert_eq!(their_nodes, nodes, "{label}: the two disagree");
            their_nodes as f64 / their_secs / 1e6
        });
        match theirs {
            Some(t) => println!(
                "{label:<22} {depth:>6} {nodes:>12} {ours:>9.1} {t:>10.1} {:>6.2}x",
                ours / t
            ),
            None => println!(
                "{label:<22} {depth:>6} {nodes:>12} {ours:>9.1} {:>10} {:>7}",
                "-", "-"
            ),
        }
    }
    println!("\nCapablanca / chess rate: {:.2}x", rates[2] / rates[0]);
    println!(
        "Falcon Chess / Capablanca rate: {:.2}x",
        rates[3] / rates[2]
    );
    println!("PiRaTeKnIcS / chess rate: {:.3}x", rates[5] / rates[0]);
    println!("Seachess / chess rate: {:.3}x", rates[6] / rates[0]);

    let chess = load("chess");
    let start = chess.start_position();
    let (_, one) = measure(|| chess.perft(&start, 6));
    let (_, two) = measure(|| chess.perft_threads(&start, 6, 2).expect("threads"));
    println!(
        "chess perft(6) with 2 threads / 1 thread: {:.2}x",
        one / two
    );

    println!(
        "\nposition size: {} bytes inline (a board of up to 64 cells; wider boards are boxed), \
         plus 16 bytes per cell",
        std::mem::size_of::<Position>()
    );
    println!("definition load + compile, median of 20:");
    let mut files: Vec<_> = std::fs::read_dir("variants")
        .expect("variants/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    for path in files {
        let mut times: Vec<f64> = (0..20)
            .map(|_| {
                let start = Instant::now();
                Variant::from_file(&path).expect("bundled variant");
                start.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!("  {:<28} {:.2} ms", path.display(), times[10] * 1e3);
    }
    repeated_components();
    large_definitions();
    search_rates();
}

/// Time against size for definitions that once cost time growing with the square of their
/// size: each at a size and at four times it, in the same run. Loading, with every problem's
/// line and column and its drawn report (as `fairy validate` shows them), is timed; a ratio
/// near 4 is linear, near 16 quadratic.
fn large_definitions() {
    println!(
        "\nlarge definitions: load, place and draw every problem, median of 3 \
         (x4 / x1: 4 is linear, 16 quadratic):"
    );
    let removals = |n| {
        let (base, child) = large::many_removals(n);
        (child, Some(base))
    };
    let cases: [Case; 5] = [
        (
            "board minus list (bytes)",
            &|n| (large::board_minus(n), None),
            32 << 10,
        ),
        (
            "pieces, one problem each",
            &|n| (large::many_pieces(n), None),
            5_000,
        ),
        (
            "YAML repairs (bytes)",
            &|n| (large::many_repairs(n), None),
            256 << 10,
        ),
        (
            "flags to unknown regions",
            &|n| (large::unknown_regions(n), None),
            2_000,
        ),
        ("removals", &removals, 2_000),
    ];
    let dir = std::env::temp_dir().join(format!("fairy-bench-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for (label, make, size) in cases {
        let time = |size: usize| {
            let (text, base) = make(size);
            if let Some(base) = base {
                std::fs::write(dir.join("base.yaml"), base).expect("written");
            }
            let name = dir.join("large.yaml").display().to_string();
            let mut times: Vec<f64> = (0..3)
                .map(|_| {
                    let start = Instant::now();
                    load_and_report(&name, &text);
                    start.elapsed().as_secs_f64()
                })
                .collect();
            times.sort_by(f64::total_cmp);
            times[1]
        };
        let (one, four) = (time(size), time(4 * size));
        println!(
            "  {label:<26} {size:>8}: {:>9.1} ms   x4: {:>9.1} ms   {:>5.1}x",
            one * 1e3,
            four * 1e3,
            four / one
        );
    }
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// A large definition: its label, what makes its text (and its base's, which it extends as
/// `base.yaml`) for a size, and the smaller size timed.
type Case<'a> = (
    &'a str,
    &'a dyn Fn(usize) -> (String, Option<String>),
    usize,
);

/// Loads the definition `text` named `name` and, when it fails, finds each problem's line
/// and column and draws its report; returns the bytes drawn.
fn load_and_report(name: &str, text: &str) -> usize {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    let Err(e) = Variant::from_yaml(name, text) else {
        return 0;
    };
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor());
    let mut out = String::new();
    for report in e.diagnostics() {
        let (line, column) = report.file.line_col(report.problem.span.start);
        out.push_str(&format!("{line}:{column}\n"));
        handler.render_report(&mut out, report).expect("drawn");
    }
    out.len()
}

/// The search's speed in every bundled variant: positions visited per second from the start
/// position to a fixed node count, beside chess in the same run.
fn search_rates() {
    use fairy_rules::search::{SearchLimits, Searcher};
    println!("\nsearch from the start, 300,000 nodes, median of the runs (nodes/s in millions):");
    let limits = SearchLimits {
        nodes: Some(300_000),
        ..SearchLimits::default()
    };
    let rates: Vec<(&str, f64)> = Variant::bundled_names()
        .map(|name| {
            let v = Variant::bundled(name).expect("bundled variant");
            let start = v.start_position();
            let mut searcher = Searcher::new(v);
            let (nodes, secs) = measure(|| {
                searcher.clear();
                searcher.search(&start, &[], &limits).nodes
            });
            (name, nodes as f64 / secs / 1e6)
        })
        .collect();
    let chess = rates.iter().find(|r| r.0 == "chess").expect("chess").1;
    for (name, rate) in rates {
        println!("  {name:<20} {rate:>6.2}   {:>5.2}x chess", rate / chess);
    }
}

/// Load time of a piece whose movement repeats one component 1,000 times: it should cost
/// about what the same text of distinct components costs, not more.
fn repeated_components() {
    println!("1,000 repeated components, load + compile (problems included), median of 5:");
    for component in ["[NNNNNN]", "[WFWFW]", "{WFWFWF}", "j[WFWFW]"] {
        let text = format!(
            "name: Repeats\nboard: 8x8\npieces:\n  king:\n    letter: K\n    moves: K\n    \
             royal: true\n  x:\n    letter: X\n    moves: \"{}\"\nsetup: 4k3/8/8/8/8/8/8/X3K3\n",
            component.repeat(1000)
        );
        let mut times: Vec<f64> = (0..5)
            .map(|_| {
                let start = Instant::now();
                // Unreachable or invalid components load with warnings or fail: timed alike.
                let _ = Variant::from_yaml("repeats.yaml", &text);
                start.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "  {:<28} {:.2} ms",
            format!("{component} x 1000"),
            times[2] * 1e3
        );
    }
}
