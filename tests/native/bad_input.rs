//! Hostile input through the Rust API: each case gets a positioned error (code, line, column) or
//! exactly the documented accepted behaviour, and never a panic or a hang.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use mcp_json_toolbox::json::{from_utf8, parse, parse_bytes, JsonError, ReadOptions};
use mcp_json_toolbox::{format, format_bytes, format_document, FormatOptions, Severity};

fn minify() -> FormatOptions {
    FormatOptions {
        minify: true,
        ..Default::default()
    }
}

/// The error of formatting `text` with default options.
fn error_of(text: &str) -> JsonError {
    format(text, &FormatOptions::default()).unwrap_err()
}

fn position(e: &JsonError) -> (&'static str, usize, usize) {
    (e.code, e.line, e.column)
}

#[test]
fn nesting_100_000_arrays_deep_hits_the_depth_limit() {
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let e = error_of(&deep);
    assert_eq!(position(&e), ("depth-limit", 1, 513));
    assert!(e.message.contains("limit of 512"), "{}", e.message);
    assert_eq!(
        position(&parse(&deep, ReadOptions::default()).unwrap_err()),
        ("depth-limit", 1, 513)
    );
}

#[test]
fn nesting_100_000_deep_streams_when_the_limit_is_raised() {
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let raised = FormatOptions {
        max_depth: 100_000,
        ..minify()
    };
    assert_eq!(format(&deep, &raised).unwrap(), deep);
    let objects = r#"{"a":"#.repeat(100_000) + "1" + &"}".repeat(100_000);
    assert_eq!(format(&objects, &raised).unwrap(), objects);
    // Building a tree (sortKeys) is capped at 2048 levels whatever the option says.
    let sorted = FormatOptions {
        sort_keys: true,
        ..raised
    };
    assert_eq!(
        position(&format(&deep, &sorted).unwrap_err()),
        ("depth-limit", 1, 2049)
    );
}

#[test]
fn a_100_mb_string_is_formatted_exactly() {
    let text = format!("\"{}\"", "a".repeat(100 * 1024 * 1024));
    assert_eq!(format(&text, &FormatOptions::default()).unwrap(), text);
    let unclosed = text.strip_suffix('"').unwrap();
    let e = error_of(unclosed);
    assert_eq!(position(&e), ("eof", 1, unclosed.len() + 1));
    assert!(
        e.message
            .contains("string opened at line 1, column 1 is not closed"),
        "{}",
        e.message
    );
}

#[test]
fn input_over_the_size_limit_is_refused_where_the_limit_falls() {
    let text = format!("[\n{}\n]", vec!["1"; 1000].join(",\n"));
    let options = FormatOptions {
        max_input_bytes: 100,
        ..Default::default()
    };
    let e = format(&text, &options).unwrap_err();
    // "[\n" then 3 bytes per "1,\n": byte 100 = 2 + 3 * 32 + 2 is on line 34, column 3.
    assert_eq!((e.code, e.byte_offset), ("size-limit", 100));
    assert_eq!((e.line, e.column), (34, 3));
    assert!(
        e.message.contains(&format!("{} bytes long", text.len())),
        "{}",
        e.message
    );
    let reader = ReadOptions {
        max_input_bytes: 100,
        ..Default::default()
    };
    assert_eq!(parse(&text, reader).unwrap_err().code, "size-limit");
}

#[test]
fn invalid_utf8_is_a_positioned_error() {
    let bytes = b"{\n  \"a\": \"x\xc0\xafy\"\n}";
    let e = format_bytes(bytes, &FormatOptions::default()).unwrap_err();
    assert_eq!(position(&e), ("invalid-utf8", 2, 10));
    assert_eq!(e.byte_offset, 11);
    assert!(e.message.contains("byte 0xC0"), "{}", e.message);
    assert_eq!(parse_bytes(bytes, ReadOptions::default()).unwrap_err(), e);
    assert_eq!(from_utf8(bytes).unwrap_err(), e);
    let good = format_bytes(b"[1,2]", &minify()).unwrap();
    assert_eq!(good, "[1,2]");
}

#[test]
fn a_lone_surrogate_is_kept_as_written_and_warned() {
    let out = format_document(r#"["\ud800"]"#, &minify()).unwrap();
    assert_eq!(out.text, r#"["\ud800"]"#);
    let [warning] = &out.diagnostics[..] else {
        panic!("{:?}", out.diagnostics)
    };
    assert_eq!(
        (warning.code.as_str(), warning.instance_path.as_str()),
        ("lone-surrogate", "/0")
    );
    let span = warning.span.unwrap();
    assert_eq!((span.line, span.column, span.end_column), (1, 3, 9));
    let doc = parse(r#""\ud800""#, ReadOptions::default()).unwrap();
    assert_eq!(doc.root.as_str(), Some("\u{fffd}"));
}

#[test]
fn huge_exponents_are_kept_exactly() {
    assert_eq!(format("1e999999", &minify()).unwrap(), "1e999999");
    assert_eq!(format("[-1E-999999]", &minify()).unwrap(), "[-1E-999999]");
    let doc = parse("1e999999", ReadOptions::default()).unwrap();
    assert!(doc.to_value().is_number(), "{:?}", doc.to_value());
}

#[test]
fn malformed_numbers_are_positioned() {
    let e = error_of("-");
    assert_eq!(position(&e), ("syntax", 1, 2));
    assert!(
        e.message
            .contains("expected a digit after '-', found end of input"),
        "{}",
        e.message
    );
    let e = error_of("[01]");
    assert_eq!(position(&e), ("syntax", 1, 2));
    assert!(e.message.contains("leading zeros"), "{}", e.message);
    assert_eq!(position(&error_of("1.")), ("syntax", 1, 3));
    assert_eq!(position(&error_of("[1e+]")), ("syntax", 1, 5));
}

#[test]
fn a_byte_order_mark_is_dropped_with_a_warning() {
    let out = format_document("\u{feff}[1]", &minify()).unwrap();
    assert_eq!(out.text, "[1]");
    let [warning] = &out.diagnostics[..] else {
        panic!("{:?}", out.diagnostics)
    };
    assert_eq!(
        (warning.code.as_str(), warning.severity),
        ("byte-order-mark", Severity::Warning)
    );
    // A second BOM is not white space.
    let e = error_of("\u{feff}\u{feff}[1]");
    assert_eq!(position(&e), ("syntax", 1, 2));
    assert!(e.message.contains("U+FEFF"), "{}", e.message);
}

#[test]
fn nul_bytes_are_positioned_errors() {
    let e = error_of("[1,\0]");
    assert_eq!(position(&e), ("syntax", 1, 4));
    assert!(e.message.contains("character U+0000"), "{}", e.message);
    let e = error_of("\"a\0b\"");
    assert_eq!(position(&e), ("syntax", 1, 3));
    assert!(
        e.message.contains("U+0000 must be escaped"),
        "{}",
        e.message
    );
    assert_eq!(position(&error_of("1\0")), ("syntax", 1, 2));
    assert_eq!(format(r#""a\u0000b""#, &minify()).unwrap(), r#""a\u0000b""#);
}

#[test]
fn trailing_garbage_is_positioned() {
    let e = error_of("{\"a\": 1}\n  x");
    assert_eq!(position(&e), ("syntax", 2, 3));
    assert!(
        e.message.contains("unexpected 'x' after the JSON value"),
        "{}",
        e.message
    );
    assert_eq!(position(&error_of("[1]]")), ("syntax", 1, 4));
    assert_eq!(format("[1] \n\t", &minify()).unwrap(), "[1]");
}

#[test]
fn empty_input_is_an_error_at_its_end() {
    assert_eq!(position(&error_of("")), ("empty", 1, 1));
    let e = error_of("  \n ");
    assert_eq!(position(&e), ("empty", 2, 2));
    assert!(e.message.contains("the input is empty"), "{}", e.message);
    assert_eq!(
        parse_bytes(b"", ReadOptions::default()).unwrap_err().code,
        "empty"
    );
}

#[test]
fn duplicate_keys_are_kept_and_warned_at_the_second() {
    let out = format_document("{\"a\": 1,\n \"a\": 2}", &minify()).unwrap();
    assert_eq!(out.text, r#"{"a":1,"a":2}"#);
    let [warning] = &out.diagnostics[..] else {
        panic!("{:?}", out.diagnostics)
    };
    assert_eq!(
        (warning.code.as_str(), warning.instance_path.as_str()),
        ("duplicate-key", "/a")
    );
    assert_eq!(warning.span.map(|s| (s.line, s.column)), Some((2, 2)));
    assert!(
        warning.message.contains("first at line 1, column 2"),
        "{}",
        warning.message
    );
}

#[test]
fn a_flood_of_warnings_is_capped_with_a_count() {
    let members: Vec<String> = (0..1000).map(|_| r#""k":0"#.to_owned()).collect();
    let text = format!("{{{}}}", members.join(","));
    let out = format_document(&text, &minify()).unwrap();
    assert_eq!(out.text, text);
    assert_eq!(out.diagnostics.len(), 101);
    assert!(out.diagnostics[..100]
        .iter()
        .all(|d| d.code == "duplicate-key"));
    let note = &out.diagnostics[100];
    assert_eq!(
        (note.code.as_str(), note.severity),
        ("more-diagnostics", Severity::Info)
    );
    assert_eq!(
        note.message,
        "899 more diagnostics not shown (the limit is 100)"
    );
    let few = FormatOptions {
        max_diagnostics: 2,
        ..minify()
    };
    let out = format_document(&text, &few).unwrap();
    assert_eq!(out.diagnostics.len(), 3);
    assert!(out.diagnostics[2].message.starts_with("997 more"));
    let doc = parse(
        &text,
        ReadOptions {
            max_warnings: 0,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(doc.warnings.len(), 1);
    assert_eq!(
        doc.warnings[0].message,
        "999 more diagnostics not shown (the limit is 0)"
    );
}

#[test]
fn unwrapped_content_too_deep_for_sorting_stays_a_string() {
    // The string's content is 3000 levels deep: too deep to sort, so it is formatted as the
    // string it is rather than failing with a position inside the decoded text.
    let inner = "[".repeat(3000) + &"]".repeat(3000);
    let text = format!("\"{inner}\"");
    let options = FormatOptions {
        unwrap_string: true,
        sort_keys: true,
        max_depth: 10_000,
        ..minify()
    };
    let out = format_document(&text, &options).unwrap();
    assert_eq!((out.text.as_str(), out.unwrap_depth), (text.as_str(), 0));
    assert_eq!(out.diagnostics[0].code, "not-stringified-json");
}

#[test]
fn indentation_blow_up_stops_at_the_output_limit() {
    // 512 levels deep, every `1` costs 1027 bytes of indentation: 40 KB of input would
    // pretty-print to 20 MB, past a 16 MiB limit (the default is 256 MiB).
    let text = "[".repeat(512) + &vec!["1"; 20_000].join(",") + &"]".repeat(512);
    let options = FormatOptions {
        max_output_bytes: 16 << 20,
        ..Default::default()
    };
    let e = format(&text, &options).unwrap_err();
    assert_eq!((e.code, e.line), ("size-limit", 1));
    // Opening 512 arrays writes 262 655 bytes; each `1` then adds 1027 (the first 1026), so the
    // 16 081st passes 16 MiB. It sits at byte 512 + 2 * 16 080.
    assert_eq!(e.column, 513 + 2 * 16_080);
    assert!(
        e.message.contains("limit of 16777216 bytes"),
        "{}",
        e.message
    );
    assert_eq!(
        format(
            &text,
            &FormatOptions {
                minify: true,
                ..options
            }
        )
        .unwrap(),
        text
    );
}

#[test]
fn fuzz_regression_unclosed_deep_arrays_stop_at_a_limit() {
    // Found by `fuzz/run.sh` (parse_format, a timeout): 55 529 unclosed `[` with no depth limit
    // streamed gigabytes of indentation before reaching the end of the input.
    let text = "    ".to_owned() + &"[".repeat(55_529);
    assert_eq!(position(&error_of(&text)), ("depth-limit", 1, 517));
    let no_depth_limit = FormatOptions {
        max_depth: usize::MAX,
        max_output_bytes: 1 << 20,
        ..Default::default()
    };
    let e = format(&text, &no_depth_limit).unwrap_err();
    // Level n writes a line break, 2(n - 1) spaces and `[`: n² + n - 1 bytes in all, past 1 MiB
    // at level 1024.
    assert_eq!(position(&e), ("size-limit", 1, 4 + 1024));
    let minified = FormatOptions {
        minify: true,
        ..no_depth_limit
    };
    assert_eq!(
        position(&format(&text, &minified).unwrap_err()),
        ("eof", 1, 55_534)
    );
}

/// Checks a `tools/call` of tool `t` with `arguments` against `schema` as its `inputSchema`;
/// returns `(code, line, column)` of every finding about the request and then about the tool.
fn call_findings(schema: &str, arguments: &str) -> Vec<(String, usize, usize)> {
    let tool = format!(r#"{{"name":"t","inputSchema":{schema}}}"#);
    let request = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"t","arguments":{arguments}}}}}"#
    );
    let report = mcp_json_toolbox::host::check_tool_call(&tool, &request, None);
    let all = report.diagnostics.iter().chain(&report.tool_diagnostics);
    all.map(|d| {
        let span = d.span.expect("every finding is positioned");
        (d.code.clone(), span.line, span.column)
    })
    .collect()
}

fn finding(code: &str, column: usize) -> (String, usize, usize) {
    (code.to_owned(), 1, column)
}

/// Column of the arguments value in the request `call_findings` builds.
const ARGUMENTS: usize = 80;
/// Column of the `inputSchema` value in the tool text `call_findings` builds; its keywords under
/// `properties.a` start 36 columns further.
const SCHEMA: usize = 27;

#[test]
fn a_redos_pattern_finishes_with_a_positioned_mismatch() {
    let schema = r#"{"type":"object","properties":{"a":{"type":"string","pattern":"^(a+)+$"}}}"#;
    let arguments = format!(r#"{{"a":"{}!"}}"#, "a".repeat(50_000));
    assert_eq!(
        call_findings(schema, &arguments),
        [finding("pattern", ARGUMENTS + 5)]
    );
}

#[test]
fn ref_cycles_and_self_references_terminate() {
    let cycle = r##"{"type":"object","properties":{"a":{"$ref":"#/properties/a"}}}"##;
    assert_eq!(call_findings(cycle, r#"{"a":{"a":1}}"#), []);
    let mutual = r##"{"type":"object","$defs":{"x":{"$ref":"#/$defs/y"},"y":{"$ref":"#/$defs/x"}},"properties":{"a":{"$ref":"#/$defs/x"}}}"##;
    let findings = call_findings(mutual, r#"{"a":1}"#);
    assert!(
        findings.iter().all(|(_, line, _)| *line == 1),
        "{findings:?}"
    );
    assert_eq!(
        call_findings(r##"{"type":"object","$ref":"#"}"##, r#"{"a":1}"#),
        []
    );
}

#[test]
fn a_remote_ref_is_an_offline_error_not_a_fetch() {
    let schema = r#"{"type":"object","properties":{"a":{"$ref":"http://example.com/s.json"}}}"#;
    assert_eq!(
        call_findings(schema, r#"{"a":1}"#),
        [finding("unusable-schema", SCHEMA + 36)]
    );
}

#[test]
fn schemas_that_are_not_objects_are_positioned() {
    // Every finding is the one `invalid-schema` at the schema (the host currently repeats it).
    for schema in ["[1]", "7"] {
        let findings = call_findings(schema, "{}");
        assert!(!findings.is_empty(), "{schema}");
        assert!(
            findings
                .iter()
                .all(|f| *f == finding("invalid-schema", SCHEMA)),
            "{findings:?}"
        );
    }
    let codes = |schema| {
        call_findings(schema, r#"{"a":1}"#)
            .into_iter()
            .map(|f| f.0)
            .collect::<Vec<_>>()
    };
    assert!(
        codes("true").contains(&"schema-root-not-object".to_owned()),
        "{:?}",
        codes("true")
    );
    assert!(
        codes("false").contains(&"falseSchema".to_owned()),
        "{:?}",
        codes("false")
    );
}

#[test]
fn an_invalid_pattern_is_an_unusable_schema() {
    let schema = r#"{"type":"object","properties":{"a":{"pattern":"(["}}}"#;
    assert_eq!(
        call_findings(schema, r#"{"a":"x"}"#),
        [finding("unusable-schema", SCHEMA + 36)]
    );
}

#[test]
fn multiple_of_with_extreme_floats_is_exact() {
    let tiny = r#"{"type":"object","properties":{"a":{"multipleOf":1e-320}}}"#;
    assert_eq!(call_findings(tiny, r#"{"a":1e308}"#), []);
    let huge = r#"{"type":"object","properties":{"a":{"multipleOf":1e308}}}"#;
    assert_eq!(
        call_findings(huge, r#"{"a":1e-308}"#),
        [finding("multipleOf", ARGUMENTS + 5)]
    );
}

#[test]
fn a_huge_enum_is_checked() {
    let values: Vec<String> = (0..100_000).map(|i| i.to_string()).collect();
    let schema = format!(
        r#"{{"type":"object","properties":{{"a":{{"enum":[{}]}}}}}}"#,
        values.join(",")
    );
    assert_eq!(call_findings(&schema, r#"{"a":99999}"#), []);
    assert_eq!(
        call_findings(&schema, r#"{"a":-1}"#),
        [finding("enum", ARGUMENTS + 5)]
    );
}
