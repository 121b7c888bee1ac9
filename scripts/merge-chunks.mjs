// Merges the splitter's small shared chunks into one wasm file, so that opening a page
// fetches a dozen files instead of a hundred.  Used by split-build.mjs after wasm-opt.
//
// wasm-split-cli writes a `chunk_*.wasm` for every set of lazy functions that share code:
// with the app's ~30 split points that is ~140 chunks, most of them under 1 KiB, and a page
// needed ~100 of them, each a request through the service worker and a module to compile
// (on a 4× slowed CPU the requests alone took ~200 ms of the main thread).  A chunk imports
// only the shared memory, table and globals (`__wasm_split`), exports nothing and has no
// start function: instantiating it only writes its element and data segments at fixed
// places, so several chunks merged into one module do exactly what instantiating each did.
// What is loaded with the merged file and not needed yet is at most SMALL bytes a chunk.
//
// How: every selected chunk's imports are renamed from `__wasm_split` to `hub`; a tiny
// `hub` module imports those values from `__wasm_split` and exports them; `wasm-merge`
// (binaryen) links hub + chunks into one module whose only imports are the hub's, and
// wasm-opt -Oz shrinks it (duplicate functions fold).  In the loader (`__wasm_split.js`)
// each merged chunk's loader becomes the merged file's one loader (memoized: fetched and
// instantiated once).  Any surprise (an import not from `__wasm_split`, two chunks that
// import one name with different types, a loader not in the expected shape) leaves the
// chunks as they are, with a line saying why.

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared chunks (`chunk_*.wasm`, not the lazy functions' own `split_*.wasm`) smaller than this (bytes, after wasm-opt) are merged. */
export const SMALL = 16 * 1024;

/** The merged file's name, before split-build gives it its hash. */
export const MERGED = 'chunk_small.wasm';

function leb(b, at) {
  let r = 0;
  let s = 0;
  let x;
  let i = at;
  do {
    x = b[i++];
    r += (x & 0x7f) * 2 ** s;
    s += 7;
  } while (x & 0x80);
  return [r, i];
}

function uleb(n) {
  const out = [];
  do {
    let x = n % 128;
    n = Math.floor(n / 128);
    if (n) x |= 0x80;
    out.push(x);
  } while (n);
  return Buffer.from(out);
}

const name = (s) => Buffer.concat([uleb(Buffer.byteLength(s)), Buffer.from(s)]);
const section = (id, body) => Buffer.concat([Buffer.from([id]), uleb(body.length), body]);

/** The sections of a wasm module: [{ id, start, end }] (payload offsets). */
function sections(b) {
  const out = [];
  let i = 8;
  while (i < b.length) {
    const id = b[i];
    const [len, at] = leb(b, i + 1);
    out.push({ id, head: i, start: at, end: at + len });
    i = at + len;
  }
  return out;
}

/** The import entries of a module: [{ module, field, kind, desc: Buffer }]. */
function imports(b, s) {
  const out = [];
  let [n, i] = leb(b, s.start);
  const str = () => {
    const [len, at] = leb(b, i);
    i = at + len;
    return b.subarray(at, at + len).toString();
  };
  for (let k = 0; k < n; k++) {
    const module = str();
    const field = str();
    const kind = b[i];
    const from = i + 1;
    let j = from;
    const limits = () => {
      const flags = b[j++];
      [, j] = leb(b, j);
      if (flags & 1) [, j] = leb(b, j);
    };
    if (kind === 0) [, j] = leb(b, j);
    else if (kind === 1) {
      j++; // reference type
      limits();
    } else if (kind === 2) limits();
    else if (kind === 3) j += 2; // value type, mutability
    else throw new Error(`import kind ${kind}`);
    out.push({ module, field, kind, desc: b.subarray(from, j) });
    i = j;
  }
  if (i !== s.end) throw new Error('import section not read to its end');
  return out;
}

const importSection = (entries) =>
  section(
    2,
    Buffer.concat([
      uleb(entries.length),
      ...entries.map((e) => Buffer.concat([name(e.module), name(e.field), Buffer.from([e.kind]), e.desc])),
    ])
  );

/**
 * Merges the chunks of `chunks` (file names in `dir`) under SMALL bytes into MERGED and
 * rewrites `loader` (the splitter's JS, in `dir`) to load it.  `tools`: { wasmMerge,
 * wasmOpt, features }; `run(cmd, args)` runs a tool (and stops the build when it fails).  Returns the chunk list to use from now on (the big chunks, then
 * MERGED), or `chunks` unchanged when nothing was merged.
 */
export function mergeSmallChunks(dir, chunks, loader, tools, run) {
  const small = chunks.filter((f) => f.startsWith('chunk_') && statSync(join(dir, f)).size < SMALL);
  if (small.length < 2 || !loader) return chunks;
  const skip = (why) => {
    console.log(`merge-chunks: chunks left as they are: ${why}`);
    return chunks;
  };
  // The loader's block of each small chunk, in the shape wasm-split-cli writes.
  let js = readFileSync(join(dir, loader), 'utf8');
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const blocks = new Map();
  for (const f of small) {
    const re = new RegExp(
      `const (__chunk_\\w+) = makeLoad\\(\\(\\) => \\{\\s*const src = fetch\\(new URL\\("\\./${esc(f)}", import\\.meta\\.url\\)\\);[^]*?\\n\\}\\n, \\[\\]\\);`
    );
    const m = js.match(re);
    if (!m) return skip(`${f}'s loader is not in the expected shape`);
    blocks.set(f, m);
  }
  // The hub's imports: the union of the chunks' (all from `__wasm_split`, one type a name).
  const hubImports = new Map();
  const renamed = new Map();
  for (const f of small) {
    const b = readFileSync(join(dir, f));
    const ss = sections(b);
    const imp = ss.find((s) => s.id === 2);
    const entries = imp ? imports(b, imp) : [];
    for (const e of entries) {
      if (e.module !== '__wasm_split') return skip(`${f} imports ${e.module}.${e.field}`);
      const key = `${e.kind}:${e.field}`;
      const seen = hubImports.get(key);
      if (seen && !seen.desc.equals(e.desc)) return skip(`${e.field} is imported with two types`);
      hubImports.set(key, e);
    }
    if (ss.some((s) => s.id === 7 || s.id === 8)) return skip(`${f} has exports or a start function`);
    const body = imp
      ? Buffer.concat([b.subarray(0, imp.head), importSection(entries.map((e) => ({ ...e, module: 'hub' }))), b.subarray(imp.end)])
      : b;
    renamed.set(f, body);
  }
  const hub = [...hubImports.values()];
  const perKind = [0, 0, 0, 0];
  const exportsBody = Buffer.concat([
    uleb(hub.length),
    ...hub.map((e) => Buffer.concat([name(e.field), Buffer.from([e.kind]), uleb(perKind[e.kind]++)])),
  ]);
  const hubWasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), importSection(hub), section(7, exportsBody)]);

  const tmp = mkdtempSync(join(tmpdir(), 'merge-chunks-'));
  try {
    writeFileSync(join(tmp, 'hub.wasm'), hubWasm);
    const args = [join(tmp, 'hub.wasm'), 'hub'];
    small.forEach((f, i) => {
      writeFileSync(join(tmp, `c${i}.wasm`), renamed.get(f));
      args.push(join(tmp, `c${i}.wasm`), `c${i}`);
    });
    const out = join(dir, MERGED);
    run(tools.wasmMerge, [...args, ...tools.features, '-o', out]);
    run(tools.wasmOpt, ['-Oz', ...tools.features, ...(process.env.REFEREE_WASM_NAMES === '1' ? ['-g'] : ['--strip-debug']), '--strip-producers', out, '-o', out]);
    const b = readFileSync(out);
    const imp = sections(b).find((s) => s.id === 2);
    const left = imp ? imports(b, imp) : [];
    if (left.some((e) => e.module !== '__wasm_split')) {
      rmSync(out, { force: true });
      return skip('the merged module imports more than __wasm_split');
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // One loader for the merged file; each small chunk's name stands for it.
  const first = blocks.get(small[0]);
  const template = first[0].replace(first[1], '__chunk_small').replace(`"./${small[0]}"`, `"./${MERGED}"`);
  for (const f of small) {
    const m = blocks.get(f);
    js = js.replace(m[0], `const ${m[1]} = __chunk_small;`);
  }
  js = js.replace(/\n(\/\*[^\n]*\*\/\n)?const __chunk_/, (m) => `\n${template}\n${m.slice(1)}`);
  writeFileSync(join(dir, loader), js);
  const before = small.reduce((s, f) => s + statSync(join(dir, f)).size, 0);
  for (const f of small) rmSync(join(dir, f));
  console.log(
    `merge-chunks: ${small.length} chunks under ${SMALL / 1024} KiB (${before} B) → ${MERGED} (${statSync(join(dir, MERGED)).size} B)`
  );
  return [...chunks.filter((f) => !small.includes(f)), MERGED];
}
