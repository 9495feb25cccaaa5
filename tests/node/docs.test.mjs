// The docs playground from Node: the markdown-it and remark plugins on sample Markdown, and
// checkDocs (the `check-docs` command) on the docs page (www/docs/index.md: must be clean) and on
// broken fixtures (the findings at the right file:line:column). Runs against pkg/ (make pkg first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import markdownIt from 'markdown-it';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';

const PKG = new URL('../../pkg/', import.meta.url);
assert.ok(existsSync(new URL('docs/check.js', PKG)), `${fileURLToPath(PKG)}docs/check.js is missing: run make pkg first`);
const { checkDocs } = await import(new URL('docs/check.js', PKG));
const { default: mcpJson } = await import(new URL('docs/markdown-it.js', PKG));
const { default: remarkMcpJson } = await import(new URL('docs/remark.js', PKG));

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));
const DOCS_PAGE = path('../../www/docs/index.md');
const BROKEN_MD = path('fixtures/docs/broken.md');
const BROKEN_HTML = path('fixtures/docs/broken.html');

const SAMPLE = [
  '# Sample',
  '',
  '```json mcp schema id=batch-index',
  '{"type":"object","properties":{"shard":{"type":"integer","minimum":0}}}',
  '```',
  '',
  '```json mcp validate schema=batch-index expect=invalid title="A <bad> call"',
  '{"shard": -1, "note": "</script> & <b>"}',
  '```',
  '',
  '```json mcp schema id=hidden-one hidden',
  '{"type":"string","description":"</script>"}',
  '```',
  '',
  '```json',
  '{"plain": true}',
  '```',
  '',
].join('\n');

test('markdown-it: mcp fences become <mcp-json> elements around the escaped text; other fences stay', () => {
  const html = markdownIt().use(mcpJson).render(SAMPLE);
  assert.match(html, /<mcp-json id="batch-index"><pre><code class="language-json">\{&quot;type&quot;:&quot;object&quot;/);
  assert.ok(html.includes(
    '<mcp-json mode="validate" schema="#batch-index" expect="invalid" label="A &lt;bad&gt; call"><pre><code class="language-json">'
    + '{&quot;shard&quot;: -1, &quot;note&quot;: &quot;&lt;/script&gt; &amp; &lt;b&gt;&quot;}</code></pre></mcp-json>'), html);
  assert.ok(html.includes('<script type="application/json" id="hidden-one">{"type":"string","description":"<\\/script>"}</script>'), html);
  assert.ok(html.includes('<pre><code class="language-json">{&quot;plain&quot;: true}\n</code></pre>'), 'the plain fence renders as before');
  assert.equal((html.match(/<mcp-json/g) ?? []).length, 2);
});

test('remark: html nodes in Markdown, JSX elements in MDX, same attributes', async () => {
  const markdown = String(await unified().use(remarkParse).use(remarkMcpJson).use(remarkStringify).process(SAMPLE));
  assert.ok(markdown.includes('<mcp-json mode="validate" schema="#batch-index" expect="invalid" label="A &lt;bad&gt; call"><pre><code class="language-json">'), markdown);
  assert.ok(markdown.includes('```json\n{"plain": true}\n```'), 'the plain fence is left alone');

  const tree = unified().use(remarkParse).parse(SAMPLE);
  await unified().use(remarkMcpJson, { mdx: true }).run(tree);
  const elements = tree.children.filter((node) => node.type === 'mdxJsxFlowElement');
  assert.deepEqual(elements.map((node) => node.name), ['mcp-json', 'mcp-json', 'script']);
  const [, call] = elements;
  assert.deepEqual(call.attributes.map((a) => [a.name, a.value]),
    [['mode', 'validate'], ['schema', '#batch-index'], ['expect', 'invalid'], ['label', 'A <bad> call']]);
  const [pre] = call.children;
  assert.equal(pre.name, 'pre');
  assert.equal(pre.children[0].name, 'code');
  assert.equal(pre.children[0].children[0].value, '{"shard": -1, "note": "</script> & <b>"}', 'the text is kept as is');
  // A file named *.mdx gets JSX without the option.
  const mdxTree = unified().use(remarkParse).parse(SAMPLE);
  await unified().use(remarkMcpJson).run(mdxTree, { path: 'page.mdx' });
  assert.equal(mdxTree.children.filter((node) => node.type === 'mdxJsxFlowElement').length, 3);
});

test('check-docs: the docs page is clean, and it holds live examples of both generations and one expected-invalid', async () => {
  assert.deepEqual(await checkDocs([DOCS_PAGE]), []);
  const html = markdownIt().use(mcpJson).render(await (await import('node:fs/promises')).readFile(DOCS_PAGE, 'utf8'));
  assert.ok((html.match(/<mcp-json/g) ?? []).length >= 10, 'at least ten live examples');
  assert.ok(html.includes('expect="invalid"'), 'the deliberately broken example');
  assert.ok(html.includes('2026-07-28') && html.includes('&quot;pollInterval&quot;: 5000') && html.includes('&quot;pollIntervalMs&quot;: 5000'));
});

/** Findings as `file:line:column code` lines, the file names shortened. */
function lines(findings) {
  return findings.map((f) => `${f.file.split('/').pop()}:${f.line}:${f.column} ${f.severity}[${f.code}]${f.instancePath ? ` ${f.instancePath}` : ''}`);
}

test('check-docs: findings of a broken Markdown file at file:line:column of the file', async () => {
  const findings = await checkDocs([BROKEN_MD]);
  assert.deepEqual(lines(findings), [
    'broken.md:22:12 error[minimum] /shard',
    'broken.md:29:3 error[expect-mismatch]',
    'broken.md:31:14 error[type] /shard',
    'broken.md:37:1 error[expect-mismatch]',
    'broken.md:45:52 error[type] /structuredContent/indexed',
    'broken.md:51:10 error[syntax]',
    'broken.md:56:1 error[missing-schema]',
    'broken.md:69:1 error[missing-schema]',
    'broken.md:75:41 error[const] /inputSchema/type',
    'broken.md:75:33 error[invalid-schema] /inputSchema/type',
  ]);
  const type = findings[2];
  assert.deepEqual([type.endLine, type.endColumn], [31, 21], 'the span ends after "three" (the fence is indented in a list item)');
  assert.match(findings[1].message, /out of date: expected valid, found 1 error/);
  assert.match(findings[3].message, /expected CallToolResult, found CreateTaskResult/);
  // The crate's findings: a schema id the file does not hold, validate mode without any schema.
  assert.equal(findings[6].message, 'no schema with id "nowhere" in this file');
  assert.match(findings[7].message, /^validate needs a schema/);
  // A Tool's inputSchema is validated where it stands in the tool: its finding points there.
  assert.match(findings[9].message, /^in the schema: /);
  assert.deepEqual([findings[9].endLine, findings[9].endColumn], [75, 48], 'the span covers "type": "objct" in the tool');
});

test('check-docs: HTML files, entities decoded and positions kept; unknown and missing files are findings', async () => {
  const findings = await checkDocs([BROKEN_HTML, path('fixtures/docs/none.md'), path('fixtures/fake-glue.js')]);
  assert.deepEqual(lines(findings), [
    'broken.html:8:11 error[minimum] /shard',
    'none.md:1:1 error[read-error]',
    'fake-glue.js:1:1 error[unsupported-file]',
  ]);
});

test('the CLI: check-docs exits 0 on the docs page, 1 with compiler-style lines on a broken file', async () => {
  const { execFileSync } = await import('node:child_process');
  const cli = fileURLToPath(new URL('cli.js', PKG));
  assert.ok(existsSync(cli), `${cli} is missing: run make pkg first`);
  const run = (...args) => {
    try {
      return { code: 0, out: execFileSync(process.execPath, [cli, 'check-docs', ...args], { cwd: path('../..'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }) };
    } catch (error) {
      return { code: error.status, out: error.stdout + error.stderr };
    }
  };
  assert.equal(run('www/docs/index.md').code, 0);
  const broken = run('tests/node/fixtures/docs/broken.md');
  assert.equal(broken.code, 1);
  assert.match(broken.out, /^tests\/node\/fixtures\/docs\/broken\.md:22:12: error\[minimum\]: "shard" must be >= 0, got -1 \(\/shard\)$/m);
  assert.match(broken.out, /^tests\/node\/fixtures\/docs\/broken\.md:37:1: error\[expect-mismatch\]/m);
  assert.equal(run('no-such.md').code, 2, 'a missing file is a usage error');
});
