// The schema and argument texts bench/validate.bench.mjs, bench/cold-start.bench.mjs and
// bench/runtimes.bench.mjs validate (no Node API: the runtimes bench runs it in Deno, Bun, workerd
// and the Edge Runtime): a typical tool's `inputSchema` and arguments of its kind.

/** The `inputSchema` of a tool querying one shard of a log dataset. */
export const SCHEMA = {
  type: 'object',
  description: 'Query one shard of a log dataset.',
  properties: {
    dataset: { type: 'string', pattern: '^logs-\\d{4}-\\d{2}$', description: 'Dataset name, e.g. logs-2026-11' },
    shard: { type: 'integer', minimum: 0, maximum: 1023 },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
    query: { type: 'string', maxLength: 200 },
  },
  required: ['dataset'],
  additionalProperties: false,
};

/** One valid argument text (a cold start validates it once). */
export const ONE_TEXT = '{"dataset":"logs-2026-11","shard":7,"limit":100,"query":"level:error"}';

/** Deterministic argument texts: about 60% valid (60.2% of 10,000 by ajv), the rest each broken one way. */
export function argumentTexts(count) {
  const texts = [];
  let seed = 42;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let i = 0; i < count; i += 1) {
    const args = { dataset: `logs-20${10 + rand(20)}-${String(1 + rand(12)).padStart(2, '0')}`, shard: rand(1024) };
    if (rand(2)) args.limit = 1 + rand(1000);
    if (rand(3) === 0) args.query = `level:error AND service:api-${rand(100)}`;
    const broken = rand(10);
    if (broken === 0) args.shard = -1 - rand(5);
    else if (broken === 1) delete args.dataset;
    else if (broken === 2) args.extra = true;
    texts.push(JSON.stringify(args));
  }
  return texts;
}

