//! Compiling a schema (a text, or a node of a parsed document): pick its dialect, check it against
//! its meta-schema when the options ask (over the tape of its text: meta.rs; the full build
//! always does), wire up the registered schemas
//! (offline), and collect the schema-level warnings. Nothing here lints: the public validator
//! ([`crate::validator`]) adds the lint on top.

use jsonschema::error::ValidationErrorKind;
use jsonschema::{Draft, PatternOptions, Registry, ValidationError};
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::json::tree::escape_pointer_token;
use crate::json::{parse, Document, ReadOptions};

use super::dialect::{detect, Dialect};
use super::fast::FastPath;
use super::formats::unknown_formats;
use super::group::{Converter, Grouping};
use super::locate::{InstanceLocator, SchemaSpans};
use super::meta;
use super::report::{SchemaErrors, SchemaFault, ValidateOptions};
use super::tape::TapeJson;
use super::uri_template::is_uri_template;

/// Steps a `pattern` may backtrack before it is reported instead of hanging, natively: the wasm
/// builds run patterns on the host's `RegExp`, which takes no limit (vendored patch
/// `04-host-regex`; docs/robustness.md, "Patterns").
const BACKTRACK_LIMIT: usize = 1_000_000;

/// A compiled schema and what reports need to know about its text.
pub struct Compiled {
    /// The `jsonschema` validator.
    pub validator: jsonschema::Validator<TapeJson>,
    /// Spans of the schema's keywords.
    pub spans: SchemaSpans,
    /// The root `$id` without fragment.
    pub schema_id: Option<String>,
    /// Schema-level warnings (unknown formats, duplicate keys in the schema text).
    pub warnings: Vec<Diagnostic>,
    /// The fast path, when every keyword of the schema is in its subset.
    pub fast: Option<FastPath>,
}

/// Compiles `schema_text`, or explains with positioned diagnostics why it cannot be used.
pub fn compile(schema_text: &str, options: &ValidateOptions) -> Result<Compiled, SchemaErrors> {
    compile_document(&parse_schema(schema_text)?, options)
}

/// Parses a schema text; a text that is not JSON is a malformed schema.
pub fn parse_schema(schema_text: &str) -> Result<Document<'_>, SchemaErrors> {
    parse(schema_text, ReadOptions::default()).map_err(|e| malformed(vec![e.diagnostic()]))
}

/// Compiles the schema that is the whole of `doc`; the reader's warnings about its text come
/// first among the schema warnings.
pub fn compile_document(
    doc: &Document<'_>,
    options: &ValidateOptions,
) -> Result<Compiled, SchemaErrors> {
    let mut compiled = compile_node(doc, "", options)?;
    compiled
        .warnings
        .splice(0..0, doc.warnings.iter().cloned().map(schema_text_warning));
    Ok(compiled)
}

/// A reader's warning about the schema text (a duplicate key, a lone surrogate, a byte order
/// mark) as a schema warning: placed like the others, by keyword location and schema span (the
/// value's pointer and place in the schema text), with no instance position, so that a report
/// says which text each span is in.
pub(super) fn schema_text_warning(warning: Diagnostic) -> Diagnostic {
    Diagnostic {
        keyword_location: Some(warning.instance_path.clone()),
        schema_span: warning.span,
        instance_path: String::new(),
        span: None,
        ..warning
    }
}

/// Compiles the schema at `pointer` in `doc`; every location and span, of the schema errors
/// and later of the keywords in reports, is in `doc`.
pub fn compile_node(
    doc: &Document<'_>,
    pointer: &str,
    options: &ValidateOptions,
) -> Result<Compiled, SchemaErrors> {
    let Some(node) = doc.pointer(pointer) else {
        let missing = Diagnostic::error(
            "schema-missing",
            format!("there is no schema at {pointer:?}"),
        )
        .at_pointer(pointer)
        .with_span(doc.span_at(pointer));
        return Err(malformed(vec![missing]));
    };
    let schema = doc.value_of(node);
    let spans = SchemaSpans::at(doc, node, pointer);
    let registered = registered_schemas(options).map_err(malformed)?;
    let dialect = detect(&schema, |uri| {
        registered
            .iter()
            .any(|(u, _)| u.trim_end_matches('#') == uri)
    })
    .map_err(|d| {
        let location = spans.location("/$schema");
        let span = spans.get(&location);
        malformed(vec![d
            .at_pointer(location.clone())
            .with_keyword(location, span)
            .with_span(span)])
    })?;
    let registry = if registered.is_empty() {
        None
    } else {
        let prepared = Registry::new()
            .extend(registered)
            .and_then(|builder| builder.prepare());
        Some(prepared.map_err(|e| SchemaErrors {
            diagnostics: vec![referencing_diagnostic(
                &e.to_string(),
                None,
                &schema,
                &spans,
            )],
            fault: SchemaFault::Unusable,
            meta_schema_violations: false,
        })?)
    };
    let mut builder = jsonschema::options_for::<TapeJson>()
        .offline()
        .with_pattern_options(PatternOptions::fancy_regex().backtrack_limit(BACKTRACK_LIMIT))
        .with_format("uri-template", is_uri_template);
    if options.assert_formats {
        builder = builder.should_validate_formats(true);
    }
    if let Some(registry) = &registry {
        builder = builder.with_registry(registry);
    }
    // The meta-schema check over the tape of the schema text (meta.rs), when the options ask for
    // it, then the compile without jsonschema's own check over `serde_json::Value`. A schema the
    // engine cannot compile is explained by its meta-schema violations either way
    // (`schema_errors`).
    let text = doc
        .text
        .get(node.range.start..node.range.end)
        .unwrap_or_default();
    let checked = if options.checks_schema() {
        meta::check(&builder, &schema, text)
    } else {
        Ok(())
    };
    let validator = match checked.and_then(|()| builder.build_unchecked(&schema)) {
        Ok(validator) => validator,
        Err(error) => return Err(schema_errors(doc, &schema, text, &spans, dialect, &error)),
    };
    let draft = match dialect {
        Dialect::Builtin(draft) => draft,
        Dialect::Registered => Draft::Draft202012,
    };
    // A registered meta-schema may change what keywords mean: no fast path then. The fast path's
    // engine validators are built from keywords of `schema`, which the engine compiled above
    // (checked or not: the verdicts on a schema the check would refuse are the engine's too,
    // src/validate/unchecked_tests.rs): unchecked, so that no meta-schema validator over
    // `serde_json::Value` is compiled in.
    let fast = match dialect {
        Dialect::Builtin(draft) => FastPath::compile(&schema, draft, &|keywords| {
            builder.build_unchecked(keywords).ok()
        }),
        Dialect::Registered => None,
    };
    let warnings: Vec<Diagnostic> =
        unknown_formats(node, |name| builder.is_known_format(draft, name))
            .into_iter()
            .map(|(path, name)| {
                let location = spans.location(&path);
                let span = spans.get(&location);
                Diagnostic::warning(
                    "unknown-format",
                    format!("format {name:?} is not known; it is not checked"),
                )
                .with_keyword(location, span)
            })
            .collect();
    let schema_id = schema
        .get("$id")
        .and_then(Value::as_str)
        .map(|id| id.trim_end_matches('#').to_owned());
    Ok(Compiled {
        validator,
        spans,
        schema_id,
        warnings,
        fast,
    })
}

/// Schema errors of a schema that is not one: not JSON, an unsupported dialect, or in breach of
/// its meta-schema.
fn malformed(diagnostics: Vec<Diagnostic>) -> SchemaErrors {
    SchemaErrors {
        diagnostics,
        fault: SchemaFault::Malformed,
        meta_schema_violations: false,
    }
}

/// The registered schema texts parsed, or a diagnostic per text that is not JSON.
fn registered_schemas(options: &ValidateOptions) -> Result<Vec<(String, Value)>, Vec<Diagnostic>> {
    let mut parsed = Vec::with_capacity(options.schemas.len());
    let mut errors = Vec::new();
    for (uri, text) in &options.schemas {
        match parse(text, ReadOptions::default()) {
            Ok(doc) => parsed.push((uri.clone(), doc.to_value())),
            Err(e) => errors.push(Diagnostic::error(
                e.code,
                format!("registered schema {uri:?} is not JSON: {e}"),
            )),
        }
    }
    if errors.is_empty() {
        Ok(parsed)
    } else {
        Err(errors)
    }
}

/// Why the schema did not compile: every meta-schema violation (positioned in the schema text),
/// or else the compile error itself (an unresolved reference, an invalid regular expression).
fn schema_errors(
    doc: &Document<'_>,
    schema: &Value,
    text: &str,
    spans: &SchemaSpans,
    dialect: Dialect,
    error: &ValidationError<'_>,
) -> SchemaErrors {
    let violations = match dialect {
        Dialect::Builtin(draft) => meta::errors(draft, text),
        Dialect::Registered => Vec::new(),
    };
    let base = spans.location("");
    let locator = InstanceLocator::at(doc, &base);
    let no_spans = SchemaSpans::default();
    let mut converter = Converter {
        instance: &locator,
        schema: &no_spans,
        schema_id: None,
        root: "the schema",
        grouping: Grouping::Branches,
        warnings: Vec::new(),
    };
    let found: Vec<Diagnostic> = violations
        .iter()
        .flat_map(|e| converter.convert(e))
        .map(|d| as_schema_diagnostic(d, spans))
        .collect();
    if !found.is_empty() {
        return SchemaErrors {
            diagnostics: found,
            fault: SchemaFault::Malformed,
            meta_schema_violations: true,
        };
    }
    let pointer = spans.location(error.instance_path().as_str());
    let unusable = match error.kind() {
        ValidationErrorKind::Referencing(e) => {
            referencing_diagnostic(&e.to_string(), unresolved_uri(e), schema, spans)
        }
        kind => Diagnostic::error(kind.keyword(), format!("invalid schema: {error}"))
            .at_pointer(pointer.clone())
            .with_span(spans.get(&pointer))
            .with_keyword(pointer.clone(), spans.get(&pointer)),
    };
    SchemaErrors {
        diagnostics: vec![unusable],
        fault: SchemaFault::Unusable,
        meta_schema_violations: false,
    }
}

/// A meta-schema violation: the instance is the schema, so its span is also the schema span.
fn as_schema_diagnostic(mut diagnostic: Diagnostic, spans: &SchemaSpans) -> Diagnostic {
    diagnostic.message = format!("invalid schema: {}", diagnostic.message);
    diagnostic.span = spans.get(&diagnostic.instance_path).or(diagnostic.span);
    diagnostic.schema_span = diagnostic.span;
    diagnostic.children = diagnostic
        .children
        .into_iter()
        .map(|c| as_schema_diagnostic(c, spans))
        .collect();
    diagnostic
}

/// The URI a referencing error could not resolve, when it names one.
fn unresolved_uri(error: &jsonschema::ReferencingError) -> Option<&str> {
    match error {
        jsonschema::ReferencingError::Unretrievable { uri, .. } => Some(uri),
        _ => None,
    }
}

/// An `unresolved-ref` error, placed on the `$ref` that names `uri` when one does.
fn referencing_diagnostic(
    detail: &str,
    uri: Option<&str>,
    schema: &Value,
    spans: &SchemaSpans,
) -> Diagnostic {
    let message = match uri {
        Some(uri) => format!(
            "cannot resolve $ref {uri:?}: remote schemas are never fetched; register it (options.schemas) to use it"
        ),
        None => format!("cannot resolve a $ref: {detail}"),
    };
    let pointer = spans.location(
        &uri.and_then(|uri| find_ref(schema, uri))
            .unwrap_or_default(),
    );
    Diagnostic::error("unresolved-ref", message)
        .at_pointer(pointer.clone())
        .with_span(spans.get(&pointer))
        .with_keyword(pointer.clone(), spans.get(&pointer))
}

/// The pointer of a `$ref` (or `$schema`) whose value, without fragment, names `uri`.
fn find_ref(schema: &Value, uri: &str) -> Option<String> {
    let mut stack: Vec<(String, &Value)> = vec![(String::new(), schema)];
    while let Some((pointer, node)) = stack.pop() {
        match node {
            Value::Object(map) => {
                for (key, value) in map {
                    let here = format!("{pointer}/{}", escape_pointer_token(key));
                    let target = value
                        .as_str()
                        .map(|r| r.split('#').next().unwrap_or_default());
                    if matches!(key.as_str(), "$ref" | "$dynamicRef" | "$schema")
                        && target.is_some_and(|t| !t.is_empty() && uri.ends_with(t))
                    {
                        return Some(here);
                    }
                    stack.push((here, value));
                }
            }
            Value::Array(items) => stack.extend(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (format!("{pointer}/{i}"), v)),
            ),
            _ => {}
        }
    }
    None
}
