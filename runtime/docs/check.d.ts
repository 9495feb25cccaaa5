/** A problem in a docs file, at a position of that file (1-based lines and UTF-16 columns). */
export interface Finding {
  file: string; line: number; column: number; endLine?: number; endColumn?: number;
  severity: 'error' | 'warning' | 'info'; code: string; message: string; instancePath?: string;
}
/** Checks the live examples of `.md`, `.mdx` and `.html` files; `api` defaults to this package. */
export declare function checkDocs(
  paths: string[],
  options?: { cwd?: string; api?: { call(fn: string, ...args: unknown[]): Promise<unknown>; has(fn: string): boolean } },
): Promise<Finding[]>;
