/**
 * The repository's records stay in order: every decision record is in the index, carries its
 * Date and Status lines, and grows no addenda (a changed decision is a new record,
 * docs/decisions/template.md).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = 'docs/decisions';
const records = fs.readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f));

describe('docs/decisions', () => {
  it('lists every record in its index, each number once', () => {
    const index = fs.readFileSync(`${dir}/README.md`, 'utf8');
    for (const f of records) expect(index, f).toContain(`(${f})`);
    const numbers = records.map((f) => f.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('gives every record a Date and a Status line and no addenda', () => {
    for (const f of records) {
      const text = fs.readFileSync(`${dir}/${f}`, 'utf8');
      expect(text, f).toMatch(/^Date: \d{4}-\d{2}-\d{2}/m);
      expect(text, f).toMatch(/^Status: \S/m);
      expect(text, f).not.toMatch(/^#+ Addendum/im);
    }
  });
});
