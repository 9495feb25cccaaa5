//! The one place the host checks touch JSON Schema: is a schema usable, and does a value satisfy
//! it. Implemented with the `jsonschema` crate for now; the signatures are what the rest of
//! `host` relies on, so the body can switch to the crate's own validator module unchanged.
//!
//! Paths are absolute: an instance path points into the instance text from its root, a keyword
//! location points into the schema text from its root, so both spans can be shown directly.

use jsonschema::{Draft, ValidationError};
use serde_json::{Map, Value};

use crate::diagnostic::Diagnostic;
use crate::json::Document;

/// Code of a schema that its meta-schema rejects.
pub const INVALID_SCHEMA: &str = "invalid-schema";
/// Code of a schema that is well-formed but cannot be compiled (unresolvable `$ref`, bad regex).
pub const UNUSABLE_SCHEMA: &str = "unusable-schema";

/// Checks that the value at `pointer` in `doc` is a JSON Schema that can be used (2020-12 unless
/// its `$schema` says otherwise). Each problem is an error whose span is in `doc`.
pub fn check_schema(doc: &Document<'_>, pointer: &str) -> Vec<Diagnostic> {
    let Some(node) = doc.pointer(pointer) else {
        return Vec::new();
    };
    let schema = doc.value_of(node);
    let located = |code: &str, message: String, path: String| {
        let span = doc.span_at(&path);
        Diagnostic::error(code, message)
            .at_pointer(path)
            .with_span(span)
    };
    if !schema.is_object() && !schema.is_boolean() {
        let message = format!(
            "a JSON Schema is an object or a boolean, not {}",
            node.type_name()
        );
        return vec![located(INVALID_SCHEMA, message, pointer.to_owned())];
    }
    let meta = match jsonschema::meta::validator_for(&schema) {
        Ok(meta) => meta,
        Err(error) => {
            let message = format!("unknown meta-schema: {error}");
            return vec![located(
                INVALID_SCHEMA,
                message,
                format!("{pointer}/$schema"),
            )];
        }
    };
    let problems: Vec<Diagnostic> = meta
        .iter_errors(&schema)
        .map(|error| {
            let path = format!("{pointer}{}", error.instance_path().as_str());
            let keyword = error.schema_path().as_str().to_owned();
            located(INVALID_SCHEMA, format!("not a valid schema: {error}"), path)
                .with_keyword(keyword, None)
        })
        .collect();
    if !problems.is_empty() {
        return problems;
    }
    match compile(&schema) {
        Ok(_) => Vec::new(),
        Err(error) => vec![located(
            UNUSABLE_SCHEMA,
            format!("the schema cannot be used: {error}"),
            pointer.to_owned(),
        )],
    }
}

/// Validates the value at `instance_pointer` in `instance_doc` against the schema at
/// `schema_pointer` in `schema_doc`. An absent instance is validated as `{}`, the default of tool
/// arguments, and its findings are placed at the nearest existing ancestor. A schema that cannot
/// be compiled yields nothing here: [`check_schema`] reports it.
///
/// Each failure is an error coded with the failing keyword (`required`, `type`, ...), its span in
/// the instance text and its keyword's span in the schema text.
pub fn validate_value(
    schema_doc: &Document<'_>,
    schema_pointer: &str,
    instance_doc: &Document<'_>,
    instance_pointer: &str,
) -> Vec<Diagnostic> {
    let Some(schema_node) = schema_doc.pointer(schema_pointer) else {
        return Vec::new();
    };
    let Ok(validator) = compile(&schema_doc.value_of(schema_node)) else {
        return Vec::new();
    };
    let instance = instance_doc.pointer(instance_pointer).map_or_else(
        || Value::Object(Map::new()),
        |node| instance_doc.value_of(node),
    );
    validator
        .iter_errors(&instance)
        .map(|error| {
            let path = format!("{instance_pointer}{}", error.instance_path().as_str());
            let keyword = format!("{schema_pointer}{}", error.schema_path().as_str());
            Diagnostic::error(error.kind().keyword(), error.to_string())
                .with_span(instance_doc.span_at(&path))
                .at_pointer(path)
                .with_keyword(keyword.clone(), schema_doc.span_at(&keyword))
        })
        .collect()
}

/// Compiles a schema offline (no retriever), 2020-12 unless `$schema` says otherwise.
fn compile(schema: &Value) -> Result<jsonschema::Validator, ValidationError<'static>> {
    jsonschema::options()
        .with_draft(Draft::Draft202012)
        .build(schema)
}
