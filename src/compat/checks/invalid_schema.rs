//! A tool schema that is not valid JSON Schema (its dialect's meta-schema refuses it) or that
//! cannot be used (a `$ref` that does not resolve, a bad regex): one fact, reported by the `mcp`
//! target, by hosts the data shows refusing it, and by `host::check_tool` through
//! [`check_schema`]. No lowering pass: what the schema meant cannot be guessed.

use crate::diagnostic::Diagnostic;
use crate::json::Document;
use crate::schema::value_subschemas;
use crate::validate::{CompiledSchema, SchemaFault, ValidateOptions};
use crate::validator::compile_linted;

use super::super::rule::Field;
use super::view::ToolView;

/// Code of a schema that its meta-schema rejects.
pub const INVALID_SCHEMA: &str = "invalid-schema";
/// Code of a schema that is well-formed but cannot be compiled (unresolvable `$ref`, bad regex).
pub const UNUSABLE_SCHEMA: &str = "unusable-schema";

/// Checks that the value at `pointer` in `doc` is a JSON Schema that can be used (2020-12 unless
/// its `$schema` says otherwise): `Ok` with the schema lint's findings ([`crate::lint`]) and the
/// schema compiled (`None` when there is no value at `pointer`), or `Err` with each problem as
/// an error. Every span is in `doc`.
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
        .map(|diagnostic| diagnostic.with_code(code))
        .collect())
}

/// Most pointer tokens of a subschema this check compiles: the engine's compilation recurses,
/// and a schema nested deeper is reported as not checked rather than risk the call stack.
const MAX_TOKENS: usize = 256;

/// The problems of the tool's `only` field as JSON Schema (`None`: `inputSchema` and
/// `outputSchema`).
#[inline(never)]
pub(super) fn find(
    doc: &Document<'_>,
    view: &ToolView<'_>,
    only: Option<Field>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let fields = [Field::Input, Field::Output];
    for field in fields.into_iter().filter(|f| only.is_none_or(|o| o == *f)) {
        let path = format!("{}/{}", view.pointer, field.key());
        let Some(schema) = view.value.get(field.key()) else {
            continue;
        };
        let deepest = value_subschemas(schema)
            .iter()
            .map(|s| s.pointer.matches('/').count())
            .max()
            .unwrap_or(0);
        if deepest > MAX_TOKENS {
            let message = format!(
                "`{}` nests subschemas {deepest} pointer tokens deep: not compiled, so not checked as JSON Schema",
                field.key()
            );
            out.push(
                Diagnostic::info(INVALID_SCHEMA, message)
                    .with_span(doc.span_at(&path))
                    .at_pointer(path),
            );
            continue;
        }
        out.extend(check_schema(doc, &path).err().into_iter().flatten());
    }
    out
}
