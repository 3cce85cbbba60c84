//! The entries a trial writes over a shared position, by key: a move changes a few cells,
//! piece sets and counts in hand, so a trial keeps those rather than a copy of everything
//! they belong to (the piece sets alone are 2 × [`crate::MAX_KINDS`] cell sets).

/// Values written over a base, one per key: the first `N` inline, more in a heap list
/// (which no bundled game needs).
pub(crate) struct Overlay<K, V, const N: usize> {
    inline: [(K, V); N],
    len: usize,
    spill: Vec<(K, V)>,
}

impl<K: Copy + Eq, V: Copy, const N: usize> Overlay<K, V, N> {
    /// No entry; `blank` fills the unused inline room.
    #[inline]
    pub(crate) fn new(blank: (K, V)) -> Self {
        Overlay {
            inline: [blank; N],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// The value written for `key`, if any.
    #[inline]
    pub(crate) fn get(&self, key: K) -> Option<V> {
        self.entries().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }

    /// Writes `value` for `key`, over an earlier value.
    #[inline]
    pub(crate) fn set(&mut self, key: K, value: V) {
        if let Some(e) = self.inline[..self.len].iter_mut().find(|(k, _)| *k == key) {
            e.1 = value;
        } else if self.len < N {
            self.inline[self.len] = (key, value);
            self.len += 1;
        } else if let Some(e) = self.spill.iter_mut().find(|(k, _)| *k == key) {
            e.1 = value;
        } else {
            self.spill.push((key, value));
        }
    }

    /// Every entry, each key once.
    #[inline]
    pub(crate) fn entries(&self) -> impl Iterator<Item = &(K, V)> {
        self.inline[..self.len].iter().chain(&self.spill)
    }
}

#[cfg(test)]
mod tests {
    use super::Overlay;

    #[test]
    fn later_writes_replace_earlier_ones_inline_and_spilled() {
        let mut o: Overlay<u8, u32, 2> = Overlay::new((0, 0));
        for (k, v) in [(1, 10), (2, 20), (3, 30), (1, 11), (3, 31), (4, 40)] {
            o.set(k, v);
        }
        assert_eq!(
            [1, 2, 3, 4, 5].map(|k| o.get(k)),
            [Some(11), Some(20), Some(31), Some(40), None]
        );
        assert_eq!(o.entries().count(), 4);
    }
}
