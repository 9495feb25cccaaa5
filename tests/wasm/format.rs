#![cfg(test)]
#![cfg(target_arch = "wasm32")]
//! `format`, `formatDocument` and `version` through the wasm API, run in Node by
//! wasm-bindgen-test-runner: what JavaScript callers get, including the thrown `JsonError`.

use js_sys::{JsString, Reflect, JSON};
use mcp_json_toolbox::wasm::{format, format_document_js, version, FormatOptionsArg};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// Options from a JSON object literal, as a JavaScript caller would pass them.
fn options(json: &str) -> Option<FormatOptionsArg> {
    Some(
        JSON::parse(json)
            .expect("options literal is JSON")
            .unchecked_into(),
    )
}

/// `format(text, options)` as a Rust string.
fn formatted(text: &str, options_json: Option<&str>) -> String {
    let result = format(text, options_json.and_then(options)).expect("formats");
    result.as_string().expect("format returns a string")
}

/// A property of a JS object.
fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).expect("readable property")
}

/// The error `format` throws for `text`.
fn thrown(text: &str) -> JsValue {
    format(text, None).expect_err("format should throw")
}

#[wasm_bindgen_test]
fn formats_with_two_spaces_by_default() {
    assert_eq!(
        formatted(r#"{"a":[1,{}],"b":"x"}"#, None),
        "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": \"x\"\n}"
    );
    assert_eq!(formatted("[1]", Some("null")), "[\n  1\n]");
}

#[wasm_bindgen_test]
fn numbers_escapes_and_key_order_stay_exact() {
    let text = r#"{"z":1.0,"a":1e400,"m":123456789012345678901234567890,"n":-0,"s":"\u00e9\n\/\"","é":"😀"}"#;
    assert_eq!(formatted(text, Some(r#"{"minify": true}"#)), text);
    let pretty = formatted(text, None);
    for lexeme in [
        "1.0",
        "1e400",
        "123456789012345678901234567890",
        "-0",
        r#""\u00e9\n\/\"""#,
        "😀",
    ] {
        assert!(pretty.contains(lexeme), "{lexeme} missing from {pretty}");
    }
    assert!(
        pretty.find("\"z\"") < pretty.find("\"a\""),
        "key order changed: {pretty}"
    );
}

#[wasm_bindgen_test]
fn layout_options() {
    assert_eq!(
        formatted("[1,[2]]", Some(r#"{"indent": 4}"#)),
        "[\n    1,\n    [\n        2\n    ]\n]"
    );
    assert_eq!(formatted("[1]", Some(r#"{"indent": "tab"}"#)), "[\n\t1\n]");
    assert_eq!(formatted("[1,2]", Some(r#"{"indent": 0}"#)), "[\n1,\n2\n]");
    assert_eq!(
        formatted("{ \"a\" : [ 1 , 2 ] }", Some(r#"{"minify": true}"#)),
        r#"{"a":[1,2]}"#
    );
}

#[wasm_bindgen_test]
fn content_options() {
    let sorted = formatted(
        r#"{"b":1,"a":{"d":1,"c":2}}"#,
        Some(r#"{"sortKeys": true, "minify": true}"#),
    );
    assert_eq!(sorted, r#"{"a":{"c":2,"d":1},"b":1}"#);
    let ascii = formatted(
        r#"["é😀"]"#,
        Some(r#"{"ensureAscii": true, "minify": true}"#),
    );
    assert_eq!(ascii, r#"["\u00e9\ud83d\ude00"]"#);
    let unwrapped = formatted(
        r#""{\"a\":1}""#,
        Some(r#"{"unwrapString": true, "minify": true}"#),
    );
    assert_eq!(unwrapped, r#"{"a":1}"#);
}

#[wasm_bindgen_test]
fn format_document_returns_output_diagnostics_and_unwrap_depth() {
    let result = format_document_js(
        r#""{\"a\":1,\"a\":2}""#,
        options(r#"{"unwrapString": true, "minify": true}"#),
    )
    .expect("formats");
    assert_eq!(
        get(&result, "output").as_string().as_deref(),
        Some(r#"{"a":1,"a":2}"#)
    );
    assert_eq!(get(&result, "unwrapDepth").as_f64(), Some(1.0));
    let diagnostics: js_sys::Array = get(&result, "diagnostics").unchecked_into();
    let codes: Vec<String> = diagnostics
        .iter()
        .filter_map(|d| get(&d, "code").as_string())
        .collect();
    assert!(codes.contains(&"duplicate-key".to_owned()), "{codes:?}");
    assert!(codes.contains(&"unwrapped-string".to_owned()), "{codes:?}");
    let duplicate = diagnostics
        .iter()
        .find(|d| get(d, "code").as_string().as_deref() == Some("duplicate-key"));
    let duplicate = duplicate.expect("duplicate-key diagnostic");
    assert_eq!(
        get(&duplicate, "severity").as_string().as_deref(),
        Some("warning")
    );
    assert_eq!(
        get(&duplicate, "instancePath").as_string().as_deref(),
        Some("/a")
    );
    assert!(
        get(&get(&duplicate, "span"), "line").as_f64().is_some(),
        "span with a line"
    );
}

#[wasm_bindgen_test]
fn invalid_json_throws_a_positioned_json_error() {
    let error = thrown("[1,\n 2,,]");
    assert!(error.is_instance_of::<js_sys::Error>());
    assert_eq!(
        get(&error, "name").as_string().as_deref(),
        Some("JsonError")
    );
    assert_eq!(get(&error, "code").as_string().as_deref(), Some("syntax"));
    assert_eq!(get(&error, "line").as_f64(), Some(2.0));
    assert_eq!(get(&error, "column").as_f64(), Some(4.0));
    assert!(get(&error, "message")
        .as_string()
        .is_some_and(|m| !m.is_empty()));
    assert!(get(&error, "snippet")
        .as_string()
        .is_some_and(|s| s.contains('^')));
    // The error as the crate's finding, to show as it is.
    let diagnostic = get(&error, "diagnostic");
    assert_eq!(
        get(&diagnostic, "severity").as_string().as_deref(),
        Some("error")
    );
    assert_eq!(
        get(&diagnostic, "code").as_string().as_deref(),
        Some("syntax")
    );
    let span = get(&diagnostic, "span");
    assert_eq!(get(&span, "line").as_f64(), Some(2.0));
    assert_eq!(get(&span, "column").as_f64(), Some(4.0));
    assert_eq!(
        get(&thrown("  "), "code").as_string().as_deref(),
        Some("empty")
    );
    assert_eq!(
        get(&thrown("[1,"), "code").as_string().as_deref(),
        Some("eof")
    );
}

#[wasm_bindgen_test]
fn error_offsets_count_utf16_units_after_non_ascii_text() {
    let text = "{\"é😀\": x}";
    let error = thrown(text);
    // 'x' is byte 11 but UTF-16 unit 8: é is one unit (two bytes), 😀 two units (four bytes).
    assert_eq!(get(&error, "offset").as_f64(), Some(8.0));
    assert_eq!(get(&error, "column").as_f64(), Some(9.0));
    assert_eq!(get(&error, "byteOffset").as_f64(), Some(11.0));
    assert_eq!(get(&error, "byteColumn").as_f64(), Some(12.0));
    let offset = get(&error, "offset").as_f64().expect("offset") as u32;
    assert_eq!(
        JsString::from(text).char_code_at(offset),
        f64::from(u32::from('x'))
    );
}

#[wasm_bindgen_test]
fn invalid_options_throw_a_type_error() {
    for bad in [
        r#"{"indent": 9}"#,
        r#"{"indent": "wide"}"#,
        r#"{"minfy": true}"#,
        r#"{"minify": "yes"}"#,
        "5",
    ] {
        let error = format("[1]", options(bad)).expect_err(bad);
        assert!(
            error.is_instance_of::<js_sys::TypeError>(),
            "{bad}: {error:?}"
        );
    }
}

#[wasm_bindgen_test]
fn version_is_the_crate_version() {
    assert_eq!(version(), env!("CARGO_PKG_VERSION"));
}

/// Every export's results go through `to_js`: a `"__proto__"` key from user input stays an own
/// key (no prototype replaced, nothing polluted) and an arbitrary-precision number arrives as a
/// number.
#[wasm_bindgen_test]
fn results_keep_proto_keys_as_own_keys_and_numbers_as_numbers() {
    let value: serde_json::Value =
        serde_json::from_str(r#"{"__proto__": {"polluted": 1}, "n": 1.50}"#).unwrap();
    let js = mcp_json_toolbox::wasm::conversions::to_js(&value).unwrap();
    let object: &js_sys::Object = js.unchecked_ref();
    assert_eq!(js_sys::Object::keys(object).length(), 2);
    assert!(js_sys::Object::has_own(object, &"__proto__".into()));
    assert!(get(&js, "polluted").is_undefined());
    let proto = js_sys::Object::get_prototype_of(&js);
    assert!(js_sys::Object::is(
        &proto,
        &js_sys::Object::get_prototype_of(&js_sys::Object::new())
    ));
    assert_eq!(get(&js, "n").as_f64(), Some(1.5));
}
