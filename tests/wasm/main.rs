//! The wasm tests that share one test binary, run in Node by `make test-wasm` through
//! wasm-bindgen-test-runner: each module was a binary of its own, and each binary links the whole
//! crate (36 MB in the test profile), which the runner binds and Node compiles again: about 6 CPU s
//! a binary before its first test ran (2026-12-06). A new wasm test goes here as a module; one
//! that needs a fresh instance of its own (as `tests/wasm_memory.rs`, which counts the memory's
//! growth from the start) is a file `tests/wasm_NAME.rs`.
#![cfg(test)]
#![cfg(target_arch = "wasm32")]

mod bad_input;
mod classify;
mod format;
mod host;
mod lint;
