//! A variant of [`MAX_KINDS`] = 64 piece kinds, generated here: a king, a pawn promoting to
//! kinds 40 and 63, the 44 leapers (m,n) with 0 ≤ m ≤ n ≤ 8, and 18 riders, all of them
//! dropped from the hand. Past the 26 ASCII letters its pieces have Greek, Cyrillic and
//! Latin-1 letters. Counts written by hand are checked against the engine, and the engine's
//! fast legality test against its slow reference ([`fairy_rules::Ruleset::legal_moves_by_trial`]).

use fairy_rules::{Color, Piece, Variant, MAX_KINDS};

use crate::support::{moves, sorted, sorted_texts};

/// The letters of the kinds, in their order: kind 37 is `Ж`, kind 63 `Ø`.
const LETTERS: [char; 64] = [
    'K', 'P', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'L', 'M', 'N', 'O', 'Q', 'R', 'S',
    'T', 'U', 'V', 'W', 'X', 'Y', 'Z', 'Γ', 'Δ', 'Θ', 'Λ', 'Ξ', 'Π', 'Σ', 'Φ', 'Ψ', 'Ω', 'Б', 'Ж',
    'З', 'И', 'Й', 'Ц', 'Ч', 'Ш', 'Щ', 'Ы', 'Э', 'Ю', 'Я', 'À', 'Á', 'Â', 'Ã', 'Ä', 'Å', 'Æ', 'Ç',
    'È', 'É', 'Ê', 'Ë', 'Ñ', 'Ö', 'Ø',
];

/// The riders' steps (m,n), kinds 46 to 63.
const RIDES: [(u8, u8); 18] = [
    (0, 1),
    (1, 1),
    (1, 2),
    (0, 2),
    (2, 2),
    (0, 3),
    (1, 3),
    (2, 3),
    (3, 3),
    (1, 4),
    (2, 4),
    (3, 4),
    (0, 4),
    (4, 4),
    (1, 5),
    (2, 5),
    (3, 5),
    (4, 5),
];

/// The movements of the 64 kinds, in order.
fn movements() -> Vec<String> {
    let mut out = vec!["K".to_string(), "fmWfcF".to_string()];
    for n in 1..=8 {
        for m in 0..=n {
            out.push(format!("({m},{n})"));
        }
    }
    out.extend(RIDES.iter().map(|(m, n)| format!("({m},{n})({m},{n})")));
    out
}

/// The definition on a `size`×`size` board with `setup`, with `pieces` of the 64 kinds (the
/// first ones).
fn definition(size: u8, pieces: usize, setup: &str) -> String {
    let mut text = format!(
        "name: Many kinds\nboard: {size}x{size}\nregions:\n  last-rank:\n    white: rank {size}\n    \
         black: rank 1\nhand:\n  captures: capturer\npieces:\n"
    );
    for (k, moves) in movements().iter().enumerate().take(pieces) {
        let letter = LETTERS[k % 64];
        let extra = match k {
            0 => "\n    royal: true".to_string(),
            1 => "\n    promotion: { zone: last-rank, choices: [Й, Ø] }".to_string(),
            _ => "\n    drop: {}".to_string(),
        };
        text.push_str(&format!(
            "  kind-{k}:\n    letter: {letter}\n    moves: \"{moves}\"{extra}\n"
        ));
    }
    text + &format!("setup: {setup}\n")
}

/// The 64 kinds on a 16×16 board: White's pieces fill ranks 1 to 4 in kind order (the pawn
/// on a1 and the king on b1, out of the lines of the (3,4)- and (4,5)-riders on j4 and p4;
/// kind 63 on p4), Black's mirror them on ranks 16 to 13.
const START: &str = "pkabcdefghijlmno/qrstuvwxyzγδθλξπ/σφψωбжзийцчшщыэю/яàáâãäåæçèéêëñöø/\
                     16/16/16/16/16/16/16/16/\
                     ЯÀÁÂÃÄÅÆÇÈÉÊËÑÖØ/ΣΦΨΩБЖЗИЙЦЧШЩЫЭЮ/QRSTUVWXYZΓΔΘΛΞΠ/PKABCDEFGHIJLMNO[]";

fn many() -> Variant {
    Variant::from_yaml("many.yaml", &definition(16, 64, START)).unwrap()
}

/// White's king on a1, `(8,8)`-leaper `Ы` on h8, `(0,8)`-leaper `Ж` on i9, `(0,1)`-rider `Э`
/// on p1, a pawn on c15 before Black's `(1,1)`-leaper `b` on d16, Black's king on a16, and
/// in White's hand a `(1,5)`-leaper `U` (kind 20) and a `(2,5)`-rider `Á` (kind 50).
const POSITION: &str = "k2b12/2P13/16/16/16/16/16/8Ж7/7Ы8/16/16/16/16/16/16/K14Э[ÁU] w - - 0 1";

#[test]
fn sixty_four_kinds_is_the_limit_and_the_definition_compiles() {
    assert_eq!(MAX_KINDS, 64);
    let v = many();
    assert_eq!(v.kinds().count(), 64);
    let letters: String = v.kinds().map(|k| v.piece_type(k).letter).collect();
    assert_eq!(letters, LETTERS.iter().collect::<String>());
    assert_eq!(v.kind_of_letter('ø').map(|k| k.index()), Some(63));
    assert_eq!(v.kind_of_letter('Ж').map(|k| k.index()), Some(37));
    let last = Piece::new(v.kind_of_letter('Ø').unwrap(), Color::Black);
    assert_eq!(v.letter(last), 'ø');
    let start = v.start_position();
    assert_eq!(start.occupied().count(), 128);
    assert_eq!(start.pieces_of_kind(last.kind(), Color::Black).count(), 1);
}

#[test]
fn the_start_position_round_trips_through_fen_with_every_letter() {
    let v = many();
    let fen = v.fen(&v.start_position());
    assert_eq!(fen, format!("{START} w - - 0 1"));
    let again = v.parse_fen(&fen).unwrap();
    assert_eq!(again, v.start_position());
    let pos = v.parse_fen(POSITION).unwrap();
    assert_eq!(v.fen(&pos), POSITION);
    assert_eq!(pos.hash(), v.hash_from_scratch(&pos));
}

#[test]
fn every_move_of_the_position_is_counted_by_hand() {
    let v = many();
    let pos = v.parse_fen(POSITION).unwrap();
    let legal = v.legal_moves(&pos);
    // King 3 (a2 b1 b2), Ы 1 (p16), Ж 2 (a9 i1), Э 29 (b1-o1, p2-p16), the pawn 4 (c16 and
    // cxd16, each as Й or Ø), and 249 empty cells for each of the two held kinds.
    assert_eq!(legal.len(), 3 + 1 + 2 + 29 + 4 + 2 * 249);
    assert_eq!(v.count_legal_moves(&pos), 537);
    assert_eq!(sorted(v.legal_moves_by_trial(&pos)), sorted(legal.clone()));
    let board: Vec<String> = sorted_texts(&v, legal)
        .into_iter()
        .filter(|t| !t.contains('@'))
        .collect();
    assert_eq!(
        board,
        [
            "a1a2", "a1b1", "a1b2", "c15c16ø", "c15c16й", "c15d16ø", "c15d16й", "h8p16", "i9a9",
            "i9i1", "p1b1", "p1c1", "p1d1", "p1e1", "p1f1", "p1g1", "p1h1", "p1i1", "p1j1", "p1k1",
            "p1l1", "p1m1", "p1n1", "p1o1", "p1p10", "p1p11", "p1p12", "p1p13", "p1p14", "p1p15",
            "p1p16", "p1p2", "p1p3", "p1p4", "p1p5", "p1p6", "p1p7", "p1p8", "p1p9"
        ]
    );
}

#[test]
fn a_promotion_to_kind_63_and_drops_of_kinds_20_and_50_are_played() {
    let v = many();
    let pos = v.parse_fen(POSITION).unwrap();
    // The pawn takes on d16 and becomes kind 63; the captured kind 3 goes to White's hand.
    let m = v.parse_san(&pos, "cxd16=Ø").unwrap();
    assert_eq!(v.move_text(m), "c15d16ø");
    assert_eq!(v.parse_move(&pos, "c15d16ø").unwrap(), m);
    let after = v.play(&pos, m).unwrap();
    assert_eq!(
        v.fen(&after),
        "k2Ø~12/16/16/16/16/16/16/8Ж7/7Ы8/16/16/16/16/16/16/K14Э[ÁUB] b - - 0 1"
    );
    assert_eq!(after.hash(), v.hash_from_scratch(&after));
    // Ø, a (4,5)-rider on d16, leaves Black's king its three steps.
    assert_eq!(moves(&v, &v.fen(&after)), ["a16a15", "a16b15", "a16b16"]);
    // A piece move in SAN, the piece's letter read in either case.
    let m = v.parse_san(&pos, "Жa9").unwrap();
    assert_eq!(
        (v.move_text(m), v.san(&pos, m)),
        ("i9a9".into(), "Жa9".into())
    );
    assert_eq!(v.parse_san(&pos, "жa9").unwrap(), m);
    // Drops of kinds 20 and 50, by SAN and by move text.
    let drop = v.parse_san(&pos, "Á@e4").unwrap();
    assert_eq!(v.move_text(drop), "Á@e4");
    let after = v.play(&pos, drop).unwrap();
    assert_eq!(
        v.fen(&after),
        "k2b12/2P13/16/16/16/16/16/8Ж7/7Ы8/16/16/16/4Á11/16/16/K14Э[U] b - - 1 1"
    );
    let after = v.play(&pos, v.parse_move(&pos, "U@p15").unwrap()).unwrap();
    assert_eq!(
        after.in_hand(Piece::new(v.kind_of_letter('U').unwrap(), Color::White)),
        0
    );
    assert_eq!(after.hash(), v.hash_from_scratch(&after));
}

#[test]
fn perft_of_the_start_and_of_the_position_agrees_with_the_slow_reference() {
    let v = many();
    let start = v.start_position();
    // By hand: no piece reaches the enemy's ranks but the riders of rank 4; rank 1 has 7
    // moves (its leapers of reach 4), rank 2 32, rank 3 27 (its (4,7)-leaper on b3 is pinned
    // against the king on b1 by Black's (0,2)-rider on b13), rank 4 102.
    assert_eq!(v.perft(&start, 1), 7 + 32 + 27 + 102);
    assert_eq!(v.perft(&start, 2), 27_963);
    assert_eq!(v.perft(&start, 3), 5_004_079);
    let pos = v.parse_fen(POSITION).unwrap();
    assert_eq!(v.perft(&pos, 2), 2_110);
    // The slow reference finds the same moves after every first move: the same perft(2).
    for p in [&start, &pos] {
        let mut leaves = 0;
        for m in v.legal_moves(p) {
            let after = v.play(p, m).unwrap();
            let slow = sorted(v.legal_moves_by_trial(&after));
            assert_eq!(sorted(v.legal_moves(&after)), slow, "{}", v.fen(&after));
            leaves += slow.len() as u64;
        }
        assert_eq!(leaves, v.perft(p, 2));
    }
}

#[test]
fn the_kinds_work_on_a_board_of_64_cells_too() {
    // The narrowest cell sets: kind 63 on h1, with kind 50 in hand.
    let setup = "k7/8/8/8/8/8/8/K6Ø[Á]";
    let v = Variant::from_yaml("small.yaml", &definition(8, 64, setup)).unwrap();
    let pos = v.start_position();
    // King 3; Ø, a (4,5)-rider, 2 (d6 c5); 61 drops of Á.
    assert_eq!(v.count_legal_moves(&pos), 3 + 2 + 61);
    assert_eq!(v.fen(&pos), "k7/8/8/8/8/8/8/K6Ø[Á] w - - 0 1");
}

#[test]
fn a_sixty_fifth_kind_is_refused_at_its_letter() {
    let mut text = definition(
        16,
        64,
        "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15[]",
    );
    let extra = "  kind-64:\n    letter: Ÿ\n    moves: W\n";
    let at = text.find("setup:").unwrap();
    text.insert_str(at, extra);
    let e = Variant::from_yaml("many.yaml", &text).unwrap_err();
    let problems: Vec<_> = e
        .problems
        .iter()
        .map(|p| {
            (
                p.code,
                p.message.as_str(),
                &e.source_of(p).text[p.span.clone()],
            )
        })
        .collect();
    assert_eq!(
        problems,
        [(
            "fairy::too-many-pieces",
            "65 piece types; at most 64 are supported",
            "Ÿ"
        )]
    );
    let letter = text.find('Ÿ').unwrap();
    assert_eq!(e.problems[0].span, letter..letter + 'Ÿ'.len_utf8());
}
