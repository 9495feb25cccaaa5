#!/usr/bin/env bash
# Checks that vendor/jsonschema is the published jsonschema crate plus only the change that
# vendor/jsonschema/PATCHED.md describes: fetches the crate from crates.io into Cargo's registry
# (a throwaway project outside the repo), then compares every vendored source file.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^version = "\(.*\)"/\1/p' vendor/jsonschema/Cargo.toml | head -1)
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
mkdir -p "$probe/src"
printf '[package]\nname = "probe"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\njsonschema = { version = "=%s", default-features = false }\n' "$version" >"$probe/Cargo.toml"
touch "$probe/src/lib.rs"
cargo fetch --quiet --manifest-path "$probe/Cargo.toml"
upstream=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/jsonschema-"$version" | head -1)
# Every file but the patched one must be identical; src/lib.rs may differ only in the marked hunks.
diff -r -q -x lib.rs -x compiler.rs -x options.rs "$upstream/src" vendor/jsonschema/src
diff -r -q "$upstream/metaschemas" vendor/jsonschema/metaschemas
changes=$(diff "$upstream/src/lib.rs" vendor/jsonschema/src/lib.rs || true)
added=$(grep -c '^>' <<<"$changes" || true)
removed=$(grep -c '^<' <<<"$changes" || true)
removed_builds=$(grep -c '^<  *build_validator(&referencing::meta::DRAFT[0-9]*)$' <<<"$changes" || true)
patched=$(grep -c 'mcp-json-toolbox patch' vendor/jsonschema/src/lib.rs)
if [ "$patched" -ne 5 ] || [ "$removed" -ne 5 ] || [ "$removed_builds" -ne 5 ] || [ "$added" -ne 40 ]; then
  echo "vendor/jsonschema/src/lib.rs differs from jsonschema $version beyond the documented patch (+$added/-$removed lines)" >&2
  exit 1
fi
# The one-engine-copy patch (PATCHED.md): src/compiler.rs and src/options.rs differ from the
# published files exactly by vendor/jsonschema/one-engine-copy.diff.
one_engine=$(for file in compiler.rs options.rs; do
  diff -u --label "a/src/$file" --label "b/src/$file" "$upstream/src/$file" "vendor/jsonschema/src/$file" || true
done)
if [ "$one_engine" != "$(cat vendor/jsonschema/one-engine-copy.diff)" ]; then
  echo "vendor/jsonschema/src/compiler.rs or options.rs differ from jsonschema $version beyond vendor/jsonschema/one-engine-copy.diff" >&2
  exit 1
fi
echo "vendor/jsonschema = jsonschema $version + the meta-validator cache ($patched functions) + one engine copy (build_unchecked, check_schema)"
