//! The JavaScript API of every build (the format core, the server build, the full build): `format`,
//! `formatDocument`, `version`, and the docs examples' `judgeExample` and `unknownSchema`. No logic lives here. The TypeScript of the
//! results every build shares (`Diagnostic`, `Span`, ...), of `FormatOptions` and of the thrown
//! `JsonError` is derived from the Rust types (`core.d.ts`, written by `src/ts_types.rs`). The
//! server and full builds add [`super::validator`], the full build [`super::full`].

use wasm_bindgen::prelude::*;

use super::conversions::{json_error, read_options, to_js};
use crate::format::{format_document, FormatOptions};

// The declarations derived from the Rust types (src/ts_types.rs writes the file).
#[wasm_bindgen(typescript_custom_section)]
const DERIVED_TYPES: &'static str = include_str!("core.d.ts");

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
    let options: FormatOptions = read_options(options.map(JsValue::from))?;
    let formatted = format_document(text, &options).map_err(|e| json_error(&e))?;
    format_result(&formatted)
}

/// A [`crate::Formatted`] as JavaScript sees it (its `FormatResult`).
pub(crate) fn format_result(formatted: &crate::Formatted) -> Result<JsValue, JsValue> {
    to_js(formatted)
}

/// Judges a docs example's verdict (the `mode` that ran, the `kind` classified, its `summary`
/// line, its findings' `severities`) against its author's `expect` (`valid`, `invalid` or a kind;
/// none expects nothing): the `expect-mismatch` error, if any, and whether the example is broken
/// on purpose.
#[wasm_bindgen(js_name = judgeExample, unchecked_return_type = "ExampleJudgement")]
pub fn judge_example_js(
    mode: String,
    kind: Option<String>,
    summary: String,
    severities: Vec<String>,
    expect: Option<String>,
) -> Result<JsValue, JsValue> {
    let verdict = crate::docs_example::ExampleVerdict {
        mode,
        kind,
        summary,
        severities,
    };
    to_js(&crate::docs_example::judge_example(
        expect.as_deref(),
        &verdict,
    ))
}

/// The `missing-schema` error of a docs example naming schema `id`, which its file does not hold
/// (no span: it is about the example).
#[wasm_bindgen(js_name = unknownSchema, unchecked_return_type = "Diagnostic")]
pub fn unknown_schema_js(id: &str) -> Result<JsValue, JsValue> {
    to_js(&crate::docs_example::unknown_schema(id))
}
