#!/usr/bin/env bash
# Runs every test layer, installing what is missing first (scripts/setup.sh):
#   0. lint     scripts/lint.sh                 (rustfmt, leptosfmt, clippy -D warnings: native and wasm32)
#   1. native   cargo test                      (lib unit tests, tests/conformance.rs, doc tests, …)
#   2. browser  cargo test --target wasm32-unknown-unknown --test web   (headless Chromium)
#   3. build    trunk build --release           (wasm-opt, service worker, CSP boot script)
#   4. e2e      Playwright tests/e2e/ against dist/ served by scripts/server.mjs
# Every layer runs even if an earlier one failed (e2e needs the build); exits
# non-zero if anything failed.  Logs: target/test-logs/.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"
t_start=$SECONDS

source scripts/setup.sh || { echo "test.sh: setup failed"; exit 1; }

logs="$root/target/test-logs"
mkdir -p "$logs"

names=() statuses=() passed=() failed=() secs=()
total_passed=0 total_failed=0 any_failed=0

# run_layer NAME COUNTER CMD...   (COUNTER: cargo | playwright | none)
run_layer() {
  local name="$1" counter="$2"
  shift 2
  local log="$logs/$name.log" t0=$SECONDS rc p=0 f=0
  printf '\n==== %s: %s\n' "$name" "$*"
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  case "$counter" in
    cargo)
      # "test result: ok. 12 passed; 0 failed; …" (libtest and wasm-bindgen-test-runner)
      # plus custom harnesses (harness = false) closing with "NAME: N passed, N failed".
      p=$(grep -aoE 'test result: [A-Za-z]+\. [0-9]+ passed' "$log" | awk '{s+=$4} END {print s+0}')
      f=$(grep -aoE '[0-9]+ passed; [0-9]+ failed' "$log" | awk '{s+=$3} END {print s+0}')
      p=$((p + $(grep -aE '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed' "$log" | awk '{s+=$2} END {print s+0}')))
      f=$((f + $(grep -aE '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed' "$log" | awk '{s+=$4} END {print s+0}')))
      ;;
    playwright)
      p=$(grep -aE '^ *[0-9]+ passed' "$log" | tail -1 | awk '{print $1+0}')
      f=$(grep -aE '^ *[0-9]+ (failed|flaky|interrupted)' "$log" | awk '{s+=$1} END {print s+0}')
      p=${p:-0}
      ;;
  esac
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi # a crash, a build error, a custom harness failing
  names+=("$name"); passed+=("$p"); failed+=("$f"); secs+=($((SECONDS - t0)))
  if [ "$rc" -eq 0 ]; then statuses+=("ok"); else statuses+=("FAILED (exit $rc)"); any_failed=1; fi
  total_passed=$((total_passed + p)); total_failed=$((total_failed + f))
  return "$rc"
}

skip_layer() {
  names+=("$1"); statuses+=("SKIPPED: $2"); passed+=(0); failed+=(1); secs+=(0)
  total_failed=$((total_failed + 1)); any_failed=1
}

run_layer lint none bash scripts/lint.sh
run_layer native cargo cargo test --no-fail-fast
run_layer browser cargo cargo test --no-fail-fast --target wasm32-unknown-unknown --test web
if run_layer build none trunk build --release; then
  run_layer e2e playwright npx --no-install playwright test
else
  skip_layer e2e "the release build failed"
fi

# The main module (the one index.html loads first) is the largest; the split chunks follow.
wasm="$(ls -S dist/*.wasm 2>/dev/null | head -1 || true)"

printf '\n==== summary (%ss)\n' "$((SECONDS - t_start))"
for i in "${!names[@]}"; do
  if [ "${names[$i]}" = build ]; then
    printf '  %-8s %-20s %5ss\n' "${names[$i]}" "${statuses[$i]}" "${secs[$i]}"
  else
    printf '  %-8s %-20s %5ss  %s passed, %s failed\n' \
      "${names[$i]}" "${statuses[$i]}" "${secs[$i]}" "${passed[$i]}" "${failed[$i]}"
  fi
done
if [ -n "$wasm" ]; then
  printf '  wasm     %s: %s bytes raw, %s bytes gzip -9\n' \
    "${wasm#dist/}" "$(stat -c %s "$wasm")" "$(gzip -9c "$wasm" | wc -c)"
  raw=0 gz=0 n=0
  for f in dist/*.wasm; do
    raw=$((raw + $(stat -c %s "$f"))); gz=$((gz + $(gzip -9c "$f" | wc -c))); n=$((n + 1))
  done
  printf '  wasm     all %s files: %s bytes raw, %s bytes gzip -9\n' "$n" "$raw" "$gz"
fi
printf 'total: %d passed, %d failed\n' "$total_passed" "$total_failed"
exit "$any_failed"
