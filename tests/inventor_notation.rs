//! The variants' own notations (`notation:` in a definition), through the library API:
//! PiRaTeKnIcS's sample game replayed in the inventor's text, Seachess's special forms, and
//! written-then-read round trips over random playouts of both.

use fairy_rules::{Color, Move, MoveError, Outcome, Position, Reason, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn bundled(name: &str) -> Variant {
    Variant::bundled(name).unwrap()
}

/// The moves of a record in the inventor's layout: `12) white, black;` per line.
fn record_moves(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (number, moves) = line.split_once(')').expect("a move number");
        let number = number.trim();
        for (i, m) in moves
            .split([',', ';'])
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .enumerate()
        {
            let label = format!("{number}{}", if i == 0 { "." } else { "..." });
            out.push((label, m.to_string()));
        }
    }
    out
}

fn play(v: &Variant, pos: &Position, text: &str) -> Position {
    let m = v
        .parse_notation(pos, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    // What the library writes reads back as the same move.
    let written = v.write_notation(pos, m).unwrap();
    assert_eq!(
        v.parse_notation(pos, &written),
        Ok(m),
        "{text} written {written}"
    );
    v.play_unchecked(pos, m)
}

#[test]
fn the_sample_game_replays_in_the_inventors_text() {
    let v = bundled("pirateknics");
    assert_eq!(v.notation_name(), Some("the inventor's notation"));
    let record = include_str!("fixtures/pirateknics-sample-game-1.txt");
    let moves = record_moves(record);
    assert_eq!(moves.len(), 64);
    assert_eq!(moves[63].0, "32...");
    let mut pos = v.start_position();
    for (label, text) in &moves {
        let m = v
            .parse_notation(&pos, text)
            .unwrap_or_else(|e| panic!("{label} {text}: {e}"));
        assert!(v.outcome(&pos).is_none(), "{label}: the game was over");
        let written = v.write_notation(&pos, m).unwrap();
        assert_eq!(v.parse_notation(&pos, &written), Ok(m), "{label} {written}");
        pos = v.play_unchecked(&pos, m);
    }
    // White resigned here: in check from the knight and the rook.
    assert_eq!(v.fen(&pos), FINAL);
    assert_eq!(pos.side_to_move(), Color::White);
    assert!(v.in_check(&pos));
    let k = v.kind_of_letter('K').unwrap();
    let king = pos.pieces_of_kind(k, Color::White).single().unwrap();
    assert_eq!(v.attackers(&pos, king, Color::Black).count(), 2);
    assert!(v.outcome(&pos).is_none());
}

/// After 32...b1<NK>-d2: the white king aboard the ship on d2 with a black knight, attacked
/// by the pawn on e3 and the queen on f2; the ship may not go back to b1 (the no-undo field).
const FINAL: &str =
    "<>1<b><nnk>/<NBQ>3<ppp>1/<>1<P>1<>1/<B>4<RQp>/1<PPP><r><>1<PPP>/4<pp>1/1<>1<Kn>1<NBq>/2<><> w - b1d2 1 33";

fn checkmated(v: &Variant, pos: &Position) -> bool {
    matches!(
        v.outcome(pos),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Checkmate
        })
    )
}

#[test]
fn the_continuations_after_the_resignation() {
    let v = bundled("pirateknics");
    let pos = v.parse_fen(FINAL).unwrap();
    // The ship sails on with the king, and the knight leaves it for the ship on b2: mate.
    let after = play(&v, &pos, "d2<KN>-d3");
    let mate = play(&v, &after, "d3N-b2 **");
    assert!(checkmated(&v, &mate), "{}", v.fen(&mate));
    // The king steps to the ship on d1; the pawn takes the knight on f2, becoming a knight:
    // mate, with a remark after the move.
    let after = play(&v, &pos, "d2K-d1");
    let m = v
        .parse_notation(
            &after,
            "e3P(N) x f2N ** n.b the knight goes, the bishop stays",
        )
        .unwrap();
    let knight = v.kind_of_letter('N').unwrap();
    assert_eq!(
        m.captured.map(|p| (p.kind(), p.color())),
        Some((knight, Color::White))
    );
    let mate = v.play_unchecked(&after, m);
    assert!(checkmated(&v, &mate), "{}", v.fen(&mate));
    // Taking the bishop instead is another move, and no mate.
    let bishop = v.parse_notation(&after, "e3P(N) x f2B").unwrap();
    assert_ne!(bishop, m);
    assert!(!checkmated(&v, &v.play_unchecked(&after, bishop)));
    // Sailing straight back to b1 reverses Black's last move: refused.
    let refused = v.parse_notation(&pos, "d2<KN>-b1").unwrap_err();
    assert!(
        matches!(&refused, MoveError::Illegal { reason, .. } if reason.contains("nearest")),
        "{refused}"
    );
}

/// Every legal move along seeded random playouts, written in the variant's notation, reads
/// back as the same move.
fn round_trips(v: &Variant, seed: u64, games: usize, plies: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = v.start_position();
        for _ in 0..plies {
            let legal: Vec<Move> = v.legal_moves(&pos);
            if legal.is_empty() || v.outcome(&pos).is_some() {
                break;
            }
            for &m in &legal {
                let text = v.write_notation(&pos, m).unwrap();
                assert_eq!(
                    v.parse_notation(&pos, &text),
                    Ok(m),
                    "{text} in {}",
                    v.fen(&pos)
                );
                checked += 1;
            }
            let m = legal[rng.random_range(0..legal.len())];
            pos = v.play_unchecked(&pos, m);
        }
    }
    checked
}

#[test]
fn pirateknics_moves_read_back_from_the_inventors_text() {
    let v = bundled("pirateknics");
    assert!(round_trips(&v, 7, 3, 40) > 3000);
    // Promotions: each promoting pawn with its choice, in the group and in a sailing crew.
    let promoting = v
        .parse_fen("2<b>1/2<PPN>3/6/5<k>/6/6/6/<K>3 w - - 0 1")
        .unwrap();
    let mut texts = Vec::new();
    for m in v.legal_moves(&promoting) {
        let text = v.write_notation(&promoting, m).unwrap();
        assert_eq!(v.parse_notation(&promoting, &text), Ok(m), "{text}");
        texts.push(text);
    }
    assert!(texts.contains(&"c7P(N)P(Q) x d8B".to_string()), "{texts:?}");
    let m = v.parse_notation(&promoting, "c7P(Q)P(N) x d8B").unwrap();
    assert_eq!(v.move_text(m), "c7PPxd8b=NQ");
    assert_eq!(v.parse_notation(&promoting, "c7 P(N) P(Q) x d8 B !"), Ok(m));
}
