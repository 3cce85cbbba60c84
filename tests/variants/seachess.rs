//! Seachess (docs/games/seachess.md): layers, hidden mines and submarines, piece state, remote
//! captures, the sortie and the referee, each with exact expectations.

use fairy_rules::{Color, Game, Refusal, Variant};

use crate::support::seachess_fen::fen;

fn seachess() -> Variant {
    Variant::from_file("variants/seachess.yaml").expect("seachess loads")
}

/// The legal moves of a position after `moves`, as sorted text.
fn moves_after(v: &Variant, fen: &str, moves: &[&str]) -> Vec<String> {
    let mut game = Game::from_fen(v.clone(), fen).expect("FEN reads");
    for m in moves {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let mut out: Vec<String> = game.legal_moves().iter().map(|&m| v.move_text(m)).collect();
    out.sort();
    out
}

fn moves(v: &Variant, fen: &str) -> Vec<String> {
    moves_after(v, fen, &[])
}

/// The moves of `moves` that start with `prefix`.
fn starting(moves: &[String], prefix: &str) -> Vec<String> {
    moves
        .iter()
        .filter(|m| m.starts_with(prefix))
        .cloned()
        .collect()
}

/// `fen` with the halfmove clock and the move number set.
fn clocks(fen: String, halfmove: u32, fullmove: u32) -> String {
    fen.replacen(" 0 1 ", &format!(" {halfmove} {fullmove} "), 1)
}

fn fen_after(v: &Variant, fen: &str, moves: &[&str]) -> String {
    let mut game = Game::from_fen(v.clone(), fen).expect("FEN reads");
    for m in moves {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game.fen()
}

fn strs(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn start_position_and_perft() {
    let v = seachess();
    assert_eq!(
        v.fen(&v.start_position()),
        "csdakdst/bbbbbbbb/12/12/12/12/12/12/12/12/BBBBBBBB/CSDAKDST w KQkq - 0 1 -"
    );
    // 8 boats x 4 first steps, the submarines' knight moves d1-c3, d1-e3, i1-h3, i1-j3 (b2
    // and k2 do not exist, f2 and g2 are taken), and the cruiser's mine on c1: 37. Nothing
    // else moves: the carrier's straight and horse paths start on f2, the torpedo boat's
    // diagonals start on its own boat (i2) or off the board (k2).
    let start = moves(&v, &v.fen(&v.start_position()));
    assert_eq!(start.len(), 37);
    assert_eq!(starting(&start, "c1"), strs(&["c1:M"]));
    assert_eq!(starting(&start, "d1"), strs(&["d1c3", "d1e3"]));
    let pos = v.start_position();
    assert_eq!(
        (1..=3).map(|d| v.perft(&pos, d)).collect::<Vec<_>>(),
        [37, 1_369, 52_731]
    );
}

#[test]
fn a_mine_stops_a_slider_and_destroys_what_enters() {
    let v = seachess();
    // A black mine on f6 in the cruiser's way: d6, e6 and f6 (onto the mine) but not beyond.
    let p = fen("g1=K g12=k c6=C f6={*m}", "w", "-");
    let east: Vec<String> = starting(&moves(&v, &p), "c6")
        .into_iter()
        .filter(|m| m.ends_with('6') && !m.ends_with(":M"))
        .collect();
    assert_eq!(east, strs(&["c6a6", "c6b6", "c6d6", "c6e6", "c6f6"]));
    // Entering it: the cruiser and the mine are gone.
    assert_eq!(fen_after(&v, &p, &["c6f6"]), fen("g1=K g12=k", "b", "-"));
    // A black piece entering a white mine is destroyed the same way, also when it captures
    // the cruiser that planted it.
    let p = fen("g1=K g12=k c5=C f12=c", "w", "-");
    assert_eq!(
        fen_after(&v, &p, &["c5:M"]),
        "3ck3/8/12/12/12/12/12/2{C*M}9/12/12/8/4K3 b - - 1 1 c5.mine=0"
    );
    assert_eq!(
        fen_after(&v, &p, &["c5:M", "f12f5", "g1g2", "f5c5"]),
        "4k3/8/12/12/12/12/12/12/12/12/4K3/8 w - - 0 3 -"
    );
}

#[test]
fn no_check_through_a_mine() {
    let v = seachess();
    // The black cruiser on g10 looks down the g-file at the king on g1, a white mine on g5
    // between: no check, so White may move freely; without the mine it is check.
    let mined = fen("g1=K c12=k g10=c g5={*M}", "w", "-");
    let g = Game::from_fen(v.clone(), &mined).unwrap();
    assert!(!v.in_check(g.position()));
    let open = fen("g1=K c12=k g10=c", "w", "-");
    let g = Game::from_fen(v.clone(), &open).unwrap();
    assert!(v.in_check(g.position()));
}

#[test]
fn the_mine_reloads_in_the_own_haven_only() {
    let v = seachess();
    let p = fen("g1=K g12=k c5=C f12=c", "w", "-");
    // Planted on c5; the cruiser moves on to c9, then c10: still empty...
    assert!(
        fen_after(&v, &p, &["c5:M", "f12f5", "c5c9", "f5f10", "c9c10"]).ends_with(" c10.mine=0")
    );
    // ... and into Black's haven (c11): still empty; into its own (c2): full again.
    assert!(
        fen_after(&v, &p, &["c5:M", "f12f5", "c5c9", "f5f10", "c9c11"]).ends_with(" c11.mine=0")
    );
    let home = fen_after(&v, &p, &["c5:M", "f12f5", "c5c2"]);
    assert!(home.ends_with(" -"), "{home}");
    assert!(
        moves(&v, &fen_after(&v, &p, &["c5:M", "f12f5", "c5c2", "f5f10"]))
            .contains(&"c2:M".to_string())
    );
}

#[test]
fn torpedo_targets_turn_with_the_facing() {
    let v = seachess();
    // Torpedo boat on e5; around it a white boat on d6 (blocks north-west), black pieces on
    // f6, f4, c3 (and g7 behind f6).
    let board = "g1=K g12=k e5=T c7=b g7=d f6=c d6=B f4=s g3=d c3=c";
    let shots = |state: &str| starting(&moves(&v, &fen(board, "w", state)), "e5x");
    // Before its first move it faces forward (north): NW blocked by its own boat, NE hits f6
    // and not g7 behind it.
    assert_eq!(shots("-"), strs(&["e5xf6"]));
    // Facing east: NE f6 and SE f4. South: SE f4 and SW c3 (d4 is empty, so two squares).
    // West: SW c3, NW blocked.
    assert_eq!(shots("e5.facing=e"), strs(&["e5xf4", "e5xf6"]));
    assert_eq!(shots("e5.facing=s"), strs(&["e5xc3", "e5xf4"]));
    assert_eq!(shots("e5.facing=w"), strs(&["e5xc3"]));
    // Fired: nothing more until it reloads.
    assert_eq!(shots("e5.torpedo=0"), Vec::<String>::new());
}

#[test]
fn a_move_sets_the_facing_and_the_haven_reloads_the_torpedo() {
    let v = seachess();
    let p = fen("c1=K j12=k e5=T e9=c", "w", "-");
    // Each straight move sets the facing; north is the start value, so nothing is written.
    let after = |m: &[&str]| fen_after(&v, &p, m);
    assert!(after(&["e5h5"]).ends_with(" h5.facing=e"));
    assert!(after(&["e5e3"]).ends_with(" e3.facing=s"));
    assert!(after(&["e5a5"]).ends_with(" a5.facing=w"));
    assert!(after(&["e5e8"]).ends_with(" -"));
    // North to h8: g9 is on its NW diagonal. With the cruiser on e7: south to f4 aims at e3,
    // d2 and g3, h2, missing it; north to f6 aims at e7, d8 and g7, h8, hitting it.
    let m = moves_after(&v, &p, &["e5h5", "e9g9", "h5h8", "j12i12"]);
    assert_eq!(starting(&m, "h8x"), strs(&["h8xg9"]));
    let m = moves_after(&v, &p, &["e5f5", "e9e7", "f5f4", "j12i12"]);
    assert_eq!(starting(&m, "f4x"), Vec::<String>::new());
    let m = moves_after(&v, &p, &["e5f5", "e9e7", "f5f6", "j12i12"]);
    assert_eq!(starting(&m, "f6x"), strs(&["f6xe7"]));
    // Fired, it reloads by ending a move in its own haven.
    let fired = after(&["e5f5", "e9e7", "f5f6", "j12i12", "f6xe7", "i12j12"]);
    assert!(fired.ends_with(" f6.torpedo=0"), "{fired}");
    let home = fen_after(&v, &fired, &["f6f2"]);
    assert!(home.ends_with(" f2.facing=s"), "{home}");
}

#[test]
fn a_submarine_dives_after_two_surface_turns_and_moves_under_pieces() {
    let v = seachess();
    // White submarine on d5; around it a black cruiser on e7, a black boat on c7, its own
    // destroyer on f6, a black mine on b4.
    let board = "g1=K g12=k d5=S e7=c f6=D c7=b b4={*m} h9=d g8=b";
    let dives = |state: &str| starting(&moves(&v, &fen(board, "w", state)), "d5_");
    // One surface turn is not enough.
    assert_eq!(dives("d5.surfaced=1"), Vec::<String>::new());
    // After two it dives as a knight: under the black pieces on e7 and c7 too, but not under
    // its own destroyer on f6 nor onto the mine on b4 (a surface move may still go there).
    assert_eq!(
        dives("d5.surfaced=2"),
        strs(&["d5_b6", "d5_c3", "d5_c7", "d5_e3", "d5_e7", "d5_f4"])
    );
    assert!(moves(&v, &fen(board, "w", "d5.surfaced=2")).contains(&"d5b4".to_string()));
    // Two surface turns allow one turn under, five allow two (min(4, 5 / 2)): the diving
    // turn counts as the first, so one is left.
    let p = fen(board, "w", "d5.surfaced=5");
    assert_eq!(
        fen_after(&v, &p, &["d5_e7"]),
        "4k3/8/12/7d4/6b5/2b1{c_S}7/5D6/12/1{*m}10/12/8/4K3 b - - 1 1 _e7.submerged=1"
    );
    // Under the black cruiser it moves on as a knight, staying under or surfacing: onto the
    // black boat on g8 (a capture) or in place (capturing the cruiser above).
    let under = starting(&moves_after(&v, &p, &["d5_e7", "g12h12"]), "_e7");
    assert_eq!(
        under,
        strs(&[
            "_e7_c6", "_e7_c8", "_e7_d5", "_e7_d9", "_e7_f5", "_e7_f9", "_e7_g6", "_e7_g8",
            "_e7c6", "_e7c8", "_e7d5", "_e7d9", "_e7e7", "_e7f5", "_e7f9", "_e7g6", "_e7g8",
        ])
    );
    assert_eq!(
        fen_after(&v, &p, &["d5_e7", "g12h12", "_e7e7"]),
        "5k2/8/12/7d4/6b5/2b1S7/5D6/12/1{*m}10/12/8/4K3 b - - 0 2 e7.surfaced=1"
    );
    assert_eq!(
        fen_after(&v, &p, &["d5_e7", "g12h12", "_e7g8"]),
        "5k2/8/12/7d4/6S5/2b1c7/5D6/12/1{*m}10/12/8/4K3 b - - 0 2 g8.surfaced=1"
    );
    // After its second turn under (the move under the black boat on g8) its time is up: it
    // surfaces at the start of White's next turn, capturing the boat above.
    assert_eq!(
        fen_after(&v, &p, &["d5_e7", "g12h12", "_e7_g8", "h12g12"]),
        "4k3/8/12/7d4/6S5/2b1c7/5D6/12/1{*m}10/12/8/4K3 w - - 0 3 -"
    );
}

#[test]
fn a_submerged_submarine_gives_check_and_surfacing_under_the_commando_ship_sinks_it() {
    let v = seachess();
    // Under h10, a knight's move from the black commando ship on g12: check, which Black's
    // view announces without showing the submarine.
    let p = fen("g1=K g12=k h10={_S}", "b", "_h10.submerged=1");
    let game = Game::from_fen(v.clone(), &p).unwrap();
    assert!(v.in_check(game.position()));
    let view = game.view(Color::Black);
    assert!(view.check);
    assert_eq!(view.fen, fen("g1=K g12=k", "b", "-"));
    // The king leaves the knight's squares of h10 (f11 is one of them).
    assert_eq!(
        moves(&v, &p),
        strs(&["g12f12", "g12g11", "g12h11", "g12h12"])
    );
    // A submarine whose time is up surfacing under the commando ship is destroyed (a loss of
    // material, so the halfmove clock starts again).
    let p = fen("g1=K e10=k e9={_S}", "b", "_e9.submerged=0");
    assert_eq!(
        fen_after(&v, &p, &["e10e9"]),
        clocks(fen("g1=K e9=k", "w", "-"), 0, 2)
    );
}

#[test]
fn a_destroyer_forces_a_submarine_up_capturing_the_piece_above() {
    let v = seachess();
    // A white submarine under a black cruiser on e7; the black destroyer comes to f7, beside
    // it: the submarine surfaces and takes the cruiser, although Black moved.
    let p = fen("g1=K g12=k e7={c_S} h9=d", "b", "_e7.submerged=3");
    assert_eq!(
        fen_after(&v, &p, &["h9f7"]),
        clocks(fen("g1=K g12=k e7=S f7=d", "w", "-"), 0, 2)
    );
    // On a diagonal square (f8) nothing happens.
    let p = fen("g1=K g12=k e7={c_S} h10=d", "b", "_e7.submerged=3");
    assert_eq!(
        fen_after(&v, &p, &["h10f8"]),
        clocks(
            fen("g1=K g12=k e7={c_S} f8=d", "w", "_e7.submerged=3"),
            1,
            2
        )
    );
    // A destroyer moving onto the square captures the submarine below; submarines may not
    // move under a destroyer of either colour.
    let p = fen("g1=K g12=k e7={_S} h4=d", "b", "_e7.submerged=3");
    assert_eq!(
        fen_after(&v, &p, &["h4e7"]),
        clocks(fen("g1=K g12=k e7=d", "w", "-"), 0, 2)
    );
    let p = fen("g1=K g12=k e7={_S} f5=d", "w", "_e7.submerged=3");
    assert!(!moves(&v, &p).iter().any(|m| m.ends_with("f5")));
}

#[test]
fn the_carrier_moves_two_squares_without_jumping() {
    let v = seachess();
    let from = |board: &str| starting(&moves(&v, &fen(board, "w", "-")), "f5");
    // On an open board: every square within two, 24 moves.
    assert_eq!(from("g1=K g12=k f5=A").len(), 24);
    // Its own boats on f6 and g6 block f7 (two straight through f6), h7 (two diagonal
    // through g6), and the (1,2) squares e7 and g7 (through f6 and f7).
    assert_eq!(
        from("g1=K g12=k f5=A f6=B g6=B"),
        strs(&[
            "f5d3", "f5d4", "f5d5", "f5d6", "f5d7", "f5e3", "f5e4", "f5e5", "f5e6", "f5f3", "f5f4",
            "f5g3", "f5g4", "f5g5", "f5h3", "f5h4", "f5h5", "f5h6",
        ])
    );
    // A black boat on f7: captured through the empty f6, and it blocks e7 and g7, whose path
    // runs through f7.
    let m = from("g1=K g12=k f5=A f7=b");
    assert_eq!(m.len(), 22);
    assert!(m.contains(&"f5f7".into()) && !m.contains(&"f5e7".into()));
    assert!(!m.contains(&"f5g7".into()));
    // A piece on h5 blocks the (2,1) squares h4 and h6, whose paths run through g5 and h5.
    let m = from("g1=K g12=k f5=A h5=B");
    assert_eq!(m.len(), 21);
    assert!(!m.contains(&"f5h4".into()) && !m.contains(&"f5h6".into()));
}

#[test]
fn the_aircraft_strikes_on_the_ring_and_holds_its_side_until_it_returns() {
    let v = seachess();
    // Black pieces on i8 (three diagonally) and c5 (three straight) are on the ring; j5 is
    // four away, the white boat on c3 is its own.
    let p = fen("g1=K g12=k f5=A i8=c c5=b j5=d c3=B", "w", "-");
    assert_eq!(starting(&moves(&v, &p), "f5x"), strs(&["f5xc5", "f5xi8"]));
    assert!(fen_after(&v, &p, &["f5xi8"]).ends_with(" sortie.w=f5"));
    // While it is out, White's only moves are another strike or the return.
    assert_eq!(
        moves_after(&v, &p, &["f5xi8", "g12h12"]),
        strs(&["f5:back", "f5xc5"])
    );
    assert_eq!(
        moves_after(&v, &p, &["f5xi8", "g12h12", "f5xc5", "h12g12"]),
        strs(&["f5:back"])
    );
    assert!(moves_after(&v, &p, &["f5xi8", "g12h12", "f5:back", "h12g12"]).len() > 20);
    // The ring gives check: the black commando ship three squares away is attacked.
    let check = fen("g1=K g12=k g9=A", "b", "-");
    let game = Game::from_fen(v.clone(), &check).unwrap();
    assert!(v.in_check(game.position()));
}

#[test]
fn boats_step_far_at_first_sideways_at_dead_ends_and_promote_on_the_last_rank() {
    let v = seachess();
    let boat = |board: &str, side: &str, sq: &str| starting(&moves(&v, &fen(board, side, "-")), sq);
    // From its start square, one to four through empty squares; a piece on c5 stops it.
    let start = "c1=K j12=k c2=B";
    assert_eq!(
        boat(start, "w", "c2"),
        strs(&["c2c3", "c2c4", "c2c5", "c2c6"])
    );
    assert_eq!(
        boat("c1=K j12=k c2=B c5=b", "w", "c2"),
        strs(&["c2c3", "c2c4"])
    );
    // Later, one square.
    assert_eq!(boat("c1=K j12=k c3=B", "w", "c3"), strs(&["c3c4"]));
    // Where the forward square does not exist, sideways toward the centre.
    assert_eq!(boat("c1=K j12=k a10=B", "w", "a10"), strs(&["a10b10"]));
    assert_eq!(boat("c1=K j12=k b10=B", "w", "b10"), strs(&["b10c10"]));
    assert_eq!(boat("c1=K j12=k k10=B", "w", "k10"), strs(&["k10j10"]));
    assert_eq!(boat("c1=K j12=k l10=B", "w", "l10"), strs(&["l10k10"]));
    assert_eq!(boat("c1=K j12=k c10=B", "w", "c10"), strs(&["c10c11"]));
    assert_eq!(boat("c1=K j12=k a3=b", "b", "a3"), strs(&["a3b3"]));
    assert_eq!(boat("c1=K j12=k l3=b", "b", "l3"), strs(&["l3k3"]));
    // Promotion on rank 12 only, to C, T, S, D or A.
    assert_eq!(
        boat("c1=K j12=k e11=B", "w", "e11"),
        strs(&["e11e12a", "e11e12c", "e11e12d", "e11e12s", "e11e12t"])
    );
}

#[test]
fn en_passant_only_on_the_third_rank() {
    let v = seachess();
    // The white boat goes c2-c5, passing c3 and c4. The black boat on d4 takes it en passant
    // on c3; the one on b5 may not take it on c4.
    let p = fen("g1=K g12=k c2=B d4=b b5=b", "w", "-");
    let after = fen_after(&v, &p, &["c2c5"]);
    assert!(after.contains(" b - c3 0 1 "), "{after}");
    let black = moves_after(&v, &p, &["c2c5"]);
    assert!(black.contains(&"d4c3".into()));
    assert!(!black.contains(&"b5c4".into()));
    assert_eq!(
        fen_after(&v, &p, &["c2c5", "d4c3"]),
        clocks(fen("g1=K g12=k c3=b b5=b", "w", "-"), 0, 2)
    );
}

#[test]
fn castling_with_the_cruiser_or_the_torpedo_boat() {
    let v = seachess();
    let p = fen("c1=C g1=K j1=T g12=k", "w", "-").replace(" w - ", " w KQ ");
    let castles: Vec<String> = starting(&moves(&v, &p), "g1")
        .into_iter()
        .filter(|m| m == "g1e1" || m == "g1i1")
        .collect();
    assert_eq!(castles, strs(&["g1e1", "g1i1"]));
    assert_eq!(
        fen_after(&v, &p, &["g1e1"]),
        clocks(fen("e1=K f1=C j1=T g12=k", "b", "-"), 1, 1)
    );
    // The torpedo boat moved west to h1: it now faces west.
    assert_eq!(
        fen_after(&v, &p, &["g1i1"]),
        clocks(fen("c1=C h1=T i1=K g12=k", "b", "h1.facing=w"), 1, 1)
    );
    // A mine between the king and the partner forbids castling on that side.
    let mined = fen("c1=C g1=K h1={*m} j1=T g12=k", "w", "-").replace(" w - ", " w KQ ");
    assert!(!moves(&v, &mined).contains(&"g1i1".into()));
    assert!(moves(&v, &mined).contains(&"g1e1".into()));
}

#[test]
fn the_referee_refuses_a_move_through_a_hidden_mine() {
    let v = seachess();
    let p = fen("g1=K g12=k c4=C e9=c", "w", "-");
    let mut game = Game::from_fen(v, &p).unwrap();
    let script = [
        (Color::White, "c4:M"),
        (Color::Black, "e9e4"),
        (Color::White, "g1h1"),
        (Color::Black, "e4:M"),
        (Color::White, "h1g1"),
        (Color::Black, "e4e9"),
    ];
    for (side, m) in script {
        game.attempt(side, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        // Black never sees White's mine; White always sees it.
        assert!(!game.view(Color::Black).fen.contains("*M"));
        assert!(game.view(Color::White).fen.contains("*M}"));
        assert!(!game.view(Color::White).fen.contains("*m"));
    }
    // White was told that Black made a hidden move, nothing more.
    let mut told = Game::from_fen(seachess(), &p).unwrap();
    for m in ["c4:M", "e9e4", "g1h1", "e4:M"] {
        told.play(m).unwrap();
    }
    assert!(told.view(Color::White).hidden_move);
    assert!(!told.view(Color::Black).hidden_move);
    // The cruiser's way east along rank 4 crosses the black mine on e4: not possible. Black
    // may not move now, and a move that White can see is wrong is refused with its reason.
    assert_eq!(
        game.attempt(Color::White, "c4f4"),
        Err(Refusal::NotPossible)
    );
    assert!(matches!(
        game.attempt(Color::Black, "g12g11"),
        Err(Refusal::NotYourTurn(_))
    ));
    assert!(matches!(
        game.attempt(Color::White, "c4d5"),
        Err(Refusal::Invalid(_))
    ));
    // Up to the mine is possible; onto it, the cruiser sinks with it.
    game.attempt(Color::White, "c4e4").unwrap();
    assert_eq!(
        game.fen(),
        clocks(fen("g1=K g12=k c4={*M} e9=c", "b", "e9.mine=0"), 0, 4)
    );
}

/// The FEN, then the legal moves grouped by the square they start from (`_` the square's
/// submerged layer), one square per line.
fn listing(fen: &str) -> String {
    let all = moves(&seachess(), fen);
    let mut lines: Vec<String> = Vec::new();
    let mut origins: Vec<String> = all
        .iter()
        .map(|m| {
            let under = m.starts_with('_');
            let body = m.trim_start_matches('_');
            let end = body[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(body.len(), |i| i + 1);
            format!("{}{}", if under { "_" } else { "" }, &body[..end])
        })
        .collect();
    origins.dedup();
    for origin in origins {
        let of: Vec<&str> = all
            .iter()
            .filter(|m| {
                m.starts_with(&origin)
                    && !m[origin.len()..].starts_with(|c: char| c.is_ascii_digit())
            })
            .map(String::as_str)
            .collect();
        lines.push(format!("{origin}: {}", of.join(" ")));
    }
    format!("{fen}\n{} moves\n{}\n", all.len(), lines.join("\n"))
}

#[test]
fn snapshot_start() {
    let v = seachess();
    insta::assert_snapshot!(listing(&v.fen(&v.start_position())));
}

#[test]
fn snapshot_mines() {
    // White: cruiser on c6 (loaded) and one on its own mine on h4 (fired: no planting); Black's
    // mine on f6 stops the c6 cruiser's way east; the commando ship may not step onto White's
    // own mine on f2, which would sink it.
    insta::assert_snapshot!(listing(&fen(
        "g1=K g12=k c6=C f6={*m} h4={C*M} f2={*M} f9=b",
        "w",
        "h4.mine=0"
    )));
}

#[test]
fn snapshot_torpedo_facing_east() {
    // Facing east: its diagonals ahead are NE and SE. The black boat on f6 is hit, the one on
    // g7 behind it is not; on the SE line f4 is empty and the mine on g3 stops it.
    insta::assert_snapshot!(listing(&fen(
        "g1=K g12=k e5=T f6=b g7=b g3={*m} j2=d",
        "w",
        "e5.facing=e"
    )));
}

#[test]
fn snapshot_submerged_submarine() {
    // A white submarine under the black cruiser on e7 (one more turn allowed); a black
    // destroyer on g8 bars that square, a black mine on c6 bars it too.
    insta::assert_snapshot!(listing(&fen(
        "g1=K g12=k e7={c_S} g8=d c6={*m} d5=b",
        "w",
        "_e7.submerged=1"
    )));
}

#[test]
fn snapshot_sortie() {
    // White's aircraft is out from f5: its only moves are strikes on the ring (the black
    // pieces on i8 and c5) and the return; the boat on c2 and the king may not move.
    insta::assert_snapshot!(listing(&fen(
        "g1=K g12=k f5=A i8=c c5=b c2=B",
        "w",
        "sortie.w=f5"
    )));
}

#[test]
fn snapshot_boats() {
    // Boats on dead ends (a10, l10), one unmoved on its start square, and one on f9 that may
    // take en passant on g10, Black's third rank, after the black boat's g11-g9.
    insta::assert_snapshot!(listing(
        &fen("g1=K c12=k a10=B l10=B d2=B f9=B g9=b", "w", "-").replace(" w - - ", " w - g10 ")
    ));
}

#[test]
fn snapshot_check_from_below() {
    // A black submarine under f3 checks the white commando ship on g1 from below. Castling is
    // out, no white piece can reach a submerged piece, and h2 is one of its knight squares:
    // four king moves.
    insta::assert_snapshot!(listing(
        &fen("c1=C g1=K j1=T f3={_s} h12=k d2=B", "w", "_f3.submerged=2")
            .replace(" w - ", " w KQ ")
    ));
}

#[test]
fn perft_agrees_with_the_reference_positions() {
    // FEN, perft(1), perft(2), tab-separated, from tests/reference/seachess_reference.py (an
    // independent generator): random games in which submarines dived, mines were planted and
    // torpedoes and aircraft fired, and hand-made positions for each mechanism.
    let v = seachess();
    let text = std::fs::read_to_string("tests/reference/seachess_positions.txt").unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let pos = v
            .parse_fen(fields[0])
            .unwrap_or_else(|e| panic!("{}: {e}", fields[0]));
        let want: Vec<u64> = fields[1..].iter().map(|n| n.parse().unwrap()).collect();
        let got: Vec<u64> = (1..=want.len() as u32).map(|d| v.perft(&pos, d)).collect();
        assert_eq!(got, want, "{}", fields[0]);
        checked += 1;
    }
    assert_eq!(checked, 43);
}

/// Issue 15, finding 1: the carrier taken while its aircraft is out ends the sortie; the
/// position keeps no sortie from an empty cell and its FEN reads back.
#[test]
fn a_carrier_taken_during_its_sortie_ends_the_sortie() {
    let v = seachess();
    // The black cruiser on f9 takes the white carrier on f5 (a plain move text: only a
    // capture without moving is written with `x`), whose aircraft struck i8.
    let p = fen("g1=K g12=k f5=A i8=c c5=b f9=c", "w", "-");
    let after = fen_after(&v, &p, &["f5xi8", "f9f5"]);
    assert_eq!(after, "4k3/8/12/12/12/12/12/2b2c6/12/12/8/4K3 w - - 0 2 -");
    v.parse_fen(&after)
        .unwrap_or_else(|e| panic!("{after}: {e}"));
}

/// Issue 31, finding 8a: the carrier taken during its sortie while a submarine of its own
/// side lies under it. The submarine's time under ends at once and it surfaces on the cell,
/// taking the cruiser: a piece of the sortie's side stands there, but not the one that
/// sortied, so the sortie ends and the submarine moves freely.
#[test]
fn a_sortie_ends_with_its_piece_whatever_surfaces_there() {
    let v = seachess();
    let p = fen("g1=K g12=k f5={A_S} i8=c c5=b f9=c", "w", "_f5.submerged=1");
    let after = fen_after(&v, &p, &["f5xi8", "f9f5"]);
    assert_eq!(after, "4k3/8/12/12/12/12/12/2b2S6/12/12/8/4K3 w - - 0 2 -");
    v.parse_fen(&after)
        .unwrap_or_else(|e| panic!("{after}: {e}"));
    assert_eq!(
        starting(&moves_after(&v, &p, &["f5xi8", "f9f5"]), "f5"),
        strs(&["f5d4", "f5d6", "f5e3", "f5e7", "f5g3", "f5g7", "f5h4", "f5h6"])
    );
}

/// Issue 15, finding 4: a submerged piece that cannot dive, or one without its `submerged`
/// entry, is refused by the FEN reader (its FEN could not be written back).
#[test]
fn the_fen_reader_refuses_impossible_submerged_pieces() {
    let v = seachess();
    let error = |fen: &str| v.parse_fen(fen).map(|_| ()).unwrap_err().to_string();
    let carrier_under = "4k3/8/12/12/12/12/12/12/12/12/2{_C}5/4K3 w - - 0 1";
    assert_eq!(
        error(carrier_under),
        "invalid FEN state: the submerged piece under e2 needs its `submerged` entry"
    );
    assert_eq!(
        error(&format!("{carrier_under} _e2.submerged=2")),
        "invalid FEN state: `_e2.submerged=2`: the piece has no state named `submerged`"
    );
    // A submarine may be under e2, with its entry.
    let submarine = "4k3/8/12/12/12/12/12/12/12/12/2{_S}5/4K3 w - - 0 1 _e2.submerged=2";
    assert_eq!(v.fen(&v.parse_fen(submarine).unwrap()), submarine);
}

/// Issue 15, finding 2: White's view removes Black's hidden mine on g8, which shields the
/// black king from the white cruiser: the view shows Black in check with White to move. It is
/// a view, not a game position: `parse_view` reads it back, `parse_fen` refuses it.
#[test]
fn a_view_reads_back_as_a_view() {
    let v = seachess();
    let game = Game::from_fen(v.clone(), &fen("c1=K g12=k g8={*m} g3=C", "w", "-")).unwrap();
    let view = game.view(Color::White);
    assert_eq!(view.fen, fen("c1=K g12=k g3=C", "w", "-"));
    assert_eq!(
        v.parse_fen(&view.fen).map(|_| ()).unwrap_err().to_string(),
        "invalid FEN position: black is in check with white to move"
    );
    let back = v.parse_view(&view.fen).unwrap();
    assert_eq!(v.fen(&back), view.fen);
    assert_eq!(back.hash(), view.position.hash());
}

/// Issue 15, finding 9: what the referee answers tells the player no more than its view and
/// the rules. The black mine on g5 shields the white king on g1 from the black cruiser on g9;
/// White cannot see it, so in White's view the king is in check.
#[test]
fn the_referee_answers_from_the_players_view() {
    let v = seachess();
    let p = fen("g1=K c12=k g5={*m} g9=c d2=B", "w", "-");
    let game = Game::from_fen(v.clone(), &p).unwrap();
    let view = game.view(Color::White);
    // The moves offered are the view's: only the king's escapes from the file.
    let mut offered: Vec<String> = game
        .view_moves(Color::White)
        .iter()
        .map(|&m| v.move_text(m))
        .collect();
    offered.sort();
    assert_eq!(offered, strs(&["g1f1", "g1f2", "g1h1", "g1h2"]));
    assert!(game.view_moves(Color::Black).is_empty());
    // Every move of the game and of the view, attempted. A move the game allows is played,
    // even when the view forbids it (the boat's step: trying it is how the rules let White
    // find the shield); one only the view allows is "not possible"; any other is refused
    // with the view's own reason.
    let mut texts: Vec<String> = v
        .legal_moves(game.position())
        .iter()
        .chain(&v.legal_moves(&view.position))
        .map(|&m| v.move_text(m))
        .collect();
    texts.sort();
    texts.dedup();
    texts.push("d2d5".into());
    assert!(texts.contains(&"d2d3".to_string()) && texts.contains(&"g1g2".to_string()));
    for text in &texts {
        let mut attempt = game.clone();
        let answer = attempt.attempt(Color::White, text);
        match (
            v.parse_move(game.position(), text),
            v.parse_move(&view.position, text),
        ) {
            (Ok(m), _) => assert_eq!(answer, Ok(m), "{text}"),
            (Err(_), Ok(_)) => assert_eq!(answer, Err(Refusal::NotPossible), "{text}"),
            (Err(_), Err(e)) => assert_eq!(answer, Err(Refusal::Invalid(e)), "{text}"),
        }
        if answer.is_err() {
            assert_eq!(attempt.fen(), game.fen(), "{text}");
        }
    }
    let mut played = game.clone();
    played.attempt(Color::White, "d2d3").unwrap();
    assert_eq!(played.position().side_to_move(), Color::Black);
}

/// A destroyer moving onto a cell above a hidden black submarine captures it; White is
/// told the move, not what it took.
#[test]
fn a_capture_the_player_cannot_see_is_not_told() {
    let v = seachess();
    let p = fen("g1=K c12=k e5=D f6={_s}", "w", "_f6.submerged=2");
    let mut game = Game::from_fen(v.clone(), &p).unwrap();
    let truth = v.parse_move(game.position(), "e5f6").unwrap();
    assert!(truth.captured.is_some());
    let told = game.attempt(Color::White, "e5f6").unwrap();
    assert_eq!(told.captured, None);
    assert_eq!(game.moves().last(), Some(&truth));
}
