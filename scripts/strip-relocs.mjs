#!/usr/bin/env node
// Copies a wasm module without the linker's custom sections ("linking" and "reloc.*").
//
//   node scripts/strip-relocs.mjs IN.wasm OUT.wasm
//
// The app is linked with `--emit-relocs` (.cargo/config.toml: the splitter needs the
// relocations), so every wasm32 build of this package carries them, examples included.
// The app's split build drops them (wasm-split-cli); scripts/size-floor.sh builds the
// examples without the splitter, and neither wasm-bindgen nor wasm-opt removes them, so
// it runs this first: the floor is then measured on the code the app would ship.
// Every other section is copied byte for byte. Dependency-free (node >= 18).

import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/strip-relocs.mjs IN.wasm OUT.wasm');
  process.exit(2);
}
const buf = readFileSync(input);
if (buf.readUInt32LE(0) !== 0x6d736100) {
  console.error(`${input}: not a wasm module`);
  process.exit(1);
}

// An unsigned LEB128 at `at`: [value, bytes read].
function leb(at) {
  let value = 0;
  let shift = 0;
  let n = 0;
  for (;;) {
    const b = buf[at + n++];
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return [value, n];
    shift += 7;
  }
}

const kept = [buf.subarray(0, 8)];
let dropped = 0;
for (let at = 8; at < buf.length; ) {
  const [size, n] = leb(at + 1);
  const end = at + 1 + n + size;
  let drop = false;
  if (buf[at] === 0) {
    const [len, m] = leb(at + 1 + n);
    const start = at + 1 + n + m;
    const name = buf.subarray(start, start + len).toString('utf8');
    drop = name === 'linking' || name.startsWith('reloc.');
  }
  if (drop) dropped += end - at;
  else kept.push(buf.subarray(at, end));
  at = end;
}
writeFileSync(output, Buffer.concat(kept));
console.error(`${input}: ${dropped} bytes of linking/reloc sections dropped`);
