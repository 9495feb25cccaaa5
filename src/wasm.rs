//! The JavaScript API: converts arguments and results between JS and the Rust modules. No logic
//! lives here; the TypeScript types below describe exactly what the conversions produce.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::format::{format_document, FormatOptions};
use crate::json::JsonError;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A range of the input text. Offsets and columns count UTF-16 code units; lines and columns are 1-based. */
export interface Span { start: number; end: number; line: number; column: number; endLine: number; endColumn: number }

/** One finding: what is wrong, where in the instance, and which schema keyword said so. */
export interface Diagnostic {
  severity: "error" | "warning" | "info";
  /** Stable machine-readable code, e.g. `duplicate-key`, `minimum`, `unresolved-ref`. */
  code: string;
  /** Plain-English sentence. */
  message: string;
  /** JSON Pointer to the offending value ("" is the root). */
  instancePath: string;
  /** JSON Pointer to the failing schema keyword, when a schema is involved. */
  keywordLocation?: string;
  /** Where the offending value sits in the instance text. */
  span?: Span;
  /** Where the failing keyword sits in the schema text. */
  schemaSpan?: Span;
  /** Related findings grouped under this one (e.g. the other anyOf branches). */
  children?: Diagnostic[];
}

/** Thrown for text that is not JSON. `offset`/`column` count UTF-16 code units, `byteOffset`/`byteColumn` UTF-8 bytes. */
export interface JsonError extends Error {
  name: "JsonError";
  code: "syntax" | "eof" | "depth-limit" | "size-limit" | "invalid-utf8" | "empty";
  offset: number; line: number; column: number; byteOffset: number; byteColumn: number;
  /** The line around the error with a caret under it. */
  snippet: string;
}

/** Options of `format`. */
export interface FormatOptions {
  /** Spaces per level (0-8) or "tab"; default 2. 0 puts one item per line without indentation. */
  indent?: number | "tab";
  /** No white space at all. */
  minify?: boolean;
  /** Sort object keys by code point (stable; duplicates keep their order). */
  sortKeys?: boolean;
  /** Escape every non-ASCII character as \uXXXX. */
  ensureAscii?: boolean;
  /** If the document is a string whose content is JSON, format that content (repeatedly). */
  unwrapString?: boolean;
  /** Deepest nesting accepted; default 512. */
  maxDepth?: number;
}

/** What `formatDocument` returns. */
export interface FormatResult {
  /** The formatted text. */
  output: string;
  /** Duplicate keys, lone surrogates, unwrapping notes. */
  diagnostics: Diagnostic[];
  /** How many string layers `unwrapString` removed. */
  unwrapDepth: number;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A `FormatOptions` object as JavaScript passes it (typed in the .d.ts, read by serde).
    #[wasm_bindgen(typescript_type = "FormatOptions")]
    pub type FormatOptionsArg;
}

/// Installs the panic hook once, when the module is instantiated.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// Serializes a result the way the TypeScript types describe (plain objects, not Maps).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Reads an optional options object; a missing argument, `undefined` and `null` mean the defaults.
/// Anything else that does not match `T` (unknown keys included) throws a `TypeError`.
fn read_options<T: serde::de::DeserializeOwned + Default>(
    value: Option<JsValue>,
) -> Result<T, JsValue> {
    let Some(value) = value.filter(|v| !v.is_undefined() && !v.is_null()) else {
        return Ok(T::default());
    };
    // Through serde_json::Value: serde-wasm-bindgen alone skips unknown keys, so a misspelt option
    // would be ignored silently instead of honouring `deny_unknown_fields`.
    let type_error = |e: &dyn std::fmt::Display| {
        JsValue::from(js_sys::TypeError::new(&format!("invalid options: {e}")))
    };
    let json: serde_json::Value =
        serde_wasm_bindgen::from_value(value).map_err(|e| type_error(&e))?;
    serde_json::from_value(json).map_err(|e| type_error(&e))
}

/// A JS `Error` named `JsonError` carrying the position fields.
fn json_error(err: &JsonError) -> JsValue {
    let error = js_sys::Error::new(&err.message);
    error.set_name("JsonError");
    let object: &JsValue = error.as_ref();
    let set = |key: &str, value: JsValue| {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), &value);
    };
    set("code", err.code.into());
    set("offset", (err.offset as f64).into());
    set("line", (err.line as f64).into());
    set("column", (err.column as f64).into());
    set("byteOffset", (err.byte_offset as f64).into());
    set("byteColumn", (err.byte_column as f64).into());
    set("snippet", err.snippet.as_str().into());
    error.into()
}

/// The library version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::version().to_owned()
}

/// Pretty-prints JSON exactly: numbers, escapes and key order as written. Throws a `JsonError`.
#[wasm_bindgen(unchecked_return_type = "string")]
pub fn format(text: &str, options: Option<FormatOptionsArg>) -> Result<JsValue, JsValue> {
    let options: FormatOptions = read_options(options.map(JsValue::from))?;
    let formatted = format_document(text, &options).map_err(|e| json_error(&e))?;
    Ok(JsValue::from_str(&formatted.text))
}

/// Like `format`, and also returns the warnings and how many string layers were unwrapped.
#[wasm_bindgen(js_name = formatDocument, unchecked_return_type = "FormatResult")]
pub fn format_document_js(
    text: &str,
    options: Option<FormatOptionsArg>,
) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct FormatResult<'a> {
        output: &'a str,
        diagnostics: &'a [crate::Diagnostic],
        unwrap_depth: usize,
    }
    let options: FormatOptions = read_options(options.map(JsValue::from))?;
    let formatted = format_document(text, &options).map_err(|e| json_error(&e))?;
    to_js(&FormatResult {
        output: &formatted.text,
        diagnostics: &formatted.diagnostics,
        unwrap_depth: formatted.unwrap_depth,
    })
    .map_err(JsValue::from)
}
