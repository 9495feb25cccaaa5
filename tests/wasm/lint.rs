//! `lintSchema` through the JavaScript API (run in Node by wasm-bindgen-test-runner).
#![cfg(test)]
#![cfg(target_arch = "wasm32")]

use mcp_json_toolbox::wasm::lint_schema_js;
use serde_json::Value;
use wasm_bindgen_test::wasm_bindgen_test;

/// The report `lintSchema` returns for `text`, read back as JSON.
fn lint(text: &str) -> Value {
    let report = lint_schema_js(text).unwrap();
    serde_wasm_bindgen::from_value(report).unwrap()
}

#[wasm_bindgen_test]
fn lint_schema_returns_findings_with_utf16_spans_and_fixes() {
    // "é" is one UTF-16 unit and two UTF-8 bytes: spans count UTF-16.
    let report = lint(r#"{"title":"é","type":"string","maxLenght":5}"#);
    assert_eq!(report["valid"], true);
    assert_eq!(report["dialect"], "2020-12");
    let first = &report["diagnostics"][0];
    assert_eq!(first["code"], "unknown-keyword");
    assert_eq!(first["span"]["start"], 29);
    assert_eq!(first["fix"]["span"]["end"], 40);
    assert_eq!(first["fix"]["replacement"], "\"maxLength\"");
}

#[wasm_bindgen_test]
fn lint_schema_reports_text_that_is_not_json_without_throwing() {
    let report = lint("{\"type\": }");
    assert_eq!(report["valid"], false);
    assert_eq!(report["diagnostics"][0]["code"], "syntax");
}
