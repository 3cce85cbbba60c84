//! `fairy replay`: a game record played move by move, from a file or standard input.

use crate::support::cli::{fairy, fairy_with_input, stderr, stdout};

const RECORDS: &str = "tests/fixtures/records";

/// The position after Fool's mate.
const FOOLS_MATE: &str = "moves: 4\n\
    fen: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n\
    result: Black wins by checkmate\n";

fn record(name: &str) -> String {
    format!("{RECORDS}/{name}")
}

#[test]
fn numbers_commas_semicolons_and_comments() {
    let o = fairy(&["replay", "chess", &record("fools-mate.txt")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), FOOLS_MATE);
}

#[test]
fn parenthesised_numbers_dashes_and_check_marks() {
    let o = fairy(&["replay", "chess", &record("fools-mate-parens.txt")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), FOOLS_MATE);
}

#[test]
fn numbers_glued_to_moves_and_annotations() {
    let o = fairy(&["replay", "chess", &record("fools-mate-glued.txt")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), FOOLS_MATE);
}

#[test]
fn an_illegal_move_stops_the_replay_and_names_the_move() {
    let o = fairy(&["replay", "chess", &record("illegal-third-move.txt")]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "moves: 4\nfen: r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"
    );
    let err = stderr(&o);
    assert!(err.contains("move 3. f1f5:"), "{err}");
    assert!(err.contains("is not legal here"), "{err}");
}

#[test]
fn a_record_on_standard_input() {
    let o = fairy_with_input(
        &["replay", "chess", "-"],
        "f2f3 e7e5\ng2g4 d8h4 # no numbers\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), FOOLS_MATE);
}

#[test]
fn unnumbered_moves_are_counted_in_halves() {
    let o = fairy_with_input(&["replay", "chess", "-"], "e2e4 e7e5 g1f3 b8c6 f1c4 f8f5");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "moves: 5\nfen: r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\n"
    );
    let err = stderr(&o);
    assert!(err.contains("move 3... f8f5:"), "{err}");
}

#[test]
fn a_move_after_the_end_is_refused() {
    let o = fairy_with_input(&["replay", "chess", "-"], "f2f3 e7e5 g2g4 d8h4 a2a3");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("move 3. a2a3:"), "{err}");
    assert!(err.contains("the game is over"), "{err}");
    assert!(stdout(&o).starts_with("moves: 4\n"), "{}", stdout(&o));
}

#[test]
fn from_a_fen_to_stalemate() {
    let o = fairy_with_input(
        &[
            "replay",
            "chess",
            "--fen",
            "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1",
            "-",
        ],
        "1. f1f7",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "moves: 1\nfen: 7k/5Q2/6K1/8/8/8/8/8 b - - 1 1\nresult: draw by stalemate\n"
    );
}

#[test]
fn an_empty_record_leaves_the_start_position() {
    let o = fairy_with_input(&["replay", "chess", "-"], "# nothing yet\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "moves: 0\nfen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nresult: game goes on\n"
    );
}

#[test]
fn an_unclosed_comment_is_an_error() {
    let o = fairy_with_input(&["replay", "chess", "-"], "1. e2e4 {never closed\n");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("not closed"), "{err}");
}

#[test]
fn a_missing_record_file_is_an_error() {
    let o = fairy(&["replay", "chess", &record("no-such-record.txt")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cannot read the record"),
        "{}",
        stderr(&o)
    );
}

/// PiRaTeKnIcS in its canonical move text: ship moves (`b1-c3`), captures written with
/// spaces around the `x` (`c3R x c6b`), a crewman moving with a companion (`d1NB-c3`).
#[test]
fn pirateknics_with_spaced_captures() {
    let o = fairy(&["replay", "pirateknics", &record("pirateknics.txt")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "moves: 7\n\
         fen: 1<brq><nbk><nbr>/2<ppp><ppp><ppp><ppp>/<ppp><ppp><Rnr>3/6/6/2<NNB>3/<PPP><PPB><PPP><PPP><PPP><PPP>/1<BRQ><K><NBR> b - - 2 4\n\
         result: game goes on\n"
    );
}

/// With spaces, the inventor's captured letter names a type: a pawn of each colour stands on
/// d5, and his notation takes the enemy one unless the text says `own`.
#[test]
fn a_captured_letter_is_an_enemy_unless_written_own() {
    let fen = "<k>3/5<BR>/6/3<Pp>2/6/6/6/<K>3 w - - 0 1";
    let o = fairy(&[
        "replay",
        "pirateknics",
        "--fen",
        fen,
        &record("enemy-capture.txt"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "moves: 1\nfen: <k>3/5<>/6/3<PBR>2/6/6/6/<K>3 b - - 0 1\nresult: game goes on\n"
    );
    let o = fairy_with_input(
        &["replay", "pirateknics", "--fen", fen, "-"],
        "1) f7BR x own d5P;",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("fen: <k>3/5<>/6/3<BRp>2/6/6/6/<K>3 b - - 0 1\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn the_inventors_sample_game_replays_in_his_notation() {
    // As he lays it out: a heading with the board and the players, the moves, the
    // resignation, then his notes on what could have followed.
    let record = "[(6x8)-4] PiRaTeKnIcS (3,3):\n\tWhite\t\tBlack\n".to_string()
        + include_str!("../fixtures/pirateknics-sample-game-1.txt")
        + "33) resigns.\nif 33) d2<KN>-d3, then d3N-b2 **;\n";
    let o = fairy_with_input(&["replay", "pirateknics", "-"], &record);
    assert_eq!(
        stdout(&o),
        "moves: 64\nfen: <>1<b><nnk>/<NBQ>3<ppp>1/<>1<P>1<>1/<B>4<RQp>/1<PPP><r><>1<PPP>/4<pp>1/1<>1<Kn>1<NBq>/2<><> w - b1d2 1 33\nresult: game goes on\n"
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // A mistake stops it at its move, with the nearest legal moves in his notation.
    let wrong = record.replace("d5P x c4P", "d5P x c3P");
    let o = fairy_with_input(&["replay", "pirateknics", "-"], &wrong);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("moves: 3\n"), "{}", stdout(&o));
    // miette wraps long lines: compare the words.
    let err = stderr(&o);
    let words: Vec<&str> = err.split_whitespace().filter(|w| *w != "│").collect();
    assert!(
        words.join(" ").contains("move 2... d5P x c3P: `d5P x c3P` is not legal here: no legal move is written so (legal moves like it: d5P x c4P"),
        "{err}"
    );
}

/// A Seachess game's record in the inventor's notation: the full record replays to the same
/// position; each side's record leaves the opponent's hidden moves out, marked `(h)`, and
/// stops the replay there. A Bermuda record in SAN keeps its dice after `@`.
#[test]
fn records_in_the_variants_notation_replay_and_hide_what_they_must() {
    use fairy_rules::{Color, Game, Variant};
    use rand::seq::IndexedRandom;
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(4);
    for name in ["seachess", "bermuda", "pirateknics"] {
        let v = Variant::bundled(name).unwrap();
        let mut hidden = 0;
        for seed in 0..3 {
            let mut game = Game::new(v.clone()).with_seed(seed);
            for _ in 0..80 {
                let Some(&m) = game.legal_moves().choose(&mut rng) else {
                    break;
                };
                game.play_move(m).unwrap();
            }
            let full = game.record_text(None);
            let o = fairy_with_input(&["replay", name, "-", "--seed", "77"], &full);
            assert!(o.status.success(), "{name}: {}\n{full}", stderr(&o));
            assert!(
                stdout(&o).contains(&format!("fen: {}\n", game.fen())),
                "{name}: {full}"
            );
            for side in [Color::White, Color::Black] {
                let mine = game.record_text(Some(side));
                let marks = mine.matches(", (h);").count() + mine.matches(") (h),").count();
                hidden += marks;
                if marks > 0 {
                    let o = fairy_with_input(&["replay", name, "-"], &mine);
                    assert!(
                        stderr(&o).contains("a hidden move, left out of this side's record"),
                        "{}",
                        stderr(&o)
                    );
                } else {
                    assert_eq!(mine, full);
                }
            }
        }
        assert_eq!(
            hidden > 0,
            name == "seachess",
            "{name}: {hidden} hidden moves"
        );
    }
}
