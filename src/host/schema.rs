//! The one place the host checks touch JSON Schema: is a schema usable (and what does the lint
//! say about it), and does a value satisfy it. Both go through the crate's validator
//! ([`crate::validate`]), so host findings have the same codes, plain-English messages, spans and
//! `anyOf` grouping as validated tool arguments; a value is validated by the engine alone (the
//! schema was linted when its tool was checked).
//!
//! Paths are absolute: an instance path points into the instance text from its root, a keyword
//! location points into the schema text from its root, so both spans can be shown directly.

use crate::diagnostic::Diagnostic;
use crate::json::Document;
use crate::validate::{CompiledSchema, Grouping, ValidateOptions};

pub use crate::compat::check_schema;

/// Validates the value at `instance_pointer` in `instance_doc` against the schema at
/// `schema_pointer` in `schema_doc` ([`compile_value_schema`] then [`validate_compiled`]).
pub fn validate_value(
    schema_doc: &Document<'_>,
    schema_pointer: &str,
    instance_doc: &Document<'_>,
    instance_pointer: &str,
) -> Vec<Diagnostic> {
    compile_value_schema(schema_doc, schema_pointer).map_or_else(Vec::new, |validator| {
        validate_compiled(&validator, instance_doc, instance_pointer)
    })
}

/// Compiles the schema at `schema_pointer` in `schema_doc` for [`validate_compiled`]: the
/// validator owns what it needs (its keyword spans are in `schema_doc`'s text), so it outlives
/// the document. `None` for a schema that cannot be compiled: [`check_schema`] reports it.
pub fn compile_value_schema(
    schema_doc: &Document<'_>,
    schema_pointer: &str,
) -> Option<CompiledSchema> {
    CompiledSchema::from_node(schema_doc, schema_pointer, &ValidateOptions::default()).ok()
}

/// Validates the value at `instance_pointer` in `instance_doc` with a schema compiled by
/// [`compile_value_schema`]. An absent instance is validated as `{}`, the default of tool
/// arguments, and its findings are placed at the nearest existing ancestor.
///
/// Each failure is an error coded with the failing keyword (`required`, `type`, ...), its span in
/// the instance text and its keyword's span in the schema text (its keyword location is the
/// evaluation path, prefixed with the schema's pointer).
pub fn validate_compiled(
    validator: &CompiledSchema,
    instance_doc: &Document<'_>,
    instance_pointer: &str,
) -> Vec<Diagnostic> {
    let instance = instance_doc
        .pointer(instance_pointer)
        .map_or("{}", |node| instance_doc.lexeme(node));
    validator.validate_at(instance, instance_doc, instance_pointer, Grouping::Branches)
}
