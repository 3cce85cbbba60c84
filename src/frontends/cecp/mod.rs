//! A variant as XBoard (the CECP protocol, version 2) sees it: its name, the `setup` and
//! `piece` commands that describe a variant XBoard does not know, square and move names as
//! XBoard writes them, and the `highlight` board of a piece's legal targets.
//!
//! XBoard draws boards up to 16x16, numbers ranks from 1 (from 0 on a board of exactly 10
//! ranks: its `ONE` is `'1' - (BOARD_HEIGHT == 10)`; past 9 in two digits, `b12c10`),
//! and knows piece types by image slot: a pieceToChar table maps our letters onto those
//! slots, each piece on the slot whose image fits it (its `image:`, a pawn on the pawn's). A piece
//! whose movement XBoard's Betza reader understands is told with `piece`; a piece whose movement it
//! does not (multi-path moves such as the falcon's) goes to one of XBoard's two wildcard slots
//! (falcon and cobra), whose moves XBoard does not check, and the engine judges them: it answers
//! `lift` with the legal targets.

use crate::engine::{Move, Position};
use crate::play::game::Game;
use crate::play::search::{SearchLimits, SearchResult, Searcher};
use crate::rules::Ruleset;
use crate::types::bitboard::Cell;

mod repetition;
pub use repetition::repetition_floor;

/// XBoard's image slots per side, the king's last (as in its `-pieceToCharTable`).
const SLOTS: usize = 22;
/// The king's slot.
const KING: usize = SLOTS - 1;
/// Slots whose built-in moves are these Betza movements (XBoard's pawn, knight, bishop,
/// rook, queen, ferz, archbishop, chancellor, wazir, commoner, nightrider).
const BUILT_IN: [(usize, &str); 11] = [
    (0, "fmWfcFifmnD"),
    (1, "N"),
    (2, "B"),
    (3, "R"),
    (4, "Q"),
    (5, "F"),
    (7, "BN"),
    (8, "RN"),
    (9, "W"),
    (10, "K"),
    (12, "NN"),
];
/// XBoard's wildcard slots (falcon, cobra): any move of theirs is legal to XBoard.
const WILDCARDS: [usize; 2] = [17, 19];
/// The pawn's slot.
const PAWN: usize = 0;
/// The slot of each of our images that XBoard also draws (see
/// [`crate::picture::image_names`]).
const IMAGE_SLOTS: [(&str, usize); 9] = [
    ("pawn", PAWN),
    ("knight", 1),
    ("bishop", 2),
    ("rook", 3),
    ("queen", 4),
    ("archbishop", 7),
    ("chancellor", 8),
    ("falcon", 17),
    ("king", KING),
];
/// Slots for pieces described with `piece`, in the order they are taken.
const FREE: [usize; 7] = [13, 14, 15, 16, 18, 20, 11];
use crate::formats::xboard_names::engine_defined_name;
pub use crate::formats::xboard_names::xboard_variants;
use crate::formats::xboard_names::WILDCARD_VARIANTS;

/// The largest board XBoard draws.
const MAX_SIDE: u8 = 16;

/// How a variant is offered to XBoard.
///
/// See the example of [`describe`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XBoardVariant {
    /// The name for `feature variants=` and `variant`: XBoard's own for a variant it knows
    /// (`xboard:` in the definition), else the name given.
    pub name: String,
    /// The commands that describe it, to send in answer to `variant`: `setup` with the
    /// pieceToChar table, board size and start FEN, then a `piece` command for each piece
    /// whose moves XBoard must be told. Empty for a variant XBoard knows.
    pub commands: Vec<String>,
    /// What XBoard cannot referee or show in it, if anything, told to a person at the first
    /// move: for an engine-defined variant, XBoard must then play it with legality testing
    /// off (`-testLegality false`), and the engine judges moves and results; for one of
    /// XBoard's own, castlings XBoard does not know are left out.
    pub unrefereed: Option<String>,
}

/// Why a variant cannot be played over XBoard, if it cannot: XBoard has no chance events,
/// hidden parts, containers, hexagonal boards or boards over 16x16, and no way for an engine
/// to put a piece back on its board (a captured piece that returns).
pub(crate) fn refusal(rules: &Ruleset) -> Option<String> {
    let t = &rules.topology;
    let why = if rules.chance.is_some() {
        "its chance events"
    } else if rules.has_hidden_information() {
        "its hidden pieces"
    } else if rules.containers.is_some() {
        "its containers and crews"
    } else if !rules.returns.is_empty() {
        "a captured piece returning to the board"
    } else if t.width() > MAX_SIDE || t.height() > MAX_SIDE {
        "its board, larger than XBoard's 16x16"
    } else if t.geometry() != crate::rules::Geometry::Square {
        "its hexagonal board"
    } else {
        return None;
    };
    Some(format!("{}: XBoard cannot show {why}", rules.name))
}

/// How to offer `rules`, known by `id` (a bundled name or a file's stem), to XBoard: by
/// its `xboard:` name when that is XBoard's own, else as an engine-defined variant, named by
/// `xboard:` or after `id`.
///
/// ```
/// use fairy_rules::{cecp, Variant};
/// let chess = Variant::bundled("chess")?;
/// let offer = cecp::describe(&chess, "chess").unwrap();
/// assert_eq!((offer.name.as_str(), offer.commands.len(), offer.unrefereed), ("normal", 0, None));
/// assert!(cecp::xboard_variants().any(|name| name == "normal"));
///
/// // XBoard knows the falcon, but not what it may do: the engine must judge it.
/// let falcon = Variant::bundled("falcon-chess")?;
/// let offer = cecp::describe(&falcon, "falcon-chess").unwrap();
/// assert_eq!(offer.name, "falcon");
/// assert!(offer.unrefereed.unwrap().starts_with("XBoard cannot judge a mate in falcon"));
///
/// // XBoard's chu forbids what Chu Shogi allows: leaving the king attacked. A move that
/// // does would forfeit the game while XBoard tests legality.
/// let chu = Variant::bundled("chu-shogi")?;
/// let offer = cecp::describe(&chu, "chu-shogi").unwrap();
/// assert_eq!((offer.name.as_str(), offer.commands.len()), ("chu", 0));
/// assert!(offer.unrefereed.unwrap().starts_with("XBoard's chu refuses a move that leaves the king attacked"));
///
/// let bermuda = Variant::bundled("bermuda")?;
/// let refused = cecp::describe(&bermuda, "bermuda").unwrap_err();
/// assert_eq!(refused, "The Bermuda Chess Angle: XBoard cannot show its chance events");
/// # Ok::<(), fairy_rules::LoadError>(())
/// ```
///
/// # Errors
/// Why XBoard cannot play the variant (no chance events, hidden parts, containers, boards
/// over 16x16 or returning pieces), a name XBoard would misread (one of its own variants'
/// names, or one it cannot parse), or that
/// more than two piece types have moves XBoard cannot be told.
pub fn describe(rules: &Ruleset, id: &str) -> Result<XBoardVariant, String> {
    if let Some(why) = refusal(rules) {
        return Err(why);
    }
    if let Some(known) = known_name(rules) {
        return Ok(XBoardVariant {
            name: known.to_string(),
            commands: Vec::new(),
            unrefereed: known_variant_note(rules, known),
        });
    }
    let name = match &rules.xboard {
        Some(name) => name.clone(),
        None => engine_defined_name(id)?,
    };
    let slots = piece_slots(rules)?;
    let mut table = ['.'; SLOTS];
    let mut pieces = Vec::new();
    for (p, &slot) in rules.pieces.iter().zip(&slots) {
        // XBoard's built-in moves depend on its variant and board (a pawn's double step on
        // a small board): every piece that can be told is told, but a king whose castling
        // is XBoard's own.
        if translatable(&p.moves) && !(slot == KING && p.moves == "K") {
            pieces.push(format!("piece {}& {}", p.letter, p.moves));
        }
        table[slot] = p.letter;
    }
    let white: String = table.iter().collect();
    let black: String = white.chars().map(crate::types::letter::lower).collect();
    let t = &rules.topology;
    let start = rules.start_position();
    let mut commands = vec![format!(
        "setup ({white}{black}) {}x{}+0_fairy {}",
        t.width(),
        t.height(),
        fen(rules, &start)
    )];
    commands.extend(pieces);
    Ok(XBoardVariant {
        name,
        commands,
        unrefereed: unrefereed(rules),
    })
}

/// The name of XBoard's own variant that `rules` is played as (its `xboard:` name, when
/// XBoard knows it), if any.
fn known_name(rules: &Ruleset) -> Option<&str> {
    rules
        .xboard
        .as_deref()
        .filter(|n| xboard_variants().any(|v| v == *n))
}

/// XBoard's image slot of each of the variant's piece kinds, in the definition's order, for
/// an engine-defined variant. First the pieces whose slot their image (or, for a piece that
/// promotes or only moves forward, the pawn's) says, so that no other piece takes it; the
/// king's slot only for a royal piece, a king-like one first. Then each other piece takes
/// the slot of its built-in movement, a free slot if XBoard can be told its movement, or a
/// wildcard slot.
///
/// # Errors
/// When more than two piece types have moves XBoard cannot be told.
fn piece_slots(rules: &Ruleset) -> Result<Vec<usize>, String> {
    let mut table = ['.'; SLOTS];
    let mut slots: Vec<Option<usize>> = vec![None; rules.pieces.len()];
    let mut first: Vec<usize> = (0..rules.pieces.len()).collect();
    first.sort_by_key(|&i| {
        let p = &rules.pieces[i];
        !(p.royal && (p.image.as_deref() == Some("king") || p.moves == "K"))
    });
    for i in first {
        let p = &rules.pieces[i];
        let wanted = if p.royal {
            Some(KING)
        } else {
            let image = p.image.as_deref().and_then(|name| {
                IMAGE_SLOTS
                    .iter()
                    .find(|(n, slot)| *n == name && *slot != KING)
                    .map(|(_, slot)| *slot)
            });
            image.or((p.promotion.is_some() || forward_only(&p.moves)).then_some(PAWN))
        };
        if let Some(slot) = wanted.filter(|&s| table[s] == '.' && fits(p, s)) {
            table[slot] = p.letter;
            slots[i] = Some(slot);
        }
    }
    let mut all = Vec::with_capacity(rules.pieces.len());
    for (i, p) in rules.pieces.iter().enumerate() {
        let slot = match slots[i] {
            Some(slot) => slot,
            None => {
                let built_in = BUILT_IN
                    .iter()
                    .find(|(slot, moves)| *moves == p.moves && table[*slot] == '.')
                    .map(|(slot, _)| *slot);
                let free = || FREE.iter().copied().find(|&s| table[s] == '.');
                let wild = || WILDCARDS.iter().copied().find(|&s| table[s] == '.');
                built_in
                    .or_else(|| free().filter(|_| translatable(&p.moves)))
                    .or_else(wild)
                    .ok_or_else(|| {
                        format!(
                            "{}: more than two piece types move in ways XBoard cannot be told",
                            rules.name
                        )
                    })?
            }
        };
        table[slot] = p.letter;
        all.push(slot);
    }
    Ok(all)
}

/// What XBoard, playing `rules` as its own variant `known`, cannot do, named for a person:
/// judge a mate where its wildcard falcon could answer anything, let a royal piece be left
/// attacked where the rules capture royal pieces, and castlings other than its own.
fn known_variant_note(rules: &Ruleset, known: &str) -> Option<String> {
    let mut notes = Vec::new();
    if WILDCARD_VARIANTS.contains(&known) {
        notes.push(format!(
            "XBoard cannot judge a mate in {known} (its falcon may go anywhere): play it with legality testing off"
        ));
    }
    if rules.end.royal != crate::load::definition::RoyalRule::Checkmate
        && !rules.royal_kinds().is_empty()
    {
        notes.push(format!(
            "XBoard's {known} refuses a move that leaves the king attacked, which {} allows (the king is then captured): play it with legality testing off",
            rules.name
        ));
    }
    if !castling_shown(rules) {
        notes.push(format!(
            "XBoard's {known} castles only with the king landing on the second file from an edge: {}'s other castlings cannot be played",
            rules.name
        ));
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// The rules of `rules` that XBoard, playing an engine-defined variant by the rules of its
/// `fairy` variant, cannot follow, named for a person.
fn unrefereed(rules: &Ruleset) -> Option<String> {
    use crate::load::definition::{RoyalRule, StalemateRule};
    let mut rules_out = Vec::new();
    if !rules.end.flags.is_empty() {
        rules_out.push("wins by reaching a goal");
    }
    if !rules.parameters.is_empty() {
        rules_out.push("game parameters");
    }
    if rules.end.royal != RoyalRule::Checkmate {
        rules_out.push("royal pieces that are captured");
    }
    if rules.end.stalemate != StalemateRule::Draw {
        rules_out.push("stalemate that is not a draw");
    }
    if rules.royals_apart {
        rules_out.push("kings kept apart");
    }
    if rules.captures_forced {
        rules_out.push("forced captures");
    }
    if rules.no_checks {
        rules_out.push("moves that may not give check");
    }
    if rules.end.checkmate != crate::load::definition::MateRule::Loss
        || rules.end.extinction.is_some()
        || rules.end.checks_to_win > 0
    {
        rules_out.push("other ways of winning");
    }
    if !castling_shown(rules) {
        rules_out.push("castling");
    }
    (!rules_out.is_empty()).then(|| {
        format!(
            "XBoard cannot referee {}'s {}: play it with legality testing off",
            rules.name,
            rules_out.join(", ")
        )
    })
}

/// Whether XBoard shows the variant's castling as it is: none, or the king landing on the
/// second file from either edge with the partner beside it, as XBoard moves them. Any other
/// castling (free castling, say) XBoard would draw as a king step, leaving the
/// partner behind: an engine must not play it ([`crate::Ruleset`] still allows it to a
/// person, whose GUI sends the king's move).
pub(crate) fn castling_shown(rules: &Ruleset) -> bool {
    use crate::load::definition::Distance;
    let Some(c) = &rules.castling else {
        return true;
    };
    let start = rules.start_position();
    let width = i32::from(rules.topology.width());
    rules.topology.cells().all(|cell| {
        let Some(p) = start.piece_at(cell) else {
            return true;
        };
        if p.kind() != c.king {
            return true;
        }
        let file = i32::from(rules.topology.coords(cell).0);
        c.king_files.is_none()
            && matches!((c.kingside, c.queenside), (Distance::Fixed(k), Distance::Fixed(q))
                if file + i32::from(k) == width - 2 && file - i32::from(q) == 2)
    })
}

/// The engine's move in `game` as XBoard can show it: the search's best, or, when that is a
/// castling XBoard would not show (any but the king landing on the second file from an edge
/// with its partner beside it), the legal move other than castling
/// with the best score after a shallow search of the reply. `report` gets each finished
/// iteration of the search. `None` when the side to move has no move.
///
/// ```
/// use fairy_rules::search::{SearchLimits, Searcher};
/// use fairy_rules::{cecp, Game, Variant};
/// let chess = Variant::bundled("chess")?;
/// let game = Game::new(chess.clone());
/// let mut searcher = Searcher::new(chess.clone());
/// let mut posts = Vec::new();
/// let limits = SearchLimits::depth(2);
/// let best = cecp::engine_move(&mut searcher, &game, &limits, &mut |r| {
///     posts.push(cecp::thinking(&chess, r, std::time::Duration::from_millis(1234)))
/// });
/// assert!(game.legal_moves().contains(&best.unwrap()));
/// assert_eq!(posts.len(), 2); // one line per iteration: `ply score centiseconds nodes pv`
/// assert!(posts[1].starts_with("2 ") && posts[1].split(' ').nth(2) == Some("123"));
/// # Ok::<(), fairy_rules::LoadError>(())
/// ```
pub fn engine_move(
    searcher: &mut Searcher,
    game: &Game,
    limits: &SearchLimits,
    report: &mut dyn FnMut(&SearchResult),
) -> Option<Move> {
    let variant = game.variant();
    let pos = game.position();
    let hashes = game.earlier_hashes();
    let best = searcher.search_with(pos, hashes, limits, report).best?;
    let castles = |m: &Move| matches!(m.kind, crate::engine::MoveKind::Castle { .. });
    if !castles(&best) || castling_shown(variant) {
        return Some(best);
    }
    variant
        .legal_moves(pos)
        .into_iter()
        .filter(|m| !castles(m))
        .max_by_key(|&m| {
            let after = variant.play_unchecked(pos, m);
            -searcher
                .search(&after, hashes, &SearchLimits::depth(2))
                .score
                .0
        })
}

/// A finished search iteration as XBoard's thinking output (`post`): `ply score time nodes
/// pv`, the score in centipawns for the side to move (a mate in n moves as 100000 + n,
/// being mated in n as -100000 - n), the time in centiseconds, the line in XBoard's move
/// text.
///
/// ```
/// use fairy_rules::search::{Score, SearchResult};
/// use fairy_rules::{cecp, Variant};
/// let chess = Variant::bundled("chess")?;
/// let pos = chess.parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
/// let mate = chess.parse_move(&pos, "a1a8")?;
/// let result = SearchResult { best: Some(mate), score: Score(29_999), depth: 1, seldepth: 1, nodes: 20, pv: vec![mate] };
/// let post = cecp::thinking(&chess, &result, std::time::Duration::from_millis(1234));
/// assert_eq!(post, "1 100001 123 20 a1a8"); // mate in one, 1.23 s
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn thinking(rules: &Ruleset, r: &SearchResult, elapsed: std::time::Duration) -> String {
    let score = match r.score.mate_in() {
        Some(n) if n > 0 => 100_000 + n,
        Some(n) => -100_000 + n,
        None => r.score.0,
    };
    let pv: Vec<String> = r.pv.iter().map(|&m| move_text(rules, m)).collect();
    format!(
        "{} {score} {} {} {}",
        r.depth,
        elapsed.as_millis() / 10,
        r.nodes,
        pv.join(" ")
    )
}

/// Whether XBoard's Betza reader understands a movement: atoms with counts and the
/// direction and mode modifiers, nothing more (no groups, paths or hops).
fn translatable(moves: &str) -> bool {
    !moves.is_empty()
        && moves
            .chars()
            .all(|c| "WFDNAHCZGKQRB".contains(c) || "fblrvsmcni".contains(c) || c.is_ascii_digit())
}

/// Whether every atom of a movement XBoard can be told goes forward only (a pawn's,
/// `fmWfcF`; a lance's, `fR`).
fn forward_only(moves: &str) -> bool {
    let mut modifiers = String::new();
    translatable(moves)
        && moves.chars().all(|c| {
            if c.is_ascii_lowercase() {
                modifiers.push(c);
                true
            } else if c.is_ascii_uppercase() {
                let forward = modifiers.contains('f') && !modifiers.contains(['b', 's', 'v']);
                modifiers.clear();
                forward
            } else {
                true
            }
        })
}

/// Whether `piece` may take `slot`: XBoard can be told its moves, the slot's built-in moves
/// are its own, or the slot is a wildcard whose moves XBoard does not check (a royal piece
/// always takes the king's).
fn fits(piece: &crate::rules::PieceType, slot: usize) -> bool {
    slot == KING
        || translatable(&piece.moves)
        || WILDCARDS.contains(&slot)
        || BUILT_IN.contains(&(slot, piece.moves.as_str()))
}

/// A position as the FEN XBoard reads: holes as `*`, the side to move, the castling field,
/// no en passant target, the clocks.
///
/// ```
/// use fairy_rules::{cecp, Variant};
/// let chess = Variant::bundled("chess")?;
/// let start = chess.start_position();
/// let after = chess.play(&start, chess.parse_move(&start, "e2e4")?)?;
/// assert_eq!(cecp::fen(&chess, &after), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// // XBoard writes holes; ours leaves them out.
/// assert_eq!(cecp::from_xboard_fen("*r4k3r*/10 w - - 0 1"), "r4k3r/10 w - - 0 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fen(rules: &Ruleset, pos: &Position) -> String {
    let placement = board_text(rules, |cell| match cell {
        Some(cell) => Some(rules.cell_text(pos, cell)).filter(|t| !t.is_empty()),
        None => Some("*".to_string()),
    });
    let ours = rules.fen(pos);
    let castling = ours.split_whitespace().nth(2).unwrap_or("-");
    let side = match pos.side_to_move() {
        crate::types::piece::Color::White => 'w',
        crate::types::piece::Color::Black => 'b',
    };
    format!(
        "{placement} {side} {castling} - {} {}",
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
}

/// A position as the commands of XBoard's edit mode, the protocol's way to set up a board
/// for an engine without `setboard` (Fairy-Max): `edit`, `#` (the board cleared), each
/// White piece as its letter and square (`Ke1`), `c` (Black's pieces next), each Black
/// piece, and `.`. Edit mode keeps the side to move, has no clocks nor en passant target,
/// and leaves castling and first moves for the engine to infer from the placement: a piece
/// on its start cell counts as unmoved.
///
/// ```
/// use fairy_rules::{cecp, Variant};
/// let chess = Variant::bundled("chess")?;
/// let pos = chess.parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
/// let edit = cecp::edit_commands(&chess, &pos)?;
/// assert_eq!(edit.join(" "), "edit # Ra1 Kg1 c Pf7 Pg7 Ph7 Kg8 .");
/// let crazyhouse = Variant::bundled("crazyhouse")?;
/// let held = crazyhouse.parse_fen("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1")?;
/// assert_eq!(
///     cecp::edit_commands(&crazyhouse, &held).unwrap_err(),
///     "edit mode cannot put pieces in hand"
/// );
/// // King and rook at home, but no castling right: the engine would infer one.
/// let moved = chess.parse_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1")?;
/// assert_eq!(
///     cecp::edit_commands(&chess, &moved).unwrap_err(),
///     "edit mode cannot tell that the piece on e1 has moved"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A position edit mode cannot tell: pieces in hand, an en passant target, a piece whose
/// unmoved state differs from what its cell implies (a king and rook at home without their
/// castling right, a castling right away from the start cells, as in Chess960), or a cell
/// whose text is not one letter (a promoted piece written `+P`, a crew, a layered cell).
pub fn edit_commands(rules: &Ruleset, pos: &Position) -> Result<Vec<String>, String> {
    use crate::types::piece::{Color, Piece};
    let held = rules.kinds().any(|k| {
        [Color::White, Color::Black]
            .iter()
            .any(|&c| pos.in_hand(Piece::new(k, c)) > 0)
    });
    if held {
        return Err("edit mode cannot put pieces in hand".into());
    }
    if !pos.en_passant_targets().is_empty() {
        return Err("edit mode cannot give an en passant capture".into());
    }
    let (marked, implied) = (pos.unmoved(), rules.unmoved_by_placement(pos));
    if let Some(cell) = (marked ^ implied).cells().next() {
        let at = square(rules, cell);
        return Err(match marked.has(cell) {
            true => format!("edit mode cannot tell that the piece on {at} has not moved"),
            false => format!("edit mode cannot tell that the piece on {at} has moved"),
        });
    }
    let mut sides: [Vec<String>; 2] = Default::default();
    for cell in rules.topology.cells() {
        let text = rules.cell_text(pos, cell);
        // An empty cell, or a wall (part of the variant's board, not of the position).
        if text.is_empty() || text == "*" {
            continue;
        }
        // The first-move mark: edit mode leaves first moves to the placement.
        let letter: Vec<char> = text.strip_suffix('\'').unwrap_or(&text).chars().collect();
        let c = match letter[..] {
            [c] if c.is_ascii_alphabetic() => c,
            _ => {
                let at = square(rules, cell);
                return Err(format!("edit mode cannot tell `{text}` on {at}"));
            }
        };
        let side = usize::from(c.is_ascii_lowercase());
        sides[side].push(format!("{}{}", c.to_ascii_uppercase(), square(rules, cell)));
    }
    let [white, black] = sides;
    Ok(["edit".to_string(), "#".to_string()]
        .into_iter()
        .chain(white)
        .chain(["c".to_string()])
        .chain(black)
        .chain([".".to_string()])
        .collect())
}

/// A FEN as XBoard writes it, read into ours: our FEN does not write holes (`*`), so the
/// empty squares on either side of one make one run. The other fields are kept. See the
/// example of [`fen`].
pub fn from_xboard_fen(fen: &str) -> String {
    let (placement, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let mut out = String::new();
    // Empty squares so far, and the number being read.
    let (mut run, mut number) = (0u32, 0u32);
    for c in placement.chars().chain(std::iter::once(' ')) {
        if let Some(d) = c.to_digit(10) {
            number = number.saturating_mul(10).saturating_add(d);
            continue;
        }
        run = run.saturating_add(number);
        number = 0;
        if c == '*' {
            continue;
        }
        if run > 0 {
            out.push_str(&run.to_string());
            run = 0;
        }
        if c != ' ' {
            out.push(c);
        }
    }
    match rest {
        "" => out,
        _ => format!("{out} {rest}"),
    }
}

/// The number XBoard gives the first rank: 1, or 0 on a board of exactly 10 ranks (its
/// `ONE`, `'1' - (BOARD_HEIGHT == 10)`).
fn first_rank(rules: &Ruleset) -> u32 {
    u32::from(rules.topology.height() != 10)
}

/// A cell's name as XBoard writes it: the file's letter and the rank's number (`k12` on a
/// board of 12 ranks, where XBoard writes ranks past 9 in two digits).
pub(crate) fn square(rules: &Ruleset, cell: Cell) -> String {
    let (file, rank) = rules.topology.coords(cell);
    format!(
        "{}{}",
        char::from(b'a' + file),
        u32::from(rank) + first_rank(rules)
    )
}

/// The cell XBoard names at the start of `text`, and the text after it.
fn parse_square<'t>(rules: &Ruleset, text: &'t str) -> Option<(Cell, &'t str)> {
    let file = text.bytes().next().filter(u8::is_ascii_lowercase)? - b'a';
    let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
    let number: u32 = text.get(1..1 + digits)?.parse().ok()?;
    let rank = number.checked_sub(first_rank(rules))?;
    let cell = rules
        .topology
        .cell(i32::from(file), i32::try_from(rank).ok()?)?;
    Some((cell, &text[1 + digits..]))
}

/// The letter after a move's squares for a piece it brings in: `+` for a promotion to a
/// piece that exists only by promotion (shogi's), else the piece's letter in lower case.
fn piece_suffix(rules: &Ruleset, kind: crate::types::piece::Kind) -> char {
    let t = rules.piece_type(kind);
    if t.promoted {
        '+'
    } else {
        crate::types::letter::lower(t.letter)
    }
}

/// A move as XBoard writes it: from, to, and the promotion's letter in lower case (`+` for a
/// promoted piece); a drop as `P@e4`; a gating as the move with the gated piece's letter.
/// Ranks as XBoard numbers them (see the [module](self)). See the example of
/// [`parse_move`].
pub fn move_text(rules: &Ruleset, m: Move) -> String {
    use crate::engine::MoveKind;
    match m.kind {
        MoveKind::Drop => {
            let letter = rules.piece_type(m.piece.kind()).letter;
            return format!("{letter}@{}", square(rules, m.to));
        }
        // XBoard's null move, as HaChu writes a lion's pass.
        MoveKind::TwoLegs { taken: None, .. } if m.to == m.from => return "@@@@".into(),
        _ => {}
    }
    let mut text = match m.kind {
        // The legs one after another, as XBoard writes a lion's double move.
        MoveKind::TwoLegs { via, .. } => {
            let via = square(rules, via);
            format!(
                "{}{via},{via}{}",
                square(rules, m.from),
                square(rules, m.to)
            )
        }
        _ => square(rules, m.from) + &square(rules, m.to),
    };
    if let Some(k) = m.promotion.or(m.gate.map(|g| g.kind)) {
        text.push(piece_suffix(rules, k));
    }
    text
}

/// Why [`parse_move`] read no move from XBoard's text.
///
/// See the example of [`parse_move`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CecpMoveError {
    /// A drop whose `@` is not followed by a square alone.
    #[error("not a drop on a square")]
    DropSquare,
    /// A drop whose `@` is not preceded by one letter.
    #[error("not a drop of one piece")]
    DropPiece,
    /// A letter no piece of the variant has.
    #[error("no piece has the letter {0}")]
    UnknownLetter(char),
    /// Text that does not begin with two squares of the board.
    #[error("not a move from a square to a square")]
    NotSquares,
    /// More than one letter after the squares.
    #[error("too long")]
    TooLong,
    /// Well formed, but no legal move of the position is written so.
    #[error("no legal move does that")]
    NoLegalMove,
}

/// The legal move XBoard means by `text` (`e2e4`, `e7e8q`, `P@e4`, `b1c3h` gating a piece;
/// a move that could be a king's step or a castling is the step).
///
/// ```
/// use fairy_rules::cecp::{self, CecpMoveError};
/// use fairy_rules::Variant;
/// let chess = Variant::bundled("chess")?;
/// let start = chess.start_position();
/// let knight = cecp::parse_move(&chess, &start, "g1f3")?;
/// assert_eq!(cecp::move_text(&chess, knight), "g1f3");
/// assert_eq!(cecp::parse_move(&chess, &start, "g1g3"), Err(CecpMoveError::NoLegalMove));
/// assert_eq!(cecp::parse_move(&chess, &start, "zz"), Err(CecpMoveError::NotSquares));
///
/// // On a board of ten ranks XBoard counts them from 0: Grand Chess's b3b5 is b2b4.
/// let grand = Variant::bundled("grand")?;
/// let pawn = grand.parse_move(&grand.start_position(), "b3b5")?;
/// assert_eq!(cecp::move_text(&grand, pawn), "b2b4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`CecpMoveError`]: malformed, or no legal move goes there.
pub fn parse_move(rules: &Ruleset, pos: &Position, text: &str) -> Result<Move, CecpMoveError> {
    use crate::engine::MoveKind;
    let pass = |m: &Move| {
        matches!(
            m.kind,
            MoveKind::TwoLegs { taken: None, .. } | MoveKind::Pass
        ) && m.from == m.to
    };
    if text == "@@@@" {
        return rules
            .legal_moves(pos)
            .into_iter()
            .find(pass)
            .ok_or(CecpMoveError::NoLegalMove);
    }
    if let Some((first, second)) = text.split_once(',') {
        let legs = parse_square(rules, first)
            .and_then(|(from, rest)| {
                parse_square(rules, rest)
                    .filter(|(_, r)| r.is_empty())
                    .map(|(via, _)| (from, via))
            })
            .zip(parse_square(rules, second).and_then(|(via, rest)| {
                parse_square(rules, rest).map(|(to, rest)| (via, to, rest))
            }));
        let Some(((from, via), (_, to, rest))) = legs.filter(|(f, s)| f.1 == s.0) else {
            return Err(CecpMoveError::NotSquares);
        };
        let promotes = !rest.is_empty() && rest != "=";
        return rules
            .legal_moves(pos)
            .into_iter()
            .find(|m| {
                // A pass by any empty cell names the one move.
                matches!(m.kind, MoveKind::TwoLegs { via: v, .. } if v == via || pass(m))
                    && m.from == from
                    && m.to == to
                    && m.promotion.is_some() == promotes
            })
            .ok_or(CecpMoveError::NoLegalMove);
    }
    if let Some((letter, at)) = text.split_once('@') {
        let to = parse_square(rules, at)
            .filter(|(_, rest)| rest.is_empty())
            .map(|(cell, _)| cell)
            .ok_or(CecpMoveError::DropSquare)?;
        let mut letters = letter.chars();
        let (Some(letter), None) = (letters.next(), letters.next()) else {
            return Err(CecpMoveError::DropPiece);
        };
        let kind = rules
            .kind_of_letter(letter)
            .ok_or(CecpMoveError::UnknownLetter(letter))?;
        return rules
            .legal_moves(pos)
            .into_iter()
            .find(|m| {
                m.kind == crate::engine::MoveKind::Drop && m.to == to && m.piece.kind() == kind
            })
            .ok_or(CecpMoveError::NoLegalMove);
    }
    let Some((from, to, rest)) = parse_square(rules, text)
        .and_then(|(from, rest)| parse_square(rules, rest).map(|(to, rest)| (from, to, rest)))
    else {
        return Err(CecpMoveError::NotSquares);
    };
    let mut after = rest.strip_prefix('=').unwrap_or(rest).chars();
    let suffix = match (after.next(), after.next()) {
        (None, _) => None,
        (Some(c), None) => Some(crate::types::letter::lower(c)),
        _ => return Err(CecpMoveError::TooLong),
    };
    if let Some(c) = suffix.filter(|&c| c != '+') {
        rules
            .kind_of_letter(c)
            .ok_or(CecpMoveError::UnknownLetter(c))?;
    }
    let brings = |m: &Move| m.promotion.or(m.gate.map(|g| g.kind));
    let mut candidates: Vec<Move> = rules
        .legal_moves(pos)
        .into_iter()
        .filter(|m| {
            m.from == from
                && m.to == to
                && brings(m).map(|k| piece_suffix(rules, k)) == suffix
                // A two-leg move is written leg by leg, but a pass onto its own square.
                && (!matches!(m.kind, MoveKind::TwoLegs { .. }) || pass(m))
        })
        .collect();
    candidates.sort_by_key(|m| m.kind != MoveKind::Normal);
    candidates
        .first()
        .copied()
        .ok_or(CecpMoveError::NoLegalMove)
}

/// The `highlight` board for a piece on `from`: its legal targets marked as legal for
/// XBoard (`Y` a move, `R` a capture, `M` a move that asks for a promotion choice), other
/// squares empty, in FEN rank order. `None` when `from` is not a square of the board.
///
/// ```
/// use fairy_rules::{cecp, Variant};
/// let chess = Variant::bundled("chess")?;
/// let start = chess.start_position();
/// assert_eq!(cecp::highlight(&chess, &start, "g1").as_deref(), Some("8/8/8/8/8/5Y1Y/8/8"));
/// assert_eq!(cecp::highlight(&chess, &start, "z9"), None);
/// # Ok::<(), fairy_rules::LoadError>(())
/// ```
pub fn highlight(rules: &Ruleset, pos: &Position, from: &str) -> Option<String> {
    let from = parse_square(rules, from)
        .filter(|(_, rest)| rest.is_empty())?
        .0;
    let moves: Vec<Move> = rules
        .legal_moves(pos)
        .into_iter()
        .filter(|m| m.from == from)
        .collect();
    Some(board_text(rules, |cell| {
        let here: Vec<&Move> = moves.iter().filter(|m| Some(m.to) == cell).collect();
        let mark = if here.is_empty() {
            return None;
        } else if here.iter().any(|m| m.promotion.is_some()) {
            "M"
        } else if here.iter().any(|m| m.captured.is_some()) {
            "R"
        } else {
            "Y"
        };
        Some(mark.to_string())
    }))
}

/// A board in FEN's shape, ranks from the top: what `content` gives for each square of the
/// bounding rectangle (`None` for a square that is not a cell), runs of empty squares as
/// digits.
fn board_text(rules: &Ruleset, content: impl Fn(Option<Cell>) -> Option<String>) -> String {
    let t = &rules.topology;
    let mut ranks = Vec::new();
    for rank in (0..t.height()).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..t.width() {
            let Some(c) = content(t.cell(file.into(), rank.into())) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push_str(&c);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::variant::Variant;

    /// Edit mode counts a piece at home as unmoved: a position where a rook went
    /// out and back, or a pawn just made a double step, is refused; once neither matters,
    /// the same placement is told.
    #[test]
    fn edit_mode_refuses_what_the_placement_cannot_tell() {
        let chess = Variant::bundled("chess").unwrap();
        let after = |moves: &str| {
            let mut pos = chess.start_position();
            for text in moves.split_whitespace() {
                let m = chess.read_move(&pos, text).unwrap();
                pos = chess.play(&pos, m).unwrap();
            }
            edit_commands(&chess, &pos).map(|_| ())
        };
        assert_eq!(after(""), Ok(()));
        assert_eq!(after("Nf3 Nf6"), Ok(()));
        // A double step no pawn can take en passant leaves nothing untold.
        assert_eq!(after("e4"), Ok(()));
        assert_eq!(
            after("Nf3 Nf6 Rg1 Rg8 Rh1 Rh8"),
            Err("edit mode cannot tell that the piece on h1 has moved".into())
        );
        assert_eq!(
            after("e4 Nf6 e5 d5"),
            Err("edit mode cannot give an en passant capture".into())
        );
        assert_eq!(after("e4 Nf6 e5 d5 Nc3 Nc6"), Ok(()));
        let atomic960 = Variant::bundled("atomic960").unwrap();
        let shuffled = atomic960
            .parse_fen("nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1")
            .unwrap();
        assert_eq!(
            edit_commands(&atomic960, &shuffled).map(|_| ()),
            Err("edit mode cannot tell that the piece on b1 has not moved".into())
        );
    }

    #[test]
    fn holes_leave_xboard_fens() {
        assert_eq!(
            from_xboard_fen("2k3/6/3*2/2*3/6/R2K2 w - - 0 1"),
            "2k3/6/5/5/6/R2K2 w - - 0 1"
        );
        assert_eq!(from_xboard_fen("*10*/r*8*k"), "10/r8k");
    }

    #[test]
    fn only_plain_atoms_and_modifiers_translate() {
        assert!(translatable("fmWfcFifmnD"));
        assert!(translatable("NN"));
        assert!(translatable("K2"));
        assert!(!translatable("{WWF}{FFW}"));
        assert!(!translatable("pR"));
        assert!(!translatable(""));
    }

    #[test]
    fn pawns_and_lances_only_go_forward() {
        assert!(forward_only("fmWfcFifmnD"));
        assert!(forward_only("fR"));
        assert!(forward_only("fmWfF"));
        assert!(!forward_only("fmWbF"));
        assert!(!forward_only("fsW"));
        assert!(!forward_only("N"));
        assert!(!forward_only("{WWF}"));
    }
}
