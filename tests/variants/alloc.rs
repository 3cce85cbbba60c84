//! Move generation and perft allocate nothing per node, in every bundled variant: proven with
//! a counting allocator. Perft with warmed-up buffers must allocate nothing at all, however
//! many nodes it visits.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fairy_rules::{PerftBuffers, Variant};

struct Counting;

thread_local! {
    /// Allocations counted on this thread while `COUNTING` is set: the test harness and
    /// the other tests allocate on their own threads.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` and returns its result and the allocations it made on this thread.
fn counted<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    COUNTING.with(|c| c.set(true));
    let out = f();
    COUNTING.with(|c| c.set(false));
    (out, ALLOCATIONS.with(Cell::get) - before)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.with(Cell::get) {
            ALLOCATIONS.with(|n| n.set(n.get() + 1));
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Perft of `fen` (the start when `None`) at the first depth with at least 20,000 nodes:
/// once to grow the buffers, then counted.
fn assert_no_allocation(name: &str, fen: Option<&str>) {
    let v = Variant::from_file(format!("variants/{name}.yaml")).unwrap();
    let mut pos = match fen {
        Some(f) => v.parse_fen(f).unwrap(),
        None => v.start_position(),
    };
    let mut buffers = PerftBuffers::new();
    let mut depth = 1;
    while v.perft_with(&mut pos, depth, &mut buffers) < 20_000 {
        depth += 1;
        assert!(depth <= 6, "{name}: too few nodes");
    }
    let (nodes, allocated) = counted(|| v.perft_with(&mut pos, depth, &mut buffers));
    assert!(nodes >= 20_000, "{name}: {nodes} nodes is too small a test");
    assert_eq!(
        allocated, 0,
        "{name} {fen:?}: {allocated} allocations during a perft of {nodes} nodes"
    );
}

#[test]
fn perft_allocates_nothing_in_any_bundled_variant() {
    let mut names: Vec<String> = std::fs::read_dir("variants")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 8, "{names:?}");
    for name in &names {
        assert_no_allocation(name, None);
    }
}

#[test]
fn perft_allocates_nothing_in_middle_games() {
    for (name, fen) in [
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "falcon-chess",
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
        ),
        // Submerged submarines, mines and used ammunition.
        (
            "seachess",
            "{c*m}3k2t/2b3bb/2d1S7/7a4/7{b_s}4/12/3BBd6/9B2/4A7/5B1B4/B3B1B1/{C*M}SK2D1T w k - 5 23 c12.mine=0,e10.surfaced=5,_h8.submerged=2,c1.mine=0,d1.surfaced=8",
        ),
        // Both colours aboard one ship.
        (
            "pirateknics",
            "3<k>/6/3<pp>2/6/1<>1<QRB>2/6/6/<K>3 w - - 0 1",
        ),
    ] {
        assert_no_allocation(name, Some(fen));
    }
}
