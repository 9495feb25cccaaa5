//! Hostile input through the JavaScript API (`format` / `formatDocument`) in wasm: every case
//! throws a `JsonError` with code, line and column, or returns exactly the accepted result, and
//! the instance stays usable. Invalid UTF-8 cannot reach this API (JS strings are UTF-16 and
//! wasm-bindgen encodes them to UTF-8); `tests/native/bad_input.rs` covers it through the Rust API.
#![cfg(test)]
#![cfg(target_arch = "wasm32")]

use mcp_json_toolbox::wasm::{format, format_document_js, FormatOptionsArg};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// Options from a JSON object literal.
fn options(json: &str) -> Option<FormatOptionsArg> {
    Some(js_sys::JSON::parse(json).unwrap().unchecked_into())
}

fn get(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).unwrap()
}

/// The thrown error's `(code, line, column)`, after checking it is an `Error` named `JsonError`.
fn thrown(text: &str, opts: &str) -> (String, f64, f64) {
    let error = format(text, options(opts)).unwrap_err();
    assert!(
        error.is_instance_of::<js_sys::Error>(),
        "not an Error: {error:?}"
    );
    assert_eq!(
        get(&error, "name").as_string().as_deref(),
        Some("JsonError")
    );
    assert!(get(&error, "snippet")
        .as_string()
        .is_some_and(|s| s.contains('^')));
    let number = |key| get(&error, key).as_f64().unwrap();
    (
        get(&error, "code").as_string().unwrap(),
        number("line"),
        number("column"),
    )
}

fn error_of(text: &str) -> (String, f64, f64) {
    thrown(text, "{}")
}

fn formatted(text: &str, opts: &str) -> String {
    format(text, options(opts)).unwrap().as_string().unwrap()
}

/// `formatDocument`'s diagnostics as `(code, instancePath, line, column)`.
fn diagnostics(text: &str) -> Vec<(String, String, f64, f64)> {
    let result = format_document_js(text, options(r#"{"minify": true}"#)).unwrap();
    let list: js_sys::Array = get(&result, "diagnostics").dyn_into().unwrap();
    list.iter()
        .map(|d| {
            let span = get(&d, "span");
            (
                get(&d, "code").as_string().unwrap(),
                get(&d, "instancePath").as_string().unwrap(),
                get(&span, "line").as_f64().unwrap(),
                get(&span, "column").as_f64().unwrap(),
            )
        })
        .collect()
}

fn code(c: &str, line: f64, column: f64) -> (String, f64, f64) {
    (c.to_owned(), line, column)
}

#[wasm_bindgen_test]
fn nesting_100_000_deep_is_a_depth_error_and_the_instance_survives() {
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    assert_eq!(error_of(&deep), code("depth-limit", 1.0, 513.0));
    assert_eq!(
        thrown(&deep, r#"{"sortKeys": true, "maxDepth": 200000}"#),
        code("depth-limit", 1.0, 2049.0)
    );
    assert_eq!(
        formatted(&deep, r#"{"minify": true, "maxDepth": 200000}"#),
        deep
    );
    assert_eq!(formatted("[1]", r#"{"minify": true}"#), "[1]");
}

#[wasm_bindgen_test]
fn sorting_the_deepest_tree_allowed_fits_the_wasm_stack() {
    // 2048 levels is the tree cap; building, sorting and dropping it recurse that deep.
    let deep = r#"{"b":1,"a":"#.repeat(2047) + "[]" + &"}".repeat(2047);
    let out = formatted(
        &deep,
        r#"{"sortKeys": true, "minify": true, "maxDepth": 2048}"#,
    );
    assert!(
        out.starts_with(r#"{"a":{"a":"#) && out.ends_with(r#""b":1}"#),
        "{:?}",
        out.get(..40)
    );
}

#[wasm_bindgen_test]
fn the_size_limit_is_an_option() {
    let text = format!("[{}]", vec!["1"; 100].join(","));
    assert_eq!(
        thrown(&text, r#"{"maxInputBytes": 50}"#),
        code("size-limit", 1.0, 51.0)
    );
    assert_eq!(
        formatted(&text, r#"{"minify": true, "maxInputBytes": 201}"#),
        text
    );
}

#[wasm_bindgen_test]
fn scalars_and_syntax_errors_are_positioned() {
    assert_eq!(formatted(r#""\ud800""#, "{}"), r#""\ud800""#);
    assert_eq!(formatted("1e999999", "{}"), "1e999999");
    assert_eq!(error_of("-"), code("syntax", 1.0, 2.0));
    assert_eq!(error_of("01"), code("syntax", 1.0, 1.0));
    assert_eq!(error_of("[1,\0]"), code("syntax", 1.0, 4.0));
    assert_eq!(error_of("{\"é\": 1} x"), code("syntax", 1.0, 10.0));
    assert_eq!(error_of(""), code("empty", 1.0, 1.0));
    assert_eq!(error_of(" \n"), code("empty", 2.0, 1.0));
    assert_eq!(formatted("\u{feff}[1]", r#"{"minify": true}"#), "[1]");
    // UTF-16 columns: the emoji is two code units.
    assert_eq!(error_of("[\"😀\" x]"), code("syntax", 1.0, 7.0));
}

#[wasm_bindgen_test]
fn warnings_come_back_positioned() {
    assert_eq!(
        diagnostics("[\"\\ud800\"]"),
        vec![("lone-surrogate".into(), "/0".into(), 1.0, 3.0)]
    );
    assert_eq!(
        diagnostics("\u{feff}1"),
        vec![("byte-order-mark".into(), String::new(), 1.0, 1.0)]
    );
    assert_eq!(
        diagnostics("{\"a\":1,\n\"a\":2}"),
        vec![("duplicate-key".into(), "/a".into(), 2.0, 1.0)]
    );
}

#[wasm_bindgen_test]
fn proto_keys_are_plain_keys_and_pollute_nothing() {
    let text = r#"{"__proto__": {"polluted": 1}, "__proto__": 2}"#;
    let result = format_document_js(text, options(r#"{"minify": true}"#)).unwrap();
    assert_eq!(
        get(&result, "output").as_string().as_deref(),
        Some(r#"{"__proto__":{"polluted":1},"__proto__":2}"#)
    );
    assert_eq!(
        diagnostics(text),
        vec![("duplicate-key".into(), "/__proto__".into(), 1.0, 32.0)]
    );
    assert!(get(&js_sys::Object::new(), "polluted").is_undefined());
    assert!(get(&result, "polluted").is_undefined());
    // An own `__proto__` key in the options (JSON.parse makes one) is an unknown option.
    let error = format("[1]", options(r#"{"__proto__": {"minify": true}}"#)).unwrap_err();
    assert!(error.is_instance_of::<js_sys::TypeError>(), "{error:?}");
}

#[wasm_bindgen_test]
fn misspelt_and_mistyped_options_are_type_errors() {
    for bad in [
        r#"{"indnt": 2}"#,
        r#"{"indent": 9}"#,
        r#"{"maxDepth": -1}"#,
        r#"{"minify": "yes"}"#,
    ] {
        let error = format("[1]", options(bad)).unwrap_err();
        assert!(
            error.is_instance_of::<js_sys::TypeError>(),
            "{bad}: {error:?}"
        );
        let message = get(&error, "message").as_string().unwrap();
        assert!(message.starts_with("invalid options: "), "{message}");
    }
    assert_eq!(
        formatted("[1]", r#"{"indent": "tab", "maxDepth": 3}"#),
        "[\n\t1\n]"
    );
    assert_eq!(formatted("[1]", r#"{"indent": 0}"#), "[\n1\n]");
}
