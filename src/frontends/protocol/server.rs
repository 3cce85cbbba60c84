//! The server's state and request handling: variants by id, games by id, each game's seats.

use std::io::BufRead;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Weak};

use indexmap::IndexMap;
use rand::Rng;
use serde_json::Value;

use super::search::{FinishedSearch, PendingSearch, SearchCaps, Ticket};
use super::types::*;
use crate::engine::{Move, Outcome, Position};
use crate::load::diagnostics::ProblemReport;
use crate::load::variant::Variant;
use crate::play::game::Game;
use crate::play::referee::Refusal;
use crate::types::piece::Color;

/// A game server: the state behind `fairy serve`. Feed it request lines with
/// [`Server::handle_line`]; nothing a client sends can make it panic, and a failed request
/// changes nothing. The web playground runs an engine move outside the server, so that
/// other requests are answered meanwhile.
///
/// ```
/// use fairy_rules::protocol::Server;
/// let mut server = Server::new();
/// let out = server.handle_line(r#"{"id":1,"request":"new_game","variant":"chess"}"#);
/// assert!(out[0].starts_with(r#"{"id":1,"ok":true,"result":{"kind":"game","game":"g1""#));
/// let out = server.handle_line(r#"{"request":"play","game":"g1","move":"e2e5"}"#);
/// assert!(out[0].contains(r#""code":"illegal_move""#));
/// ```
#[derive(Default)]
pub struct Server {
    /// Variants given to [`Server::add_variant`] or loaded from YAML, by id.
    variants: IndexMap<String, Entry>,
    games: IndexMap<String, Session>,
    /// Games and loaded variants ever made, for fresh ids.
    made_games: u64,
    made_variants: u64,
    /// The caps of every engine move.
    caps: SearchCaps,
    /// Searches running now.
    running: Arc<AtomicUsize>,
}

struct Entry {
    variant: Variant,
    bundled: bool,
    /// Loaded from YAML text by a client (counted against [`super::MAX_LOADED`]).
    loaded: bool,
}

/// A game and what the server keeps beside it.
struct Session {
    variant: String,
    game: Game,
    /// Seat tokens, White's then Black's.
    seats: [String; 2],
    /// The engine's search for this game while it runs (held by its [`PendingSearch`]).
    search: Weak<Ticket>,
}

/// What [`Server::start_line`] did with a request line.
pub(crate) enum Started {
    /// It answered: the event lines, then the response line.
    Answered(Vec<String>),
    /// It is an engine move to run ([`PendingSearch::run`]) and then give back to
    /// [`Server::finish`], which answers it.
    Search(Box<PendingSearch>),
}

/// A failed request's answer.
struct Failure(ErrorInfo);

impl Failure {
    fn new(code: ErrorCode, message: impl Into<String>) -> Failure {
        Failure(ErrorInfo {
            code,
            message: message.into(),
            diagnostics: Vec::new(),
        })
    }
}

type Handled = Result<Answer, Failure>;

impl Server {
    /// A server that knows the bundled variants, with the default [`SearchCaps`]. See the
    /// example of [`Server`].
    pub fn new() -> Server {
        Server::default()
    }

    /// A server whose engine moves are capped by `caps`.
    ///
    /// A variant of the program's own, and an engine move capped at depth 2:
    ///
    /// ```
    /// use fairy_rules::protocol::{SearchCaps, Server};
    /// use fairy_rules::Variant;
    /// let yaml = "name: Tiny\nboard: 3x3\npieces:\n  king:\n    letter: K\n    moves: K\n    royal: true\n  rook:\n    letter: R\n    moves: R\nsetup: k2/3/K1R\n";
    /// let mut server = Server::with_caps(SearchCaps { depth: 2, ..SearchCaps::default() });
    /// server.add_variant("tiny", Variant::from_yaml("tiny.yaml", yaml)?);
    /// let created = server.handle_line(r#"{"request":"new_game","variant":"tiny"}"#);
    /// assert!(created[0].contains(r#""game":"g1","variant":"tiny""#));
    /// // The event line (the game is over), then the response: Rc3 mates.
    /// let lines = server.handle_line(r#"{"request":"engine_move","game":"g1","limits":{"depth":9}}"#);
    /// assert_eq!(lines[0], r#"{"event":"game_over","game":"g1","outcome":{"result":"1-0","winner":"white","reason":"checkmate"}}"#);
    /// assert!(lines[1].contains(r#""move":{"text":"c1c3""#));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_caps(caps: SearchCaps) -> Server {
        Server {
            caps,
            ..Server::default()
        }
    }

    /// Makes `variant` available under `id` (a definition given on the command line),
    /// replacing a variant of that id. See the example of [`Server::with_caps`].
    pub fn add_variant(&mut self, id: &str, variant: Variant) {
        let entry = Entry {
            variant,
            bundled: false,
            loaded: false,
        };
        self.variants.insert(id.to_string(), entry);
    }

    /// Answers one request line: the event lines it caused, then its response line (each
    /// one JSON object, without a line ending). An engine move searches before it returns.
    /// See the examples of [`Server`] and [`Server::with_caps`].
    pub fn handle_line(&mut self, line: &str) -> Vec<String> {
        match self.start_line(line) {
            Started::Answered(lines) => lines,
            Started::Search(search) => self.finish(search.run()),
        }
    }

    /// Answers one request line, except an engine move, which it hands back to run without
    /// the server: meanwhile the game refuses moves, undos and other engine moves with
    /// [`ErrorCode::Busy`], and the server answers everything else.
    pub(crate) fn start_line(&mut self, line: &str) -> Started {
        let (id, command) = match parse_request(line) {
            Ok(parsed) => parsed,
            Err((id, failure)) => {
                return Started::Answered(vec![to_line(&respond(id, Err(failure)))])
            }
        };
        if let Command::EngineMove { game, seat, limits } = command {
            return match self.start_search(&game, seat.as_deref(), &limits) {
                Ok(mut search) => {
                    search.id = id;
                    Started::Search(search)
                }
                Err(failure) => Started::Answered(vec![to_line(&respond(id, Err(failure)))]),
            };
        }
        let (events, response) = self.handle(id, command);
        Started::Answered(lines(&events, &response))
    }

    /// Plays the move of a search that has run and answers its request: the event lines,
    /// then the response line. A search stopped by its flag plays nothing and is answered
    /// with [`ErrorCode::Busy`]; one whose game was closed meanwhile, with
    /// [`ErrorCode::UnknownGame`].
    pub(crate) fn finish(&mut self, done: FinishedSearch) -> Vec<String> {
        let mut events = Vec::new();
        let id = done.search.id.clone();
        let result = self.finish_search(done, &mut events);
        lines(&events, &respond(id, result))
    }

    /// Answers one request: the events it caused, then its response.
    pub(crate) fn handle(&mut self, id: Option<Value>, command: Command) -> (Vec<Event>, Response) {
        let mut events = Vec::new();
        let result = self.run(command, &mut events);
        (events, respond(id, result))
    }

    fn run(&mut self, command: Command, events: &mut Vec<Event>) -> Handled {
        match command {
            Command::Hello {} => Ok(Answer::Hello {
                protocol: super::VERSION,
                program: format!("fairy-rules {}", env!("CARGO_PKG_VERSION")),
            }),
            Command::Variants {} => Ok(Answer::Variants {
                variants: self.variant_list(),
            }),
            Command::LoadVariant { name, yaml } => self.load_variant(name, yaml),
            Command::NewGame {
                variant,
                fen,
                seed,
                parameters,
            } => self.new_game(&variant, fen, seed, parameters),
            Command::Moves { game, seat } => {
                let (session, side) = self.seated(&game, seat.as_deref())?;
                Ok(Answer::Moves {
                    moves: session.moves(side),
                })
            }
            Command::Play { game, text, seat } => {
                let (session, side) = self.seated_mut(&game, seat.as_deref())?;
                session.play(&game, side, &text, events)
            }
            Command::Undo { game, seat } => {
                let (session, side) = self.seated_mut(&game, seat.as_deref())?;
                session.not_searching()?;
                session.game.undo().ok_or_else(|| {
                    Failure::new(ErrorCode::NothingToUndo, "no move has been played")
                })?;
                Ok(Answer::Position(session.position(&game, side)))
            }
            Command::Position { game, seat } => {
                let (session, side) = self.seated(&game, seat.as_deref())?;
                Ok(Answer::Position(session.position(&game, side)))
            }
            Command::EngineMove { game, seat, limits } => {
                let search = self.start_search(&game, seat.as_deref(), &limits)?;
                self.finish_search(search.run(), events)
            }
            Command::Result { game } => Ok(Answer::Result {
                outcome: self.session(&game)?.game.outcome().map(outcome_info),
            }),
            Command::Record { game, seat } => {
                let (session, side) = self.seated(&game, seat.as_deref())?;
                Ok(Answer::Record(session.record(&game, side)))
            }
            Command::CloseGame { game } => {
                let session = self.session(&game)?;
                // Its search, if one runs, is of no use any more.
                if let Some(ticket) = session.search.upgrade() {
                    ticket.stop.store(true, Ordering::Relaxed);
                }
                self.games.shift_remove(&game);
                Ok(Answer::Closed { game })
            }
            Command::CheckVariant { name, yaml } => Ok(super::views::check_variant(name, &yaml)),
            Command::Diagram {
                variant,
                piece,
                cell,
            } => super::views::diagram(self.variant(&variant)?, piece, cell.as_deref())
                .map(Answer::Diagram)
                .map_err(|message| Failure::new(ErrorCode::BadRequest, message)),
            Command::Picture {
                game,
                seat,
                regions,
            } => {
                let (session, side) = self.seated(&game, seat.as_deref())?;
                let seen = session.game.seen_by(side);
                let variant = session.game.variant();
                super::views::picture(&game, variant, &seen, side, &regions)
                    .map(Answer::Picture)
                    .map_err(|message| Failure::new(ErrorCode::BadRequest, message))
            }
        }
    }

    fn variant_list(&self) -> Vec<VariantSummary> {
        let mut list: Vec<VariantSummary> = Variant::bundled_names()
            .chain(Variant::suite_names())
            .filter(|name| !self.variants.contains_key(*name))
            .map(|name| VariantSummary {
                id: name.to_string(),
                bundled: true,
            })
            .collect();
        list.extend(self.variants.iter().map(|(id, e)| VariantSummary {
            id: id.clone(),
            bundled: e.bundled,
        }));
        list.sort_by(|a, b| a.id.cmp(&b.id));
        list
    }

    /// The variant of `id`, loading a bundled one at its first use.
    fn variant(&mut self, id: &str) -> Result<&Variant, Failure> {
        if !self.variants.contains_key(id) {
            let variant = Variant::bundled(id).map_err(|_| {
                let known: Vec<String> = self.variant_list().into_iter().map(|v| v.id).collect();
                Failure::new(
                    ErrorCode::UnknownVariant,
                    format!("no variant `{id}`; known: {}", known.join(", ")),
                )
            })?;
            let entry = Entry {
                variant,
                bundled: true,
                loaded: false,
            };
            self.variants.insert(id.to_string(), entry);
        }
        Ok(&self.variants[id].variant)
    }

    fn load_variant(&mut self, name: Option<String>, yaml: Option<String>) -> Handled {
        let (id, variant) = match (name, yaml) {
            (Some(name), None) => (name.clone(), self.variant(&name)?.clone()),
            (name, Some(yaml)) => {
                if self.variants.values().filter(|e| e.loaded).count() >= super::MAX_LOADED {
                    return Err(Failure::new(
                        ErrorCode::TooMany,
                        format!("{} variants are loaded already", super::MAX_LOADED),
                    ));
                }
                let source = name.unwrap_or_else(|| "definition.yaml".into());
                let variant = Variant::from_untrusted_yaml(&source, &yaml).map_err(|e| {
                    Failure(ErrorInfo {
                        code: ErrorCode::Definition,
                        message: format!(
                            "{source}: {}",
                            crate::load::diagnostics::tally(&e.problems)
                        ),
                        diagnostics: e.diagnostics().iter().map(Diagnostic::from).collect(),
                    })
                })?;
                self.made_variants += 1;
                let id = format!("v{}", self.made_variants);
                let entry = Entry {
                    variant: variant.clone(),
                    bundled: false,
                    loaded: true,
                };
                self.variants.insert(id.clone(), entry);
                (id, variant)
            }
            (None, None) => {
                return Err(Failure::new(
                    ErrorCode::BadRequest,
                    "load_variant needs `name` or `yaml`",
                ))
            }
        };
        let bundled = self.variants.get(&id).is_some_and(|e| e.bundled);
        let mut info = variant_info(id, &variant);
        if bundled {
            info.yaml = Variant::bundled_yaml(&info.id).map(str::to_string);
        }
        Ok(Answer::Variant(info))
    }

    fn new_game(
        &mut self,
        variant_id: &str,
        fen: Option<String>,
        seed: Option<u64>,
        parameters: Option<String>,
    ) -> Handled {
        if self.games.len() >= super::MAX_GAMES {
            return Err(Failure::new(
                ErrorCode::TooMany,
                format!("{} games are open; close one first", super::MAX_GAMES),
            ));
        }
        let variant = self.variant(variant_id)?.clone();
        let hidden_information = variant.has_hidden_information();
        let game = match fen {
            Some(fen) => Game::from_fen(variant, &fen)
                .map_err(|e| Failure::new(ErrorCode::BadFen, e.to_string()))?,
            None => Game::new(variant),
        };
        let mut game = game.with_seed(seed.unwrap_or(0));
        if let Some(text) = parameters {
            game.set_parameters(&text)
                .map_err(|e| Failure::new(ErrorCode::BadParameters, e.to_string()))?;
        }
        self.made_games += 1;
        let id = format!("g{}", self.made_games);
        let seats = [token(), token()];
        let info = GameInfo {
            game: id.clone(),
            variant: variant_id.to_string(),
            seats: Seats {
                white: seats[0].clone(),
                black: seats[1].clone(),
            },
            hidden_information,
        };
        let session = Session {
            variant: variant_id.to_string(),
            game,
            seats,
            search: Weak::new(),
        };
        self.games.insert(id, session);
        Ok(Answer::Game(info))
    }

    /// Checks an engine move and takes out what its search needs.
    fn start_search(
        &mut self,
        game: &str,
        seat: Option<&str>,
        limits: &EngineLimits,
    ) -> Result<Box<PendingSearch>, Failure> {
        let limits = self.caps.limits(limits);
        let (most, running) = (self.caps.searches, self.running.clone());
        let (session, side) = self.seated_mut(game, seat)?;
        session.not_over()?;
        session.not_searching()?;
        let ticket = Ticket::take(&running, most).map(Arc::new).ok_or_else(|| {
            Failure::new(
                ErrorCode::Busy,
                format!("{most} engine moves are being searched; try again later"),
            )
        })?;
        session.search = Arc::downgrade(&ticket);
        Ok(Box::new(PendingSearch {
            id: None,
            game_id: game.to_string(),
            side,
            game: session.game.clone(),
            limits,
            ticket,
        }))
    }

    /// Plays the move a search found on its game, if the game is still there and waits for it.
    fn finish_search(&mut self, done: FinishedSearch, events: &mut Vec<Event>) -> Handled {
        let FinishedSearch { search, played } = done;
        let ticket = Arc::downgrade(&search.ticket);
        let id = search.game_id;
        let session = self
            .games
            .get_mut(&id)
            .filter(|s| s.search.ptr_eq(&ticket))
            .ok_or_else(|| {
                let message = format!("game `{id}` was closed during the search");
                Failure::new(ErrorCode::UnknownGame, message)
            })?;
        session.search = Weak::new();
        if search.ticket.stop.load(Ordering::Relaxed) {
            return Err(Failure::new(
                ErrorCode::Busy,
                "the search was stopped; nothing was played",
            ));
        }
        let Some((played, score)) = played else {
            return Err(Failure::new(
                ErrorCode::GameOver,
                "the side to move has no move",
            ));
        };
        let before = session.game.position().clone();
        session.game = search.game;
        Ok(Answer::Played(session.played(
            &id,
            &before,
            played,
            search.side,
            Some(score),
            events,
        )))
    }

    fn session(&self, game: &str) -> Result<&Session, Failure> {
        self.games
            .get(game)
            .ok_or_else(|| Failure::new(ErrorCode::UnknownGame, format!("no game `{game}`")))
    }

    /// The game and the seat's side (`None`: a client that sees everything).
    fn seated(&self, game: &str, seat: Option<&str>) -> Result<(&Session, Option<Color>), Failure> {
        let session = self.session(game)?;
        let side = session.side_of(seat)?;
        Ok((session, side))
    }

    fn seated_mut(
        &mut self,
        game: &str,
        seat: Option<&str>,
    ) -> Result<(&mut Session, Option<Color>), Failure> {
        let side = self.session(game)?.side_of(seat)?;
        Ok((self.games.get_mut(game).expect("checked above"), side))
    }
}

impl Session {
    /// The side of a seat token; `None` for no token in a game that hides nothing.
    fn side_of(&self, seat: Option<&str>) -> Result<Option<Color>, Failure> {
        match seat {
            Some(token) => match self.seats.iter().position(|s| s == token) {
                Some(0) => Ok(Some(Color::White)),
                Some(_) => Ok(Some(Color::Black)),
                None => Err(Failure::new(
                    ErrorCode::BadSeat,
                    "that seat token is not one of this game's",
                )),
            },
            None if self.game.variant().has_hidden_information() => Err(Failure::new(
                ErrorCode::SeatRequired,
                "this game hides information: name your side's seat",
            )),
            None => Ok(None),
        }
    }

    fn moves(&self, side: Option<Color>) -> Vec<MoveInfo> {
        let variant = self.game.variant();
        let seen = self.game.seen_by(side);
        let moves = match side {
            Some(side) => self.game.view_moves(side),
            None => self.game.legal_moves(),
        };
        let mut infos: Vec<MoveInfo> = moves
            .into_iter()
            .map(|m| {
                let after = variant.play_unchecked(&seen, m);
                move_info(variant, m, &seen, &after)
            })
            .collect();
        infos.sort_by(|a, b| a.text.cmp(&b.text));
        infos
    }

    fn not_over(&self) -> Result<(), Failure> {
        match self.game.outcome() {
            Some(o) => Err(Failure::new(
                ErrorCode::GameOver,
                format!("the game is over: {o}"),
            )),
            None => Ok(()),
        }
    }

    /// Refuses a change to the game while the engine searches it.
    fn not_searching(&self) -> Result<(), Failure> {
        match self.search.upgrade() {
            Some(_) => Err(Failure::new(
                ErrorCode::Busy,
                "the engine is searching this game; wait for its move",
            )),
            None => Ok(()),
        }
    }

    fn play(
        &mut self,
        id: &str,
        side: Option<Color>,
        text: &str,
        events: &mut Vec<Event>,
    ) -> Handled {
        self.not_over()?;
        self.not_searching()?;
        let before = self.game.position().clone();
        let played = match side {
            Some(side) => self.game.attempt(side, text).map_err(refusal)?,
            None => self
                .game
                .play(text)
                .map_err(|e| Failure::new(ErrorCode::IllegalMove, e.to_string()))?,
        };
        Ok(Answer::Played(
            self.played(id, &before, played, side, None, events),
        ))
    }

    /// The answer to a move `m` just played from `before`, told to `side`, with its events.
    fn played(
        &self,
        id: &str,
        before: &Position,
        m: Move,
        side: Option<Color>,
        score: Option<i32>,
        events: &mut Vec<Event>,
    ) -> PlayedInfo {
        let variant = self.game.variant();
        let ply = self.game.moves().len();
        let mover = before.side_to_move();
        let before = match side {
            Some(side) => variant.redact(before, side),
            None => before.clone(),
        };
        let hidden = side.is_some_and(|s| s != mover) && self.game.last_move_hidden();
        let played = if hidden {
            hidden_move_info(variant, &before, &self.game.seen_by(side))
        } else {
            move_info(variant, m, &before, &self.game.seen_by(side))
        };
        if let Some(cell) = m.outcome {
            events.push(Event::Chance {
                game: id.to_string(),
                ply,
                cell: variant.topology.name(cell),
            });
        }
        let outcome = self.game.outcome().map(outcome_info);
        if let Some(outcome) = &outcome {
            events.push(Event::GameOver {
                game: id.to_string(),
                outcome: outcome.clone(),
            });
        }
        PlayedInfo {
            game: id.to_string(),
            side: mover.into(),
            played,
            outcome,
            // The engine's own score is not told to the other side of a hidden game.
            score_cp: score.filter(|_| !hidden),
        }
    }

    fn position(&self, id: &str, side: Option<Color>) -> PositionInfo {
        let variant = self.game.variant();
        let seen = self.game.seen_by(side);
        let (fen, hidden_move, check) = match side {
            Some(side) => {
                let view = self.game.view(side);
                (view.fen, view.hidden_move, view.check)
            }
            None => (
                self.game.fen(),
                false,
                variant.in_check(self.game.position()),
            ),
        };
        let cells = variant
            .topology
            .cells()
            .filter_map(|cell| {
                let content = variant.cell_text(&seen, cell);
                (!content.is_empty()).then(|| CellContent {
                    cell: variant.topology.name(cell),
                    content,
                })
            })
            .collect();
        PositionInfo {
            game: id.to_string(),
            view: side.map(Side::from),
            fen,
            to_move: seen.side_to_move().into(),
            ply: self.game.moves().len(),
            check,
            hidden_move,
            cells,
            outcome: self.game.outcome().map(outcome_info),
            text: variant.picture_text(&seen, crate::types::bitboard::Bitboard::EMPTY),
        }
    }

    fn record(&self, id: &str, side: Option<Color>) -> RecordInfo {
        let variant = self.game.variant();
        let mut pos = self.game.start_position().clone();
        let mut moves: Vec<RecordMove> = Vec::new();
        for &m in self.game.moves() {
            let mover = m.piece.color();
            let hidden = side.is_some_and(|s| s != mover) && variant.is_hidden_move(m);
            moves.push(RecordMove {
                side: mover.into(),
                text: (!hidden).then(|| variant.move_text(m)),
                san: (!hidden).then(|| variant.readable_in_view(&pos, m.choice(), side)),
                number: pos.fullmove_number(),
            });
            pos = variant.play_unchecked(&pos, m);
        }
        let text = moves
            .iter()
            .map(|m| m.text.clone())
            .collect::<Option<Vec<String>>>()
            .map(|t| t.join(" "));
        let tags = crate::play::pgn::Tags {
            event: Some("fairy serve".into()),
            round: Some(id.to_string()),
            ..crate::play::pgn::Tags::default()
        };
        RecordInfo {
            game: id.to_string(),
            variant: self.variant.clone(),
            // A seat's record starts from what that side saw.
            start_fen: match side {
                Some(side) => variant.fen(&variant.redact(self.game.start_position(), side)),
                None => variant.fen(self.game.start_position()),
            },
            moves,
            outcome: self.game.outcome().map(outcome_info),
            text,
            pgn: crate::formats::pgn::PgnGame::from_game(&self.game, &tags, side).to_string(),
        }
    }
}

/// The position a side sees (all of it for `None`).
trait SeenBy {
    fn seen_by(&self, side: Option<Color>) -> Position;
}

impl SeenBy for Game {
    fn seen_by(&self, side: Option<Color>) -> Position {
        match side {
            Some(side) => self.variant().redact(self.position(), side),
            None => self.position().clone(),
        }
    }
}

fn refusal(r: Refusal) -> Failure {
    match r {
        Refusal::NotYourTurn(_) => Failure::new(ErrorCode::NotYourTurn, r.to_string()),
        Refusal::NotPossible => Failure::new(ErrorCode::NotPossible, r.to_string()),
        Refusal::Invalid(e) => Failure::new(ErrorCode::IllegalMove, e.to_string()),
    }
}

/// A move as the side that sees `before` and `after` knows it.
fn move_info(variant: &Variant, m: Move, before: &Position, after: &Position) -> MoveInfo {
    let name = |c| variant.topology.name(c);
    MoveInfo {
        text: Some(variant.move_text(m)),
        from: Some(name(m.from)),
        to: Some(name(m.to)),
        cells: variant
            .cells_changed(before, after)
            .cells()
            .map(name)
            .collect(),
        capture: m.captured.is_some(),
        promotion: m.promotion.map(|k| variant.piece_type(k).letter),
        chance: m.outcome.map(name),
        wall: m.wall.map(name),
    }
}

/// A move hidden from this side: only what changed in its view.
fn hidden_move_info(variant: &Variant, before: &Position, after: &Position) -> MoveInfo {
    MoveInfo {
        text: None,
        from: None,
        to: None,
        cells: variant
            .cells_changed(before, after)
            .cells()
            .map(|c| variant.topology.name(c))
            .collect(),
        capture: false,
        promotion: None,
        chance: None,
        wall: None,
    }
}

fn outcome_info(o: Outcome) -> OutcomeInfo {
    let (result, winner, reason) = match o {
        Outcome::Win { winner, reason } => {
            let result = match winner {
                Color::White => "1-0",
                Color::Black => "0-1",
            };
            (result, Some(winner.into()), reason)
        }
        Outcome::Draw { reason } => ("1/2-1/2", None, reason),
    };
    OutcomeInfo {
        result: result.to_string(),
        winner,
        reason: reason.to_string(),
    }
}

fn variant_info(id: String, v: &Variant) -> VariantInfo {
    let t = &v.topology;
    VariantInfo {
        id,
        name: v.name.clone(),
        description: v.description.clone(),
        width: t.width(),
        height: t.height(),
        cells: t
            .cells()
            .map(|c| {
                let (file, rank) = t.named_coords(c);
                CellInfo {
                    name: t.name(c),
                    file,
                    rank,
                }
            })
            .collect(),
        pieces: v
            .pieces
            .iter()
            .map(|p| PieceInfo {
                letter: p.letter,
                name: p.name.clone(),
                moves: p.moves.clone(),
                royal: p.royal,
            })
            .collect(),
        start_fen: v.fen(&v.start_position()),
        chance: v.chance.is_some(),
        hidden_information: v.has_hidden_information(),
        parameters: v.parameters.iter().map(|p| p.name.clone()).collect(),
        regions: v.regions.keys().cloned().collect(),
        warnings: v.warning_reports().iter().map(Diagnostic::from).collect(),
        yaml: None,
    }
}

impl From<&ProblemReport> for Diagnostic {
    fn from(report: &ProblemReport) -> Diagnostic {
        let p = &report.problem;
        let (line, column) = report.file.line_col(p.span.start);
        Diagnostic {
            file: report.file.name.to_string(),
            line,
            column,
            start: p.span.start,
            end: p.span.end,
            severity: match p.severity {
                miette::Severity::Error => "error",
                miette::Severity::Warning => "warning",
                miette::Severity::Advice => "note",
            }
            .to_string(),
            code: p.code.to_string(),
            message: p.message.clone(),
            label: p.label.clone(),
            help: p.help.clone(),
        }
    }
}

/// A fresh seat token: 128 random bits in hex, from the operating system's generator.
fn token() -> String {
    let bits: u128 = rand::rng().random();
    format!("{bits:032x}")
}

/// Reads a request: its id (kept for the error response even when the rest is wrong) and its
/// command.
fn parse_request(line: &str) -> Result<(Option<Value>, Command), (Option<Value>, Failure)> {
    let value: Value = serde_json::from_str(line)
        .map_err(|e| (None, Failure::new(ErrorCode::MalformedJson, e.to_string())))?;
    let Value::Object(mut fields) = value else {
        let failure = Failure::new(ErrorCode::BadRequest, "a request is a JSON object");
        return Err((None, failure));
    };
    let id = fields.remove("id");
    match serde_json::from_value(Value::Object(fields)) {
        Ok(command) => Ok((id, command)),
        Err(e) => {
            // serde names the `request` tag's values "variants", a word taken here.
            let message = e
                .to_string()
                .replacen("unknown variant", "unknown request", 1);
            Err((id, Failure::new(ErrorCode::BadRequest, message)))
        }
    }
}

fn respond(id: Option<Value>, result: Handled) -> Response {
    match result {
        Ok(answer) => Response {
            id,
            ok: true,
            result: Some(answer),
            error: None,
        },
        Err(Failure(error)) => Response {
            id,
            ok: false,
            result: None,
            error: Some(error),
        },
    }
}

/// The event lines, then the response line.
fn lines(events: &[Event], response: &Response) -> Vec<String> {
    events
        .iter()
        .map(to_line)
        .chain(std::iter::once(to_line(response)))
        .collect()
}

fn to_line(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("protocol types serialize")
}

/// A line read by [`read_line`].
///
/// See the example of [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line longer than the limit (skipped to its end), or not UTF-8.
    Unreadable(ErrorCode),
    /// The input ended.
    End,
}

/// Reads one line of at most `max` bytes (without its `\n` or `\r\n`); a longer one is
/// skipped to its end and reported, so a huge request costs no more memory than `max`.
///
/// ```
/// use fairy_rules::protocol::{read_line, ErrorCode, Line, Server};
/// let mut input: &[u8] = b"{\"request\":\"hello\"}\r\n0123456789 and more\n\xff\n";
/// let hello = read_line(&mut input, 32)?;
/// assert_eq!(hello, Line::Text(r#"{"request":"hello"}"#.into()));
/// assert_eq!(read_line(&mut input, 10)?, Line::Unreadable(ErrorCode::TooLong));
/// assert_eq!(read_line(&mut input, 10)?, Line::Unreadable(ErrorCode::MalformedJson));
/// assert_eq!(read_line(&mut input, 10)?, Line::End);
/// assert_eq!(
///     Server::unreadable(ErrorCode::MalformedJson),
///     r#"{"id":null,"ok":false,"error":{"code":"malformed_json","message":"the line is not UTF-8"}}"#
/// );
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The reader's I/O error.
pub fn read_line(reader: &mut impl BufRead, max: usize) -> std::io::Result<Line> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            if line.is_empty() && !too_long {
                return Ok(Line::End);
            }
            break;
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long && line.len() + chunk.len() <= max {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line.clear();
        }
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Line::Unreadable(ErrorCode::TooLong));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    match String::from_utf8(line) {
        Ok(text) => Ok(Line::Text(text)),
        Err(_) => Ok(Line::Unreadable(ErrorCode::MalformedJson)),
    }
}

impl Server {
    /// The response to a line [`read_line`] could not read ([`ErrorCode::TooLong`] or, for
    /// text that is not UTF-8, [`ErrorCode::MalformedJson`]). See the example of
    /// [`read_line`].
    pub fn unreadable(code: ErrorCode) -> String {
        let message = match code {
            ErrorCode::TooLong => format!("the line is longer than {} bytes", super::MAX_LINE),
            _ => "the line is not UTF-8".to_string(),
        };
        to_line(&respond(None, Err(Failure::new(code, message))))
    }
}
