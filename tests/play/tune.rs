//! Tuning piece values: the values written into a definition's text, and a fit on a few
//! self-play games.

use fairy_rules::playtest::{play_game, Settings};
use fairy_rules::tune::write::{set_values, WriteError};
use fairy_rules::tune::{tune, Options, TuneError};
use fairy_rules::Variant;

const DEFINITION: &str = "\
# A small game.
name: Small
board: 6x6
pieces:
  # The leaper.
  knight:
    letter: N
    moves: N   # two and one
    image: knight
  rook:
    letter: R
    # Along lines.
    moves: R
    value: 480  # a guess
  king:
    letter: K
    moves: K
    royal: true
setup: 6/2k3/6/6/2K3/RN4
";

#[test]
fn values_are_inserted_and_replaced_and_nothing_else_changes() {
    let done = set_values(DEFINITION, &[("knight", 310), ("rook", 505)]).unwrap();
    assert_eq!(
        done,
        DEFINITION
            .replace(
                "    moves: N   # two and one\n",
                "    moves: N   # two and one\n    value: 310\n"
            )
            .replace("    value: 480  # a guess\n", "    value: 505  # a guess\n")
    );
    let small = Variant::from_yaml("small", &done).unwrap();
    let value = |name: &str| small.pieces.iter().find(|p| p.name == name).unwrap().value;
    assert_eq!(
        (value("knight"), value("rook"), value("king")),
        (Some(310), Some(505), None)
    );
    // Written again, the text stays as it is.
    assert_eq!(
        set_values(&done, &[("knight", 310), ("rook", 505)]).unwrap(),
        done
    );
}

#[test]
fn a_definition_that_extends_gets_an_override_and_a_plain_one_refuses() {
    let child = "extends: chess.yaml\nname: Child\npieces:\n  pawn:\n    moves: fmWfcF\n";
    assert_eq!(
        set_values(child, &[("pawn", 100), ("knight", 320)]).unwrap(),
        "extends: chess.yaml\nname: Child\npieces:\n  pawn:\n    moves: fmWfcF\n    value: 100\n  knight:\n    value: 320\n"
    );
    assert_eq!(
        set_values("extends: chess.yaml\n# note\n", &[("queen", 950)]).unwrap(),
        "extends: chess.yaml\n# note\npieces:\n  queen:\n    value: 950\n"
    );
    assert_eq!(
        set_values(DEFINITION, &[("bishop", 330)]),
        Err(WriteError::Missing("bishop".into()))
    );
    assert_eq!(
        set_values("pieces: {knight: {letter: N}}\n", &[("knight", 1)]),
        Err(WriteError::FlowStyle(1))
    );
}

#[test]
fn tuning_reports_values_with_intervals_around_them() {
    let variant = Variant::from_file("variants/fsf/losalamos.yaml").unwrap();
    let settings = Settings {
        games: 12,
        seed: 3,
        random_plies: 6,
        max_plies: 120,
        nodes: Some(300),
        depth: None,
        movetime: None,
    };
    let games: Vec<_> = (0..12).map(|i| play_game(&variant, &settings, i)).collect();
    let options = Options {
        resamples: 40,
        ..Options::default()
    };
    let t = tune(&variant, &games, settings.random_plies, &options).unwrap();
    assert_eq!(t.unit, 'P');
    assert_eq!(t.games, 12);
    assert!(t.positions > 100, "{t:?}");
    let pawn = t.terms.iter().find(|t| t.letter == 'P').unwrap();
    assert_eq!(pawn.estimate.as_ref().unwrap().value, 100.0);
    let king = t.terms.iter().find(|t| t.letter == 'K').unwrap();
    assert!(king.estimate.is_none(), "a royal piece is never captured");
    // No bound kind in Los Alamos chess: no pair term.
    assert!(t.terms.iter().all(|t| !t.pair));
    for e in t.terms.iter().filter_map(|t| t.estimate.as_ref()) {
        assert!(
            e.value.is_finite() && e.ci95[0] <= e.value && e.value <= e.ci95[1],
            "{t:?}"
        );
    }
    // The same games and seed give the same table; another unit rescales it.
    assert_eq!(tune(&variant, &games, 6, &options).unwrap(), t);
    let in_rooks = Options {
        unit: Some('r'),
        ..options.clone()
    };
    let r = tune(&variant, &games, 6, &in_rooks).unwrap();
    let rook = |t: &fairy_rules::tune::Tuning| t.terms[2].estimate.as_ref().unwrap().value;
    assert_eq!(rook(&r), 100.0);
    assert!(
        (rook(&t) / 100.0 * t.terms[0].estimate.as_ref().unwrap().weight
            - t.terms[2].estimate.as_ref().unwrap().weight)
            .abs()
            < 1e-9
    );
    // Only positions far from the end: fewer of them.
    let middle = Options {
        min_plies_left: 30,
        ..options.clone()
    };
    let m = tune(&variant, &games, 6, &middle).unwrap();
    assert!(m.positions < t.positions && m.positions > 0, "{m:?}");
    // The evaluation beyond material is a term of its own when asked for.
    assert_eq!(t.positional, None);
    let placed = Options {
        positional: true,
        ..options.clone()
    };
    let p = tune(&variant, &games, 6, &placed).unwrap();
    let placement = p.positional.as_ref().unwrap();
    assert!(placement.ci95[0] <= placement.weight && placement.weight <= placement.ci95[1]);
    assert_eq!(p.positions, t.positions);
    assert_ne!(p.terms, t.terms);
    // Bad requests are errors.
    let unknown = Options {
        unit: Some('z'),
        ..options.clone()
    };
    assert_eq!(
        tune(&variant, &games, 6, &unknown),
        Err(TuneError::UnknownUnit('z'))
    );
    let king_unit = Options {
        unit: Some('K'),
        ..options.clone()
    };
    assert_eq!(
        tune(&variant, &games, 6, &king_unit),
        Err(TuneError::UnitNotMeasured('K'))
    );
    assert!(matches!(
        tune(&variant, &[], 6, &options),
        Err(TuneError::TooFew(_))
    ));
    let draws: Vec<_> = games
        .iter()
        .cloned()
        .map(|mut g| {
            g.result = "1/2-1/2".into();
            g
        })
        .collect();
    assert_eq!(
        tune(&variant, &draws, 6, &options),
        Err(TuneError::NoDecisive(12))
    );
}

#[test]
fn the_bishop_is_bound_to_its_colour_and_the_knight_is_not() {
    let chess = Variant::bundled("chess").unwrap();
    let bound: Vec<char> = chess
        .kinds()
        .filter(|&k| fairy_rules::tune::features::bound(&chess, k))
        .map(|k| chess.pieces[k.index()].letter)
        .collect();
    assert_eq!(bound, ['B']);
}

#[test]
fn a_minimum_phase_keeps_the_positions_with_that_share_of_the_pieces() {
    let chess = Variant::bundled("chess").unwrap();
    let settings = Settings {
        games: 6,
        seed: 5,
        random_plies: 8,
        max_plies: 160,
        nodes: Some(300),
        depth: None,
        movetime: None,
    };
    let games: Vec<_> = (0..6).map(|i| play_game(&chess, &settings, i)).collect();
    let samples = fairy_rules::tune::features::sample_positions(&chess, &games, 8, 0).unwrap();
    // Derived values of N, B, R, Q (kinds 1 to 4): the start holds 2 × 3196 of them.
    let worth = |c: &[[u16; 2]]| -> u32 {
        [320, 362, 494, 856]
            .iter()
            .zip(&c[1..5])
            .map(|(v, [w, b])| v * u32::from(w + b))
            .sum()
    };
    let at_least = |share: f64| {
        samples
            .iter()
            .filter(|s| f64::from(worth(&s.counts)) >= share * 6392.0)
            .count()
    };
    let options = Options {
        resamples: 0,
        ..Options::default()
    };
    let all = tune(&chess, &games, 8, &options).unwrap();
    assert_eq!(all.positions, samples.len());
    for share in [0.5, 0.9] {
        let middle = Options {
            min_phase: share,
            ..options.clone()
        };
        let kept = tune(&chess, &games, 8, &middle).map_or(0, |t| t.positions);
        assert_eq!(kept, at_least(share), "phase {share}");
        assert!(kept < samples.len());
    }
}
