#!/usr/bin/env bash
# Installs what the build and the tests need. Every step is idempotent and skipped when it is
# already satisfied, so `make` can call this before every target.
#   bash scripts/setup.sh [rust|wasm-bindgen|node|chromium|python|all]...   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '  setup: %s\n' "$*"; }

# The wasm32 target of the stable toolchain.
setup_rust() {
  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then return; fi
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
}

# wasm-bindgen-cli of exactly the version Cargo.toml pins (`wasm-bindgen = "=V"`): the CLI and the
# library must match. Not --locked: the CLI's own lock file pins crates this registry lacks. No
# default features: they are TLS (rustls, ring) for a WebDriver reached over https, and the test
# runner here drives Node. No registry this project uses has it prebuilt (2026-12-03: npm has no
# `wasm-bindgen-cli`, PyPI none, Debian only the library's sources; the prebuilt binaries are on
# GitHub releases, which cargo-binstall and wasm-pack's npm installer download, out of reach).
# Only the two programs used (not wasm2es6js), at opt-level 1: 268 CPU s to install instead of
# about 330 (2026-12-03), and wasm-bindgen writes the same glue and .wasm in the same time.
setup_wasm_bindgen() {
  local want
  want=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
  if [[ -z $want ]]; then
    echo 'setup: Cargo.toml has no `wasm-bindgen = "=X.Y.Z"` pin' >&2
    exit 1
  fi
  if [[ $(wasm-bindgen --version 2>/dev/null) == "wasm-bindgen $want" ]] &&
    command -v wasm-bindgen-test-runner >/dev/null; then
    return
  fi
  say "installing wasm-bindgen-cli $want (takes a few minutes)"
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install wasm-bindgen-cli --version "$want" --no-default-features --force \
    --bin wasm-bindgen --bin wasm-bindgen-test-runner
}

# node_modules from package-lock.json: reinstalled when missing or older than the lock file.
setup_node() {
  local stamp=node_modules/.package-lock.json
  if [[ -f $stamp && ! package-lock.json -nt $stamp && ! package.json -nt $stamp ]]; then return; fi
  if [[ -f package-lock.json ]]; then
    say "npm ci"
    npm ci --no-audit --no-fund
  else
    say "npm install"
    npm install --no-audit --no-fund
  fi
}

# Debian's Chromium for the browser tests (playwright-core drives it; no browser download).
setup_chromium() {
  if [[ -x /usr/bin/chromium ]]; then return; fi
  say "installing chromium from apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y chromium chromium-driver
}

# .venv/ with the pinned Python packages of requirements-dev.txt (real 2026-07-28 servers and
# clients from PyPI: the official Python SDK `mcp`, `fastmcp-tasks`), and .venv-mcp1/ with those of
# requirements-dev-mcp1.txt (servers on the SDK's 1.x line, which conflicts with `mcp` 2.x in one
# venv); each remade when its file changes. uv makes them when it can be had (setup_uv), pip
# otherwise: the same packages at the same versions (their `pip freeze` compared, 2026-12-06),
# without the pip and setuptools that `python3 -m venv` seeds, which no test runs or imports.
setup_python() {
  local uv=
  if ! venv_fresh .venv requirements-dev.txt || ! venv_fresh .venv-mcp1 requirements-dev-mcp1.txt; then
    uv=$(setup_uv) || uv=
  fi
  setup_venv .venv requirements-dev.txt "$uv"
  setup_venv .venv-mcp1 requirements-dev-mcp1.txt "$uv"
}

# uv from PyPI, exactly this version, in target/uv/ (pip --target: no venv of its own).
UV_VERSION=0.13.8

# Prints the path of uv UV_VERSION, installing it first if missing; fails (printing nothing) when
# it cannot be installed, and the venvs are then made with pip. Both venvs from scratch, empty
# caches, 2026-12-06: pip 61 CPU s (python3 -m venv 5 each, pip install --no-compile 22 and 29),
# uv 11 with installing uv itself.
setup_uv() {
  local uv=target/uv/bin/uv
  if [[ $("$uv" --version 2>/dev/null) == "uv $UV_VERSION"* ]]; then
    echo "$uv"
    return
  fi
  say "installing uv $UV_VERSION from PyPI into target/uv/" >&2
  rm -rf target/uv
  if python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-compile --target target/uv "uv==$UV_VERSION" >&2 &&
    [[ $("$uv" --version 2>/dev/null) == "uv $UV_VERSION"* ]]; then
    echo "$uv"
    return
  fi
  say "uv $UV_VERSION could not be installed: making the venvs with pip" >&2
  return 1
}

# Whether the venv `$1` holds the packages of the requirements file `$2` as it is now (its stamp,
# a copy of the file made once the install succeeded, is the same).
venv_fresh() {
  [[ -f $1/.$2 ]] && cmp -s "$2" "$1/.$2"
}

# The venv `$1` with the pinned packages of the requirements file `$2`, made by uv at the path `$3`
# (empty: by pip). Neither byte-compiles what it installs (uv never does unless asked; pip is given
# --no-compile): compiling every module took about 25 CPU s for both venvs with pip (2026-12-06),
# most of them never imported by a test (beartype, pygments' lexers, redis, …); Python compiles a
# module when it is first imported and keeps its .pyc in the venv for the next run.
setup_venv() {
  local venv=$1 requirements=$2 uv=$3
  if venv_fresh "$venv" "$requirements"; then return; fi
  say "python venv $venv/ from $requirements${uv:+ (uv)}"
  rm -rf "$venv"
  if [[ -n $uv ]]; then
    # The python3 on PATH, as `python3 -m venv` takes; never a Python uv would download.
    "$uv" venv --quiet --no-python-downloads --python python3 "$venv"
    "$uv" pip install --quiet --no-python-downloads --python "$venv/bin/python" -r "$requirements"
  else
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-compile -r "$requirements"
  fi
  cp "$requirements" "$venv/.$requirements"
}

# Runs one step by name.
setup_step() {
  case $1 in
    rust) setup_rust ;;
    wasm-bindgen) setup_wasm_bindgen ;;
    node) setup_node ;;
    chromium) setup_chromium ;;
    python) setup_python ;;
    *)
      echo "setup: unknown step '$1'" >&2
      exit 2
      ;;
  esac
}

# `all`: the wasm32 target, then the other installs side by side, the longest (wasm-bindgen-cli,
# a compile) first, each line of their output prefixed with its step; fails if any failed.
setup_all() {
  setup_rust
  local steps=(wasm-bindgen chromium node python) pids=() failed=() i
  for i in "${!steps[@]}"; do
    (setup_step "${steps[$i]}" 2>&1 | sed -u "s/^/[${steps[$i]}] /") &
    pids+=($!)
  done
  for i in "${!steps[@]}"; do
    wait "${pids[$i]}" || failed+=("${steps[$i]}")
  done
  if ((${#failed[@]})); then
    echo "setup: failed: ${failed[*]}" >&2
    exit 1
  fi
}

if [[ $# -eq 0 || $1 == all ]]; then
  setup_all
  exit
fi
for step in "$@"; do setup_step "$step"; done
