//! The problem solver: composed problems with known solutions, keys checked against an
//! independent brute force over shakmaty, cooks, no solution, the shortest solution, every
//! bundled game (`fairy solve` in `tests/frontends/solve.rs`).

use std::collections::BTreeSet;

use fairy_rules::solve::{solve, Line, Solution, Stipulation};
use fairy_rules::Variant;
use shakmaty::{fen::Fen, uci::UciMove, CastlingMode, Chess, Position as _};

fn chess() -> Variant {
    Variant::bundled("chess").unwrap()
}

fn solved(fen: &str, stip: Stipulation) -> Solution {
    let v = chess();
    solve(&v, &v.parse_fen(fen).unwrap(), stip)
}

fn keys(s: &Solution) -> BTreeSet<String> {
    let v = chess();
    s.keys.iter().map(|k| v.move_text(k.attack)).collect()
}

/// Whether White (to move, the attacker) mates within `n` moves: shakmaty's rules.
fn sh_mates(pos: &Chess, n: u32) -> bool {
    pos.legal_moves().iter().any(|m| {
        let after = pos.clone().play(m).unwrap();
        if after.is_checkmate() {
            return true;
        }
        let replies = after.legal_moves();
        n > 1
            && !replies.is_empty()
            && replies
                .iter()
                .all(|r| sh_mates(&after.clone().play(r).unwrap(), n - 1))
    })
}

/// Whether the side to move forces the other to mate it within `n` of its moves.
fn sh_selfmates(pos: &Chess, n: u32) -> bool {
    pos.legal_moves()
        .iter()
        .any(|m| sh_selfmate_after(pos, m, n))
}

fn sh_selfmate_after(pos: &Chess, m: &shakmaty::Move, n: u32) -> bool {
    let after = pos.clone().play(m).unwrap();
    if after.is_game_over() {
        return false;
    }
    let replies = after.legal_moves();
    !replies.is_empty()
        && replies.iter().all(|r| {
            let next = after.clone().play(r).unwrap();
            next.is_checkmate() || (n > 1 && !next.is_game_over() && sh_selfmates(&next, n - 1))
        })
}

/// The keys by brute force: each first move after which the stipulation holds.
fn sh_keys(fen: &str, stip: Stipulation) -> BTreeSet<String> {
    let pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    pos.legal_moves()
        .iter()
        .filter(|m| match stip {
            Stipulation::Direct(n) => {
                let after = pos.clone().play(m).unwrap();
                after.is_checkmate()
                    || (n > 1
                        && !after.legal_moves().is_empty()
                        && after
                            .legal_moves()
                            .iter()
                            .all(|r| sh_mates(&after.clone().play(r).unwrap(), n - 1)))
            }
            Stipulation::SelfMate(n) => sh_selfmate_after(&pos, m, n),
        })
        .map(|m| UciMove::from_standard(m).to_string())
        .collect()
}

/// A directmate in 3 solved by Popeye (White Kc7 Qb2 Rg8 Sf2, Black Kg2 Pg3 Pf4): the key
/// 1.Sg4+!, then 1...Kf1 2.Ra8, 1...Kg1 2.Ra8 (and the dual 2.Rd8), 1...Kh1 2.Qh2+,
/// 1...Kf3 2.Qc2 (zugzwang), 1...Kh3 2.Sh2.
#[test]
fn a_composed_mate_in_three_has_its_published_key_and_tree() {
    let fen = "6R1/2K5/8/8/5p2/6p1/1Q3Nk1/8 w - - 0 1";
    let s = solved(fen, Stipulation::Direct(3));
    assert_eq!(keys(&s), BTreeSet::from(["f2g4".to_string()]));
    assert_eq!(s.shortest, Some(3));
    let v = chess();
    let key: &Line = &s.keys[0];
    assert_eq!(key.branches.len(), 1);
    let replies: Vec<(String, Vec<String>)> = key.branches[0]
        .defences
        .iter()
        .map(|d| {
            let mut c: Vec<String> = d
                .continuations
                .iter()
                .map(|l| v.move_text(l.attack))
                .collect();
            c.sort();
            (v.move_text(d.reply), c)
        })
        .collect();
    let expected = [
        ("g2f1", vec!["g8a8"]),
        ("g2g1", vec!["g8a8", "g8d8"]),
        ("g2h1", vec!["b2h2"]),
        ("g2f3", vec!["b2c2"]),
        ("g2h3", vec!["g4h2"]),
    ];
    let mut got = replies.clone();
    got.sort();
    let mut want: Vec<(String, Vec<String>)> = expected
        .iter()
        .map(|(r, c)| (r.to_string(), c.iter().map(|s| s.to_string()).collect()))
        .collect();
    want.sort();
    assert_eq!(got, want);
}

/// Mates in two, keys compared with the brute force: some have one key, some are cooked.
#[test]
fn mates_in_two_agree_with_a_brute_force() {
    let cases: [(&str, &[&str]); 4] = [
        ("1Q6/8/8/8/8/k2K4/8/8 w - - 0 1", &["d3c3"]),
        ("4K2k/8/5N2/4Q3/8/8/8/8 w - - 0 1", &["f6h5"]),
        ("8/8/2p5/2Q5/7k/5K2/8/8 w - - 0 1", &["c5f5"]),
        // Cooked: five keys.
        (
            "5K1k/8/8/6NN/8/3p4/8/1B6 w - - 0 1",
            &["g5f7", "h5f4", "h5f6", "h5g3", "h5g7"],
        ),
    ];
    for (fen, want) in cases {
        let s = solved(fen, Stipulation::Direct(2));
        let want: BTreeSet<String> = want.iter().map(|m| m.to_string()).collect();
        assert_eq!(keys(&s), sh_keys(fen, Stipulation::Direct(2)), "{fen}");
        assert_eq!(keys(&s), want, "{fen}");
    }
}

/// A selfmate in King of the Hill: Black's king (e6) may only step onto the hill (d5, e5),
/// every other square being covered; White must wait without spoiling that. The keys are
/// exactly White's moves after which every Black move wins for Black, counted move by move.
#[test]
fn a_selfmate_is_every_move_that_leaves_the_defender_only_winning_moves() {
    let koth = Variant::bundled("king-of-the-hill").unwrap();
    let fen = "8/R7/4k3/7N/1B5N/8/8/7K w - - 0 1";
    let pos = koth.parse_fen(fen).unwrap();
    let s = solve(&koth, &pos, Stipulation::SelfMate(1));
    let got: BTreeSet<String> = s.keys.iter().map(|k| koth.move_text(k.attack)).collect();
    let want: BTreeSet<String> = koth
        .legal_moves(&pos)
        .into_iter()
        .filter(|&m| {
            let after = koth.play_unchecked(&pos, m);
            let replies = koth.legal_moves(&after);
            koth.outcome(&after).is_none()
                && !replies.is_empty()
                && replies.into_iter().all(|r| {
                    koth.outcome(&koth.play_unchecked(&after, r))
                        .is_some_and(|o| {
                            matches!(
                                o,
                                fairy_rules::Outcome::Win {
                                    winner: fairy_rules::Color::Black,
                                    ..
                                }
                            )
                        })
                })
        })
        .map(|m| koth.move_text(m))
        .collect();
    assert_eq!(got, want);
    // The king's waiting moves are among them; a rook move that frees d7 is not.
    assert!(got.contains("h1g1") && got.contains("h1g2"), "{got:?}");
    assert!(!got.contains("a7a8"), "{got:?}");
    // Each key's tree ends with Black's two forced wins.
    let tree = &s.keys[0].branches[0];
    assert!(tree.ends);
    let wins: BTreeSet<String> = tree
        .defences
        .iter()
        .map(|d| koth.move_text(d.reply))
        .collect();
    assert_eq!(
        wins,
        BTreeSet::from(["e6d5".to_string(), "e6e5".to_string()])
    );
    assert!(tree.defences.iter().all(|d| d.ends));
    // In chess the same position is no selfmate: stepping to the centre wins nothing.
    let chess = chess();
    let s = solve(
        &chess,
        &chess.parse_fen(fen).unwrap(),
        Stipulation::SelfMate(1),
    );
    assert!(s.keys.is_empty());
    assert_eq!(keys(&s), sh_keys(fen, Stipulation::SelfMate(1)));
}

/// Selfmates in two in chess, keys compared with the brute force (none here: the defender
/// always has a move that does not mate).
#[test]
fn chess_selfmates_agree_with_a_brute_force() {
    for fen in [
        "5K1k/8/8/6NN/8/3p4/8/1B6 w - - 0 1",
        "8/8/2p5/2Q5/7k/5K2/8/8 w - - 0 1",
    ] {
        let stip = Stipulation::SelfMate(2);
        assert_eq!(keys(&solved(fen, stip)), sh_keys(fen, stip), "{fen}");
    }
}

#[test]
fn the_start_position_has_no_mate_in_two_and_a_short_mate_is_reported() {
    let start = chess().start_position();
    let s = solve(&chess(), &start, Stipulation::Direct(2));
    assert!(s.keys.is_empty());
    assert_eq!(s.shortest, None);
    // Asked for a mate in 3, the back-rank mate in 1 is found and said to be shortest.
    let s = solved("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Stipulation::Direct(3));
    assert_eq!(s.shortest, Some(1));
    assert!(keys(&s).contains("a1a8"));
}

/// Every bundled game: a mate in 1 asked from the start position has no key, and the
/// solver visits exactly the legal moves.
#[test]
fn every_bundled_game_can_be_solved() {
    for name in Variant::bundled_names() {
        let v = Variant::bundled(name).unwrap();
        let start = v.start_position();
        let s = solve(&v, &start, Stipulation::Direct(1));
        assert!(s.keys.is_empty(), "{name}");
        assert_eq!(s.shortest, None, "{name}");
        assert!(s.nodes >= v.legal_moves(&start).len() as u64, "{name}");
    }
}

/// A royal piece captured is a win too: Bermuda kings are taken, and a capture ends it.
#[test]
fn a_win_by_the_variant_s_own_rule_is_a_mate() {
    let koth = Variant::bundled("king-of-the-hill").unwrap();
    // White's king steps onto the hill: a win by the flag in one.
    let pos = koth.parse_fen("4k3/8/8/8/8/4K3/8/8 w - - 0 1").unwrap();
    let s = solve(&koth, &pos, Stipulation::Direct(1));
    let mut got: Vec<String> = s.keys.iter().map(|k| koth.move_text(k.attack)).collect();
    got.sort();
    assert_eq!(got, ["e3d4", "e3e4"]);
}
