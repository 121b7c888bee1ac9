#!/usr/bin/env node
// Tiny dependency-free static server for the built app (dist/).
//
//   node scripts/server.mjs [--dir dist] [--host 127.0.0.1] [--port 8080] [--encodings br,gzip]
//                           [--hashed REGEX] [--spa-all]
//
// PORT / HOST env vars work too; --port 0 picks a free port.  Prints one line
// "serving DIR at http://HOST:PORT/" once listening (the tests read it).
// * SPA fallback: a GET for an unknown path gets index.html when it is a
//   navigation (Sec-Fetch-Mode: navigate, or Accept: text/html — an address
//   typed or linked, dots in its last segment or not: /event/2024.05.01) or its
//   last segment has no file extension (/match/xyz, /settings); other unknown
//   files (a script's fetch of /missing.js) get 404.  --spa-all: every unknown path
//   gets index.html with 200, as a host whose catch-all rewrite (`/* /index.html 200`)
//   answers a missing file with the page (the e2e tests check the service worker
//   refuses such an answer).
// * MIME types for wasm, web manifest, JS modules, …
// * Compression: a file's precompressed form NAME.br or NAME.gz (written by
//   scripts/sw-build.mjs) is sent when the request's Accept-Encoding allows it,
//   brotli first, with Content-Encoding and Vary: Accept-Encoding.  --encodings
//   lists the forms to use, in order (`gzip` alone, or `identity` for none: what a
//   host without brotli, or without compression, would send).
// * Caching: a name with a content hash (dist-files.mjs: the wasm, its JS, the CSS,
//   the boot script) is `Cache-Control: public, max-age=31536000, immutable`; every
//   other file (index.html, sw.js, sw-register.js, the manifest, the icons) is
//   `no-cache` and revalidates with an ETag (one per form).  --hashed REGEX: paths it
//   matches count as content-hashed too (the benchmark serves other apps' builds, whose
//   bundler names its files otherwise, e.g. vite's `/assets/index-BXZLWBwJ.js`).
// * SERVER_LOG=1: one line per response on stdout,
//   "GET /path STATUS BODY_BYTES ENCODING MSms" (ENCODING: br, gzip or identity),
//   which the e2e tests and the benchmark read to count what went over the wire.
// * Headers: the `/*` block of the dir's `_headers` file (public/_headers: the
//   Content-Security-Policy) is sent with every response, as Netlify and Cloudflare Pages
//   send it; `_headers` itself is not served.  A dir without one (another app's build,
//   served by the benchmark) gets no such header.

import { createServer } from 'node:http';
import { createReadStream, readFileSync, promises as fs } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENCODINGS, HOST_FILES, headersForAll, isHashed } from './dist-files.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

function parseArgs(argv) {
  const opts = {
    dir: 'dist',
    host: process.env.HOST || '127.0.0.1',
    port: process.env.PORT !== undefined ? Number(process.env.PORT) : 8080,
    encodings: ENCODINGS.map((e) => e.encoding),
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--spa-all') {
      opts.spaAll = true;
      continue;
    }
    const [k, inline] = argv[i].split('=', 2);
    const v = inline !== undefined ? inline : argv[++i];
    if (k === '--dir') opts.dir = v;
    else if (k === '--host') opts.host = v;
    else if (k === '--port') opts.port = Number(v);
    else if (k === '--encodings') opts.encodings = v.split(',').filter((x) => x && x !== 'identity');
    else if (k === '--hashed') opts.hashed = new RegExp(v);
    else {
      console.error(`unknown argument ${argv[i]}`);
      process.exit(2);
    }
  }
  return opts;
}

/** The codings a request's Accept-Encoding allows (q > 0), e.g. Set {'gzip', 'br'}. */
function accepted(header = '') {
  const ok = new Set();
  let star = false;
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!token || (q && !(Number(q.slice(2)) > 0))) continue;
    if (token === '*') star = true;
    else ok.add(token);
  }
  if (star) for (const e of ENCODINGS) ok.add(e.encoding);
  return ok;
}

export function startServer({ dir = 'dist', host = '127.0.0.1', port = 8080, encodings, hashed, spaAll = false } = {}) {
  const root = resolve(dir);
  const forms = ENCODINGS.filter((e) => !encodings || encodings.includes(e.encoding));
  let extra = [];
  try {
    extra = headersForAll(readFileSync(join(root, '_headers'), 'utf8'));
  } catch {
    /* no _headers: nothing more to send */
  }

  // The stored forms of a file that this server may send: [{encoding, suffix, st}].
  async function variants(path) {
    const out = [];
    for (const e of forms) {
      try {
        const st = await fs.stat(path + e.suffix);
        if (st.isFile()) out.push({ ...e, st });
      } catch {
        /* no such form */
      }
    }
    return out;
  }

  async function fileAt(pathname) {
    if (HOST_FILES.has(pathname.replace(/^\/+/, ''))) return null; // for the host, not the page
    const p = normalize(join(root, pathname));
    if (p !== root && !p.startsWith(root + sep)) return null; // no escaping dist/
    try {
      const st = await fs.stat(p);
      if (st.isFile()) return { path: p, st };
      if (st.isDirectory()) {
        const index = join(p, 'index.html');
        const ist = await fs.stat(index);
        if (ist.isFile()) return { path: index, st: ist };
      }
    } catch {
      /* not found */
    }
    return null;
  }

  const server = createServer(async (req, res) => {
    const started = Date.now();
    const sent = { bytes: 0, encoding: 'identity' }; // for SERVER_LOG
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      let pathname;
      try {
        pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      } catch {
        res.writeHead(400).end();
        return;
      }
      let hit = await fileAt(pathname);
      if (!hit) {
        const last = pathname.slice(pathname.lastIndexOf('/') + 1);
        const navigation =
          req.headers['sec-fetch-mode'] === 'navigate' || (req.headers.accept || '').includes('text/html');
        if (navigation || !last.includes('.') || spaAll) hit = await fileAt('/index.html'); // SPA fallback
      }
      if (!hit) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('404 not found\n');
        return;
      }
      const ext = extname(hit.path).toLowerCase();
      const stored = await variants(hit.path);
      const ok = accepted(req.headers['accept-encoding']);
      const form = stored.find((v) => ok.has(v.encoding));
      const st = form ? form.st : hit.st;
      const tag = `${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}`;
      const etag = `W/"${tag}${form ? '-' + form.encoding : ''}"`;
      const headers = {
        'Content-Type': TYPES[ext] || 'application/octet-stream',
        'Cache-Control': isHashed(hit.path) || (hashed && hashed.test(hit.path.slice(root.length).split(sep).join('/'))) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
      };
      for (const [name, value] of extra) headers[name] = value;
      if (stored.length) headers.Vary = 'Accept-Encoding';
      if (form) headers['Content-Encoding'] = form.encoding;
      if (pathname.endsWith('/sw.js')) headers['Service-Worker-Allowed'] = '/';
      if (form) sent.encoding = form.encoding;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      headers['Content-Length'] = st.size;
      res.writeHead(200, headers);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      sent.bytes = st.size;
      createReadStream(form ? hit.path + form.suffix : hit.path).pipe(res);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500);
      res.end();
      console.error(`${req.method} ${req.url}: ${err}`);
    } finally {
      if (process.env.SERVER_LOG) {
        res.on('finish', () => {
          console.log(`${req.method} ${req.url} ${res.statusCode} ${sent.bytes} ${sent.encoding} ${Date.now() - started}ms`);
        });
      }
    }
  });

  return new Promise((ok, ko) => {
    server.once('error', ko);
    server.listen(port, host, () => {
      const addr = server.address();
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}/`;
      ok({ server, url, port: addr.port });
    });
  });
}

// Run as a program (not when imported).
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const opts = parseArgs(process.argv.slice(2));
  startServer(opts).then(
    ({ url }) => console.log(`serving ${resolve(opts.dir)} at ${url}`),
    (err) => {
      console.error(`cannot listen on ${opts.host}:${opts.port}: ${err.message}`);
      process.exit(1);
    }
  );
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
}
