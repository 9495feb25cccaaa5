/** markdown-it plugin: ```json mcp …``` fences become `<mcp-json>` elements. `md.use(mcpJson)`. */
export default function mcpJson(md: object): void;
