//! The native integration tests, one test binary of modules (`cargo test --test native`; one
//! module's tests: `cargo test --test native codes::`): each of the 19 modules was a binary of its
//! own, each linking the whole crate (`make test-native` took 142 CPU s with them, 132 as one
//! binary; 2026-12-06). A new native integration test goes here as a module. Each module
//! keeps its own `cfg` (most are native only; `session_http_headers` and `stdout_lines` are
//! linted for wasm32 too by `make lint`), and the helpers of `tests/support/` are this one module
//! `support` (its counting allocator, `tests/support/heap.rs`, is installed by `compile_leaks`
//! for the whole binary: it counts each thread's heap, so the other tests running beside it do
//! not disturb its counts).
#![cfg(test)]

#[cfg(not(target_arch = "wasm32"))]
#[path = "../support/mod.rs"]
mod support;

mod bad_input;
mod classify_cases;
mod classify_examples;
mod codes;
mod compat;
mod compat_data;
mod compile_leaks;
mod elicitation;
mod host_checks;
mod json_schema_suite;
mod json_test_suite;
mod layers;
mod lint;
mod session_http_headers;
mod session_recordings;
mod session_stream;
mod session_verdicts;
mod stdout_lines;
mod ts_declarations;
