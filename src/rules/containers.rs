//! Containers: neutral tokens (ships) that hold the pieces. A cell holds at most one
//! container, a container holds up to its capacity of pieces of either colour, and a piece
//! stands only aboard a container. The mechanism behind PiRaTeKnIcS (docs/games/pirateknics.md).

use super::{Color, Kind, KindSet, Piece};

/// The most pieces one container may hold: a cell's crew is packed in one 64-bit word.
pub(crate) const MAX_CAPACITY: u8 = 7;

/// The most container types a variant may declare: one per bracket pair `<>`, `()`, `[]`, `{}`.
pub(crate) const MAX_CONTAINER_TYPES: usize = 4;

/// The bracket pairs a container type may be written with, opening then closing: one type
/// per pair, as its crew stands in a FEN (`<NRB>`, `(PP)`).
pub(crate) const BRACKETS: [(char, char); MAX_CONTAINER_TYPES] =
    [('<', '>'), ('(', ')'), ('[', ']'), ('{', '}')];

/// A container type, declared in the board text (`with ship <3>`).
///
/// See the example of [`crate::Position::crew_at`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContainerType {
    /// The name written in the board text (`ship`).
    pub name: String,
    /// The brackets that write it in a FEN: `<` and `>` for `<PPp>`.
    pub open: char,
    /// The closing bracket.
    pub close: char,
    /// How many pieces it holds, 1 to 7.
    pub capacity: u8,
}

/// How containers and their crews move, from the board text and the `containers:` section.
///
/// See the example of [`crate::Position::crew_at`].
#[derive(Debug, Clone)]
pub struct ContainerRules {
    /// The declared types; a [`Crew`] names one by index.
    pub types: Vec<ContainerType>,
    /// Friendly shipmates may come along on a crew move, as room allows.
    pub companions: bool,
    /// A crewman may capture a friendly crewman.
    pub self_capture: bool,
    /// A container move may not take a container straight back where the opponent's last
    /// move (a container move with the same container) brought it from.
    pub no_undo: bool,
}

/// What stands on one cell of a container game: no container, or a container of some type
/// with its crew, an unordered multiset of up to 7 pieces.
///
/// Packed in a word, with the crew kept sorted so that equal crews are equal words: byte 7
/// is the type plus one (0 for no container), bytes 0 to 6 the pieces' bytes, largest first.
///
/// See the example of [`crate::Position::crew_at`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Crew(u64);

impl Crew {
    /// No container.
    pub(crate) const NONE: Crew = Crew(0);

    /// An empty container of type `ty` (an index into [`ContainerRules::types`]).
    pub(crate) fn container(ty: u8) -> Crew {
        Crew(u64::from(ty + 1) << 56)
    }

    /// The packed word (for hashing).
    pub(crate) fn word(self) -> u64 {
        self.0
    }

    /// The container's type, or `None` when the cell has no container.
    pub(crate) fn container_type(self) -> Option<u8> {
        match (self.0 >> 56) as u8 {
            0 => None,
            t => Some(t - 1),
        }
    }

    /// Whether a container stands here.
    pub(crate) fn is_container(self) -> bool {
        self.0 >> 56 != 0
    }

    fn bytes(self) -> [u8; 7] {
        let b = self.0.to_le_bytes();
        [b[0], b[1], b[2], b[3], b[4], b[5], b[6]]
    }

    fn from_bytes(ty: u64, mut bytes: [u8; 7]) -> Crew {
        bytes.sort_unstable_by(|a, b| b.cmp(a));
        let mut word = [0u8; 8];
        word[..7].copy_from_slice(&bytes);
        Crew(u64::from_le_bytes(word) | ty << 56)
    }

    /// The number of pieces aboard.
    pub(crate) fn len(self) -> u8 {
        self.bytes().iter().take_while(|&&b| b != 0).count() as u8
    }

    /// Whether no piece is aboard (also when there is no container).
    pub(crate) fn is_empty(self) -> bool {
        self.0 & 0x00FF_FFFF_FFFF_FFFF == 0
    }

    /// The pieces aboard, largest kind first (the highest [`crate::Kind`] number, Black's
    /// before White's of a kind); none without a container. See the example of
    /// [`crate::Position::crew_at`].
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        self.bytes().into_iter().filter_map(Piece::from_byte)
    }

    /// How many pieces equal to `piece` are aboard.
    pub(crate) fn count(self, piece: Piece) -> u8 {
        self.pieces().filter(|&p| p == piece).count() as u8
    }

    /// Whether a piece of `color` is aboard.
    pub(crate) fn has(self, color: Color) -> bool {
        self.pieces().any(|p| p.color() == color)
    }

    /// The kinds of `color`'s pieces aboard, as a set.
    #[inline]
    pub(crate) fn kinds_of(self, color: Color) -> KindSet {
        // Byte by byte, largest first; the empty bytes come last.
        let mut word = self.0 & 0x00FF_FFFF_FFFF_FFFF;
        let mut set = 0u64;
        while word != 0 {
            let byte = word & 0xFF;
            if byte & 1 == color as u64 {
                set |= 1 << ((byte >> 1) - 1);
            }
            word >>= 8;
        }
        KindSet(set)
    }

    /// The same container with `piece` added. The caller checks the capacity.
    pub(crate) fn with(self, piece: Piece) -> Crew {
        let mut bytes = self.bytes();
        let free = bytes.iter().position(|&b| b == 0).expect("room aboard");
        bytes[free] = piece.byte();
        Crew::from_bytes(self.0 >> 56, bytes)
    }

    /// The same container with one `piece` taken off; unchanged if none is aboard.
    pub(crate) fn without(self, piece: Piece) -> Crew {
        let mut bytes = self.bytes();
        if let Some(i) = bytes.iter().position(|&b| b == piece.byte()) {
            bytes[i] = 0;
        }
        Crew::from_bytes(self.0 >> 56, bytes)
    }
}

/// A short sequence of piece kinds (at most eight): the group of crewmen that moves together
/// (mover first), or the promotion choices of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Kinds(u32);

impl Kinds {
    /// No kinds.
    pub const EMPTY: Kinds = Kinds(0);

    /// The sequence with `kind` appended.
    ///
    /// # Panics
    /// If it already holds eight kinds, or `kind` is not below 15.
    pub(crate) fn push(self, kind: Kind) -> Kinds {
        let n = self.len();
        assert!(n < 8 && kind.get() < 15, "kinds overflow");
        Kinds(self.0 | u32::from(kind.get() + 1) << (4 * n))
    }

    /// The number of kinds.
    pub(crate) fn len(self) -> usize {
        (32 - self.0.leading_zeros()).div_ceil(4) as usize
    }

    /// Whether it is empty.
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in order.
    pub(crate) fn iter(self) -> impl Iterator<Item = Kind> {
        (0..self.len()).map(move |i| Kind::new(((self.0 >> (4 * i)) & 15) as u8 - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crew_is_a_multiset() {
        let p = Piece::new(Kind::new(0), Color::White);
        let q = Piece::new(Kind::new(4), Color::Black);
        let a = Crew::container(0).with(p).with(q).with(p);
        let b = Crew::container(0).with(q).with(p).with(p);
        assert_eq!(a, b);
        assert_eq!((a.len(), a.count(p), a.count(q)), (3, 2, 1));
        assert_eq!(a.without(p).without(p), Crew::container(0).with(q));
        assert!(Crew::container(0).is_empty() && Crew::container(0).is_container());
        assert_eq!(Crew::container(2).container_type(), Some(2));
        assert_eq!(Crew::NONE.container_type(), None);
        assert!(a.has(Color::Black) && !a.without(q).has(Color::Black));
    }

    #[test]
    fn kinds_keep_their_order() {
        let k = [3, 0, 0, 14]
            .into_iter()
            .map(Kind::new)
            .fold(Kinds::EMPTY, Kinds::push);
        assert_eq!(k.iter().map(Kind::get).collect::<Vec<_>>(), [3, 0, 0, 14]);
        assert_eq!(k.len(), 4);
        assert_eq!(Kinds::EMPTY.len(), 0);
    }
}
