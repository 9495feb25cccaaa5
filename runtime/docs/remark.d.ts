/** remark plugin: ```json mcp …``` code nodes become `<mcp-json>` (html nodes, or JSX in MDX). */
export default function remarkMcpJson(options?: { mdx?: boolean }): (tree: unknown, file?: { path?: string }) => void;
