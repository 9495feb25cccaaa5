//! A counting global allocator for leak tests: the system allocator, plus the bytes each thread
//! holds. A test binary that includes this module (`#[path]`) installs it for all its tests.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting the bytes each thread holds.
struct Counting;

thread_local! {
    /// Bytes allocated minus bytes freed on this thread (frees of other threads' blocks included).
    static HELD: Cell<i64> = const { Cell::new(0) };
}

fn count(delta: i64) {
    // `try_with`: no counting while the thread is being torn down.
    let _ = HELD.try_with(|held| held.set(held.get() + delta));
}

fn size(bytes: usize) -> i64 {
    i64::try_from(bytes).unwrap_or(i64::MAX)
}

// SAFETY: every call is forwarded to `System` unchanged; counting touches only a const
// thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(size(layout.size()));
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(size(layout.size()));
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-size(layout.size()));
        System.dealloc(ptr, layout);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(size(new_size) - size(layout.size()));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The bytes the calling thread holds (allocated minus freed since it started).
pub fn held() -> i64 {
    HELD.with(Cell::get)
}
