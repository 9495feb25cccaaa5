//! Real sessions recorded with the reference server `@modelcontextprotocol/server-everything`
//! (`node tests/node/record-everything.mjs` records them; `tests/node/recorded-session.test.mjs`
//! records fresh ones live) replayed natively, and the message orderings that server really
//! produces, each with a passing and a failing case.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use support::{fixture, list, replay_session};

use std::collections::BTreeSet;

use mcp_json_toolbox::classify::classify;
use mcp_json_toolbox::host::{SessionReport, TaskEvent, TaskStatus};
use mcp_json_toolbox::{Diagnostic, Severity};

const PLAIN: &str = "everything-research-2025-11-25.jsonl";
const ASKING: &str = "everything-research-elicitation-2025-11-25.jsonl";

/// The tools of server-everything whose `inputSchema` has no properties and stays open.
const OPEN_NO_ARGUMENT_TOOLS: [&str; 6] = [
    "get-env",
    "get-tiny-image",
    "toggle-simulated-logging",
    "toggle-subscriber-updates",
    "trigger-elicitation-request",
    "trigger-elicitation-request-async",
];

/// The codes of the warnings and errors of the session's own rules (the compatibility verdicts,
/// codes `target/rule`, are the profiles', tested in tests/native/compat.rs).
fn codes(report: &SessionReport) -> Vec<&str> {
    report
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Info && !d.code.contains('/'))
        .map(|d| d.code.as_str())
        .collect()
}

/// The findings of a real recording: one `no-argument-tool-open` per open no-argument tool, each
/// naming its tool (in its message and its `tool` member) with that tool's own span, and nothing
/// else of the session's own rules (compatibility verdicts, codes `target/rule`, aside).
fn assert_only_true_findings(report: &SessionReport) {
    let findings: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Info && !d.code.contains('/'))
        .collect();
    for d in &findings {
        let tool = d
            .tool
            .as_ref()
            .expect("a tools/list finding names its tool");
        assert!(
            d.message.contains(&format!("tool {:?} ", tool.name)),
            "{d:?}"
        );
        assert_eq!(tool.pointer, "/inputSchema", "{d:?}");
    }
    assert!(
        findings.iter().all(|d| d.code == "no-argument-tool-open"),
        "{}",
        list(&report.diagnostics)
    );
    let named: BTreeSet<&str> = findings
        .iter()
        .filter_map(|d| {
            OPEN_NO_ARGUMENT_TOOLS
                .into_iter()
                .find(|t| d.message.contains(&format!("tool {t:?} ")))
        })
        .collect();
    assert_eq!(named, OPEN_NO_ARGUMENT_TOOLS.into_iter().collect());
    assert_eq!(findings.len(), OPEN_NO_ARGUMENT_TOOLS.len());
    let spans: BTreeSet<usize> = findings
        .iter()
        .map(|d| d.span.map_or(0, |s| s.start))
        .collect();
    assert_eq!(spans.len(), findings.len(), "one span per tool");
}

#[test]
fn the_plain_research_task_replays_clean_but_for_true_lints() {
    let text = fixture(PLAIN);
    let report = replay_session(&text);
    assert_only_true_findings(&report);
    assert_eq!(report.tasks.len(), 1);
    let task = report.tasks.values().next().unwrap();
    assert_eq!(task.tool_name.as_deref(), Some("simulate-research-query"));
    assert_eq!(
        task.arguments,
        serde_json::json!({"topic": "quantum computing", "ambiguous": false})
    );
    assert_eq!(task.last_status, TaskStatus::Completed);
    assert_eq!(task.poll_interval_ms, Some(1000));
    // The server's first status notification precedes the CreateTaskResult on the wire; it is
    // attributed to the task once the response arrives.
    let created = task
        .history
        .iter()
        .position(|h| h.event == TaskEvent::Created)
        .unwrap();
    assert_eq!(created, 0);
    assert!(
        task.history
            .iter()
            .any(|h| h.event == TaskEvent::Notified
                && h.message_index < task.history[0].message_index)
    );
}

#[test]
fn the_research_task_asking_for_input_replays_clean_but_for_true_lints() {
    let report = replay_session(&fixture(ASKING));
    assert_only_true_findings(&report);
    let task = report.tasks.values().next().unwrap();
    assert_eq!(task.tool_name.as_deref(), Some("simulate-research-query"));
    assert_eq!(task.arguments["ambiguous"], true);
    assert_eq!(task.last_status, TaskStatus::Completed);
    let statuses: Vec<TaskStatus> = task.history.iter().map(|h| h.status).collect();
    let input = statuses
        .iter()
        .position(|s| *s == TaskStatus::InputRequired)
        .expect("input_required in the history");
    assert!(statuses[input..].contains(&TaskStatus::Working), "resumed");
    assert_eq!(statuses.last(), Some(&TaskStatus::Completed));
}

#[test]
fn every_recorded_message_classifies_without_an_error() {
    let mut kinds = BTreeSet::new();
    for name in [PLAIN, ASKING] {
        for (i, line) in fixture(name).lines().enumerate() {
            let entry: serde_json::Value = serde_json::from_str(line).unwrap();
            let message = serde_json::to_string(&entry["message"]).unwrap();
            let found = classify(&message);
            assert_ne!(found.kind, "Unknown", "{name} line {}: {message}", i + 1);
            assert!(
                !found.diagnostics.iter().any(Diagnostic::is_error),
                "{name} line {}: {}",
                i + 1,
                list(&found.diagnostics)
            );
            kinds.insert(found.kind);
        }
    }
    assert!(kinds.contains("ElicitRequest"), "{kinds:?}");
    assert!(kinds.contains("ElicitResult"), "{kinds:?}");
    assert!(kinds.contains("TaskStatusNotification"), "{kinds:?}");
}

// ---- The orderings, on small transcripts shaped like what the SDK server sends ----

const LIST: &str = r#"{"direction":"server","message":{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"research","inputSchema":{"type":"object","properties":{"topic":{"type":"string"}}},"execution":{"taskSupport":"required"}}]}}}"#;
const LIST_REQUEST: &str =
    r#"{"direction":"client","message":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}"#;
const CALL: &str = r#"{"direction":"client","message":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"research","arguments":{"topic":"x"},"task":{"ttl":60000}}}}"#;

/// A task as the SDK reports it (`status`, `lastUpdatedAt` seconds).
fn task(id: &str, status: &str, second: u32) -> String {
    format!(
        r#"{{"taskId":"{id}","status":"{status}","ttl":60000,"createdAt":"2026-12-01T00:00:00Z","lastUpdatedAt":"2026-12-01T00:00:{second:02}Z","pollInterval":1000}}"#
    )
}

fn notification(id: &str, status: &str, second: u32) -> String {
    format!(
        r#"{{"direction":"server","message":{{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{}}}}}"#,
        task(id, status, second)
    )
}

fn created(id: &str, second: u32) -> String {
    format!(
        r#"{{"direction":"server","message":{{"jsonrpc":"2.0","id":2,"result":{{"task":{}}}}}}}"#,
        task(id, "working", second)
    )
}

fn get(request: u32, id: &str) -> String {
    format!(
        r#"{{"direction":"client","message":{{"jsonrpc":"2.0","id":{request},"method":"tasks/get","params":{{"taskId":"{id}"}}}}}}"#
    )
}

fn answer(request: u32, id: &str, status: &str, second: u32) -> String {
    format!(
        r#"{{"direction":"server","message":{{"jsonrpc":"2.0","id":{request},"result":{}}}}}"#,
        task(id, status, second)
    )
}

fn replay(lines: &[String]) -> SessionReport {
    let mut all = vec![LIST_REQUEST.to_owned(), LIST.to_owned(), CALL.to_owned()];
    all.extend(lines.iter().cloned());
    replay_session(&all.join("\n"))
}

#[test]
fn a_notification_before_the_create_task_result_is_attributed_to_its_task() {
    let report = replay(&[
        notification("t1", "working", 1),
        created("t1", 1),
        notification("t1", "completed", 3),
    ]);
    assert!(codes(&report).is_empty(), "{}", list(&report.diagnostics));
    let events: Vec<(TaskEvent, usize, bool)> = report.tasks["t1"]
        .history
        .iter()
        .map(|h| (h.event, h.message_index, h.stale))
        .collect();
    assert_eq!(
        events,
        [
            (TaskEvent::Created, 4, false),
            (TaskEvent::Notified, 3, false),
            (TaskEvent::Notified, 5, false),
        ]
    );
}

#[test]
fn a_notification_about_a_task_nobody_creates_is_still_unknown() {
    // No task-augmented call in flight: reported at once.
    let alone = replay_session(&notification("t9", "working", 1));
    assert_eq!(codes(&alone), ["unknown-task"]);
    // A call in flight creates another task: reported once that answer arrives.
    let other = replay(&[notification("t9", "working", 1), created("t1", 1)]);
    let found: Vec<&Diagnostic> = other
        .diagnostics
        .iter()
        .filter(|d| d.code == "unknown-task")
        .collect();
    assert_eq!(found.len(), 1, "{}", list(&other.diagnostics));
    assert_eq!(found[0].instance_path, "/3/message/params/taskId");
    assert!(!other.tasks["t1"]
        .history
        .iter()
        .any(|h| h.event == TaskEvent::Notified));
}

#[test]
fn a_notification_kept_for_a_call_that_fails_is_unknown() {
    let error = r#"{"direction":"server","message":{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"boom"}}}"#;
    let report = replay(&[notification("t1", "working", 1), error.to_owned()]);
    assert_eq!(
        codes(&report),
        ["unknown-task"],
        "{}",
        list(&report.diagnostics)
    );
}

#[test]
fn a_poll_answer_racing_a_terminal_notification_is_stale_not_a_finding() {
    // tasks/get sent at second 2; the completed notification arrives before the answer, which
    // still reports the state the server read when the request came in.
    let report = replay(&[
        created("t1", 1),
        get(3, "t1"),
        notification("t1", "completed", 3),
        answer(3, "t1", "working", 2),
    ]);
    assert!(codes(&report).is_empty(), "{}", list(&report.diagnostics));
    let state = &report.tasks["t1"];
    assert_eq!(state.last_status, TaskStatus::Completed);
    assert_eq!(
        state.last_updated_at.as_deref(),
        Some("2026-12-01T00:00:03Z")
    );
    assert!(state.history.last().unwrap().stale);
    assert_eq!(
        serde_json::to_value(state).unwrap()["history"][2]
            .get("stale")
            .cloned(),
        Some(serde_json::json!(true))
    );
}

#[test]
fn a_poll_sent_after_the_terminal_notification_must_not_go_back() {
    let report = replay(&[
        created("t1", 1),
        notification("t1", "completed", 3),
        get(3, "t1"),
        answer(3, "t1", "working", 2),
    ]);
    let codes = codes(&report);
    assert!(codes.contains(&"status-after-terminal"), "{codes:?}");
    assert!(codes.contains(&"last-updated-backwards"), "{codes:?}");
}

#[test]
fn a_racing_answer_older_than_the_state_at_its_request_is_still_backwards() {
    let report = replay(&[
        created("t1", 5),
        get(3, "t1"),
        notification("t1", "working", 6),
        answer(3, "t1", "working", 4),
    ]);
    assert_eq!(codes(&report), ["last-updated-backwards", "never-terminal"]);
}

#[test]
fn equal_last_updated_at_across_notification_and_answer_is_fine() {
    let report = replay(&[
        created("t1", 1),
        notification("t1", "completed", 3),
        get(3, "t1"),
        answer(3, "t1", "completed", 3),
    ]);
    assert!(codes(&report).is_empty(), "{}", list(&report.diagnostics));
    assert_eq!(report.tasks["t1"].history.len(), 3);
}

/// The server's `elicitation/create` while the client's `tasks/result` is open, both with id 3.
fn elicitation_during_tasks_result(direction: bool) -> String {
    let strip = |line: String| {
        if direction {
            line
        } else {
            line.replace(r#""direction":"client","#, "")
                .replace(r#""direction":"server","#, "")
        }
    };
    let lines = [
        LIST_REQUEST.to_owned(),
        LIST.to_owned(),
        CALL.to_owned(),
        created("t1", 1),
        notification("t1", "input_required", 2),
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":3,"method":"tasks/result","params":{"taskId":"t1"}}}"#.to_owned(),
        r#"{"direction":"server","message":{"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"message":"Which one?","requestedSchema":{"type":"object","properties":{"pick":{"type":"string","enum":["a","b"]}},"required":["pick"]},"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t1"}}}}}"#.to_owned(),
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":3,"result":{"action":"accept","content":{"pick":"a"}}}}"#.to_owned(),
        notification("t1", "working", 3),
        notification("t1", "completed", 4),
        r#"{"direction":"server","message":{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"done"}],"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t1"}}}}}"#.to_owned(),
    ];
    lines.map(strip).join("\n")
}

#[test]
fn a_server_request_inside_an_open_tasks_result_keeps_both_ids_apart() {
    for direction in [true, false] {
        let report = replay_session(&elicitation_during_tasks_result(direction));
        assert!(
            codes(&report).is_empty(),
            "direction {direction}: {}",
            list(&report.diagnostics)
        );
        assert_eq!(report.tasks["t1"].last_status, TaskStatus::Completed);
    }
    // An answer from the wrong side matches nothing.
    let text = elicitation_during_tasks_result(true).replace(
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":3,"result""#,
        r#"{"direction":"server","message":{"jsonrpc":"2.0","id":3,"result""#,
    );
    let report = replay_session(&text);
    assert!(
        codes(&report).contains(&"unmatched-response"),
        "{}",
        list(&report.diagnostics)
    );
}
