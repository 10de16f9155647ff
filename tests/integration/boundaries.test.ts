/**
 * The architecture's import rules (.dependency-cruiser.cjs, .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md) fire on each forbidden direction, and the real tree keeps
 * them. Each probe is a tiny tree of its own in a fresh temporary directory (removed afterwards),
 * cruised with the real rule sets through dependency-cruiser's API: nothing is written into the
 * repository, so the test can run beside anything else. The size rules of eslint.config.js are
 * probed the same way (ESLint lints a probe text under a path it is never written to), and knip
 * (knip.jsonc) runs on a probe tree of its own.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');
const tree = require(path.join(root, '.dependency-cruiser.cjs')) as { forbidden: IForbiddenRuleType[] };
const browser = require(path.join(root, '.dependency-cruiser-browser.cjs')) as { forbidden: IForbiddenRuleType[] };

/** Names of the rules a cruise of `files` (path → source) breaks, with `forbidden` as the rule set. */
async function violations(files: Record<string, string>, forbidden: IForbiddenRuleType[], tsPreCompilationDeps = true): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  try {
    for (const [file, source] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), source);
    }
    const top = [...new Set(Object.keys(files).map((f) => f.split('/')[0]))];
    const result = await cruise(top, { baseDir: dir, validate: true, ruleSet: { forbidden }, tsPreCompilationDeps, doNotFollow: { path: 'node_modules' } });
    const output = result.output as ICruiseResult;
    return output.summary.violations.map((v) => v.rule.name);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A file importing `to` (a path from the root of the probe tree) and using it. */
const importing = (from: string, to: string) =>
  `import { x } from '${path.posix.relative(path.posix.dirname(from), to).replace(/^(?!\.)/, './')}';\nexport const y = x;\n`;
const leaf = 'export const x = 1;\n';

/** Each rule that must fire, with the [title, importing file, imported file] of each direction it forbids. */
const forbiddenBy: Record<string, [string, string, string][]> = {
  'app-not-to-api-server': [
    ['app imports server', 'app/lib/probe.ts', 'server/session.ts'],
    ['app imports api', 'app/root.tsx', 'api/configuration.ts'],
  ],
  'core-not-to-outer': [
    ['core imports app', 'core/orders/probe.ts', 'app/lib/format.ts'],
    ['core imports api', 'core/orders/probe.ts', 'api/validation.ts'],
    ['core imports server', 'core/orders/probe.ts', 'server/app.ts'],
  ],
  'api-not-to-app-server': [
    ['api imports app', 'api/probe.ts', 'app/lib/format.ts'],
    ['api imports server', 'api/probe.ts', 'server/app.ts'],
  ],
  'server-not-to-scripts': [['server imports scripts', 'server/probe.ts', 'scripts/lib/chaos.ts']],
  'scripts-not-to-tests': [['scripts import tests', 'scripts/probe.ts', 'tests/helpers/shop.ts']],
  'module-face': [['a module imports an inner file of another', 'core/orders/probe.ts', 'core/payments/datatrans.ts']],
  'layer-face': [
    ['a layer imports an inner file of a module', 'api/probe.ts', 'core/orders/service.ts'],
    ['a top-level core file imports an inner file of a module', 'core/shop.ts', 'core/db/client.ts'],
  ],
};
/** [title, importing file, imported file, rule that must fire] */
const directions = Object.entries(forbiddenBy).flatMap(([rule, rows]) => rows.map(([title, from, to]) => [title, from, to, rule]));

describe('layer and face rules (.dependency-cruiser.cjs)', () => {
  it.each(directions)('%s: %s → %s breaks %s', async (_title, from, to, rule) => {
    expect(await violations({ [from]: importing(from, to), [to]: leaf }, tree.forbidden)).toContain(rule);
  });

  it('allows a module to import another through its faces and its own inner files', async () => {
    const files = {
      'core/orders/probe.ts':
        "import { x } from '../payments/index.ts';\nimport { z } from '../pricing/browser.ts';\nimport { w } from './status.ts';\nexport const y = x + z + w;\n",
      'core/orders/status.ts': 'export const w = 1;\n',
      'core/payments/index.ts': "export * from './datatrans.ts';\n",
      'core/payments/datatrans.ts': leaf,
      'core/pricing/browser.ts': 'export const z = 1;\n',
    };
    expect(await violations(files, tree.forbidden)).toEqual([]);
  });

  it('allows tests to import anything, inner files and every layer included', async () => {
    const files = {
      'tests/integration/probe.test.ts':
        "import { x } from '../../core/payments/datatrans.ts';\nimport { s } from '../../server/app.ts';\nimport { c } from '../../scripts/chaos.ts';\nexport const y = [x, s, c];\n",
      'core/payments/datatrans.ts': leaf,
      'server/app.ts': 'export const s = 1;\n',
      'scripts/chaos.ts': 'export const c = 1;\n',
    };
    expect(await violations(files, tree.forbidden)).toEqual([]);
  });

  it('finds a folder cycle, type-only imports and table files counted', async () => {
    const files = {
      'core/db/schema/orders.ts': "import type { Status } from '../../orders/index.ts';\nexport const orders = 'orders' as Status;\n",
      'core/db/index.ts': "export * from './schema/orders.ts';\n",
      'core/orders/index.ts': "export * from './service.ts';\n",
      'core/orders/service.ts': "import { orders } from '../db/index.ts';\nexport type Status = string;\nexport const table = orders;\n",
    };
    expect(await violations(files, tree.forbidden)).toContain('no-folder-cycles');
  });

  it('finds a cycle between two files of one folder; a type-only import back does not count', async () => {
    const cycle = {
      'core/orders/service.ts': "import { mail } from './notifications.ts';\nexport const create = () => mail;\n",
      'core/orders/notifications.ts': "import { create } from './service.ts';\nexport const mail = () => create;\n",
    };
    expect(await violations(cycle, tree.forbidden)).toContain('no-file-cycles');
    const typeOnly = {
      'core/orders/service.ts': "import { mail } from './notifications.ts';\nexport type Order = { id: string };\nexport const create = () => mail;\n",
      'core/orders/notifications.ts': "import type { Order } from './service.ts';\nexport const mail = (o: Order) => o.id;\n",
    };
    expect(await violations(typeOnly, tree.forbidden)).toEqual([]);
  });
});

describe('browser rules (.dependency-cruiser-browser.cjs)', () => {
  it('a browser face that reaches a node: module through another file breaks browser-face-is-browser-safe', async () => {
    const files = {
      'core/pricing/browser.ts': "export * from './money.ts';\n",
      'core/pricing/money.ts': "import { helper } from './disk.ts';\nexport const x = helper;\n",
      'core/pricing/disk.ts': "import fs from 'node:fs';\nexport const helper = fs.existsSync;\n",
    };
    expect(await violations(files, browser.forbidden, false)).toContain('browser-face-is-browser-safe');
  });

  it('a type-only import does not count: it is erased before the bundle', async () => {
    const files = {
      'core/pricing/browser.ts': "export * from './money.ts';\n",
      'core/pricing/money.ts': "import type { Db } from './disk.ts';\nexport const x = (db: Db) => db;\n",
      'core/pricing/disk.ts': "import fs from 'node:fs';\nexport type Db = typeof fs;\n",
    };
    expect(await violations(files, browser.forbidden, false)).toEqual([]);
  });

  it('a component importing a server face breaks browser-code-imports-browser-faces', async () => {
    const files = { 'app/components/Probe.tsx': importing('app/components/Probe.tsx', 'core/orders/index.ts'), 'core/orders/index.ts': leaf };
    expect(await violations(files, browser.forbidden, false)).toContain('browser-code-imports-browser-faces');
  });
});

describe('the real tree', () => {
  it('keeps every rule (npm run deps:check)', { timeout: 300_000 }, () => {
    const depcruise = path.join(root, 'node_modules/.bin/depcruise');
    // a violation exits non-zero: its report (on stdout) is the failure message
    const run = (args: string[]) => {
      try {
        return execFileSync(depcruise, args, { cwd: root, encoding: 'utf8', stdio: 'pipe' });
      } catch (e) {
        throw new Error(`depcruise ${args.join(' ')}:\n${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}`);
      }
    };
    expect(run(['--config', '.dependency-cruiser.cjs', 'core', 'app', 'api', 'server', 'scripts', 'tests', 'server.ts'])).toContain(
      'no dependency violations found',
    );
    expect(run(['--config', '.dependency-cruiser-browser.cjs', 'core', 'app'])).toContain('no dependency violations found');
  });
});

/** ESLint's messages (rule ids) for `source` linted with the real config as if it were the file `file`. */
async function eslintRules(file: string, source: string): Promise<(string | null)[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(source, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId);
}

/** A function of `code` lines of code (braces included), padded with as many blank and comment lines. */
const functionOf = (code: number) =>
  `export function probe(): number {\n  let n = 0;\n${'  n += 1;\n\n  // a comment line\n'.repeat(code - 4)}  return n;\n}\n`;
/** A route module of `code` lines of code, padded with blank and comment lines. */
const routeOf = (code: number) =>
  `${'export const a0 = 0;\n\n// a comment line\n'.repeat(code)}`.replace(/a0/g, () => `a${Math.random().toString(36).slice(2)}`);

describe('size rules (eslint.config.js)', () => {
  it('a core function over 80 lines of code breaks max-lines-per-function; 80, however padded, does not', async () => {
    expect(await eslintRules('core/orders/probe.ts', functionOf(81))).toContain('max-lines-per-function');
    expect(await eslintRules('core/orders/probe.ts', functionOf(80))).not.toContain('max-lines-per-function');
  });

  it('the rule is for core: a test file or a server file may hold a longer function', async () => {
    expect(await eslintRules('core/orders/probe.test.ts', functionOf(81))).not.toContain('max-lines-per-function');
    expect(await eslintRules('server/probe.ts', functionOf(81))).not.toContain('max-lines-per-function');
  });

  it('a route module over 300 lines of code breaks max-lines; 300, however padded, does not', async () => {
    expect(await eslintRules('app/routes/probe.tsx', routeOf(301))).toContain('max-lines');
    expect(await eslintRules('app/routes/admin/probe.tsx', routeOf(301))).toContain('max-lines');
    expect(await eslintRules('app/routes/probe.tsx', routeOf(300))).not.toContain('max-lines');
    expect(await eslintRules('app/components/Probe.tsx', routeOf(301))).not.toContain('max-lines');
  });
});

describe('dead code (knip.jsonc)', () => {
  const knip = path.join(root, 'node_modules/.bin/knip');
  /** knip's JSON report of `dir` (it exits non-zero when it finds something), or throws if it did not run. */
  const report = (dir: string) => {
    try {
      return execFileSync(knip, ['--directory', dir, '--no-progress', '--reporter', 'json'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      const out = (e as { stdout?: string }).stdout;
      if (!out) throw e;
      return out;
    }
  };

  it('with the real config, reports an unused file, an unused dependency and an unused export of a new file', { timeout: 60_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'knip-'));
    try {
      const files: Record<string, string> = {
        'knip.jsonc': fs.readFileSync(path.join(root, 'knip.jsonc'), 'utf8'),
        'package.json': JSON.stringify({ name: 'probe', private: true, type: 'module', dependencies: { 'left-pad': '1.3.0' } }),
        'server/main.ts': "import { used } from '../core/probe/used.ts';\nconsole.log(used);\n",
        'core/probe/used.ts': 'export const used = 1;\nexport const unusedName = 2;\n',
        'core/probe/orphan.ts': leaf,
      };
      for (const [file, source] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), source);
      }
      type Issue = { file: string; files: { name: string }[]; dependencies: { name: string }[]; exports: { name: string }[] };
      const { issues } = JSON.parse(report(dir)) as { issues: Issue[] };
      expect(issues.flatMap((i) => i.files.map((f) => f.name))).toEqual(['core/probe/orphan.ts']);
      expect(issues.flatMap((i) => i.dependencies.map((d) => d.name))).toEqual(['left-pad']);
      expect(issues.flatMap((i) => i.exports.map((x) => `${i.file} ${x.name}`))).toEqual(['core/probe/used.ts unusedName']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the real tree has nothing unused (npm run lint runs knip)', { timeout: 300_000 }, () => {
    try {
      execFileSync(knip, ['--no-progress', '--treat-config-hints-as-errors'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      throw new Error(`knip:\n${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}`);
    }
  });
});
