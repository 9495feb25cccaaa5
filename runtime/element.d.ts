/** `<mcp-json>`: importing `mcp-json-toolbox/element` registers it. */
export declare class McpJsonElement extends HTMLElement {
  /** Base URL of the toolbox page for "Open in toolbox", for elements without a `toolbox` attribute or meta tag. */
  static toolbox: string;
  /** The example's current text. */
  readonly text: string;
}
declare global {
  interface HTMLElementTagNameMap { 'mcp-json': McpJsonElement }
}
