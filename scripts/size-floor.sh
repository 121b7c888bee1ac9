#!/usr/bin/env bash
# The least wasm the app's first visit can download on its fixed stack, in two parts
# (bench/size-floor.md keeps the figures):
#   core  — examples/size_floor_core.rs: the non-UI code (rules, record, schema, replay,
#           tournament, UI text tables) with no Leptos;
#   shell — examples/size_floor_shell.rs: a minimal Leptos 0.8 CSR router app with
#           gloo-storage and serde_json, no app code.
# Each is built like the app: release profile of Cargo.toml, --cfg erase_components
# (.cargo/config.toml), wasm-bindgen, then wasm-opt -Oz with the app's parameters.
# Prints raw and gzip -9 bytes of each wasm and writes them, with the date and commit, to
# bench/size-floor.md. Needs the tools of scripts/setup.sh (not part of the tests).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
out="${TMPDIR:-/tmp}/referee-size-floor"
mkdir -p "$out"
params=$(sed -n 's/.*data-wasm-opt-params="\([^"]*\)".*/\1/p' index.html)
rows=""
for ex in size_floor_core size_floor_shell; do
  cargo build --quiet --release --target wasm32-unknown-unknown --example "$ex"
  wasm-bindgen --target web --out-dir "$out" --out-name "$ex" \
    "target/wasm32-unknown-unknown/release/examples/$ex.wasm"
  # shellcheck disable=SC2086
  wasm-opt -Oz $params --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types \
    "$out/${ex}_bg.wasm" -o "$out/$ex.opt.wasm"
  raw=$(stat -c %s "$out/$ex.opt.wasm")
  gz=$(gzip -9 -c "$out/$ex.opt.wasm" | wc -c)
  printf '%-18s %9d bytes raw %9d bytes gzip -9\n' "$ex" "$raw" "$gz"
  rows+="| \`examples/$ex.rs\` | $raw | $gz ($(( (gz + 512) / 1024 )) KB) |"$'\n'
done
{
  echo "# Size floor — $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD)"
  echo
  echo "Written by \`scripts/size-floor.sh\` ($(rustc --version)). Each example is built like the"
  echo "app (release profile, \`--cfg erase_components\`, wasm-bindgen, wasm-opt -Oz $params)."
  echo "The two share std, alloc, serde_json and the allocator, so the app's floor is less than"
  echo "their sum but more than either; see bench/latest.md for the app itself."
  echo
  echo "| wasm | raw bytes | gzip -9 bytes |"
  echo "|---|---:|---:|"
  printf '%s' "$rows"
} > bench/size-floor.md
echo "wrote bench/size-floor.md"
