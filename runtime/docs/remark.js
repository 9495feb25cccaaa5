// remark plugin (Docusaurus, Astro/Starlight, MDX): a `code` node whose info string is
// `json mcp …` becomes a live `<mcp-json>` example (see fence.js for the words it takes). In
// Markdown it becomes an `html` node; in MDX (a `.mdx` file, or `{ mdx: true }`) a JSX element,
// since MDX has no raw HTML. Usage: `unified().use(remarkParse).use(remarkMcpJson)…`.
import { elementAttributes, elementHtml, parseInfo } from './fence.js';

/** An MDX JSX flow element. */
function jsx(name, attributes, children) {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: attributes.map(([attr, value]) => ({ type: 'mdxJsxAttribute', name: attr, value: value === '' ? null : value })),
    children,
  };
}

/** The node that replaces a `code` node with `spec`. */
function replacement(spec, text, mdx) {
  if (!mdx) return { type: 'html', value: elementHtml(spec, text).trimEnd() };
  if (spec.isSchema && spec.hidden) {
    return jsx('script', [['type', 'application/json'], ['id', spec.id ?? '']], [{ type: 'text', value: text }]);
  }
  const code = jsx('code', [['className', 'language-json']], [{ type: 'text', value: text }]);
  return jsx('mcp-json', elementAttributes(spec), [jsx('pre', [], [code])]);
}

/** Calls `visit(node, index, parent)` for every node below `parent`. */
function walk(parent, visit) {
  for (let index = 0; index < (parent.children?.length ?? 0); index += 1) {
    visit(parent.children[index], index, parent);
    walk(parent.children[index], visit);
  }
}

/** The plugin: `options.mdx` forces JSX output (else it is used for files named `*.mdx`). */
export default function remarkMcpJson(options = {}) {
  return (tree, file) => {
    const mdx = options.mdx ?? /\.mdx$/i.test(file?.path ?? '');
    walk(tree, (node, index, parent) => {
      if (node.type !== 'code') return;
      const spec = parseInfo(`${node.lang ?? ''} ${node.meta ?? ''}`);
      if (spec) parent.children[index] = replacement(spec, node.value, mdx);
    });
  };
}
