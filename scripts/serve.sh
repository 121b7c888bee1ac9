#!/usr/bin/env bash
# Build the release app and serve it: http://127.0.0.1:8080 (PORT=… / HOST=… to change).
# Installs what is missing first (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh

# trunk runs cargo, wasm-bindgen, wasm-opt -Oz, then the post_build hook
# scripts/sw-build.mjs (CSP boot script, service worker with the precache list, and the
# precompressed NAME.br / NAME.gz of every text and wasm file).
trunk build --release

# Sends those forms by Accept-Encoding; hashed names immutable, the rest revalidated.
exec node scripts/server.mjs --dir dist --host "${HOST:-127.0.0.1}" --port "${PORT:-8080}"
