//! Which official `$defs` definition a message is, by what names it: a request or notification by
//! its `method`, a result by the method of the request it answers (and the shapes any request
//! may get instead: a task handle, an `InputRequiredResult`), an error by its `code`. Read off the
//! embedded schemas ([`crate::protocol::schemas`]), never a table of our own.

use serde_json::Value;

use super::messages::{result_kind, ResultKind};
use super::{schemas, Generation, GENERATIONS};
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

/// The request or notification definition whose `method` is `method`, in any version.
pub fn method_kind(method: &str) -> Option<&'static str> {
    GENERATIONS
        .iter()
        .find_map(|&version| method_kind_in(version, method))
}

/// The request or notification definition whose `method` is `method` in `version`.
pub fn method_kind_in(version: Generation, method: &str) -> Option<&'static str> {
    schemas::definitions(version)
        .find(|(_, schema)| constant(schema, "method").and_then(Value::as_str) == Some(method))
        .map(|(name, _)| name)
}

/// The result definition answering `method` (`tools/call` → `CallToolResult`) in any version.
pub fn answer_kind(method: &str) -> Option<&'static str> {
    GENERATIONS
        .iter()
        .find_map(|&version| answer_kind_in(version, method))
}

/// The result definition answering `method` in `version`.
pub fn answer_kind_in(version: Generation, method: &str) -> Option<&'static str> {
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
pub fn result_kind_in(version: Generation, method: &str, result: &Node) -> &'static str {
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
/// error object, in any version.
pub fn error_kind(code: i64, response: bool) -> Option<&'static str> {
    GENERATIONS
        .iter()
        .find_map(|&version| error_kind_in(version, code, response))
}

/// [`error_kind`] in `version`.
pub fn error_kind_in(version: Generation, code: i64, response: bool) -> Option<&'static str> {
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
