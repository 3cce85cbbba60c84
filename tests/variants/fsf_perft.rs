//! Fairy-Stockfish's perft suite (`tests/perft.sh` of fairy-stockfish/Fairy-Stockfish), for
//! every case whose variant can be written in YAML today (the definitions are in
//! `variants/fsf/`; which cases are left out and why is in `docs/fsf-suite.md`).
//!
//! Every count is the suite's own, at the suite's own depth: each case finishes in well under
//! a second in release mode (the chess positions at depth 5 and 6 in a few seconds), so no
//! case needs a lower depth.

use fairy_rules::Variant;

/// Perft of a definition under `variants/` (`fsf/makruk`, `chess`), from its start or `fen`.
fn perft(file: &str, fen: Option<&str>, depth: u32) -> u64 {
    let v = Variant::from_file(format!("variants/{file}.yaml")).unwrap();
    let pos = match fen {
        Some(f) => v.parse_fen(f).unwrap(),
        None => v.start_position(),
    };
    v.perft(&pos, depth)
}

/// Each case: (FEN or `None` for the start position, depth, the suite's count).
fn check(file: &str, cases: &[(Option<&str>, u32, u64)]) {
    for &(fen, depth, expected) in cases {
        assert_eq!(
            perft(file, fen, depth),
            expected,
            "{file} {} depth {depth}",
            fen.unwrap_or("startpos")
        );
    }
}

// The suite's chess section (the chessprogramming wiki's positions), at the suite's depths.

#[test]
fn chess_start() {
    check("chess", &[(None, 5, 4_865_609)]);
}

#[test]
fn chess_kiwipete() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    check("chess", &[(Some(fen), 5, 193_690_690)]);
}

#[test]
fn chess_positions_3_and_4() {
    check(
        "chess",
        &[
            (Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -"), 6, 11_030_083),
            (
                Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
                5,
                15_833_292,
            ),
        ],
    );
}

#[test]
fn chess_position_5() {
    let fen = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
    check("chess", &[(Some(fen), 5, 89_941_194)]);
}

#[test]
fn chess_position_6() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    check("chess", &[(Some(fen), 5, 164_075_551)]);
}

// Small boards and fairy pieces.

#[test]
fn losalamos() {
    check(
        "fsf/losalamos",
        &[
            (None, 5, 191_846),
            (Some("6/2P3/6/1K1k2/6/6 w - - 0 1"), 6, 187_431),
        ],
    );
}

#[test]
fn makruk_asean_ai_wok() {
    check("fsf/makruk", &[(None, 4, 273_026)]);
    check("fsf/asean", &[(None, 4, 273_026)]);
    check(
        "fsf/ai-wok",
        &[
            (None, 4, 485_045),
            (Some("8/8/8/2sp2k1/7p/3P4/6K1/7r w - - 0 1"), 5, 30_055),
        ],
    );
}

#[test]
fn shatranj() {
    check("fsf/shatranj", &[(None, 4, 68_122)]);
}

#[test]
fn shatar() {
    check("fsf/shatar", &[(None, 4, 177_344)]);
}

#[test]
fn courier() {
    check("fsf/courier", &[(None, 4, 500_337)]);
}

#[test]
fn pieces_replaced() {
    check("fsf/amazon", &[(None, 4, 318_185)]);
    check("fsf/nightrider", &[(None, 4, 419_019)]);
    check("fsf/hoppelpoppel", &[(None, 4, 202_459)]);
    check("fsf/newzealand", &[(None, 4, 200_310)]);
    check("fsf/knightmate", &[(None, 4, 139_774)]);
    check(
        "fsf/almost",
        &[
            (None, 3, 11_895),
            (Some("8/1k5P/8/8/8/3K4/p7/8 b - - 0 1"), 2, 140),
        ],
    );
    check(
        "fsf/perfect",
        &[
            (None, 3, 15_082),
            (
                Some("c3k2r/pppppppp/8/8/8/8/PPPPPPPP/C3K2R w KQkq - 0 1"),
                3,
                17_500,
            ),
        ],
    );
}

#[test]
fn grasshopper() {
    check("fsf/grasshopper", &[(None, 4, 635_298)]);
}

#[test]
fn pawns_changed() {
    check(
        "fsf/torpedo",
        &[
            (None, 4, 209_719),
            (
                Some("rnbqkbnr/1ppppppp/8/6P1/p7/8/PPPPPP1P/RNBQKBNR w KQkq - 0 1"),
                4,
                232_819,
            ),
        ],
    );
    check("fsf/pawnsideways", &[(None, 3, 10_022)]);
    check("fsf/pawnback", &[(None, 3, 9_222)]);
    check("fsf/legan", &[(None, 4, 8_138)]);
    // The en passant fields as the suite writes them: the square passed and the pawn's.
    check(
        "fsf/berolina",
        &[
            (
                Some("rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 2 2"),
                3,
                46_643,
            ),
            (Some("k7/6P1/8/8/8/2K2p2/4p3/8 w - - 0 1"), 3, 1_983),
            (
                Some("rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6c5 0 1"),
                2,
                1_047,
            ),
        ],
    );
}

// Other goals.

#[test]
fn king_of_the_hill() {
    // The bundled definition.
    let fen = "rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12";
    check("king-of-the-hill", &[(Some(fen), 3, 19_003)]);
}

#[test]
fn coregal() {
    check(
        "fsf/coregal",
        &[
            (None, 4, 195_896),
            (
                Some("rn2kb1r/ppp1pppp/6q1/8/2PP2b1/5B2/PP3P1P/R1BQK1NR w KQkq - 1 9"),
                3,
                20_421,
            ),
            (
                Some("2Q5/3Pq2k/6p1/4Bp1p/5P1P/8/8/K7 w - - 2 72"),
                4,
                55_970,
            ),
            (
                Some("r3kb1r/1pp1pppp/p1q2n2/3P4/6b1/2N2N2/PPP2PPP/R1BQ1RK1 b kq - 0 9"),
                4,
                136_511,
            ),
        ],
    );
}

#[test]
fn horde() {
    check(
        "fsf/horde",
        &[
            (None, 4, 23_310),
            (
                Some("4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1"),
                4,
                56_539,
            ),
            (
                Some("k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1"),
                4,
                33_781,
            ),
            (
                Some("4k3/7r/8/P7/2p1n2P/3p2P1/1P3P2/PPP1PPP1 w - - 0 1"),
                4,
                128_809,
            ),
            (
                Some("rnbqkbnr/6p1/2p1Pp1P/P1PPPP2/Pp4PP/1p2PPPP/1P2PPPP/PP1nPPPP b kq a3 0 18"),
                4,
                197_287,
            ),
        ],
    );
}

#[test]
fn kinglet() {
    check("fsf/kinglet", &[(None, 4, 197_742)]);
}

#[test]
fn breakthrough_and_clobber() {
    check(
        "fsf/breakthrough",
        &[
            (None, 4, 256_036),
            (
                Some("1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w - - 1 26"),
                4,
                121_264,
            ),
        ],
    );
    check("fsf/clobber", &[(None, 3, 80_063)]);
}

// Large boards.

#[test]
fn capablanca_family() {
    // Capablanca chess is the bundled definition.
    check("capablanca", &[(None, 4, 805_128)]);
    check("fsf/embassy", &[(None, 4, 809_539)]);
    check("fsf/janus", &[(None, 4, 772_074)]);
    check("fsf/centaur", &[(None, 3, 24_490)]);
    check("fsf/gustav3", &[(None, 4, 331_659)]);
}

#[test]
fn nine_by_nine() {
    check("fsf/modern", &[(None, 4, 433_729)]);
    check("fsf/chancellor", &[(None, 4, 436_656)]);
}

#[test]
fn ten_by_ten_and_more() {
    check("fsf/tencubed", &[(None, 3, 68_230)]);
    check("fsf/omicron", &[(None, 4, 967_381)]);
    check("fsf/troitzky", &[(None, 3, 8_766)]);
    check(
        "fsf/wolf",
        &[
            (None, 3, 13_722),
            (Some("8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1"), 4, 10_587),
        ],
    );
}

#[test]
fn shako() {
    check(
        "fsf/shako",
        &[
            (
                Some("4kc3c/ernbq1b1re/ppp3p1pp/3p2pp2/4p5/5P4/2PN2P3/PP1PP2PPP/ER1BQKBNR1/5C3C w KQ - 0 9"),
                3,
                26_325,
            ),
            (
                Some("4ncr1k1/1cr2P4/pp2p2pp1/P7PN/2Ep1p4/B3P1eN2/2P1n1P3/1B1P1K4/9p/5C2CR w - - 0 1"),
                3,
                180_467,
            ),
            (
                Some("r5k3/4q2c2/1ebppnp3/1pp3BeEQ/10/2PE2P3/1P3P4/5NP2P/rR3KB3/7C2 w Q - 3 35"),
                2,
                4_940,
            ),
            // The suite writes the castling field `Kq`; our reader takes K and q for the
            // outermost rooks (j2 and a9, not on their start squares) and refuses it, so the
            // rooks are named by their files, Shredder-FEN style (docs/fsf-suite.md).
            (
                Some("10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Ib - 0 1"),
                2,
                460,
            ),
        ],
    );
}

// Pieces in hand: the suite's crazyhouse section, at the suite's depths.

#[test]
fn crazyhouse() {
    check(
        "fsf/crazyhouse",
        &[
            (None, 4, 197_281),
            (Some("2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1"), 2, 75_353),
            (Some("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"), 3, 88_634),
            // The pocket written as a ninth rank, as Fairy-Stockfish also reads it.
            (Some("2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1"), 3, 88_634),
            (
                Some("r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1"),
                3,
                58_057,
            ),
        ],
    );
}

#[test]
fn loop_and_chessgi() {
    check(
        "fsf/loop",
        &[
            (None, 4, 197_281),
            (
                Some("5R2/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnppp] b - - 1 1"),
                2,
                31_983,
            ),
        ],
    );
    check(
        "fsf/chessgi",
        &[
            (None, 4, 197_281),
            (
                Some("5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48"),
                2,
                32_816,
            ),
        ],
    );
}

#[test]
fn pocketknight() {
    check("fsf/pocketknight", &[(None, 3, 88_617)]);
}

/// The suite's FENs with pockets write back as Fairy-Stockfish writes them: the pocket in
/// brackets, White's pieces first, largest first.
#[test]
fn pockets_write_back() {
    for (file, fen) in [
        ("crazyhouse", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1"),
        (
            "crazyhouse",
            "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
        ),
        (
            "loop",
            "5R2/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnppp] b - - 1 1",
        ),
        (
            "chessgi",
            "5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48",
        ),
        (
            "pocketknight",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
        ),
        ("crazyhouse", "2k5/4Q~3/8/8/8/8/8/4K3[Pn] b - - 0 1"),
    ] {
        let v = Variant::from_file(format!("variants/fsf/{file}.yaml")).unwrap();
        let pos = v.parse_fen(fen).unwrap();
        assert_eq!(v.fen(&pos), fen, "{file}");
    }
    let v = Variant::from_file("variants/fsf/crazyhouse.yaml").unwrap();
    let ninth_rank = v.parse_fen("2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1").unwrap();
    assert_eq!(v.fen(&ninth_rank), "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    assert_eq!(
        v.fen(&v.start_position()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    );
}

// Shogi and its relatives: drops with shogi's pawn rules, optional promotion (forced where
// a piece could never move again), promoted pieces demoting when captured.

#[test]
fn shogi_family() {
    check("fsf/minishogi", &[(None, 5, 533_203)]);
    check("fsf/shogi", &[(None, 4, 719_731)]);
    check("fsf/euroshogi", &[(None, 4, 380_499)]);
    check("fsf/yarishogi", &[(None, 4, 158_404)]);
}

#[test]
fn torishogi() {
    check("fsf/torishogi", &[(None, 4, 103_857)]);
}

#[test]
fn kyotoshogi_and_micro() {
    check("fsf/kyotoshogi", &[(None, 5, 225_903)]);
    check("fsf/micro", &[(None, 5, 71_328)]);
}

// The Xiangqi family: palaces and the river (`within:`), lame horses and elephants, cannons
// (Janggi's may not hop over or capture cannons), the flying general and Janggi's bikjang
// (`royals_facing:`), Janggi's pass moves (`pass: true`).

#[test]
fn xiangqi() {
    check(
        "fsf/xiangqi",
        &[
            (None, 4, 3_290_240),
            (
                Some("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"),
                4,
                4_485_547,
            ),
            (
                Some("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"),
                4,
                92_741,
            ),
        ],
    );
}

#[test]
fn manchu() {
    check("fsf/manchu", &[(None, 4, 798_554)]);
}

#[test]
fn janggi() {
    check(
        "fsf/janggi",
        &[
            (None, 4, 1_065_277),
            (
                Some("1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1"),
                4,
                76_763,
            ),
            (
                Some("1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23"),
                4,
                151_202,
            ),
        ],
    );
}

// The end-rule family: forced capture, extinction of a kind, check counting, racing kings.

#[test]
fn antichess_family() {
    check("fsf/antichess", &[(None, 4, 153_299)]);
    check(
        "fsf/giveaway",
        &[
            (None, 4, 153_299),
            (Some("8/1p6/8/8/8/8/P7/8 w - - 0 1"), 4, 3),
            (Some("8/2p5/8/8/8/8/P7/8 w - - 0 1"), 12, 2_557),
        ],
    );
    check(
        "fsf/codrus",
        &[
            (None, 4, 153_299),
            (
                Some("5bnr/2pp2pp/P4k2/R3Q1P1/8/2N1K3/1P1PP1PP/2B2BNR w - - 1 15"),
                4,
                19,
            ),
        ],
    );
    check("fsf/losers", &[(None, 4, 152_955)]);
}

#[test]
fn extinction_of_a_kind() {
    check("fsf/threekings", &[(None, 4, 199_514)]);
    // The suite's only extinction case (119) is a Chess960 position; this is the start
    // position, with Fairy-Stockfish's counts at depths 4 and 5.
    check(
        "fsf/extinction",
        &[(None, 4, 197_742), (None, 5, 4_896_744)],
    );
}

#[test]
fn three_check() {
    // The same position with the check counters in both of Fairy-Stockfish's forms: the
    // checks still needed after en passant, or the checks given as a last field.
    check(
        "fsf/3check",
        &[
            (
                Some("7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39"),
                3,
                12_407,
            ),
            (
                Some("7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0"),
                3,
                12_407,
            ),
        ],
    );
}

#[test]
fn racing_kings() {
    check(
        "fsf/racingkings",
        &[
            (None, 4, 296_242),
            (Some("6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1"), 4, 86_041),
            (Some("6R1/2k5/5K2/8/3r4/8/8/8 b - - 0 1"), 4, 86_009),
            (Some("4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1"), 6, 265_932),
        ],
    );
}

// Explosions on capture: atomic chess, with and without check, and Atomar.

#[test]
fn atomic() {
    check(
        "fsf/atomic",
        &[
            (None, 4, 197_326),
            (
                Some("rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1"),
                4,
                1_434_825,
            ),
            (
                Some("rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1"),
                4,
                714_499,
            ),
            (
                Some("r4b1r/2kb1N2/p2Bpnp1/8/2Pp3p/1P1PPP2/P5PP/R3K2R b KQ - 0 1"),
                2,
                148,
            ),
        ],
    );
}

#[test]
fn atomic_without_check_and_atomar() {
    let fen = "7r/6Pb/1np5/1p2kp2/P1P1n3/1P2KP1B/5N2/8 w - - 0 1";
    check(
        "fsf/nocheckatomic",
        &[(None, 4, 197_779), (Some(fen), 3, 21_347)],
    );
    check("fsf/atomar", &[(None, 4, 197_779), (Some(fen), 3, 24_644)]);
}

// Chess960 castling: the suite's atomic cases under `UCI_Chess960`.

#[test]
fn atomic960() {
    check(
        "fsf/atomic960",
        &[
            (Some("8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1"), 4, 61_401),
            (Some("r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1"), 4, 98_729),
            (Some("Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1"), 4, 241_478),
            (Some("1R4kr/4K3/8/8/8/8/8/8 b k - 0 1"), 4, 17_915),
        ],
    );
}

// Promotion rules: choices per side, and promotion only to pieces the side has lost.

#[test]
fn promotion_choices_per_side() {
    let fen = Some("8/1k5P/8/8/8/3K4/p7/8 b - - 0 1");
    check("fsf/sortofalmost", &[(None, 3, 10_815), (fen, 2, 139)]);
    check("fsf/chigorin", &[(None, 3, 11_408), (fen, 2, 117)]);
}

#[test]
fn promotion_to_lost_pieces() {
    check(
        "fsf/grand",
        &[
            (None, 3, 259_514),
            (
                Some(
                    "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3",
                ),
                2,
                5_768,
            ),
        ],
    );
    check("fsf/opulent", &[(None, 3, 133_829)]);
}

// A placement phase: every move a drop onto the back rank until the hands are empty.

#[test]
fn placement() {
    check(
        "fsf/placement",
        &[
            (None, 3, 50_560),
            (
                Some("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/QR1BKNN1[BRk] w - - 0 1"),
                6,
                17_804,
            ),
            (
                Some("1n1r1q2/pppppppp/8/8/8/8/PPPPPPPP/1N1B1R1N[KQRBkrbbn] b - - 0 4"),
                5,
                145_152,
            ),
            (
                Some("r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1"),
                4,
                18_492,
            ),
        ],
    );
}

/// Sittuyin: the setup phase from the start, then its standing promotion (in place or by a
/// ferz step, the last pawn anywhere, never attacking or checking).
#[test]
fn sittuyin() {
    check(
        "fsf/sittuyin",
        &[
            (None, 3, 580_096),
            (
                Some("8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 72"),
                4,
                652_686,
            ),
            (
                Some("2r5/6k1/6p1/3s2P1/3npR2/8/p2N2F1/3K4[] w - - 1 50"),
                4,
                373_984,
            ),
            (
                Some("8/6s1/5P2/3n4/pR2K2S/1P6/1k4p1/8[] w - - 1 50"),
                4,
                268_869,
            ),
            (Some("1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1"), 5, 68_662),
        ],
    );
}

// Makruk's relatives: Makpong's king that may not flee a check; Cambodian chess's first
// moves (rights in the castling field); Kar ouk, where the first check wins.

#[test]
fn makpong() {
    let fen = "3mk3/r3s1R1/1psppnp1/p1pn4/1P2NP2/P1PPP1P1/4NS2/R1SKM3 w - - 0 1";
    check("fsf/makpong", &[(Some(fen), 4, 593_103)]);
}

/// The suite writes case 19's FEN `... b DEe 0 0 5`, which Fairy-Stockfish reads as no en
/// passant square (`0` is no file), halfmove clock 0 and move 5: here `- 0 5`.
#[test]
fn cambodian_and_karouk() {
    check(
        "fsf/cambodian",
        &[
            (None, 4, 361_719),
            (
                Some("r1s1ks1r/3nm3/pppNpppp/3n4/5P2/PPPPPNPP/8/R1SKMS1R b DEe - 0 5"),
                2,
                72,
            ),
        ],
    );
    let fen = "rn1mksnr/3s4/pppppppp/8/4N3/PPPPPPPP/8/R1SKMSNR b DEde - 3 2";
    check("fsf/karouk", &[(Some(fen), 4, 358_460)]);
}

// Dobutsu: the lion's safe flag (`safe: true`) beside its extinction; and extinction chess
// under Chess960 castling.

#[test]
fn dobutsu() {
    check(
        "fsf/dobutsu",
        &[
            (None, 6, 71_677),
            (Some("g1e/1cL/lC1/E1G[] w - - 4 3"), 4, 2_290),
        ],
    );
}

#[test]
fn extinction960() {
    let fen = "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1";
    check("fsf/extinction960", &[(Some(fen), 4, 195_286)]);
}

// Several royal pieces: Spartan chess's two kings (`check: all`), sho shogi's king and crown
// prince (`check: last`), koedem's capturable kings that must be dropped
// (`must_drop_pieces`, `extinction: opponent_has`); and Jeson Mor's held flag (`hold`).

#[test]
fn spartan() {
    check(
        "fsf/spartan",
        &[
            (None, 3, 14_244),
            (Some("k6k/hh2Q2h/8/8/8/8/8/4K3 w - - 0 1"), 3, 6_130),
            (Some("8/8/8/8/6Q1/8/2h3h1/4K1k1 b - - 0 1"), 3, 3_456),
        ],
    );
}

#[test]
fn shoshogi() {
    check("fsf/shoshogi", &[(None, 4, 445_372)]);
}

#[test]
fn koedem() {
    check(
        "fsf/koedem",
        &[
            (
                Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1"),
                1,
                34,
            ),
            (
                Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w KQkq - 0 1"),
                1,
                54,
            ),
        ],
    );
}

#[test]
fn jesonmor() {
    check(
        "fsf/jesonmor",
        &[
            (None, 3, 27_960),
            (
                Some("nn1nnn1nn/9/3n1n3/9/9/9/3N1N3/9/NN1NNN1NN w - - 4 3"),
                3,
                37_564,
            ),
        ],
    );
}

// Games that are not chess: conversion on arrival (`convert: adjacent` in Ataxx, `enclosed`
// in the Othello family), drops beside the side's pieces, drops that must convert, the
// centre filled first, an endless supply of clones, and the pass of a side without a move
// (`stalemate: pass`; the second Ataxx case starts with White's forced pass).

#[test]
fn ataxx() {
    check(
        "fsf/ataxx",
        &[
            (None, 4, 155_888),
            (Some("7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1"), 5, 452_980),
        ],
    );
}

#[test]
fn othello_family() {
    check("fsf/flipello", &[(None, 7, 55_092)]);
    check("fsf/flipersi", &[(None, 9, 38_208)]);
    check("fsf/flipello10", &[(None, 7, 55_180)]);
}

// Gating (`hand: gating`): S-chess, its Chess960 form and S-house.

#[test]
fn seirawan() {
    check(
        "fsf/seirawan",
        &[
            (None, 4, 782_599),
            (
                Some("reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7"),
                4,
                890_467,
            ),
        ],
    );
}

#[test]
fn seirawan960() {
    let fen = "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1";
    check("fsf/seirawan960", &[(Some(fen), 3, 21_170)]);
}

#[test]
fn shouse() {
    check("fsf/shouse", &[(None, 3, 546_694)]);
}

// Walls (`walls:`): a turn of two parts. The suite stops at depth 1; the deeper counts and
// the positions with walls on the board are Fairy-Stockfish's, taken from it.

#[test]
fn duck() {
    check(
        "fsf/duck",
        &[
            (None, 1, 640),
            (None, 2, 379_440),
            (
                Some("rnbqkbnr/ppp1pppp/8/3pP3/8/2*5/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
                2,
                685_847,
            ),
            (
                Some("r3k2r/pppq1ppp/2n2n2/2bpp1B1/2BPP1b1/2N2N2/PPPQ1PPP/R3K*1R w KQkq - 0 8"),
                2,
                1_894_589,
            ),
            (Some("8/8/3k4/8/2*5/8/3K4/8 b - - 0 1"), 3, 112_465_456),
        ],
    );
}

#[test]
fn amazons() {
    check(
        "fsf/amazons",
        &[
            (None, 1, 2_176),
            (None, 2, 4_307_152),
            (
                Some("q1*7/*1*7/10/10/4**4/4*Q4/10/10/10/10 w - - 0 1"),
                3,
                18_471_776,
            ),
        ],
    );
}
