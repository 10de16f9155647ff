/** The stream step that makes React Router's scripts wait for the page's `load` event (ADR 013). */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hydrateAfterLoad } from './entry.server.tsx';
import { DEFERRED_MODULE_TYPE } from './lib/hydrate-after-load.ts';

async function throughBytes(chunks: Buffer[]): Promise<string> {
  let out = '';
  for await (const c of Readable.from(chunks).pipe(hydrateAfterLoad())) out += String(c);
  return out;
}
const through = (chunks: string[]) => throughBytes(chunks.map((s) => Buffer.from(s)));

describe('hydrateAfterLoad', () => {
  const html =
    '<head><link rel="modulepreload" href="/a.js" nonce="n"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/b.js"/></head>' +
    '<body><p>Zürich &lt; Genève</p><script nonce="n">window.x = 1 < 2;</script>' +
    '<script nonce="n" type="module" async="">import * as r from "/r.js";\nimport("/e.js");</script><script type="application/json">{}</script></body>';
  const want =
    '<head><link data-rel="modulepreload" href="/a.js" nonce="n"/><link rel="stylesheet" href="/s.css"/><link data-rel="modulepreload" href="/b.js"/></head>' +
    '<body><p>Zürich &lt; Genève</p><script nonce="n">window.x = 1 < 2;</script>' +
    `<script nonce="n" type="${DEFERRED_MODULE_TYPE}">import * as r from "/r.js";\nimport("/e.js");</script><script type="application/json">{}</script></body>`;

  it('makes the module preloads and the module script inert and changes nothing else', async () => {
    expect(await through([html])).toBe(want);
  });

  it('gives the same answer when the stream is split at any byte', async () => {
    const bytes = Buffer.from(html);
    for (let i = 1; i < bytes.length; i++) expect(await throughBytes([bytes.subarray(0, i), bytes.subarray(i)]), `split at byte ${i}`).toBe(want);
  });
});
