//! Chess960 castling (`castling: king_files:`): king and partner land where chess's castling
//! puts them from any start files, with X-FEN and Shredder-FEN castling fields; exact moves
//! in small positions (agreeing with Fairy-Stockfish's `UCI_Chess960`).

use fairy_rules::{UndoStack, Variant};

use crate::support::{fsf, moves};

fn atomic960() -> Variant {
    fsf("atomic960")
}

#[test]
fn the_king_lands_on_g_or_c_and_the_rook_beside_it_from_any_files() {
    let v = atomic960();
    let fen = "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1";
    // g1g1: the king stays, the rook goes h1-f1; g1c1: the king passes f1-c1 (d1 and c1,
    // beside the black king, are safe), the rook goes b1-d1.
    assert_eq!(
        moves(&v, fen),
        [
            "b1a1", "b1c1", "b1d1", "b1e1", "b1f1", "g1c1", "g1f1", "g1f2", "g1g1", "g1g2", "g1h2",
            "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"
        ]
    );
    let mut pos = v.parse_fen(fen).unwrap();
    for (text, after) in [
        ("g1g1", "8/8/8/8/8/8/2k5/rR3RK1 b - - 1 1"),
        ("g1c1", "8/8/8/8/8/8/2k5/r1KR3R b - - 1 1"),
        // UCI's Chess960 form: the king onto its rook.
        ("g1h1", "8/8/8/8/8/8/2k5/rR3RK1 b - - 1 1"),
    ] {
        let before = pos.clone();
        let m = v.parse_move(&pos, text).unwrap();
        v.make(&mut pos, m, &mut UndoStack::new());
        assert_eq!(v.fen(&pos), after, "{text}");
        pos = before;
    }
}

#[test]
fn castling_fields_read_as_x_fen_and_shredder_fen() {
    let v = atomic960();
    // Shredder-FEN's files name the same rights as X-FEN's outermost rooks.
    let shredder = v.parse_fen("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1").unwrap();
    assert_eq!(v.fen(&shredder), "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1");
    // An inner rook is named by its file.
    let inner = v.parse_fen("1r4kr/8/8/8/8/8/8/RR4K1 w B - 0 1").unwrap();
    assert_eq!(v.fen(&inner), "1r4kr/8/8/8/8/8/8/RR4K1 w B - 0 1");
}

#[test]
fn a_definition_needs_one_way_to_move_the_king() {
    let base = "extends: variants/chess.yaml\nname: Broken castling\ncastling:\n  king: K\n  partners: [R]\n";
    for (extra, at) in [
        ("", None),
        (
            "  king_distance: 2\n  king_files: { kingside: g, queenside: c }\n",
            Some((7, 15)),
        ),
        (
            "  king_files: { kingside: z, queenside: c }\n",
            Some((6, 27)),
        ),
    ] {
        let yaml = format!("{base}{extra}");
        let e = Variant::from_yaml("broken.yaml", &yaml).unwrap_err();
        let p = &e.problems[0];
        assert_eq!(p.code, "fairy::bad-castling", "{extra}");
        if let Some(at) = at {
            let start = p.span.start;
            let found = (
                yaml[..start].matches('\n').count() + 1,
                start - yaml[..start].rfind('\n').map_or(0, |i| i + 1) + 1,
            );
            assert_eq!(found, at, "{extra}");
        }
    }
}
