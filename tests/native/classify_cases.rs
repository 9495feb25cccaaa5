//! Hand-written payloads of both generations, valid and broken, for every kind the classifier
//! names: kind, generation, versions, and each diagnostic's code, instance path and span.
#![cfg(test)]
#![allow(clippy::string_slice)]
#![cfg(not(target_arch = "wasm32"))]

use mcp_json_toolbox::classify::summary::{Summary, TaskSummary};
use mcp_json_toolbox::classify::{classify, Classification};

/// One case: the text, what it must be named, and the exact diagnostics (errors and warnings)
/// as `(code, instance path, text the span starts with)`.
struct Case {
    name: &'static str,
    text: &'static str,
    /// For a pasted array, the element to check.
    item: Option<usize>,
    kind: &'static str,
    generation: Option<&'static str>,
    versions: &'static [&'static str],
    diagnostics: &'static [(&'static str, &'static str, &'static str)],
}

const fn case(
    name: &'static str,
    text: &'static str,
    kind: &'static str,
    generation: Option<&'static str>,
    versions: &'static [&'static str],
    diagnostics: &'static [(&'static str, &'static str, &'static str)],
) -> Case {
    Case {
        name,
        text,
        item: None,
        kind,
        generation,
        versions,
        diagnostics,
    }
}

const OLD: Option<&str> = Some("2025-11-25");
const NEW: Option<&str> = Some("2026-07-28");
const BOTH: &[&str] = &["2025-11-25", "2026-07-28"];
const ONLY_OLD: &[&str] = &["2025-11-25"];
const ONLY_NEW: &[&str] = &["2026-07-28"];
const NONE: &[&str] = &[];

const CASES: &[Case] = &[
    // ---- 2025-11-25 -------------------------------------------------------------------------
    case(
        "2025 tools/call asking for a task",
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","arguments":{},"task":{"ttl":60000}}}"#,
        "CallToolRequest",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "2025 tools/call with a string ttl",
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","task":{"ttl":"60s"}}}"#,
        "CallToolRequest",
        OLD,
        NONE,
        &[("type", "/params/task/ttl", "\"60s\"")],
    ),
    case(
        "2025 CreateTaskResult",
        r#"{"task":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:00:00Z","lastUpdatedAt":"2025-11-25T10:00:00Z","ttl":60000,"pollInterval":5000},
           "_meta":{"io.modelcontextprotocol/model-immediate-response":"Started the build."}}"#,
        "CreateTaskResult",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "2025 CreateTaskResult without the ttl key",
        r#"{"task":{"taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b"}}"#,
        "CreateTaskResult",
        OLD,
        NONE,
        &[("required", "/task", "{\"taskId\"")],
    ),
    case(
        "2025 CreateTaskResult with a bad status",
        r#"{"task":{"taskId":"t-1","status":"running","createdAt":"a","lastUpdatedAt":"b","ttl":null}}"#,
        "CreateTaskResult",
        OLD,
        NONE,
        &[("enum", "/task/status", "\"running\"")],
    ),
    case(
        "2025 CreateTaskResult without createdAt",
        r#"{"task":{"taskId":"t-1","status":"working","lastUpdatedAt":"b","ttl":null}}"#,
        "CreateTaskResult",
        OLD,
        NONE,
        &[("required", "/task", "{")],
    ),
    case(
        "2025 CreateTaskResult already completed",
        r#"{"task":{"taskId":"t-1","status":"completed","createdAt":"a","lastUpdatedAt":"b","ttl":null}}"#,
        "CreateTaskResult",
        OLD,
        ONLY_OLD,
        &[("terminal-task-handle", "/task/status", "\"completed\"")],
    ),
    case(
        "2025 tasks/get answer (flat task)",
        r#"{"taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b","ttl":null,"pollInterval":1000}"#,
        "GetTaskResult",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "2025 tasks/get answer without ttl",
        r#"{"taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b"}"#,
        "GetTaskResult",
        None,
        NONE,
        &[("required", "", "{\"taskId\"")],
    ),
    Case {
        item: Some(1),
        ..case(
            "2025 tasks/cancel answered by the cancelled task",
            r#"[{"jsonrpc":"2.0","id":7,"method":"tasks/cancel","params":{"taskId":"t-1"}},
                {"jsonrpc":"2.0","id":7,"result":{"taskId":"t-1","status":"cancelled","createdAt":"a","lastUpdatedAt":"b","ttl":null}}]"#,
            "CancelTaskResult",
            OLD,
            ONLY_OLD,
            &[],
        )
    },
    case(
        "2025 tasks/result payload",
        r#"{"content":[{"type":"text","text":"done"}],"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t-1"}}}"#,
        "GetTaskPayloadResult",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "2025 tasks/list answer",
        r#"{"tasks":[{"taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b","ttl":5000}],"nextCursor":"c2"}"#,
        "ListTasksResult",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "2025 tasks/list answer with a task missing ttl",
        r#"{"tasks":[{"taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b"}]}"#,
        "ListTasksResult",
        OLD,
        NONE,
        &[("required", "/tasks/0", "{\"taskId\"")],
    ),
    case(
        "2025 tasks/list",
        r#"{"jsonrpc":"2.0","id":2,"method":"tasks/list"}"#,
        "ListTasksRequest",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "tasks/get (same in both generations)",
        r#"{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}"#,
        "GetTaskRequest",
        None,
        BOTH,
        &[],
    ),
    case(
        "tasks/get without taskId",
        r#"{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{}}"#,
        "GetTaskRequest",
        None,
        NONE,
        &[("required", "/params", "{}")],
    ),
    case(
        "2025 tasks/result",
        r#"{"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"t-1"}}"#,
        "GetTaskPayloadRequest",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "tasks/cancel",
        r#"{"jsonrpc":"2.0","id":5,"method":"tasks/cancel","params":{"taskId":"t-1"}}"#,
        "CancelTaskRequest",
        None,
        BOTH,
        &[],
    ),
    case(
        "2025 task status notification",
        r#"{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"t-1","status":"completed","createdAt":"a","lastUpdatedAt":"b","ttl":60000}}"#,
        "TaskStatusNotification",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "2025 task status notification with a bad status",
        r#"{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"t-1","status":"done","createdAt":"a","lastUpdatedAt":"b","ttl":60000}}"#,
        "TaskStatusNotification",
        OLD,
        NONE,
        &[("enum", "/params/status", "\"done\"")],
    ),
    case(
        "error response",
        r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}"#,
        "JSONRPCErrorResponse",
        None,
        BOTH,
        &[],
    ),
    case(
        "error response with a null id",
        r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}"#,
        "JSONRPCErrorResponse",
        None,
        NONE,
        &[("null-id", "/id", "null")],
    ),
    case(
        "2025 tool result",
        r#"{"content":[{"type":"text","text":"héllo"},{"type":"image","data":"aGk=","mimeType":"image/png"}],"structuredContent":{"a":1}}"#,
        "CallToolResult",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "2025 tool result with array structuredContent",
        r#"{"content":[],"structuredContent":[1,2]}"#,
        "CallToolResult",
        None,
        NONE,
        &[(
            "structured-content-not-object",
            "/structuredContent",
            "[1,2]",
        )],
    ),
    case(
        "legacy result wrapper",
        r#"{"result":{"content":[{"type":"text","text":"x"}]}}"#,
        "CallToolResult",
        OLD,
        ONLY_OLD,
        &[("legacy-result-wrapper", "", "\"result\"")],
    ),
    case(
        "2025 tools/list answer",
        r#"{"tools":[{"name":"build","inputSchema":{"type":"object"}}]}"#,
        "ListToolsResult",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "tool",
        r#"{"name":"build","inputSchema":{"type":"object"}}"#,
        "Tool",
        None,
        BOTH,
        &[],
    ),
    case(
        "tool without a name",
        r#"{"inputSchema":{"type":"object"}}"#,
        "Tool",
        None,
        NONE,
        &[("required", "", "{")],
    ),
    case(
        "2025 initialize answer",
        r#"{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}"#,
        "InitializeResult",
        OLD,
        ONLY_OLD,
        &[],
    ),
    case(
        "2025 initialize answer without protocolVersion",
        r#"{"capabilities":{},"serverInfo":{"name":"s","version":"1"}}"#,
        "InitializeResult",
        OLD,
        NONE,
        &[("required", "", "{")],
    ),
    // ---- 2026-07-28 (+ tasks extension) ----------------------------------------------------
    case(
        "2026 CreateTaskResult",
        r#"{"resultType":"task","taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b","ttlMs":60000,"pollIntervalMs":2000}"#,
        "CreateTaskResult",
        NEW,
        ONLY_NEW,
        &[],
    ),
    case(
        "2026 CreateTaskResult without the ttlMs key",
        r#"{"resultType":"task","taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b"}"#,
        "CreateTaskResult",
        NEW,
        NONE,
        &[("required", "", "{")],
    ),
    case(
        "2026 CreateTaskResult with the 2025 ttl",
        r#"{"resultType":"task","taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b","ttl":60000}"#,
        "CreateTaskResult",
        None,
        NONE,
        &[
            ("mixed-generations", "/ttl", "\"ttl\""),
            ("required", "", "{"),
        ],
    ),
    case(
        "2026 CreateTaskResult with a bad status",
        r#"{"resultType":"task","taskId":"t-1","status":"running","createdAt":"a","lastUpdatedAt":"b","ttlMs":null}"#,
        "CreateTaskResult",
        NEW,
        NONE,
        &[("enum", "/status", "\"running\"")],
    ),
    case(
        "2026 CreateTaskResult already failed",
        r#"{"resultType":"task","taskId":"t-1","status":"failed","createdAt":"a","lastUpdatedAt":"b","ttlMs":null}"#,
        "CreateTaskResult",
        NEW,
        ONLY_NEW,
        &[("terminal-task-handle", "/status", "\"failed\"")],
    ),
    case(
        "2026 CreateTaskResult with a task id some hosts reject",
        r#"{"resultType":"task","taskId":"my task","status":"working","createdAt":"a","lastUpdatedAt":"b","ttlMs":null}"#,
        "CreateTaskResult",
        NEW,
        ONLY_NEW,
        &[("task-id-format", "/taskId", "\"my task\"")],
    ),
    case(
        "2026 tasks/get answer, completed",
        r#"{"resultType":"complete","taskId":"t-1","status":"completed","createdAt":"a","lastUpdatedAt":"b","ttlMs":null,
            "result":{"resultType":"complete","content":[{"type":"text","text":"ok"}]}}"#,
        "GetTaskResult",
        NEW,
        ONLY_NEW,
        &[],
    ),
    case(
        "2026 tasks/get answer, completed without result",
        r#"{"resultType":"complete","taskId":"t-1","status":"completed","createdAt":"a","lastUpdatedAt":"b","ttlMs":null}"#,
        "GetTaskResult",
        NEW,
        NONE,
        &[("required", "", "{")],
    ),
    case(
        "2026 tasks/get answer, failed",
        r#"{"resultType":"complete","taskId":"t-1","status":"failed","createdAt":"a","lastUpdatedAt":"b","ttlMs":1000,"error":{"code":-32603,"message":"boom"}}"#,
        "GetTaskResult",
        NEW,
        ONLY_NEW,
        &[],
    ),
    case(
        "2026 tasks/get answer mislabelled resultType task",
        r#"{"resultType":"task","taskId":"t-1","status":"completed","createdAt":"a","lastUpdatedAt":"b","ttlMs":null,"result":{"content":[]}}"#,
        "GetTaskResult",
        NEW,
        NONE,
        &[("mislabelled-task-result", "/resultType", "\"task\"")],
    ),
    Case {
        item: Some(1),
        ..case(
            "2026 tasks/cancel answered by an empty ack",
            r#"[{"jsonrpc":"2.0","id":"c","method":"tasks/cancel","params":{"taskId":"t-1"}},
                {"jsonrpc":"2.0","id":"c","result":{"resultType":"complete"}}]"#,
            "CancelTaskResult",
            NEW,
            ONLY_NEW,
            &[],
        )
    },
    Case {
        item: Some(1),
        ..case(
            "2026 tasks/update answered by an empty ack",
            r#"[{"jsonrpc":"2.0","id":9,"method":"tasks/update","params":{"taskId":"t-1","inputResponses":{"login":{"action":"accept","content":{"name":"octocat"}}}}},
                {"jsonrpc":"2.0","id":9,"result":{"resultType":"complete"}}]"#,
            "UpdateTaskResult",
            NEW,
            ONLY_NEW,
            &[],
        )
    },
    case(
        "2026 tasks/update",
        r#"{"jsonrpc":"2.0","id":9,"method":"tasks/update","params":{"taskId":"t-1","inputResponses":{"login":{"action":"accept","content":{"name":"octocat"}}}}}"#,
        "UpdateTaskRequest",
        NEW,
        ONLY_NEW,
        &[],
    ),
    case(
        "2026 tasks/update without inputResponses",
        r#"{"jsonrpc":"2.0","id":9,"method":"tasks/update","params":{"taskId":"t-1"}}"#,
        "UpdateTaskRequest",
        NEW,
        NONE,
        &[("required", "/params", "{")],
    ),
    case(
        "2026 input required",
        r#"{"resultType":"input_required","inputRequests":{"login":{"method":"elicitation/create","params":{"mode":"form","message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}}}"#,
        "InputRequiredResult",
        NEW,
        ONLY_NEW,
        &[],
    ),
    case(
        "2026 input required with a list of requests",
        r#"{"resultType":"input_required","inputRequests":[]}"#,
        "InputRequiredResult",
        NEW,
        NONE,
        &[("type", "/inputRequests", "[]")],
    ),
    case(
        "2026 task notification",
        r#"{"jsonrpc":"2.0","method":"notifications/tasks","params":{"taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b","ttlMs":null}}"#,
        "TaskStatusNotification",
        NEW,
        ONLY_NEW,
        &[],
    ),
    case(
        "2026 task notification with the 2025 ttl",
        r#"{"jsonrpc":"2.0","method":"notifications/tasks","params":{"taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b","ttl":null}}"#,
        "TaskStatusNotification",
        NEW,
        NONE,
        &[
            ("mixed-generations", "/params/ttl", "\"ttl\""),
            ("required", "/params", "{"),
        ],
    ),
    case(
        "2026 discover answer",
        r#"{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":3600000,"cacheScope":"public"}"#,
        "DiscoverResult",
        NEW,
        ONLY_NEW,
        &[],
    ),
    case(
        "2026 discover answer without capabilities",
        r#"{"resultType":"complete","supportedVersions":["2026-07-28"],"ttlMs":3600000,"cacheScope":"public"}"#,
        "DiscoverResult",
        NEW,
        NONE,
        &[("required", "", "{")],
    ),
    case(
        "2026 tools/list answer",
        r#"{"resultType":"complete","tools":[{"name":"build","inputSchema":{"type":"object"}}],"ttlMs":0,"cacheScope":"private"}"#,
        "ListToolsResult",
        NEW,
        BOTH,
        &[],
    ),
    case(
        "2026 tools/list answer with a bad cacheScope",
        r#"{"resultType":"complete","tools":[],"ttlMs":0,"cacheScope":"shared"}"#,
        "ListToolsResult",
        NEW,
        ONLY_OLD,
        &[("enum", "/cacheScope", "\"shared\"")],
    ),
    case(
        "2026 tool result with array structuredContent",
        r#"{"resultType":"complete","content":[],"structuredContent":[1,2],"isError":true}"#,
        "CallToolResult",
        NEW,
        ONLY_NEW,
        &[],
    ),
    case(
        "2026 tool result with an unknown resultType",
        r#"{"resultType":"partial","content":[]}"#,
        "CallToolResult",
        NEW,
        BOTH,
        &[("unknown-result-type", "/resultType", "\"partial\"")],
    ),
    case(
        "2026 tools/call",
        r#"{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}},"name":"get_weather","arguments":{"location":"Paris"}}}"#,
        "CallToolRequest",
        NEW,
        BOTH,
        &[],
    ),
    case(
        "request with a null id",
        r#"{"jsonrpc":"2.0","id":null,"method":"tasks/get","params":{"taskId":"t-1"}}"#,
        "GetTaskRequest",
        None,
        NONE,
        &[("null-id", "/id", "null")],
    ),
];

fn picked(c: &Classification, item: Option<usize>) -> &Classification {
    item.map_or(c, |i| &c.items[i])
}

#[test]
fn hand_written_cases() {
    for case in CASES {
        let whole = classify(case.text);
        let c = picked(&whole, case.item);
        let name = case.name;
        assert_eq!(c.kind, case.kind, "{name}: {c:#?}");
        assert_eq!(
            c.generation.map(|g| g.as_str()),
            case.generation,
            "{name}: generation"
        );
        let versions: Vec<&str> = c.versions.iter().map(|v| v.as_str()).collect();
        assert_eq!(
            versions, case.versions,
            "{name}: versions {:#?}",
            c.diagnostics
        );
        let found: Vec<(&str, &str)> = c
            .diagnostics
            .iter()
            .filter(|d| !matches!(d.severity, mcp_json_toolbox::Severity::Info))
            .map(|d| (d.code.as_str(), d.instance_path.as_str()))
            .collect();
        let expected: Vec<(&str, &str)> = case
            .diagnostics
            .iter()
            .map(|(code, path, _)| (*code, *path))
            .collect();
        assert_eq!(found, expected, "{name}: {:#?}", c.diagnostics);
        for ((_, _, starts), d) in case.diagnostics.iter().zip(&c.diagnostics) {
            let span = d
                .span
                .unwrap_or_else(|| panic!("{name}: {} has no span", d.code));
            let at = &case.text[span.bytes.start..span.bytes.end.max(span.bytes.start)];
            assert!(
                at.starts_with(starts),
                "{name}: {} spans {at:?}, expected it to start with {starts:?}",
                d.code
            );
            assert!(!d.message.is_empty());
        }
    }
    println!("{} hand-written cases", CASES.len());
}

fn task(c: &Classification) -> &TaskSummary {
    match &c.summary {
        Some(Summary::Task(task)) => task,
        other => panic!("expected a task card, got {other:?}"),
    }
}

#[test]
fn a_task_handle_is_never_a_tool_result() {
    for text in [
        r#"{"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b","ttl":60000,"pollInterval":5000}}}"#,
        r#"{"resultType":"task","taskId":"t-1","status":"working","createdAt":"a","lastUpdatedAt":"b","ttlMs":60000,"pollIntervalMs":5000,"content":[]}"#,
    ] {
        let c = classify(text);
        assert_eq!(c.kind, "CreateTaskResult");
        let card = task(&c);
        assert!(card.handle && !card.terminal);
        assert_eq!(card.task_id.as_deref(), Some("t-1"));
        assert_eq!(
            card.poll_interval.as_ref().map(|d| d.human.as_str()),
            Some("5 s")
        );
        assert_eq!(card.ttl.as_ref().map(|d| d.human.as_str()), Some("1 min"));
        assert!(
            card.next_step.contains("not a tool result") && card.next_step.contains("tasks/get"),
            "{}",
            card.next_step
        );
    }
    // Even when the request is known to be tools/call.
    let list = classify(
        r#"[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"b","task":{}}},
            {"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t","status":"working","createdAt":"a","lastUpdatedAt":"b","ttl":null}}}]"#,
    );
    assert_eq!(list.items[1].kind, "CreateTaskResult");
    let c = classify(CASES[2].text);
    assert_eq!(
        task(&c).immediate_response.as_deref(),
        Some("Started the build.")
    );
    assert_eq!(list.items[1].method.as_deref(), Some("tools/call"));
    assert_eq!(
        task(&list.items[1])
            .ttl
            .as_ref()
            .map(|d| (d.ms, d.human.as_str())),
        Some((None, "unlimited"))
    );
}

#[test]
fn tool_result_card_lists_content_blocks() {
    let c = classify(
        r#"{"content":[{"type":"text","text":"héllo"},{"type":"image","data":"aGVsbG8h","mimeType":"image/png"},
            {"type":"resource_link","uri":"file:///a.txt","name":"a"}],"isError":true}"#,
    );
    let Some(Summary::ToolResult(card)) = &c.summary else {
        panic!("{c:#?}")
    };
    assert!(card.is_error && !card.structured_content);
    let blocks: Vec<_> = card
        .content
        .iter()
        .map(|b| {
            (
                b.block_type.as_str(),
                b.text_length,
                b.bytes,
                b.uri.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        blocks,
        [
            ("text", Some(5), None, None),
            ("image", None, Some(6), None),
            ("resource_link", None, None, Some("file:///a.txt"))
        ]
    );
    assert!(
        card.note
            .as_deref()
            .is_some_and(|n| n.contains("\"failed\"")),
        "{:?}",
        card.note
    );
}

#[test]
fn request_and_error_cards() {
    let c = classify(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","task":{"ttl":90000}}}"#,
    );
    let Some(Summary::Request(card)) = &c.summary else {
        panic!("{c:#?}")
    };
    assert_eq!(
        (
            card.method.as_str(),
            card.tool_name.as_deref(),
            card.asks_for_task
        ),
        ("tools/call", Some("build"), true)
    );
    assert_eq!(
        card.task_ttl.as_ref().map(|d| d.human.as_str()),
        Some("1 min 30 s")
    );
    let c = classify(
        r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"tasks/result is not supported"}}"#,
    );
    let Some(Summary::Error(card)) = &c.summary else {
        panic!("{c:#?}")
    };
    assert_eq!(
        (card.code, card.name.as_str()),
        (Some(-32601), "MethodNotFound")
    );
}

#[test]
fn unusable_input_is_unknown_with_a_located_reason() {
    let c = classify("{\"a\": ");
    assert_eq!(c.kind, "Unknown");
    assert_eq!(c.diagnostics.len(), 1);
    assert!(c.diagnostics[0].span.is_some());
    let c = classify("42");
    assert_eq!(
        (c.kind.as_str(), c.diagnostics[0].code.as_str()),
        ("Unknown", "not-a-message")
    );
    let c = classify("[]");
    assert_eq!(c.diagnostics[0].code, "empty-batch");
    let c = classify(r#"{"jsonrpc":"2.0","id":3,"result":5}"#);
    assert_eq!(
        (c.kind.as_str(), c.diagnostics[0].code.as_str()),
        ("Unknown", "result-not-object")
    );
    assert_eq!(c.diagnostics[0].instance_path, "/result");
    let c = classify(r#"{"hello":"world"}"#);
    assert_eq!(
        (c.kind.as_str(), c.diagnostics[0].code.as_str()),
        ("Unknown", "unrecognised")
    );
}

#[test]
fn a_batch_classifies_each_element_with_its_span() {
    let text = r#"[{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"taskId":"t"}}, 7]"#;
    let c = classify(text);
    assert_eq!(c.items.len(), 2);
    assert_eq!(c.items[0].kind, "GetTaskRequest");
    let span = c.items[1].span.unwrap();
    assert_eq!(&text[span.bytes.start..span.bytes.end], "7");
    // The list repeats its items' findings.
    assert!(c
        .diagnostics
        .iter()
        .any(|d| d.code == "not-a-message" && d.instance_path == "/1"));
    let Some(Summary::Batch(card)) = &c.summary else {
        panic!()
    };
    assert_eq!(card.kinds, ["GetTaskRequest", "Unknown"]);
}

/// A batch's `diagnostics` hold its own findings and each item's, each once: the front ends show
/// that list as it is (no dedupe of their own, issue 52).
#[test]
fn a_batch_lists_each_items_finding_once() {
    let list = classify(
        r#"[{"jsonrpc":"1.0","id":null,"method":"tools/call","params":{"name":"b"}},
            {"jsonrpc":"2.0","id":2,"result":{"task":{"taskId":"t","status":"working"}}}]"#,
    );
    let from_items: Vec<_> = list.items.iter().flat_map(|i| &i.diagnostics).collect();
    assert!(from_items.len() >= 2, "{:#?}", list.items);
    for finding in &from_items {
        let times = list.diagnostics.iter().filter(|d| d == finding).count();
        assert_eq!(times, 1, "{finding:#?}");
    }
    let keys: std::collections::BTreeSet<_> = list
        .diagnostics
        .iter()
        .map(|d| {
            (
                &d.code,
                &d.instance_path,
                d.span.map(|s| s.start),
                &d.message,
            )
        })
        .collect();
    assert_eq!(
        keys.len(),
        list.diagnostics.len(),
        "a repeat: {:#?}",
        list.diagnostics
    );
}
