/**
 * What /login's JavaScript is made of: `npm run size:login [-- N]`.
 *
 * Builds the web app with source maps into a temporary directory (apps/web/dist is left
 * alone), finds /login's scripts as apps/web/src/bundle-budget.test.ts does (index.html's
 * scripts and modulepreloads and every module they import statically, each gzipped at
 * level 9), and lists the N (default 15) largest source modules in them. For each module,
 * "saves" is its chunk's gzipped size minus the same chunk gzipped with that module's code
 * cut out (by the source map): an upper bound of what taking it off /login would save.
 * docs/decisions.md, "Languages: which i18n library", used it to find room on /login.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const top = Number(process.argv[2] ?? 15);
const web = path.resolve(import.meta.dirname, '../apps/web');
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-login-bytes-'));
const gzip = (text) => gzipSync(text, { level: 9 }).length;

try {
  execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir'], {
    cwd: web,
    stdio: ['ignore', 'ignore', 'pipe'],
  });

  // /login's scripts, as the bundle-budget test finds them.
  const files = new Set();
  const visit = (url) => {
    const file = path.join(dist, url.replace(/^\//, ''));
    if (files.has(file)) return;
    files.add(file);
    const code = fs.readFileSync(file, 'utf8');
    const imports = code.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+\.js)["']/g,
    );
    for (const match of imports) visit(path.posix.join(path.posix.dirname(url), match[1]));
  };
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const match of html.matchAll(
    /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g,
  )) {
    visit(match[1]);
  }

  const rows = [];
  let total = 0;
  for (const file of files) {
    // Without the sourceMappingURL comment the build would not have.
    const code = fs.readFileSync(file, 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
    const size = gzip(code);
    total += size;
    console.info(`${path.basename(file)}: ${size} bytes gzipped`);
    // Rolldown's runtime chunk has no source map: it counts as one piece.
    const map = fs.existsSync(`${file}.map`)
      ? JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))
      : { mappings: '', sources: [] };
    const pieces = sourcePieces(code, map);
    for (const source of new Set(pieces.map((piece) => piece.source))) {
      if (source === null) continue;
      const raw = pieces.filter((p) => p.source === source).reduce((n, p) => n + p.text.length, 0);
      const rest = pieces.map((p) => (p.source === source ? '' : p.text)).join('');
      rows.push({
        source: readable(path.resolve(path.dirname(file), source)),
        chunk: path.basename(file),
        raw,
        saves: size - gzip(rest),
      });
    }
  }
  console.info(
    `/login loads ${total} bytes gzipped\n\nlargest modules (minified bytes, saves gzipped):`,
  );
  rows.sort((a, b) => b.saves - a.saves);
  for (const row of rows.slice(0, top)) {
    console.info(
      `${String(row.raw).padStart(8)} ${String(row.saves).padStart(7)}  ${row.source} (${row.chunk})`,
    );
  }
} finally {
  fs.rmSync(dist, { recursive: true, force: true });
}

/** A module's path: its package path, or its path in the repository. */
function readable(file) {
  return file.includes('node_modules')
    ? file.replace(/^.*node_modules[\\/]/, '')
    : path.relative(path.resolve(web, '../..'), file);
}

/** The chunk's code cut into pieces, each with the source module it came from (null: none). */
function sourcePieces(code, map) {
  const pieces = [];
  const lines = code.split('\n');
  let sourceIndex = 0;
  const mappings = decodeMappings(map.mappings);
  lines.forEach((line, lineIndex) => {
    const segments = mappings[lineIndex] ?? [];
    pieces.push({ source: null, text: line.slice(0, segments[0]?.[0] ?? line.length) });
    segments.forEach(([column, ...rest], i) => {
      if (rest.length > 0) sourceIndex += rest[0];
      const end = segments[i + 1]?.[0] ?? line.length;
      pieces.push({
        source: rest.length > 0 ? map.sources[sourceIndex] : null,
        text: line.slice(column, end),
      });
    });
    if (lineIndex < lines.length - 1) pieces.push({ source: null, text: '\n' });
  });
  return pieces.filter((piece) => piece.text !== '');
}

/**
 * Source map v3 mappings: per generated line, segments of [generated column, source index
 * delta, ...], the column absolute here (it restarts at each line), the source index as a delta.
 */
function decodeMappings(mappings) {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let column = 0;
  return mappings.split(';').map((line) => {
    column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const values = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = chars.indexOf(char);
          value += (digit & 31) << shift;
          if (digit & 32) {
            shift += 5;
          } else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += values[0];
        return [column, ...values.slice(1)];
      });
  });
}
