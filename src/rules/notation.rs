//! A variant's own move notation, compiled from the definition's `notation:` section: a
//! template per class of move, the annotations a reader ignores.

use super::Kind;

/// A class of move, as a notation's templates name them (`move`, `capture_own`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub(crate) enum MoveClass {
    /// A plain move.
    Move,
    /// A capture of an enemy piece.
    Capture,
    /// A capture of a piece of the mover's side.
    CaptureOwn,
    /// A move that promotes.
    Promotion,
    /// A capture that promotes.
    CapturePromotion,
    /// Castling.
    Castle,
    /// A container moving with its crew.
    Sail,
    /// Crewmen changing container.
    Transfer,
    /// Crewmen capturing an enemy crewman.
    TransferCapture,
    /// Crewmen capturing a crewman of their side.
    TransferCaptureOwn,
    /// Planting a marker.
    Plant,
    /// A capture without moving.
    Remote,
    /// The end of a sortie.
    Return,
    /// Diving.
    Dive,
    /// A submerged move.
    Submerged,
    /// Surfacing on another cell.
    Surface,
    /// Surfacing in place.
    SurfaceInPlace,
    /// A drop from the hand.
    Drop,
    /// Suffix: a marker destroyed the mover.
    Destroyed,
    /// Suffix: an enemy submerged piece forced up, capturing nothing.
    ForcedSurface,
    /// Suffix: an enemy submerged piece forced up, capturing the piece above.
    ForcedSurfaceCapture,
    /// Suffix: an ammunition refilled.
    Reload,
    /// Suffix: the move is hidden from the opponent.
    Hidden,
}

impl MoveClass {
    /// Every class, in the order of [`MoveClass::key`]s in the guide.
    pub const ALL: [MoveClass; 23] = [
        MoveClass::Move,
        MoveClass::Capture,
        MoveClass::CaptureOwn,
        MoveClass::Promotion,
        MoveClass::CapturePromotion,
        MoveClass::Castle,
        MoveClass::Sail,
        MoveClass::Transfer,
        MoveClass::TransferCapture,
        MoveClass::TransferCaptureOwn,
        MoveClass::Plant,
        MoveClass::Remote,
        MoveClass::Return,
        MoveClass::Dive,
        MoveClass::Submerged,
        MoveClass::Surface,
        MoveClass::SurfaceInPlace,
        MoveClass::Drop,
        MoveClass::Destroyed,
        MoveClass::ForcedSurface,
        MoveClass::ForcedSurfaceCapture,
        MoveClass::Reload,
        MoveClass::Hidden,
    ];

    /// Its key under `templates:`.
    pub(crate) fn key(self) -> &'static str {
        match self {
            MoveClass::Move => "move",
            MoveClass::Capture => "capture",
            MoveClass::CaptureOwn => "capture_own",
            MoveClass::Promotion => "promotion",
            MoveClass::CapturePromotion => "capture_promotion",
            MoveClass::Castle => "castle",
            MoveClass::Sail => "sail",
            MoveClass::Transfer => "transfer",
            MoveClass::TransferCapture => "transfer_capture",
            MoveClass::TransferCaptureOwn => "transfer_capture_own",
            MoveClass::Plant => "plant",
            MoveClass::Remote => "remote",
            MoveClass::Return => "return",
            MoveClass::Dive => "dive",
            MoveClass::Submerged => "submerged",
            MoveClass::Surface => "surface",
            MoveClass::SurfaceInPlace => "surface_in_place",
            MoveClass::Drop => "drop",
            MoveClass::Destroyed => "destroyed",
            MoveClass::ForcedSurface => "forced_surface",
            MoveClass::ForcedSurfaceCapture => "forced_surface_capture",
            MoveClass::Reload => "reload",
            MoveClass::Hidden => "hidden",
        }
    }

    /// The classes whose template writes a move of this class, most specific first: a class
    /// without a template falls back to the next.
    pub(crate) fn fallbacks(self) -> &'static [MoveClass] {
        use MoveClass as C;
        match self {
            C::Capture => &[C::Capture, C::Move],
            C::CaptureOwn => &[C::CaptureOwn, C::Capture, C::Move],
            C::Promotion => &[C::Promotion, C::Move],
            C::CapturePromotion => &[C::CapturePromotion, C::Capture, C::Move],
            C::Castle => &[C::Castle, C::Move],
            C::Sail => &[C::Sail, C::Move],
            C::Transfer => &[C::Transfer, C::Move],
            C::TransferCapture => &[C::TransferCapture, C::Capture, C::Move],
            C::TransferCaptureOwn => &[
                C::TransferCaptureOwn,
                C::TransferCapture,
                C::CaptureOwn,
                C::Capture,
                C::Move,
            ],
            C::Remote => &[C::Remote, C::Capture],
            C::SurfaceInPlace => &[C::SurfaceInPlace, C::Surface],
            C::ForcedSurfaceCapture => &[C::ForcedSurfaceCapture, C::ForcedSurface],
            C::Move => &[C::Move],
            C::Plant => &[C::Plant],
            C::Drop => &[C::Drop],
            C::Return => &[C::Return],
            C::Dive => &[C::Dive],
            C::Submerged => &[C::Submerged],
            C::Surface => &[C::Surface],
            C::Destroyed => &[C::Destroyed],
            C::ForcedSurface => &[C::ForcedSurface],
            C::Reload => &[C::Reload],
            C::Hidden => &[C::Hidden],
        }
    }

    /// The placeholders its template may use.
    pub(crate) fn placeholders(self) -> &'static [Placeholder] {
        use MoveClass as C;
        use Placeholder as P;
        const BASE: &[P] = &[P::Piece, P::From, P::To, P::X];
        match self {
            C::Move | C::Return | C::Dive | C::Submerged => BASE,
            C::Capture | C::CaptureOwn | C::Remote | C::Surface | C::SurfaceInPlace => {
                &[P::Piece, P::From, P::To, P::X, P::Captured]
            }
            C::Promotion => &[P::Piece, P::From, P::To, P::X, P::Promotion],
            C::CapturePromotion => &[P::Piece, P::From, P::To, P::X, P::Captured, P::Promotion],
            C::Castle => &[
                P::Piece,
                P::From,
                P::To,
                P::X,
                P::Partner,
                P::PartnerFrom,
                P::PartnerTo,
            ],
            C::Sail => &[P::Piece, P::From, P::To, P::X, P::Crew],
            C::Transfer => &[P::Piece, P::From, P::To, P::X, P::Group],
            C::TransferCapture | C::TransferCaptureOwn => {
                &[P::Piece, P::From, P::To, P::X, P::Group, P::Captured]
            }
            C::Plant | C::Destroyed => &[P::Piece, P::From, P::To, P::X, P::Marker],
            C::Drop => &[P::Piece, P::To],
            C::ForcedSurface => &[P::At],
            C::ForcedSurfaceCapture => &[P::At, P::Captured],
            C::Reload => &[P::Piece, P::From, P::To, P::Ammo],
            C::Hidden => &[],
        }
    }
}

/// A placeholder of a template, written in braces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub(crate) enum Placeholder {
    /// `{piece}`: the mover's letter.
    Piece,
    /// `{from}`: the cell it leaves (acts from).
    From,
    /// `{to}`: the cell it arrives on (acts on).
    To,
    /// `{x}`: `x` when the move captures, nothing otherwise.
    X,
    /// `{captured}`: the captured piece's letter.
    Captured,
    /// `{promotion}`: the letter of the piece it becomes.
    Promotion,
    /// `{partner}`: the castling partner's letter.
    Partner,
    /// `{partner_from}`: the castling partner's cell.
    PartnerFrom,
    /// `{partner_to}`: where the castling partner lands.
    PartnerTo,
    /// `{crew}`: a container's whole crew in its brackets, promotion choices after the
    /// promoting pieces (`<P(Q)PR>`).
    Crew,
    /// `{group}`: the moving crewmen, mover first, promotion choices after the promoting
    /// pieces (`QP(Q)P(N)`).
    Group,
    /// `{marker}`: the marker's letter.
    Marker,
    /// `{at}`: the cell where a forced-up piece surfaces.
    At,
    /// `{ammo}`: the letter of the refilled ammunition.
    Ammo,
}

impl Placeholder {
    /// Every placeholder.
    pub const ALL: [Placeholder; 14] = [
        Placeholder::Piece,
        Placeholder::From,
        Placeholder::To,
        Placeholder::X,
        Placeholder::Captured,
        Placeholder::Promotion,
        Placeholder::Partner,
        Placeholder::PartnerFrom,
        Placeholder::PartnerTo,
        Placeholder::Crew,
        Placeholder::Group,
        Placeholder::Marker,
        Placeholder::At,
        Placeholder::Ammo,
    ];

    /// Its name in braces.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Placeholder::Piece => "piece",
            Placeholder::From => "from",
            Placeholder::To => "to",
            Placeholder::X => "x",
            Placeholder::Captured => "captured",
            Placeholder::Promotion => "promotion",
            Placeholder::Partner => "partner",
            Placeholder::PartnerFrom => "partner_from",
            Placeholder::PartnerTo => "partner_to",
            Placeholder::Crew => "crew",
            Placeholder::Group => "group",
            Placeholder::Marker => "marker",
            Placeholder::At => "at",
            Placeholder::Ammo => "ammo",
        }
    }
}

/// A part of a compiled template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Part {
    /// Text written as it is (spaces included; a reader skips spaces).
    Text(String),
    /// A value of the move.
    Value(Placeholder),
}

/// The forms of one class of move: never empty; the first is written, every one is read.
pub(crate) type Forms = Vec<Vec<Part>>;

/// The templates of one scope (the whole variant, or one piece), by class.
#[derive(Debug, Clone, Default)]
pub(crate) struct Templates {
    /// Per [`MoveClass`] (its index in [`MoveClass::ALL`]), its forms if given.
    pub by_class: Vec<Option<Forms>>,
}

impl Templates {
    /// The forms of exactly `class`, if given.
    pub(crate) fn get(&self, class: MoveClass) -> Option<&[Vec<Part>]> {
        let i = MoveClass::ALL.iter().position(|&c| c == class)?;
        self.by_class.get(i)?.as_deref()
    }
}

/// A compiled `notation:` section.
#[derive(Debug, Clone)]
pub(crate) struct Notation {
    /// Its name for people.
    pub name: String,
    /// The variant's templates.
    pub templates: Templates,
    /// Templates of single kinds, which replace the variant's for that kind.
    pub pieces: Vec<(Kind, Templates)>,
    /// Annotation tokens ignored after a move, longest first.
    pub ignore: Vec<String>,
    /// Words opening a remark that runs to the end of the text.
    pub remarks: Vec<String>,
    /// Per kind, per ammunition slot, the letter written for it.
    pub ammo: Vec<Vec<char>>,
}

impl Notation {
    /// The forms of a move of `class` made by `kind` (the first writes it): the kind's own,
    /// then the variant's, for each class of its fallback chain.
    pub(crate) fn template(&self, kind: Kind, class: MoveClass) -> Option<&[Vec<Part>]> {
        let own = self.pieces.iter().find(|(k, _)| *k == kind).map(|(_, t)| t);
        class
            .fallbacks()
            .iter()
            .find_map(|&c| own.and_then(|t| t.get(c)).or_else(|| self.templates.get(c)))
    }
}
