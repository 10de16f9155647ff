/**
 * docs/api-reference.md is the API's own declarations rendered (scripts/lib/api-reference.ts): a
 * call added, removed or changed without `npm run docs:api` fails here.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiDocument, formattedApiReference } from '../../scripts/lib/api-reference.ts';

describe('the API reference in docs/', () => {
  it('is the current declarations rendered, every call included', async () => {
    const doc = await apiDocument();
    const expected = await formattedApiReference(doc);
    expect(fs.readFileSync('docs/api-reference.md', 'utf8')).toBe(expected);
    for (const [path, methods] of Object.entries(doc.paths))
      for (const method of Object.keys(methods)) expect(expected).toContain(`${method.toUpperCase()} /api${path}`);
  });
});
