//! The JavaScript API of the validator, in the server build (the crate's `validator` feature,
//! `mcp-json-toolbox/validator`) and the full build alike: `Validator`, `validateArguments`,
//! `checkSchema` and validate mode's `validateToolArguments`.
//! Converts arguments and results between JS and [`crate::validator`]; no logic lives here. The
//! TypeScript of its results, of `ValidateOptions` and of the thrown `SchemaError` is derived from
//! the Rust types (`validator.d.ts`, written by `src/ts_types.rs`); those shared with the format
//! core (`Diagnostic`, `Span`, ...) come with [`super::core`].

use wasm_bindgen::prelude::*;

use super::conversions::{read_options, to_js};
use crate::validate::{SchemaErrors, ValidateOptions, ValidationReport};
use crate::validator::{check_schema, validate_arguments, validate_tool_arguments};

// The declarations derived from the Rust types (src/ts_types.rs writes the file).
#[wasm_bindgen(typescript_custom_section)]
const DERIVED_TYPES: &'static str = include_str!("validator.d.ts");

#[wasm_bindgen]
extern "C" {
    /// A `ValidateOptions` object as JavaScript passes it (typed in the .d.ts, read by serde).
    #[wasm_bindgen(typescript_type = "ValidateOptions")]
    pub type ValidateOptionsArg;
}

/// A JS `Error` named `SchemaError` carrying the schema diagnostics.
pub(crate) fn schema_error(err: &SchemaErrors) -> JsValue {
    let error = js_sys::Error::new(&err.to_string());
    error.set_name("SchemaError");
    let diagnostics = to_js(&err.diagnostics).map_or(JsValue::UNDEFINED, |d| d);
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(
        error.as_ref(),
        &JsValue::from_str("diagnostics"),
        &diagnostics,
    );
    error.into()
}

#[wasm_bindgen]
extern "C" {
    /// `JSON.parse` of a JS string already on the JS side.
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn parse_json(text: &JsValue) -> Result<JsValue, JsValue>;
}

thread_local! {
    /// The report of a valid text with nothing to say, and its JSON as a JS string.
    static VALID: (ValidationReport, JsValue) = {
        let report = ValidationReport { valid: true, stringified: false, diagnostics: Vec::new(), output: None };
        let text = serde_json::to_string(&report).map_or(JsValue::NULL, |t| JsValue::from_str(&t));
        (report, text)
    };
}

/// A compiled tool `inputSchema` that validates arguments texts.
#[wasm_bindgen(js_name = Validator)]
pub struct JsValidator(crate::validator::Validator);

#[wasm_bindgen(js_class = Validator)]
impl JsValidator {
    /// Compiles a schema text (checked against its meta-schema in the full build, or with
    /// `checkSchema`). Throws a `SchemaError` (with positioned `diagnostics`) if it cannot be used.
    #[wasm_bindgen(constructor)]
    pub fn new(schema: &str, options: Option<ValidateOptionsArg>) -> Result<JsValidator, JsValue> {
        let options: ValidateOptions = read_options(options.map(JsValue::from))?;
        crate::validator::Validator::new(schema, &options)
            .map(JsValidator)
            .map_err(|e| schema_error(&e))
    }

    /// Validates an arguments text (the object, or a JSON string containing it).
    #[wasm_bindgen(unchecked_return_type = "ValidationReport")]
    pub fn validate(&self, args: &str) -> Result<JsValue, JsValue> {
        let report = self.0.validate(args);
        // The common answer: parsed from a JS string kept from the first time, so no text
        // crosses from wasm (the fast path makes the rest of a valid call cheap).
        if let Some(parsed) =
            VALID.with(|(valid, text)| (report == *valid).then(|| parse_json(text)))
        {
            return parsed;
        }
        to_js(&report)
    }

    /// `validate` without the schema's warnings (those `checkSchema` gives): the findings about
    /// the arguments alone, for a caller that reports the schema's once.
    #[wasm_bindgen(js_name = validateAlone, unchecked_return_type = "ValidationReport")]
    pub fn validate_alone(&self, args: &str) -> Result<JsValue, JsValue> {
        to_js(&self.0.validate_alone(args))
    }

    /// Whether an arguments text is valid (fast: no positions are computed).
    #[wasm_bindgen(js_name = isValid)]
    pub fn is_valid(&self, args: &str) -> bool {
        self.0.is_valid(args)
    }

    /// Whether the schema has a fast path (`isValid` then validates while it reads the text).
    #[wasm_bindgen(js_name = hasFastPath)]
    pub fn has_fast_path(&self) -> bool {
        self.0.has_fast_path()
    }

    /// `isValid` by the `jsonschema` engine alone, without the fast path: the reference the fast
    /// path is tested and benchmarked against.
    #[wasm_bindgen(js_name = engineIsValid)]
    pub fn engine_is_valid(&self, args: &str) -> bool {
        self.0.engine_is_valid(args)
    }
}

/// Checks a schema text against its meta-schema and compiles it, in either build, and says what
/// it found (never throws for a bad schema; a `TypeError` for bad options).
#[wasm_bindgen(js_name = checkSchema, unchecked_return_type = "SchemaCheck")]
pub fn check_schema_js(
    schema: &str,
    options: Option<ValidateOptionsArg>,
) -> Result<JsValue, JsValue> {
    let options: ValidateOptions = read_options(options.map(JsValue::from))?;
    to_js(&check_schema(schema, &options))
}

/// Validates `args` against `toolOrSchema`: a Tool definition's `inputSchema` (the crate decides
/// whether the text is a Tool) or a JSON Schema, checked against its meta-schema in either build;
/// spans of the schema's findings point into `toolOrSchema`. No schema (`undefined`) gives a
/// report with a `missing-schema` error. Throws a `SchemaError` for an unusable schema, as
/// `validateArguments` does.
#[wasm_bindgen(js_name = validateToolArguments, unchecked_return_type = "ValidationReport")]
pub fn validate_tool_arguments_js(
    #[wasm_bindgen(js_name = toolOrSchema)] tool_or_schema: Option<String>,
    args: &str,
    options: Option<ValidateOptionsArg>,
) -> Result<JsValue, JsValue> {
    let options: ValidateOptions = read_options(options.map(JsValue::from))?;
    let report = validate_tool_arguments(tool_or_schema.as_deref(), args, &options)
        .map_err(|e| schema_error(&e))?;
    to_js(&report)
}

/// Compiles `schema` and validates `args` once. Throws a `SchemaError` for an unusable schema.
#[wasm_bindgen(js_name = validateArguments, unchecked_return_type = "ValidationReport")]
pub fn validate_arguments_js(
    schema: &str,
    args: &str,
    options: Option<ValidateOptionsArg>,
) -> Result<JsValue, JsValue> {
    let options: ValidateOptions = read_options(options.map(JsValue::from))?;
    let report = validate_arguments(schema, args, &options).map_err(|e| schema_error(&e))?;
    to_js(&report)
}
