#!/usr/bin/env bash
# Benchmarks — figures, not tests; NOT part of scripts/test.sh.
#
#   bash scripts/bench.sh
#
#   1. release build with trunk (the size profile of Cargo.toml + wasm-opt -Oz) into
#      $BENCH_DIST (default /tmp/dist-bench);
#   2. a stored 升级 match of 1,000 hands (cargo run --example gen_match);
#   3. scripts/wasm-top.mjs: what is large in the wasm (sections, code by crate, the largest
#      functions), from the same wasm-opt run as trunk's with the names kept (-g);
#   4. scripts/bench-web.mjs: raw, gzip and brotli bytes of every file; a first visit as
#      transferred, counted at the server (brotli, gzip only, uncompressed; how often the
#      wasm is sent: the target is once); and, in headless Chromium with 4× CPU throttling,
#      first usable screen (cold / service-worker cache), loading the 1,000-hand match,
#      commit → paint on it, the home list of 300 stored 24-hand matches;
#   5. criterion: replaying 10,000 hands of each game, loading/committing on long logs,
#      renju judgement (benches/replay.rs), plus the plain renju timing (benches/renju.rs);
#   6. scripts/bench-web.mjs, start-up beside the peers: ours and the two JS score-keepers
#      compared with (CoolVance/guandan-scoreboard, xingfanxia/guandan_calc) when their builds
#      are in $BENCH_PEERS — first usable screen cold / warm / cold on Slow 4G, first-visit
#      gzip bytes, heap — with the ratios ours / best peer; beside them the stack's floor, a
#      Leptos shell with no app code (scripts/size-floor.sh, which also rewrites
#      bench/size-floor.md; BENCH_SKIP_FLOOR=1 leaves it out);
#   7. writes bench/latest.md and bench/<date>-<commit>.md, and the figures into README.md's
#      "## Benchmarks" section (that section only).
#
# Options (environment): BENCH_SKIP_BUILD=1 (reuse $BENCH_DIST), BENCH_SKIP_NATIVE=1,
# BENCH_RUNS (page loads per figure, default 7), BENCH_COMMITS (default 20), BENCH_LIST
# (matches in the home-list figure, default 300),
# BENCH_COMMIT (commit label; default from git). Takes ~10–15 minutes on 2 cores.
# BENCH_PEERS: the directory holding the peers' builds as <dir>/guandan-scoreboard/dist and
# <dir>/guandan_calc/dist (README § Benchmarks says how to make them); default ../peers
# next to this repository if it exists, else /work/peers; a peer not found there is named
# in the report and left out.
# BENCH_SKIP_FLOOR=1: no stack floor (scripts/size-floor.sh, ~5 minutes when cargo has built
# the app's dependencies).
# BENCH_ONLY=startup: the start-up comparison alone (~5 minutes): reuses $BENCH_DIST when
# it holds a build (else builds it), skips the rest, prints the table and writes it to
# $BENCH_OUT (default /tmp/bench-startup.md; bench/ and README.md are left as they are).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"
source scripts/setup.sh >/dev/null || { echo "bench.sh: setup failed"; exit 1; }

dist="${BENCH_DIST:-/tmp/dist-bench}"
work="$(mktemp -d /tmp/referee-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# The stack's floor (size-floor.sh: bench/size-floor.md and the shell as a page).
floor=()
floor_build() {
  if [ -z "${BENCH_SKIP_FLOOR:-}" ]; then
    echo "==== size floor: the non-UI code alone, a Leptos shell alone (scripts/size-floor.sh)"
    SIZE_FLOOR_OUT="$work/floor" SIZE_FLOOR_MD="${1:-bench/size-floor.md}" bash scripts/size-floor.sh
    floor=(--floor "$work/floor/shell-dist")
  fi
}

peers="${BENCH_PEERS:-}"
if [ -z "$peers" ]; then
  if [ -d "$root/../peers" ]; then peers="$(cd "$root/../peers" && pwd)"; else peers=/work/peers; fi
fi

commit="${BENCH_COMMIT:-}"
if [ -z "$commit" ]; then
  commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  git diff --quiet HEAD 2>/dev/null || commit="$commit-dirty"
fi
date="$(date -u +%Y-%m-%d)"

if [ "${BENCH_ONLY:-}" = startup ]; then
  if [ ! -f "$dist/index.html" ]; then
    echo "==== release build → $dist"
    trunk build --release --dist "$dist"
  fi
  floor_build "$work/size-floor.md"
  echo "==== start-up beside the peers ($dist; peers from $peers)"
  node scripts/bench-web.mjs --dist "$dist" --only startup --peers "$peers" "${floor[@]}" --out "$work/web.json" \
    --runs "${BENCH_RUNS:-7}" --throttle 4
  out="${BENCH_OUT:-/tmp/bench-startup.md}"
  node scripts/bench-report.mjs --web "$work/web.json" --date "$date" --commit "$commit" --out "$out" > /dev/null
  echo "==== wrote $out"
  exit 0
elif [ -n "${BENCH_ONLY:-}" ]; then
  echo "bench.sh: BENCH_ONLY=$BENCH_ONLY: only 'startup' is known"
  exit 2
fi

if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  echo "==== release build → $dist"
  trunk build --release --dist "$dist"
fi

echo "==== wasm: what is large in it (scripts/wasm-top.mjs)"
# trunk's wasm-opt run (index.html: data-wasm-opt="z" and its params) on wasm-bindgen's output,
# with -g instead of --strip-debug: the code of $dist's wasm, plus the name section.
# Without the linker's relocation sections (.cargo/config.toml: --emit-relocs, for the splitter),
# which trunk's unsplit wasm-bindgen output still carries.
node scripts/strip-relocs.mjs "${CARGO_TARGET_DIR:-target}/wasm-bindgen/release/referee_bg.wasm" "$work/unsplit.wasm"
wasm-opt -Oz -g --strip-producers --strip-target-features \
  "$work/unsplit.wasm" -o "$work/named.wasm"
node scripts/wasm-top.mjs "$work/named.wasm" --top 25 --json "$work/wasm-top.json"

echo "==== 1,000-hand match; a 24-hand match (copied 300 times for the home list)"
cargo run --quiet --release --example gen_match -- 1000 bench-1000 > "$work/match-1000.json"
cargo run --quiet --release --example gen_match -- 24 bench-list > "$work/match-24.json"

floor_build

echo "==== web: size and speed"
node scripts/bench-web.mjs --dist "$dist" --match "$work/match-1000.json" --out "$work/web.json" \
  --list-match "$work/match-24.json" --list "${BENCH_LIST:-300}" \
  --runs "${BENCH_RUNS:-7}" --commits "${BENCH_COMMITS:-20}" --throttle 4 --peers "$peers" "${floor[@]}"

if [ -z "${BENCH_SKIP_NATIVE:-}" ]; then
  echo "==== native: criterion (benches/replay.rs)"
  cargo bench --bench replay -- --warm-up-time 1 --measurement-time 3 2>&1 | tee "$work/criterion.log"
  echo "==== native: renju timing (benches/renju.rs)"
  cargo bench --bench renju 2>&1 | tee "$work/renju.log"
else
  : > "$work/criterion.log"
  : > "$work/renju.log"
fi

mkdir -p bench
node scripts/bench-report.mjs --web "$work/web.json" --criterion "$work/criterion.log" \
  --renju "$work/renju.log" --wasm-top "$work/wasm-top.json" --date "$date" --commit "$commit" \
  --out bench/latest.md --readme README.md
cp bench/latest.md "bench/$date-${commit}.md"
echo "==== wrote bench/latest.md, bench/$date-${commit}.md and README.md § Benchmarks"
