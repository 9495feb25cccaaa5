// The exports of runtime/values.js that only the package's own api.js imports: values.d.ts, the
// package's declaration of that module, declares exactly the exports that take values
// (tests/node/exports.test.mjs), so these two are declared here, for tsconfig.json alone.
import type {} from '../../runtime/values.js';

declare module '../../runtime/values.js' {
  /** `recoverable`'s `toText` hook: the JSON text of a value given where `label` takes JSON text (argument `index`), or undefined where only text is taken. */
  export function textOf(label: string, index: number, value: unknown): string | undefined;
  /** The package API with values accepted wherever JSON text is. */
  export function acceptValues<Api extends object>(api: Api): Api;
}
