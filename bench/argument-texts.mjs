// The argument texts bench/validate.bench.mjs and bench/runtimes.bench.mjs validate (no Node API:
// the runtimes bench runs it in Deno, Bun, workerd and the Edge Runtime).

/** Deterministic argument texts: about 70% valid, the rest each broken one way. */
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

