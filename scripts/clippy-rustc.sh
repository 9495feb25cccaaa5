#!/bin/sh
# Cargo's rustc wrapper for this crate's own targets (RUSTC_WORKSPACE_WRAPPER; cargo calls it as
# `clippy-rustc.sh RUSTC ARGS…`): clippy-driver, which compiles as rustc does and runs Clippy's
# lints on what it compiles, every warning an error. `cargo clippy` is `cargo check` with
# clippy-driver as this wrapper; `make test` builds the native tests, the fuzz replay and the wasm
# tests with it (the Makefile's WITH_CLIPPY=1), so that the crate is analysed once for its lint and
# its build (`make lint-native` and `make lint-wasm-tests` check it a second time).
exec clippy-driver "$@" -D warnings
