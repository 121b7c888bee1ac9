#!/usr/bin/env bash
# The least wasm the app's first visit can download on its fixed stack, in two parts
# (bench/size-floor.md keeps the figures):
#   core  — examples/size_floor_core.rs: the non-UI code (rules, record, schema, replay,
#           tournament, UI text tables) with no Leptos;
#   shell — examples/size_floor_shell.rs: a minimal Leptos 0.8 CSR router app with
#           gloo-storage and serde_json, no app code. Also written as a page one can
#           serve, $out/shell-dist/ (index.html, its JS and wasm): scripts/bench.sh times
#           its start-up beside ours and the peers', the stack's floor for those figures.
# Each is built like the app: release profile of Cargo.toml, --cfg erase_components
# (.cargo/config.toml), wasm-bindgen, then wasm-opt -Oz with the app's parameters.
# Prints raw and gzip -9 bytes of each wasm and writes them, with the date and commit, to
# bench/size-floor.md (or $SIZE_FLOOR_MD). Builds go to $SIZE_FLOOR_OUT (default $TMPDIR/referee-size-floor).
# Needs the tools of scripts/setup.sh (not part of the tests).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
out="${SIZE_FLOOR_OUT:-${TMPDIR:-/tmp}/referee-size-floor}"
mkdir -p "$out"
# wasm-opt as scripts/split-build.mjs runs it on the app's release wasm.
params="--strip-debug --strip-producers --strip-target-features"
rows=""
for ex in size_floor_core size_floor_shell; do
  # The core without the crate's `app` feature: no UI and no browser storage in the lib.
  features=()
  [ "$ex" = size_floor_core ] && features=(--no-default-features)
  cargo build --quiet --release --target wasm32-unknown-unknown --example "$ex" "${features[@]}"
  # Without the linker's relocations (.cargo/config.toml links with --emit-relocs for the
  # app's splitter, which drops them; nothing else here would).
  node scripts/strip-relocs.mjs "target/wasm32-unknown-unknown/release/examples/$ex.wasm" "$out/$ex.wasm"
  wasm-bindgen --target web --out-dir "$out" --out-name "$ex" "$out/$ex.wasm"
  # shellcheck disable=SC2086
  wasm-opt -Oz $params --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out/${ex}_bg.wasm" -o "$out/$ex.opt.wasm"
  raw=$(stat -c %s "$out/$ex.opt.wasm")
  gz=$(gzip -9 -c "$out/$ex.opt.wasm" | wc -c)
  printf '%-18s %9d bytes raw %9d bytes gzip -9\n' "$ex" "$raw" "$gz"
  rows+="| \`examples/$ex.rs\` | $raw | $gz ($(( (gz + 512) / 1024 )) KB) |"$'\n'
done
# The shell as a page: its first screen (the home route, \`p.total\`) is its "usable" one.
rm -rf "$out/shell-dist"
mkdir -p "$out/shell-dist"
cp "$out/size_floor_shell.js" "$out/shell-dist/"
cp "$out/size_floor_shell.opt.wasm" "$out/shell-dist/size_floor_shell_bg.wasm"
cat > "$out/shell-dist/index.html" <<'HTML'
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Leptos shell (size floor)</title>
<link rel="modulepreload" href="/size_floor_shell.js">
<link rel="preload" href="/size_floor_shell_bg.wasm" as="fetch" type="application/wasm" crossorigin>
<script type="module">import init from '/size_floor_shell.js'; init({ module_or_path: '/size_floor_shell_bg.wasm' });</script>
</head>
<body></body>
</html>
HTML
echo "shell page: $out/shell-dist"
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
} > "${SIZE_FLOOR_MD:-bench/size-floor.md}"
echo "wrote ${SIZE_FLOOR_MD:-bench/size-floor.md}"
