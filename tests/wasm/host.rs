//! The host checks through the JavaScript API (run in Node by wasm-bindgen-test-runner).
#![cfg(test)]
#![cfg(target_arch = "wasm32")]

use mcp_json_toolbox::wasm::{check_elicitation_js, check_tool_result_js, replay_session_js};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// `value[key]` for each key in turn.
fn get(value: &JsValue, path: &[&str]) -> JsValue {
    path.iter().fold(value.clone(), |v, key| {
        js_sys::Reflect::get(&v, &JsValue::from_str(key)).unwrap()
    })
}

#[wasm_bindgen_test]
fn replay_session_returns_plain_js_state() {
    let text = include_str!("../fixtures/sessions/happy-2025-11-25.json");
    let report = replay_session_js(text, None).unwrap();
    let task = get(&report, &["tasks", "786512e2-9e0d-4b2a-9c1f-2f5b1d2a7e01"]);
    assert_eq!(
        get(&task, &["lastStatus"]).as_string().as_deref(),
        Some("completed")
    );
    assert_eq!(
        get(&task, &["toolName"]).as_string().as_deref(),
        Some("batch_index")
    );
    assert_eq!(get(&task, &["pollIntervalMs"]).as_f64(), Some(5000.0));
    assert!(get(&task, &["nextPollAt"]).is_null());
    let documents = js_sys::Array::from(&get(&task, &["arguments", "documents"]));
    assert_eq!(documents.get(2).as_string().as_deref(), Some("faq.md"));
    let history = js_sys::Array::from(&get(&task, &["history"]));
    assert_eq!(history.length(), 4);
    assert_eq!(
        get(&history.get(3), &["event"]).as_string().as_deref(),
        Some("notified")
    );
    assert_eq!(get(&history.get(1), &["span", "line"]).as_f64(), Some(9.0));
    // Nothing of the session's own rules (compatibility verdicts, codes `target/rule`, aside).
    let diagnostics = js_sys::Array::from(&get(&report, &["diagnostics"]));
    for d in diagnostics.iter() {
        let code = get(&d, &["code"]).as_string().unwrap_or_default();
        assert!(code.contains('/'), "{code}");
    }
}

#[wasm_bindgen_test]
fn exact_numbers_in_arguments_become_js_numbers() {
    let text = include_str!("../fixtures/sessions/happy-2025-11-25.json").replace(
        r#""collection": "docs""#,
        r#""collection": "docs", "limit": 2.50"#,
    );
    let report = replay_session_js(&text, None).unwrap();
    let limit = get(
        &report,
        &[
            "tasks",
            "786512e2-9e0d-4b2a-9c1f-2f5b1d2a7e01",
            "arguments",
            "limit",
        ],
    );
    assert_eq!(limit.as_f64(), Some(2.5));
}

#[wasm_bindgen_test]
fn check_tool_result_reports_schema_failures_with_spans() {
    let tool = r#"{"name": "count", "inputSchema": {"type": "object", "additionalProperties": false},
  "outputSchema": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0}}, "required": ["n"]}}"#;
    let report = check_tool_result_js(
        tool,
        "{\"content\": [],\n \"structuredContent\": {\"n\": -1}}",
    )
    .unwrap();
    assert_eq!(get(&report, &["valid"]).as_bool(), Some(false));
    let first = js_sys::Array::from(&get(&report, &["diagnostics"])).get(0);
    assert_eq!(
        get(&first, &["code"]).as_string().as_deref(),
        Some("minimum")
    );
    assert_eq!(
        get(&first, &["instancePath"]).as_string().as_deref(),
        Some("/structuredContent/n")
    );
    assert_eq!(get(&first, &["span", "line"]).as_f64(), Some(2.0));
    assert_eq!(get(&first, &["schemaSpan", "line"]).as_f64(), Some(2.0));
    assert!(get(&report, &["generation"]).is_null());
}

#[wasm_bindgen_test]
fn check_elicitation_reports_both_texts() {
    let request = r#"{"message": "How many?", "requestedSchema": {"type": "object",
        "properties": {"n": {"type": "integer", "minimum": 1}}, "required": ["n"]}}"#;
    let report = check_elicitation_js(
        request,
        Some(r#"{"action": "accept", "content": {"n": 0}}"#.into()),
    )
    .unwrap();
    assert_eq!(get(&report, &["valid"]).as_bool(), Some(false));
    assert_eq!(
        get(&report, &["requests", "0", "mode"])
            .as_string()
            .as_deref(),
        Some("form")
    );
    let found = get(&report, &["responseDiagnostics", "0"]);
    assert_eq!(
        get(&found, &["code"]).as_string().as_deref(),
        Some("minimum")
    );
    assert_eq!(
        get(&found, &["instancePath"]).as_string().as_deref(),
        Some("/content/n")
    );
    let alone = check_elicitation_js(request, None).unwrap();
    assert_eq!(get(&alone, &["valid"]).as_bool(), Some(true));
}
