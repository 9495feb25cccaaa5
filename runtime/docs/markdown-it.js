// markdown-it plugin (VitePress, 11ty, …): a fence ```` ```json mcp validate schema=batch-index ````
// becomes a live `<mcp-json>` example, and ```` ```json mcp schema id=batch-index ```` the schema it
// refers to. Other fences render as before. Usage: `markdownIt().use(mcpJson)`; the page then
// imports `mcp-json-toolbox/element` to make the examples live.
import { elementHtml, parseInfo } from './fence.js';

/** The fence's text without the newline that closes it. */
function fenceText(content) {
  return content.endsWith('\n') ? content.slice(0, -1) : content;
}

/** Installs the plugin on `md` (a markdown-it instance). */
export default function mcpJson(md) {
  const fallback = md.renderer.rules.fence ?? ((tokens, idx, options, env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const spec = parseInfo(token.info);
    return spec ? elementHtml(spec, fenceText(token.content)) : fallback(tokens, idx, options, env, self);
  };
}
