//! A tool schema that is not valid JSON Schema (its dialect's meta-schema refuses it) or that
//! cannot be used (a `$ref` that does not resolve, a bad regex): one fact, reported by the `mcp`
//! target, by hosts the data shows refusing it, and by `host::check_tool` through
//! [`check_schema`]. Lowering writes draft-07's tuple forms as 2020-12 does where a schema is
//! read as 2020-12 (the draft-07 forms hosts fail the whole list on) and removes a `properties`
//! that is not an object; past that, what the schema meant cannot be guessed ([`CANNOT_LOWER`]).

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::json::Document;
use crate::schema::value_subschemas;
use crate::validate::{CompiledSchema, SchemaFault, ValidateOptions};
use crate::validator::compile_linted;

use super::check::Check;
use super::super::params::Field;
use super::edit::{each_schema, put, take, Lowering};
use super::view::ToolView;

/// Why lowering leaves a schema that is not JSON Schema.
pub(super) const CANNOT_LOWER: &str =
    "lowering cannot fix this: past the draft-07 forms it writes as 2020-12 does (tuple `items`, \
     `additionalItems`) and a `properties` that is not an object, what a schema that is not JSON \
     Schema meant cannot be guessed (correct it by hand)";

/// The dialect MCP reads a schema in when it declares none.
const DIALECT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

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

/// Whether `schema` is read as JSON Schema 2020-12: it declares no `$schema` (MCP's default
/// dialect) or 2020-12's.
#[inline(never)]
fn reads_2020_12(schema: &Value) -> bool {
    schema
        .get("$schema")
        .and_then(Value::as_str)
        .is_none_or(|d| d.trim_end_matches('#') == DIALECT_2020_12)
}

/// Lowering, where the profile refuses schemas that are not JSON Schema: each schema field it
/// reads, read as 2020-12, gets [`to_2020_12`].
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, tool: &mut Value) {
    let fields: Vec<Field> = [Field::Input, Field::Output]
        .into_iter()
        .filter(|f| {
            l.checks.iter().any(|c| match c {
                Check::InvalidSchema(only) => only.is_none_or(|o| o == *f),
                _ => false,
            })
        })
        .collect();
    for field in fields {
        if let Some(schema) = tool.get_mut(field.key()).filter(|s| reads_2020_12(s)) {
            to_2020_12(l, schema, field);
        }
    }
}

/// Most rounds of [`to_2020_12`] (a tuple inside a tuple is reached in the next round).
const ROUNDS: usize = 16;

/// The schema `schema` (the tool's `field`), read as 2020-12, made valid where draft-07's forms
/// break it: tuple `items` (a list) becomes `prefixItems` and `additionalItems` `items`, as
/// 2020-12 writes them (nothing lost); a `properties` that is not an object is removed (lost:
/// it declared no property).
#[inline(never)]
pub(super) fn to_2020_12(l: &mut Lowering, schema: &mut Value, field: Field) {
    let mut tuples = Vec::new();
    let mut removed = Vec::new();
    for _ in 0..ROUNDS {
        let before = tuples.len() + removed.len();
        each_schema(schema, &mut |pointer, s| {
            if let Some(Value::Array(items)) = s.get("items").cloned() {
                take(s, "items");
                if let Some(rest) = take(s, "additionalItems") {
                    put(s, "items", rest);
                }
                put(s, "prefixItems", Value::Array(items));
                tuples.push(pointer.to_owned());
            }
            if s.get("properties").is_some_and(|p| !p.is_object()) {
                removed.extend(take(s, "properties").map(|p| (pointer.to_owned(), p)));
            }
        });
        if tuples.len() + removed.len() == before {
            break;
        }
    }
    let key = field.key();
    for pointer in tuples {
        l.change(
            format!("/{key}{pointer}/prefixItems"),
            "the list `items` (draft-07's tuple) is now `prefixItems`, and `additionalItems` \
             `items`, as JSON Schema 2020-12 writes them",
        );
    }
    for (pointer, value) in removed {
        let at = format!("/{key}{pointer}/properties");
        l.change(at.clone(), "removed `properties`, which is not an object");
        l.lose(
            at,
            "properties",
            format!("`properties` was {value}, not a map of property schemas: check the arguments in the server"),
        );
    }
}
