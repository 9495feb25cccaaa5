use serde_json::Value;

use super::fast::pattern;
use super::*;

/// Compiles `schema` (which must get a fast path when `fast`), and asserts on every text that
/// the fast path agrees with the engine and `validate` with both; returns the verdicts.
fn verdicts(schema: &str, texts: &[&str]) -> Vec<bool> {
    let validator = CompiledSchema::new(schema, &ValidateOptions::default()).unwrap();
    assert!(validator.has_fast_path(), "no fast path for {schema}");
    texts
        .iter()
        .map(|text| {
            let engine = validator.engine_is_valid(text);
            assert_eq!(validator.is_valid(text), engine, "{schema} on {text}");
            assert_eq!(validator.validate(text).valid, engine, "{schema} on {text}");
            engine
        })
        .collect()
}

const BENCH: &str = r#"{"type":"object","properties":{
    "dataset":{"type":"string","pattern":"^logs-\\d{4}-\\d{2}$"},
    "shard":{"type":"integer","minimum":0,"maximum":1023},
    "limit":{"type":"integer","minimum":1,"maximum":1000},
    "query":{"type":"string","maxLength":200}},
  "required":["dataset"],"additionalProperties":false}"#;

#[test]
fn agrees_with_the_engine_on_the_bench_schema() {
    let texts = [
        r#"{"dataset":"logs-2024-03","shard":17,"limit":18}"#,
        r#"{"dataset":"logs-2024-03","shard":-1}"#,
        r#"{"shard":1}"#,
        r#"{"dataset":"logs-2024-03","extra":true}"#,
        r#"{"dataset":"logs-2024-3"}"#,
        r#"{"dataset":"logs-2024-03","shard":1.0}"#,
        r#"{"dataset":"logs-2024-03","shard":1.5}"#,
        r#"{"dataset":"logs-2024-03","shard":1e2}"#,
        r#"{"dataset":"logs-2024-03","shard":-0}"#,
        r#"{"dataset":"logs-2024-03","shard":1024}"#,
        r#"{"dataset":"logs-2024-03","shard":100000000000000000000000}"#,
        r#"{"dataset":"logs-2024-03","query":"é😀"}"#,
        r#"{"dataset":"logs-2024-03","dataset":"x"}"#,
        r#"{"dataset":"x","dataset":"logs-2024-03"}"#,
        r#"{"dat\u0061set":"logs-2024-03"}"#,
        r#"{"dataset":"logs-\u0032024-03"}"#,
        r#" { "dataset" : "logs-2024-03" } "#,
        r#"{"dataset":"logs-2024-03"} x"#,
        r#"{"dataset":"logs-2024-03",}"#,
        r#"{"dataset":"logs-2024-03""#,
        r#"[{"dataset":"logs-2024-03"}]"#,
        r#""{\"dataset\":\"logs-2024-03\"}""#,
        "\u{feff}{\"dataset\":\"logs-2024-03\"}",
        "",
        "null",
        "{}",
    ];
    let got = verdicts(BENCH, &texts);
    assert_eq!(got.iter().filter(|v| **v).count(), 11, "{got:?}");
}

#[test]
fn agrees_with_the_engine_on_each_keyword() {
    let cases: &[(&str, &[&str])] = &[
        (
            r#"{"type":["string","null"],"minLength":2,"maxLength":3,"enum":["ab","abcd","é😀",null]}"#,
            &[
                r#""ab""#,
                r#""abcd""#,
                r#""é😀""#,
                "null",
                r#""a""#,
                "1",
                "true",
                r#""\u00e9\ud83d\ude00""#,
            ],
        ),
        (
            r#"{"const":true}"#,
            &["true", "false", "1", "null", "[true]"],
        ),
        (
            r#"{"type":"number","exclusiveMinimum":-5,"exclusiveMaximum":5,"multipleOf":2}"#,
            &[
                "-4", "-5", "4", "5", "3", "0", "-0", "2.0", "2.5", "4e0", "1e400", "-1e400",
                "\"4\"",
            ],
        ),
        (
            r#"{"minimum":0.5,"maximum":1e2,"multipleOf":0.25}"#,
            &[
                "0.5",
                "0.25",
                "100",
                "100.25",
                "0.75",
                "1e2",
                "7",
                "\"x\"",
                "99.999999999999999999",
            ],
        ),
        (
            r#"{"type":"integer","maximum":9007199254740991}"#,
            &[
                "9007199254740991",
                "9007199254740992",
                "1.0",
                "1.5",
                "-9223372036854775809",
                "12345678901234567890123",
            ],
        ),
        (
            r#"{"type":"array","items":{"type":"string","pattern":"^a"},"minItems":1,"maxItems":2}"#,
            &[
                "[]",
                r#"["a"]"#,
                r#"["a","ab"]"#,
                r#"["a","b"]"#,
                r#"["a","a","a"]"#,
                r#"[1]"#,
                "{}",
                "[[]]",
            ],
        ),
        (
            r#"{"properties":{"a":{"type":"object","additionalProperties":{"type":"integer"},"minProperties":1,"maxProperties":2}},"required":["a","b"]}"#,
            &[
                r#"{"a":{"x":1},"b":null}"#,
                r#"{"a":{},"b":null}"#,
                r#"{"a":{"x":1,"y":2,"z":3},"b":0}"#,
                r#"{"a":{"x":"1"},"b":0}"#,
                r#"{"a":{"x":1,"x":"s"},"b":0}"#,
                r#"{"a":{"x":"s","x":1},"b":0}"#,
                r#"{"a":{"x":1}}"#,
                r#"{"b":{"c":{"d":1,"d":2}},"a":{"x":1}}"#,
                r#"{"b":1,"b":2,"a":{"x":1}}"#,
                "[1]",
            ],
        ),
        (
            r#"{"anyOf":[{"type":"string"},{"type":"integer","minimum":3}],"not":{"const":"no"}}"#,
            &[r#""yes""#, r#""no""#, "3", "2", "null", "[]"],
        ),
        (
            r#"{"oneOf":[{"type":"integer"},{"minimum":2}],"allOf":[{"maximum":10},true]}"#,
            &["1", "2", "2.5", "11", "\"s\"", "1.5"],
        ),
        (
            r#"{"properties":{"a":false,"b":true},"additionalProperties":false}"#,
            &["{}", r#"{"a":1}"#, r#"{"b":[{"x":1,"y":2}]}"#, r#"{"c":1}"#],
        ),
        (
            r#"{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"data":{"type":"string","format":"uri"},"n":{"type":"number"}}}"#,
            &[
                r#"{"data":"https://example.com/x"}"#,
                r#"{"data":"not a uri"}"#,
                r#"{"n":1.5e3}"#,
                r#"{"n":"1"}"#,
            ],
        ),
        (
            r#"{"$schema":"http://json-schema.org/draft-04/schema#","properties":{"n":{"maximum":3,"minimum":1}}}"#,
            &[r#"{"n":3}"#, r#"{"n":4}"#, r#"{"n":0.5}"#],
        ),
    ];
    for (schema, texts) in cases {
        verdicts(schema, texts);
    }
}

#[test]
fn unchecked_objects_and_lone_surrogates_leave_validate_to_the_full_parse() {
    let validator =
        CompiledSchema::new(r#"{"type":"object"}"#, &ValidateOptions::default()).unwrap();
    let report = validator.validate(r#"{"a":{"x":1,"x":2}}"#);
    assert!(report.valid);
    assert_eq!(
        report.diagnostics.first().map(|d| d.code.as_str()),
        Some("duplicate-key")
    );
    let report = validator.validate(r#"{"a":"\ud800"}"#);
    assert!(report.valid);
    assert!(!report.diagnostics.is_empty());
}

#[test]
fn schemas_outside_the_subset_get_no_fast_path() {
    for schema in [
        r##"{"$ref":"#/$defs/a","$defs":{"a":{}}}"##,
        r#"{"patternProperties":{"^a":{}}}"#,
        r#"{"enum":[1,2]}"#,
        r#"{"items":[{}],"$schema":"http://json-schema.org/draft-07/schema#"}"#,
        r#"{"uniqueItems":true}"#,
        r#"{"unevaluatedProperties":false}"#,
        r#"{"dependentRequired":{"a":["b"]}}"#,
        r#"{"properties":{"a":{"$schema":"https://json-schema.org/draft/2020-12/schema"}}}"#,
        r#"{"x-vendor":1}"#,
    ] {
        let validator = CompiledSchema::new(schema, &ValidateOptions::default()).unwrap();
        assert!(!validator.has_fast_path(), "{schema}");
    }
}

/// Every case of the official suite (2020-12, and again as draft-07 and draft-04 where the
/// schema is one there) whose schema gets a fast path: the same verdict as the engine.
#[test]
fn agrees_with_the_engine_on_the_json_schema_test_suite() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/json-schema-test-suite/tests/draft2020-12");
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("JSON-Schema-Test-Suite not found at {}: {e}", dir.display()));
    let (mut schemas, mut compared) = (0, 0);
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let groups: Vec<Value> =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for group in &groups {
            for dialect in [
                None,
                Some("http://json-schema.org/draft-07/schema#"),
                Some("http://json-schema.org/draft-04/schema#"),
            ] {
                let mut schema = group["schema"].clone();
                if let (Some(dialect), Some(map)) = (dialect, schema.as_object_mut()) {
                    map.insert("$schema".into(), Value::from(dialect));
                }
                let Ok(validator) =
                    CompiledSchema::new(&schema.to_string(), &ValidateOptions::default())
                else {
                    continue;
                };
                if !validator.has_fast_path() {
                    continue;
                }
                schemas += 1;
                for case in group["tests"].as_array().unwrap() {
                    let text = case["data"].to_string();
                    assert_eq!(
                        validator.is_valid(&text),
                        validator.engine_is_valid(&text),
                        "{} {schema} on {text}",
                        path.display()
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(
        schemas > 150 && compared > 500,
        "{schemas} schemas, {compared} cases"
    );
}

#[test]
fn simple_patterns_match_as_the_engine_does() {
    let patterns = [
        r"^logs-\d{4}-\d{2}$",
        r"^[a-zA-Z0-9_-]+$",
        r"\d+",
        r"^a*a$",
        r"^[a-c]{2,3}x?$",
        r"b{2,}",
        r"é",
        r"^\-\.\/",
        r"^$",
        r"ab$",
        r"^[\d]{2}",
        r"^(a|b)+$",
        r"^.+$",
        r"\w+",
        r"[0-9]+x",
        r"^[a-zé]+$",
        r"^[a-z]{2,}é?$",
        r"a?b?c?$",
        r"[A-Z]{0,2}",
        r"^a*a*a*a*a*a*a*a*b$",
        r"^[_:@]+[0-9a-f]*$",
    ];
    let texts = [
        "",
        "a",
        "aa",
        "ab",
        "abc",
        "abx",
        "acx",
        "bb",
        "bbb",
        "logs-2024-03",
        "logs-١٢٣٤-03",
        "logs-2024-03\n",
        "x-y_Z9",
        "x y",
        "é😀",
        "12",
        "-./",
        "a\u{0301}",
        "aaaaaaaaaaaaaaaaaaaa",
        "é12x",
        "日本12x9",
        "abé",
        "zzé",
        "éabc",
        "ABé",
        "_:@0f",
        "_:@0g",
        "ab\u{7f}",
    ];
    // In a member: a string at the root is left to the engine (stringified arguments), so it
    // would not reach the simple matcher.
    let args: Vec<String> = texts
        .iter()
        .map(|t| serde_json::json!({ "s": t }).to_string())
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut compared = 0;
    for pattern in patterns {
        let schema =
            serde_json::json!({ "properties": { "s": { "pattern": pattern } } }).to_string();
        let engine = verdicts(&schema, &args);
        // The matcher itself against the engine's regex, wherever it answers.
        let Some(simple) = pattern::Simple::compile(pattern) else {
            continue;
        };
        for (text, engine) in texts.iter().zip(engine) {
            if let Some(matched) = simple.is_match(text) {
                assert_eq!(matched, engine, "{pattern} on {text:?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 200, "{compared} comparisons");
    for simple in [
        r"^logs-\d{4}-\d{2}$",
        r"^[a-zé]+$",
        r"[0-9]+x",
        r"^a*a*a*a*a*a*a*a*b$",
    ] {
        assert!(pattern::Simple::compile(simple).is_some(), "{simple}");
    }
    assert!(pattern::Simple::compile(r"^(a|b)+$").is_none());
}
