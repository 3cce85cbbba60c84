//! `containers:`: crews aboard containers (the guide's "Containers").

use serde::Deserialize;

/// The rules of crews aboard containers. Every option is off unless set.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContainersDef {
    /// A crewman moving to another container may take friendly shipmates along, as room
    /// allows.
    #[serde(default)]
    pub companions: bool,
    /// A crewman may capture a friendly crewman (never a royal piece).
    #[serde(default)]
    pub self_capture: bool,
    /// A container move may not take the container straight back to where the opponent's
    /// last move brought it from.
    #[serde(default)]
    pub no_undo: bool,
}
