//! The game protocol of `fairy serve`: JSON lines, one request in, one response out, with
//! events before the response they belong to. `docs/protocol/` holds its JSON Schema
//! (generated from these types by [`schemas`]) and a description with examples.
//!
//! A request is an object with a `request` name, its fields, and an optional `id` (any JSON
//! value) that the response repeats:
//!
//! ```text
//! → {"id":1,"request":"new_game","variant":"chess"}
//! ← {"id":1,"ok":true,"result":{"kind":"game","game":"g1",...}}
//! → {"id":2,"request":"play","game":"g1","move":"e2e5"}
//! ← {"id":2,"ok":false,"error":{"code":"illegal_move","message":"..."}}
//! ```
//!
//! In a game with hidden information ([`crate::Ruleset::has_hidden_information`]) every
//! request that shows the game names a `seat`: a secret token per side, given once when the
//! game is created. The server answers with that side's view only, so a client never
//! receives what its side may not see.

mod search;
mod server;
mod types;
mod views;

pub use search::SearchCaps;
#[cfg(feature = "web")]
pub(crate) use server::Started;
pub use server::{read_line, Line, Server};
pub use types::*;

/// The protocol's version, given by the `hello` request; it changes when a request or a
/// response changes incompatibly.
pub(crate) const VERSION: u32 = 1;

/// The longest request line, in bytes; a longer one is answered with
/// [`ErrorCode::TooLong`] and skipped.
pub const MAX_LINE: usize = 1 << 20;

/// The most games open at once.
pub(crate) const MAX_GAMES: usize = 1000;

/// The most variants loaded from YAML text at once.
pub(crate) const MAX_LOADED: usize = 100;

/// The JSON Schemas of the protocol's messages, as `(file name, schema)`: the request, the
/// response and the event. `docs/protocol/` holds them; a test checks they are current.
///
/// ```
/// let schemas = fairy_rules::protocol::schemas();
/// let names: Vec<&str> = schemas.iter().map(|(name, _)| *name).collect();
/// assert_eq!(names, ["request.schema.json", "response.schema.json", "event.schema.json"]);
/// assert_eq!(schemas[0].1["title"], "Request");
/// ```
pub fn schemas() -> Vec<(&'static str, serde_json::Value)> {
    let value = |s: schemars::Schema| s.to_value();
    vec![
        ("request.schema.json", value(schemars::schema_for!(Request))),
        (
            "response.schema.json",
            value(schemars::schema_for!(Response)),
        ),
        ("event.schema.json", value(schemars::schema_for!(Event))),
    ]
}
