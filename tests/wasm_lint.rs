//! `lintSchema` through the JavaScript API (run in Node by wasm-bindgen-test-runner).
#![cfg(test)]
#![cfg(target_arch = "wasm32")]

use mcp_json_toolbox::wasm::lint_schema_js;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// `value[key]` for each key in turn.
fn get(value: &JsValue, path: &[&str]) -> JsValue {
    path.iter().fold(value.clone(), |v, key| {
        js_sys::Reflect::get(&v, &JsValue::from_str(key)).unwrap()
    })
}

#[wasm_bindgen_test]
fn lint_schema_returns_findings_with_utf16_spans_and_fixes() {
    // "é" is one UTF-16 unit and two UTF-8 bytes: spans count UTF-16.
    let text = r#"{"title":"é","type":"string","maxLenght":5}"#;
    let report = lint_schema_js(text).unwrap();
    assert_eq!(get(&report, &["valid"]).as_bool(), Some(true));
    assert_eq!(
        get(&report, &["dialect"]).as_string().as_deref(),
        Some("2020-12")
    );
    let first = get(&report, &["diagnostics", "0"]);
    assert_eq!(
        get(&first, &["code"]).as_string().as_deref(),
        Some("unknown-keyword")
    );
    assert_eq!(get(&first, &["span", "start"]).as_f64(), Some(29.0));
    assert_eq!(get(&first, &["fix", "span", "end"]).as_f64(), Some(40.0));
    assert_eq!(
        get(&first, &["fix", "replacement"]).as_string().as_deref(),
        Some("\"maxLength\"")
    );
}

#[wasm_bindgen_test]
fn lint_schema_reports_text_that_is_not_json_without_throwing() {
    let report = lint_schema_js("{\"type\": }").unwrap();
    assert_eq!(get(&report, &["valid"]).as_bool(), Some(false));
    assert_eq!(
        get(&report, &["diagnostics", "0", "code"])
            .as_string()
            .as_deref(),
        Some("syntax")
    );
}
