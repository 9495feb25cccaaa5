//! Host-side checks: every rule with a passing and a failing case, and the worked session examples.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use support::{fixture, list, replay_session};

use mcp_json_toolbox::host::{
    check_tool, check_tool_call, check_tool_result, Generation, TaskEvent, TaskStatus,
};
use mcp_json_toolbox::{Diagnostic, Severity};

/// The only diagnostic with `code`; fails listing them all otherwise.
fn one<'a>(diagnostics: &'a [Diagnostic], code: &str) -> &'a Diagnostic {
    let found: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.code == code).collect();
    assert_eq!(
        found.len(),
        1,
        "expected one `{code}` in {}",
        list(diagnostics)
    );
    found[0]
}

/// Asserts a diagnostic's pointer and the line its span starts on.
fn assert_at(diagnostic: &Diagnostic, pointer: &str, line: usize) {
    assert_eq!(diagnostic.instance_path, pointer, "{diagnostic:?}");
    assert_eq!(
        diagnostic.span.map(|s| s.line),
        Some(line),
        "{diagnostic:?}"
    );
}

/// Asserts there is nothing but infos.
fn assert_clean(diagnostics: &[Diagnostic]) {
    assert!(
        diagnostics.iter().all(|d| d.severity == Severity::Info),
        "unexpected: {}",
        list(diagnostics)
    );
}

const BATCH_INDEX: &str = r#"{
  "name": "batch_index",
  "inputSchema": {
    "type": "object",
    "properties": {
      "collection": {"type": "string"},
      "documents": {"type": "array", "items": {"type": "string"}, "minItems": 1}
    },
    "required": ["collection", "documents"],
    "additionalProperties": false
  },
  "outputSchema": {
    "type": "object",
    "properties": {"indexed": {"type": "integer", "minimum": 0}},
    "required": ["indexed"]
  },
  "execution": {"taskSupport": "optional"}
}"#;

/// `BATCH_INDEX` with another task support.
fn with_support(support: &str) -> String {
    BATCH_INDEX.replace(
        r#""taskSupport": "optional""#,
        &format!(r#""taskSupport": "{support}""#),
    )
}

// ---- Check 1: tool definitions ----

#[test]
fn a_good_tool_and_a_good_tools_list_pass() {
    let report = check_tool(BATCH_INDEX);
    assert!(report.valid);
    assert_clean(&report.diagnostics);
    assert_eq!(report.generation, Some(Generation::V2025_11_25));
    let list = format!(
        r#"{{"tools": [{BATCH_INDEX}, {}]}}"#,
        BATCH_INDEX.replace("batch_index", "batch.index-2")
    );
    assert_clean(&check_tool(&list).diagnostics);
}

#[test]
fn input_schema_must_be_a_valid_schema() {
    let report = check_tool(&BATCH_INDEX.replace(r#""minItems": 1"#, r#""minItems": -1"#));
    assert!(!report.valid);
    assert_at(
        one(&report.diagnostics, "invalid-schema"),
        "/inputSchema/properties/documents/minItems",
        7,
    );
}

#[test]
fn an_unusable_schema_is_reported() {
    let report = check_tool(&BATCH_INDEX.replace(
        r#""items": {"type": "string"}"#,
        r##""items": {"$ref": "#/$defs/nope"}"##,
    ));
    assert_at(
        one(&report.diagnostics, "unusable-schema"),
        "/inputSchema",
        3,
    );
}

#[test]
fn input_schema_root_must_be_an_object() {
    let tool = r#"{"name": "t",
      "inputSchema": {"type": "array"}}"#;
    assert_at(
        one(&check_tool(tool).diagnostics, "schema-root-not-object"),
        "/inputSchema/type",
        2,
    );
    let missing = check_tool(r#"{"name": "t"}"#);
    assert_at(one(&missing.diagnostics, "input-schema-missing"), "", 1);
}

#[test]
fn output_schema_root_is_an_object_before_2026() {
    let tool = BATCH_INDEX.replace(
        r#""outputSchema": {
    "type": "object","#,
        r#""outputSchema": {
    "type": "array","#,
    );
    let old = check_tool(&tool);
    let found = one(&old.diagnostics, "schema-root-not-object");
    assert_eq!(found.severity, Severity::Error);
    assert_at(found, "/outputSchema/type", 13);
    // Without `execution` the generation is unknown: a warning.
    let plain = r#"{"name": "t", "inputSchema": {"type": "object", "additionalProperties": false}, "outputSchema": {"type": "array"}}"#;
    assert_eq!(
        one(&check_tool(plain).diagnostics, "schema-root-not-object").severity,
        Severity::Warning
    );
    // A 2026-07-28 tools/list (it has `resultType`) allows any output schema.
    let listed = format!(r#"{{"resultType": "complete", "tools": [{plain}]}}"#);
    let report = check_tool(&listed);
    assert_eq!(report.generation, Some(Generation::V2026_07_28));
    assert_clean(&report.diagnostics);
}

#[test]
fn output_schema_must_be_valid() {
    let report = check_tool(&BATCH_INDEX.replace(r#""minimum": 0"#, r#""minimum": "zero""#));
    assert_at(
        one(&report.diagnostics, "invalid-schema"),
        "/outputSchema/properties/indexed/minimum",
        14,
    );
}

#[test]
fn task_support_is_one_of_three_values() {
    for good in ["forbidden", "optional", "required"] {
        assert_clean(&check_tool(&with_support(good)).diagnostics);
    }
    let report = check_tool(&with_support("sometimes"));
    assert_at(
        one(&report.diagnostics, "task-support-invalid"),
        "/execution/taskSupport",
        17,
    );
}

#[test]
fn execution_is_a_2025_field() {
    let listed = format!(r#"{{"resultType": "complete", "tools": [{BATCH_INDEX}]}}"#);
    let report = check_tool(&listed);
    let found = one(&report.diagnostics, "execution-not-in-generation");
    assert_eq!(found.severity, Severity::Warning);
    assert_at(found, "/tools/0/execution", 17);
}

#[test]
fn tool_names_follow_the_rules() {
    let named = |name: &str| check_tool(&BATCH_INDEX.replace("batch_index", name));
    assert_clean(&named("Get.weather-v2_x").diagnostics);
    assert_clean(&named(&"n".repeat(128)).diagnostics);
    let spaced = named("get weather!");
    let found = one(&spaced.diagnostics, "tool-name-invalid");
    assert_eq!(found.severity, Severity::Warning);
    assert_at(found, "/name", 2);
    assert_eq!(
        one(&named(&"n".repeat(129)).diagnostics, "tool-name-invalid").severity,
        Severity::Warning
    );
    assert_eq!(
        one(&named("").diagnostics, "tool-name-invalid").severity,
        Severity::Error
    );
}

#[test]
fn duplicate_tool_names_are_errors() {
    let list = format!("{{\"tools\": [\n{BATCH_INDEX},\n{BATCH_INDEX}]}}");
    let report = check_tool(&list);
    assert!(!report.valid);
    assert_at(
        one(&report.diagnostics, "duplicate-tool-name"),
        "/tools/1/name",
        21,
    );
}

#[test]
fn a_no_argument_tool_should_be_closed() {
    let open = check_tool("{\"name\": \"ping\",\n \"inputSchema\": {\"type\": \"object\"}}");
    let found = one(&open.diagnostics, "no-argument-tool-open");
    assert_eq!(found.severity, Severity::Warning);
    assert_at(found, "/inputSchema", 2);
    assert!(open.valid);
    let closed = check_tool(
        r#"{"name": "ping", "inputSchema": {"type": "object", "additionalProperties": false}}"#,
    );
    assert_clean(&closed.diagnostics);
}

#[test]
fn text_that_is_not_a_tool_is_reported() {
    assert_eq!(
        one(
            &check_tool(r#"{"jsonrpc": "2.0", "method": "ping"}"#).diagnostics,
            "not-a-tool"
        )
        .span
        .map(|s| s.line),
        Some(1)
    );
    assert_eq!(
        one(&check_tool("{\n\"name\": }").diagnostics, "syntax")
            .span
            .map(|s| s.line),
        Some(2)
    );
}

// ---- Check 2: tools/call against the tool and the capabilities ----

const CAPS_WITH_TASKS: &str =
    r#"{"capabilities": {"tasks": {"requests": {"tools": {"call": {}}}}}}"#;
const CAPS_WITHOUT_TASKS: &str = r#"{"capabilities": {"tools": {}, "tasks": {"list": {}}}}"#;

/// A tools/call request with `extra` params members; arguments on line 4.
fn call(arguments: &str, extra: &str) -> String {
    format!("{{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\",\n \"params\": {{\n  \"name\": \"batch_index\",\n  \"arguments\": {arguments}{extra}\n }}\n}}")
}

const GOOD_ARGS: &str = r#"{"collection": "docs", "documents": ["a.md"]}"#;

#[test]
fn arguments_are_validated_against_input_schema() {
    let report = check_tool_call(BATCH_INDEX, &call(GOOD_ARGS, ""), None);
    assert!(report.valid, "{}", list(&report.diagnostics));
    assert_clean(&report.diagnostics);
    let bad = check_tool_call(
        BATCH_INDEX,
        &call(r#"{"collection": "docs", "documents": []}"#, ""),
        None,
    );
    let found = one(&bad.diagnostics, "minItems");
    assert_at(found, "/params/arguments/documents", 4);
    assert_eq!(
        found.keyword_location.as_deref(),
        Some("/inputSchema/properties/documents/minItems")
    );
    assert_eq!(
        found.schema_span.map(|s| s.line),
        Some(7),
        "the schema span points into the tool text"
    );
    let missing = check_tool_call(BATCH_INDEX, &call(r#"{"collection": "docs"}"#, ""), None);
    assert_at(
        one(&missing.diagnostics, "required"),
        "/params/arguments",
        4,
    );
}

#[test]
fn a_task_needs_the_server_capability() {
    let with_task = call(GOOD_ARGS, ",\n  \"task\": {\"ttl\": 60000}");
    assert_clean(&check_tool_call(BATCH_INDEX, &with_task, Some(CAPS_WITH_TASKS)).diagnostics);
    let refused = check_tool_call(BATCH_INDEX, &with_task, Some(CAPS_WITHOUT_TASKS));
    assert!(!refused.valid);
    assert_at(
        one(&refused.diagnostics, "task-not-negotiated"),
        "/params/task",
        5,
    );
    let unknown = check_tool_call(BATCH_INDEX, &with_task, None);
    assert_eq!(
        one(&unknown.diagnostics, "capabilities-unknown").severity,
        Severity::Info
    );
    assert!(unknown.valid);
}

#[test]
fn task_support_required_needs_a_task() {
    let tool = with_support("required");
    let without = check_tool_call(&tool, &call(GOOD_ARGS, ""), Some(CAPS_WITH_TASKS));
    let found = one(&without.diagnostics, "task-required");
    assert!(found.message.contains("-32601"));
    assert_at(found, "/params", 2);
    let with_task = call(GOOD_ARGS, ",\n  \"task\": {}");
    assert_clean(&check_tool_call(&tool, &with_task, Some(CAPS_WITH_TASKS)).diagnostics);
}

#[test]
fn task_support_forbidden_refuses_a_task() {
    let tool = with_support("forbidden");
    let with_task = call(GOOD_ARGS, ",\n  \"task\": {\"ttl\": 1000}");
    assert_at(
        one(
            &check_tool_call(&tool, &with_task, Some(CAPS_WITH_TASKS)).diagnostics,
            "task-forbidden",
        ),
        "/params/task",
        5,
    );
    assert_clean(&check_tool_call(&tool, &call(GOOD_ARGS, ""), Some(CAPS_WITH_TASKS)).diagnostics);
}

#[test]
fn task_support_optional_accepts_both() {
    assert_clean(
        &check_tool_call(BATCH_INDEX, &call(GOOD_ARGS, ""), Some(CAPS_WITH_TASKS)).diagnostics,
    );
    let with_task = call(GOOD_ARGS, ",\n  \"task\": {}");
    assert_clean(&check_tool_call(BATCH_INDEX, &with_task, Some(CAPS_WITH_TASKS)).diagnostics);
}

#[test]
fn in_2026_tasks_are_an_extension_not_a_parameter() {
    let meta = |extensions: &str| {
        format!(",\n  \"_meta\": {{\"io.modelcontextprotocol/protocolVersion\": \"2026-07-28\", \"io.modelcontextprotocol/clientCapabilities\": {{\"extensions\": {{{extensions}}}}}}}")
    };
    let declared = meta(r#""io.modelcontextprotocol/tasks": {}"#);
    let report = check_tool_call(&with_support("required"), &call(GOOD_ARGS, &declared), None);
    assert_eq!(report.generation, Some(Generation::V2026_07_28));
    assert_clean(&report.diagnostics);
    let undeclared = check_tool_call(&with_support("required"), &call(GOOD_ARGS, &meta("")), None);
    assert_at(one(&undeclared.diagnostics, "task-required"), "/params", 2);
    let with_param = call(
        GOOD_ARGS,
        &format!("{declared},\n  \"task\": {{\"ttl\": 5}}"),
    );
    assert_at(
        one(
            &check_tool_call(BATCH_INDEX, &with_param, None).diagnostics,
            "task-param-in-2026",
        ),
        "/params/task",
        6,
    );
}

#[test]
fn the_called_tool_must_exist() {
    let request = call(GOOD_ARGS, "").replace("\"batch_index\"", "\"batch_delete\"");
    assert_at(
        one(
            &check_tool_call(BATCH_INDEX, &request, None).diagnostics,
            "unknown-tool",
        ),
        "/params/name",
        3,
    );
    let other = check_tool_call(
        BATCH_INDEX,
        r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#,
        None,
    );
    assert_eq!(
        one(&other.diagnostics, "not-a-tool-call")
            .span
            .map(|s| s.line),
        Some(1)
    );
}

#[test]
fn tool_text_problems_stay_in_their_own_list() {
    let report = check_tool_call(&with_support("sometimes"), &call(GOOD_ARGS, ""), None);
    assert_at(
        one(&report.tool_diagnostics, "task-support-invalid"),
        "/execution/taskSupport",
        17,
    );
    assert!(report
        .diagnostics
        .iter()
        .all(|d| d.code != "task-support-invalid"));
    assert!(!report.valid);
    let caps = check_tool_call(BATCH_INDEX, &call(GOOD_ARGS, ""), Some("{oops"));
    assert_eq!(
        one(&caps.capabilities_diagnostics, "syntax")
            .span
            .map(|s| s.line),
        Some(1)
    );
}

// ---- Check 3: results against the tool ----

/// A response whose result has `body` members; the result starts on line 2.
fn response(body: &str) -> String {
    format!("{{\"jsonrpc\": \"2.0\", \"id\": 1,\n \"result\": {{\n  \"content\": [],\n  {body}\n }}\n}}")
}

#[test]
fn structured_content_is_validated_against_output_schema() {
    assert_clean(
        &check_tool_result(
            BATCH_INDEX,
            &response(r#""structuredContent": {"indexed": 3}"#),
        )
        .diagnostics,
    );
    let bad = check_tool_result(
        BATCH_INDEX,
        &response(r#""structuredContent": {"indexed": -1}"#),
    );
    let found = one(&bad.diagnostics, "minimum");
    assert_at(found, "/result/structuredContent/indexed", 4);
    assert_eq!(found.schema_span.map(|s| s.line), Some(14));
}

#[test]
fn is_error_skips_structured_content() {
    let report = check_tool_result(BATCH_INDEX, &response(r#""isError": true"#));
    assert!(report.valid);
    assert_at(
        one(&report.diagnostics, "structured-content-skipped"),
        "/result/isError",
        4,
    );
}

#[test]
fn output_schema_requires_structured_content() {
    let report = check_tool_result(BATCH_INDEX, &response(r#""isError": false"#));
    assert!(!report.valid);
    assert_at(
        one(&report.diagnostics, "structured-content-missing"),
        "/result",
        2,
    );
}

#[test]
fn presence_of_structured_content_means_not_undefined_in_2026() {
    let tool = r#"{"name": "count", "inputSchema": {"type": "object", "additionalProperties": false}, "outputSchema": {"type": "integer"}}"#;
    let zero = check_tool_result(
        tool,
        &response(r#""resultType": "complete", "structuredContent": 0"#),
    );
    assert_clean(&zero.diagnostics);
    let null = check_tool_result(
        BATCH_INDEX,
        &response(r#""resultType": "complete", "structuredContent": null"#),
    );
    assert_at(
        one(&null.diagnostics, "type"),
        "/result/structuredContent",
        4,
    );
    let old = check_tool_result(BATCH_INDEX, &response(r#""structuredContent": null"#));
    assert_at(
        one(&old.diagnostics, "structured-content-not-object"),
        "/result/structuredContent",
        4,
    );
}

#[test]
fn a_task_handle_is_not_a_tool_result() {
    let handle = r#"{"task": {"taskId": "t1", "status": "working", "createdAt": "2026-01-01T00:00:00Z", "lastUpdatedAt": "2026-01-01T00:00:00Z", "ttl": null}}"#;
    let refused = check_tool_result(&with_support("forbidden"), handle);
    let found = one(&refused.diagnostics, "unsupported-result-type-task");
    assert!(found.message.starts_with("Unsupported result type 'task'"));
    assert_at(found, "", 1);
    let allowed = check_tool_result(BATCH_INDEX, handle);
    assert!(allowed.valid);
    assert_eq!(
        one(&allowed.diagnostics, "task-handle").severity,
        Severity::Info
    );
    assert_eq!(allowed.generation, Some(Generation::V2025_11_25));
}

#[test]
fn result_text_that_is_no_tool_result_is_reported() {
    let error = check_tool_result(
        BATCH_INDEX,
        r#"{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}"#,
    );
    assert_eq!(
        one(&error.diagnostics, "error-response").severity,
        Severity::Info
    );
    let other = check_tool_result(BATCH_INDEX, r#"{"tools": []}"#);
    assert_at(one(&other.diagnostics, "not-a-tool-result"), "", 1);
    let two = format!(
        r#"{{"tools": [{BATCH_INDEX}, {}]}}"#,
        BATCH_INDEX.replace("batch_index", "other")
    );
    let ambiguous = check_tool_result(&two, &response(r#""isError": false"#));
    assert_eq!(
        one(&ambiguous.tool_diagnostics, "ambiguous-tool").severity,
        Severity::Warning
    );
}

// ---- Check 4: sessions ----

#[test]
fn happy_2025_session_produces_the_state() {
    let report = replay_session(&fixture("happy-2025-11-25.json"));
    assert_clean(&report.diagnostics);
    let task = &report.tasks["786512e2-9e0d-4b2a-9c1f-2f5b1d2a7e01"];
    assert_eq!(task.tool_name.as_deref(), Some("batch_index"));
    assert_eq!(
        task.arguments,
        serde_json::json!({"collection": "docs", "documents": ["intro.md", "setup.md", "faq.md"]})
    );
    assert_eq!(task.last_status, TaskStatus::Completed);
    assert_eq!(task.generation, Generation::V2025_11_25);
    assert_eq!(task.poll_interval_ms, Some(5000));
    assert_eq!(task.next_poll_at, None);
    let steps: Vec<(TaskStatus, TaskEvent, usize)> = task
        .history
        .iter()
        .map(|h| (h.status, h.event, h.message_index))
        .collect();
    assert_eq!(
        steps,
        [
            (TaskStatus::Working, TaskEvent::Created, 5),
            (TaskStatus::Working, TaskEvent::Polled, 7),
            (TaskStatus::Working, TaskEvent::Polled, 9),
            (TaskStatus::Completed, TaskEvent::Notified, 10),
        ]
    );
    assert_eq!(
        task.history[1].received_at.as_deref(),
        Some("2026-11-07T02:10:05.260Z")
    );
    assert_eq!(task.history[1].span.map(|s| s.line), Some(9));
}

#[test]
fn happy_2026_session_goes_through_input_required() {
    let report = replay_session(&fixture("happy-2026-07-28.jsonl"));
    assert_clean(&report.diagnostics);
    let task = &report.tasks["task-7f3a9c"];
    assert_eq!(task.generation, Generation::V2026_07_28);
    assert_eq!(task.tool_name.as_deref(), Some("deploy_site"));
    assert_eq!(task.last_status, TaskStatus::Completed);
    // The front ends read whether it ended here (issue 52), no copy of the terminal statuses.
    assert!(task.ended);
    assert_eq!(
        task.last_updated_at.as_deref(),
        Some("2026-11-07T03:00:14Z")
    );
    let statuses: Vec<TaskStatus> = task.history.iter().map(|h| h.status).collect();
    use TaskStatus::*;
    assert_eq!(statuses, [Working, InputRequired, Working, Completed]);
    // JSON Lines: entry 5 is line 6 of the file.
    assert_eq!(task.history[1].span.map(|s| s.line), Some(6));
}

#[test]
fn the_session_state_has_the_next_poll_time() {
    let report = replay_session(&fixture("broken-never-terminal.json"));
    let task = &report.tasks["786512e2-9e0d-4b2a-9c1f-2f5b1d2a7e01"];
    assert_eq!(task.last_status, TaskStatus::Working);
    assert!(!task.ended);
    assert_eq!(
        task.next_poll_at.as_deref(),
        Some("2026-11-07T02:10:10.300Z")
    );
    assert_at(one(&report.diagnostics, "never-terminal"), "/7", 9);
    let json = serde_json::to_value(&report.tasks).unwrap();
    assert_eq!(
        json["786512e2-9e0d-4b2a-9c1f-2f5b1d2a7e01"]["toolName"],
        "batch_index"
    );
    assert_eq!(
        json["786512e2-9e0d-4b2a-9c1f-2f5b1d2a7e01"]["lastStatus"],
        "working"
    );
}

/// Replays a broken example; asserts its one finding and that the rest is quiet but for `also`.
fn broken(name: &str, code: &str, pointer: &str, line: usize, also: &[&str]) {
    let report = replay_session(&fixture(name));
    assert_at(one(&report.diagnostics, code), pointer, line);
    let others: Vec<Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.code != code && !also.contains(&d.code.as_str()))
        .cloned()
        .collect();
    assert_clean(&others);
}

#[test]
fn status_change_after_terminal() {
    broken(
        "broken-status-after-terminal.json",
        "status-after-terminal",
        "/9/message/result/status",
        11,
        &["never-terminal"],
    );
}

#[test]
fn forbidden_transition_between_terminal_states() {
    broken(
        "broken-forbidden-transition.json",
        "forbidden-transition",
        "/9/message/result/status",
        11,
        &[],
    );
}

/// Replays a happy example with the first `from` replaced by `to`; asserts its one `code`.
fn edited(
    name: &str,
    from: &str,
    to: &str,
    code: &str,
    pointer: &str,
    line: usize,
) -> Vec<Diagnostic> {
    let text = fixture(name).replacen(from, to, 1);
    assert_ne!(text, fixture(name), "`{from}` is not in {name}");
    let report = replay_session(&text);
    assert_at(one(&report.diagnostics, code), pointer, line);
    report.diagnostics
}

#[test]
fn forbidden_transition_at_creation() {
    // The first status in the file is the CreateTaskResult's.
    let (from, to) = (r#""status": "working""#, r#""status": "completed""#);
    let found = "forbidden-transition";
    edited(
        "happy-2025-11-25.json",
        from,
        to,
        found,
        "/5/message/result/task/status",
        7,
    );
}

#[test]
fn last_updated_at_going_backwards() {
    broken(
        "broken-last-updated-backwards.json",
        "last-updated-backwards",
        "/9/message/result/lastUpdatedAt",
        11,
        &[],
    );
}

#[test]
fn polling_faster_than_the_interval() {
    broken(
        "broken-poll-too-fast.json",
        "poll-too-fast",
        "/6/message",
        8,
        &[],
    );
}

#[test]
fn a_task_never_polled_to_the_end() {
    broken("broken-never-terminal.json", "never-terminal", "/7", 9, &[]);
}

#[test]
fn result_used_before_completion() {
    broken(
        "broken-result-before-completion.json",
        "result-before-completion",
        "/11/message/result/status",
        13,
        &["never-terminal"],
    );
    broken(
        "broken-result-before-completion-2026.jsonl",
        "result-before-completion",
        "/5/message/result/result",
        6,
        &[],
    );
}

#[test]
fn task_result_fed_back_while_working() {
    broken(
        "broken-fake-result-while-working.json",
        "fake-result-while-working",
        "/8/toModel",
        10,
        &[],
    );
}

#[test]
fn task_id_reuse() {
    broken(
        "broken-task-id-reused.json",
        "task-id-reused",
        "/9/message/result/task/taskId",
        11,
        &[],
    );
}

#[test]
fn response_matching_no_request() {
    broken(
        "broken-unmatched-response.json",
        "unmatched-response",
        "/6/message/id",
        8,
        &[],
    );
}

#[test]
fn is_error_with_the_wrong_terminal_status() {
    broken(
        "broken-is-error-wrong-status-2025.json",
        "is-error-status-mismatch",
        "/9/message/result/isError",
        11,
        &[],
    );
    let name = "broken-is-error-wrong-status-2026.jsonl";
    let at = "/5/message/result/result/isError";
    broken(
        name,
        "is-error-status-mismatch",
        at,
        6,
        &["official-schema"],
    );
    // The same fault breaks the tasks extension's schema: a `failed` task carries an `error`
    // (`FailedTask`), not a `result`.
    let report = replay_session(&fixture(name));
    let official = one(&report.diagnostics, "official-schema");
    assert_at(official, "/5/message/result", 6);
    assert!(official
        .message
        .contains("GetTaskResult of protocol 2026-07-28"));
    assert!(official.message.contains("\"error\""), "{official:?}");
}

#[test]
fn session_checks_calls_and_results_against_listed_tools() {
    let from = r#""documents": ["intro.md", "setup.md", "faq.md"]"#;
    let pointer = "/4/message/params/arguments/documents";
    let diagnostics = edited(
        "happy-2025-11-25.json",
        from,
        r#""documents": []"#,
        "minItems",
        pointer,
        6,
    );
    let found = one(&diagnostics, "minItems");
    assert_eq!(
        found.schema_span.map(|s| s.line),
        Some(5),
        "the schema span points at the tools/list entry"
    );
    let text = fixture("happy-2025-11-25.json").replace(r#""indexed": 3"#, r#""indexed": "3""#);
    let report = replay_session(&text);
    let types: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "type")
        .collect();
    assert_eq!(
        types.len(),
        2,
        "the tasks/result payload and what the model got: {}",
        list(&report.diagnostics)
    );
    assert_at(types[0], "/12/message/result/structuredContent/indexed", 14);
}

#[test]
fn session_refuses_a_task_the_call_did_not_ask_for() {
    let code = "unsupported-result-type-task";
    edited(
        "happy-2025-11-25.json",
        r#", "task": {"ttl": 60000}"#,
        "",
        code,
        "/5/message/result",
        7,
    );
    // The first declaration is on tools/list; both must go.
    let text = fixture("happy-2026-07-28.jsonl").replace(
        r#""extensions": {"io.modelcontextprotocol/tasks": {}}"#,
        r#""extensions": {}"#,
    );
    let report = replay_session(&text);
    assert_at(one(&report.diagnostics, code), "/3/message/result", 4);
}

#[test]
fn session_checks_task_negotiation() {
    let from = r#""requests": {"tools": {"call": {}}}"#;
    let pointer = "/4/message/params/task";
    edited(
        "happy-2025-11-25.json",
        from,
        r#""requests": {}"#,
        "task-not-negotiated",
        pointer,
        6,
    );
}

#[test]
fn session_notes_unknown_tasks_odd_entries_and_bad_timestamps() {
    let text = "[\n{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tasks/get\", \"params\": {\"taskId\": \"nope\"}},\n\
                {\"hello\": 1},\n\
                {\"timestamp\": \"yesterday\", \"message\": {\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {}}}\n]";
    let report = replay_session(text);
    assert_at(
        one(&report.diagnostics, "unknown-task"),
        "/0/params/taskId",
        2,
    );
    assert_at(one(&report.diagnostics, "not-a-message"), "/1", 3);
    assert_at(
        one(&report.diagnostics, "invalid-timestamp"),
        "/2/timestamp",
        4,
    );
    assert!(report.tasks.is_empty());
}

#[test]
fn a_broken_transcript_is_one_positioned_error() {
    let report = replay_session("{\"jsonrpc\": \"2.0\"}\n{\"id\": }\n");
    assert_eq!(report.diagnostics.len(), 1);
    assert_eq!(report.diagnostics[0].code, "syntax");
    assert_eq!(report.diagnostics[0].span.map(|s| s.line), Some(2));
}

#[test]
fn a_call_without_task_to_a_task_required_tool_must_be_refused() {
    let tool = with_support("required").replace('\n', " ");
    let session = |answer: &str| {
        format!(
            "{{\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {{\"tools\": [{tool}]}}}}\n\
             {{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"tools/call\", \"params\": {{\"name\": \"batch_index\", \"arguments\": {GOOD_ARGS}}}}}\n\
             {{\"jsonrpc\": \"2.0\", \"id\": 2, {answer}}}\n"
        )
    };
    let listed = |text: String| {
        format!("{{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}}\n{text}")
    };
    let refused = replay_session(&listed(session(
        r#""error": {"code": -32601, "message": "task required"}"#,
    )));
    assert_at(one(&refused.diagnostics, "task-required"), "/2/params", 3);
    assert!(
        refused
            .diagnostics
            .iter()
            .all(|d| d.code == "task-required"),
        "{}",
        list(&refused.diagnostics)
    );
    let answered = replay_session(&listed(session(
        r#""result": {"content": [], "structuredContent": {"indexed": 1}}"#,
    )));
    assert_at(
        one(&answered.diagnostics, "required-task-not-refused"),
        "/3/result",
        4,
    );
    let odd = replay_session(&listed(session(
        r#""error": {"code": -32602, "message": "no"}"#,
    )));
    assert_at(
        one(&odd.diagnostics, "wrong-refusal-code"),
        "/3/error/code",
        4,
    );
}

#[test]
fn odd_inputs_give_reports_not_panics() {
    assert!(check_tool("[]").valid, "an empty list of tools is fine");
    for text in [
        "[1]",
        "null",
        "{\"tools\": 5}",
        "{\"name\": 5, \"inputSchema\": 5}",
        "{\"tools\": [1, {\"name\": \"x\", \"inputSchema\": true}]}",
    ] {
        let report = check_tool(text);
        assert!(!report.valid, "{text}: {}", list(&report.diagnostics));
        let _ = check_tool_call(text, text, Some(text));
        let _ = check_tool_result(text, text);
        let _ = replay_session(text);
    }
    let foreign = r#"{"name": "t", "inputSchema": {"$schema": "https://example.com/my-meta", "type": "object"}}"#;
    assert_at(
        one(&check_tool(foreign).diagnostics, "invalid-schema"),
        "/inputSchema/$schema",
        1,
    );
    let draft7 = r#"{"name": "t", "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"a": {}}}}"#;
    assert_clean(&check_tool(draft7).diagnostics);
    // Every worked example with any one entry dropped still replays.
    for name in ["happy-2025-11-25.json", "happy-2026-07-28.jsonl"] {
        let text = fixture(name);
        let lines: Vec<&str> = text.lines().collect();
        for skip in 0..lines.len() {
            let mut kept: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, l)| *l)
                .collect();
            if name.ends_with(".json") && skip + 2 == lines.len() {
                // Dropping the last element leaves a trailing comma: fix the array.
                let last = kept.len() - 2;
                kept[last] = kept[last].trim_end_matches(',');
            }
            let _ = replay_session(&kept.join("\n"));
        }
    }
}

#[test]
fn statuses_and_timestamps_must_be_readable() {
    let (from, to) = (r#""status": "completed""#, r#""status": "done""#);
    edited(
        "happy-2025-11-25.json",
        from,
        to,
        "unknown-status",
        "/10/message/params/status",
        12,
    );
    let from = r#""lastUpdatedAt": "2026-11-07T02:10:04Z""#;
    let to = r#""lastUpdatedAt": "soon""#;
    let pointer = "/7/message/result/lastUpdatedAt";
    edited(
        "happy-2025-11-25.json",
        from,
        to,
        "invalid-timestamp",
        pointer,
        9,
    );
}

#[test]
fn the_example_index_lists_every_example_and_its_finding() {
    let index: serde_json::Value = serde_json::from_str(&fixture("index.json")).unwrap();
    let entries = index.as_array().unwrap();
    let dir = format!("{}/tests/fixtures/sessions", env!("CARGO_MANIFEST_DIR"));
    let files = std::fs::read_dir(&dir).unwrap().filter(|e| {
        let name = e.as_ref().unwrap().file_name();
        name != "index.json"
    });
    assert_eq!(
        files.count(),
        entries.len(),
        "every example is in index.json"
    );
    for entry in entries {
        let report = replay_session(&fixture(entry["file"].as_str().unwrap()));
        match &entry["expect"] {
            serde_json::Value::String(code) => {
                one(&report.diagnostics, code);
            }
            // Real recordings: every code listed is found, and nothing else but infos.
            serde_json::Value::Array(codes) => {
                let codes: Vec<&str> = codes.iter().filter_map(|c| c.as_str()).collect();
                for code in &codes {
                    assert!(report.diagnostics.iter().any(|d| d.code == *code), "{code}");
                }
                // The compatibility verdicts on the real tools (codes `target/rule`) are the
                // profiles' (tests/native/compat.rs), not the session's rules.
                let others: Vec<Diagnostic> = report
                    .diagnostics
                    .iter()
                    .filter(|d| !codes.contains(&d.code.as_str()) && !d.code.contains('/'))
                    .cloned()
                    .collect();
                assert_clean(&others);
            }
            _ => assert_clean(&report.diagnostics),
        }
        let generation = report.tasks.values().next().map(|t| t.generation.as_str());
        assert_eq!(generation, entry["generation"].as_str(), "{entry}");
    }
}
