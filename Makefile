# mcp-json-toolbox: build, test, bench and serve. `make help` lists the targets.
# Every target installs what it is missing first (scripts/setup.sh; idempotent).

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PORT ?= 8080
WASM_TARGET := wasm32-unknown-unknown
# Test files picked up by convention: tests/wasm_*.rs run in Node through wasm-bindgen-test-runner,
# tests/node/*.test.mjs against pkg/, tests/browser/*.test.mjs in Chromium, bench/*.bench.mjs.
WASM_TESTS := $(basename $(notdir $(wildcard tests/wasm_*.rs)))
BROWSER_TESTS := $(wildcard tests/browser/*.test.mjs)
BENCHES := $(sort $(wildcard bench/*.bench.mjs))
# Prints how long each phase of `make test` took.
TIMED := bash scripts/timed.sh

.PHONY: help setup pkg www serve test fmt-check vendor-check lint test-native test-wasm test-node test-pkg \
	test-bundlers test-runtimes test-browser test-fuzz-replay bench fuzz clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

setup: ## Install what is missing: wasm32 target, wasm-bindgen-cli, node_modules, Chromium, Python .venv
	@bash scripts/setup.sh all

pkg: ## Build the npm package into pkg/ (release wasm, wasm-bindgen, wasm-opt, package.json)
	@bash scripts/setup.sh rust wasm-bindgen node
	node scripts/build-pkg.mjs

www: pkg ## Build the static page into www/dist/ (node www/build.mjs)
	node www/build.mjs

serve: setup www ## Build everything and serve the page on http://127.0.0.1:8080/ (PORT=n to change)
	@echo "Open http://127.0.0.1:$(PORT)/"
	node scripts/serve.mjs www/dist $(PORT)

test: ## Every check, in order, stopping at the first failure
	@$(TIMED) --reset
	@$(TIMED) setup bash scripts/setup.sh all
	@$(TIMED) fmt $(MAKE) fmt-check
	@$(TIMED) vendor $(MAKE) vendor-check
	@$(TIMED) clippy $(MAKE) lint
	@$(TIMED) native-tests $(MAKE) test-native
	@$(TIMED) fuzz-replay $(MAKE) test-fuzz-replay
	@$(TIMED) wasm-tests $(MAKE) test-wasm
	@$(TIMED) pkg $(MAKE) pkg
	@$(TIMED) node-tests $(MAKE) test-node
	@$(TIMED) package-test $(MAKE) test-pkg
	@$(TIMED) bundlers $(MAKE) test-bundlers
	@$(TIMED) runtimes $(MAKE) test-runtimes
	@$(TIMED) browser-tests $(MAKE) test-browser
	@$(TIMED) --summary

fmt-check: ## cargo fmt --check
	cargo fmt --check

vendor-check: ## vendor/jsonschema is the crates.io release plus only its documented patches
	bash scripts/check-vendor.sh

lint: ## cargo clippy -D warnings, native (all targets) and wasm32 (library and wasm tests; the format core and the server build too)
	cargo clippy --all-targets -- -D warnings
	cargo clippy --test fuzz_replay -- -D warnings
	cargo clippy --target $(WASM_TARGET) --lib --tests -- -D warnings
	cargo clippy --target $(WASM_TARGET) --lib --no-default-features -- -D warnings
	cargo clippy --target $(WASM_TARGET) --lib --no-default-features --features validator -- -D warnings

test-native: ## Native Rust tests (unit, integration, JSONTestSuite; the format core's and the server build's unit tests too)
	cargo test
	cargo test --lib --no-default-features
	cargo test --lib --no-default-features --features validator

test-wasm: ## tests/wasm_*.rs in Node via wasm-bindgen-test-runner
	@bash scripts/setup.sh rust wasm-bindgen
	$(if $(WASM_TESTS),CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
		cargo test --target $(WASM_TARGET) $(addprefix --test ,$(WASM_TESTS)),@echo "no tests/wasm_*.rs")

test-node: ## tests/node/*.test.mjs against pkg/ (run make pkg first)
	node --test tests/node/

test-pkg: ## npm pack pkg/, install it in a fresh project, use it from Node, TypeScript and Chromium
	node --test tests/pkg/

test-bundlers: ## The packed package built by Vite, webpack, esbuild and Rollup (README recipes), <mcp-json> by Vite and webpack, run in Chromium
	node --test tests/bundlers/

test-runtimes: ## The packed package in Deno, Bun, Cloudflare workerd (wrangler + Miniflare) and Vercel's Edge Runtime, with the MCP SDK v1 and v2
	node --test tests/runtimes/

test-browser: ## tests/browser/*.test.mjs in headless Chromium (builds www/ if www/build.mjs exists)
	$(if $(wildcard www/build.mjs),node www/build.mjs)
	$(if $(BROWSER_TESTS),node --test $(BROWSER_TESTS),@echo "no tests/browser/*.test.mjs yet")

test-fuzz-replay: ## Every fuzz target over its committed corpus fuzz/seeds/ (stable; crash, leak, hang checks)
	cargo test --test fuzz_replay -- --nocapture

bench: pkg ## Run every bench/*.bench.mjs (throughput and size tables)
	@for bench in $(BENCHES); do echo; echo "## $$bench"; node $$bench; done

fuzz: ## Explore with the fuzzers, 300 s per target (fuzz/run.sh; nightly, cargo-fuzz)
	bash fuzz/run.sh

clean: ## Remove build outputs (target/, pkg/, www/dist/)
	cargo clean
	rm -rf pkg www/dist bench/results
