use super::*;
use crate::diagnostic::Severity;

fn validator(schema: &str) -> CompiledSchema {
    CompiledSchema::new(schema, &ValidateOptions::default()).unwrap_or_else(|e| panic!("{e:?}"))
}

fn errors(report: &ValidationReport) -> Vec<&Diagnostic> {
    report.diagnostics.iter().filter(|d| d.is_error()).collect()
}

const TOOL: &str = r#"{
  "type": "object",
  "properties": {
    "dataset": {"type": "string", "pattern": "^logs-\\d{4}-\\d{2}$"},
    "shard": {"type": "integer", "minimum": 0},
    "filter": {"type": "object"},
    "query": {"type": "string"}
  },
  "required": ["dataset"],
  "additionalProperties": false
}"#;

#[test]
fn errors_carry_codes_messages_and_both_spans() {
    let args = "{\n  \"dataset\": \"logs-2026-11\",\n  \"shard\": -1,\n  \"extra\": true\n}";
    let report = validator(TOOL).validate(args);
    assert!(!report.valid);
    let found = errors(&report);
    assert_eq!(found.len(), 2, "{found:#?}");
    let minimum = found.iter().find(|d| d.code == "minimum").unwrap();
    assert_eq!(minimum.message, "\"shard\" must be >= 0, got -1");
    assert_eq!(minimum.instance_path, "/shard");
    assert_eq!(
        minimum.keyword_location.as_deref(),
        Some("/properties/shard/minimum")
    );
    assert_eq!(spanned(args, minimum.span), "-1");
    assert_eq!(minimum.span.map(|s| (s.line, s.column)), Some((3, 12)));
    assert_eq!(spanned(TOOL, minimum.schema_span), "\"minimum\": 0");
    let extra = found
        .iter()
        .find(|d| d.code == "additionalProperties")
        .unwrap();
    assert_eq!(extra.instance_path, "/extra");
    assert_eq!(spanned(args, extra.span), "\"extra\": true");
    assert_eq!(
        spanned(TOOL, extra.schema_span),
        "\"additionalProperties\": false"
    );
}

#[test]
fn a_missing_property_points_at_the_enclosing_object() {
    let args = r#"{"shard": 1}"#;
    let report = validator(TOOL).validate(args);
    let required = errors(&report)
        .into_iter()
        .find(|d| d.code == "required")
        .unwrap();
    assert_eq!(required.message, "missing required property \"dataset\"");
    assert_eq!(spanned(args, required.span), args);
    assert_eq!(
        spanned(TOOL, required.schema_span),
        "\"required\": [\"dataset\"]"
    );
}

#[test]
fn every_error_is_reported() {
    let report = validator(TOOL).validate(r#"{"dataset": 5, "shard": -1, "a": 1, "b": 2}"#);
    let codes: Vec<&str> = errors(&report).iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes.len(), 4, "{codes:?}");
    for code in ["type", "minimum", "additionalProperties"] {
        assert!(codes.contains(&code), "{codes:?}");
    }
}

#[test]
fn schema_spans_follow_refs_in_the_same_document() {
    let schema = r##"{"$defs": {"count": {"type": "integer", "minimum": 1}}, "properties": {"n": {"$ref": "#/$defs/count"}}}"##;
    let report = validator(schema).validate(r#"{"n": 0}"#);
    let minimum = errors(&report)[0];
    assert_eq!(spanned(schema, minimum.schema_span), "\"minimum\": 1");
    let with_id = r##"{"$id": "https://example.com/tool", "$defs": {"count": {"minimum": 1}}, "properties": {"n": {"$ref": "#/$defs/count"}}}"##;
    let report = validator(with_id).validate(r#"{"n": 0}"#);
    assert_eq!(
        spanned(with_id, errors(&report)[0].schema_span),
        "\"minimum\": 1"
    );
}

#[test]
fn dialects_come_from_dollar_schema() {
    // In draft-07 an `items` array is a tuple; in 2020-12 it is not even a valid schema.
    let tuple =
        r#"{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "string"}]}"#;
    let v = validator(tuple);
    assert!(v.is_valid(r#"["a", 1]"#));
    assert!(!v.is_valid("[1]"));
    let modern = r#"{"items": [{"type": "string"}]}"#;
    // The meta-schema check refuses it (the server build makes it only when asked).
    let checked = ValidateOptions {
        check_schema: true,
        ..ValidateOptions::default()
    };
    assert!(CompiledSchema::new(modern, &checked).is_err());
    for uri in [
        "https://json-schema.org/draft/2019-09/schema",
        "http://json-schema.org/draft-06/schema#",
        "http://json-schema.org/draft-04/schema#",
    ] {
        let v = validator(&format!(r#"{{"$schema": "{uri}", "type": "integer"}}"#));
        assert!(v.is_valid("3") && !v.is_valid("\"3\""), "{uri}");
    }
    let draft3 = r#"{"$schema": "http://json-schema.org/draft-03/schema#"}"#;
    let err = CompiledSchema::new(draft3, &ValidateOptions::default())
        .err()
        .unwrap();
    assert_eq!(err.diagnostics[0].code, "unsupported-dialect");
    assert_eq!(
        spanned(draft3, err.diagnostics[0].span),
        "\"$schema\": \"http://json-schema.org/draft-03/schema#\""
    );
}

#[test]
fn a_broken_schema_is_reported_in_the_schema_text() {
    let schema = "{\n  \"type\": \"strng\",\n  \"minimum\": \"zero\"\n}";
    let err = CompiledSchema::new(schema, &ValidateOptions::default())
        .err()
        .unwrap();
    let spans: Vec<&str> = err
        .diagnostics
        .iter()
        .map(|d| spanned(schema, d.span))
        .collect();
    assert!(spans.contains(&"\"type\": \"strng\""), "{err:#?}");
    assert!(spans.contains(&"\"minimum\": \"zero\""), "{err:#?}");
    assert!(err
        .diagnostics
        .iter()
        .all(|d| d.message.starts_with("invalid schema")));
    let not_json = CompiledSchema::new("{\"type\": }", &ValidateOptions::default())
        .err()
        .unwrap();
    assert_eq!(
        (
            not_json.diagnostics[0].code.as_str(),
            not_json.diagnostics[0].span.map(|s| s.column)
        ),
        ("syntax", Some(10))
    );
}

#[test]
fn remote_refs_resolve_only_from_registered_schemas() {
    let schema = r#"{"properties": {"when": {"$ref": "https://example.com/date.json"}}}"#;
    let err = CompiledSchema::new(schema, &ValidateOptions::default())
        .err()
        .unwrap();
    let d = &err.diagnostics[0];
    assert_eq!(d.code, "unresolved-ref");
    assert!(
        d.message.contains("https://example.com/date.json"),
        "{}",
        d.message
    );
    assert_eq!(
        spanned(schema, d.span),
        "\"$ref\": \"https://example.com/date.json\""
    );
    let mut options = ValidateOptions::default();
    options.schemas.insert(
        "https://example.com/date.json".into(),
        r#"{"type": "string"}"#.into(),
    );
    let v = CompiledSchema::new(schema, &options).unwrap();
    assert!(v.is_valid(r#"{"when": "today"}"#));
    assert!(!v.is_valid(r#"{"when": 1}"#));
}

#[test]
fn cyclic_refs_do_not_hang() {
    let tree = r##"{"$defs": {"node": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}, "$ref": "#/$defs/node"}"##;
    let v = validator(tree);
    assert!(v.is_valid(r#"{"kids": [{"kids": []}, {}]}"#));
    let report = v.validate(r#"{"kids": [{"kids": [1]}]}"#);
    assert_eq!(errors(&report)[0].instance_path, "/kids/0/kids/0");
    let loop_schema = r##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##;
    // Either refused or answered; what matters is that it returns.
    if let Ok(v) = CompiledSchema::new(loop_schema, &ValidateOptions::default()) {
        let _ = v.validate("{}");
    }
}

#[test]
fn stringified_arguments_are_unwrapped_with_outer_spans() {
    let args = r#""{\"dataset\":\"logs-2026-11\",\"shard\":-3}""#;
    let v = validator(TOOL);
    let report = v.validate(args);
    assert!(report.stringified);
    assert!(!report.valid);
    let minimum = errors(&report)[0];
    assert_eq!(spanned(args, minimum.span), "-3");
    let note = report
        .diagnostics
        .iter()
        .find(|d| d.code == "stringified-arguments")
        .unwrap();
    assert_eq!(note.severity, Severity::Info);
    let good = r#""{\"dataset\":\"logs-2026-11\",\"shard\":3}""#;
    assert!(v.is_valid(good));
    let report = v.validate(good);
    assert!(report.valid && report.stringified);
    // A schema that accepts the string itself keeps it as a string.
    let string_schema = validator(r#"{"type": "string"}"#);
    let report = string_schema.validate(good);
    assert!(report.valid && !report.stringified);
    // A string rejected for another reason than its type is not unwrapped either.
    let pattern_schema = validator(r#"{"pattern": "^x"}"#);
    let report = pattern_schema.validate(good);
    assert!(!report.valid && !report.stringified);
    assert!(!pattern_schema.is_valid(good));
}

#[test]
fn nested_stringified_values_are_flagged_but_not_changed() {
    let args = r#"{"dataset": "logs-2026-11", "filter": "{\"from\": 1}", "query": "{\"a\": 1}"}"#;
    let report = validator(TOOL).validate(args);
    assert!(!report.valid, "the string is still not an object");
    let warnings: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "stringified-value")
        .collect();
    assert_eq!(warnings.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(warnings[0].instance_path, "/filter");
    assert_eq!(spanned(args, warnings[0].span), r#""{\"from\": 1}""#);
}

#[test]
fn any_of_failures_are_grouped_closest_first() {
    let schema = r#"{"properties": {"target": {"anyOf": [
        {"type": "string"},
        {"type": "object", "required": ["host", "port"], "properties": {"port": {"type": "integer"}}},
        {"type": "array"}
    ]}}}"#;
    let report = validator(schema).validate(r#"{"target": {"host": "x", "port": "80"}}"#);
    let found = errors(&report);
    assert_eq!(
        found.len(),
        1,
        "one grouped diagnostic, not a flood: {found:#?}"
    );
    let group = found[0];
    assert_eq!(group.code, "anyOf");
    assert_eq!(group.children.len(), 3);
    assert!(
        group.children[0]
            .message
            .starts_with("alternative 1 (closest)"),
        "{:#?}",
        group.children
    );
    assert_eq!(group.children[0].instance_path, "/target/port");
    assert_eq!(
        spanned(schema, group.children[0].schema_span),
        "\"type\": \"integer\""
    );
}

#[test]
fn formats_annotate_unless_asserted_and_unknown_ones_warn() {
    let schema = r#"{"properties": {"to": {"format": "email"}, "id": {"format": "uint64"}}, "x-vendor": {"a": 1}}"#;
    let lenient = validator(schema);
    assert!(lenient.is_valid(r#"{"to": "nope"}"#));
    let unknown = &lenient.schema_warnings()[0];
    assert_eq!(unknown.code, "unknown-format");
    assert_eq!(
        spanned(schema, unknown.schema_span),
        "\"format\": \"uint64\""
    );
    let report = lenient.validate(r#"{"id": "12"}"#);
    assert!(
        report.valid
            && report
                .diagnostics
                .iter()
                .any(|d| d.code == "unknown-format")
    );
    let strict = CompiledSchema::new(
        schema,
        &ValidateOptions {
            assert_formats: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(!strict.is_valid(r#"{"to": "nope"}"#));
    assert!(strict.is_valid(r#"{"to": "a@b.example", "id": "not checked"}"#));
    let report = strict.validate(r#"{"to": "nope"}"#);
    assert_eq!(errors(&report)[0].code, "format");
}

#[test]
fn flag_and_basic_outputs_follow_the_standard() {
    let flag = ValidateOptions {
        output: Some(OutputFormat::Flag),
        ..Default::default()
    };
    let report = CompiledSchema::new(TOOL, &flag)
        .unwrap()
        .validate(r#"{"shard": 1}"#);
    assert_eq!(report.output, Some(serde_json::json!({"valid": false})));
    let basic = ValidateOptions {
        output: Some(OutputFormat::Basic),
        ..Default::default()
    };
    let report = CompiledSchema::new(TOOL, &basic)
        .unwrap()
        .validate(r#"{"dataset": "x", "shard": -1}"#);
    let output = report.output.unwrap();
    assert_eq!(output["valid"], false);
    let units = output["errors"].as_array().unwrap();
    assert!(units
        .iter()
        .any(|u| u["keywordLocation"] == "/properties/shard/minimum"
            && u["instanceLocation"] == "/shard"));
    assert!(units.iter().all(|u| u["error"].is_string()));
    let report = CompiledSchema::new(TOOL, &basic)
        .unwrap()
        .validate(r#"{"dataset": "logs-2026-11"}"#);
    assert_eq!(report.output, Some(serde_json::json!({"valid": true})));
}

#[test]
fn arguments_that_are_not_json_get_a_positioned_diagnostic() {
    let v = validator(TOOL);
    let report = v.validate("{\"dataset\": \"x\",}");
    assert!(!report.valid);
    let d = errors(&report)[0];
    assert_eq!(
        (d.code.as_str(), d.span.map(|s| s.column)),
        ("syntax", Some(16))
    );
    assert!(!v.is_valid("{\"dataset\": \"x\",}"));
    assert!(!v.is_valid(""));
}

#[test]
fn options_deserialize_from_camel_case() {
    let options: ValidateOptions = serde_json::from_str(
        r#"{"assertFormats": true, "output": "basic", "schemas": {"urn:x": "{}"}}"#,
    )
    .unwrap();
    assert!(options.assert_formats);
    assert_eq!(options.output, Some(OutputFormat::Basic));
    assert_eq!(options.schemas.len(), 1);
    assert!(serde_json::from_str::<ValidateOptions>(r#"{"asertFormats": true}"#).is_err());
}

#[test]
fn odd_schemas_are_answered_not_panicked_on() {
    for schema in [
        r#"{"$schema": 5}"#,
        "true",
        "false",
        "[]",
        "\"x\"",
        "7",
        r#"{"pattern": "("}"#,
        r##"{"$ref": "#/nowhere"}"##,
        r##"{"$ref": "#foo"}"##,
    ] {
        match CompiledSchema::new(schema, &ValidateOptions::default()) {
            Ok(v) => {
                let _ = v.validate("{}");
            }
            Err(e) => assert!(!e.diagnostics.is_empty(), "{schema}"),
        }
    }
    let t = validator("true");
    assert!(t.is_valid("{}") && t.validate("{}").valid);
    let f = validator("false");
    assert!(!f.is_valid("{}"));
    assert_eq!(errors(&f.validate("{}"))[0].code, "falseSchema");
}

#[test]
fn catastrophic_patterns_do_not_hang() {
    let v = validator(r#"{"properties": {"s": {"type": "string", "pattern": "^(a+)+$"}}}"#);
    let args = format!(r#"{{"s": "{}!"}}"#, "a".repeat(40));
    let report = v.validate(&args);
    assert!(!report.valid);
    assert_eq!(errors(&report)[0].code, "pattern");
}

#[test]
fn schemas_and_values_inside_documents_are_located_in_them() {
    let tool_text = r#"{"name": "t", "inputSchema": {"properties": {"kind": {"anyOf": [
        {"properties": {"type": {"const": "a"}, "size": {"type": "integer"}}, "required": ["size"]},
        {"properties": {"type": {"const": "b"}}, "required": ["name", "id"]}
    ]}, "mode": {"anyOf": [{"const": "x"}, {"const": "y"}]}}}}"#;
    let tool = parse(tool_text, ReadOptions::default()).unwrap();
    let schema = CompiledSchema::from_node(&tool, "/inputSchema", &ValidateOptions::default())
        .unwrap_or_else(|e| panic!("{e:?}"));
    let call_text = r#"{"arguments": {"kind": {"type": "b", "size": "big"}, "mode": "z"}}"#;
    let call = parse(call_text, ReadOptions::default()).unwrap();
    let value = call.lexeme(call.pointer("/arguments").unwrap());

    let grouped = schema.validate_at(value, &call, "/arguments", Grouping::Branches);
    let kind = grouped.iter().find(|d| d.code == "anyOf").unwrap();
    assert_eq!(kind.instance_path, "/arguments/kind");
    assert_eq!(
        kind.keyword_location.as_deref(),
        Some("/inputSchema/properties/kind/anyOf")
    );
    assert_eq!(
        spanned(call_text, kind.span),
        r#"{"type": "b", "size": "big"}"#
    );
    assert!(
        kind.children[0]
            .message
            .starts_with("alternative 1 (closest)"),
        "the branch whose constant holds is closest: {:#?}",
        kind.children
    );

    let closest = schema.validate_at(value, &call, "/arguments", Grouping::Closest);
    let codes: Vec<(&str, &str)> = closest
        .iter()
        .map(|d| (d.code.as_str(), d.instance_path.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            ("required", "/arguments/kind"),
            ("required", "/arguments/kind"),
            ("enum", "/arguments/mode")
        ]
    );
    assert_eq!(
        spanned(tool_text, closest[0].schema_span),
        r#""required": ["name", "id"]"#
    );
    assert_eq!(
        closest[2].message,
        r#""mode" must be one of "x", "y", got "z""#
    );

    let broken = parse(
        r#"{"inputSchema": {"minimum": "zero"}}"#,
        ReadOptions::default(),
    )
    .unwrap();
    let Err(errors) =
        CompiledSchema::from_node(&broken, "/inputSchema", &ValidateOptions::default())
    else {
        panic!("a string minimum is not a schema");
    };
    assert_eq!(errors.fault, SchemaFault::Malformed);
    assert_eq!(errors.diagnostics[0].instance_path, "/inputSchema/minimum");
}

#[test]
fn reader_warnings_reach_reports_of_valid_and_invalid_arguments() {
    let tool = validator(TOOL);
    let codes = |report: &ValidationReport| -> Vec<String> {
        report.diagnostics.iter().map(|d| d.code.clone()).collect()
    };
    // The last value of a duplicated key counts, as in `serde_json`.
    let valid = tool.validate(r#"{"dataset": "x", "dataset": "logs-2026-11"}"#);
    assert!(valid.valid);
    assert_eq!(codes(&valid), ["duplicate-key"]);
    let invalid = tool.validate(r#"{"dataset": "logs-2026-11", "shard": 1, "shard": -1}"#);
    assert!(!invalid.valid);
    assert_eq!(codes(&invalid), ["minimum", "duplicate-key"]);
    let clean = tool.validate(r#"{"dataset": "logs-2026-11", "shard": 1}"#);
    assert!(clean.valid && clean.diagnostics.is_empty());
    let bom = tool.validate("\u{feff}{\"dataset\": \"logs-2026-11\"}");
    assert!(bom.valid);
    assert_eq!(codes(&bom), ["byte-order-mark"]);
    for text in [
        r#"{"dataset": "x", "dataset": "logs-2026-11"}"#,
        r#"{"dataset": "logs-2026-11", "shard": 1, "shard": -1}"#,
    ] {
        assert_eq!(tool.is_valid(text), tool.validate(text).valid, "{text}");
    }
}
