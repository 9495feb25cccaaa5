//! Which official `$defs` definition a message is, by what names it: a request or notification by
//! its `method`, a result by the method of the request it answers (and the shapes any request
//! may get instead: a task handle, an `InputRequiredResult`), an error by its `code`. Read off the
//! embedded schemas ([`crate::protocol::schemas`]), never a table of our own.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::Value;

use super::messages::{result_kind, ResultKind};
use super::{schemas, Version, GENERATIONS, VERSIONS};
use crate::json::Node;

/// The definition whose `properties.<name>.const` (directly or inside `allOf`) is `value`.
fn constant<'a>(schema: &'a Value, name: &str) -> Option<&'a Value> {
    let direct = schema
        .get("properties")
        .and_then(|p| p.get(name))
        .and_then(|p| p.get("const"));
    direct.or_else(|| {
        schema
            .get("allOf")?
            .as_array()?
            .iter()
            .find_map(|part| constant(part, name))
    })
}

/// The request or notification definition whose `method` is `method`, in either task generation
/// (every method of the older versions is in 2025-11-25).
pub fn method_kind(method: &str) -> Option<&'static str> {
    GENERATIONS
        .iter()
        .find_map(|&version| method_kind_in(version.into(), method))
}

/// The request or notification definition whose `method` is `method` in `version` (looked up
/// in an index of the version's definitions by method, built once).
pub fn method_kind_in(version: Version, method: &str) -> Option<&'static str> {
    type Index = HashMap<&'static str, &'static str>;
    static INDEXES: [OnceLock<Index>; VERSIONS.len()] = [const { OnceLock::new() }; VERSIONS.len()];
    let slot = VERSIONS.iter().position(|&v| v == version)?;
    let index = INDEXES.get(slot)?.get_or_init(|| {
        let mut index = Index::new();
        for (name, schema) in schemas::definitions(version) {
            if let Some(method) = constant(schema, "method").and_then(Value::as_str) {
                // The first definition naming a method wins, as a search in order would find.
                index.entry(method).or_insert(name);
            }
        }
        index
    });
    index.get(method).copied()
}

/// The result definition answering `method` (`tools/call` → `CallToolResult`) in either task
/// generation.
pub fn answer_kind(method: &str) -> Option<&'static str> {
    GENERATIONS
        .iter()
        .find_map(|&version| answer_kind_in(version.into(), method))
}

/// The result definition answering `method` in `version`.
pub fn answer_kind_in(version: Version, method: &str) -> Option<&'static str> {
    let request = method_kind_in(version, method)?;
    let result = format!("{}Result", request.strip_suffix("Request")?);
    schemas::definitions(version)
        .find(|(name, _)| *name == result)
        .map(|(name, _)| name)
}

/// Whether the result kind of the answered request (`expected`) wins over the kind a result's
/// members suggest (`found`): always, except for an `InputRequiredResult` (any request may get
/// one) and a task handle answering a request that may run as a task (anything but `tasks/*`).
pub fn answer_overrides(found: &str, expected: &str) -> bool {
    match found {
        "InputRequiredResult" => false,
        "CreateTaskResult" => is_task_method_result(expected),
        _ => true,
    }
}

/// Whether `kind` answers one of the task methods (`tasks/*`).
fn is_task_method_result(kind: &str) -> bool {
    matches!(
        kind,
        "GetTaskResult"
            | "CancelTaskResult"
            | "UpdateTaskResult"
            | "GetTaskPayloadResult"
            | "ListTasksResult"
    )
}

/// The definition a `result` answering a `method` request must satisfy in `version`: the
/// method's result, a task handle or an `InputRequiredResult` when it is one (see
/// [`answer_overrides`]), the generic `Result` when the method has no result definition.
pub fn result_kind_in(version: Version, method: &str, result: &Node) -> &'static str {
    let expected = answer_kind_in(version, method).unwrap_or("Result");
    let found = match result_kind(result) {
        ResultKind::TaskHandle(_) => "CreateTaskResult",
        ResultKind::InputRequired => "InputRequiredResult",
        ResultKind::ToolResult | ResultKind::Other => return expected,
    };
    if answer_overrides(found, expected) {
        expected
    } else {
        found
    }
}

/// The error definition for `code`: one describing a whole error response (`response`) or a bare
/// error object, in either task generation.
pub fn error_kind(code: i64, response: bool) -> Option<&'static str> {
    GENERATIONS
        .iter()
        .find_map(|&version| error_kind_in(version.into(), code, response))
}

/// [`error_kind`] in `version`.
pub fn error_kind_in(version: Version, code: i64, response: bool) -> Option<&'static str> {
    schemas::definitions(version)
        .find(|(_, schema)| {
            let holder = if response {
                schema.get("properties").and_then(|p| p.get("error"))
            } else {
                Some(*schema)
            };
            holder
                .and_then(|h| constant(h, "code"))
                .and_then(Value::as_i64)
                == Some(code)
        })
        .map(|(name, _)| name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};

    fn answer(version: Version, method: &str, result: &str) -> &'static str {
        let doc = parse(result, ReadOptions::default()).unwrap();
        result_kind_in(version, method, &doc.root)
    }

    #[test]
    fn a_result_is_named_by_the_method_it_answers() {
        let v2025 = Version::V2025_11_25;
        let v2026 = Version::V2026_07_28;
        assert_eq!(answer(v2025, "tools/list", "{}"), "ListToolsResult");
        assert_eq!(answer(v2025, "initialize", "{}"), "InitializeResult");
        // A task handle answers a call run as a task, not a task method.
        let handle = r#"{"task": {"taskId": "t"}}"#;
        assert_eq!(answer(v2025, "tools/call", handle), "CreateTaskResult");
        let flat = r#"{"resultType": "task", "taskId": "t"}"#;
        assert_eq!(answer(v2026, "tools/call", flat), "CreateTaskResult");
        assert_eq!(answer(v2026, "tasks/get", flat), "GetTaskResult");
        let more = r#"{"resultType": "input_required"}"#;
        assert_eq!(answer(v2026, "tools/call", more), "InputRequiredResult");
        // No result definition of its own (`ping`), or an unknown method: the generic `Result`.
        assert_eq!(answer(v2025, "ping", "{}"), "Result");
        assert_eq!(answer(v2025, "x/custom", "{}"), "Result");
        assert_eq!(method_kind_in(v2026, "initialize"), None);
        assert_eq!(error_kind_in(v2025, -32602, true), None);
    }
}
