#!/usr/bin/env bash
# Checks that vendor/jsonschema is the published jsonschema crate plus exactly the patches in
# vendor/jsonschema/patches/ (applied in name order), each documented by a section of
# vendor/jsonschema/PATCHED.md: fetches the crate from crates.io into Cargo's registry (a
# throwaway project outside the repo), applies the patches to a copy of its src/ and metaschemas/,
# and compares the result with the vendored folders file by file; then checks that no wasm build
# depends on a Rust regex engine (patch 04-host-regex).
#
#   bash scripts/check-vendor.sh                 check (make vendor-check)
#   bash scripts/check-vendor.sh --record NAME   after editing the vendored sources: write what the
#                                                existing patches do not explain to patches/NAME.patch
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
vendor=vendor/jsonschema
record=
case "${1:-}" in
  '') ;;
  --record) record=${2:?usage: check-vendor.sh --record NN-name} ;;
  *) echo "usage: bash scripts/check-vendor.sh [--record NN-name]" >&2; exit 2 ;;
esac

version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$vendor/Cargo.toml" | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/probe/src"
printf '[package]\nname = "probe"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\njsonschema = { version = "=%s", default-features = false }\n' "$version" >"$work/probe/Cargo.toml"
touch "$work/probe/src/lib.rs"
cargo fetch --quiet --manifest-path "$work/probe/Cargo.toml"
upstream=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/jsonschema-"$version" | head -1)

# The published crate with every patch applied, in a/; the vendored copy in b/.
mkdir -p "$work/a" "$work/b"
cp -R "$upstream/src" "$upstream/metaschemas" "$work/a/"
cp -R "$vendor/src" "$vendor/metaschemas" "$work/b/"
patches=()
for patch in "$vendor"/patches/*.patch; do
  [ -e "$patch" ] || continue
  name=$(basename "$patch" .patch)
  if ! grep -q "^## .*\`$name\`" "$vendor/PATCHED.md"; then
    echo "$patch has no section in $vendor/PATCHED.md (a heading naming \`$name\`)" >&2
    exit 1
  fi
  if ! (cd "$work" && git apply -p1 --directory=a "$root/$patch" 2>apply.log); then
    echo "$patch does not apply to jsonschema $version (after the patches before it):" >&2
    cat "$work/apply.log" >&2
    exit 1
  fi
  patches+=("$name")
done

if [ -n "$record" ]; then
  (cd "$work" && diff -ruN a b || true) | sed -E 's/^(---|\+\+\+) ([^\t]*)\t.*/\1 \2/' \
    >"$vendor/patches/$record.patch"
  if [ ! -s "$vendor/patches/$record.patch" ]; then
    rm "$vendor/patches/$record.patch"
    echo "nothing to record: $vendor is jsonschema $version plus its patches" >&2
    exit 1
  fi
  echo "wrote $vendor/patches/$record.patch; document it in a \`$record\` section of $vendor/PATCHED.md"
  exit 0
fi

if ! (cd "$work" && diff -r -q a b); then
  echo "$vendor differs from jsonschema $version plus its patches (${patches[*]:-none}) in the files above;" >&2
  echo "record a new change with: bash scripts/check-vendor.sh --record NN-name" >&2
  exit 1
fi
echo "$vendor = jsonschema $version + ${#patches[@]} documented patches: ${patches[*]:-none}"

# 04-host-regex: the wasm builds run patterns on the host's RegExp, so no Rust regex engine may be
# in their dependency graph (the format core, the server build, the full build).
for features in "--no-default-features" "--no-default-features --features validator" ""; do
  # shellcheck disable=SC2086 # the feature flags are words
  engines=$(cargo tree --quiet --offline --target wasm32-unknown-unknown -e normal --prefix none $features |
    grep -E '^(regex|regex-automata|regex-syntax|fancy-regex|aho-corasick|jsonschema-regex) ' | sort -u || true)
  if [ -n "$engines" ]; then
    echo "the wasm build (cargo tree ${features:-default features}) depends on a Rust regex engine again (vendor/jsonschema/PATCHED.md, 04-host-regex):" >&2
    echo "$engines" >&2
    exit 1
  fi
done
echo "the wasm builds carry no Rust regex engine (their patterns run on the host's RegExp)"
