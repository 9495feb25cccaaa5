//! `classify` through the JavaScript API (runs in Node with wasm-bindgen-test).
#![cfg(test)]
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use mcp_json_toolbox::wasm::classify;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap()
}

fn text(value: &JsValue, path: &[&str]) -> Option<String> {
    path.iter()
        .fold(value.clone(), |v, key| get(&v, key))
        .as_string()
}

#[wasm_bindgen_test]
fn a_task_handle_is_a_task_card() {
    let c = classify(r#"{"resultType":"task","taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b","ttlMs":60000}"#, None).unwrap();
    assert_eq!(text(&c, &["kind"]).as_deref(), Some("CreateTaskResult"));
    assert_eq!(text(&c, &["generation"]).as_deref(), Some("2026-07-28"));
    assert_eq!(text(&c, &["summary", "type"]).as_deref(), Some("task"));
    assert_eq!(get(&get(&c, "summary"), "handle"), JsValue::TRUE);
    assert_eq!(
        text(&c, &["summary", "ttl", "human"]).as_deref(),
        Some("1 min")
    );
    // Plain objects and arrays, not Maps.
    assert!(Array::is_array(&get(&c, "versions")));
    assert!(get(&c, "generation").is_string());
}

#[wasm_bindgen_test]
fn diagnostics_carry_spans() {
    let c = classify(
        r#"{"task":{"taskId":"t","status":"working","createdAt":"a","lastUpdatedAt":"b"}}"#,
        None,
    )
    .unwrap();
    let diagnostics = Array::from(&get(&c, "diagnostics"));
    assert_eq!(diagnostics.length(), 1);
    let first = diagnostics.get(0);
    assert_eq!(text(&first, &["code"]).as_deref(), Some("required"));
    assert_eq!(get(&get(&first, "span"), "start").as_f64(), Some(8.0));
    assert!(get(&c, "generation").is_string());
}

#[wasm_bindgen_test]
fn bad_json_is_unknown_not_a_throw() {
    let c = classify("{\"a\": ", None).unwrap();
    assert_eq!(text(&c, &["kind"]).as_deref(), Some("Unknown"));
    assert!(get(&c, "generation").is_null());
    assert_eq!(Array::from(&get(&c, "diagnostics")).length(), 1);
}

#[wasm_bindgen_test]
fn a_batch_lists_its_items() {
    let c = classify(r#"[{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"taskId":"t"}},{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}]"#, None).unwrap();
    let items = Array::from(&get(&c, "items"));
    assert_eq!(items.length(), 2);
    assert_eq!(
        text(&items.get(1), &["summary", "name"]).as_deref(),
        Some("MethodNotFound")
    );
    assert_eq!(
        get(&get(&items.get(1), "summary"), "code").as_f64(),
        Some(-32601.0)
    );
    assert_eq!(text(&c, &["envelope", "type"]).as_deref(), Some("batch"));
}
