/**
 * Lists function-like nodes (function declarations and expressions, arrow functions, methods,
 * accessors, constructors) longer than a limit in the given folders, excluding `*.test.ts`.
 * The developers' guide keeps functions in `core/` under 80 lines so each reads as the rule it
 * implements; this script is how that is counted.
 *
 * Usage: `node --import tsx scripts/long-functions.ts [--max 80] [folder ...]` (default folder
 * `core`). Prints `lines  file:line  name` per function, longest first, then the count; exits 0.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One function over the limit: where it starts, what it is called, how many lines it spans. */
export type LongFunction = { file: string; line: number; name: string; lines: number };

/** Every `.ts`/`.tsx` file under `dir` (or `dir` itself if it is a file), skipping tests and `node_modules`. */
function sourceFiles(dir: string): string[] {
  if (!statSync(dir).isDirectory()) return [dir];
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== 'node_modules') out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** A readable name for a function node: its own name, or the variable/property it is assigned to. */
function functionName(node: ts.Node, sf: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(sf);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(sf);
  }
  if (ts.isCallExpression(parent)) return `<callback of ${parent.expression.getText(sf).slice(0, 40)}>`;
  return '<anonymous>';
}

/** Function-like nodes in one file spanning more than `max` lines (first line to last, inclusive). */
export function longFunctionsIn(file: string, max: number): LongFunction[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node) ||
      ts.isConstructorDeclaration(node)
    ) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max) found.push({ file, line: start + 1, name: functionName(node, sf), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const maxAt = args.indexOf('--max');
  const max = maxAt >= 0 ? Number(args.splice(maxAt, 2)[1]) : 80;
  const dirs = args.length ? args : ['core'];
  const all = dirs.flatMap((d) => sourceFiles(d)).flatMap((f) => longFunctionsIn(f, max));
  all.sort((a, b) => b.lines - a.lines);
  for (const f of all) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
  console.log(`${all.length} function(s) over ${max} lines in ${dirs.join(', ')}`);
}
