// The benchmark document: generated, deterministic, shaped like a large MCP tool result.
import { pathToFileURL } from 'node:url';

/** Deterministic pseudo-random numbers (mulberry32), so every run formats the same text. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['tool', 'résumé', 'schema', 'naïve', 'argument', 'данные', '検索', 'call', 'result', 'emoji 😀', 'path\\to', 'line\nbreak', 'tab\there', '"quoted"', 'value'];

/** A realistic minified document of about `bytes` bytes: records of nested objects, strings with escapes and non-ASCII, floats and ints. */
export function generate(bytes) {
  const next = random(42);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const sentence = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const records = [];
  let size = 0;
  for (let id = 0; size < bytes; id++) {
    const record = {
      id,
      name: sentence(2),
      description: sentence(8 + Math.floor(next() * 12)),
      price: Math.round(next() * 1e6) / 100,
      ratio: next(),
      count: Math.floor(next() * 1e9),
      active: next() > 0.5,
      owner: next() > 0.8 ? null : { login: sentence(1), score: -Math.floor(next() * 1000), geo: { lat: next() * 180 - 90, lon: next() * 360 - 180 } },
      tags: Array.from({ length: Math.floor(next() * 5) }, () => pick(WORDS)),
      history: Array.from({ length: Math.floor(next() * 4) }, (_, i) => ({ at: 1.7e9 + i * 3600, delta: next() * 10 - 5 })),
    };
    const text = JSON.stringify(record);
    size += Buffer.byteLength(text) + 1;
    records.push(record);
  }
  return JSON.stringify({ jsonrpc: '2.0', id: 1, result: { structuredContent: { records } } });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // CLI: node bench/document.mjs BYTES > file.json
  process.stdout.write(generate(Number(process.argv[2] ?? 5e6)));
}
