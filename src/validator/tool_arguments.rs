//! [`validate_tool_arguments`]: arguments against what validate mode was given, a Tool
//! definition (its `inputSchema`) or a JSON Schema, the crate deciding which (the page's
//! Validate tab, a docs example's `schema`). The text given is parsed once; a Tool's
//! `inputSchema` is compiled where it stands in the tool ([`Validator::from_node`]), so the
//! schema's findings point into the text given: their spans, and their pointers too (a
//! Tool's schema error at `/inputSchema/type`, keyword locations `/inputSchema/properties/…`;
//! the arguments' instance paths are the arguments').
//!
//! Validate mode checks the schema against its meta-schema in either build (the server build's
//! [`Validator`] only when asked): the page's Validate tab gives the same verdicts on both.
//!
//! Codes: those of [`crate::validate_arguments`], and `missing-schema` (error): no schema at all
//! (a docs example in validate mode that names none).

use crate::diagnostic::Diagnostic;
use crate::json::{Document, NodeKind};
use crate::validate::{parse_schema, SchemaErrors, ValidateOptions, ValidationReport};

use super::Validator;

/// Where a Tool definition holds its schema.
const INPUT_SCHEMA: &str = "/inputSchema";

/// Validates `args` against `tool_or_schema`: the `inputSchema` of a Tool definition (a JSON
/// object whose `inputSchema` is an object), else the text as a JSON Schema; `None`, no schema
/// given, is a report with one `missing-schema` error. The schema is checked against its
/// meta-schema; one that cannot be used is the validator's [`SchemaErrors`]. Either way every span and pointer about the schema is into
/// `tool_or_schema` (a Tool's under `/inputSchema`).
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
    let doc = parse_schema(text)?;
    let options = options.with_schema_check();
    let validator = if is_tool(&doc) {
        Validator::from_node_with_reader_warnings(&doc, INPUT_SCHEMA, &options)?
    } else {
        Validator::from_document(&doc, &options)?
    };
    Ok(validator.validate(args))
}

/// The `missing-schema` error: validate mode without a schema.
fn missing_schema() -> Diagnostic {
    Diagnostic::error(
        "missing-schema",
        "validate needs a schema: schema=\"#id\" or a schema fence",
    )
}

/// Whether `doc` is a Tool definition: a JSON object whose `inputSchema` is an object (else the
/// text is taken as a schema).
fn is_tool(doc: &Document<'_>) -> bool {
    doc.pointer(INPUT_SCHEMA)
        .is_some_and(|schema| matches!(schema.kind, NodeKind::Object(_)))
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
        // Pointers about the schema are into the tool too; the arguments' are the arguments'.
        assert_eq!(
            found.keyword_location.as_deref(),
            Some("/inputSchema/properties/shard/minimum")
        );
        assert_eq!(found.instance_path, "/shard");
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
        assert_eq!(errors.diagnostics[0].instance_path, "/inputSchema/type");
    }

    #[test]
    fn the_reader_warnings_of_the_input_schema_are_in_the_tool_text() {
        let tool = "{\"name\": \"x\", \"name\": \"y\",\n \"inputSchema\": {\"type\": \"object\", \"type\": \"object\"}}";
        let report = validate(Some(tool), "{}").unwrap();
        assert!(report.valid);
        // The schema's duplicate key, not the tool's own (not about the schema).
        let [warning] = report.diagnostics.as_slice() else {
            panic!("{:?}", report.diagnostics);
        };
        assert_eq!(warning.code, "duplicate-key");
        // About the schema text, placed as the schema's findings are: no instance position.
        assert_eq!(
            warning.keyword_location.as_deref(),
            Some("/inputSchema/type")
        );
        assert_eq!((warning.instance_path.as_str(), warning.span), ("", None));
        let span = warning.schema_span.as_ref().unwrap();
        assert_eq!((span.line, span.column), (2, 36));
        assert_eq!(tool.get(span.bytes.start..span.bytes.end), Some("\"type\""));
    }

    #[test]
    fn the_reader_warnings_of_a_schema_text_point_into_it_as_schema_spans() {
        // A lone surrogate (what a stringified value can hold), a duplicate key: each in the
        // schema text, never at a place of the arguments (whose own warnings keep `span`).
        let schema = r#"{"title": "\ud800", "type": "object", "type": "object"}"#;
        let report = validate(Some(schema), r#"{"a": "\udc00"}"#).unwrap();
        let placed: Vec<_> = report
            .diagnostics
            .iter()
            .map(|d| {
                let at = |span: Option<crate::diagnostic::Span>| {
                    span.map(|s| (s.bytes.start, s.bytes.end))
                };
                (
                    d.code.as_str(),
                    d.keyword_location.as_deref(),
                    d.instance_path.as_str(),
                    at(d.span),
                    at(d.schema_span),
                )
            })
            .collect();
        assert_eq!(
            placed,
            [
                ("lone-surrogate", None, "/a", Some((7, 13)), None),
                ("lone-surrogate", Some("/title"), "", None, Some((11, 17))),
                ("duplicate-key", Some("/type"), "", None, Some((38, 44))),
            ]
        );
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
