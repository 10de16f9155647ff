/**
 * The module faces' import rewrite (docs/decisions/018-module-faces.md), kept for merging branches
 * written before it: run it after the merge, then `npm run lint`. Idempotent.
 *
 * 1. moves the table files into core/db/schema/ (MOVES) and makes every specifier follow a moved
 *    or removed file (REDIRECTS);
 * 2. points every import from outside a core module at one of its inner files to the module's face:
 *    browser.ts when the file is browser-safe (no server package or node: module through runtime
 *    imports), else index.ts (tests keep their imports: they may import any file);
 * 3. adds the files so imported to the faces (one `export *` line per public file).
 *
 * Usage: `node scripts/faces-rewrite.mjs [--dry]` from the repository root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
const require = createRequire(path.resolve('package.json'));
const ts = require('typescript');
const DRY = process.argv.includes('--dry');
const ROOT = process.cwd();

const S = 'core/db/schema/';
const MOVES = {
  'core/accounts/schema.ts': S + 'accounts.ts',
  'core/accounts/setup-schema.ts': S + 'accounts-setup.ts',
  'core/accounts/two-factor-schema.ts': S + 'accounts-two-factor.ts',
  'core/audit/schema.ts': S + 'audit.ts',
  'core/cache/schema.ts': S + 'cache.ts',
  'core/cart/schema.ts': S + 'cart.ts',
  'core/catalogue/schema.ts': S + 'catalogue.ts',
  'core/catalogue/stock-schema.ts': S + 'stock.ts',
  'core/config/schema.ts': S + 'config.ts',
  'core/custom-box/schema.ts': S + 'custom-box.ts',
  'core/custom-box/types.ts': S + 'box-snapshot.ts',
  'core/influencer/schema.ts': S + 'influencer.ts',
  'core/jobs/schema.ts': S + 'jobs.ts',
  'core/mail/schema.ts': S + 'mail.ts',
  'core/orders/schema.ts': S + 'orders.ts',
  'core/payments/schema.ts': S + 'payments.ts',
  'core/promos/schema.ts': S + 'promos.ts',
  'core/returns/schema.ts': S + 'returns.ts',
  'core/db/schema.ts': S + 'index.ts',
  'core/cache/content-version.ts': 'core/db/content-version.ts',
  'core/jobs/index.ts': 'core/jobs/runner.ts',
  'core/rate-limit/index.ts': 'core/rate-limit/limiter.ts',
  'core/rate-limit/index.test.ts': 'core/rate-limit/limiter.test.ts',
  // shared by a script and the e2e tests: scripts do not import tests/
  'tests/e2e/phone-profile.ts': 'scripts/lib/phone-profile.ts',
};
const LAYERS = ['core', 'app', 'api', 'server', 'scripts', 'tests'];
/** Packages (and node builtins) that must never reach the browser. */
const SERVER_PKG =
  /^(node:|drizzle-orm|pg$|pg\/|@electric-sql|nodemailer|pdfkit|sharp|@node-rs|ioredis|prom-client|pino|rate-limiter-flexible|aws4fetch|swissqrbill|csv-|fast-xml-parser|qrcode|otplib|jose|hono|@hono|@embedpdf|bidi-js|@zxcvbn-ts|proxy-addr|ipaddr|isbot|@react-router\/node)/;
const NODE_BUILTINS = new Set(require('node:module').builtinModules);

const isTest = (f) => f.startsWith('tests/') || /\.test\.tsx?$/.test(f);
/** Sources read and edited so far (path → text); a file counts as existing once written here. */
const sources = new Map();
const exists = (f) => (sources.has(f) ? sources.get(f) !== null : fs.existsSync(path.join(ROOT, f)));

function sh(...a) {
  return execFileSync(a[0], a.slice(1), { cwd: ROOT, encoding: 'utf8' });
}

// ---- 1. moves
for (const [from, to] of Object.entries(MOVES)) {
  if (exists(from) && !exists(to)) {
    console.log('move', from, '->', to);
    if (!DRY) {
      fs.mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
      sh('git', 'mv', from, to);
    }
  }
}
/** Files removed: their importers go to the given file (tests too). */
const REDIRECTS = { 'core/accounts/service.ts': 'core/accounts/index.ts', 'server/context.ts': 'app/context.ts' };
/** Names a face exports under another name (two files of a module export the same name). */
const RENAMES = { 'core/config/settings-cache.server.ts': { getSettings: 'getCachedSettings' } };
/** Export lines of a face for such files (instead of `export *`). */
const FACE_EXPORTS = {
  'core/config/settings-cache.server.ts': "export { getSettings as getCachedSettings, invalidateSettings } from './settings-cache.server.ts';",
};
const REVERSE = Object.fromEntries(Object.entries(MOVES).map(([a, b]) => [b, a]));

function listFiles() {
  const out = sh('git', 'ls-files', '-co', '--exclude-standard', ...LAYERS, 'server.ts')
    .split('\n')
    .filter((f) => /\.(ts|tsx)$/.test(f) && exists(f));
  return [...new Set(out)].sort();
}

/** Repo-relative target of a specifier written in file `file` (before the move, `oldFile`). */
function resolveSpec(spec, fromDir) {
  let p;
  if (spec.startsWith('~/')) p = path.posix.join('app', spec.slice(2));
  else if (spec.startsWith('.')) p = path.posix.normalize(path.posix.join(fromDir, spec));
  else return null;
  return p;
}

function relSpec(fromFile, target) {
  let r = path.posix.relative(path.posix.dirname(fromFile), target);
  if (!r.startsWith('.')) r = './' + r;
  return r;
}

/** All module specifiers of a source file: {start,end,text,node,kind} */
function specifiers(sf) {
  const out = [];
  const visit = (n) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier))
      out.push({ lit: n.moduleSpecifier, decl: n });
    else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0]))
      out.push({ lit: n.arguments[0], decl: n, dynamic: true });
    else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal))
      out.push({ lit: n.argument.literal, decl: n, typeNode: true });
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

const moduleOf = (f) => {
  const s = f.split('/');
  return s[0] === 'core' && s.length > 2 ? s[1] : null;
};
const layerOf = (f) => (f === 'server.ts' ? 'server' : f.split('/')[0]);

// ---- 2. follow moves (incl. a moved file's own relative specifiers)
const files = listFiles();
for (const f of files) sources.set(f, fs.readFileSync(path.join(ROOT, f), 'utf8'));
const parsed = (f) => ts.createSourceFile(f, sources.get(f), ts.ScriptTarget.Latest, true, f.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

function edit(f, edits) {
  if (!edits.length) return false;
  let s = sources.get(f);
  edits.sort((a, b) => b.start - a.start);
  for (const e of edits) s = s.slice(0, e.start) + e.text + s.slice(e.end);
  if (s === sources.get(f)) return false;
  sources.set(f, s);
  return true;
}

let moved = 0;
for (const f of files) {
  const sf = parsed(f);
  const oldDir = path.posix.dirname(REVERSE[f] ?? f);
  const edits = [];
  for (const { lit } of specifiers(sf)) {
    const spec = lit.text;
    let t = resolveSpec(spec, oldDir);
    if (!t) continue;
    // a specifier written before its file moved, or from a moved file
    const now = resolveSpec(spec, path.posix.dirname(f));
    if (now && REDIRECTS[now]) t = REDIRECTS[now];
    else if (now && exists(now)) continue; // still fine
    if (MOVES[t]) t = MOVES[t];
    if (REDIRECTS[t]) t = REDIRECTS[t];
    if (!exists(t) && !Object.values(REDIRECTS).includes(t)) continue;
    const ns = spec.startsWith('~/') && t.startsWith('app/') ? '~/' + t.slice(4) : relSpec(f, t);
    edits.push({ start: lit.getStart() + 1, end: lit.getEnd() - 1, text: ns });
  }
  if (edit(f, edits)) moved += edits.length;
}
console.log('specifiers following moves:', moved);

// ---- 3. browser safety of core files (type-only imports do not reach the bundle)
const graph = new Map(); // file -> {runtime: [targets], pkgs: [pkg]}
for (const f of files) {
  const sf = parsed(f);
  const g = { runtime: [], pkgs: [] };
  for (const { lit, decl, typeNode } of specifiers(sf)) {
    if (typeNode) continue;
    if (ts.isImportDeclaration(decl)) {
      const ic = decl.importClause;
      if (ic && ic.isTypeOnly) continue;
      if (
        ic &&
        !ic.name &&
        ic.namedBindings &&
        ts.isNamedImports(ic.namedBindings) &&
        ic.namedBindings.elements.length &&
        ic.namedBindings.elements.every((e) => e.isTypeOnly)
      )
        continue;
    }
    if (ts.isExportDeclaration(decl) && decl.isTypeOnly) continue;
    const t = resolveSpec(lit.text, path.posix.dirname(f));
    if (t) g.runtime.push(t);
    else g.pkgs.push(lit.text);
  }
  graph.set(f, g);
}
const safeMemo = new Map();
function browserSafe(f, stack = new Set()) {
  if (safeMemo.has(f)) return safeMemo.get(f);
  if (stack.has(f)) return true;
  stack.add(f);
  const g = graph.get(f);
  let ok = !!g && !/\.server\.tsx?$/.test(f);
  if (ok) for (const p of g.pkgs) if (SERVER_PKG.test(p) || NODE_BUILTINS.has(p.split('/')[0])) ok = false;
  if (ok)
    for (const t of g.runtime)
      if (!browserSafe(t, stack)) {
        ok = false;
        break;
      }
  stack.delete(f);
  safeMemo.set(f, ok);
  return ok;
}

// ---- 4. faces: rewrite outside imports of inner files
const FACES = new Set(['index.ts', 'browser.ts']);
const isFace = (t) => moduleOf(t) && t.split('/').length === 3 && FACES.has(t.split('/')[2]);
const used = new Map(); // module -> Map(file -> 'browser'|'index')
const note = (m, t, face) => {
  if (!used.has(m)) used.set(m, new Map());
  used.get(m).set(t, face);
};
let faced = 0;
const perRule = {};
for (const f of files) {
  const sf = parsed(f);
  const edits = [];
  for (const { lit, decl } of specifiers(sf)) {
    const t = resolveSpec(lit.text, path.posix.dirname(f));
    if (!t || !t.startsWith('core/')) continue;
    const m = moduleOf(t);
    if (!m || m === moduleOf(f)) continue;
    if (isFace(t)) continue;
    if (t.includes('/migrations/') || t.endsWith('.json')) continue;
    const face = browserSafe(t) ? 'browser' : 'index';
    // the tables are one face of their own inside the data layer: core/db/schema/index.ts
    if (isTest(f)) continue; // tests may import any file
    note(m, t.startsWith('core/db/schema/') && face === 'index' ? 'core/db/schema/index.ts' : t, face);
    const target = `core/${m}/${face}.ts`;
    edits.push({ start: lit.getStart() + 1, end: lit.getEnd() - 1, text: relSpec(f, target) });
    const ren = RENAMES[t];
    const nb = ren && decl.importClause?.namedBindings;
    if (nb && ts.isNamedImports(nb))
      for (const el of nb.elements) {
        const orig = (el.propertyName ?? el.name).text;
        if (ren[orig]) edits.push({ start: el.getStart(), end: el.getEnd(), text: `${el.isTypeOnly ? 'type ' : ''}${ren[orig]} as ${el.name.text}` });
      }
    const k = `${layerOf(f)}${moduleOf(f) ? '/' + moduleOf(f) : ''} -> ${m}`;
    perRule[k] = (perRule[k] || 0) + 1;
  }
  if (edit(f, edits)) faced += edits.length;
}
console.log('imports redirected to a face:', faced);

// ---- 5. faces: keep the hand-written head (doc comment), regenerate the export lines
const MARK = '// Public files, one line each (kept in order by the face rewrite, ADR 018).';
function writeFace(file, exportsList) {
  const prev = exists(file) ? (sources.get(file) ?? fs.readFileSync(path.join(ROOT, file), 'utf8')) : null;
  let head = `/**\n * The ${file.split('/')[1]} module's ${file.endsWith('browser.ts') ? 'browser-safe face: what pages may use in the browser (no Drizzle, no node:, no server code).' : 'face: what other modules and layers may import (docs/decisions/018-module-faces.md).'}\n */\n`;
  let keep = [];
  if (prev) {
    const i = prev.indexOf(MARK);
    if (i >= 0) {
      head = prev.slice(0, i);
      keep = [...prev.slice(i).matchAll(/^export .* from '(\.\/[^']+)';$/gm)].map((x) => x[1]);
    } else if (!prev.includes(MARK)) {
      console.log('face is hand-written, left alone:', file);
      return;
    }
  }
  const list = [...new Set([...keep, ...exportsList])].filter((s) => exists(path.posix.join(path.posix.dirname(file), s))).sort();
  const dir = path.posix.dirname(file);
  const text = head + MARK + '\n' + list.map((s) => FACE_EXPORTS[path.posix.join(dir, s)] ?? `export * from '${s}';`).join('\n') + '\n';
  if (text !== prev) {
    sources.set(file, text);
    if (!files.includes(file)) files.push(file);
    console.log('face', file, list.length, 'files');
  }
}
for (const f of files) {
  const m = moduleOf(f);
  if (m && isFace(f) && !used.has(m)) used.set(m, new Map());
}
for (const [m, ts_] of [...used].sort()) {
  const b = [...ts_].filter(([, face]) => face === 'browser').map(([t]) => './' + t.slice(`core/${m}/`.length));
  const i = [...ts_].filter(([, face]) => face === 'index').map(([t]) => './' + t.slice(`core/${m}/`.length));
  if (b.length || exists(`core/${m}/browser.ts`)) {
    writeFace(`core/${m}/browser.ts`, b);
    i.push('./browser.ts');
  }
  writeFace(`core/${m}/index.ts`, i);
}
console.log('per importer -> module:', JSON.stringify(perRule, null, 1));

if (!DRY)
  for (const f of files) {
    const p = path.join(ROOT, f);
    const cur = fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : null;
    if (sources.get(f) !== cur) fs.writeFileSync(p, sources.get(f));
  }
