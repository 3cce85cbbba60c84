//! PGN: the export format written exactly; comments, NAGs and variations kept on import;
//! games written by python-chess (PyPI `chess`) read and replayed to its positions; every
//! bundled variant's random games written and replayed exactly (chance outcomes, game
//! parameters, hidden moves).

use std::process::Command;

use fairy_rules::pgn::{self, PgnGame, Tags};
use fairy_rules::{Color, Game, Variant};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

fn played(variant: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(Variant::bundled(variant).unwrap());
    for m in moves {
        game.play(m).unwrap();
    }
    game
}

#[test]
fn a_finished_chess_game_is_written_in_the_export_format() {
    let game = played("chess", &["f2f3", "e7e5", "g2g4", "d8h4"]);
    let tags = Tags {
        event: Some("Fool's mate".into()),
        white: Some("A".into()),
        date: Some("2026.11.25".into()),
        ..Tags::default()
    };
    assert_eq!(
        PgnGame::from_game(&game, &tags, None).to_string(),
        "[Event \"Fool's mate\"]\n[Site \"?\"]\n[Date \"2026.11.25\"]\n[Round \"?\"]\n\
         [White \"A\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[Variant \"Chess\"]\n\
         [Termination \"checkmate\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
    );
}

#[test]
fn a_game_from_a_position_has_setup_and_fen_and_numbers_black_first() {
    let chess = Variant::bundled("chess").unwrap();
    let fen = "4k3/8/8/8/8/8/4p3/4K3 b - - 0 40";
    let mut game = Game::from_fen(chess, fen).unwrap();
    game.play("e2e1q").unwrap_err(); // the king stands there
    game.play("e8d7").unwrap();
    game.play("e1e2").unwrap();
    let text = PgnGame::from_game(&game, &Tags::default(), None).to_string();
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4p3/4K3 b - - 0 40\"]\n"));
    assert!(text.ends_with("\n40... Kd7 41. Kxe2 1/2-1/2\n"), "{text}");
}

#[test]
fn comments_nags_and_variations_are_kept_and_written_back() {
    let text = "[Event \"x\"]\n[Annotator \"someone \\\"quoted\\\"\"]\n\n\
                {A comment before the moves} 1. e4 $1 {best} (1. d4 d5 (1... Nf6) 2. c4) \
                1... e5 2. Nf3!? Nc6?! 3. Bb5 a6 {the Morphy defence} 1/2-1/2\n";
    let games = pgn::parse(text).unwrap();
    let game = &games[0];
    assert_eq!(game.tag("Annotator"), Some("someone \"quoted\""));
    assert_eq!(game.comments, ["A comment before the moves"]);
    assert_eq!(game.moves[0].nags, [1]);
    assert_eq!(game.moves[0].comments, ["best"]);
    let side: Vec<&str> = game.moves[0].variations[0]
        .iter()
        .map(|m| m.text.as_str())
        .collect();
    assert_eq!(side, ["d4", "d5", "c4"]);
    assert_eq!(game.moves[0].variations[0][1].variations[0][0].text, "Nf6");
    assert_eq!(game.moves[2].nags, [5]);
    assert_eq!(game.moves[3].nags, [6]);
    assert_eq!(game.result, "1/2-1/2");
    let written = game.to_string();
    assert_eq!(
        written,
        "[Event \"x\"]\n[Annotator \"someone \\\"quoted\\\"\"]\n\n\
         {A comment before the moves} 1. e4 $1 {best} (1. d4 d5 (1... Nf6) 2. c4) 1...\n\
         e5 2. Nf3 $5 Nc6 $6 3. Bb5 a6 {the Morphy defence} 1/2-1/2\n"
    );
    assert_eq!(&pgn::parse(&written).unwrap()[0], game);
    let replay = game.replay(&Variant::bundled("chess").unwrap(), 0).unwrap();
    assert_eq!(replay.error, None);
    assert_eq!(replay.game.moves().len(), 6);
}

#[test]
fn python_chess_games_replay_to_its_positions() {
    let out = Command::new("python3")
        .args(["tests/pgn/python_chess_games.py", "40", "5"])
        .output()
        .expect("python3 runs (the tests need it)");
    assert!(
        out.status.success(),
        "python-chess failed (install it: pip install chess): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let finals: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("% final "))
        .collect();
    let games = pgn::parse(&text).unwrap();
    assert_eq!(games.len(), 40);
    assert_eq!(finals.len(), 40);
    let chess = Variant::bundled("chess").unwrap();
    let mut variations = 0;
    for (game, want) in games.iter().zip(finals) {
        variations += game
            .moves
            .iter()
            .filter(|m| !m.variations.is_empty())
            .count();
        let replay = game.replay(&chess, 0).unwrap();
        assert_eq!(replay.error, None, "{}", game.tag("Event").unwrap());
        let ours = replay.game.fen();
        // python-chess writes an en passant square only when a capture there is legal.
        let fields = |f: &str| -> Vec<String> {
            f.split(' ')
                .enumerate()
                .filter(|&(i, _)| i != 3)
                .map(|(_, s)| s.to_string())
                .collect()
        };
        assert_eq!(
            fields(&ours),
            fields(want),
            "{}",
            game.tag("Event").unwrap()
        );
        // And our own writing of it reads back as the same game.
        let again = PgnGame::from_game(&replay.game, &Tags::default(), None).to_string();
        let back = pgn::parse(&again).unwrap()[0].replay(&chess, 0).unwrap();
        assert_eq!(back.game.moves(), replay.game.moves());
    }
    assert!(variations > 40, "{variations} variations read");
}

/// Random games of every bundled variant, written as PGN and read back, replay to the same
/// moves and the same position: chance outcomes, drawn game parameters and moves beyond
/// chess's notation included.
#[test]
fn every_bundled_variant_replays_exactly() {
    let mut rng = StdRng::seed_from_u64(3);
    for name in Variant::bundled_names() {
        let variant = Variant::bundled(name).unwrap();
        for seed in 0..4 {
            let mut game = Game::new(variant.clone()).with_seed(seed + 100);
            for _ in 0..120 {
                let Some(&m) = game.legal_moves().choose(&mut rng) else {
                    break;
                };
                game.play_move(m).unwrap();
            }
            let text = PgnGame::from_game(&game, &Tags::default(), None).to_string();
            let read = &pgn::parse(&text).unwrap()[0];
            assert_eq!(
                read.variant(std::path::Path::new("."))
                    .unwrap()
                    .unwrap()
                    .name,
                variant.name
            );
            // Another seed: every outcome must come from the record.
            let replay = read.replay(&variant, 999).unwrap();
            assert_eq!(replay.error, None, "{name}: {text}");
            assert_eq!(replay.game.moves(), game.moves(), "{name}");
            assert_eq!(replay.game.fen(), game.fen(), "{name}");
        }
    }
}

#[test]
fn one_sides_record_leaves_out_the_opponents_hidden_moves() {
    let seachess = Variant::bundled("seachess").unwrap();
    let mut rng = StdRng::seed_from_u64(8);
    let mut hidden = 0;
    for seed in 0..6 {
        let mut game = Game::new(seachess.clone()).with_seed(seed);
        for _ in 0..150 {
            let Some(&m) = game.legal_moves().choose(&mut rng) else {
                break;
            };
            game.play_move(m).unwrap();
        }
        for side in [Color::White, Color::Black] {
            let record = PgnGame::from_game(&game, &Tags::default(), Some(side));
            let full = PgnGame::from_game(&game, &Tags::default(), None);
            for ((m, mine), theirs) in game.moves().iter().zip(&record.moves).zip(&full.moves) {
                if m.piece.color() != side && seachess.is_hidden_move(*m) {
                    hidden += 1;
                    assert_eq!(mine.text, "--");
                    assert_eq!(mine.command("hidden"), Some(""));
                } else {
                    assert_eq!(mine, theirs);
                }
            }
            let replay = record.replay(&seachess, 0).unwrap();
            if record.moves.iter().any(|m| m.text == "--") {
                let e = replay.error.unwrap();
                assert!(e.reason.starts_with("a hidden move"), "{e}");
            }
        }
    }
    assert!(hidden > 10, "{hidden} hidden moves");
}

#[test]
fn a_wrong_move_stops_the_replay_with_its_number_and_the_nearest_moves() {
    let chess = Variant::bundled("chess").unwrap();
    let game = &pgn::parse("1. e4 e5 2. Nf3 Nc6 3. Bb6 a6 *").unwrap()[0];
    let replay = game.replay(&chess, 0).unwrap();
    assert_eq!(replay.game.moves().len(), 4);
    assert_eq!(
        replay.error.unwrap().to_string(),
        "move 3. Bb6: no legal move reads so (legal moves like it: Ba6, Bb5, Bc4)"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Any text is read or refused with a place; what is read replays without a panic.
    #[test]
    fn any_text_is_read_or_refused(text in "[\\[\\]{}();$%\"a-h1-9xO=+#!?.\\- \n*/KQRBNP]{0,80}") {
        let chess = Variant::bundled("chess").unwrap();
        match pgn::parse(&text) {
            Ok(games) => {
                for game in games {
                    let _ = game.replay(&chess, 0);
                    proptest::prop_assert_eq!(pgn::parse(&game.to_string()).map(|g| g.len()), Ok(1));
                }
            }
            Err(e) => proptest::prop_assert!(e.line >= 1 && e.column >= 1),
        }
    }
}
