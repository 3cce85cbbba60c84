//! Move generation and perft allocate nothing per node: proven with a counting allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use fairy_rules::{Move, Variant};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
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
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let nodes = v.perft_with(&pos, &mut buffers);
        let allocated = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert!(nodes > 10_000, "{name}: {nodes} nodes is too small a test");
        assert_eq!(
            allocated, 0,
            "{name}: {allocated} allocations during a perft of {nodes} nodes"
        );
    }
}
