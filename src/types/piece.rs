//! Sides, piece kinds and pieces: the words every layer above speaks.

/// The most piece types a variant may define: one bit each in a [`KindSet`].
pub const MAX_KINDS: usize = 64;

/// A side. White moves first and "forward" for White is toward higher ranks.
///
/// ```
/// use fairy_rules::Color;
/// assert_eq!(Color::White.opponent(), Color::Black);
/// assert_eq!(Color::BOTH.map(Color::name), ["white", "black"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The other side.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black. See the example of [`crate::Material::with`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side. See the example of [`Color`].
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `white` or `black`. See the example of [`Color`].
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// A piece type of a variant: an index into [`Ruleset::pieces`](crate::Ruleset::pieces), in the
/// definition's order. See the example of [`Piece`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub(crate) u8);

impl Kind {
    /// The kind numbered `index` (below [`MAX_KINDS`] in any rule set). See the example of
    /// [`Piece`].
    #[inline]
    pub const fn new(index: u8) -> Kind {
        Kind(index)
    }

    /// Its number, for indexing [`Ruleset::pieces`](crate::Ruleset::pieces). See the example
    /// of [`Piece`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its number as a byte.
    #[inline]
    pub(crate) const fn get(self) -> u8 {
        self.0
    }
}

/// A set of piece kinds (one bit per [`Kind`], [`MAX_KINDS`] bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KindSet(pub(crate) u64);

impl KindSet {
    /// No kind.
    pub const EMPTY: KindSet = KindSet(0);
    /// Every kind.
    pub const ALL: KindSet = KindSet(u64::MAX);

    /// Whether `kind` is in the set. See the example of [`crate::Material::with`].
    #[inline]
    pub const fn has(self, kind: Kind) -> bool {
        self.0 >> kind.0 & 1 != 0
    }

    /// The set with `kind` added.
    #[inline]
    pub(crate) const fn with(self, kind: Kind) -> KindSet {
        KindSet(self.0 | 1 << kind.0)
    }

    /// Whether the set is empty.
    #[inline]
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in either set.
    #[inline]
    pub(crate) const fn union(self, other: KindSet) -> KindSet {
        KindSet(self.0 | other.0)
    }

    /// The kinds of this set that are not in `other`.
    #[inline]
    pub(crate) const fn minus(self, other: KindSet) -> KindSet {
        KindSet(self.0 & !other.0)
    }

    /// Whether the sets share a kind.
    #[inline]
    pub(crate) const fn intersects(self, other: KindSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The kinds in the set, lowest first.
    pub(crate) fn iter(self) -> impl Iterator<Item = Kind> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let k = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Kind(k))
        })
    }
}

impl FromIterator<Kind> for KindSet {
    fn from_iter<I: IntoIterator<Item = Kind>>(iter: I) -> Self {
        iter.into_iter().fold(KindSet::EMPTY, KindSet::with)
    }
}

/// A piece: a kind and a colour, packed in a byte. Its letter comes from the rule set
/// ([`crate::Ruleset::letter`]).
///
/// ```
/// use fairy_rules::{Color, Kind, Piece, Variant};
/// let chess = Variant::bundled("chess")?;
/// let queen = chess.kind_of_letter('Q').unwrap();
/// assert_eq!(queen, Kind::new(4)); // P N B R Q K, numbered from 0
/// assert_eq!(queen.index(), 4);
/// let black_queen = Piece::new(queen, Color::Black);
/// assert_eq!((black_queen.kind(), black_queen.color()), (queen, Color::Black));
/// assert_eq!(chess.letter(black_queen), 'q');
/// # Ok::<(), fairy_rules::LoadError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(std::num::NonZeroU8);

impl Piece {
    /// The piece of `kind` and `color`. See the example of [`Piece`].
    ///
    /// # Panics
    /// If `kind` is not below [`MAX_KINDS`]; a rule set never has more kinds.
    #[inline]
    pub const fn new(kind: Kind, color: Color) -> Piece {
        assert!((kind.0 as usize) < MAX_KINDS, "piece kind out of range");
        match std::num::NonZeroU8::new(((kind.0 + 1) << 1) | color as u8) {
            Some(b) => Piece(b),
            None => unreachable!(),
        }
    }

    /// Its type. See the example of [`Piece`].
    #[inline]
    pub const fn kind(self) -> Kind {
        Kind((self.0.get() >> 1) - 1)
    }

    /// The owner. See the example of [`Piece`].
    #[inline]
    pub const fn color(self) -> Color {
        if self.0.get() & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The packed byte (never 0).
    #[inline]
    pub(crate) const fn byte(self) -> u8 {
        self.0.get()
    }

    /// The piece packed in `byte`, if it is one (0 is none).
    #[inline]
    pub(crate) const fn from_byte(byte: u8) -> Option<Piece> {
        match std::num::NonZeroU8::new(byte) {
            Some(b) => Some(Piece(b)),
            None => None,
        }
    }

    /// A dense index `0..2 * MAX_KINDS`, for hash tables.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0.get() as usize - 2
    }
}
