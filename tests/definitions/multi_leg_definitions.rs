//! Multi-leg moves (XBetza's `a`), the trading rules and the promotion on entering in
//! definitions (docs/authoring.md, "Multi-leg moves" and "Trading rules"): every problem at
//! its exact place.

use crate::support::diagnostics::{edited, errors};

/// A small game with a lion, trading rules and a Chu Shogi promotion.
const BASE: &str = "\
name: Lion test
board: 6x6
regions:
  far: { white: rank 5-6, black: rank 1-2 }
pieces:
  lion: { letter: N, moves: KNADcaKmabK }
  pawn:
    letter: P
    moves: fW
    promotion: { zone: far, choices: [G], optional: true, entering: true }
  gold: { letter: G, moves: WfF }
  king: { letter: K, moves: K, royal: true }
setup: k5/2n3/6/2p3/2N3/5K
trading:
  pieces: [N]
  from_afar: true
  cheap: [P]
  counterstrike: true
end:
  royal: extinction
";

#[test]
fn the_base_loads_and_its_lion_moves_twice() {
    let v = fairy_rules::Variant::from_yaml("test.yaml", BASE).unwrap();
    let pos = v.start_position();
    // White's lion on c2 takes Black's pawn on c3, then steps on or comes back.
    let mut texts: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .filter(|t| t.contains(','))
        .collect();
    texts.sort();
    assert_eq!(
        texts,
        [
            "c2c3,c3b2",
            "c2c3,c3b3",
            "c2c3,c3b4",
            "c2c3,c3c2",
            "c2c3,c3c4",
            "c2c3,c3d2",
            "c2c3,c3d3",
            "c2c3,c3d4"
        ]
    );
}

#[test]
fn leg_problems_point_at_their_letters() {
    let cases = [
        // A third leg: at its `a`.
        ("KNADcacaK", "a", "a move has at most two legs"),
        // Modifiers other than m and c.
        (
            "KNADicaK",
            "icaK",
            "the legs of a multi-leg move take only `m` and `c`",
        ),
        // A rider.
        ("KNADcaR", "caR", "the legs of a multi-leg move are leaps"),
        // Captures where no leap captures: the second ring without `NAD`.
        (
            "KcaK",
            "caK",
            "this two-leg move captures where the piece has no capturing leap",
        ),
        // A second-leg direction that selects nothing on a diagonal frame.
        ("KNADcafhW", "fh", "`fh` is not a direction here"),
    ];
    for (moves, text, message) in cases {
        let yaml = edited(BASE, "moves: KNADcaKmabK", &format!("moves: {moves}"));
        let got = errors(&yaml);
        let line = 6;
        let col = "  lion: { letter: N, moves: ".len() + 1 + moves.rfind(text).unwrap();
        assert!(
            got.iter()
                .any(|(code, l, c, t, m)| *code == "fairy::bad-movement"
                    && (*l, *c) == (line, col)
                    && t == text
                    && m == message),
            "{moves}: {got:?}"
        );
    }
}

#[test]
fn trading_problems_point_at_their_keys() {
    let none = edited(
        BASE,
        "  from_afar: true\n  cheap: [P]\n  counterstrike: true\n",
        "",
    );
    assert_eq!(
        errors(&none),
        [(
            "fairy::bad-trading",
            14,
            1,
            "trading".to_string(),
            "the trading section turns no rule on".to_string()
        )]
    );
    let empty = edited(BASE, "pieces: [N]", "pieces: []");
    assert_eq!(
        errors(&empty),
        [(
            "fairy::bad-trading",
            15,
            11,
            "[".to_string(),
            "the trading rules protect no piece".to_string()
        )]
    );
    let cheap = edited(BASE, "  from_afar: true\n", "");
    assert_eq!(
        errors(&cheap),
        [(
            "fairy::bad-trading",
            16,
            10,
            "[".to_string(),
            "`cheap` belongs to the rule of captures from afar, which is off".to_string()
        )]
    );
    let unknown = edited(BASE, "pieces: [N]", "pieces: [N, Q]");
    let got = errors(&unknown);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(
        (got[0].0, got[0].1, got[0].2, &got[0].3[..]),
        ("fairy::unknown-piece", 15, 15, "Q")
    );
}

#[test]
fn entering_needs_an_optional_promotion() {
    let yaml = edited(BASE, "optional: true, entering: true", "entering: true");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::bad-promotion",
            10,
            53,
            "true".to_string(),
            "`entering` narrows an optional promotion, and this one is not".to_string()
        )]
    );
}

#[test]
fn multi_leg_moves_are_refused_with_walls() {
    let walls = format!("{BASE}walls:\n  place: anywhere\n");
    let got = errors(&walls);
    assert!(
        got.iter().any(
            |(code, l, _, t, m)| *code == "fairy::unsupported-combination"
                && *l == 6
                && t == "moves"
                && m.starts_with("multi-leg moves (`a`) cannot be combined with walls")
        ),
        "{got:?}"
    );
}

#[test]
fn long_legs_load_without_overflow() {
    // Two legs of the longest leap: their product overflows a byte; the board is too small
    // for them, a warning, not a panic.
    let yaml = edited(
        BASE,
        "moves: KNADcaKmabK",
        "moves: \"KNAD(15,14)ca(15,14)\"",
    );
    let v = fairy_rules::Variant::from_yaml("test.yaml", &yaml);
    assert!(v.is_ok(), "{:?}", v.err());
}

#[test]
fn promoted_kinds_written_with_plus_need_one_kind_promoting_to_them() {
    let yaml = edited(
        BASE,
        "  gold: { letter: G, moves: WfF }\n",
        "  gold: { letter: G, moves: WfF }\n  dragon: { letter: D, moves: RF, promoted: true }\n",
    ) + "promoted_in_fen: plus\n";
    let got = errors(&yaml);
    assert!(
        got.iter().any(|(code, l, c, t, m)| *code == "fairy::bad-promotion"
            && (*l, *c) == (22, 18)
            && t == "plus"
            && m == "the promoted kind `dragon` is not promoted to by exactly one kind, so `+` cannot name it"),
        "{got:?}"
    );
}
