//! The schema lint (`lint_schema`): a passing and a failing case for every rule, the spans and
//! fixes it reports, and the corpus it must pass clean: the official MCP schemas
//! (../shared/mcp-schema) and the tool schemas of the official reference servers
//! (tests/fixtures/lint/reference-tools.json, kept current by tests/node/lint.test.mjs).
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use mcp_json_toolbox::host::check_tool;
use mcp_json_toolbox::{lint_schema, Diagnostic, Severity, ValidateOptions, Validator};

/// The text a span covers.
fn covered<'t>(text: &'t str, d: &Diagnostic) -> &'t str {
    d.span
        .and_then(|s| text.get(s.bytes.start..s.bytes.end))
        .unwrap_or("<no span>")
}

/// The findings of `text` as (code, covered text).
fn findings(text: &str) -> Vec<(String, String)> {
    lint_schema(text)
        .diagnostics
        .iter()
        .map(|d| (d.code.clone(), covered(text, d).to_owned()))
        .collect()
}

/// The one finding with `code` in `text`; fails if there is not exactly one.
fn one(text: &str, code: &str) -> Diagnostic {
    let report = lint_schema(text);
    let mut matching = report.diagnostics.iter().filter(|d| d.code == code);
    match (matching.next(), matching.next()) {
        (Some(d), None) => d.clone(),
        _ => panic!(
            "expected one {code} in {text}, got {:#?}",
            report.diagnostics
        ),
    }
}

/// The one finding with `code` in `text`, asserting its severity and the text its span covers.
fn at(text: &str, code: &str, severity: Severity, spans: &str) -> Diagnostic {
    let d = one(text, code);
    assert_eq!((d.severity, covered(text, &d)), (severity, spans), "{code}");
    d
}

/// Asserts none of `texts` has a finding with `code`.
fn none(code: &str, texts: &[&str]) {
    for text in texts {
        let found = findings(text);
        assert!(
            found.iter().all(|(c, _)| c != code),
            "unexpected {code} in {text}: {found:?}"
        );
    }
}

/// Asserts the message of `d` contains `part`.
fn says(d: &Diagnostic, part: &str) {
    assert!(d.message.contains(part), "{:?} lacks {part:?}", d.message);
}

/// The replacement a finding's fix writes, applied to `text`.
fn fixed(text: &str, d: &Diagnostic) -> String {
    let fix = d.fix.as_ref().expect("a fix");
    let mut out = text.to_owned();
    out.replace_range(fix.span.bytes.start..fix.span.bytes.end, &fix.replacement);
    out
}

#[test]
fn the_issue_example_names_both_typos_with_fixes() {
    let text =
        r#"{"type":"object","properties":{"a":{"type":"string","maxLenght":5}},"requird":["a"]}"#;
    let report = lint_schema(text);
    assert!(report.valid, "warnings only");
    assert_eq!(report.dialect, Some("2020-12"));
    let codes: Vec<_> = report
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), covered(text, d)))
        .collect();
    assert_eq!(
        codes,
        [
            ("unknown-keyword", "\"maxLenght\""),
            ("unknown-keyword", "\"requird\"")
        ]
    );
    let first = &report.diagnostics[0];
    assert_eq!(first.severity, Severity::Warning);
    says(first, "did you mean `maxLength`?");
    assert_eq!(first.instance_path, "/properties/a/maxLenght");
    assert_eq!(first.span.map(|s| (s.line, s.column)), Some((1, 53)));
    let repaired = fixed(&fixed(text, &report.diagnostics[1]), &report.diagnostics[0]);
    assert_eq!(
        repaired,
        r#"{"type":"object","properties":{"a":{"type":"string","maxLength":5}},"required":["a"]}"#
    );
    assert!(lint_schema(&repaired).diagnostics.is_empty());
}

#[test]
fn unknown_keyword() {
    none(
        "unknown-keyword",
        &[r#"{"type":"string","x-ui":"wide","title":"t","description":"d","examples":["a"]}"#],
    );
    // Keywords are per dialect.
    none(
        "unknown-keyword",
        &[
            r#"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{},"dependencies":{}}"#,
        ],
    );
    let d = one(r#"{"type":"string","minLenght":1}"#, "unknown-keyword");
    says(&d, "did you mean `minLength`?");
    let d = one(
        r#"{"$schema":"http://json-schema.org/draft-07/schema#","prefixItems":[true]}"#,
        "unknown-keyword",
    );
    says(&d, "did you mean `items`?");
    let d = one(
        r#"{"$schema":"http://json-schema.org/draft-07/schema#","dependentRequired":{}}"#,
        "unknown-keyword",
    );
    says(
        &d,
        "it is a 2020-12 keyword, but this schema is read as draft-07",
    );
    let d = one(r#"{"type":"string","nullable":true}"#, "unknown-keyword");
    says(&d, "OpenAPI");
    assert!(d.fix.is_none());
    let d = one(
        r#"{"type":"object","city":{"type":"string"}}"#,
        "unknown-keyword",
    );
    says(&d, "move it into `properties`");
    let d = one(
        r#"{"prefixItems":[true],"additionalItems":false}"#,
        "unknown-keyword",
    );
    says(&d, "did you mean `items`?");
    let d = one(r#"{"type":"string","colour":"red"}"#, "unknown-keyword");
    says(&d, "prefix it with `x-`");
}

#[test]
fn meta_schema_failures_lead_with_the_closest_alternative() {
    let text = r#"{"type":"object","properties":{"a":{"type":"obj"}}}"#;
    let d = one(text, "invalid-schema");
    assert_eq!(d.severity, Severity::Error);
    // The span is the member, as every schema error's; the fix replaces the value alone.
    assert_eq!(covered(text, &d), "\"type\":\"obj\"");
    assert!(
        d.message
            .starts_with("invalid schema: \"type\" must be one of \"array\", \"boolean\""),
        "{}",
        d.message
    );
    says(&d, "did you mean \"object\"?");
    assert_eq!(
        fixed(text, &d),
        r#"{"type":"object","properties":{"a":{"type":"object"}}}"#
    );
    let text = r#"{"type":"integer","minimum":"5"}"#;
    let d = one(text, "invalid-schema");
    says(&d, "must be a number, got string: write 5 without quotes");
    assert_eq!(fixed(text, &d), r#"{"type":"integer","minimum":5}"#);
    let d = one(r#"{"type":["string","int"]}"#, "invalid-schema");
    says(&d, "did you mean \"integer\"?");
    let d = one(r#"{"required":"a"}"#, "invalid-schema");
    says(&d, "must be an array");
    assert!(lint_schema(r#"{"type":"object"}"#).diagnostics.is_empty());
}

#[test]
fn schemas_that_are_not_json_or_not_known_dialects() {
    let report = lint_schema(r#"{"type": }"#);
    assert!(!report.valid);
    assert_eq!(report.diagnostics[0].code, "syntax");
    let d = one(
        r#"{"$schema":"http://json-schema.org/draft-03/schema#"}"#,
        "unsupported-dialect",
    );
    assert_eq!(d.instance_path, "/$schema");
    none(
        "unsupported-dialect",
        &[r#"{"$schema":"http://json-schema.org/draft-04/schema#"}"#],
    );
}

#[test]
fn empty_range() {
    none(
        "empty-range",
        &[
            r#"{"minimum":1,"maximum":1,"minLength":0,"maxLength":3}"#,
            r#"{"$schema":"http://json-schema.org/draft-04/schema#","minimum":1,"maximum":2,"exclusiveMinimum":true}"#,
        ],
    );
    let text = r#"{"type":"integer","minimum":10,"maximum":5}"#;
    let d = at(text, "empty-range", Severity::Warning, "\"minimum\"");
    says(&d, "`minimum` 10 and `maximum` 5");
    one(r#"{"exclusiveMinimum":3,"maximum":3}"#, "empty-range");
    one(r#"{"minimum":3,"exclusiveMaximum":3}"#, "empty-range");
    one(
        r#"{"$schema":"http://json-schema.org/draft-04/schema#","minimum":3,"maximum":3,"exclusiveMaximum":true}"#,
        "empty-range",
    );
    for (low, high) in [
        ("minLength", "maxLength"),
        ("minItems", "maxItems"),
        ("minProperties", "maxProperties"),
        ("minContains", "maxContains"),
    ] {
        let text = format!(r#"{{"{low}":4,"{high}":2}}"#);
        let d = one(&text, "empty-range");
        assert_eq!(covered(&text, &d), format!("\"{low}\""));
    }
}

#[test]
fn required_forbidden() {
    none(
        "required-forbidden",
        &[
            r#"{"type":"object","properties":{"a":{}},"required":["a"],"additionalProperties":false}"#,
            r#"{"type":"object","patternProperties":{"^x-":{}},"required":["x-a"],"additionalProperties":false}"#,
            r#"{"type":"object","required":["b"]}"#,
        ],
    );
    let text = r#"{"type":"object","properties":{"a":{}},"required":["a","b"],"additionalProperties":false}"#;
    let d = at(text, "required-forbidden", Severity::Warning, "\"b\"");
    assert_eq!(d.instance_path, "/required/1");
}

#[test]
fn type_excludes_value() {
    none(
        "type-excludes-value",
        &[
            r#"{"type":"string","enum":["a","b"]}"#,
            r#"{"type":["integer","null"],"enum":[1,null,2.0]}"#,
            r#"{"type":"number","const":3}"#,
        ],
    );
    let text = r#"{"type":"string","enum":["a",1]}"#;
    let d = at(text, "type-excludes-value", Severity::Warning, "1");
    says(&d, "1 is an integer, which `type` \"string\" rejects");
    one(r#"{"type":"integer","const":1.5}"#, "type-excludes-value");
}

/// Issue 43: JSON Schema 2020-12 puts no restriction on `default` (validation §9.2, "It is
/// RECOMMENDED that a default value be valid against the associated schema"), and no consumer is
/// shown refusing `{"type":"string","default":null}` (a common workaround for Vertex AI refusing
/// nullable `anyOf`): a warning, never an error, and the schema and its tool stay valid.
#[test]
fn an_invalid_default_is_a_warning_not_an_error() {
    let text = r#"{"type":"object","properties":{"a":{"type":"string","default":null}}}"#;
    let report = lint_schema(text);
    assert!(report.valid, "{:?}", report.diagnostics);
    let d = at(text, "invalid-default", Severity::Warning, "null");
    says(&d, "the default is not valid against its own schema");
    let tool = format!(r#"{{"name":"t","inputSchema":{text}}}"#);
    let host = check_tool(&tool);
    assert!(host.valid, "{:?}", host.diagnostics);
    assert!(host.diagnostics.iter().all(|d| !d.is_error()));
}

/// `lint::CODES` lists every code the lint gives (the session's tool table counts by it).
#[test]
fn every_lint_code_is_listed() {
    let schemas = [
        r#"{"type":"object","propertis":{},"minimum":5,"maximum":1,"required":["z"],"additionalProperties":false}"#,
        r#"{"type":"string","enum":[1],"default":1,"examples":[2],"minimum":1,"pattern":"(?<n>a)\\k<n>"}"#,
        r##"{"$schema":"http://json-schema.org/draft-07/schema#","$ref":"#/definitions/a","type":"string","definitions":{"a":{}}}"##,
        r#"{"dependencies":{},"additionalItems":false,"then":{},"additionalProperties":false,"allOf":[{"properties":{"a":{}}}]}"#,
        r#"{"items":[{}]}"#,
        r#"{"type":"obj"}"#,
        r##"{"$schema":"http://json-schema.org/draft-03/schema#"}"##,
    ];
    let mut seen = std::collections::BTreeSet::new();
    for text in schemas {
        for d in lint_schema(text).diagnostics {
            assert!(
                mcp_json_toolbox::lint::CODES.contains(&d.code.as_str()),
                "{} from {text}",
                d.code
            );
            seen.insert(d.code);
        }
    }
    assert!(seen.len() >= 10, "{seen:?}");
}

#[test]
fn invalid_default_and_examples() {
    none(
        "invalid-default",
        &[
            r#"{"type":"string","maxLength":3,"default":"abc","examples":["a","ab"]}"#,
            r##"{"$defs":{"n":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/n","default":3}}}"##,
        ],
    );
    let text =
        r#"{"type":"object","properties":{"a":{"type":"string","maxLength":3,"default":"abcd"}}}"#;
    let d = at(text, "invalid-default", Severity::Warning, "\"abcd\"");
    says(
        &d,
        "the default is not valid against its own schema: it must be at most 3 characters long, got 4",
    );
    // Many values are checked in one compile; each finding is its own value's, nested ones too.
    let text = r#"{"type":"object","default":{"n":"x"},"properties":{"n":{"type":"integer","default":2,"examples":[1,"two",3]}}}"#;
    let found: Vec<_> = lint_schema(text)
        .diagnostics
        .into_iter()
        .map(|d| (d.code, d.instance_path, d.message))
        .collect();
    assert_eq!(
        found,
        [
            (
                "invalid-default".to_owned(),
                "/default".to_owned(),
                "the default is not valid against its own schema: \"n\" must be an integer, got string".to_owned()
            ),
            (
                "invalid-example".to_owned(),
                "/properties/n/examples/1".to_owned(),
                "example 1 is not valid against its own schema: it must be an integer, got string".to_owned()
            ),
        ]
    );
    // Inlined subschemas are read in the schema's dialect (a draft-07 tuple is `items`).
    for dialect in [
        "http://json-schema.org/draft-07/schema#",
        "http://json-schema.org/draft-04/schema#",
        "https://json-schema.org/draft/2019-09/schema",
    ] {
        let text = format!(
            r#"{{"$schema":"{dialect}","properties":{{"a":{{"type":"string","default":1}},"b":{{"type":"integer","default":2}}}}}}"#
        );
        let d = one(&text, "invalid-default");
        assert_eq!(d.instance_path, "/properties/a/default", "{dialect}");
    }
    // `$ref`s resolve within the schema, also when it has an `$id`.
    one(
        r##"{"$id":"https://example.test/s.json","$defs":{"n":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/n","default":"x"}}}"##,
        "invalid-default",
    );
    let text =
        r#"{"type":"object","properties":{"the tag":{"enum":["a","b"],"examples":["a","c"]}}}"#;
    let d = one(text, "invalid-example");
    assert_eq!(covered(text, &d), "\"c\"");
    assert_eq!(d.instance_path, "/properties/the tag/examples/1");
}

#[test]
fn ignored_for_type() {
    none(
        "ignored-for-type",
        &[
            r#"{"type":["string","number"],"minimum":1,"maxLength":2}"#,
            r#"{"minimum":1}"#,
        ],
    );
    let text = r#"{"type":"string","minimum":1}"#;
    let d = at(text, "ignored-for-type", Severity::Warning, "\"minimum\"");
    says(
        &d,
        "`minimum` applies only to number values, but `type` is \"string\"",
    );
    one(r#"{"type":"object","items":{}}"#, "ignored-for-type");
}

#[test]
fn ignored_ref_sibling() {
    let draft7 = r#"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"n":{"type":"integer"}},"#;
    none(
        "ignored-ref-sibling",
        &[
            &format!(
                r##"{draft7}"properties":{{"a":{{"$ref":"#/definitions/n","description":"kept"}}}}}}"##
            ),
            r##"{"$defs":{"n":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/n","maximum":3}}}"##,
        ],
    );
    let text =
        format!(r##"{draft7}"properties":{{"a":{{"$ref":"#/definitions/n","maximum":3}}}}}}"##);
    at(
        &text,
        "ignored-ref-sibling",
        Severity::Warning,
        "\"maximum\"",
    );
}

#[test]
fn items_array() {
    none(
        "items-array",
        &[
            r#"{"prefixItems":[{"type":"string"}],"items":false}"#,
            r#"{"$schema":"https://json-schema.org/draft/2019-09/schema","items":[{"type":"string"}]}"#,
        ],
    );
    let text = r#"{"type":"array","items":[{"type":"string"}]}"#;
    let d = one(text, "items-array");
    assert_eq!(covered(text, &d), "\"items\"");
    assert_eq!(
        fixed(text, &d),
        r#"{"type":"array","prefixItems":[{"type":"string"}]}"#
    );
    assert!(lint_schema(&fixed(text, &d)).diagnostics.is_empty());
}

#[test]
fn ignored_dependencies() {
    none(
        "ignored-dependencies",
        &[r#"{"$schema":"http://json-schema.org/draft-07/schema#","dependencies":{"a":["b"]}}"#],
    );
    let text = r#"{"dependencies":{"a":["b"]}}"#;
    let d = one(text, "ignored-dependencies");
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(fixed(text, &d), r#"{"dependentRequired":{"a":["b"]}}"#);
    let d = one(
        r#"{"dependencies":{"a":{"required":["b"]}}}"#,
        "ignored-dependencies",
    );
    assert_eq!(
        d.fix.map(|f| f.replacement).as_deref(),
        Some("\"dependentSchemas\"")
    );
    let d = one(
        r#"{"dependencies":{"a":["b"],"c":{}}}"#,
        "ignored-dependencies",
    );
    assert!(d.fix.is_none());
}

#[test]
fn ignored_additional_items() {
    let draft7 = r#""$schema":"http://json-schema.org/draft-07/schema#""#;
    none(
        "ignored-additional-items",
        &[&format!(
            r#"{{{draft7},"items":[true],"additionalItems":false}}"#
        )],
    );
    let text = format!(r#"{{{draft7},"items":{{}},"additionalItems":false}}"#);
    let d = one(&text, "ignored-additional-items");
    assert_eq!(covered(&text, &d), "\"additionalItems\"");
    one(
        &format!(r#"{{{draft7},"additionalItems":false}}"#),
        "ignored-additional-items",
    );
}

#[test]
fn ignored_then_else() {
    none(
        "ignored-then-else",
        &[r#"{"if":{"required":["a"]},"then":{"required":["b"]},"else":true}"#],
    );
    let text = r#"{"then":{"required":["b"]}}"#;
    let d = one(text, "ignored-then-else");
    assert_eq!(covered(text, &d), "\"then\"");
}

#[test]
fn closed_against_allof() {
    none(
        "closed-against-allof",
        &[
            r#"{"allOf":[{"properties":{"a":{}}}],"properties":{"a":{}},"additionalProperties":false}"#,
            r#"{"allOf":[{"properties":{"a":{}}}],"unevaluatedProperties":false}"#,
        ],
    );
    let text = r##"{"$defs":{"base":{"properties":{"b":{}}}},"allOf":[{"properties":{"a":{}}},{"$ref":"#/$defs/base"}],"additionalProperties":false}"##;
    let d = at(
        text,
        "closed-against-allof",
        Severity::Warning,
        "\"additionalProperties\"",
    );
    says(&d, "\"a\", \"b\" declared in the branches are forbidden");
    says(&d, "unevaluatedProperties: false");
}

#[test]
fn pattern_ecma() {
    none(
        "pattern-ecma",
        &[r#"{"type":"string","pattern":"^[a-z0-9_-]+$","patternProperties":{"^x-":{}}}"#],
    );
    let text = r#"{"type":"string","pattern":"(?P<id>[0-9]+)"}"#;
    let d = at(
        text,
        "pattern-ecma",
        Severity::Warning,
        "\"(?P<id>[0-9]+)\"",
    );
    assert_eq!(
        fixed(text, &d),
        r#"{"type":"string","pattern":"(?<id>[0-9]+)"}"#
    );
    let text = r#"{"type":"object","patternProperties":{"(?i)^name$":{}}}"#;
    let d = one(text, "pattern-ecma");
    assert_eq!(covered(text, &d), "\"(?i)^name$\"");
    assert_eq!(d.instance_path, "/patternProperties/(?i)^name$");
}

#[test]
fn findings_inside_every_kind_of_subschema() {
    for wrap in [
        r#"{"properties":{"p":X}}"#,
        r#"{"patternProperties":{"^p":X}}"#,
        r#"{"additionalProperties":X}"#,
        r#"{"items":X}"#,
        r#"{"prefixItems":[true,X]}"#,
        r#"{"allOf":[X]}"#,
        r#"{"anyOf":[true,X]}"#,
        r#"{"oneOf":[X]}"#,
        r#"{"not":X}"#,
        r#"{"if":X}"#,
        r#"{"$defs":{"d":X}}"#,
        r#"{"dependentSchemas":{"a":X}}"#,
        r#"{"contains":X}"#,
        r#"{"propertyNames":X}"#,
        r#"{"unevaluatedProperties":X}"#,
    ] {
        let text = wrap.replace('X', r#"{"maxLenght":1}"#);
        let d = one(&text, "unknown-keyword");
        assert_eq!(covered(&text, &d), "\"maxLenght\"", "{wrap}");
    }
    // Values that are not schemas are not linted as schemas.
    none(
        "unknown-keyword",
        &[r#"{"const":{"maxLenght":1},"enum":[{"maxLenght":1}],"default":{"maxLenght":1}}"#],
    );
}

#[test]
fn deep_schemas_do_not_overflow() {
    // As deep as the reader allows (512), every level a schema.
    let text = format!(
        "{}{}",
        r#"{"not":"#.repeat(511),
        "{\"maxLenght\":1}".to_owned() + &"}".repeat(511)
    );
    let report = lint_schema(&text);
    assert!(report.valid);
    assert_eq!(report.diagnostics.len(), 1);
}

/// The shared MCP test data, or `None` (with a note) when ../shared is missing.
fn shared(path: &str) -> Option<String> {
    let full = format!("{}/../shared/{path}", env!("CARGO_MANIFEST_DIR"));
    match std::fs::read_to_string(&full) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!("SKIPPED: {full} is missing ({e}); the lint corpus test needs ../shared");
            None
        }
    }
}

#[test]
fn official_mcp_schemas_lint_clean() {
    // No warning is expected in these files; a new one must be listed here with its reason.
    let justified: &[(&str, &str, &str)] = &[];
    let mut checked = 0;
    for version in [
        "2024-11-05",
        "2025-03-26",
        "2025-06-18",
        "2025-11-25",
        "2026-07-28",
        "draft",
        "ext-tasks/draft",
    ] {
        let Some(text) = shared(&format!("mcp-schema/{version}/schema.json")) else {
            continue;
        };
        let report = lint_schema(&text);
        for d in &report.diagnostics {
            let listed = justified.iter().any(|(v, code, path)| {
                *v == version && *code == d.code && *path == d.instance_path
            });
            assert!(
                listed,
                "{version}: unlisted {:?} {} at {}: {}",
                d.severity, d.code, d.instance_path, d.message
            );
        }
        assert!(report.valid, "{version}");
        checked += 1;
    }
    eprintln!("linted {checked} official MCP schemas");
}

#[test]
fn reference_server_tool_schemas_lint_clean() {
    let text = include_str!("../fixtures/lint/reference-tools.json");
    let servers: serde_json::Value = serde_json::from_str(text).expect("fixture is JSON");
    let mut schemas = 0;
    for server in servers.as_array().into_iter().flatten() {
        for tool in server["tools"].as_array().into_iter().flatten() {
            for key in ["inputSchema", "outputSchema"] {
                let Some(schema) = tool.get(key) else {
                    continue;
                };
                let report =
                    lint_schema(&serde_json::to_string_pretty(schema).expect("serializes"));
                assert!(
                    report.diagnostics.is_empty(),
                    "{} {} {key}: {:#?}",
                    server["server"],
                    tool["name"],
                    report.diagnostics
                );
                schemas += 1;
            }
        }
    }
    // everything 13 tools, filesystem 14, memory 9, sequential-thinking 1, plus output schemas.
    assert_eq!(
        schemas, 62,
        "37 inputSchema and 25 outputSchema in the fixture"
    );
}

#[test]
fn validators_carry_the_lint_as_schema_warnings_and_keep_their_verdicts() {
    let schema =
        r#"{"type":"object","properties":{"a":{"type":"string","maxLenght":5}},"requird":["a"]}"#;
    let validator = Validator::new(schema, &ValidateOptions::default()).expect("compiles");
    let codes: Vec<_> = validator
        .schema_warnings()
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(codes, ["unknown-keyword", "unknown-keyword"]);
    // Placed in the schema text only: a report's `span` is an arguments position.
    let first = &validator.schema_warnings()[0];
    assert_eq!((first.span, first.instance_path.as_str()), (None, ""));
    let at = first.schema_span.map(|s| s.bytes.start..s.bytes.end);
    assert_eq!(at.and_then(|r| schema.get(r)), Some("\"maxLenght\""));
    assert_eq!(
        first.keyword_location.as_deref(),
        Some("/properties/a/maxLenght")
    );
    let report = validator.validate(r#"{"a":"toolongvalue"}"#);
    assert!(
        report.valid,
        "the typos switch the constraints off; the lint only says so"
    );
    assert_eq!(report.diagnostics.len(), 2);
    assert!(validator.is_valid("{}"));
    // A contradiction is an error of the lint, a warning in a report about arguments.
    let empty = Validator::new(
        r#"{"type":"integer","minimum":5,"maximum":1}"#,
        &ValidateOptions::default(),
    )
    .expect("compiles");
    let warning = &empty.schema_warnings()[0];
    assert_eq!(
        (warning.code.as_str(), warning.severity),
        ("empty-range", Severity::Warning)
    );
    let report = empty.validate("3");
    assert!(!report.valid);
    assert!(report.diagnostics.iter().any(|d| d.code == "minimum"));
}

#[test]
fn schema_errors_explain_meta_schema_failures() {
    let Err(errors) = Validator::new(r#"{"type":"obj"}"#, &ValidateOptions::default()) else {
        panic!("an invalid schema compiled");
    };
    assert_eq!(errors.diagnostics.len(), 1);
    let d = &errors.diagnostics[0];
    assert_eq!(d.code, "invalid-schema");
    says(d, "did you mean \"object\"?");
    assert!(!d.message.contains("at least one of"), "{}", d.message);
    assert_eq!(
        d.fix.as_ref().map(|f| f.replacement.as_str()),
        Some("\"object\"")
    );
}

#[test]
fn check_tool_reports_the_lint_of_both_schemas() {
    let tool = r#"{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","maxLenght":5}}},
        "outputSchema":{"type":"object","properties":{"n":{"type":"integer","minimum":5,"maximum":1}}}}"#;
    let report = check_tool(tool);
    let found: Vec<_> = report
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.code.as_str(),
                d.severity,
                d.instance_path.as_str(),
                covered(tool, d),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "unknown-keyword",
                Severity::Warning,
                "/inputSchema/properties/a/maxLenght",
                "\"maxLenght\""
            ),
            (
                "empty-range",
                Severity::Warning,
                "/outputSchema/properties/n/minimum",
                "\"minimum\""
            ),
        ]
    );
    assert!(
        report.valid,
        "a contradiction is a lint observation: a warning"
    );
    let fine = r#"{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","maxLength":5}}}}"#;
    assert!(check_tool(fine).diagnostics.is_empty());
    let broken = check_tool(
        r#"{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"strng"}}}}"#,
    );
    let d = &broken.diagnostics[0];
    assert_eq!(d.code, "invalid-schema");
    says(d, "did you mean \"string\"?");
}

#[test]
fn check_tool_passes_the_reference_servers_tools_list() {
    let text = include_str!("../fixtures/lint/reference-tools.json");
    let servers: serde_json::Value = serde_json::from_str(text).expect("fixture is JSON");
    for server in servers.as_array().into_iter().flatten() {
        let list = serde_json::json!({ "tools": server["tools"] }).to_string();
        let report = check_tool(&list);
        assert!(
            report.valid,
            "{}: {:#?}",
            server["server"], report.diagnostics
        );
        let lint_codes = [
            "unknown-keyword",
            "ignored-for-type",
            "pattern-ecma",
            "invalid-default",
        ];
        assert!(
            report
                .diagnostics
                .iter()
                .all(|d| !lint_codes.contains(&d.code.as_str())),
            "{}: {:#?}",
            server["server"],
            report.diagnostics
        );
    }
}

#[test]
fn the_json_schema_test_suite_lints_without_panic_and_only_where_it_means_to() {
    let dir = format!(
        "{}/../shared/json-schema-test-suite/tests/draft2020-12",
        env!("CARGO_MANIFEST_DIR")
    );
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("SKIPPED: {dir} is missing; this test needs ../shared");
        return;
    };
    let mut schemas = 0;
    let mut found: Vec<String> = Vec::new();
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
    {
        let text = std::fs::read_to_string(path).expect("readable");
        let groups: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        for group in groups.as_array().into_iter().flatten() {
            let schema = serde_json::to_string_pretty(&group["schema"]).expect("serializes");
            for d in lint_schema(&schema).diagnostics {
                let file = path
                    .file_name()
                    .and_then(|f| f.to_str())
                    .unwrap_or_default();
                found.push(format!("{file} {}", d.code));
                let span = d.span.expect("every finding has a span");
                assert!(span.bytes.end <= schema.len(), "{path:?}: {d:?}");
                if let Some(fix) = &d.fix {
                    assert!(fix.span.bytes.end <= schema.len(), "{path:?}: {d:?}");
                }
            }
            schemas += 1;
        }
    }
    assert!(schemas > 300, "{schemas} schemas");
    // Every finding is one the suite sets up on purpose (it tests what validators do with them).
    assert_eq!(
        found,
        [
            "default.json invalid-default", // "invalid type for default": `"default": []` on an integer
            "default.json invalid-default", // "invalid string value for default": too short
            "default.json invalid-default", // "the default keyword does not do anything if the property is missing"
            "if-then-else.json ignored-then-else", // "ignore then without if"
            "if-then-else.json ignored-then-else", // "ignore else without if"
            "if-then-else.json ignored-then-else", // "then without if" ...
            "if-then-else.json ignored-then-else", // ... "else without if"
            "minContains.json empty-range", // "maxContains < minContains"
            "ref.json ignored-then-else",   // "$ref to then" (the `then` is a $ref target)
            "ref.json ignored-then-else",   // "$ref to else"
            "vocabulary.json unsupported-dialect", // a custom metaschema
            "vocabulary.json unsupported-dialect", // a custom metaschema
        ]
    );
}
