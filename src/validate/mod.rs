//! Validating MCP tool arguments against a tool's `inputSchema`, built on the `jsonschema` crate.
//!
//! - **Dialect** from `$schema`: none means 2020-12; 2020-12, 2019-09, draft-07, -06 and -04 are
//!   built in; a meta-schema registered in [`ValidateOptions::schemas`] is followed; anything else
//!   is an `unsupported-dialect` error.
//! - **The schema is checked first** against its meta-schema (in the full build always, in the
//!   server build when [`ValidateOptions::check_schema`] asks); a broken schema yields
//!   [`SchemaErrors`] positioned in the schema text and no verdict on the arguments. Unchecked,
//!   a schema the engine cannot compile is such an error too, explained by its meta-schema
//!   violations when it has some.
//! - **Offline references**: nothing is fetched; a `$ref` resolves only to the schema itself or a
//!   schema registered in [`ValidateOptions::schemas`], else an `unresolved-ref` error naming the URI.
//! - **Stringified arguments**: if the arguments text is a JSON string whose content is an object
//!   and the schema rejects a string at the root by its `type`, the content is validated, the report says
//!   `stringified: true`, and every span still points into the text the caller passed (escapes
//!   map back to their source characters). A nested string where the schema wants an object or
//!   array and whose content is one gets a `stringified-value` warning; it is never changed.
//! - **Diagnostics**: every error, with the failing keyword as code, a plain-English message,
//!   instance and keyword locations and spans in both texts; `anyOf`/`oneOf` failures are grouped
//!   per branch, closest first (or, with [`Grouping::Closest`], explained by the closest branch).
//! - **Schemas and values inside larger documents**: [`CompiledSchema::from_node`] compiles a schema
//!   that is one value of a parsed document and [`CompiledSchema::validate_at`] validates one value of
//!   a parsed document; locations and spans are then pointers and positions in those documents.
//!   This is the one mapping from `jsonschema` errors to [`Diagnostic`]s of every feature.
//! - **Formats** annotate by default in 2019-09/2020-12 (draft-04..07 assert them, as those drafts
//!   say); [`ValidateOptions::assert_formats`] makes every known format an assertion. Unknown
//!   formats are ignored with an `unknown-format` warning.

mod compile;
pub(crate) mod dialect;
mod fast;
mod formats;
mod group;
mod locate;
pub(crate) mod messages;
pub(crate) mod meta;
// The official MCP schemas' validators: the full build's (the server build has no `protocol`).
#[cfg(feature = "full")]
pub mod official;
mod output;
mod report;
mod stringified;
mod tape;
mod uri_template;

use jsonschema::error::ValidationErrorKind;
use jsonschema::json::Node;

use crate::diagnostic::Diagnostic;
use crate::json::{parse, Document, JsonError, NodeKind, ReadOptions};

pub use group::Grouping;
pub use output::OutputFormat;
// The classifier and the host checks (the full build) unwrap stringified values too.
#[cfg(feature = "full")]
pub(crate) use stringified::{unwrap_root_starting, Unwrapped};
pub use tape::TapeJson;

pub use compile::parse_schema;
use compile::{compile, compile_document, compile_node, schema_text_warning, Compiled};
use fast::Verdict;
use group::Converter;
use locate::InstanceLocator;
use locate::SchemaSpans;
pub use report::{SchemaErrors, SchemaFault, ValidateOptions, ValidationReport};
use stringified::unwrap_root;
use tape::{Instance, Tape};

/// A compiled schema, ready to validate many arguments texts: the engine alone, without the
/// schema lint (the public [`crate::Validator`] adds it).
pub struct CompiledSchema {
    compiled: Compiled,
    output: Option<OutputFormat>,
}

impl CompiledSchema {
    /// Compiles `schema_text`. Fails with positioned diagnostics if it is not JSON, declares an
    /// unsupported dialect, violates its meta-schema (when checked:
    /// [`ValidateOptions::checks_schema`]), has a `$ref` that cannot be resolved or otherwise
    /// cannot be compiled.
    pub fn new(schema_text: &str, options: &ValidateOptions) -> Result<Self, SchemaErrors> {
        Ok(Self {
            compiled: compile(schema_text, options)?,
            output: options.output,
        })
    }

    /// Compiles the schema that is the whole of `doc` (see [`parse_schema`]), like
    /// [`CompiledSchema::new`] compiles its text.
    pub fn from_document(
        doc: &Document<'_>,
        options: &ValidateOptions,
    ) -> Result<Self, SchemaErrors> {
        Ok(Self {
            compiled: compile_document(doc, options)?,
            output: options.output,
        })
    }

    /// Compiles the schema at `pointer` in `doc` (e.g. a tool's `/inputSchema`). Schema errors,
    /// and the keyword locations and schema spans of later reports, are pointers and positions
    /// in `doc`. Warnings of `doc` itself are not repeated.
    pub fn from_node(
        doc: &Document<'_>,
        pointer: &str,
        options: &ValidateOptions,
    ) -> Result<Self, SchemaErrors> {
        Ok(Self {
            compiled: compile_node(doc, pointer, options)?,
            output: options.output,
        })
    }

    /// Wraps a `jsonschema` validator compiled elsewhere (e.g. against a registry of embedded
    /// schemas). Its reports have keyword locations but no schema spans: there is no schema text.
    pub fn from_compiled(validator: jsonschema::Validator<TapeJson>) -> Self {
        Self {
            compiled: Compiled {
                validator,
                spans: SchemaSpans::default(),
                schema_id: None,
                warnings: Vec::new(),
                fast: None,
            },
            output: None,
        }
    }

    /// Adds warnings about the schema; every report repeats them after the others.
    pub fn with_schema_warnings(mut self, warnings: impl IntoIterator<Item = Diagnostic>) -> Self {
        self.compiled.warnings.extend(warnings);
        self
    }

    /// Puts the reader's warnings about the schema's text (duplicate keys) first among the schema
    /// warnings, where and as [`CompiledSchema::from_document`] puts those of its document (by
    /// keyword location and schema span).
    pub(crate) fn with_reader_warnings(
        mut self,
        warnings: impl IntoIterator<Item = Diagnostic>,
    ) -> Self {
        let warnings = warnings.into_iter().map(schema_text_warning);
        self.compiled.warnings.splice(0..0, warnings);
        self
    }

    /// Warnings about the schema itself (unknown formats, duplicate keys); every report repeats them.
    pub fn schema_warnings(&self) -> &[Diagnostic] {
        &self.compiled.warnings
    }

    /// Validates an arguments text (the object, or a JSON string containing it).
    pub fn validate(&self, args: &str) -> ValidationReport {
        let fast = self.fast_verdict(args);
        if self.output.is_none() && fast == (Verdict::Valid { remarkable: false }) {
            return self.report(true, false, Vec::new());
        }
        let tape = Tape::read(args);
        if let Some(tape) = &tape {
            // A valid text the reader had nothing to say about has nothing to locate: its
            // report is the schema's warnings alone.
            if self.output.is_none()
                && fast == Verdict::Unknown
                && !tape.is_remarkable()
                && self.compiled.validator.is_valid(tape.root())
            {
                return self.report(true, false, Vec::new());
            }
        }
        // The duplicate-key check of a full parse costs a hash set per object: skip it when the
        // tape found no duplicate.
        let options = ReadOptions {
            detect_duplicate_keys: tape.as_ref().is_none_or(Tape::has_duplicate_keys),
            ..ReadOptions::default()
        };
        let read = parse(args, options).and_then(|doc| match tape {
            Some(tape) => Ok((doc, tape)),
            // Unreachable: the tape's scan and the reader accept the same texts (tested).
            None => Err(JsonError::at(
                args,
                0,
                "syntax",
                "internal error: the fast reader rejected a text the reader accepts",
            )),
        });
        let (doc, tape) = match read {
            Ok(read) => read,
            Err(e) => {
                let mut diagnostics = vec![e.diagnostic()];
                diagnostics.extend(self.compiled.warnings.iter().cloned());
                return ValidationReport {
                    valid: false,
                    stringified: false,
                    diagnostics,
                    output: None,
                };
            }
        };
        let root = tape.root();
        if root.is_string() && self.rejects_string_type(root) {
            if let Some(unwrapped) = unwrap_root(&doc) {
                let inner = parse(&unwrapped.text, ReadOptions::default())
                    .ok()
                    .zip(Tape::read(&unwrapped.text));
                if let Some((inner, inner_tape)) = inner {
                    if matches!(inner.root.kind, NodeKind::Object(_)) {
                        let locator = InstanceLocator::mapped(&inner, &doc.index, &unwrapped.map);
                        let note = Diagnostic::info(
                            "stringified-arguments",
                            "the arguments are a JSON string containing the object; its content was validated",
                        )
                        .with_span(Some(doc.span(doc.root.range)));
                        let mut notes = vec![note];
                        notes.extend(inner.warnings.iter().map(|w| {
                            let mut w = w.clone();
                            w.span = w.span.map(|s| locator.span(s.bytes));
                            w
                        }));
                        return self.check(&locator, inner_tape.root(), true, notes);
                    }
                }
            }
        }
        self.check(
            &InstanceLocator::direct(&doc),
            root,
            false,
            doc.warnings.clone(),
        )
    }

    /// Whether an arguments text is valid, without building positions or messages (fast path);
    /// the same verdict as [`CompiledSchema::validate`].
    pub fn is_valid(&self, args: &str) -> bool {
        match self.fast_verdict(args) {
            Verdict::Valid { .. } => return true,
            Verdict::Invalid => return false,
            Verdict::Unknown => {}
        }
        self.engine_is_valid(args)
    }

    /// The fast path's verdict on `args` ([`Verdict::Unknown`] without a fast path).
    fn fast_verdict(&self, args: &str) -> Verdict {
        self.compiled
            .fast
            .as_ref()
            .map_or(Verdict::Unknown, |fast| fast.check(args))
    }

    /// Whether the schema has a fast path (every keyword in its subset).
    pub fn has_fast_path(&self) -> bool {
        self.compiled.fast.is_some()
    }

    /// [`CompiledSchema::is_valid`] by the `jsonschema` engine alone, without the fast path (the
    /// oracle the fast path is tested against).
    pub fn engine_is_valid(&self, args: &str) -> bool {
        let Some(tape) = Tape::read(args) else {
            return false;
        };
        let root = tape.root();
        if self.compiled.validator.is_valid(root) {
            return true;
        }
        let Some(content) = root.as_string() else {
            return false;
        };
        if !self.rejects_string_type(root) {
            return false;
        }
        Tape::read(&content).is_some_and(|inner| {
            inner.root().as_object().is_some() && self.compiled.validator.is_valid(inner.root())
        })
    }

    /// Validates `text`, the JSON text of the value at `pointer` in `doc` (usually
    /// `doc.lexeme(node)`), and returns the errors (and `stringified-value` warnings). Instance
    /// paths are pointers in `doc` and spans are in its text; a value absent from `doc` (the caller
    /// supplies a stand-in text) is located at its nearest existing ancestor. Messages name the
    /// root of `doc` "the value".
    pub fn validate_at(
        &self,
        text: &str,
        doc: &Document<'_>,
        pointer: &str,
        grouping: Grouping,
    ) -> Vec<Diagnostic> {
        let Some(tape) = Tape::read(text) else {
            return Vec::new();
        };
        // A valid value has no findings: the engine's verdict alone (as `validate` asks it first)
        // costs less than collecting none, and most messages of a log are valid.
        if self.compiled.validator.is_valid(tape.root()) {
            return Vec::new();
        }
        let locator = InstanceLocator::at(doc, pointer);
        let (mut diagnostics, warnings) =
            self.findings(tape.root(), &locator, "the value", grouping);
        diagnostics.extend(warnings);
        diagnostics
    }

    /// The errors of `value` (located by `locator`, its root named `root` in messages) and,
    /// apart, the warnings met converting them.
    fn findings(
        &self,
        instance: Instance<'_>,
        locator: &InstanceLocator<'_>,
        root: &str,
        grouping: Grouping,
    ) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
        let mut converter = Converter {
            instance: locator,
            schema: &self.compiled.spans,
            schema_id: self.compiled.schema_id.as_deref(),
            root,
            grouping,
            warnings: Vec::new(),
        };
        let errors = self
            .compiled
            .validator
            .iter_errors(instance)
            .flat_map(|e| converter.convert(&e))
            .collect();
        (errors, converter.warnings)
    }

    /// Whether the schema rejects this root string for its type (a `type` error at the root),
    /// the condition for reading a string as stringified arguments.
    fn rejects_string_type(&self, instance: Instance<'_>) -> bool {
        self.compiled.validator.iter_errors(instance).any(|e| {
            e.instance_path().as_str().is_empty()
                && matches!(e.kind(), ValidationErrorKind::Type { .. })
        })
    }

    /// Validates `value` and assembles the report; `notes` are findings made on the way.
    fn check(
        &self,
        locator: &InstanceLocator<'_>,
        instance: Instance<'_>,
        stringified: bool,
        notes: Vec<Diagnostic>,
    ) -> ValidationReport {
        let (mut diagnostics, warnings) =
            self.findings(instance, locator, "the arguments", Grouping::Branches);
        let valid = diagnostics.is_empty();
        diagnostics.extend(warnings);
        diagnostics.extend(notes);
        let mut report = self.report(valid, stringified, diagnostics);
        report.output = self
            .output
            .map(|format| output::output(&self.compiled.validator, instance, format));
        report
    }

    /// A report of `diagnostics` and the schema's warnings, most severe first.
    fn report(
        &self,
        valid: bool,
        stringified: bool,
        mut diagnostics: Vec<Diagnostic>,
    ) -> ValidationReport {
        diagnostics.extend(self.compiled.warnings.iter().cloned());
        diagnostics.sort_by_key(|d| d.severity);
        ValidationReport {
            valid,
            stringified,
            diagnostics,
            output: None,
        }
    }
}

/// A document's text, for tests that compare spans with text.
#[cfg(test)]
fn spanned(text: &str, span: Option<crate::diagnostic::Span>) -> &str {
    span.and_then(|s| text.get(s.bytes.start..s.bytes.end))
        .unwrap_or("<no span>")
}

#[cfg(test)]
mod tests;
// The fast path against the engine: tests of CompiledSchema, which holds both.
#[cfg(test)]
mod fast_tests;
// Schemas compiled without the meta-schema check: the server build's default.
#[cfg(all(test, not(feature = "full")))]
mod unchecked_tests;
