# mcp-json-toolbox: build, test, bench and serve. `make help` lists the targets.
# Every target installs what it is missing first (scripts/setup.sh; idempotent).

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PORT ?= 8080
WASM_TARGET := wasm32-unknown-unknown
# Test files picked up by convention: the native integration tests (tests/native/main.rs, one binary
# of modules, `cargo test --test native`), the wasm tests (tests/wasm/main.rs, one binary of modules,
# and tests/wasm_*.rs, those that need an instance of their own) run in Node through
# wasm-bindgen-test-runner, tests/node/*.test.mjs against pkg/, tests/browser/*.test.mjs in
# Chromium, bench/*.bench.mjs.
WASM_TESTS := $(if $(wildcard tests/wasm/main.rs),wasm) $(basename $(notdir $(wildcard tests/wasm_*.rs)))
BROWSER_TESTS := $(wildcard tests/browser/*.test.mjs)
BENCHES := $(sort $(wildcard bench/*.bench.mjs))
# Runs one phase of `make test`: its log in target/test-logs/, a line when it starts and ends.
TIMED := bash scripts/timed.sh
# The Rust checks of `make test` run below the package build and the JavaScript suites.
LOW := nice -n 10
# The wasm tests' build: what the cores have left once every other phase has taken its share.
IDLE := nice -n 19

.PHONY: help setup pkg pkg-wasm www serve test fmt-check vendor-check lint lint-native lint-wasm \
	lint-wasm-tests lint-wasm-builds test-native test-wasm test-wasm-build test-node test-pkg \
	test-bundlers test-runtimes test-browser test-fuzz-replay bench fuzz clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

setup: ## Install what is missing: wasm32 target, wasm-bindgen-cli, node_modules, Chromium, the Python venvs (.venv, .venv-mcp1)
	@bash scripts/setup.sh all

pkg: ## Build the npm package into pkg/ (release wasm, wasm-bindgen, wasm-opt, package.json)
	@bash scripts/setup.sh rust wasm-bindgen node
	node scripts/build-pkg.mjs

# The page as served here (`make serve`) and tested (`make test`'s browser tests) is compressed at
# brotli 5, not 11: the same page served the same way, its build 3 CPU s instead of 24, and `make
# serve` right after `make test` finds every file already compressed (target/content-cache/).
# `make www` builds the page to publish, at 11 (what visitors get).
LOCAL_BROTLI := 5

www: pkg ## Build the static page to publish into www/dist/ (node www/build.mjs: brotli 11)
	node www/build.mjs

serve: setup pkg ## Build what changed and serve the page on http://127.0.0.1:8080/ (PORT=n to change)
	node www/build.mjs --brotli-quality $(LOCAL_BROTLI)
	@echo "Open http://127.0.0.1:$(PORT)/"
	node scripts/serve.mjs www/dist $(PORT)

test: ## Every check; independent phases side by side, each one's log in target/test-logs/, the table at the end
	@$(TIMED) --reset
	@status=0; $(MAKE) -j --keep-going gate || status=$$?; $(TIMED) --summary || status=1; exit $$status

# The phases of `make test` and the order they need (run by `make -j`: whatever is ready runs).
# Each recipe succeeds for make; a phase records its result, one whose --needs failed is skipped,
# and `timed.sh --summary` fails the run. The installs start first, side by side. The native Rust
# checks take turns (cargo locks target/debug for each) at low priority: clippy lints the wasm32
# builds of the format core and the server build (lint-wasm-builds); the native tests, the fuzz
# replay and the wasm tests are built by clippy-driver (LINTED, below), which lints what they
# compile, the targets of lint-native and lint-wasm-tests; the release wasm builds
# start at once, the package follows once wasm-bindgen-cli and node_modules are there, and the
# suites that use pkg/ run side by side. The wasm tests are built from the start at the lowest
# priority (in a target directory of their own, target/wasm-tests, so that they need not wait for
# the native checks' lock; at nice 10 they took half of the native checks' share and made those
# the run's tail, at 19 they take what every other phase leaves of the cores) and run once
# wasm-bindgen-cli is there. (Measured again 2026-12-06: at nice 10 the run took 946 s, the native
# checks ending last; at 19, 912 s, the wasm tests' link the last 30 s at 1.5 cores busy.)
GATE := setup-rust setup-wasm-bindgen setup-chromium setup-node setup-python fmt vendor clippy \
	native-tests fuzz-replay wasm-build wasm-tests pkg-wasm pkg node-tests package-test bundlers runtimes browser-tests
.PHONY: gate $(addprefix gate-,$(GATE))
gate: $(addprefix gate-,$(GATE))
# No incremental compilation of the crate in the gate's cargo runs: CI builds from a fresh clone,
# so its caches would only be written, never read (each clippy, test and wasm test build of the
# crate wrote one). Dependencies are never compiled incrementally anyway.
gate: export CARGO_INCREMENTAL := 0
$(addprefix gate-setup-,rust wasm-bindgen chromium node python): gate-setup-%:
	@$(TIMED) setup-$* bash scripts/setup.sh $* || true
gate-fmt:
	@$(TIMED) fmt $(MAKE) fmt-check || true
gate-vendor:
	@$(TIMED) vendor $(MAKE) vendor-check || true
gate-clippy: gate-setup-rust gate-fmt
	@$(TIMED) clippy --needs setup-rust $(LOW) $(MAKE) lint-wasm-builds || true
gate-native-tests: gate-clippy
	@$(TIMED) native-tests $(LOW) $(MAKE) test-native WITH_CLIPPY=1 || true
gate-fuzz-replay: gate-native-tests
	@$(TIMED) fuzz-replay $(LOW) $(MAKE) test-fuzz-replay WITH_CLIPPY=1 || true
gate-wasm-build: gate-setup-rust
	@CARGO_TARGET_DIR=target/wasm-tests $(TIMED) wasm-build --needs setup-rust $(IDLE) $(MAKE) test-wasm-build WITH_CLIPPY=1 || true
gate-wasm-tests: gate-wasm-build gate-setup-wasm-bindgen
	@CARGO_TARGET_DIR=target/wasm-tests $(TIMED) wasm-tests --needs wasm-build,setup-wasm-bindgen $(LOW) $(MAKE) test-wasm WITH_CLIPPY=1 || true
gate-pkg-wasm: gate-setup-rust
	@$(TIMED) pkg-wasm --needs setup-rust $(MAKE) pkg-wasm || true
gate-pkg: gate-pkg-wasm gate-setup-wasm-bindgen gate-setup-node
	@$(TIMED) pkg --needs pkg-wasm,setup-wasm-bindgen,setup-node $(MAKE) pkg || true
gate-node-tests: gate-pkg gate-setup-python
	@$(TIMED) node-tests --needs pkg,setup-python $(MAKE) test-node || true
gate-package-test: gate-pkg gate-setup-chromium
	@$(TIMED) package-test --needs pkg,setup-chromium $(MAKE) test-pkg || true
gate-bundlers: gate-package-test
	@$(TIMED) bundlers --needs pkg,setup-chromium $(MAKE) test-bundlers || true
gate-runtimes: gate-bundlers
	@$(TIMED) runtimes --needs pkg $(MAKE) test-runtimes || true
gate-browser-tests: gate-pkg gate-setup-chromium
	@$(TIMED) browser-tests --needs pkg,setup-chromium $(MAKE) test-browser || true

fmt-check: ## cargo fmt --check
	cargo fmt --check

vendor-check: ## vendor/jsonschema is the crates.io release plus only its documented patches, and no wasm build holds a Rust regex engine
	bash scripts/check-vendor.sh

lint: lint-native lint-wasm ## cargo clippy -D warnings, native (all targets) and wasm32 (the library and the wasm tests; the format core and the server build too)

lint-native: ## cargo clippy -D warnings, native: all targets and the fuzz replay (make test lints them as test-native WITH_CLIPPY=1 builds them)
	cargo clippy --all-targets -- -D warnings
	cargo clippy --test fuzz_replay -- -D warnings

# The wasm32 lint takes the library and the integration tests (`--test '*'`: tests/wasm/,
# tests/wasm_*.rs), not the library's unit tests, which run natively and never on wasm32 (src/wasm/
# holds none): compiling them for wasm32 too cost about 14 CPU s (2026-12-06). `make test` lints the
# first line's targets as the wasm tests' build compiles them (test-wasm-build WITH_CLIPPY=1): the
# separate check of them cost 35 CPU s after the other two lines (2026-12-06, /usr/bin/time).
lint-wasm: lint-wasm-tests lint-wasm-builds ## cargo clippy -D warnings, wasm32: the library and the wasm tests; the format core and the server build too

lint-wasm-tests: ## cargo clippy -D warnings, wasm32: the library (full build) and the wasm tests (make test lints them as test-wasm-build WITH_CLIPPY=1 builds them)
	cargo clippy --target $(WASM_TARGET) --lib --test '*' -- -D warnings

lint-wasm-builds: ## cargo clippy -D warnings, wasm32: the format core's and the server build's library
	cargo clippy --target $(WASM_TARGET) --lib --no-default-features -- -D warnings
	cargo clippy --target $(WASM_TARGET) --lib --no-default-features --features validator -- -D warnings

# With WITH_CLIPPY=1 (as `make test` runs them; not LINT, one of make's built-in variables), the
# crate's own targets are compiled by clippy-driver (scripts/clippy-rustc.sh), which lints what it
# compiles, -D warnings: `cargo test` builds the targets `cargo clippy --all-targets` checks (the
# library, its unit tests, the integration tests, the example), `cargo test --test fuzz_replay` the
# fuzz replay, the wasm tests' build those of lint-wasm-tests, so the build is the lint's check and
# compilation in one analysis of the crate instead of two: lint-native's check of every dependency
# and of each of the crate's targets took 95 CPU s in a fresh target directory, the lints in the
# build add 5 CPU s to its 59 (2026-12-06, /usr/bin/time).
LINTED = $(if $(WITH_CLIPPY),RUSTC_WORKSPACE_WRAPPER=$(CURDIR)/scripts/clippy-rustc.sh)

test-native: ## Native Rust tests (unit, integration tests/native/ as one binary, JSONTestSuite; the format core's and the server build's unit tests too; WITH_CLIPPY=1: clippy-driver lints what they build)
	$(LINTED) cargo test
	cargo test --lib --no-default-features
	cargo test --lib --no-default-features --features validator

test-wasm: ## The wasm tests (tests/wasm/, tests/wasm_*.rs) in Node via wasm-bindgen-test-runner (WITH_CLIPPY=1: clippy-driver lints what they build)
	@bash scripts/setup.sh rust wasm-bindgen
	$(if $(WASM_TESTS),CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
		$(LINTED) cargo test --target $(WASM_TARGET) $(addprefix --test ,$(WASM_TESTS)),@echo "no wasm tests")

# The build of test-wasm alone (what `make test` starts before wasm-bindgen-cli is there; WITH_CLIPPY
# as test-wasm, or cargo builds again what it built).
test-wasm-build:
	@bash scripts/setup.sh rust
	$(if $(WASM_TESTS),$(LINTED) cargo test --no-run --target $(WASM_TARGET) $(addprefix --test ,$(WASM_TESTS)),@echo "no wasm tests")

# The release wasm builds that scripts/build-pkg.mjs starts with (the full build and the format core
# side by side, then the server build from a copy of the full build's dependencies), so that it then
# finds them fresh: `make test` runs them before wasm-bindgen-cli is installed.
pkg-wasm:
	@bash scripts/setup.sh rust
	node scripts/build-pkg.mjs --cargo-only

# Two test files at a time: most of them wait on servers they start (each file its own process,
# temporary files and ports the system gives).
NODE_TEST_CONCURRENCY ?= 2
test-node: ## tests/node/*.test.mjs against pkg/, two files at a time (run make pkg first)
	node --test --test-concurrency=$(NODE_TEST_CONCURRENCY) tests/node/

test-pkg: ## npm pack pkg/, install it in a fresh project, use it from Node, TypeScript and Chromium
	node --test tests/pkg/
	$(MAKE) --no-print-directory typecheck

typecheck: ## tsc --checkJs over runtime/ and www/ against pkg/'s own declarations (tsconfig.json, www/tsconfig*.json; run make pkg first)
	node node_modules/typescript/bin/tsc -p tsconfig.json
	node node_modules/typescript/bin/tsc -p www/tsconfig.json
	node node_modules/typescript/bin/tsc -p www/tsconfig.sw.json

test-bundlers: ## The packed package built by Vite, webpack, esbuild and Rollup (README recipes), <mcp-json> by Vite and webpack, run in Chromium
	node --test tests/bundlers/

test-runtimes: ## The packed package in Deno, Bun, Cloudflare workerd (wrangler + Miniflare) and Vercel's Edge Runtime, with the MCP SDK v1 and v2
	node --test tests/runtimes/

# The page they test is the one `make serve` serves, at brotli 5 (LOCAL_BROTLI, above).
test-browser: ## tests/browser/*.test.mjs in headless Chromium (builds www/ if www/build.mjs exists)
	$(if $(wildcard www/build.mjs),node www/build.mjs --brotli-quality $(LOCAL_BROTLI))
	$(if $(BROWSER_TESTS),node --test $(BROWSER_TESTS),@echo "no tests/browser/*.test.mjs yet")

test-fuzz-replay: ## Every fuzz target over its committed corpus fuzz/seeds/ (stable; crash, leak, hang checks; WITH_CLIPPY=1 as test-native)
	$(LINTED) cargo test --test fuzz_replay -- --nocapture

bench: pkg ## Run every bench/*.bench.mjs (throughput and size tables)
	@for bench in $(BENCHES); do echo; echo "## $$bench"; node $$bench; done

fuzz: ## Explore with the fuzzers, 300 s per target (fuzz/run.sh; nightly, cargo-fuzz)
	bash fuzz/run.sh

clean: ## Remove build outputs (target/, pkg/, www/dist/)
	cargo clean
	rm -rf pkg www/dist bench/results
