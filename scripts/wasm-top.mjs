#!/usr/bin/env node
// What is large in a wasm file (twiggy is not available offline): section sizes, and the
// code bytes of each function by name, summed by crate — from the `name` section.
//
//   node scripts/wasm-top.mjs FILE.wasm [--top 40] [--depth 1] [--json OUT.json]
//
// A release wasm has no names after wasm-opt; keep them for the analysis with e.g.
//   wasm-opt -Oz -g in.wasm -o named.wasm      (or analyse target/…/release/referee.wasm)
// (scripts/bench.sh does so with trunk's wasm-opt options: the same code as dist/'s wasm,
// plus the name section.)  Percentages are of the file without its name section, i.e. of
// the wasm as shipped.  --depth 2 groups by the first two path segments (serde_json::de,
// leptos::…).  --json writes the figures: {file, bytes, shipped_bytes, sections: [{label,
// size}], functions: [{name, size}] (the largest --top), crates: [{crate, size, functions}]}.

import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/wasm-top.mjs FILE.wasm [--top N] [--depth D]');
  process.exit(2);
}
const opt = (k, d) => {
  const i = process.argv.indexOf(`--${k}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const TOP = opt('top', 40);
const jsonAt = process.argv.indexOf('--json');
const JSON_OUT = jsonAt > 0 ? process.argv[jsonAt + 1] : null;
const DEPTH = opt('depth', 1);
const buf = readFileSync(file);

let pos = 8;
const u32 = () => {
  let r = 0,
    s = 0,
    b;
  do {
    b = buf[pos++];
    r |= (b & 0x7f) << s;
    s += 7;
  } while (b & 0x80);
  return r >>> 0;
};
const str = () => {
  const n = u32();
  const s = buf.toString('utf8', pos, pos + n);
  pos += n;
  return s;
};

const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount', 'tag'];
const sections = [];
let imports = 0;
let bodies = [];
const names = new Map();
while (pos < buf.length) {
  const at = pos;
  const id = buf[pos++];
  const size = u32();
  const start = pos;
  const end = pos + size;
  let label = SECTION[id] || `#${id}`;
  if (id === 0) {
    const name = str();
    label = `custom "${name}"`;
    if (name === 'name') {
      while (pos < end) {
        const sub = buf[pos++];
        const len = u32();
        const subEnd = pos + len;
        if (sub === 1) {
          const n = u32();
          for (let i = 0; i < n; i++) {
            const idx = u32();
            names.set(idx, str());
          }
        }
        pos = subEnd;
      }
    }
  } else if (id === 2) {
    const n = u32();
    for (let i = 0; i < n; i++) {
      str();
      str();
      const kind = buf[pos++];
      if (kind === 0) {
        u32();
        imports++;
      } else if (kind === 1) {
        pos++;
        const f = buf[pos++];
        u32();
        if (f & 1) u32();
      } else if (kind === 2) {
        const f = buf[pos++];
        u32();
        if (f & 1) u32();
      } else if (kind === 3) {
        pos += 2;
      } else if (kind === 4) {
        pos++;
        u32();
      }
    }
  } else if (id === 10) {
    const n = u32();
    for (let i = 0; i < n; i++) {
      const len = u32();
      bodies.push(len);
      pos += len;
    }
  }
  sections.push({ label, size, whole: end - at });
  pos = end;
}

const total = buf.length;
const shipped = total - sections.filter((s) => s.label === 'custom "name"').reduce((n, s) => n + s.whole, 0);
const pct = (n) => `${((100 * n) / shipped).toFixed(1)}%`;
const report = { file, bytes: total, shipped_bytes: shipped, sections: [...sections].sort((a, b) => b.size - a.size).map(({ label, size }) => ({ label, size })), functions: [], crates: [] };
console.log(`${file}: ${total} bytes, ${shipped} without the name section (percentages of those)`);
console.log('sections:');
for (const s of report.sections) {
  const share = s.label === 'custom "name"' ? '—' : pct(s.size);
  console.log(`  ${String(s.size).padStart(9)}  ${share.padStart(6)}  ${s.label}`);
}

if (!names.size) {
  console.log('(no name section: keep names with wasm-opt -g, or use the cargo output)');
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(report, null, 2) + '\n');
  process.exit(0);
}
const funcs = bodies.map((size, i) => ({ size, name: names.get(imports + i) || `func[${imports + i}]` }));
console.log(`\nlargest functions (of ${funcs.length}):`);
for (const f of [...funcs].sort((a, b) => b.size - a.size).slice(0, TOP)) {
  // Without the symbol hash (::h<16 hex>): the same function keeps its name across builds.
  const name = demangle(f.name).replace(/::h[0-9a-f]{16}$/, '').slice(0, 150);
  report.functions.push({ name, size: f.size });
  console.log(`  ${String(f.size).padStart(8)}  ${pct(f.size).padStart(6)}  ${name}`);
}

// Readable form of a legacy-mangled Rust name (`_ZN…17h<hash>E`); other names unchanged.
function demangle(name) {
  if (!name.startsWith('_ZN')) return name;
  const parts = [];
  let s = name.slice(3);
  while (/^\d/.test(s)) {
    const m = s.match(/^(\d+)/);
    const len = Number(m[1]);
    parts.push(s.slice(m[1].length, m[1].length + len));
    s = s.slice(m[1].length + len);
  }
  if (parts.length && /^h[0-9a-f]{16}$/.test(parts[parts.length - 1])) parts.pop();
  const esc = { LT: '<', GT: '>', RF: '&', BP: '*', C: ',', SP: '@', u20: ' ', u27: "'", u5b: '[', u5d: ']', u7b: '{', u7d: '}', u3b: ';', u2b: '+', u22: '"' };
  return parts
    .map((p) => p.replace(/^_\$/, '$').replace(/\$([A-Za-z0-9]+)\$/g, (w, k) => esc[k] ?? w).replace(/\.\./g, '::'))
    .join('::');
}

// Crate a function's code belongs to: the first path of its name, looking through
// `<Self as Trait>` (a generic Self like `F` or `T` counts for the trait's crate).
function crate(raw) {
  const name = demangle(raw);
  let n = name.replace(/^[<&*\s]+/, '').replace(/^(mut |dyn |const )+/, '');
  let head = n.split(/::|[\s<>,]/)[0];
  if (!/::/.test(n.slice(0, head.length + 2)) || /^[A-Z]$/.test(head)) {
    const as = name.match(/ as ([A-Za-z_][\w]*)::/);
    if (as) head = as[1];
  }
  if (!head || !/^[a-z_][\w]*$/.test(head)) return '(other)';
  if (DEPTH > 1) {
    const i = n.indexOf(head);
    return n.slice(i).split('::').slice(0, DEPTH).join('::').replace(/[<>&\s,].*$/, '');
  }
  return head;
}
const by = new Map();
for (const f of funcs) {
  const c = crate(f.name);
  const e = by.get(c) || { size: 0, n: 0 };
  e.size += f.size;
  e.n += 1;
  by.set(c, e);
}
console.log(`\ncode bytes by crate (depth ${DEPTH}):`);
for (const [c, e] of [...by].sort((a, b) => b[1].size - a[1].size).slice(0, TOP)) {
  report.crates.push({ crate: c, size: e.size, functions: e.n });
  console.log(`  ${String(e.size).padStart(8)}  ${pct(e.size).padStart(6)}  ${String(e.n).padStart(5)} fns  ${c}`);
}
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(report, null, 2) + '\n');
