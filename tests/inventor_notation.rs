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
        matches!(&refused, MoveError::Illegal { reason, .. } if reason == "no legal move is written so"),
        "{refused}"
    );
    let sails: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .filter_map(|m| v.write_notation(&pos, m))
        .filter(|t| t.starts_with("d2<"))
        .collect();
    assert!(!sails.iter().any(|t| t.ends_with("-b1")), "{sails:?}");
    assert!(!sails.is_empty());
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
    // A capture takes an enemy piece unless the text says `own`.
    let mixed = v
        .parse_fen("<k>3/5<BR>/6/3<Pp>2/6/6/6/<K>3 w - - 0 1")
        .unwrap();
    let enemy = v.parse_notation(&mixed, "f7BR x d5P").unwrap();
    assert_eq!(v.move_text(enemy), "f7BRxd5p");
    let own = v.parse_notation(&mixed, "f7BR x own d5P").unwrap();
    assert_eq!(v.move_text(own), "f7BRxd5P");
    assert_eq!(
        v.write_notation(&mixed, own).as_deref(),
        Some("f7BR x own d5P")
    );
    assert_eq!(
        v.write_notation(&mixed, enemy).as_deref(),
        Some("f7BR x d5P")
    );
    let m = v.parse_notation(&promoting, "c7P(Q)P(N) x d8B").unwrap();
    assert_eq!(v.move_text(m), "c7PPxd8b=NQ");
    assert_eq!(v.parse_notation(&promoting, "c7 P(N) P(Q) x d8 B !"), Ok(m));
}

#[path = "support/seachess_fen.rs"]
mod seachess_fen;
use seachess_fen::fen as sea;

/// The move of `pos` written `text` by `write_notation`, read back from that text, made by
/// the engine as `engine` (its own text).
fn written_so(v: &Variant, fen: &str, engine: &str, text: &str) {
    let pos = v.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = v
        .parse_move(&pos, engine)
        .unwrap_or_else(|e| panic!("{engine}: {e}"));
    assert_eq!(v.write_notation(&pos, m).as_deref(), Some(text), "{engine}");
    assert_eq!(v.parse_notation(&pos, text), Ok(m), "{text}");
}

#[test]
fn seachess_special_forms_are_written_as_the_inventor_writes_them() {
    let v = bundled("seachess");
    let kings = "g1=K g12=k";
    // Plain moves and captures.
    written_so(
        &v,
        &sea(&format!("{kings} e5=C e6=b"), "w", "-"),
        "e5e6",
        "Ce5 x e6",
    );
    written_so(
        &v,
        &sea(&format!("{kings} e5=C e7=b"), "w", "-"),
        "e5e6",
        "Ce5 - e6",
    );
    // A cruiser plants a mine on its square: a hidden move.
    written_so(
        &v,
        &sea(&format!("{kings} e5=C"), "w", "-"),
        "e5:M",
        "Ce5 - M (h)",
    );
    // A boat steps onto Black's mine, which destroys it.
    written_so(
        &v,
        &sea(&format!("{kings} e4=B e5={{*m}}"), "w", "-"),
        "e4e5",
        "Be4 - e5 - Mx",
    );
    // A submarine after two turns on the surface dives with a knight's move: hidden.
    written_so(
        &v,
        &sea(&format!("{kings} e4=S"), "w", "e4.surfaced=2"),
        "e4_f6",
        "Se4v - f6 (h)",
    );
    // A submerged submarine surfaces where it is, taking the cruiser above it.
    written_so(
        &v,
        &sea(&format!("{kings} f6={{c_S}}"), "w", "_f6.submerged=1"),
        "_f6f6",
        "sSf6^x",
    );
    // A destroyer's arrival beside a submerged submarine forces it up: it takes the cruiser
    // above it. (The inventor's example comes from a board with an a1 and a sonar reaching
    // diagonally; on this board the destroyer's sonar reaches the four orthogonal squares.)
    written_so(
        &v,
        &sea(&format!("{kings} c3=D f5={{C_s}}"), "w", "_f5.submerged=1"),
        "c3e5",
        "Dc3 - e5 > f5^ x f5",
    );
    // A submarine that dives beside an enemy destroyer is forced up at once, under the
    // cruiser it dived below, which it takes. The mark follows the referee, which announces
    // every dive as a hidden move.
    written_so(
        &v,
        &sea(&format!("{kings} e4=S f6=c f7=d"), "w", "e4.surfaced=2"),
        "e4_f6",
        "Se4v - f6 > f6^ x f6 (h)",
    );
    // A torpedo on the diagonal ahead, two squares away.
    written_so(
        &v,
        &sea(&format!("{kings} j5=T h7=c"), "w", "-"),
        "j5xh7",
        "Tj5 xt h7",
    );
    // Back in the own haven, the cruiser's mine and the torpedo boat's torpedo reload.
    written_so(
        &v,
        &sea(&format!("{kings} e5=C"), "w", "e5.mine=0"),
        "e5e2",
        "Ce5 - e2 < M",
    );
    written_so(
        &v,
        &sea(&format!("{kings} j5=T"), "w", "j5.torpedo=0"),
        "j5j2",
        "Tj5 - j2 < T",
    );
    // Read leniently: spacing, case of letters, a check mark; the suffixes may be left out.
    let pos = v
        .parse_fen(&sea(&format!("{kings} e5=C"), "w", "e5.mine=0"))
        .unwrap();
    let reload = v.parse_move(&pos, "e5e2").unwrap();
    for text in ["Ce5-e2<M", "ce5 - e2", "Ce5 - e2 < M +"] {
        assert_eq!(v.parse_notation(&pos, text), Ok(reload), "{text}");
    }
}

#[test]
fn seachess_forms_of_our_own_read_back() {
    let v = bundled("seachess");
    let castles = sea("g1=K c1=C j1=T g12=k", "w", "-").replacen(" w - ", " w KQ ", 1);
    let cases = [
        // Castling both ways, a promotion, a submerged move, the aircraft's strike.
        (castles.clone(), "g1e1", "Kg1 - e1 & Cc1 - f1"),
        (castles, "g1i1", "Kg1 - i1 & Tj1 - h1"),
        (
            sea("g1=K g12=k d11=B", "w", "-"),
            "d11d12s",
            "Bd11 - d12 = S",
        ),
        (
            sea("g1=K g12=k f6={_S}", "w", "_f6.submerged=1"),
            "_f6_g8",
            "sSf6 - g8 (h)",
        ),
        (
            sea("g1=K g12=k f6={_S}", "w", "_f6.submerged=1"),
            "_f6g8",
            "sSf6 - g8^",
        ),
        (sea("g1=K g12=k e5=A h8=c", "w", "-"), "e5xh8", "Ae5 xa h8"),
    ];
    for (fen, engine, text) in &cases {
        written_so(&v, fen, engine, text);
        let pos = v.parse_fen(fen).unwrap();
        for m in v.legal_moves(&pos) {
            let written = v.write_notation(&pos, m).unwrap();
            assert_eq!(
                v.parse_notation(&pos, &written),
                Ok(m),
                "{written} in {fen}"
            );
        }
    }
}

#[test]
fn seachess_moves_read_back_from_the_inventors_text() {
    let v = bundled("seachess");
    assert!(round_trips(&v, 11, 3, 60) > 3000);
}

/// Chess with the guide's long algebraic notation: the same keys serve any game.
fn long_algebraic() -> Variant {
    let chess = std::fs::read_to_string("variants/chess.yaml").unwrap();
    let yaml = format!(
        "{chess}\nnotation:\n  name: long algebraic\n  templates:\n    move: \"{{piece}}{{from}}-{{to}}\"\n    capture: \"{{piece}}{{from}}x{{to}}\"\n    promotion: \"{{piece}}{{from}}-{{to}}={{promotion}}\"\n    capture_promotion: \"{{piece}}{{from}}x{{to}}={{promotion}}\"\n    castle: \"{{piece}}{{from}}-{{to}} castles\"\n  ignore: [\"+\", \"#\", \"!\", \"?\"]\n"
    );
    Variant::from_yaml("long-algebraic.yaml", &yaml).unwrap()
}

#[test]
fn a_notation_of_another_game_uses_the_same_keys() {
    let v = long_algebraic();
    assert_eq!(v.notation_name(), Some("long algebraic"));
    let start = v.start_position();
    let e4 = v.parse_move(&start, "e2e4").unwrap();
    assert_eq!(v.write_notation(&start, e4).as_deref(), Some("Pe2-e4"));
    assert_eq!(v.parse_notation(&start, "pe2 - e4 !"), Ok(e4));
    // None legal: the nearest legal moves, in this notation.
    assert_eq!(
        v.parse_notation(&start, "Pe2-e5").unwrap_err().to_string(),
        "`Pe2-e5` is not legal here: no legal move is written so"
    );
    let nearest = v.nearest_moves(&start, "Pe2-e5", 3);
    assert_eq!(
        nearest.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>(),
        ["Pe2-e3", "Pe2-e4", "Pa2-a3"]
    );
    let nearest = v.nearest_moves(&start, "Ng1-f4", 2);
    assert_eq!(
        nearest.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>(),
        ["Ng1-f3", "Ng1-h3"]
    );
    let pos = v.parse_fen("3r2k1/4P3/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    for (engine, text) in [
        ("e7d8n", "Pe7xd8=N"),
        ("e7e8q", "Pe7-e8=Q"),
        ("e1g1", "Ke1-g1 castles"),
    ] {
        let m = v.parse_move(&pos, engine).unwrap();
        assert_eq!(v.write_notation(&pos, m).as_deref(), Some(text));
        assert_eq!(v.parse_notation(&pos, text), Ok(m));
    }
    assert_eq!(
        v.parse_notation(&pos, "").unwrap_err().to_string(),
        "`` is not a move: it is empty"
    );
    // Without a notation section: no written form, and the engine's text is read.
    let plain = bundled("chess");
    assert_eq!(plain.notation_name(), None);
    assert_eq!(plain.write_notation(&start, e4), None);
    assert_eq!(plain.parse_notation(&start, "e2e4"), Ok(e4));
}

#[test]
fn several_moves_written_alike_are_named() {
    // A template that drops the origin makes moves share a text: the reader lists them.
    let chess = std::fs::read_to_string("variants/chess.yaml").unwrap();
    let yaml =
        format!("{chess}\nnotation:\n  name: short\n  templates:\n    move: \"{{piece}}{{to}}\"\n");
    let v = Variant::from_yaml("short.yaml", &yaml).unwrap();
    let pos = v.parse_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    assert_eq!(
        v.parse_notation(&pos, "Rd1").unwrap_err().to_string(),
        "`Rd1` is not legal here: it is ambiguous: Rd1 (a1d1), Rd1 (h1d1)"
    );
}

#[test]
fn a_drawn_cell_follows_the_move_after_an_at_sign() {
    let bermuda = std::fs::read_to_string("variants/bermuda.yaml").unwrap();
    let yaml = format!(
        "{bermuda}\nnotation:\n  name: long algebraic\n  templates:\n    move: \"{{piece}}{{from}}-{{to}}\"\n"
    );
    let v = Variant::from_yaml("bermuda-notation.yaml", &yaml).unwrap();
    let start = v.start_position();
    let m = v.parse_move(&start, "e2e4@d5").unwrap();
    assert_eq!(v.write_notation(&start, m).as_deref(), Some("Pe2-e4@d5"));
    assert_eq!(v.parse_notation(&start, "Pe2-e4 @d5"), Ok(m));
    assert_eq!(v.parse_notation(&start, "Pe2-e4"), Ok(m.choice()));
    assert!(v.parse_notation(&start, "Pe2-e4@a1").is_err());
}
