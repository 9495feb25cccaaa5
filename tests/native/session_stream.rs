//! The streaming session checker (`Session`): one message at a time, spans into each message's
//! text, end-of-session findings, and memory bounded over a long session.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use mcp_json_toolbox::diagnostic::Diagnostic;
use mcp_json_toolbox::host::session::{MAX_FINISHED_TASKS, MAX_PENDING_REQUESTS};
use mcp_json_toolbox::host::{replay_session, Direction, Entry, Session};

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","id":"init","result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"tasks":{"requests":{"tools":{"call":{}}}}},"serverInfo":{"name":"s","version":"1"}}}"#;

/// The codes of `found`, infos left out.
fn codes(found: &[Diagnostic]) -> Vec<&str> {
    found
        .iter()
        .filter(|d| d.severity != mcp_json_toolbox::diagnostic::Severity::Info)
        .map(|d| d.code.as_str())
        .collect()
}

/// A task-augmented call `id` and its CreateTaskResult for task `task`, `working`.
fn create(session: &mut Session, id: usize, task: &str) -> Vec<Diagnostic> {
    let call = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"run","arguments":{{}},"task":{{"ttl":60000}}}}}}"#
    );
    let created = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"result":{{"task":{{"taskId":"{task}","status":"working","createdAt":"2026-11-07T02:10:00Z","lastUpdatedAt":"2026-11-07T02:10:00Z","ttl":60000,"pollInterval":1000}}}}}}"#
    );
    let mut found = session.push(&call, Direction::Client);
    found.extend(session.push(&created, Direction::Server));
    found
}

/// A `tasks/get` `id` of task `task` answered `status`.
fn poll(session: &mut Session, id: usize, task: &str, status: &str) -> Vec<Diagnostic> {
    let get = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tasks/get","params":{{"taskId":"{task}"}}}}"#
    );
    let answer = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"result":{{"taskId":"{task}","status":"{status}","createdAt":"2026-11-07T02:10:00Z","lastUpdatedAt":"2026-11-07T02:10:00Z","ttl":60000,"pollInterval":1000}}}}"#
    );
    let mut found = session.push(&get, Direction::Client);
    found.extend(session.push(&answer, Direction::Server));
    found
}

#[test]
fn a_task_is_tracked_message_by_message() {
    let mut session = support::session();
    assert!(codes(&session.push(INITIALIZE, Direction::Client)).is_empty());
    assert!(codes(&session.push(INITIALIZED, Direction::Server)).is_empty());
    assert!(codes(&create(&mut session, 1, "t1")).is_empty());
    let state = session.state();
    assert_eq!(state["t1"].last_status.as_str(), "working");
    assert_eq!(state["t1"].history[0].message_index, 3, "the push number");
    let end = session.finish();
    assert_eq!(codes(&end), ["never-terminal"]);
    assert_eq!(
        end[0].span.map(|s| s.line),
        Some(1),
        "about the last report"
    );
    assert!(codes(&poll(&mut session, 2, "t1", "completed")).is_empty());
    assert!(
        session.finish().is_empty(),
        "finish leaves the session usable"
    );
}

#[test]
fn spans_point_into_the_message_pushed() {
    let mut session = support::session();
    create(&mut session, 1, "t1");
    let backwards = "{\"jsonrpc\":\"2.0\",\n \"id\": 9,\n \"result\": {}}";
    let found = session.push(backwards, Direction::Server);
    assert_eq!(codes(&found), ["unmatched-response"]);
    assert_eq!(found[0].instance_path, "/id");
    assert_eq!(found[0].span.map(|s| (s.line, s.column)), Some((2, 8)));
}

#[test]
fn poll_timing_needs_times() {
    let mut session = support::session();
    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run","arguments":{},"task":{"ttl":60000}}}"#;
    let created = r#"{"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t","status":"working","createdAt":"2026-11-07T02:10:00Z","lastUpdatedAt":"2026-11-07T02:10:00Z","ttl":60000,"pollInterval":5000}}}"#;
    let get = r#"{"jsonrpc":"2.0","id":2,"method":"tasks/get","params":{"taskId":"t"}}"#;
    session.push_at(call, Direction::Client, Some(0));
    session.push_at(created, Direction::Server, Some(100));
    let found = session.push_at(get, Direction::Client, Some(1_000));
    assert_eq!(codes(&found), ["poll-too-fast"]);
}

#[test]
fn a_tool_result_handed_to_the_model_while_working_is_fake() {
    let mut session = support::session();
    create(&mut session, 1, "t1");
    let result = r#"{"content":[{"type":"text","text":"Done."}]}"#;
    let found = session.push_to_model(result, Some("t1"), None);
    assert_eq!(codes(&found), ["fake-result-while-working"]);
}

#[test]
fn text_that_is_not_json_is_one_finding_and_the_session_goes_on() {
    let mut session = support::session();
    let found = session.push("{\"jsonrpc\": ", Direction::Client);
    assert_eq!(found.len(), 1);
    assert!(found[0].is_error());
    assert!(codes(&create(&mut session, 1, "t1")).is_empty());
    assert_eq!(session.state()["t1"].history[0].message_index, 2);
}

#[test]
fn finished_tasks_are_forgotten_past_the_cap_over_100000_messages() {
    let mut session = support::session();
    let mut pushed = 0;
    let mut task = 0;
    while pushed < 100_000 {
        let id = format!("task-{task}");
        let found = create(&mut session, 2 * task, &id);
        assert!(codes(&found).is_empty(), "{found:?}");
        let found = poll(&mut session, 2 * task + 1, &id, "completed");
        assert!(codes(&found).is_empty(), "{found:?}");
        pushed += 4;
        task += 1;
        assert!(session.task_count() <= MAX_FINISHED_TASKS);
    }
    assert_eq!(session.task_count(), MAX_FINISHED_TASKS);
    assert_eq!(session.pending_count(), 0);
    let newest = format!("task-{}", task - 1);
    assert!(session.state().contains_key(&newest), "the newest are kept");
    assert!(
        !session.state().contains_key("task-0"),
        "the oldest are forgotten"
    );
    assert!(session.finish().is_empty());
}

#[test]
fn requests_never_answered_are_dropped_past_the_cap() {
    let mut session = support::session();
    let mut limits = 0;
    for id in 0..MAX_PENDING_REQUESTS + 5 {
        let ping = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#);
        let found = session.push(&ping, Direction::Client);
        limits += codes(&found)
            .iter()
            .filter(|c| **c == "session-limit")
            .count();
        assert!(session.pending_count() <= MAX_PENDING_REQUESTS);
    }
    assert_eq!(limits, 5, "one warning per dropped request");
    let late = r#"{"jsonrpc":"2.0","id":0,"result":{}}"#;
    assert_eq!(
        codes(&session.push(late, Direction::Server)),
        ["unmatched-response"],
        "the oldest was dropped"
    );
    let kept = r#"{"jsonrpc":"2.0","id":9,"result":{}}"#;
    assert!(codes(&session.push(kept, Direction::Server)).is_empty());
}

#[test]
fn the_replay_is_the_same_session() {
    let text = [
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run","arguments":{},"task":{"ttl":60000}}}}"#,
        r#"{"direction":"server","message":{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"t","status":"completed","createdAt":"2026-11-07T02:10:00Z","lastUpdatedAt":"2026-11-07T02:10:00Z","ttl":60000}}}"#,
        r#"{"direction":"server","message":{"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t","status":"completed","createdAt":"2026-11-07T02:10:00Z","lastUpdatedAt":"2026-11-07T02:10:00Z","ttl":60000}}}}"#,
        r#"{"direction":"server","message":{"jsonrpc":"2.0","id":1,"result":{}}}"#,
    ]
    .join("\n");
    let report = replay_session(&text);
    assert_eq!(
        codes(&report.diagnostics),
        ["forbidden-transition", "unmatched-response"]
    );
    let mut session = support::session();
    let mut found = Vec::new();
    for line in text.lines() {
        let start = line.find("\"message\":").map_or(0, |i| i + 10);
        let message = line.get(start..line.len() - 1).unwrap_or_default();
        let direction = if line.contains("\"client\"") {
            Direction::Client
        } else {
            Direction::Server
        };
        found.extend(session.push(message, direction));
    }
    assert_eq!(codes(&found), codes(&report.diagnostics));
    assert_eq!(
        session.state()["t"].history.len(),
        2,
        "the early notification applied"
    );
    assert_eq!(report.tasks["t"].history[1].message_index, 1);
    assert_eq!(report.diagnostics[1].instance_path, "/3/message/id");
    assert_eq!(report.diagnostics[1].span.map(|s| s.line), Some(4));
}

#[test]
fn an_early_notification_is_reported_in_its_own_text_when_its_task_is_created() {
    let mut session = support::session();
    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run","arguments":{},"task":{"ttl":60000}}}"#;
    let early = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tasks/status\",\n\"params\":{\"taskId\":\"t\",\"status\":\"working\",\"lastUpdatedAt\":\"soon\"}}";
    let created = r#"{"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t","status":"working","createdAt":"2026-11-07T02:10:00Z","lastUpdatedAt":"2026-11-07T02:10:00Z","ttl":60000}}}"#;
    let client = Entry::Message(Some(Direction::Client));
    let server = Entry::Message(Some(Direction::Server));
    assert!(session.push_entry(call, &client, None).is_empty());
    assert!(
        session.push_entry(early, &server, None).is_empty(),
        "kept until its task exists"
    );
    let found = session.push_entry(created, &server, None);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].diagnostic.code, "invalid-timestamp");
    assert_eq!(found[0].message_index, 1, "about the notification");
    assert_eq!(found[0].diagnostic.instance_path, "/params/lastUpdatedAt");
    assert_eq!(found[0].diagnostic.span.map(|s| s.line), Some(2));
    let history = &session.state()["t"].history;
    assert_eq!(
        history.iter().map(|h| h.message_index).collect::<Vec<_>>(),
        [2, 1]
    );
}

/// A `tools/list` request `id` and its answer listing `tools` (names), with `next_cursor`.
fn list_tools(session: &mut Session, id: usize, tools: &[&str], more: bool) -> Vec<Diagnostic> {
    let tools: Vec<String> = tools
        .iter()
        .map(|name| format!(r#"{{"name":"{name}","inputSchema":{{"type":"object","additionalProperties":false}}}}"#))
        .collect();
    let cursor = if more { r#","nextCursor":"next""# } else { "" };
    let list = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/list","params":{{}}}}"#);
    let answer = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"result":{{"tools":[{}]{cursor}}}}}"#,
        tools.join(",")
    );
    let mut found = session.push(&list, Direction::Client);
    found.extend(session.push(&answer, Direction::Server));
    found
}

/// A plain `tools/call` request `id` of tool `name`.
fn call(name: &str, id: usize) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{name}","arguments":{{}}}}}}"#
    )
}

/// A session past `initialize` (2025-11-25).
fn initialized() -> Session {
    let mut session = support::session();
    session.push(INITIALIZE, Direction::Client);
    session.push(INITIALIZED, Direction::Server);
    session
}

#[test]
fn a_call_of_a_tool_no_complete_list_has_is_an_unknown_tool() {
    let mut session = initialized();
    // Before any tools/list, any name goes.
    assert!(codes(&session.push(&call("ghost", 1), Direction::Client)).is_empty());
    assert!(codes(&list_tools(&mut session, 2, &["echo"], false)).is_empty());
    assert!(codes(&session.push(&call("echo", 3), Direction::Client)).is_empty());
    let text = call("ghost", 4);
    let found = session.push(&text, Direction::Client);
    assert_eq!(codes(&found), ["unknown-tool"]);
    assert_eq!(
        found[0].severity,
        mcp_json_toolbox::diagnostic::Severity::Error
    );
    assert_eq!(found[0].instance_path, "/params/name");
    let start = text.find(r#""ghost""#).unwrap();
    assert_eq!(found[0].span.map(|s| s.start), Some(start));
}

#[test]
fn a_tool_on_a_page_not_read_yet_is_not_unknown() {
    let mut session = initialized();
    // The first page has a `nextCursor`: the list is partial, `later` may be on the next page.
    assert!(codes(&list_tools(&mut session, 1, &["echo"], true)).is_empty());
    assert!(codes(&session.push(&call("later", 2), Direction::Client)).is_empty());
    // The last page completes the list: tools of both pages are known, others are not.
    assert!(codes(&list_tools(&mut session, 3, &["later"], false)).is_empty());
    assert!(codes(&session.push(&call("echo", 4), Direction::Client)).is_empty());
    assert!(codes(&session.push(&call("later", 5), Direction::Client)).is_empty());
    assert_eq!(
        codes(&session.push(&call("ghost", 6), Direction::Client)),
        ["unknown-tool"]
    );
    // A new paged listing (after `list_changed`) is partial again until its last page.
    let again = list_tools(&mut session, 7, &["echo"], true);
    assert!(codes(&again).is_empty(), "{again:#?}");
    assert!(codes(&session.push(&call("newer", 8), Direction::Client)).is_empty());
}

#[test]
fn messages_are_checked_against_the_negotiated_version_official_schema() {
    let mut session = support::session();
    // Before `initialize`, no version: nothing is checked.
    let bare = r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{}}"#;
    assert!(codes(&session.push(bare, Direction::Client)).is_empty());
    assert!(codes(&session.push(INITIALIZE, Direction::Client)).is_empty());
    // An initialize result without `protocolVersion`, checked against the offered version.
    let text = r#"{"jsonrpc":"2.0","id":"init","result":{"capabilities":{},"serverInfo":{"name":"s","version":"1"}}}"#;
    let found = session.push(text, Direction::Server);
    assert_eq!(codes(&found), ["official-schema"], "{found:#?}");
    assert_eq!(found[0].instance_path, "/result");
    assert!(found[0]
        .message
        .contains("InitializeResult of protocol 2025-11-25"));
    assert!(found[0].message.contains("\"protocolVersion\""));
    assert_eq!(
        found[0].span.map(|s| s.start),
        text.find(r#"{"capabilities""#)
    );
    // A tools/list result whose tool lacks `inputSchema`, at the tool.
    session.push(
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        Direction::Client,
    );
    let text = r#"{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"echo"}]}}"#;
    let found = session.push(text, Direction::Server);
    let official: Vec<_> = found
        .iter()
        .filter(|d| d.code == "official-schema")
        .collect();
    assert_eq!(official.len(), 1, "{found:#?}");
    assert_eq!(official[0].instance_path, "/result/tools/0");
    assert!(official[0].message.contains("\"inputSchema\""));
    // A request and a notification, by their method.
    let text = r#"{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{}}"#;
    let found = session.push(text, Direction::Client);
    assert_eq!(codes(&found), ["official-schema"], "{found:#?}");
    assert_eq!(found[0].instance_path, "/params");
    let text =
        r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":"half"}}"#;
    let found = session.push(text, Direction::Server);
    assert!(codes(&found).contains(&"official-schema"), "{found:#?}");
}

/// The `_meta` a 2026-07-28 request carries, declaring protocol `version`.
fn request_meta(version: &str) -> String {
    format!(
        r#""_meta":{{"io.modelcontextprotocol/protocolVersion":"{version}","io.modelcontextprotocol/clientCapabilities":{{}}}}"#
    )
}

/// A `server/discover` exchange (id `d`) whose request declares `declared` (none: no `_meta`)
/// and whose result lists `supported`; returns the findings.
fn discover(session: &mut Session, declared: Option<&str>, supported: &str) -> Vec<Diagnostic> {
    let params = declared.map(request_meta).unwrap_or_default();
    let request =
        format!(r#"{{"jsonrpc":"2.0","id":"d","method":"server/discover","params":{{{params}}}}}"#);
    let result = format!(
        r#"{{"jsonrpc":"2.0","id":"d","result":{{"resultType":"complete","supportedVersions":{supported},"capabilities":{{"tools":{{}}}},"ttlMs":3600000,"cacheScope":"public"}}}}"#
    );
    let mut found = session.push(&request, Direction::Client);
    found.extend(session.push(&result, Direction::Server));
    found
}

#[test]
fn a_clean_2026_07_28_session_has_no_official_schema_finding() {
    let mut session = support::session();
    let found = discover(&mut session, Some("2026-07-28"), r#"["2026-07-28"]"#);
    assert!(codes(&found).is_empty(), "{found:#?}");
    let meta = request_meta("2026-07-28");
    let list = format!(r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{meta}}}}}"#);
    assert!(codes(&session.push(&list, Direction::Client)).is_empty());
    let listed = r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","cacheScope":"public","ttlMs":0,"tools":[{"name":"echo","inputSchema":{"type":"object","additionalProperties":false}}]}}"#;
    let found = session.push(listed, Direction::Server);
    assert!(codes(&found).is_empty(), "{found:#?}");
    let call = format!(
        r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{"name":"echo","arguments":{{}},{meta}}}}}"#
    );
    assert!(codes(&session.push(&call, Direction::Client)).is_empty());
    let answer = r#"{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","content":[{"type":"text","text":"hi"}]}}"#;
    let found = session.push(answer, Direction::Server);
    assert!(codes(&found).is_empty(), "{found:#?}");
}

#[test]
fn a_2026_07_28_request_is_checked_against_the_version_its_meta_declares() {
    let mut session = support::session();
    // No `server/discover`: the request's own `_meta` names the version.
    let meta = request_meta("2026-07-28");
    let text = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":7,"arguments":{{}},{meta}}}}}"#
    );
    let found = session.push(&text, Direction::Client);
    assert_eq!(codes(&found), ["official-schema"], "{found:#?}");
    assert_eq!(found[0].instance_path, "/params/name");
    assert!(found[0]
        .message
        .contains("CallToolRequest of protocol 2026-07-28"));
    assert_eq!(found[0].span.map(|s| s.start), text.find("7,"));
    // The version stays in force for the answer: a 2026-07-28 result needs `resultType`.
    let answer = r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#;
    let found = session.push(answer, Direction::Server);
    // A 2025-11-25 result: `schema-version` says so.
    assert_eq!(
        codes(&found),
        ["official-schema", "schema-version"],
        "{found:#?}"
    );
    assert!(found[0].message.contains("\"resultType\""), "{found:#?}");
    assert!(found[1].message.contains("2025-11-25"), "{found:#?}");
}

#[test]
fn a_discover_result_sets_the_version_until_a_request_declares_one() {
    let mut session = support::session();
    // The request declares none (unchecked: no version yet); the result lists two.
    let found = discover(&mut session, None, r#"["2025-11-25","2026-07-28"]"#);
    assert!(codes(&found).is_empty(), "{found:#?}");
    // The newest listed one is in force: a request without the required `_meta` breaks it.
    let bare = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#;
    let found = session.push(bare, Direction::Client);
    assert_eq!(
        codes(&found),
        ["official-schema", "schema-version"],
        "{found:#?}"
    );
    assert!(found[0].message.contains("protocol 2026-07-28"));
    // A request declaring a version with no embedded schema: nothing is checked from it on.
    let text = format!(
        r#"{{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{{"cursor":3,{}}}}}"#,
        request_meta("2099-01-01")
    );
    assert!(codes(&session.push(&text, Direction::Client)).is_empty());
    assert!(codes(&session.push(bare, Direction::Client)).is_empty());
}

#[test]
fn initialize_wins_over_a_declared_version() {
    let mut session = support::session();
    session.push(INITIALIZE, Direction::Client);
    session.push(INITIALIZED, Direction::Server);
    // A request declaring 2026-07-28 in `_meta` is still checked against 2025-11-25.
    let text = format!(
        r#"{{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{{{}}}}}"#,
        request_meta("2026-07-28")
    );
    let found = session.push(&text, Direction::Client);
    assert_eq!(codes(&found), ["official-schema"], "{found:#?}");
    assert!(
        found[0].message.contains("protocol 2025-11-25"),
        "{found:#?}"
    );
}

/// 2024-11-05, 2025-03-26 and 2025-06-18 are checked against their own official schema: an
/// `initialize` without the required `clientInfo` is an `official-schema` error at `/params`
/// (its line and column), and the report says the version checked.
#[test]
fn every_published_version_is_checked_against_its_own_schema() {
    use mcp_json_toolbox::host::session::How;
    use mcp_json_toolbox::protocol::Version;
    for version in [
        Version::V2024_11_05,
        Version::V2025_03_26,
        Version::V2025_06_18,
    ] {
        let v = version.as_str();
        let mut session = support::session();
        let without = format!(
            r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"protocolVersion":"{v}","capabilities":{{}}}}}}"#
        );
        let found = session.push(&without, Direction::Client);
        assert_eq!(codes(&found), ["official-schema"], "{v}: {found:#?}");
        assert_eq!(found[0].instance_path, "/params", "{v}");
        assert!(
            found[0].message.contains(&format!("protocol {v}")),
            "{found:#?}"
        );
        assert!(found[0].message.contains("clientInfo"), "{found:#?}");
        let params = without.find(r#"{"protocolVersion""#).unwrap();
        assert_eq!(found[0].span.map(|s| s.bytes.start), Some(params), "{v}");
        let report = session.protocol();
        assert_eq!((report.checked, report.how), (Some(version), How::Offered));
        // The answer chooses it; a valid one is clean.
        let answer = format!(
            r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"{v}","capabilities":{{}},"serverInfo":{{"name":"s","version":"1"}}}}}}"#
        );
        assert!(
            codes(&session.push(&answer, Direction::Server)).is_empty(),
            "{v}"
        );
        assert_eq!(session.protocol().how, How::Negotiated);
        let list = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
        assert!(
            codes(&session.push(list, Direction::Client)).is_empty(),
            "{v}"
        );
    }
}

#[test]
fn a_version_that_is_not_published_is_not_checked_and_the_report_says_so() {
    let mut session = support::session();
    assert_eq!(session.protocol().checked, None);
    let offer = INITIALIZE.replace("2025-11-25", "2099-01-01");
    assert!(codes(&session.push(&offer, Direction::Client)).is_empty());
    let text = r#"{"jsonrpc":"2.0","id":"init","result":{"protocolVersion":"2099-01-01","capabilities":{}}}"#;
    assert!(codes(&session.push(text, Direction::Server)).is_empty());
    let report = session.protocol();
    assert_eq!(report.checked, None);
    assert_eq!(report.named.as_deref(), Some("2099-01-01"));
}

/// Every JSON Lines recording of tests/fixtures/sessions/ fed to a `JsonLinesSession` one line at
/// a time gives the
/// findings `replay_session` gives over the whole text: the same codes, severities, pointers,
/// spans (lines, columns, offsets) and fixes.
#[test]
fn a_recording_fed_line_by_line_is_placed_as_its_replay() {
    use mcp_json_toolbox::host::session::JsonLinesSession;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sessions");
    let mut checked = 0;
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut session = JsonLinesSession::default();
        let mut streamed: Vec<Diagnostic> = text
            .split_inclusive('\n')
            .flat_map(|line| session.push_lines(line))
            .map(|f| f.diagnostic)
            .collect();
        streamed.extend(session.finish().into_iter().map(|f| f.diagnostic));
        let replayed = replay_session(&text).diagnostics;
        let sorted = |list: &[Diagnostic]| {
            let mut out: Vec<String> = list
                .iter()
                .map(|d| serde_json::to_string(d).unwrap())
                .collect();
            out.sort();
            out
        };
        assert_eq!(sorted(&streamed), sorted(&replayed), "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} recordings read");
}
