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
use crate::validate::{CompiledSchema, Grouping, SchemaFault, ValidateOptions};
use crate::validator::compile_linted;

/// Code of a schema that its meta-schema rejects.
pub const INVALID_SCHEMA: &str = "invalid-schema";
/// Code of a schema that is well-formed but cannot be compiled (unresolvable `$ref`, bad regex).
pub const UNUSABLE_SCHEMA: &str = "unusable-schema";

/// Checks that the value at `pointer` in `doc` is a JSON Schema that can be used (2020-12 unless
/// its `$schema` says otherwise): `Ok` with the schema lint's findings ([`crate::lint`]) and the
/// schema compiled (as [`compile_value_schema`] compiles it; `None` when there is no value at
/// `pointer`), or `Err` with each problem as an error. Every span is in `doc`.
pub fn check_schema(
    doc: &Document<'_>,
    pointer: &str,
) -> Result<(Vec<Diagnostic>, Option<CompiledSchema>), Vec<Diagnostic>> {
    if doc.pointer(pointer).is_none() {
        return Ok((Vec::new(), None));
    }
    let errors = match compile_linted(doc, pointer, &ValidateOptions::default()) {
        Ok(linted) => return Ok((linted.lint, Some(linted.engine))),
        Err(errors) => errors,
    };
    let code = match errors.fault {
        SchemaFault::Malformed => INVALID_SCHEMA,
        SchemaFault::Unusable => UNUSABLE_SCHEMA,
    };
    Err(errors
        .diagnostics
        .into_iter()
        .map(|diagnostic| Diagnostic {
            code: code.to_owned(),
            ..diagnostic
        })
        .collect())
}

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
