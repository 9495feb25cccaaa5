//! How the wasm memory grows. Rust's allocator on wasm32 (dlmalloc) grows the memory by what each
//! allocation lacks, 64 KiB pages at a time, and in Node each growth of the memory came with a
//! full garbage collection of the JavaScript heap (`node --trace-gc`, the first call in a fresh
//! process, 2026-12-04: 712 mark-compacts while a 50 MB proxy recording replayed, 299 while a
//! 50 MB HAR was read, 112 for a VS Code log; `docs/benchmarks-history.md`). [`Geometric`] grows
//! it in steps as large as the memory already is (at most [`MAX_STEP`]): once an allocation has
//! grown the memory, a block of that size is allocated and freed at once, which dlmalloc keeps and
//! hands out again, so a call that needs hundreds of MiB grows the memory a dozen times, not
//! thousands. Pages grown ahead and not used are not touched (the engine gives them zeroed on
//! first use). Where the step cannot be had (the 4 GiB limit), nothing is grown ahead and each
//! allocation grows what it needs, as before. Its functions are never inlined: the allocation
//! sites call them as they called the default allocator (inlined, the build grew 100 KB).

use std::alloc::{GlobalAlloc, Layout, System};
use std::arch::wasm32::memory_size;

/// The largest step grown ahead, in bytes.
pub const MAX_STEP: usize = 256 << 20;

/// The bytes of a wasm page.
const PAGE: usize = 64 << 10;

/// The system allocator, growing the memory geometrically (see the module doc).
pub struct Geometric;

impl Geometric {
    /// After an allocation that took the memory from `before` pages to more: a block as large
    /// as the memory is now (at most [`MAX_STEP`]) allocated and freed, growing it ahead.
    #[inline(never)]
    unsafe fn grow_ahead(before: usize) {
        let now = memory_size::<0>();
        if now <= before {
            return;
        }
        let step = now.saturating_mul(PAGE).min(MAX_STEP);
        let Ok(layout) = Layout::from_size_align(step, 16) else {
            return;
        };
        // SAFETY: `layout` has a non-zero size; the block, if any, is freed with its layout.
        let block = unsafe { System.alloc(layout) };
        if !block.is_null() {
            // SAFETY: allocated just above by the same allocator with this layout.
            unsafe { System.dealloc(block, layout) };
        }
    }
}

/// `allocate`'s pointer, the memory grown ahead if `allocate` grew it.
#[inline(always)]
fn grown(allocate: impl FnOnce() -> *mut u8) -> *mut u8 {
    let before = memory_size::<0>();
    let ptr = allocate();
    // SAFETY: allocates and frees a block of its own.
    unsafe { Geometric::grow_ahead(before) };
    ptr
}

// SAFETY: every call is the system allocator's, with the caller's arguments; growing ahead only
// allocates and frees a block of its own.
unsafe impl GlobalAlloc for Geometric {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        grown(|| unsafe { System.alloc(layout) })
    }

    #[inline(never)]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        grown(|| unsafe { System.alloc_zeroed(layout) })
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        grown(|| unsafe { System.realloc(ptr, layout, new_size) })
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// The allocator of every wasm build.
#[global_allocator]
static ALLOCATOR: Geometric = Geometric;
