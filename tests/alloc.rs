//! Move generation and perft allocate nothing per node: proven with a counting allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fairy_rules::{Move, Variant};

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

#[test]
fn perft_allocates_nothing_per_node() {
    for (name, fen) in [
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "falcon-chess",
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
        ),
        (
            "capablanca",
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        ),
    ] {
        let v = Variant::from_file(format!("variants/{name}.yaml")).unwrap();
        let pos = v.parse_fen(fen).unwrap();
        let mut buffers: Vec<Vec<Move>> = (0..3).map(|_| Vec::with_capacity(512)).collect();
        let (nodes, allocated) = counted(|| v.perft_with(&pos, &mut buffers));
        assert!(nodes > 10_000, "{name}: {nodes} nodes is too small a test");
        assert_eq!(
            allocated, 0,
            "{name}: {allocated} allocations during a perft of {nodes} nodes"
        );
    }
}

/// The counter sees allocations on the thread under test: a container game copies its crews
/// (one heap block) with every move it makes, which is its known price.
#[test]
fn the_counter_sees_a_container_games_copies() {
    let v = Variant::from_file("variants/pirateknics.yaml").unwrap();
    let pos = v.start_position();
    let mut buffers: Vec<Vec<Move>> = (0..2).map(|_| Vec::with_capacity(512)).collect();
    let (nodes, allocated) = counted(|| v.perft_with(&pos, &mut buffers));
    assert_eq!(nodes, 3_587);
    assert!(allocated >= 3_587, "{allocated} allocations");
}
