#!/usr/bin/env bash
# The house habits, checked: rustfmt (.rustfmt.toml), leptosfmt for the view! macros
# (leptosfmt.toml), and clippy with -D warnings for the native and the wasm32 target.
#   bash scripts/lint.sh         check (the README test command runs this)
#   bash scripts/lint.sh --fix   format the tree (leptosfmt, then rustfmt)
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ "${1:-}" = --fix ]; then
  # Two rounds: rustfmt re-indents the code around a view! that leptosfmt laid out.
  leptosfmt --quiet src && cargo fmt && leptosfmt --quiet src && cargo fmt
  exit
fi
passed=0 failed=0
check() {
  local name="$1"
  shift
  printf -- '-- %s: %s\n' "$name" "$*"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "lint: $name FAILED"; fi
}
check leptosfmt leptosfmt --check --quiet src
check rustfmt cargo fmt --check
check clippy-native cargo clippy --all-targets -- -D warnings
check clippy-wasm32 cargo clippy --target wasm32-unknown-unknown --lib --bins --test web -- -D warnings
[ "$failed" -eq 0 ] || echo "lint: to format the tree, run: bash scripts/lint.sh --fix"
echo "lint: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
