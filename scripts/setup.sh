#!/usr/bin/env bash
# Installs what the build and the tests need, only what is missing; a second run
# installs nothing.  Sourced by scripts/serve.sh and scripts/test.sh (it exports
# PATH), or run on its own: `bash scripts/setup.sh`.
#
# Needs: rustup + cargo, node + npm, and apt-get (Debian) for Chromium.
# Installs, when missing or at the wrong version:
#   * the wasm32-unknown-unknown target               (rustup)
#   * trunk 0.21.x                                     (cargo install --locked)
#   * wasm-bindgen-cli = the wasm-bindgen of Cargo.lock (cargo install --locked)
#   * wasm-split-cli 0.2.4 (crate wasm_split_cli_support, cuts the lazy pages out of the
#     main wasm: scripts/split-build.mjs)              (cargo install --locked)
#   * leptosfmt 0.1.33, rustfmt and clippy            (cargo install --locked, rustup)
#   * chromium + chromium-driver                       (apt-get)
#   * a Chinese font, fonts-wqy-microhei                (apt-get, when fc-list has none)
#   * node_modules from package-lock.json              (npm ci: binaryen's wasm-opt,
#                                                       @playwright/test; no browser download)

_setup_main() {
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  local cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
  case ":$PATH:" in *":$cargo_bin:"*) ;; *) PATH="$cargo_bin:$PATH" ;; esac
  PATH="$root/node_modules/.bin:$PATH"
  export PATH
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  export PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH="${PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH:-/usr/bin/chromium}"

  local t0=$SECONDS installed=()
  say() { printf 'setup: %s\n' "$*"; }

  command -v cargo >/dev/null || { say "cargo not found: install rustup first"; return 1; }
  command -v node >/dev/null || { say "node not found: install Node.js (>= 20) first"; return 1; }

  # 1. wasm32 target
  if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "ok   wasm32-unknown-unknown target"
  else
    say "add  wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown || return 1
    installed+=("wasm32 target")
  fi

  # 2. trunk 0.21.x
  local tv
  tv="$(trunk --version 2>/dev/null || true)"
  if [[ "$tv" =~ ^trunk\ 0\.21\. ]]; then
    say "ok   $tv"
  else
    say "install trunk ~0.21 (found: ${tv:-none}; compiles from crates.io, a few minutes)"
    cargo install trunk --version '~0.21' --locked \
      || { say "retrying trunk without --locked"; cargo install trunk --version '~0.21'; } \
      || return 1
    installed+=("trunk")
  fi

  # 3. wasm-bindgen-cli at the exact version of the wasm-bindgen crate in Cargo.lock
  local wbv
  wbv="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock")"
  if [ -z "$wbv" ]; then
    say "cannot read the wasm-bindgen version from Cargo.lock"; return 1
  fi
  if ! grep -q "^wasm_bindgen = \"$wbv\"" "$root/Trunk.toml"; then
    say "Trunk.toml [tools] wasm_bindgen must be \"$wbv\" (the version in Cargo.lock)"; return 1
  fi
  local have_wb have_wbt
  have_wb="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
  have_wbt="$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}' || true)"
  if [ "$have_wb" = "$wbv" ] && [ "$have_wbt" = "$wbv" ]; then
    say "ok   wasm-bindgen-cli $wbv"
  else
    say "install wasm-bindgen-cli $wbv (found: ${have_wb:-none})"
    # --locked first; its lock file names crates newer than some registry mirrors
    # hold (webpki-roots 1.0.11 for 0.2.130), so fall back to a fresh resolution.
    cargo install wasm-bindgen-cli --version "=$wbv" --locked --force \
      || { say "retrying wasm-bindgen-cli without --locked"; \
           cargo install wasm-bindgen-cli --version "=$wbv" --force; } \
      || return 1
    installed+=("wasm-bindgen-cli $wbv")
  fi

  # 3a. wasm-split-cli (the release build's post_build hook scripts/split-build.mjs)
  local wsv
  wsv="$(cargo install --list 2>/dev/null | awk '/^wasm_split_cli_support v/ { sub(/:$/, "", $2); print $2 }')"
  if [ "$wsv" = "v0.2.4" ] && command -v wasm-split-cli >/dev/null; then
    say "ok   wasm-split-cli 0.2.4"
  else
    say "install wasm-split-cli 0.2.4 (found: ${wsv:-none}; compiles from crates.io, a few minutes)"
    cargo install wasm_split_cli_support --version 0.2.4 --features build-binary --locked --force || return 1
    installed+=("wasm-split-cli")
  fi

  # 3b. leptosfmt (formats view! macros; rustfmt leaves them alone), and rustfmt/clippy
  local lfv
  lfv="$(leptosfmt --version 2>/dev/null | awk '{print $2}' || true)"
  if [ "$lfv" = "0.1.33" ]; then
    say "ok   leptosfmt $lfv"
  else
    say "install leptosfmt 0.1.33 (found: ${lfv:-none}; compiles from crates.io)"
    cargo install leptosfmt --version 0.1.33 --locked || return 1
    installed+=("leptosfmt")
  fi
  if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
    say "add rustfmt and clippy (rustup)"
    rustup component add rustfmt clippy || return 1
    installed+=("rustfmt clippy")
  fi

  # 4. Debian's chromium and chromedriver (for wasm-bindgen-test and Playwright)
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    say "ok   $(/usr/bin/chromium --version 2>/dev/null | head -1)"
  else
    say "install chromium chromium-driver (apt-get)"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q || return 1
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends \
      chromium chromium-driver || return 1
    installed+=("chromium")
  fi

  # 4b. a CJK font: without one Chromium draws the Chinese as empty boxes, on screen and in
  #     the printed sheets (share-sheet.spec reads the PDFs' text)
  if command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh 2>/dev/null | head -1)" ]; then
    say "ok   a Chinese font ($(fc-list :lang=zh family 2>/dev/null | head -1 | cut -d, -f1))"
  else
    say "install fonts-wqy-microhei (apt-get; Chinese text in Chromium and its PDFs)"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends \
      fonts-wqy-microhei fontconfig \
      || { DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q \
           && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends \
              fonts-wqy-microhei fontconfig; } || return 1
    installed+=("fonts-wqy-microhei")
  fi

  # 5. node_modules from the committed lock (binaryen's wasm-opt and wasm-merge, @playwright/test)
  local want stamp="$root/node_modules/.setup-stamp"
  want="$(cat "$root/package-lock.json" "$root/package.json" | sha256sum | cut -c1-64) node-$(node --version)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
      && [ -x "$root/node_modules/.bin/wasm-opt" ] && [ -x "$root/node_modules/.bin/wasm-merge" ] && [ -x "$root/node_modules/.bin/playwright" ]; then
    say "ok   node_modules (package-lock.json unchanged)"
  else
    say "npm ci (node_modules missing or stale)"
    (cd "$root" && npm ci --no-audit --no-fund) || return 1
    printf '%s\n' "$want" >"$stamp"
    installed+=("node_modules")
  fi
  local wo
  wo="$(wasm-opt --version 2>/dev/null || true)"
  if [ "$(command -v wasm-opt)" != "$root/node_modules/.bin/wasm-opt" ] || [[ "$wo" != *"version 132"* ]]; then
    say "wasm-opt on PATH is not node_modules' binaryen 132 (got: $(command -v wasm-opt) $wo)"; return 1
  fi

  # 6. crates: trunk builds with `offline = true` (cargo --offline), so every crate of
  #    Cargo.lock must be in cargo's cache first (a no-op when it is).
  local fetch_out
  if ! fetch_out="$(cd "$root" && cargo fetch 2>&1)"; then
    printf '%s\n' "$fetch_out"; say "cargo fetch failed"; return 1
  fi
  if grep -q "Downloaded" <<<"$fetch_out"; then
    say "fetched $(grep -cE 'Downloaded [^ ]+ v[0-9]' <<<"$fetch_out" || true) crates into cargo's cache"
    installed+=("crates")
  else
    say "ok   crates of Cargo.lock in cargo's cache"
  fi

  if [ ${#installed[@]} -eq 0 ]; then
    say "nothing to install ($((SECONDS - t0))s)"
  else
    say "installed: ${installed[*]} ($((SECONDS - t0))s)"
  fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Same behaviour as when sourced: every step checks its own failure.
  set -uo pipefail
  _setup_main
else
  _setup_main || return 1
fi
