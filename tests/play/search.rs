//! The search: mates found at their distance, material won, limits kept, the same answer on
//! every run, and a legal move in every bundled variant. Then the library API a game-tree
//! search stands on: what a move knows about itself, noisy (quiescence) generation, legality
//! of moves from outside, check detection, attackers, legal-move counting, make/unmake with
//! an undo stack, the null move and perft with reused buffers. Every expectation of the API
//! is exact: move lists, counts, square lists and FEN strings.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fairy_rules::search::{Score, SearchLimits, Searcher};
use fairy_rules::{
    Bitboard, Cell, Color, Kind, Move, MoveKind, Outcome, PerftBuffers, Piece, Position, Reason,
    UndoStack, Variant,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::support::{sorted, variant};

// ---------------------------------------------------------------------------------------
// The search
// ---------------------------------------------------------------------------------------

fn best(v: &Variant, fen: &str, depth: u32) -> (String, Score) {
    let pos = v.parse_fen(fen).unwrap();
    let r = Searcher::new(v.clone()).search(&pos, &[], &SearchLimits::depth(depth));
    (v.move_text(r.best.expect("a move")), r.score)
}

#[test]
fn derived_values_put_the_orthodox_pieces_in_their_usual_order() {
    let chess = Variant::bundled("chess").unwrap();
    let searcher = Searcher::new(chess.clone());
    let value = |l: char| searcher.values().of(chess.kind_of_letter(l).unwrap());
    let values: Vec<i32> = "PNBRQK".chars().map(value).collect();
    assert_eq!(values, [73, 320, 362, 494, 856, 0]);
    let capablanca = Variant::bundled("capablanca").unwrap();
    let searcher = Searcher::new(capablanca.clone());
    let value = |l: char| searcher.values().of(capablanca.kind_of_letter(l).unwrap());
    // On 10x8: the archbishop (B+N) below the chancellor (R+N) below the queen.
    let (a, c, q) = (value('A'), value('C'), value('Q'));
    assert!(a < c && c < q, "{a} {c} {q}");
}

#[test]
fn a_value_in_the_definition_replaces_the_derived_one() {
    let yaml = std::fs::read_to_string("variants/chess.yaml")
        .unwrap()
        .replace("    image: pawn\n", "    image: pawn\n    value: 100\n");
    let chess = Variant::from_yaml("valued.yaml", &yaml).unwrap();
    let searcher = Searcher::new(chess.clone());
    let value = |l: char| searcher.values().of(chess.kind_of_letter(l).unwrap());
    assert_eq!((value('P'), value('N')), (100, 320));
}

/// A `value:` as large as the definition may write (its sums overflow 32 bits) neither
/// panics nor passes for a mate: the evaluation stops short of the mate scores, and a search
/// still finds a real mate.
#[test]
fn a_huge_value_is_no_mate() {
    let yaml = std::fs::read_to_string("variants/chess.yaml")
        .unwrap()
        .replace(
            "    image: knight\n",
            "    image: knight\n    value: 4000000000\n",
        );
    let chess = Variant::from_yaml("huge.yaml", &yaml).unwrap();
    let searcher = Searcher::new(chess.clone());
    assert_eq!(
        searcher.values().of(chess.kind_of_letter('N').unwrap()),
        i32::MAX
    );
    // The knights' values cancel, and the queen (856) decides; the shelter differs from the
    // derived values' (the queen is a smaller share of Black's material here).
    let queenless = chess.parse_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let score = searcher.evaluate(&queenless.unwrap()).0;
    assert!((800..900).contains(&score), "{score}");
    let knightless = chess.parse_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let score = searcher.evaluate(&knightless.unwrap());
    assert!(score.0 > 20_000 && score.mate_in().is_none(), "{score:?}");
    let (m, score) = best(&chess, "7k/8/6K1/8/8/8/8/RN6 w - - 0 1", 3);
    assert_eq!((m.as_str(), score.mate_in()), ("a1a8", Some(1)));
}

#[test]
fn mate_in_two_is_found_with_its_distance() {
    let chess = Variant::bundled("chess").unwrap();
    // Nf6+ gxf6, Bxf7#.
    let (m, score) = best(
        &chess,
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        5,
    );
    assert_eq!((m.as_str(), score.mate_in()), ("d5f6", Some(2)));
}

#[test]
fn the_side_that_is_mated_knows_it() {
    let chess = Variant::bundled("chess").unwrap();
    // Black's only move is Kg8, and Ra8 mates.
    let pos = chess.parse_fen("7k/8/6K1/8/8/8/8/R7 b - - 0 1").unwrap();
    let r = Searcher::new(chess.clone()).search(&pos, &[], &SearchLimits::depth(4));
    assert_eq!(r.score.mate_in(), Some(-1), "{}", r.score);
    assert_eq!(r.score.to_string(), "mate -1");
    let pv: Vec<String> = r.pv.iter().map(|&m| chess.move_text(m)).collect();
    assert_eq!(pv, ["h8g8", "a1a8"]);
}

#[test]
fn a_hanging_queen_is_taken() {
    let chess = Variant::bundled("chess").unwrap();
    let (m, score) = best(&chess, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 3);
    assert_eq!(m, "d2d5");
    assert!(score.0 > 300, "{score}");
}

/// The pruning near the leaves (futility, reductions) leaves checks alone: a knight's
/// forking check that wins the queen is found.
#[test]
fn a_forking_check_that_wins_the_queen_is_found() {
    let chess = Variant::bundled("chess").unwrap();
    let (m, score) = best(&chess, "2q3k1/5ppp/8/3N4/8/8/5PPP/6K1 w - - 0 1", 5);
    assert_eq!(m, "d5e7");
    // A knight up after the queen falls, against a queen up before.
    assert!(score.0 > 200, "{score}");
}

/// Static exchange evaluation: the queen does not take a pawn its defender recaptures.
#[test]
fn a_defended_pawn_is_left_to_its_defender() {
    let chess = Variant::bundled("chess").unwrap();
    let (m, score) = best(&chess, "6k1/5ppp/2p5/3p4/8/8/3Q1PPP/6K1 w - - 0 1", 4);
    assert_ne!(m, "d2d5");
    // The queen against two pawns, kept.
    assert!(score.0 > 300, "{score}");
}

#[test]
fn the_same_limits_give_the_same_search() {
    let chess = Variant::bundled("chess").unwrap();
    let pos = chess
        .parse_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        .unwrap();
    let run = || Searcher::new(chess.clone()).search(&pos, &[], &SearchLimits::depth(5));
    assert_eq!(run(), run());
}

#[test]
fn node_and_stop_limits_end_the_search() {
    let chess = Variant::bundled("chess").unwrap();
    let pos = chess.start_position();
    let limits = SearchLimits {
        nodes: Some(5_000),
        ..SearchLimits::default()
    };
    let r = Searcher::new(chess.clone()).search(&pos, &[], &limits);
    assert!(r.nodes < 5_000 + 1_024, "{}", r.nodes);
    assert!(r.best.is_some());

    let stop = Arc::new(AtomicBool::new(false));
    let limits = SearchLimits {
        stop: Some(stop.clone()),
        ..SearchLimits::default()
    };
    let searcher = std::thread::spawn({
        let chess = chess.clone();
        move || Searcher::new(chess.clone()).search(&chess.start_position(), &[], &limits)
    });
    std::thread::sleep(Duration::from_millis(50));
    let asked = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let r = searcher.join().unwrap();
    assert!(asked.elapsed() < Duration::from_secs(5));
    assert!(r.best.is_some() && r.depth < 64);
}

/// A node limit that cuts an iteration after a root move beat the last iteration's: that
/// move is played, reported once more at the last finished depth. The node counts pin the
/// search (12,000 positions cut depth 4 after Nf6 beat Qf6; 9,000 cut it before).
#[test]
fn a_cut_iteration_plays_a_move_that_beat_the_last_one() {
    let chess = Variant::bundled("chess").unwrap();
    let pos = chess
        .parse_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
        .unwrap();
    let search = |nodes| {
        let limits = SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        };
        let mut reports = Vec::new();
        let r = Searcher::new(chess.clone()).search_with(&pos, &[], &limits, &mut |r| {
            reports.push((r.depth, chess.move_text(r.pv[0])))
        });
        (chess.move_text(r.best.unwrap()), r.depth, reports)
    };
    let (best, depth, reports) = search(12_000);
    assert_eq!((best.as_str(), depth), ("g8f6", 3));
    assert_eq!(
        reports[reports.len() - 2..],
        [(3, "d8f6".to_string()), (3, "g8f6".to_string())]
    );
    let (best, depth, reports) = search(9_000);
    assert_eq!((best.as_str(), depth), ("d8f6", 3));
    assert_eq!(reports.last(), Some(&(3, "d8f6".to_string())));
}

/// A set of pieces the definition lists as unable to win (`end: insufficient_material`)
/// scores as a draw in the search, not as the material it counts.
#[test]
fn insufficient_material_counts_as_a_draw() {
    let chess = Variant::bundled("chess").unwrap();
    let (_, score) = best(&chess, "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", 4);
    assert_eq!(score, Score(0));
    // A rook is enough to win.
    let (_, score) = best(&chess, "8/8/8/4k3/8/8/8/2R1K3 w - - 0 1", 4);
    assert!(score.0 > 300, "{score}");
}

/// A count past its limit (`end: counting`) scores as a draw, unless the move mates.
#[test]
fn the_counting_rules_count_as_a_draw() {
    let makruk = Variant::bundled("makruk").unwrap();
    // Makruk's rook against a lone king: with the count at its limit, White's next move
    // draws; without a count the rook wins.
    let (_, score) = best(&makruk, "8/8/8/4k3/8/8/8/R3K3 w - 32 32 1", 4);
    assert_eq!(score, Score(0));
    let (_, score) = best(&makruk, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 4);
    assert!(score.0 > 300, "{score}");
    // A mate on the move that passes the limit still wins.
    let (m, score) = best(&makruk, "k7/8/1K6/8/8/8/8/7R w - 32 32 1", 2);
    assert_eq!(
        (m.as_str(), score.to_string()),
        ("h1h8", "mate 1".to_string())
    );
}

#[test]
fn a_repetition_counts_as_a_draw() {
    let chess = Variant::bundled("chess").unwrap();
    // White, a queen against a rook, would rather repeat a position of the game: Rh3 leads
    // back to one, a draw; every other move keeps a lost game going.
    let pos = chess
        .parse_fen("4k3/8/8/8/8/8/q7/4K2R w - - 10 40")
        .unwrap();
    let back = chess.play_unchecked(&pos, chess.parse_move(&pos, "h1h3").unwrap());
    let r = Searcher::new(chess.clone()).search(&pos, &[back.hash()], &SearchLimits::depth(4));
    assert_eq!(chess.move_text(r.best.unwrap()), "h1h3");
    assert_eq!(r.score, Score(0));
    let r = Searcher::new(chess.clone()).search(&pos, &[], &SearchLimits::depth(4));
    assert!(r.score.0 < -300, "{}", r.score);
}

#[test]
fn every_bundled_variant_gets_a_legal_move() {
    for name in Variant::bundled_names() {
        let v = Variant::bundled(name).unwrap();
        let pos = v.redact(&v.start_position(), v.start_position().side_to_move());
        let r = Searcher::new(v.clone()).search(&pos, &[], &SearchLimits::depth(2));
        let m = r.best.unwrap_or_else(|| panic!("{name}: no move"));
        assert!(v.legal_moves(&pos).contains(&m.choice()), "{name}: {m:?}");
        assert_eq!(r.depth, 2, "{name}");
    }
}

/// The evaluation beyond material: a knight is worth more in the centre than in a corner
/// (8 centipawns per empty-board move and 4 per cell it reaches on the board as it stands:
/// 8 on d4, 2 on a8).
#[test]
fn a_centralised_knight_evaluates_higher() {
    let chess = Variant::bundled("chess").unwrap();
    let s = Searcher::new(chess.clone());
    let eval = |fen: &str| s.evaluate(&chess.parse_fen(fen).unwrap()).0;
    let centre = eval("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    let corner = eval("N3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(centre - corner, (8 + 4) * (8 - 2));
    // From the other side's point of view, the same value negated.
    assert_eq!(eval("4k3/8/8/8/3N4/8/8/4K3 b - - 0 1"), -centre);
}

/// A pawn a step from promotion counts a quarter of the gain (queen 856 - pawn 73 = 783),
/// two steps an eighth.
#[test]
fn a_pawn_near_its_promotion_zone_evaluates_higher() {
    let chess = Variant::bundled("chess").unwrap();
    let s = Searcher::new(chess.clone());
    let eval = |fen: &str| s.evaluate(&chess.parse_fen(fen).unwrap()).0;
    let seventh = eval("k7/3P4/8/8/8/8/8/4K3 w - - 0 1");
    let sixth = eval("k7/8/3P4/8/8/8/8/4K3 w - - 0 1");
    // 195.75 and 97.875 with the same mobility term, each rounded with it.
    assert!((97..=99).contains(&(seventh - sixth)), "{seventh} {sixth}");
}

/// A flag piece near its zone: King of the Hill's king one step from the hill counts 200,
/// two steps 100 (a royal piece has no mobility term); with every other piece gone, the
/// king also counts 3 centipawns per half step nearer the centre (e3 is 2 from d4, e2 4).
#[test]
fn a_flag_piece_near_its_zone_evaluates_higher() {
    let koth = Variant::bundled("king-of-the-hill").unwrap();
    let s = Searcher::new(koth.clone());
    let eval = |fen: &str| s.evaluate(&koth.parse_fen(fen).unwrap()).0;
    let near = eval("4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    let far = eval("4k3/8/8/8/8/8/4K3/8 w - - 0 1");
    assert_eq!(near - far, 100 + 3 * 2);
}

/// Shelter: 10 centipawns per own piece next to the king while the enemy has all its
/// material. The king on e1 has five (d1, f1, d2, e2, f2), on e3 three (d2, e2, f2); the
/// queen's first cell reached, e1 once the king leaves it, counts 12 back.
#[test]
fn a_sheltered_king_evaluates_higher() {
    let chess = Variant::bundled("chess").unwrap();
    let s = Searcher::new(chess.clone());
    let eval = |fen: &str| s.evaluate(&chess.parse_fen(fen).unwrap()).0;
    assert_eq!(
        eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
        0
    );
    assert_eq!(
        eval("rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w - - 0 1"),
        -20 + 12
    );
}

/// Mop-up, with a rook against a lone king (7,090 of the start's 7,584 centipawns of
/// material gone): the lone king loses 3 centipawns per half step from the centre; the side
/// with the rook gains 8 per king step its king is nearer the lone one than 7, 6 per half
/// step the lone king stands from the centre and 3 per king step the rook is nearer it than
/// 7, their sum scaled by 7,090 / 7,584 and truncated. With a pawn left to the weaker side,
/// only the kings' terms remain.
#[test]
fn a_lone_king_is_driven_to_the_edge_and_met() {
    let chess = Variant::bundled("chess").unwrap();
    let s = Searcher::new(chess.clone());
    let eval = |fen: &str| s.evaluate(&chess.parse_fen(fen).unwrap()).0;
    let scaled = |cp: i32| cp * 7090 / 7584;
    // Two king steps apart either way, the rook 4 from either; b5 is 4 half steps further
    // from the centre than d5.
    let edge = eval("8/8/8/1k6/8/3K4/8/2R5 w - - 0 1");
    let centre = eval("8/8/8/3k4/8/3K4/8/2R5 w - - 0 1");
    assert_eq!(
        edge - centre,
        scaled(8 * 5 + 6 * 4 + 3 * 3) - scaled(8 * 5 + 3 * 3) + scaled(3 * 4)
    );
    // The lone king in the corner (12 half steps out); White's king 2 or 5 steps from it,
    // as far from the centre on c6 as on f3; the rook 7 steps away.
    let near = eval("k7/8/2K5/8/8/8/8/7R w - - 0 1");
    let far = eval("k7/8/8/8/8/5K2/8/7R w - - 0 1");
    assert_eq!(near - far, scaled(8 * 5 + 6 * 12) - scaled(8 * 2 + 6 * 12));
    // A black pawn on h2: 7,017 centipawns gone, and only the lone king's own term differs.
    let edge = eval("8/8/8/1k6/8/3K4/7p/2R5 w - - 0 1");
    let centre = eval("8/8/8/3k4/8/3K4/7p/2R5 w - - 0 1");
    assert_eq!(edge - centre, 3 * 4 * 7017 / 7584);
}

/// Seachess, White to move: a black submarine under water and a black mine, hidden from
/// White, in three different places; White's view is the same.
const HIDDEN: [&str; 3] = [
    "4k3/8/12/12/5{_s}6/12/12/3C8/12/1{*m}10/8/4K3 w - - 0 1 _f8.submerged=1",
    "4k3/8/12/7{_s}4/12/12/12/3C8/9{*m}2/12/8/4K3 w - - 0 1 _h9.submerged=1",
    "4k3/8/{_s}11/12/12/12/12/3C8/12/12/8/1{*m}2K3 w - - 0 1 _a10.submerged=1",
];

/// Determinization: the engine reads only its view and the number of hidden things, so its
/// move does not change when the hidden pieces move but the view does not; and every
/// position it samples is one the side cannot tell from the truth.
#[test]
fn the_move_chosen_depends_on_the_view_not_on_what_is_hidden() {
    use fairy_rules::search::SearchLimits;
    use fairy_rules::{Color, Game};
    use rand::SeedableRng;
    let sea = Variant::bundled("seachess").unwrap();
    let view_fen = "4k3/8/12/12/12/12/12/3C8/12/12/8/4K3 w - - 0 1 -";
    let mut played = Vec::new();
    for fen in HIDDEN {
        let truth = sea.parse_fen(fen).unwrap();
        let view = sea.redact(&truth, Color::White);
        assert_eq!(sea.fen(&view), view_fen, "{fen}");
        let unseen = sea.unseen(&truth, Color::White);
        assert_eq!(unseen.submerged.len(), 1, "{fen}");
        assert_eq!(unseen.submerged[0].1, 1, "{fen}");
        assert_eq!(unseen.markers, vec![(0, 1)], "{fen}");
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for _ in 0..20 {
            let sample = sea.determinize(&view, Color::White, &unseen, &mut rng);
            assert_eq!(sea.fen(&sea.redact(&sample, Color::White)), view_fen);
            assert_eq!(sea.unseen(&sample, Color::White), unseen);
            assert_ne!(sea.fen(&sample), view_fen);
        }
        let mut game = Game::from_fen(sea.clone(), fen).unwrap();
        let mut searcher = Searcher::new(sea.clone());
        let p = searcher
            .play(
                &mut game,
                &SearchLimits {
                    nodes: Some(4_000),
                    ..SearchLimits::default()
                },
            )
            .unwrap();
        played.push(sea.move_text(p.played));
    }
    assert_eq!(played[0], played[1]);
    assert_eq!(played[1], played[2]);
}

/// Star1 and Star2 cut chance nodes but find the same move and score as plain expectimax.
#[test]
fn star1_prunes_without_changing_the_result() {
    let bermuda = Variant::bundled("bermuda").unwrap();
    let sinking = Variant::from_file("tests/fixtures/sinking-6x6.yaml").unwrap();
    let mut total = [0, 0];
    for (game, fen, depth) in [
        (&bermuda, None, 3),
        (
            &bermuda,
            Some("4k5/10/10/10/10/10/10/10/4P5/4K5 w - - 0 1"),
            3,
        ),
        (&sinking, None, 2),
        (&sinking, Some("2k3/1p4/2N3/6/P1p3/R2K2 w - - 0 1"), 2),
    ] {
        let pos = fen.map_or_else(|| game.start_position(), |f| game.parse_fen(f).unwrap());
        let mut results = Vec::new();
        for (i, star1) in [true, false].into_iter().enumerate() {
            let mut s = Searcher::new(game.clone());
            s.set_star1(star1);
            let r = s.search(&pos, &[], &SearchLimits::depth(depth));
            total[i] += r.nodes;
            results.push((r.best, r.score));
        }
        assert_eq!(results[0], results[1], "{fen:?}");
    }
    // 16,565 against 188,093 nodes from Bermuda's start when measured.
    assert!(5 * total[0] < total[1], "{total:?}");
}

/// Where kings may be left attacked (extinction), an attacked king is no check to extend:
/// extending there kept every move and added a ply, so this game, whose kings stand attacked
/// most of the time, once passed 300 million nodes at depth 3 (296,807 now, 1,687,695 with
/// plain expectimax).
#[test]
fn a_game_of_chance_where_kings_stand_attacked_reaches_depth_three() {
    let sinking = Variant::from_file("tests/fixtures/sinking-6x6.yaml").unwrap();
    let r = Searcher::new(sinking.clone()).search(
        &sinking.start_position(),
        &[],
        &SearchLimits {
            nodes: Some(1_000_000),
            ..SearchLimits::depth(3)
        },
    );
    assert_eq!(r.depth, 3, "{} nodes", r.nodes);
    assert!(r.nodes < 600_000, "{}", r.nodes);
}

// ---------------------------------------------------------------------------------------
// The API a search stands on
// ---------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// The chessprogramming wiki's perft position 3: en passant, pins and checks on a rank.
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
/// Perft position 4: promotions (Black's b2 pawn), castling rights, checks.
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
/// Perft position 5: the d7 pawn promotes by taking on c8 (d8 holds the queen); a black
/// knight on f2.
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
/// Perft position 6: a quiet middle game.
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
/// White may capture en passant on f6.
const EN_PASSANT: &str = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
/// Black is in check from the bishop on b5.
const BLACK_IN_CHECK: &str = "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3";

/// PiRaTeKnIcS (tests/variants/pirateknics.rs): the start, a promotion aboard a ship, a ship holding
/// both colours.
const PIRATEKNICS_START: &str = "<nbr><brq><nbk><nbr>/<ppp><ppp><ppp><ppp><ppp><ppp>/6/6/6/6/<PPP><PPP><PPP><PPP><PPP><PPP>/<NBR><BRQ><NBK><NBR> w - - 0 1";
const PIRATEKNICS_PROMOTING: &str = "2<b>1/2<PPN>3/6/5<k>/6/6/6/<K>3 w - - 0 1";
const PIRATEKNICS_MIXED: &str = "<k>3/5<BR>/6/3<Pp>2/6/6/6/<K>3 w - - 0 1";

/// Seachess (tests/variants/seachess.rs): a torpedo boat facing east among black pieces, and a
/// white submarine submerged under a black cruiser, Black to move.
const SEACHESS_TORPEDO: &str =
    "4k3/8/12/12/12/2b3d5/3B1c6/4T7/5s6/2c3d5/8/4K3 w - - 0 1 e5.facing=e";
const SEACHESS_SUBMERGED: &str =
    "4k3/8/12/7d4/6b5/2b1{c_S}7/5D6/12/1{*m}10/12/8/4K3 b - - 1 1 _e7.submerged=1";

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn position(v: &Variant, fen: &str) -> Position {
    v.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move written `text` in `pos`.
fn mv(v: &Variant, pos: &Position, text: &str) -> Move {
    v.parse_move(pos, text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", v.fen(pos)))
}

fn cell(v: &Variant, name: &str) -> Cell {
    v.topology
        .parse_cell(name)
        .unwrap_or_else(|| panic!("{name} is not a square"))
}

/// Move texts, sorted.
fn texts(v: &Variant, moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut out: Vec<String> = moves.into_iter().map(|m| v.move_text(m)).collect();
    out.sort();
    out
}

/// Square names of a set, in cell order (rank by rank from a1).
fn squares(v: &Variant, set: Bitboard) -> Vec<String> {
    set.cells().map(|c| v.topology.name(c)).collect()
}

fn strs(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The letter of a piece, if any.
fn letter(v: &Variant, piece: Option<Piece>) -> Option<char> {
    piece.map(|p| v.letter(p))
}

/// The piece of `letter` (upper case White, lower case Black).
fn piece(v: &Variant, letter: char) -> Piece {
    let kind = v
        .kind_of_letter(letter)
        .unwrap_or_else(|| panic!("no piece has the letter {letter}"));
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Piece::new(kind, color)
}

/// A random legal move of `pos`, with a drawn outcome when it triggers a chance event;
/// `None` when there is none.
fn random_move(v: &Variant, pos: &Position, rng: &mut StdRng) -> Option<Move> {
    let moves = v.legal_moves(pos);
    if moves.is_empty() {
        return None;
    }
    let m = moves[rng.random_range(0..moves.len())];
    Some(with_random_outcome(v, pos, m, rng))
}

/// `m` with a drawn cell when it triggers a chance event, else `m`.
fn with_random_outcome(v: &Variant, pos: &Position, m: Move, rng: &mut StdRng) -> Move {
    let cells = v.chance_cells(pos, m);
    if cells.is_empty() {
        return m;
    }
    let n = cells.count() as usize;
    let drawn = cells
        .cells()
        .nth(rng.random_range(0..n))
        .expect("a cell below the count");
    m.with_outcome(drawn)
}

/// The start position with the game parameters (if any) drawn by `rng`.
fn random_start(v: &Variant, rng: &mut StdRng) -> Position {
    let mut pos = v.start_position();
    v.draw_parameters(&mut pos, rng);
    pos
}

/// Every position of `games` random games of up to `plies` plies from the start, the
/// start included, seeded by `seed`.
fn random_positions(v: &Variant, seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = random_start(v, &mut rng);
        out.push(pos.clone());
        for _ in 0..plies {
            let Some(m) = random_move(v, &pos, &mut rng) else {
                break;
            };
            pos = v.play_unchecked(&pos, m);
            out.push(pos.clone());
        }
    }
    out
}

/// The variants whose random games check the move counters.
const PLAYED: [&str; 6] = [
    "chess",
    "capablanca",
    "falcon-chess",
    "bermuda",
    "pirateknics",
    "seachess",
];

// ---------------------------------------------------------------------------------------
// 1. Moves know their mover and capture
// ---------------------------------------------------------------------------------------

/// Every capture of Kiwipete names the piece that moves and the piece it takes; quiet moves
/// take nothing.
#[test]
fn kiwipete_captures_know_their_mover_and_victim() {
    let v = variant("chess");
    let pos = position(&v, KIWIPETE);
    let mut captures: Vec<(String, char, char)> = v
        .legal_moves(&pos)
        .into_iter()
        .filter(|m| m.is_capture())
        .map(|m| {
            let taken = letter(&v, m.captured).expect("a capture takes a piece");
            (v.move_text(m), v.letter(m.piece), taken)
        })
        .collect();
    captures.sort();
    let expected: Vec<(String, char, char)> = [
        ("d5e6", 'P', 'p'),
        ("e2a6", 'B', 'b'),
        ("e5d7", 'N', 'p'),
        ("e5f7", 'N', 'p'),
        ("e5g6", 'N', 'p'),
        ("f3f6", 'Q', 'n'),
        ("f3h3", 'Q', 'p'),
        ("g2h3", 'P', 'p'),
    ]
    .into_iter()
    .map(|(t, p, c)| (t.to_string(), p, c))
    .collect();
    assert_eq!(captures, expected);

    let quiet = mv(&v, &pos, "a2a3");
    assert_eq!(v.letter(quiet.piece), 'P');
    assert_eq!(quiet.captured, None);
    assert_eq!(quiet.kind, MoveKind::Normal);
    assert!(!quiet.is_capture() && !quiet.is_noisy());
}

/// En passant names the pawn that passed as its victim, standing beside the destination.
#[test]
fn en_passant_captures_the_pawn_that_passed() {
    let v = variant("chess");
    let pos = position(&v, EN_PASSANT);
    let m = mv(&v, &pos, "e5f6");
    assert_eq!(v.letter(m.piece), 'P');
    assert_eq!(letter(&v, m.captured), Some('p'));
    assert_eq!(
        m.kind,
        MoveKind::EnPassant {
            captured: cell(&v, "f5")
        }
    );
    assert!(m.is_capture() && m.is_noisy());
    assert_eq!(pos.piece_at(m.to), None, "the destination is empty");
    assert_eq!(pos.piece_at(cell(&v, "f5")), m.captured);
    assert_eq!(
        v.fen(&v.play_unchecked(&pos, m)),
        "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
}

/// Castling is a move of the king, with the rook as its partner, capturing nothing.
#[test]
fn castling_is_a_king_move() {
    let v = variant("chess");
    let pos = position(&v, KIWIPETE);
    for (text, rook_from, rook_to) in [("e1g1", "h1", "f1"), ("e1c1", "a1", "d1")] {
        let m = mv(&v, &pos, text);
        assert_eq!(v.letter(m.piece), 'K', "{text}");
        assert_eq!(m.captured, None, "{text}");
        assert_eq!(
            m.kind,
            MoveKind::Castle {
                partner_from: cell(&v, rook_from),
                partner_to: cell(&v, rook_to),
            },
            "{text}"
        );
        assert!(!m.is_noisy(), "{text}");
    }
    // Black's too, after a quiet white move.
    let after = v.play_unchecked(&pos, mv(&v, &pos, "a2a3"));
    let m = mv(&v, &after, "e8c8");
    assert_eq!(v.letter(m.piece), 'k');
    assert_eq!(m.captured, None);
}

/// A capture with promotion knows the pawn, the victim and the new kind.
#[test]
fn promotion_by_capture_knows_all_three() {
    let v = variant("chess");
    let pos = position(&v, "3r4/4P3/8/8/8/8/8/k6K w - - 0 1");
    let m = mv(&v, &pos, "e7d8n");
    assert_eq!(v.letter(m.piece), 'P');
    assert_eq!(letter(&v, m.captured), Some('r'));
    assert_eq!(m.promotion, v.kind_of_letter('N'));
    assert!(m.is_capture() && m.is_noisy());
}

// ---------------------------------------------------------------------------------------
// 2. Noisy generation
// ---------------------------------------------------------------------------------------

/// The noisy moves of `pos`, from `noisy_moves_into` with a reused (dirty) buffer.
fn noisy(v: &Variant, pos: &Position, buffer: &mut Vec<Move>) -> Vec<Move> {
    v.noisy_moves_into(pos, buffer);
    buffer.clone()
}

/// Kiwipete's noisy moves are exactly its 8 captures (White has no pawn to promote).
#[test]
fn kiwipete_noisy_moves_are_its_captures() {
    let v = variant("chess");
    let pos = position(&v, KIWIPETE);
    // A buffer with something in it: noisy_moves_into clears it first.
    let mut buffer = v.legal_moves(&pos);
    let noisy = noisy(&v, &pos, &mut buffer);
    let expected: Vec<Move> = v
        .legal_moves(&pos)
        .into_iter()
        .filter(|m| m.is_noisy())
        .collect();
    assert_eq!(sorted(noisy.clone()), sorted(expected));
    assert_eq!(noisy.len(), 8);
    assert_eq!(
        texts(&v, noisy),
        strs(&["d5e6", "e2a6", "e5d7", "e5f7", "e5g6", "f3f6", "f3h3", "g2h3"])
    );
}

/// A pawn on the 7th: every promotion choice is noisy, quiet or capturing; the king's
/// moves are not.
#[test]
fn promotions_are_noisy_with_every_choice() {
    let v = variant("chess");
    // Quiet promotion only: e8 empty.
    let pos = position(&v, "8/4P3/8/8/8/8/8/k6K w - - 0 1");
    let mut buffer = Vec::new();
    assert_eq!(
        texts(&v, noisy(&v, &pos, &mut buffer)),
        strs(&["e7e8b", "e7e8n", "e7e8q", "e7e8r"])
    );
    assert_eq!(
        v.legal_moves(&pos).len(),
        7,
        "4 promotions and 3 king moves"
    );
    // And with a rook to capture on d8.
    let pos = position(&v, "3r4/4P3/8/8/8/8/8/k6K w - - 0 1");
    let noisy = noisy(&v, &pos, &mut buffer);
    assert_eq!(
        texts(&v, noisy.clone()),
        strs(&["e7d8b", "e7d8n", "e7d8q", "e7d8r", "e7e8b", "e7e8n", "e7e8q", "e7e8r"])
    );
    let filtered: Vec<Move> = v
        .legal_moves(&pos)
        .into_iter()
        .filter(|m| m.is_noisy())
        .collect();
    assert_eq!(sorted(noisy), sorted(filtered));
}

/// En passant is noisy; a pinned pawn's capture is pseudo-legal but not noisy, since
/// noisy moves are legal.
#[test]
fn noisy_moves_respect_en_passant_and_pins() {
    let v = variant("chess");
    let mut buffer = Vec::new();
    // The en passant capture is White's only capture.
    let pos = position(&v, EN_PASSANT);
    assert_eq!(texts(&v, noisy(&v, &pos, &mut buffer)), strs(&["e5f6"]));
    // Position 3: the only capture is the rook's on f4.
    let pos = position(&v, POSITION_3);
    assert_eq!(texts(&v, noisy(&v, &pos, &mut buffer)), strs(&["b4f4"]));
    // The e2 pawn is pinned to the king on f1 by the bishop on b5: e2xf3 is pseudo-legal
    // only, and the king has nothing to take.
    let pos = position(&v, "4k3/8/8/1b6/8/5n2/4P3/5K2 w - - 0 1");
    assert!(v
        .pseudo_legal_moves(&pos)
        .contains(&mv_unchecked(&v, &pos, "e2", "f3")));
    assert_eq!(
        texts(&v, noisy(&v, &pos, &mut buffer)),
        Vec::<String>::new()
    );
}

/// The plain move of the piece on `from` to `to`, capturing what stands there, built by
/// hand (not checked).
fn mv_unchecked(v: &Variant, pos: &Position, from: &str, to: &str) -> Move {
    let (from, to) = (cell(v, from), cell(v, to));
    let piece = pos
        .piece_at(from)
        .unwrap_or_else(|| panic!("no piece on {}", v.topology.name(from)));
    Move::new(from, to, piece, pos.piece_at(to))
}

/// Checks over random games of `name` that the noisy moves are exactly the legal moves
/// that capture or promote.
fn noisy_moves_agree_over_random_games(name: &str) {
    let v = variant(name);
    let mut buffer = Vec::new();
    for pos in random_positions(&v, 11, 6, 60) {
        let expected: Vec<Move> = v
            .legal_moves(&pos)
            .into_iter()
            .filter(|m| m.is_noisy())
            .collect();
        v.noisy_moves_into(&pos, &mut buffer);
        let fen = v.fen(&pos);
        assert_eq!(
            texts(&v, buffer.clone()),
            texts(&v, expected.clone()),
            "{name}: {fen}"
        );
        assert_eq!(sorted(buffer.clone()), sorted(expected), "{name}: {fen}");
    }
}

/// In every bundled variant but PiRaTeKnIcS and Seachess (see below), over random games,
/// the noisy moves are exactly the legal moves that capture or promote.
#[test]
fn noisy_moves_are_the_noisy_legal_moves_in_every_variant() {
    for name in Variant::bundled_names().filter(|&n| n != "pirateknics" && n != "seachess") {
        noisy_moves_agree_over_random_games(name);
    }
}

/// PiRaTeKnIcS: a pawn moving without capture from its ship onto an empty ship on the
/// last rank promotes (a quiet transfer with promotions, `is_noisy`), so it is noisy, as
/// are the ship's sails that carry the pawn to a last cell.
#[test]

fn pirateknics_quiet_promoting_transfers_are_noisy() {
    let v = variant("pirateknics");
    // White's <PQ> ship on c7, an empty ship on c8; kings on b1 and e1.
    let pos = position(&v, "1<>2/2<PQ>3/6/6/6/6/6/<K>2<k> w - - 0 1");
    let promoting: Vec<Move> = v
        .legal_moves(&pos)
        .into_iter()
        .filter(|m| m.is_noisy())
        .collect();
    let mut expected = Vec::new();
    for prefix in ["c7-a7", "c7-b8", "c7-d8", "c7-f7", "c7P-c8", "c7QP-c8"] {
        for choice in ["B", "N", "Q", "R"] {
            expected.push(format!("{prefix}={choice}"));
        }
    }
    assert_eq!(texts(&v, promoting.clone()), expected);
    let mut noisy = Vec::new();
    v.noisy_moves_into(&pos, &mut noisy);
    assert_eq!(texts(&v, noisy), texts(&v, promoting));
    noisy_moves_agree_over_random_games("pirateknics");
}

/// Seachess: a destroyer moving onto an empty square above an enemy submarine destroys it
/// (it hunts). `noisy_moves_into` lists that move, but the move has no `captured` piece,
/// so `is_noisy` calls it quiet: the two must agree.
#[test]

fn seachess_hunting_moves_are_noisy_exactly_when_is_noisy_says() {
    let v = variant("seachess");
    // White destroyer c7; a black submarine under the empty f4.
    let fen = "4k3/8/12/12/12/2D9/12/12/5{_s}6/12/8/4K3 w - - 0 1 _f4.submerged=1";
    let pos = position(&v, fen);
    let hunt = mv(&v, &pos, "c7f4");
    let after = v.play_unchecked(&pos, hunt);
    assert_eq!(
        after.submerged_of(Color::Black),
        Bitboard::EMPTY,
        "the hunt destroys it"
    );
    let mut noisy = Vec::new();
    v.noisy_moves_into(&pos, &mut noisy);
    assert_eq!(
        noisy.contains(&hunt),
        hunt.is_noisy(),
        "c7f4: in noisy_moves_into {}, is_noisy {}, captured {:?}",
        noisy.contains(&hunt),
        hunt.is_noisy(),
        hunt.captured
    );
    noisy_moves_agree_over_random_games("seachess");
}

// ---------------------------------------------------------------------------------------
// 3. is_legal
// ---------------------------------------------------------------------------------------

/// The positions of the legality checks: (bundled variant, FEN).
fn legality_positions() -> Vec<(&'static str, &'static str)> {
    vec![
        ("chess", CHESS_START),
        ("chess", KIWIPETE),
        ("chess", POSITION_3),
        ("chess", POSITION_4),
        ("chess", EN_PASSANT),
        ("chess", BLACK_IN_CHECK),
        ("pirateknics", PIRATEKNICS_START),
        ("pirateknics", PIRATEKNICS_PROMOTING),
        ("pirateknics", PIRATEKNICS_MIXED),
        ("seachess", SEACHESS_TORPEDO),
        ("seachess", SEACHESS_SUBMERGED),
        // Drops, from the hand: a pawn each after 1. e4 d5 2. exd5 Qxd5.
        (
            "crazyhouse",
            "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3",
        ),
        // A bishop in White's hand, dropped or not beside the board's moves.
        (
            "shogi",
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] w - - 0 3",
        ),
    ]
}

/// Every legal move is legal, and a pseudo-legal move is legal exactly when it is among
/// the legal moves.
#[test]
fn is_legal_accepts_the_legal_moves_and_refuses_the_others() {
    for (name, fen) in legality_positions() {
        let v = Variant::bundled(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let pos = position(&v, fen);
        let legal = v.legal_moves(&pos);
        assert!(!legal.is_empty(), "{name}: {fen}");
        for &m in &legal {
            assert!(v.is_legal(&pos, m), "{name}: {fen}: {}", v.move_text(m));
        }
        for m in v.pseudo_legal_moves(&pos) {
            assert_eq!(
                v.is_legal(&pos, m),
                legal.contains(&m),
                "{name}: {fen}: pseudo-legal {}",
                v.move_text(m)
            );
        }
    }
}

/// In games with pieces in hand, gates and walls, every legal move is legal too, drops
/// (which come from the hand, not from their cell) included, and a game plays each given as
/// a value. The positions, each with the number of its drops.
#[test]
fn is_legal_accepts_drops_gates_and_walls() {
    for (name, fen, drops) in [
        (
            "crazyhouse",
            "rnbk1r2/2qp2pp/p6n/2p1p3/2P2P2/PpN1PN2/1P1P2PP/R1B1KB1R[BPq] b - - 0 15",
            35,
        ),
        (
            "shogi",
            "lnsgkgsnl/1r5B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] w - - 0 2",
            42,
        ),
        (
            "placement",
            "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
            40,
        ),
        (
            "seirawan",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1",
            0,
        ),
        ("duck", CHESS_START, 0),
    ] {
        let v = crate::support::fsf(name);
        let pos = position(&v, fen);
        let legal = v.legal_moves(&pos);
        assert!(!legal.is_empty(), "{name}: {fen}");
        for &m in &legal {
            assert!(v.is_legal(&pos, m), "{name}: {fen}: {}", v.move_text(m));
            let mut game = fairy_rules::Game::from_fen(v.clone(), fen).unwrap();
            assert_eq!(game.play_move(m), Ok(()), "{name}: {}", v.move_text(m));
        }
        let dropped = legal
            .iter()
            .filter(|m| m.kind == fairy_rules::MoveKind::Drop)
            .count();
        assert_eq!(dropped, drops, "{name}");
    }
}

/// The seachess positions above read back as written (so the tests see what they mean).
#[test]
fn seachess_positions_round_trip() {
    let v = variant("seachess");
    for fen in [SEACHESS_TORPEDO, SEACHESS_SUBMERGED] {
        assert_eq!(v.fen(&position(&v, fen)), fen);
    }
}

/// A pinned bishop's moves are pseudo-legal and refused; the king's are legal.
#[test]
fn pinned_piece_moves_are_refused() {
    let v = variant("chess");
    let pos = position(&v, "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    let legal = v.legal_moves(&pos);
    let refused: Vec<Move> = v
        .pseudo_legal_moves(&pos)
        .into_iter()
        .filter(|&m| !v.is_legal(&pos, m))
        .collect();
    assert_eq!(
        texts(&v, refused.clone()),
        strs(&["e2a6", "e2b5", "e2c4", "e2d1", "e2d3", "e2f1", "e2f3", "e2g4", "e2h5"])
    );
    assert!(refused.iter().all(|m| !legal.contains(m)));
    assert_eq!(texts(&v, legal), strs(&["e1d1", "e1d2", "e1f1", "e1f2"]));
}

/// Moves built by hand with cells off the board, from empty or enemy squares, or with a
/// kind the variant does not have, are refused without panicking.
#[test]
fn hand_built_nonsense_is_refused() {
    for name in ["chess", "capablanca", "bermuda", "pirateknics", "seachess"] {
        let v = variant(name);
        let pos = v.start_position();
        // A white piece of the board (in a container game, where pieces are crews, the
        // first kind).
        let some_piece = pos
            .pieces_of(Color::White)
            .cells()
            .find_map(|c| pos.piece_at(c))
            .unwrap_or(Piece::new(Kind::new(0), Color::White));
        let cells = v.topology.cell_count();
        let last = Cell::new((cells - 1) as u8);
        let nonsense = [
            Move::new(Cell::new(200), Cell::new(201), some_piece, None),
            Move::new(Cell::new(255), Cell::new(0), some_piece, None),
            Move::new(Cell::new(0), Cell::new(255), some_piece, None),
            Move::new(Cell::new(cells as u8), last, some_piece, None),
            Move::new(last, Cell::new(cells as u8), some_piece, None),
            Move::new(Cell::new(0), Cell::new(0), some_piece, None),
            Move::new(
                Cell::new(0),
                Cell::new(1),
                Piece::new(Kind::new(fairy_rules::MAX_KINDS as u8 - 1), Color::White),
                None,
            ),
        ];
        for m in nonsense {
            assert!(!v.is_legal(&pos, m), "{name}: {m:?}");
        }
    }
    // Chess: an empty square, Black's piece while White moves, a pawn three steps.
    let v = variant("chess");
    let pos = v.start_position();
    let p = piece(&v, 'P');
    for (from, to, who) in [
        ("e4", "e5", p),
        ("e7", "e5", piece(&v, 'p')),
        ("e2", "e5", p),
    ] {
        let m = Move::new(cell(&v, from), cell(&v, to), who, None);
        assert!(!v.is_legal(&pos, m), "{from}{to}");
    }
    assert!(v.is_legal(&pos, Move::new(cell(&v, "e2"), cell(&v, "e4"), p, None)));
}

/// A legal move with its `captured`, `piece`, `promotion` or `kind` changed is refused.
#[test]
fn a_legal_move_with_a_wrong_field_is_refused() {
    let v = variant("chess");
    let pos = position(&v, KIWIPETE);
    let capture = mv(&v, &pos, "e2a6");
    assert!(v.is_legal(&pos, capture));
    let changed = [
        Move {
            captured: None,
            ..capture
        },
        Move {
            captured: Some(piece(&v, 'n')),
            ..capture
        },
        Move {
            captured: Some(piece(&v, 'B')),
            ..capture
        },
        Move {
            piece: piece(&v, 'Q'),
            ..capture
        },
        Move {
            piece: piece(&v, 'b'),
            ..capture
        },
        Move {
            promotion: v.kind_of_letter('Q'),
            ..capture
        },
    ];
    for m in changed {
        assert!(!v.is_legal(&pos, m), "{m:?}");
    }
    let quiet = mv(&v, &pos, "a2a3");
    assert!(!v.is_legal(
        &pos,
        Move {
            captured: Some(piece(&v, 'p')),
            ..quiet
        }
    ));
    let castle = mv(&v, &pos, "e1g1");
    assert!(!v.is_legal(
        &pos,
        Move {
            kind: MoveKind::Normal,
            ..castle
        }
    ));
    let ep_pos = position(&v, EN_PASSANT);
    let ep = mv(&v, &ep_pos, "e5f6");
    assert!(!v.is_legal(
        &ep_pos,
        Move {
            kind: MoveKind::Normal,
            captured: None,
            ..ep
        }
    ));
}

/// In every legality position, each legal move with its captured piece or its mover
/// changed is legal exactly when that changed move is itself among the legal moves (in
/// PiRaTeKnIcS several captures share their cells and differ only in the piece taken).
#[test]
fn changed_fields_are_legal_only_when_they_name_another_legal_move() {
    for (name, fen) in legality_positions() {
        let v = Variant::bundled(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let pos = position(&v, fen);
        let kinds = v.kinds().count() as u8;
        let legal = v.legal_moves(&pos);
        for &m in &legal {
            let other_kind = Kind::new((m.piece.kind().index() as u8 + 1) % kinds);
            let captured = match m.captured {
                Some(_) => None,
                None => Some(Piece::new(m.piece.kind(), m.piece.color().opponent())),
            };
            for changed in [
                Move { captured, ..m },
                Move {
                    piece: Piece::new(other_kind, m.piece.color()),
                    ..m
                },
                Move {
                    piece: Piece::new(m.piece.kind(), m.piece.color().opponent()),
                    ..m
                },
            ] {
                assert_eq!(
                    v.is_legal(&pos, changed),
                    legal.contains(&changed),
                    "{name}: {fen}: {} changed to {changed:?}",
                    v.move_text(m)
                );
            }
        }
    }
}

/// Bermuda: a move with a chance event is legal with any cell it can draw, and not with
/// another cell.
#[test]
fn is_legal_checks_the_chance_outcome() {
    let v = variant("bermuda");
    let mut checked = 0;
    for pos in random_positions(&v, 5, 3, 30) {
        for m in v.legal_moves(&pos) {
            let cells = v.chance_cells(&pos, m);
            if cells.is_empty() {
                assert!(
                    !v.is_legal(&pos, m.with_outcome(m.to)),
                    "no chance event: {}",
                    v.move_text(m)
                );
                continue;
            }
            checked += 1;
            for c in (0..v.topology.cell_count()).map(|i| Cell::new(i as u8)) {
                assert_eq!(
                    v.is_legal(&pos, m.with_outcome(c)),
                    cells.has(c),
                    "{}: {} drawing {}",
                    v.fen(&pos),
                    v.move_text(m),
                    v.topology.name(c)
                );
            }
            assert!(!v.is_legal(&pos, m.with_outcome(Cell::new(250))));
        }
    }
    assert!(checked > 0, "some move triggers a chance event");
}

// ---------------------------------------------------------------------------------------
// 4. gives_check
// ---------------------------------------------------------------------------------------

/// Whether each legal move of `fen` gives check agrees with playing it and asking
/// `in_check`; returns the checking moves.
fn checking_moves_agree(v: &Variant, fen: &str) -> Vec<String> {
    let pos = position(v, fen);
    let mut checks = Vec::new();
    for m in v.legal_moves(&pos) {
        let after = v.play_unchecked(&pos, m);
        let gives = v.gives_check(&pos, m);
        assert_eq!(gives, v.in_check(&after), "{fen}: {}", v.move_text(m));
        if gives {
            checks.push(m);
        }
    }
    texts(v, checks)
}

/// Direct checks by a rook, knights and promotions, discovered checks by a knight
/// unmasking a bishop, and castling into a check by the rook: exactly these 14 moves.
#[test]
fn gives_check_lists_exactly_the_checking_moves() {
    let v = variant("chess");
    // Black king f8. White: bishop a3 behind the knight d6 on the a3-f8 diagonal, a
    // knight on e5, a pawn on b7, king e1 and rook h1 (castling right K).
    let fen = "5k2/1P6/3N4/4N3/8/B7/8/4K2R w K - 0 1";
    assert_eq!(
        checking_moves_agree(&v, fen),
        strs(&[
            "b7b8q", "b7b8r", // promotions checking along the 8th rank
            "d6b5", "d6c4", "d6c8", "d6e4", "d6e8", "d6f5", "d6f7", // discovered
            "e1g1", // the rook lands on f1
            "e5d7", "e5g6", // knight checks
            "h1f1", "h1h8", // rook checks
        ])
    );
}

/// Over Kiwipete, perft positions 3 to 6 (en passant, pins, promotions) and the en
/// passant position, `gives_check` agrees with playing the move; Kiwipete has no check and
/// position 3 has two.
#[test]
fn gives_check_agrees_with_in_check_after_the_move() {
    let v = variant("chess");
    assert_eq!(checking_moves_agree(&v, KIWIPETE), Vec::<String>::new());
    // The rook takes on f4 and checks along the 4th rank; g3 attacks h4.
    assert_eq!(
        checking_moves_agree(&v, POSITION_3),
        strs(&["b4f4", "g2g3"])
    );
    for fen in [POSITION_4, POSITION_5, EN_PASSANT, POSITION_6] {
        checking_moves_agree(&v, fen);
    }
}

/// Over random chess, Capablanca and Falcon Chess games, `gives_check` agrees with
/// playing the move.
#[test]
fn gives_check_agrees_over_random_games() {
    for name in ["chess", "capablanca", "falcon-chess"] {
        let v = variant(name);
        let mut checks = 0;
        for pos in random_positions(&v, 3, 5, 80) {
            for m in v.legal_moves(&pos) {
                let gives = v.gives_check(&pos, m);
                assert_eq!(
                    gives,
                    v.in_check(&v.play_unchecked(&pos, m)),
                    "{name}: {}: {}",
                    v.fen(&pos),
                    v.move_text(m)
                );
                checks += gives as usize;
            }
        }
        assert!(checks > 0, "{name}: some move gives check");
    }
}

// ---------------------------------------------------------------------------------------
// 5. attackers
// ---------------------------------------------------------------------------------------

/// Attackers of three squares of perft position 6, for each colour: knights, pawns, a
/// bishop, a queen, a rook and a king, none through a piece.
#[test]
fn attackers_in_a_middle_game() {
    let v = variant("chess");
    let pos = position(&v, POSITION_6);
    let attackers = |square: &str, by: Color| squares(&v, v.attackers(&pos, cell(&v, square), by));
    // e5 (a black pawn): White's knight f3 (the queen e2 is behind the e4 pawn); Black's
    // knight c6, pawn d6 and queen e7 through the empty e6.
    assert_eq!(attackers("e5", Color::White), strs(&["f3"]));
    assert_eq!(attackers("e5", Color::Black), strs(&["c6", "d6", "e7"]));
    // d5 (empty): White's knight c3, bishop c4 and pawn e4; Black's knight f6.
    assert_eq!(attackers("d5", Color::White), strs(&["c3", "c4", "e4"]));
    assert_eq!(attackers("d5", Color::Black), strs(&["f6"]));
    // f7 (a black pawn next to its king): the bishop c4 along c4-d5-e6-f7; Black's queen
    // e7, rook f8 and king g8.
    assert_eq!(attackers("f7", Color::White), strs(&["c4"]));
    assert_eq!(attackers("f7", Color::Black), strs(&["e7", "f8", "g8"]));
    // Off the board: nobody.
    assert_eq!(
        v.attackers(&pos, Cell::new(200), Color::White),
        Bitboard::EMPTY
    );
}

/// Falcon Chess: a falcon attacks a square while one of its three paths there is open.
#[test]
fn falcon_attacks_along_its_paths() {
    let v = variant("falcon-chess");
    let attackers = |fen: &str, square: &str, by: Color| {
        squares(&v, v.attackers(&position(&v, fen), cell(&v, square), by))
    };
    // White falcon e4, paths to f7 by e5-e6, e5-f6 and f5-f6. White falcon h4, paths to f7
    // by g5-f6, g5-g6 and h5-g6. Black falcon c8, paths to f7 by d8-e8, d8-e7 and d7-e7.
    // All open:
    let open = "k1f7/10/10/10/4F2F2/10/10/K9 w - - 0 1";
    assert_eq!(attackers(open, "f7", Color::White), strs(&["e4", "h4"]));
    assert_eq!(attackers(open, "f7", Color::Black), strs(&["c8"]));
    // e6 blocks one path of e4 only; e6 and f5 two; e5 and f6 all three of e4's and
    // g5-f6 of h4's.
    let one = "k1f7/10/4p5/10/4F2F2/10/10/K9 w - - 0 1";
    assert_eq!(attackers(one, "f7", Color::White), strs(&["e4", "h4"]));
    let two = "k1f7/10/4p5/5p4/4F2F2/10/10/K9 w - - 0 1";
    assert_eq!(attackers(two, "f7", Color::White), strs(&["e4", "h4"]));
    let three = "k1f7/10/5p4/4p5/4F2F2/10/10/K9 w - - 0 1";
    assert_eq!(attackers(three, "f7", Color::White), strs(&["h4"]));
    // Add g6: h4's last two paths close too.
    let closed = "k1f7/10/5pp3/4p5/4F2F2/10/10/K9 w - - 0 1";
    assert_eq!(attackers(closed, "f7", Color::White), Vec::<String>::new());
    // The black falcon: white knights (which attack nothing for Black) on d7 and e8 leave
    // d8-e7 open; one on d8 as well closes it.
    let black = "k1f1N5/3N6/10/10/10/10/10/K9 w - - 0 1";
    assert_eq!(attackers(black, "f7", Color::Black), strs(&["c8"]));
    let blocked = "k1fNN5/3N6/10/10/10/10/10/K9 w - - 0 1";
    assert_eq!(attackers(blocked, "f7", Color::Black), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------
// 6. has_legal_move and count_legal_moves
// ---------------------------------------------------------------------------------------

/// Over random games in six variants, `has_legal_move` and `count_legal_moves` agree with
/// the listed legal moves (and with `legal_moves_into` on a reused buffer).
#[test]
fn counting_agrees_with_listing() {
    let mut buffer = Vec::new();
    for name in PLAYED {
        let v = variant(name);
        for pos in random_positions(&v, 7, 8, 120) {
            let legal = v.legal_moves(&pos);
            let fen = v.fen(&pos);
            assert_eq!(v.has_legal_move(&pos), !legal.is_empty(), "{name}: {fen}");
            assert_eq!(v.count_legal_moves(&pos), legal.len(), "{name}: {fen}");
            v.legal_moves_into(&pos, &mut buffer);
            assert_eq!(buffer, legal, "{name}: {fen}");
        }
    }
}

/// Container moves are counted in bulk when one verdict holds for a whole class of them:
/// the counts must still be the listed moves, and those the slow reference's. The positions
/// put a pinned ship whose whole crew may leave (b3, pinned by the rook on b5 against the
/// king on b1), pawns that promote aboard (rank 7), the king's own groups, and a check.
#[test]
fn container_moves_counted_in_bulk_are_the_listed_ones() {
    let v = variant("pirateknics");
    let cases = [
        (
            "3<k>/<P><PP>1<>2/6/1<r>4/6/1<B>1<P>2/6/<KN><Q>2 w - - 0 1",
            37,
        ),
        (
            "3<k>/<P><PP>1<>2/6/1<r>4/6/1<BR>1<P>2/6/<KN><Q>2 w - - 0 1",
            46,
        ),
        ("3<k>/6/6/1<r>4/6/<n>1<B>1<P>1/1<p>4/<KN><Q>2 w - - 0 1", 7),
    ];
    for (fen, count) in cases {
        let pos = position(&v, fen);
        let legal = v.legal_moves(&pos);
        assert_eq!(v.count_legal_moves(&pos), count, "{fen}");
        assert_eq!(legal.len(), count, "{fen}");
        assert_eq!(sorted(legal), sorted(v.legal_moves_by_trial(&pos)), "{fen}");
        assert_eq!(
            v.perft(&pos, 2),
            v.legal_moves(&pos)
                .into_iter()
                .map(|m| v.legal_moves(&v.play_unchecked(&pos, m)).len())
                .sum::<usize>() as u64,
            "{fen}"
        );
    }
}

/// Checkmate and stalemate, in chess and in PiRaTeKnIcS: no legal move, counted as none.
#[test]
fn mate_and_stalemate_have_no_moves() {
    let cases = [
        (
            "chess",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            Outcome::Win {
                winner: Color::Black,
                reason: Reason::Checkmate,
            },
        ),
        (
            "chess",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            Outcome::Draw {
                reason: Reason::Stalemate,
            },
        ),
        (
            "pirateknics",
            "3<k>/6/6/6/6/1<p><q>3/6/1<KN>1<r> w - - 0 1",
            Outcome::Win {
                winner: Color::Black,
                reason: Reason::Checkmate,
            },
        ),
        (
            "pirateknics",
            "4/6/6/5<b>/<k>5/5<b>/5<r>/1<KN>2 w - - 0 1",
            Outcome::Draw {
                reason: Reason::Stalemate,
            },
        ),
    ];
    for (name, fen, outcome) in cases {
        let v = variant(name);
        let pos = position(&v, fen);
        assert_eq!(v.outcome(&pos), Some(outcome), "{name}: {fen}");
        assert!(!v.has_legal_move(&pos), "{name}: {fen}");
        assert_eq!(v.count_legal_moves(&pos), 0, "{name}: {fen}");
        assert_eq!(v.legal_moves(&pos), Vec::<Move>::new(), "{name}: {fen}");
        let mut buffer = Vec::new();
        v.noisy_moves_into(&pos, &mut buffer);
        assert!(buffer.is_empty(), "{name}: {fen}");
    }
}

// ---------------------------------------------------------------------------------------
// 7. make / unmake
// ---------------------------------------------------------------------------------------

/// `pos` is exactly `expected`: the same FEN, hash and contents.
fn assert_same(v: &Variant, pos: &Position, expected: &Position, what: &str) {
    assert_eq!(v.fen(pos), v.fen(expected), "{what}");
    assert_eq!(pos.hash(), expected.hash(), "{what}: {}", v.fen(pos));
    assert!(pos == expected, "{what}: {} differs inside", v.fen(pos));
}

/// Makes `m` on `pos` with `undo` and checks it against `play_unchecked` and the hash
/// from scratch.
fn make_checked(v: &Variant, pos: &mut Position, m: Move, undo: &mut UndoStack, what: &str) {
    let expected = v.play_unchecked(pos, m);
    let depth = undo.depth();
    v.make(pos, m, undo);
    assert_eq!(undo.depth(), depth + 1, "{what}");
    assert_same(v, pos, &expected, &format!("{what}: make = play_unchecked"));
    assert_eq!(
        pos.hash(),
        v.hash_from_scratch(pos),
        "{what}: hash after make, {}",
        v.fen(pos)
    );
}

/// Over random games in every bundled variant: each legal move made and unmade gives the
/// position back; the game's own moves stay made on one undo stack, then are all unmade
/// in turn, each step back giving the earlier position.
#[test]
fn make_unmake_round_trips_in_every_variant() {
    let names: Vec<&str> = Variant::bundled_names().collect();
    assert!(names.len() >= PLAYED.len(), "{names:?}");
    for name in names {
        let v = variant(name);
        let mut rng = StdRng::seed_from_u64(0x5EA2C4);
        for game in 0..4 {
            let mut pos = random_start(&v, &mut rng);
            let mut undo = UndoStack::new();
            let mut line = vec![pos.clone()];
            for ply in 0..60 {
                let what = format!("{name} game {game} ply {ply}");
                let legal = v.legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let before = pos.clone();
                for &m in &legal {
                    let m = with_random_outcome(&v, &before, m, &mut rng);
                    let what = format!("{what}: {} from {}", v.move_text(m), v.fen(&before));
                    make_checked(&v, &mut pos, m, &mut undo, &what);
                    assert!(v.unmake(&mut pos, &mut undo), "{what}");
                    assert_eq!(undo.depth(), ply, "{what}");
                    assert_same(&v, &pos, &before, &format!("{what}: unmake"));
                }
                let m = legal[rng.random_range(0..legal.len())];
                let m = with_random_outcome(&v, &before, m, &mut rng);
                make_checked(&v, &mut pos, m, &mut undo, &what);
                line.push(pos.clone());
            }
            // Unmake the whole line, one move at a time.
            line.pop();
            while let Some(earlier) = line.pop() {
                assert!(v.unmake(&mut pos, &mut undo), "{name} game {game}");
                assert_same(
                    &v,
                    &pos,
                    &earlier,
                    &format!("{name} game {game}: back to ply {}", line.len()),
                );
            }
            assert_eq!(undo.depth(), 0);
            assert!(
                !v.unmake(&mut pos, &mut undo),
                "{name}: nothing left to unmake"
            );
        }
    }
}

/// One undo stack serves variants of different board sizes in turn, once emptied.
#[test]
fn an_empty_undo_stack_changes_board_size() {
    let mut undo = UndoStack::new();
    for name in ["chess", "capablanca", "seachess", "chess"] {
        let v = variant(name);
        let start = v.start_position();
        let mut pos = start.clone();
        let m = v.legal_moves(&pos)[0];
        v.make(&mut pos, m, &mut undo);
        assert_same(&v, &pos, &v.play_unchecked(&start, m), name);
        assert!(v.unmake(&mut pos, &mut undo));
        assert_same(&v, &pos, &start, name);
    }
}

/// A short chess line made in place reaches the expected FENs and unmakes back to them.
#[test]
fn make_reaches_the_expected_fens() {
    let v = variant("chess");
    let mut pos = v.start_position();
    let mut undo = UndoStack::new();
    let moves = [
        (
            "e2e4",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ),
        (
            "d7d5",
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        ),
        (
            "e4e5",
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        ),
        (
            "f7f5",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ),
        (
            "e5f6",
            "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
        ),
        (
            "g8h6",
            "rnbqkb1r/ppp1p1pp/5P1n/3p4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4",
        ),
        (
            "f6g7",
            "rnbqkb1r/ppp1p1Pp/7n/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4",
        ),
        (
            "e8f7",
            "rnbq1b1r/ppp1pkPp/7n/3p4/8/8/PPPP1PPP/RNBQKBNR w KQ - 1 5",
        ),
        (
            "g7h8n",
            "rnbq1b1N/ppp1pk1p/7n/3p4/8/8/PPPP1PPP/RNBQKBNR b KQ - 0 5",
        ),
    ];
    let mut fens = vec![v.fen(&pos)];
    for (text, fen) in moves {
        let m = mv(&v, &pos, text);
        make_checked(&v, &mut pos, m, &mut undo, text);
        assert_eq!(v.fen(&pos), fen, "after {text}");
        fens.push(fen.to_string());
    }
    assert_eq!(undo.depth(), moves.len());
    fens.pop();
    while let Some(fen) = fens.pop() {
        assert!(v.unmake(&mut pos, &mut undo));
        assert_eq!(v.fen(&pos), fen);
        assert_eq!(pos.hash(), v.hash_from_scratch(&pos), "{fen}");
    }
    assert!(pos == v.start_position());
}

// ---------------------------------------------------------------------------------------
// 8. Null move
// ---------------------------------------------------------------------------------------

/// A null move is allowed unless the side to move is in check.
#[test]
fn null_move_allowed_only_out_of_check() {
    let v = variant("chess");
    for (fen, allowed) in [
        (CHESS_START, true),
        (KIWIPETE, true),
        (EN_PASSANT, true),
        (BLACK_IN_CHECK, false),
        ("4k3/8/8/8/8/8/8/4K2r w - - 0 1", false),
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            false,
        ),
    ] {
        let pos = position(&v, fen);
        assert_eq!(v.in_check(&pos), !allowed, "{fen}");
        assert_eq!(v.null_move_allowed(&pos), allowed, "{fen}");
    }
}

/// `make_null` passes the turn: the side to move changes, en passant lapses, the clocks
/// advance, the hash stays right; `unmake` restores everything.
#[test]
fn make_null_passes_and_unmakes() {
    let v = variant("chess");
    let start = position(&v, EN_PASSANT);
    assert_eq!(squares(&v, start.en_passant_targets()), strs(&["f6"]));
    let mut pos = start.clone();
    let mut undo = UndoStack::new();
    v.make_null(&mut pos, &mut undo);
    assert_eq!(undo.depth(), 1);
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(pos.en_passant_targets(), Bitboard::EMPTY);
    assert_eq!(
        v.fen(&pos),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"
    );
    assert_eq!(pos.hash(), v.hash_from_scratch(&pos));
    assert_eq!(pos.hash(), position(&v, &v.fen(&pos)).hash());
    assert_ne!(pos.hash(), start.hash());
    // Black passes too: the move number advances; no en passant comes back.
    v.make_null(&mut pos, &mut undo);
    assert_eq!(
        v.fen(&pos),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 2 4"
    );
    assert_eq!(pos.hash(), v.hash_from_scratch(&pos));
    assert!(v
        .legal_moves(&pos)
        .iter()
        .all(|m| !matches!(m.kind, MoveKind::EnPassant { .. })));
    // A real move on top, then everything unmade.
    let m = mv(&v, &pos, "g1f3");
    make_checked(&v, &mut pos, m, &mut undo, "g1f3 after two passes");
    for _ in 0..3 {
        assert!(v.unmake(&mut pos, &mut undo));
    }
    assert_same(&v, &pos, &start, "after unmaking the passes");
    assert_eq!(undo.depth(), 0);
}

/// Over random games in every bundled variant, a null move where allowed keeps the hash
/// right and unmakes exactly.
#[test]
fn make_null_round_trips_in_every_variant() {
    for name in Variant::bundled_names() {
        let v = variant(name);
        let mut undo = UndoStack::new();
        for before in random_positions(&v, 13, 4, 60) {
            if !v.null_move_allowed(&before) || v.decided(&before).is_some() {
                continue;
            }
            let fen = v.fen(&before);
            let mut pos = before.clone();
            v.make_null(&mut pos, &mut undo);
            assert_eq!(
                pos.side_to_move(),
                before.side_to_move().opponent(),
                "{name}: {fen}"
            );
            assert_eq!(pos.en_passant_targets(), Bitboard::EMPTY, "{name}: {fen}");
            assert_eq!(pos.hash(), v.hash_from_scratch(&pos), "{name}: {fen}");
            assert!(v.unmake(&mut pos, &mut undo), "{name}: {fen}");
            assert_same(&v, &pos, &before, &format!("{name}: null from {fen}"));
        }
    }
}

// ---------------------------------------------------------------------------------------
// 9. perft_with
// ---------------------------------------------------------------------------------------

/// `perft_with` on reused buffers counts as `perft` does, across depths and variants of
/// different board sizes, and gives the position back unchanged.
#[test]
fn perft_with_reused_buffers() {
    let mut buffers = PerftBuffers::new();
    let cases: [(&str, &[u64]); 3] = [
        ("chess", &[1, 20, 400, 8_902, 197_281]),
        ("capablanca", &[1, 28, 784, 25_228]),
        ("chess", &[1, 20, 400, 8_902]),
    ];
    for (name, counts) in cases {
        let v = variant(name);
        let start = v.start_position();
        let mut pos = start.clone();
        for (depth, &n) in counts.iter().enumerate() {
            let depth = depth as u32;
            assert_eq!(
                v.perft_with(&mut pos, depth, &mut buffers),
                n,
                "{name} {depth}"
            );
            assert_eq!(v.perft(&start, depth), n, "{name} {depth}");
            assert_same(&v, &pos, &start, &format!("{name} perft_with {depth}"));
        }
    }
    // Kiwipete, a position full of special moves.
    let v = variant("chess");
    let kiwipete = position(&v, KIWIPETE);
    let mut pos = kiwipete.clone();
    assert_eq!(v.perft_with(&mut pos, 3, &mut buffers), 97_862);
    assert_eq!(v.perft(&kiwipete, 3), 97_862);
    assert_same(&v, &pos, &kiwipete, "Kiwipete after perft_with");
}
