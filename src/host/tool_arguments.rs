//! [`validate_tool_arguments`]: arguments against what validate mode was given, a Tool
//! definition (its `inputSchema`) or a JSON Schema, the crate deciding which (the page's
//! Validate tab, a docs example's `schema`). The schema's findings point into the text given:
//! a Tool's `inputSchema` is validated where it stands in the tool, so its spans are in the tool.
//!
//! Codes: those of [`crate::validate_arguments`], and `missing-schema` (error): no schema at all
//! (a docs example in validate mode that names none).

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, Span};
use crate::json::{parse, NodeKind, ReadOptions};
use crate::validate::{SchemaErrors, ValidateOptions, ValidationReport};
use crate::validator::validate_arguments;

/// Validates `args` against `tool_or_schema`: the `inputSchema` of a Tool definition (a JSON
/// object whose `inputSchema` is an object), else the text as a JSON Schema; `None`, no schema
/// given, is a report with one `missing-schema` error. A schema that cannot be used is the
/// validator's [`SchemaErrors`], spans into `tool_or_schema`.
pub fn validate_tool_arguments(
    tool_or_schema: Option<&str>,
    args: &str,
    options: &ValidateOptions,
) -> Result<ValidationReport, SchemaErrors> {
    let Some(text) = tool_or_schema else {
        return Ok(ValidationReport {
            valid: false,
            stringified: false,
            diagnostics: vec![missing_schema()],
            output: None,
        });
    };
    let Some((range, schema)) = input_schema(text) else {
        return validate_arguments(text, args, options);
    };
    let into_tool = Shift {
        index: LineIndex::new(text),
        offset: range.start,
    };
    match validate_arguments(schema, args, options) {
        Ok(mut report) => {
            report
                .diagnostics
                .iter_mut()
                .for_each(|d| into_tool.schema_spans(d));
            Ok(report)
        }
        Err(mut errors) => {
            errors
                .diagnostics
                .iter_mut()
                .for_each(|d| into_tool.all_spans(d));
            Err(errors)
        }
    }
}

/// The `missing-schema` error: validate mode without a schema.
fn missing_schema() -> Diagnostic {
    Diagnostic::error(
        "missing-schema",
        "validate needs a schema: schema=\"#id\" or a schema fence",
    )
}

/// A Tool definition's `inputSchema` object: where it stands in `text` (bytes) and its text; `None`
/// when the text is no JSON object with an object `inputSchema` (then it is taken as a schema).
fn input_schema(text: &str) -> Option<(ByteRange, &str)> {
    let doc = parse(text, ReadOptions::default()).ok()?;
    let schema = doc.root.value_of("inputSchema")?;
    let range = schema.range;
    matches!(schema.kind, NodeKind::Object(_))
        .then(|| text.get(range.start..range.end).map(|s| (range, s)))
        .flatten()
}

/// Moves spans into the schema text (an `inputSchema` at `offset`) into the tool text.
struct Shift<'a> {
    /// The tool text's lines.
    index: LineIndex<'a>,
    /// The byte where the `inputSchema` starts in the tool text.
    offset: usize,
}

impl Shift<'_> {
    /// The span in the tool text of `span` in the schema text.
    fn span(&self, span: &Span) -> Span {
        let bytes = ByteRange::new(span.bytes.start + self.offset, span.bytes.end + self.offset);
        self.index.span(bytes)
    }

    /// A validation finding's schema spans (its `span` is in the arguments), its children's too.
    fn schema_spans(&self, d: &mut Diagnostic) {
        d.schema_span = d.schema_span.as_ref().map(|s| self.span(s));
        d.children.iter_mut().for_each(|c| self.schema_spans(c));
    }

    /// A schema finding's spans and fix (all in the schema), its children's too.
    fn all_spans(&self, d: &mut Diagnostic) {
        d.span = d.span.as_ref().map(|s| self.span(s));
        d.schema_span = d.schema_span.as_ref().map(|s| self.span(s));
        if let Some(fix) = d.fix.as_mut() {
            fix.span = self.span(&fix.span);
        }
        d.children.iter_mut().for_each(|c| self.all_spans(c));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOOL: &str = "{\n  \"name\": \"shard\",\n  \"inputSchema\": {\"type\": \"object\",\n    \"properties\": {\"shard\": {\"type\": \"integer\", \"minimum\": 0}}}\n}";

    fn validate(schema: Option<&str>, args: &str) -> Result<ValidationReport, SchemaErrors> {
        validate_tool_arguments(schema, args, &ValidateOptions::default())
    }

    #[test]
    fn a_tool_is_validated_by_its_input_schema_with_spans_in_the_tool() {
        let report = validate(Some(TOOL), r#"{"shard": -1}"#).unwrap();
        assert!(!report.valid);
        let found = &report.diagnostics[0];
        assert_eq!(found.code, "minimum");
        let keyword = found.schema_span.as_ref().unwrap();
        let at = TOOL.get(keyword.bytes.start..keyword.bytes.end).unwrap();
        assert!(at.starts_with("\"minimum\"") || at == "0", "{at}");
        assert_eq!(keyword.line, 4);
        assert!(validate(Some(TOOL), r#"{"shard": 2}"#).unwrap().valid);
    }

    #[test]
    fn a_schema_is_validated_as_it_is() {
        let schema = r#"{"type": "object", "required": ["a"]}"#;
        let report = validate(Some(schema), "{}").unwrap();
        assert_eq!(report.diagnostics[0].code, "required");
        // An `inputSchema` that is no object: the text is no Tool, so it is the schema.
        let odd = r#"{"inputSchema": true, "type": "string"}"#;
        assert!(!validate(Some(odd), "{}").unwrap().valid);
    }

    #[test]
    fn a_broken_input_schema_is_reported_in_the_tool_text() {
        let tool = "{\"name\": \"x\",\n \"inputSchema\": {\"type\": \"objct\"}}";
        let errors = validate(Some(tool), "{}").unwrap_err();
        let span = errors.diagnostics[0].span.as_ref().unwrap();
        assert_eq!(span.line, 2);
        assert!(tool
            .get(span.bytes.start..span.bytes.end)
            .unwrap()
            .contains("objct"));
    }

    #[test]
    fn no_schema_is_a_missing_schema_error() {
        let report = validate(None, "{}").unwrap();
        assert!(!report.valid);
        assert_eq!(report.diagnostics.len(), 1);
        assert_eq!(report.diagnostics[0].code, "missing-schema");
        assert!(report.diagnostics[0].is_error());
    }
}
