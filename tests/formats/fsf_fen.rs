//! Fairy-Stockfish's FEN forms, read as it writes them: a promoted piece as `+` and its
//! unpromoted letter (`+P`), its wall squares `*` where our boards have holes, and Berolina's
//! en passant field listing the pawn's square with the square it passed (`c5b6`). Our writer
//! keeps its own forms (the promoted kind's letter, holes left out, `b6` or `b6>c5`), and
//! what it writes reads back as the same position. Fairy-Stockfish's random positions of
//! every definition of `variants/fsf/` are `tests/variants/fsf_random.rs`.

use std::ops::Range;

use fairy_rules::{FenError, FenField, Variant};

use crate::support::fsf;

/// The error of `fen` in `v`, which must be in `field`: its message and its span.
fn field_error(v: &Variant, fen: &str, field: FenField) -> (String, Range<usize>) {
    match v.parse_fen(fen).unwrap_err() {
        FenError::Field {
            field: f,
            span,
            reason,
            ..
        } if f == field => (reason, span),
        other => panic!("{fen}: {other:?}"),
    }
}

fn placement_error(v: &Variant, fen: &str) -> (String, Range<usize>) {
    field_error(v, fen, FenField::Placement)
}

/// Fairy-Stockfish's start FENs (its `d` command's `Fen:` line) read as our start positions:
/// Kyoto and micro shogi's turned pieces written `+X`, the wall squares of Gustav III's,
/// Troitzky and Omicron chess written `*`.
#[test]
fn fairy_stockfish_start_fens_read_as_our_starts() {
    let starts = [
        ("kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"),
        ("micro", "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1"),
        (
            "gustav3",
            "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
        ),
        (
            "troitzky",
            "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1",
        ),
        (
            "omicron",
            "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1",
        ),
    ];
    for (name, fen) in starts {
        let v = fsf(name);
        let pos = v.parse_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        let start = v.start_position();
        assert_eq!(v.fen(&pos), v.fen(&start), "{name}");
        assert_eq!(pos.hash(), start.hash(), "{name}");
    }
    assert_eq!(
        fsf("kyotoshogi").fen(&fsf("kyotoshogi").start_position()),
        "pgkst/5/5/5/TSKGP[] w - - 0 1"
    );
    assert_eq!(
        fsf("troitzky").fen(&fsf("troitzky").start_position()),
        "qk/rnbbnr/pppppppp/8/10/10/8/PPPPPPPP/RNBBNR/QK w - - 0 1"
    );
}

/// The minishogi position of issue 35: `+R` is the dragon, `+b` Black's horse. It is
/// written back with their own letters (`D`, `h`), which reads as the same position, and its
/// perft is Fairy-Stockfish's.
#[test]
fn a_minishogi_fen_with_promoted_pieces_reads_and_is_written_with_their_letters() {
    let v = fsf("minishogi");
    let pos = v
        .parse_fen("2s1k/1+RSg1/P2bp/R3+b/K4[g] b - - 2 14")
        .unwrap();
    let written = v.fen(&pos);
    assert_eq!(written, "2s1k/1DSg1/P2bp/R3h/K4[g] b - - 2 14");
    assert_eq!(v.parse_fen(&written).unwrap().hash(), pos.hash());
    assert_eq!(v.perft(&pos, 3), 12_930);
}

#[test]
fn a_plus_that_names_no_single_promoted_piece_is_refused_at_its_letters() {
    let chess = Variant::bundled("chess").unwrap();
    assert_eq!(
        placement_error(&chess, "4k3/8/8/8/8/8/8/+K7 w - - 0 1"),
        (
            "`+K` is a promoted king, and no promoted piece (`promoted: true`) is among its \
             promotions"
                .into(),
            16..18
        )
    );
    let shogi = fsf("shogi");
    assert_eq!(
        placement_error(
            &shogi,
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+[] w - - 0 1"
        ),
        ("`+` must be followed by a piece letter".into(), 56..57)
    );
    let two = Variant::from_yaml(
        "two.yaml",
        "name: Two promotions\nboard: 3x3\nregions:\n  far:\n    white: rank 3\n    \
         black: rank 1\npieces:\n  pawn:\n    letter: P\n    moves: fW\n    promotion:\n      \
         zone: far\n      choices: [T, U]\n  tokin:\n    letter: T\n    moves: K\n    \
         promoted: true\n  other:\n    letter: U\n    moves: K\n    promoted: true\n  king:\n    \
         letter: K\n    moves: K\n    royal: true\nsetup: k2/3/P1K\n",
    )
    .unwrap();
    assert_eq!(
        placement_error(&two, "k+P1/3/2K w - - 0 1"),
        (
            "`+P` could be any of the promoted pieces among its promotions: tokin, other".into(),
            1..3
        )
    );
}

/// A `*` reads as a hole only where the rank's next file is one; elsewhere, and in a variant
/// without holes or walls, it is refused at the `*`.
#[test]
fn a_star_off_a_hole_is_refused_at_the_star() {
    let v = fsf("gustav3");
    let fen = "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1";
    // Our own form and the mixed one read alike.
    let ours = "arnbqkbnra/pppppppp/8/8/8/8/PPPPPPPP/ARNBQKBNRA w KQkq - 0 1";
    let mixed = "arnbqkbnra/pppppppp*/*8/8/*8*/8/*PPPPPPPP/ARNBQKBNRA w KQkq - 0 1";
    let hash = v.parse_fen(fen).unwrap().hash();
    assert_eq!(v.parse_fen(ours).unwrap().hash(), hash);
    assert_eq!(v.parse_fen(mixed).unwrap().hash(), hash);
    let off = "arnbqkbnra/p*ppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1";
    assert_eq!(
        placement_error(&v, off),
        (
            "`*` is a wall or a hole, and this variant has no walls and rank 7 has no hole here"
                .into(),
            12..13
        )
    );
    let twice = "arnbqkbnra/**pppppppp/8/8/8/8/PPPPPPPP/ARNBQKBNRA w KQkq - 0 1";
    assert_eq!(placement_error(&v, twice).1, 12..13);
    let first_rank = "*rnbqkbnra/pppppppp/8/8/8/8/PPPPPPPP/ARNBQKBNRA w KQkq - 0 1";
    assert_eq!(
        placement_error(&v, first_rank),
        ("`*` is a wall, and this variant has none".into(), 0..1)
    );
    let chess = Variant::bundled("chess").unwrap();
    assert_eq!(
        placement_error(&chess, "4k3/8/8/4*3/8/8/8/4K3 w - - 0 1"),
        ("`*` is a wall, and this variant has none".into(), 9..10)
    );
}

/// Berolina's en passant field as Fairy-Stockfish writes it lists the square the pawn passed
/// and the pawn's own (`c5d6`: d6 passed by the black pawn now on c5, which White's d5 pawn
/// may take en passant), in either order; our writer gives the square passed (`d6`).
/// Fairy-Stockfish counts 48,882 leaves at depth 3 with the field, 47,612 without.
#[test]
fn berolinas_en_passant_field_names_the_pawn_among_the_squares() {
    let v = fsf("berolina");
    let board = "rnbqkbnr/pppp1ppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq";
    let fen = |field: &str| format!("{board} {field} 0 3");
    let pos = v.parse_fen(&fen("c5d6")).unwrap();
    assert_eq!(v.fen(&pos), fen("d6"));
    for field in ["d6c5", "d6", "d6>c5"] {
        assert_eq!(
            v.parse_fen(&fen(field)).unwrap().hash(),
            pos.hash(),
            "{field}"
        );
    }
    assert_eq!(v.perft(&pos, 3), 48_882);
    assert_eq!(v.perft(&v.parse_fen(&fen("-")).unwrap(), 3), 47_612);
    // The field starts at byte 54. d5 holds a white pawn; the black pawn on c7 passed no d6;
    // c5 is named twice; a pawn alone names no square to capture on.
    let error = |field: &str| field_error(&v, &fen(field), FenField::EnPassant);
    assert_eq!(error("d5d6"), ("d5 is occupied".into(), 54..56));
    assert_eq!(
        error("c7d6"),
        (
            "no black piece on c7 could have passed the squares before it".into(),
            54..56
        )
    );
    assert_eq!(error("c5d6>c5"), ("c5 is occupied".into(), 54..56));
    assert_eq!(
        error("c5"),
        ("no square to capture en passant on is named".into(), 54..56)
    );
}
