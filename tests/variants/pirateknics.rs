//! PiRaTeKnIcS (docs/games/pirateknics.md): pieces aboard neutral ships. Legal-move sets as insta snapshots,
//! each read move by move against the rulings; exact counts; checkmate and stalemate.

use fairy_rules::{Outcome, Reason, Variant};

fn pirateknics() -> Variant {
    Variant::from_file("variants/pirateknics.yaml").unwrap()
}

fn moves(v: &Variant, fen: &str) -> Vec<String> {
    let pos = v.parse_fen(fen).unwrap();
    let mut moves: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    moves.sort();
    moves
}

/// The position's FEN, then its legal moves sorted, one per line.
fn listing(fen: &str) -> String {
    let moves = moves(&pirateknics(), fen);
    format!("{fen}\n{} moves\n{}\n", moves.len(), moves.join("\n"))
}

/// The FEN after playing `played` from `fen`.
fn after(fen: &str, played: &[&str]) -> String {
    let v = pirateknics();
    let mut pos = v.parse_fen(fen).unwrap();
    for text in played {
        let m = v.parse_move(&pos, text).unwrap();
        pos = v.play_unchecked(&pos, m);
    }
    v.fen(&pos)
}

/// A crew is written White's pieces first, each colour in the order P N B R Q K.
const START: &str = "<nbr><brq><nbk><nbr>/<ppp><ppp><ppp><ppp><ppp><ppp>/6/6/6/6/<PPP><PPP><PPP><PPP><PPP><PPP>/<NBR><BRQ><NBK><NBR> w - - 0 1";

#[test]
fn the_start_position_round_trips() {
    let v = pirateknics();
    assert_eq!(v.fen(&v.start_position()), START);
    let written = v.parse_fen(START).unwrap();
    assert_eq!(written, v.start_position());
    // The order aboard does not matter: the setup's `<RNB>` is the same ship.
    let shuffled = START.replace("<NBR><BRQ>", "<RNB><QRB>");
    assert_eq!(v.parse_fen(&shuffled).unwrap(), v.start_position());
}

#[test]
fn white_has_sixty_moves_at_the_start() {
    let all = moves(&pirateknics(), START);
    assert_eq!(all.len(), 60);
    // Non-capturing moves, by hand: every ship is full, so no crewman can board another
    // ship without capturing, and every move without a capture is a ship move. The six
    // pawn ships go one or two cells forward inside the own half (12); the knights carry
    // their ships, the other crewmen's neighbouring cells all hold crewed ships: b1 to a3
    // and c3, d1 to c3 and e3, e1 to d3 and f3 (6; d2, b2, f2 and c2 hold ships). 18 in all.
    let quiet: Vec<&String> = all.iter().filter(|m| !m.contains('x')).collect();
    assert_eq!(
        quiet,
        [
            "a2-a3", "a2-a4", "b1-a3", "b1-c3", "b2-b3", "b2-b4", "c2-c3", "c2-c4", "d1-c3",
            "d1-e3", "d2-d3", "d2-d4", "e1-d3", "e1-f3", "e2-e3", "e2-e4", "f2-f3", "f2-f4"
        ]
    );
    // The other 42 are self-captures (no enemy is in reach), one per mover, target and
    // captured type; never of the king (d1 holds K, B, N: only B or N can be taken there).
    let captures: Vec<&String> = all.iter().filter(|m| m.contains('x')).collect();
    assert_eq!(
        captures,
        [
            "b1Bxa2P", "b1Bxc2P", "b1Nxd2P", "b1Rxb2P", "b1Rxc1B", "b1Rxc1Q", "b1Rxc1R", "c1Bxb2P",
            "c1Bxd2P", "c1Qxb1B", "c1Qxb1N", "c1Qxb1R", "c1Qxb2P", "c1Qxc2P", "c1Qxd1B", "c1Qxd1N",
            "c1Qxd2P", "c1Rxb1B", "c1Rxb1N", "c1Rxb1R", "c1Rxc2P", "c1Rxd1B", "c1Rxd1N", "d1Bxc2P",
            "d1Bxe2P", "d1Kxc1B", "d1Kxc1Q", "d1Kxc1R", "d1Kxc2P", "d1Kxd2P", "d1Kxe1B", "d1Kxe1N",
            "d1Kxe1R", "d1Kxe2P", "d1Nxb2P", "d1Nxf2P", "e1Bxd2P", "e1Bxf2P", "e1Nxc2P", "e1Rxd1B",
            "e1Rxd1N", "e1Rxe2P"
        ]
    );
    let by_type = |letter: char| captures.iter().filter(|m| m.ends_with(letter)).count();
    assert_eq!(
        (
            by_type('P'),
            by_type('N'),
            by_type('B'),
            by_type('R'),
            by_type('Q')
        ),
        (21, 6, 8, 5, 2)
    );
}

#[test]
fn a_crewed_ship_blocks_a_rook_and_an_empty_one_does_not() {
    insta::assert_snapshot!(listing("3<k>/6/6/6/6/<R>1<>1<p>1/6/<K>3 w - - 0 1"));
}

#[test]
fn a_ship_move_carries_both_colours() {
    let fen = "3<k>/6/6/6/2<RNp>3/6/6/<K>3 w - - 0 1";
    insta::assert_snapshot!(listing(fen));
    assert_eq!(
        after(fen, &["c4-e5"]),
        "3<k>/6/6/4<NRp>1/6/6/6/<K>3 b - c4e5 1 1"
    );
}

#[test]
fn companions_come_along_as_room_allows() {
    // b4: an empty ship (room 3); d6: two black pawns (room 1, or 2 after a capture).
    insta::assert_snapshot!(listing("3<k>/6/3<pp>2/6/1<>1<QRB>2/6/6/<K>3 w - - 0 1"));
}

#[test]
fn a_crewman_captures_a_friendly_piece() {
    let fen = "<k>3/6/6/1<PBn>4/6/2<N>3/6/<K>3 w - - 0 1";
    insta::assert_snapshot!(listing(fen));
    assert_eq!(
        after(fen, &["c3Nxb5B"]).split(' ').next(),
        Some("<k>3/6/6/1<PNn>4/6/2<>3/6/<K>3")
    );
}

#[test]
fn the_opponent_carries_a_king_into_check() {
    // Black's knight shares a ship with White's king: carrying it onto the rook's rank is
    // a legal move for Black, which leaves White in check.
    let fen = "3<k>/6/<r>5/6/3<Kn>2/6/6/4 b - - 0 1";
    insta::assert_snapshot!(listing(fen));
    let v = pirateknics();
    let checked = v.parse_fen(&after(fen, &["d4-c6"])).unwrap();
    assert!(v.rules().in_check(&checked));
    // White's own escapes: the king steps off the ship; it cannot make Black's knight
    // carry it, and may not capture that shipmate.
    let escapes = moves(&v, &v.fen(&checked));
    assert!(escapes
        .iter()
        .all(|m| m.starts_with("c6-") || m.starts_with("c6K")));
    assert!(escapes.iter().all(|m| !m.contains('x')));
}

#[test]
fn a_king_is_carried_out_of_check_by_its_own_crew() {
    // The knight sharing the king's ship carries it to a2, the only cell out of reach of
    // the queen and the rook: the king's only escape is a ship ride.
    let fen = "3<k>/6/6/6/6/2<q>3/6/1<KN>1<r> w - - 0 1";
    let v = pirateknics();
    assert!(v.rules().in_check(&v.parse_fen(fen).unwrap()));
    assert_eq!(moves(&v, fen), ["c1-a2"]);
}

#[test]
fn no_ship_move_undoes_the_opponents_last_one() {
    let banned = "3<k>/6/6/6/2<Nn>3/6/6/<K>3 w - d6c4 0 1";
    insta::assert_snapshot!(listing(banned));
    let free = moves(&pirateknics(), "3<k>/6/6/6/2<Nn>3/6/6/<K>3 w - - 0 1");
    let kept = moves(&pirateknics(), banned);
    let lost: Vec<&String> = free.iter().filter(|m| !kept.contains(m)).collect();
    assert_eq!(lost, ["c4-d6"]);
    // The rule bans only the exact reversal, and only right after the opponent's move.
    assert_eq!(
        after("3<k>/6/3<Nn>2/6/6/6/6/<K>3 b - - 0 1", &["d6-c4"]),
        "3<k>/6/6/6/2<Nn>3/6/6/<K>3 w - d6c4 1 2"
    );
    assert_eq!(
        after(banned, &["b1-c1"]),
        "3<k>/6/6/6/2<Nn>3/6/6/1<K>2 b - b1c1 1 1"
    );
}

#[test]
fn kings_never_stand_on_adjacent_cells() {
    // c4 and c5 touch the black king on d5, by a ship move or by boarding the empty ship.
    insta::assert_snapshot!(listing("4/6/6/3<k>2/1<K><>3/6/6/4 w - - 0 1"));
    // Kings may share a ship; neither attacks the other there.
    let shared = moves(&pirateknics(), "4/6/6/2<Kk>3/6/6/6/4 w - - 0 1");
    assert!(shared.contains(&"c5-c4".to_string()));
}

#[test]
fn two_pawns_promote_at_once() {
    // Either pawn may lead the ship to c8, or the knight to e8: both pawns promote, each by
    // its own choice (10 multisets of N, B, R, Q); capturing on d8 promotes every pawn of
    // the group.
    insta::assert_snapshot!(listing("2<b>1/2<PPN>3/6/5<k>/6/6/6/<K>3 w - - 0 1"));
}

#[test]
fn a_pawn_carried_by_the_opponent_does_not_promote() {
    let fen = "4/6/3<Pn>2/6/6/6/6/<K>2<k> b - - 0 1";
    insta::assert_snapshot!(listing(fen));
    // Black's knight carries White's pawn to e8: it stays a pawn...
    let there = after(fen, &["d6-e8"]);
    assert_eq!(there, "3<Pn>/6/6/6/6/6/6/<K>2<k> w - d6e8 1 2");
    // ... and promotes later only by a move of White's that moves it onto a last cell.
    let v = pirateknics();
    assert!(moves(&v, &there).iter().all(|m| !m.contains('=')));
}

#[test]
fn checkmate_when_every_ship_ride_is_covered() {
    // As in the escape above, but a black pawn on b3 covers a2.
    let v = pirateknics();
    let fen = "3<k>/6/6/6/6/1<p><q>3/6/1<KN>1<r> w - - 0 1";
    let pos = v.parse_fen(fen).unwrap();
    assert!(v.legal_moves(&pos).is_empty());
    assert_eq!(
        v.outcome(&pos),
        Some(Outcome::Win {
            winner: fairy_rules::Color::Black,
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn stalemate_when_every_step_and_ride_walks_into_check() {
    // The king on c1 is not attacked, but its steps (b2, c2, d2, and b1 or d1 once its ship
    // leaves) and its knight's rides with it aboard (a2, b3, d3, e2) are all covered, and no
    // ship is in reach to board.
    let v = pirateknics();
    let fen = "4/6/6/5<b>/<k>5/5<b>/5<r>/1<KN>2 w - - 0 1";
    let pos = v.parse_fen(fen).unwrap();
    assert!(!v.rules().in_check(&pos));
    assert_eq!(
        v.outcome(&pos),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn perft_from_the_start() {
    let v = pirateknics();
    let start = v.start_position();
    let counts: Vec<u64> = (1..=3).map(|d| v.perft(&start, d)).collect();
    // Confirmed by tests/reference/pirateknics_reference.py, written from docs/games/pirateknics.md alone.
    assert_eq!(counts, [60, 3_587, 246_356]);
}

#[test]
fn the_inventors_notation_is_resolved_against_the_legal_moves() {
    let v = pirateknics();
    let read = |fen: &str, text: &str| -> Result<String, String> {
        let pos = v.parse_fen(fen).unwrap();
        v.parse_move(&pos, text)
            .map(|m| v.move_text(m))
            .map_err(|e| e.to_string())
    };
    // Ship moves with the whole crew in brackets; a crew that is not aboard matches nothing.
    assert_eq!(read(START, "b2<PPP>-b4").as_deref(), Ok("b2-b4"));
    assert_eq!(read(START, "d1<KBN>-c3").as_deref(), Ok("d1-c3"));
    assert_eq!(
        read(START, "b2<PPN>-b4"),
        Err("`b2<PPN>-b4` is not legal here: no legal move matches it".into())
    );
    // A knight's move to a cell without a ship is a ship move, not a crewman's move.
    assert_eq!(
        read(START, "d1N-c3"),
        Err("`d1N-c3` is not legal here: no legal move matches it".into())
    );
    // Spaces around the `x`, check marks and annotations.
    for text in [
        "c1Q x b1R",
        "c1Q x b1R!?",
        "c1Qxb1R*",
        "c1Q x b1R **",
        "c1Qxb1R{*}",
    ] {
        assert_eq!(read(START, text).as_deref(), Ok("c1Qxb1R"), "{text}");
    }
    // The captured letter: its case is the colour in the canonical form; with the inventor's
    // spaces it names a type, and both pawns on d5 make it ambiguous.
    let mixed = "<k>3/5<BR>/6/3<Pp>2/6/6/6/<K>3 w - - 0 1";
    assert_eq!(read(mixed, "f7BRxd5p").as_deref(), Ok("f7BRxd5p"));
    assert_eq!(read(mixed, "f7BRxd5P").as_deref(), Ok("f7BRxd5P"));
    assert_eq!(
        read(mixed, "f7BR x d5P"),
        Err("`f7BR x d5P` is ambiguous: it could be f7BRxd5P or f7BRxd5p".into())
    );
    // Promotions: a choice after each promoting pawn, or `=` and the choices.
    let promoting = "2<b>1/2<PPN>3/6/5<k>/6/6/6/<K>3 w - - 0 1";
    assert_eq!(
        read(promoting, "c7P(Q)P(N) x d8B").as_deref(),
        Ok("c7PPxd8b=NQ")
    );
    assert_eq!(read(promoting, "c7PPxd8b=QN").as_deref(), Ok("c7PPxd8b=NQ"));
    let unchosen = read(promoting, "c7PP x d8B").unwrap_err();
    assert!(
        unchosen.contains("ambiguous: it could be c7PPxd8b=BB"),
        "{unchosen}"
    );
    assert_eq!(
        unchosen.matches(" or ").count(),
        9,
        "ten candidates: {unchosen}"
    );
    // Malformed text names what is wrong.
    assert_eq!(
        read(START, "b2b4"),
        Err("`b2b4` is not a move: expected `-` or `x` before the destination".into())
    );
    assert_eq!(
        read(START, "z9-b4"),
        Err("`z9-b4` is not a move: `z9` is not a square of this board".into())
    );
}

#[test]
fn every_legal_move_reads_back_from_its_text() {
    let v = pirateknics();
    for fen in [START, "2<b>1/2<PPN>3/6/5<k>/6/6/6/<K>3 w - - 0 1"] {
        let pos = v.parse_fen(fen).unwrap();
        for m in v.legal_moves(&pos) {
            assert_eq!(v.parse_move(&pos, &v.move_text(m)), Ok(m));
        }
    }
}

/// The definition with `line` replaced by `with`: the inventor's natural variants.
fn variant_with(line: &str, with: &str) -> Variant {
    let yaml = std::fs::read_to_string("variants/pirateknics.yaml").unwrap();
    assert!(yaml.contains(line), "no line {line}");
    Variant::from_yaml("natural.yaml", &yaml.replacen(line, with, 1)).unwrap()
}

#[test]
fn larger_ships_are_one_line_away() {
    const BOARD: &str = "board: 6x8 minus a1, f1, a8, f8 with ship <3>";
    // Counts confirmed by the reference generator with its capacity set to 4 and 6.
    // (3,4): every ship has room for one more, so crewmen may board without capturing.
    let four = variant_with(BOARD, "board: 6x8 minus a1, f1, a8, f8 with ship <4>");
    let moves = moves(&four, START);
    assert!(moves.contains(&"c1Q-b1".to_string()) && moves.contains(&"d1K-c1".to_string()));
    let start = four.start_position();
    assert_eq!(
        (four.perft(&start, 1), four.perft(&start, 2)),
        (163, 26_442)
    );
    // (3,6): two companions may come along on such a move.
    let six = variant_with(BOARD, "board: 6x8 minus a1, f1, a8, f8 with ship <6>");
    assert!(moves_of(&six).contains(&"c1QBR-b1".to_string()));
    let start = six.start_position();
    assert_eq!((six.perft(&start, 1), six.perft(&start, 2)), (268, 71_266));
}

fn moves_of(v: &Variant) -> Vec<String> {
    moves(v, &v.fen(&v.start_position()))
}

#[test]
fn ships_of_several_sizes_and_a_smaller_crew() {
    // Pawns in sloops of two, pieces in galleons of four: the board and the setup lines.
    let yaml = std::fs::read_to_string("variants/pirateknics.yaml").unwrap();
    let yaml = yaml
        .replacen(
            "board: 6x8 minus a1, f1, a8, f8 with ship <3>",
            "board: 6x8 minus a1, f1, a8, f8 with sloop (2), galleon [4]",
            1,
        )
        .replacen(
            "setup: <rnb><rbq><kbn><bnr>/<ppp><ppp><ppp><ppp><ppp><ppp>/6/6/6/6/<PPP><PPP><PPP><PPP><PPP><PPP>/<RNB><RBQ><KBN><BNR>",
            // Quoted: a YAML value starting with `[` would be a list.
            r#"setup: "[rnb][rbq][kbn][bnr]/(pp)(pp)(pp)(pp)(pp)(pp)/6/6/6/6/(PP)(PP)(PP)(PP)(PP)(PP)/[RNB][RBQ][KBN][BNR]""#,
            1,
        );
    let v = Variant::from_yaml("sloops.yaml", &yaml).unwrap();
    let start = v.fen(&v.start_position());
    assert!(
        start.ends_with("/(PP)(PP)(PP)(PP)(PP)(PP)/[NBR][BRQ][NBK][NBR] w - - 0 1"),
        "{start}"
    );
    assert_eq!(v.fen(&v.parse_fen(&start).unwrap()), start);
    let moves = moves_of(&v);
    // A galleon has room for a fourth piece, a full sloop has none.
    assert!(moves.contains(&"c1Q-b1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"c1QB-b1".to_string()), "{moves:?}");
    assert!(moves
        .iter()
        .all(|m| !m.contains("-a2") && !m.contains("-c2")));
    // Too many pieces for a sloop is an error in the setup.
    let crowded = Variant::from_yaml(
        "crowded.yaml",
        &yaml.replacen("(PP)(PP)(PP)", "(PPP)(PP)(PP)", 1),
    );
    let problem = &crowded.unwrap_err().problems[0];
    assert_eq!(problem.message, "a sloop holds at most 2 pieces");
}

#[test]
fn an_eight_by_eight_board_with_twenty_four_pawns() {
    let yaml = std::fs::read_to_string("variants/pirateknics.yaml").unwrap();
    let yaml = yaml
        .replacen("board: 6x8 minus a1, f1, a8, f8 with ship <3>", "board: 8x8 with ship <3>", 1)
        .replacen("white: rank 8, a7, f7", "white: rank 8", 1)
        .replacen("black: rank 1, a2, f2", "black: rank 1", 1)
        .replacen(
            "setup: <rnb><rbq><kbn><bnr>/<ppp><ppp><ppp><ppp><ppp><ppp>/6/6/6/6/<PPP><PPP><PPP><PPP><PPP><PPP>/<RNB><RBQ><KBN><BNR>",
            "setup: <rrb><bnn><rbn><qrb><kbn><rbn><bnn><rrb>/<ppp><ppp><ppp><ppp><ppp><ppp><ppp><ppp>/8/8/8/8/<PPP><PPP><PPP><PPP><PPP><PPP><PPP><PPP>/<RRB><BNN><RBN><QRB><KBN><RBN><BNN><RRB>",
            1,
        );
    let v = Variant::from_yaml("eight.yaml", &yaml).unwrap();
    let pos = v.start_position();
    let pawns = v
        .topology
        .cells()
        .map(|c| {
            pos.crew_at(c)
                .pieces()
                .filter(|p| p.kind() == fairy_rules::Kind::new(0))
                .count()
        })
        .sum::<usize>();
    assert_eq!(pawns, 48);
    assert_eq!(v.perft(&pos, 1), moves_of(&v).len() as u64);
}

#[test]
fn perft_agrees_with_the_reference_positions() {
    // FEN;perft(1);perft(2) from tests/reference/pirateknics_reference.py: random games and
    // hand-made positions stressing promotions, ship rides, shared ships and blocking.
    let v = pirateknics();
    let text = std::fs::read_to_string("tests/reference/pirateknics_positions.txt").unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split(';').collect();
        let pos = v
            .parse_fen(fields[0])
            .unwrap_or_else(|e| panic!("{}: {e}", fields[0]));
        let want: Vec<u64> = fields[1..].iter().map(|n| n.parse().unwrap()).collect();
        let got: Vec<u64> = (1..=want.len() as u32).map(|d| v.perft(&pos, d)).collect();
        assert_eq!(got, want, "{}", fields[0]);
        checked += 1;
    }
    assert!(checked >= 50, "{checked} positions");
}
