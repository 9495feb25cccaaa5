//! The public [`Validator`]: the engine's compiled schema ([`crate::validate::CompiledSchema`])
//! with the schema lint ([`crate::lint`]) on top. It compiles a schema with the engine, explains meta-schema
//! violations with the lint (each by its closest alternative, with the nearest allowed value),
//! and appends the lint's findings to the schema warnings once, when the schema is compiled.
//! [`check_schema`] gives what it finds about a schema alone; [`validate_tool_arguments`] is
//! validate mode (a Tool's `inputSchema` or a schema, the crate deciding which).
//!
//! The server build (the `validator` feature without `full`) has no lint: its validator's schema
//! warnings are the engine's, and meta-schema violations stay as the engine words them; the
//! verdicts and positions are the same. It checks a schema against its meta-schema only when
//! asked ([`ValidateOptions::check_schema`], and always in [`check_schema`] and validate mode);
//! the full build checks every schema.
//!
//! Everything inside the crate that only needs verdicts (the host checks, the classifier, the
//! lint itself) uses the engine directly.

mod tool_arguments;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::json::Document;
#[cfg(feature = "full")]
use crate::lint::{explain_meta, lint_node};
use crate::validate::ValidationReport;
use crate::validate::{self, parse_schema, SchemaErrors, ValidateOptions};

pub use tool_arguments::validate_tool_arguments;

/// The server build (the `validator` feature without `full`) has no lint: no findings of its own.
#[cfg(not(feature = "full"))]
fn lint_node(_doc: &Document<'_>, _pointer: &str) -> Vec<Diagnostic> {
    Vec::new()
}

/// The server build has no lint to explain meta-schema violations: they stay as the engine words
/// them (the same verdict, the same positions).
#[cfg(not(feature = "full"))]
fn explain_meta(_doc: &Document<'_>, _pointer: &str) -> Vec<Diagnostic> {
    Vec::new()
}

/// A schema compiled by the engine, and the lint's findings about it.
pub struct LintedSchema {
    /// The schema compiled by the engine, without the lint.
    pub engine: validate::CompiledSchema,
    /// The lint's findings, as the lint reports them (errors stay errors).
    pub lint: Vec<Diagnostic>,
}

/// Compiles the schema at `pointer` in `doc` and lints it; meta-schema violations are explained
/// by the lint. Every pointer and span is in `doc`.
pub fn compile_linted(
    doc: &Document<'_>,
    pointer: &str,
    options: &ValidateOptions,
) -> Result<LintedSchema, SchemaErrors> {
    match validate::CompiledSchema::from_node(doc, pointer, options) {
        Ok(engine) => Ok(LintedSchema {
            engine,
            lint: lint_node(doc, pointer),
        }),
        Err(errors) => Err(explained(doc, pointer, errors)),
    }
}

/// The engine's meta-schema violations replaced by the lint's explanations of them, when it has
/// some (a custom dialect has none).
fn explained(doc: &Document<'_>, pointer: &str, errors: SchemaErrors) -> SchemaErrors {
    if !errors.meta_schema_violations {
        return errors;
    }
    let explained = explain_meta(doc, pointer);
    if explained.is_empty() {
        return errors;
    }
    SchemaErrors {
        diagnostics: explained,
        ..errors
    }
}

/// A compiled schema, ready to validate many arguments texts; its schema warnings include the
/// schema lint's findings.
pub struct Validator(validate::CompiledSchema);

impl Validator {
    /// Compiles `schema_text`. Fails with positioned diagnostics if it is not JSON, declares an
    /// unsupported dialect, violates its meta-schema (checked in the full build, and in the server
    /// build when [`ValidateOptions::check_schema`] asks), has a `$ref` that cannot be resolved or
    /// otherwise cannot be compiled.
    pub fn new(schema_text: &str, options: &ValidateOptions) -> Result<Self, SchemaErrors> {
        Self::from_document(&parse_schema(schema_text)?, options)
    }

    /// Compiles the schema that is the whole of `doc` (read by [`parse_schema`]), as
    /// [`Validator::new`] compiles its text: the reader's warnings about the text come first among
    /// the schema warnings.
    pub fn from_document(
        doc: &Document<'_>,
        options: &ValidateOptions,
    ) -> Result<Self, SchemaErrors> {
        let engine = validate::CompiledSchema::from_document(doc, options)
            .map_err(|errors| explained(doc, "", errors))?;
        Ok(Self::with_lint(engine, lint_node(doc, "")))
    }

    /// Compiles the schema at `pointer` in `doc` (e.g. a tool's `/inputSchema`). Schema errors,
    /// and the keyword locations and schema spans of later reports, are pointers and positions
    /// in `doc`. Warnings of `doc` itself are not repeated.
    pub fn from_node(
        doc: &Document<'_>,
        pointer: &str,
        options: &ValidateOptions,
    ) -> Result<Self, SchemaErrors> {
        let linted = compile_linted(doc, pointer, options)?;
        Ok(Self::with_lint(linted.engine, linted.lint))
    }

    /// [`Validator::from_node`] for a schema that stands in a text given to validate with (a
    /// Tool's `/inputSchema` in validate mode): the reader's warnings about the schema's part of
    /// `doc` (duplicate keys in it) come first among its schema warnings, as
    /// [`Validator::from_document`] puts those of the whole text.
    pub fn from_node_with_reader_warnings(
        doc: &Document<'_>,
        pointer: &str,
        options: &ValidateOptions,
    ) -> Result<Self, SchemaErrors> {
        let linted = compile_linted(doc, pointer, options)?;
        let inside = doc.warnings.iter().filter(|warning| {
            let rest = warning.instance_path.strip_prefix(pointer);
            rest.is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        });
        let engine = linted.engine.with_reader_warnings(inside.cloned());
        Ok(Self::with_lint(engine, linted.lint))
    }

    /// The engine's validator with the lint's findings as schema warnings (a report's verdict is
    /// about the arguments alone), placed like the other schema warnings: by keyword location
    /// and schema span, no instance position.
    fn with_lint(engine: validate::CompiledSchema, lint: Vec<Diagnostic>) -> Self {
        Self(
            engine.with_schema_warnings(lint.into_iter().map(|d| Diagnostic {
                severity: Severity::Warning,
                instance_path: String::new(),
                span: None,
                ..d
            })),
        )
    }

    /// Warnings about the schema itself (unknown formats, duplicate keys, the lint's findings);
    /// every report repeats them.
    pub fn schema_warnings(&self) -> &[Diagnostic] {
        self.0.schema_warnings()
    }

    /// Validates an arguments text (the object, or a JSON string containing it).
    pub fn validate(&self, args: &str) -> ValidationReport {
        self.0.validate(args)
    }

    /// [`Validator::validate`] without the schema's warnings ([`Validator::schema_warnings`]):
    /// the findings about the arguments alone, for a caller that reports the schema's once
    /// (the CLI's `validate` of many files against one schema).
    pub fn validate_alone(&self, args: &str) -> ValidationReport {
        let mut report = self.validate(args);
        let warnings = self.schema_warnings();
        report.diagnostics.retain(|d| !warnings.contains(d));
        report
    }

    /// Whether an arguments text is valid, without building positions or messages (fast path);
    /// the same verdict as [`Validator::validate`].
    pub fn is_valid(&self, args: &str) -> bool {
        self.0.is_valid(args)
    }

    /// Whether the schema has a fast path (every keyword in its subset).
    pub fn has_fast_path(&self) -> bool {
        self.0.has_fast_path()
    }

    /// [`Validator::is_valid`] by the `jsonschema` engine alone, without the fast path (the
    /// oracle the fast path is tested against).
    pub fn engine_is_valid(&self, args: &str) -> bool {
        self.0.engine_is_valid(args)
    }
}

/// What [`check_schema`] finds about a schema.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SchemaCheck {
    /// Whether the schema can be used: it is JSON, of a supported dialect, valid against its
    /// meta-schema, and compiles (its references resolve, its patterns are regular expressions).
    pub valid: bool,
    /// When it cannot be used, why (the errors a [`Validator`] would fail with); else the
    /// warnings about it every report would repeat (unknown formats, duplicate keys, and in the
    /// full build the lint's findings). Positioned in the schema text.
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks `schema_text` against its meta-schema and compiles it, as [`Validator::new`] does with
/// [`ValidateOptions::check_schema`] (whatever `options` says of it), and says what it found.
pub fn check_schema(schema_text: &str, options: &ValidateOptions) -> SchemaCheck {
    match Validator::new(schema_text, &options.with_schema_check()) {
        Ok(validator) => SchemaCheck {
            valid: true,
            diagnostics: validator.schema_warnings().to_vec(),
        },
        Err(errors) => SchemaCheck {
            valid: false,
            diagnostics: errors.diagnostics,
        },
    }
}

/// Compiles `schema` and validates `args` once.
pub fn validate_arguments(
    schema: &str,
    args: &str,
    options: &ValidateOptions,
) -> Result<ValidationReport, SchemaErrors> {
    Ok(Validator::new(schema, options)?.validate(args))
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "full")]
    use crate::json::{parse, ReadOptions};

    #[cfg(feature = "full")]
    #[test]
    fn meta_schema_violations_are_explained_by_the_lint() {
        let text = r#"{"type": "objct"}"#;
        let options = ValidateOptions::default();
        let Err(bare) = validate::CompiledSchema::new(text, &options) else {
            panic!("not a schema");
        };
        assert!(bare.meta_schema_violations);
        let Err(explained) = Validator::new(text, &options) else {
            panic!("not a schema");
        };
        assert_eq!(explained.diagnostics.len(), 1, "{explained:?}");
        let message = &explained.diagnostics[0].message;
        assert!(message.contains("did you mean \"object\"?"), "{message}");
        // Errors that are not meta-schema violations are the engine's.
        let Err(not_json) = Validator::new("{", &options) else {
            panic!("not JSON");
        };
        assert!(!not_json.meta_schema_violations);
        assert_eq!(not_json.diagnostics, bare_errors("{"));
    }

    #[cfg(feature = "full")]
    fn bare_errors(text: &str) -> Vec<Diagnostic> {
        validate::CompiledSchema::new(text, &ValidateOptions::default())
            .err()
            .map(|e| e.diagnostics)
            .unwrap_or_default()
    }

    /// The server build (no lint): the engine's errors and warnings as they are, the same verdicts.
    #[cfg(not(feature = "full"))]
    #[test]
    fn the_server_build_has_the_engines_errors_and_no_lint_findings() {
        let options = ValidateOptions::default();
        let engine = |text: &str| validate::CompiledSchema::new(text, &options);
        let Err(explained) = Validator::new(r#"{"type": "objct"}"#, &options) else {
            panic!("not a schema");
        };
        assert!(explained.meta_schema_violations);
        assert_eq!(
            Some(explained.diagnostics),
            engine(r#"{"type": "objct"}"#).err().map(|e| e.diagnostics)
        );
        let text = r#"{"type": "object", "properties": {"a": {"type": "string", "maxLenght": 3}}}"#;
        let public = Validator::new(text, &options).unwrap();
        assert!(public.schema_warnings().is_empty());
        assert_eq!(
            public.validate(r#"{"a": 1}"#),
            engine(text).unwrap().validate(r#"{"a": 1}"#)
        );
    }

    /// A schema its meta-schema refuses (`title` is a string there) that the engine can compile.
    const OFF_META: &str = r#"{"type": "integer", "title": 3}"#;

    /// The server build compiles it unless asked to check it; `check_schema` always checks.
    #[cfg(not(feature = "full"))]
    #[test]
    fn the_server_build_checks_a_schema_only_when_asked() {
        let unchecked = Validator::new(OFF_META, &ValidateOptions::default()).unwrap();
        assert!(unchecked.is_valid("1") && !unchecked.is_valid("1.5"));
        let checking = ValidateOptions::default().with_schema_check();
        let Err(refused) = Validator::new(OFF_META, &checking) else {
            panic!("checked, the schema is refused");
        };
        assert!(refused.meta_schema_violations);
        assert_eq!(refused.diagnostics[0].instance_path, "/title");
        let found = check_schema(OFF_META, &ValidateOptions::default());
        assert!(!found.valid);
        assert_eq!(found.diagnostics, refused.diagnostics);
    }

    /// The full build checks every schema, whatever the options say.
    #[cfg(feature = "full")]
    #[test]
    fn the_full_build_checks_every_schema() {
        assert!(Validator::new(OFF_META, &ValidateOptions::default()).is_err());
        let found = check_schema(OFF_META, &ValidateOptions::default());
        assert!(!found.valid);
        assert_eq!(found.diagnostics[0].instance_path, "/title");
        let fine = check_schema(
            r#"{"type": "string", "format": "no-such"}"#,
            &ValidateOptions::default(),
        );
        assert!(fine.valid);
        assert_eq!(fine.diagnostics[0].code, "unknown-format");
    }

    #[cfg(feature = "full")]
    #[test]
    fn lint_findings_are_schema_warnings_once_and_the_engine_has_none() {
        let text = r#"{"type": "object", "properties": {"a": {"type": "string", "maxLenght": 3}}}"#;
        let options = ValidateOptions::default();
        let codes = |warnings: &[Diagnostic]| -> Vec<String> {
            warnings.iter().map(|d| d.code.clone()).collect()
        };
        let public = Validator::new(text, &options).unwrap();
        assert_eq!(codes(public.schema_warnings()), ["unknown-keyword"]);
        let report = public.validate(r#"{"a": "x"}"#);
        assert!(report.valid);
        assert_eq!(codes(&report.diagnostics), ["unknown-keyword"]);
        let bare = validate::CompiledSchema::new(text, &options).unwrap();
        assert!(bare.schema_warnings().is_empty());
        // In a document: the lint keeps its severities for the host (a contradiction is a
        // warning, docs/robustness.md), the validator warns.
        let doc = parse(
            r#"{"inputSchema": {"minimum": 5, "maximum": 1}}"#,
            ReadOptions::default(),
        )
        .unwrap();
        let linted = compile_linted(&doc, "/inputSchema", &options).unwrap();
        assert_eq!(codes(&linted.lint), ["empty-range"]);
        assert_eq!(linted.lint[0].severity, Severity::Warning);
        let public = Validator::from_node(&doc, "/inputSchema", &options).unwrap();
        assert_eq!(public.schema_warnings()[0].severity, Severity::Warning);
    }
}
