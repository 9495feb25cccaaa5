//! The wasm memory's growth (`src/wasm/memory.rs`): a call that allocates tens of MiB grows the
//! memory in a few geometric steps, not in the thousands of 64 KiB steps the system allocator
//! takes alone (in Node each growth cost a full garbage collection). Counts, not times.
#![cfg(test)]
#![cfg(target_arch = "wasm32")]

use std::arch::wasm32::memory_size;
use wasm_bindgen_test::wasm_bindgen_test;

/// How many times the memory grows while `work` runs, and by how many pages in all. The crate is
/// called first: a test binary that names nothing of it links none of it, its allocator neither.
fn growths(mut work: impl FnMut(&mut dyn FnMut())) -> (usize, usize) {
    assert!(!mcp_json_toolbox::wasm::version().is_empty());
    let start = memory_size::<0>();
    let mut last = start;
    let mut count = 0;
    work(&mut || {
        let now = memory_size::<0>();
        if now != last {
            count += 1;
            last = now;
        }
    });
    (count, last - start)
}

#[wasm_bindgen_test]
fn many_small_allocations_grow_the_memory_a_few_times() {
    let mut kept: Vec<Vec<u8>> = Vec::new();
    let (count, pages) = growths(|seen| {
        // 64 MiB in 16,384 blocks of 4 KiB, each written, all kept.
        for i in 0..16_384u32 {
            kept.push(vec![(i % 251) as u8; 4096]);
            seen();
        }
    });
    // The memory holds the 64 MiB kept (it may have had some of it free before).
    let total = memory_size::<0>();
    assert!(
        total * 64 >= 64 * 1024,
        "the memory is {total} pages after growing {pages}"
    );
    assert!(count <= 16, "the memory grew {count} times for 64 MiB");
    // Every block is still what was written into it.
    for (i, block) in kept.iter().enumerate() {
        assert!(block.iter().all(|&b| b == (i % 251) as u8), "block {i}");
    }
}
