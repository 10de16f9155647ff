/** The stream step giving React Router's module preloads a low fetch priority (issue 11). */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './entry.server.tsx';

async function throughBytes(chunks: Buffer[]): Promise<string> {
  let out = '';
  for await (const c of Readable.from(chunks).pipe(lowPriorityModulePreloads())) out += String(c);
  return out;
}
const through = (chunks: string[]) => throughBytes(chunks.map((s) => Buffer.from(s)));

describe('lowPriorityModulePreloads', () => {
  it('marks every modulepreload link, also one split between chunks at any byte, and changes nothing else', async () => {
    const html =
      '<head><link rel="modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/b.js"/></head><p>Zürich</p>';
    const want = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
    expect(await through([html])).toBe(want);
    const bytes = Buffer.from(html);
    for (let i = 1; i < bytes.length; i++) expect(await throughBytes([bytes.subarray(0, i), bytes.subarray(i)]), `split at byte ${i}`).toBe(want);
  });
});
