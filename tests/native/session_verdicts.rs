//! The session as the one checker (issue 34): compatibility verdicts and the tool table, the
//! `tool` member of findings, the folded classifier hints, the 2025-11-25 task negotiation
//! (issue 30), 2026-07-28 input_required retries, and `check_call`.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use mcp_json_toolbox::compat::Verdict;
use mcp_json_toolbox::host::session::SessionOptions;
use mcp_json_toolbox::host::{Direction, Session};
use mcp_json_toolbox::Diagnostic;
use support::builtin;

/// The codes of `found`.
fn codes(found: &[Diagnostic]) -> Vec<&str> {
    found.iter().map(|d| d.code.as_str()).collect()
}

/// A 2025-11-25 `initialize` exchange; `tasks`: whether the server declares task-augmented calls.
fn initialized(session: &mut Session, tasks: bool) {
    let caps = if tasks {
        r#"{"tools":{},"tasks":{"requests":{"tools":{"call":{}}}}}"#
    } else {
        r#"{"tools":{}}"#
    };
    let request = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
    let answer = format!(
        r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"2025-11-25","capabilities":{caps},"serverInfo":{{"name":"srv","version":"1"}}}}}}"#
    );
    assert!(session.push(request, Direction::Client).is_empty());
    assert!(session.push(&answer, Direction::Server).is_empty());
}

/// The tool requiring tasks, listed.
const REQUIRED: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"batch","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}}]}}"#;

#[test]
fn a_required_task_tool_on_a_server_without_tasks_is_flagged_on_the_list_not_the_call() {
    let mut session = Session::new();
    initialized(&mut session, false);
    session.push(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        Direction::Client,
    );
    let listed = session.push(REQUIRED, Direction::Server);
    let flagged: Vec<&Diagnostic> = listed
        .iter()
        .filter(|d| d.code == "task-support-unavailable")
        .collect();
    assert_eq!(flagged.len(), 1, "{listed:?}");
    let tool = flagged[0].tool.as_ref().expect("names its tool");
    assert_eq!(
        (tool.name.as_str(), tool.pointer.as_str()),
        ("batch", "/execution/taskSupport")
    );
    let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"batch","arguments":{}}}"#;
    let asked = session.push(call, Direction::Client);
    assert!(!codes(&asked).contains(&"task-required"), "{asked:?}");
    let answered = session.push(
        r#"{"jsonrpc":"2.0","id":2,"result":{"content":[]}}"#,
        Direction::Server,
    );
    assert!(
        !codes(&answered).contains(&"required-task-not-refused"),
        "{answered:?}"
    );
    session.push(
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"batch","arguments":{}}}"#,
        Direction::Client,
    );
    let refused = session.push(
        r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32021,"message":"no"}}"#,
        Direction::Server,
    );
    assert!(refused.is_empty(), "no wrong-refusal-code: {refused:?}");

    // With the capability declared, the same call is the client's fault and the answer the server's.
    let mut declared = Session::new();
    initialized(&mut declared, true);
    declared.push(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        Direction::Client,
    );
    assert!(
        !codes(&declared.push(REQUIRED, Direction::Server)).contains(&"task-support-unavailable")
    );
    let asked = declared.push(call, Direction::Client);
    assert_eq!(codes(&asked), ["task-required"]);
    assert_eq!(
        asked[0].tool.as_ref().map(|t| t.name.as_str()),
        Some("batch")
    );
    let answered = declared.push(
        r#"{"jsonrpc":"2.0","id":2,"result":{"content":[]}}"#,
        Direction::Server,
    );
    assert!(codes(&answered).contains(&"required-task-not-refused"));
}

#[test]
fn a_valid_error_response_is_never_a_schema_version_error() {
    let mut session = Session::new();
    initialized(&mut session, true);
    session.push(
        r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"x","arguments":{}}}"#,
        Direction::Client,
    );
    let refused = session.push(
        r#"{"jsonrpc":"2.0","id":5,"error":{"code":-32021,"message":"Task required","data":{"x":1}}}"#,
        Direction::Server,
    );
    assert!(refused.is_empty(), "{refused:?}");
    // A null id is said once, as `null-id`, not also as the schema's type failure at /id.
    let null = session.push(
        r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"bad"}}"#,
        Direction::Server,
    );
    assert_eq!(codes(&null), ["null-id"], "{null:?}");
}

#[test]
fn compatibility_verdicts_are_findings_with_their_tool_and_a_table() {
    let options = SessionOptions {
        targets: vec![builtin("openai"), builtin("mcp")],
        server_name: None,
        ..Default::default()
    };
    let mut session = Session::with_options(options);
    session.push(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        Direction::Client,
    );
    let page = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"ok","inputSchema":{"type":"object"}},{"name":"bad name!","inputSchema":{"type":"object"}}]}}"#;
    let found = session.push(page, Direction::Server);
    let compat: Vec<&Diagnostic> = found.iter().filter(|d| d.code.contains('/')).collect();
    assert!(!compat.is_empty(), "{found:?}");
    for d in &compat {
        let tool = d.tool.as_ref().expect("a compat finding names its tool");
        assert_eq!(tool.name, "bad name!");
        assert_eq!(tool.pointer, "/name");
        assert!(d.instance_path.starts_with("/result/tools/1"));
    }
    let table = session.tools();
    let names: Vec<&str> = table.tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["ok", "bad name!"]);
    let targets: Vec<&str> = table.tools[0]
        .targets
        .0
        .iter()
        .map(|(t, _)| t.name())
        .collect();
    assert_eq!(
        targets,
        ["openai", "mcp"],
        "the session's targets, in order"
    );
    assert!(table.tools[0]
        .targets
        .0
        .iter()
        .all(|(_, v)| *v == Verdict::Accepted));
    assert!(table.tools[1].errors > 0);
    let worst = table.list.0.iter().map(|(_, v)| *v).max();
    assert!(worst > Some(Verdict::Accepted), "{table:?}");
    // Listed again word for word: no finding twice, the table unchanged.
    session.push(
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        Direction::Client,
    );
    let again = session.push(&page.replace("\"id\":1", "\"id\":2"), Direction::Server);
    assert!(again.iter().all(|d| !d.code.contains('/')), "{again:?}");
    assert_eq!(session.tools().tools.len(), 2);
}

#[test]
fn a_2026_retry_answers_the_input_requests_of_its_input_required_result() {
    let meta = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#;
    let ask = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{{meta},"name":"deploy","arguments":{{}}}}}}"#
    );
    let requests = r#"{"confirm":{"method":"elicitation/create","params":{"mode":"form","message":"Sure?","requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean"},"env":{"type":"string","enum":["dev","prod"]}},"required":["ok"]}}}}"#;
    let needs = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{"resultType":"input_required","inputRequests":{requests},"requestState":"s1"}}}}"#
    );
    let retry = |content: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{{meta},"name":"deploy","arguments":{{}},"inputResponses":{{"confirm":{{"action":"accept","content":{content}}}}},"requestState":"s1"}}}}"#
        )
    };
    let run = |content: &str| {
        let mut session = Session::new();
        session.push(&ask, Direction::Client);
        session.push(&needs, Direction::Server);
        session.push(&retry(content), Direction::Client)
    };
    let good = run(r#"{"ok":true,"env":"dev"}"#);
    assert!(
        good.iter()
            .all(|d| d.severity != mcp_json_toolbox::Severity::Error),
        "{good:?}"
    );
    let wrong_type = run(r#"{"ok":"yes"}"#);
    let at: Vec<(&str, &str)> = wrong_type
        .iter()
        .map(|d| (d.code.as_str(), d.instance_path.as_str()))
        .collect();
    assert!(
        at.contains(&("type", "/params/inputResponses/confirm/content/ok")),
        "{wrong_type:?}"
    );
    let outside = run(r#"{"ok":true,"env":"staging"}"#);
    assert!(
        outside
            .iter()
            .any(|d| d.code == "enum" && d.instance_path.ends_with("/content/env")),
        "{outside:?}"
    );
    // A retry naming another requestState answers nothing waiting: not checked.
    let mut session = Session::new();
    session.push(&ask, Direction::Client);
    session.push(&needs, Direction::Server);
    let other = retry(r#"{"ok":"yes"}"#).replace("\"s1\"", "\"s2\"");
    assert!(session
        .push(&other, Direction::Client)
        .iter()
        .all(|d| d.code != "type"));
}

#[test]
fn check_call_validates_arguments_against_the_listed_tool() {
    let mut session = Session::new();
    session.push(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        Direction::Client,
    );
    session.push(
        r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"index","inputSchema":{"type":"object","properties":{"documents":{"type":"array","minItems":1}},"required":["documents"]}}]}}"#,
        Direction::Server,
    );
    assert!(session
        .check_call("index", r#"{"documents":["a"]}"#)
        .is_empty());
    let args = "{\n  \"documents\": []\n}";
    let found = session.check_call("index", args);
    assert_eq!(codes(&found), ["minItems"]);
    assert_eq!(found[0].span.map(|s| (s.line, s.column)), Some((2, 16)));
    let tool = found[0].tool.as_ref().unwrap();
    assert_eq!(tool.name, "index");
    assert_eq!(tool.pointer, "/inputSchema/properties/documents/minItems");
    assert_eq!(codes(&session.check_call("nope", "{}")), ["unknown-tool"]);
    assert_eq!(codes(&session.check_call("index", "{")), ["eof"]);
}

#[test]
fn a_list_page_repeating_a_cursor_of_its_listing_is_a_cursor_loop() {
    let mut session = Session::new();
    let page = |id: u32, cursor: &str| {
        format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"tools":[],"nextCursor":"{cursor}"}}}}"#)
    };
    session.push(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        Direction::Client,
    );
    assert!(session.push(&page(1, "a"), Direction::Server).is_empty());
    session.push(
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"a"}}"#,
        Direction::Client,
    );
    let looped = session.push(&page(2, "a"), Direction::Server);
    assert_eq!(codes(&looped), ["cursor-loop"]);
    assert_eq!(looped[0].instance_path, "/result/nextCursor");
    // A new listing (no cursor) may give the same cursors again.
    session.push(
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#,
        Direction::Client,
    );
    assert!(session.push(&page(3, "a"), Direction::Server).is_empty());
}

#[test]
fn the_server_name_for_cursor_comes_from_the_handshake_of_either_generation() {
    let options = || SessionOptions {
        targets: vec![builtin("cursor")],
        server_name: None,
        ..Default::default()
    };
    let tool = "t".repeat(40);
    let page = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{"tools":[{{"name":"{tool}","inputSchema":{{"type":"object"}}}}]}}}}"#
    );
    let list = |session: &mut Session| {
        session.push(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            Direction::Client,
        );
        codes(&session.push(&page, Direction::Server))
            .into_iter()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let long = "s".repeat(25);
    // Without a server name, 40 characters stay under 60.
    let alone = list(&mut Session::with_options(options()));
    assert!(
        !alone.contains(&"cursor/server-tool-length".to_owned()),
        "{alone:?}"
    );
    // 2025-11-25: `serverInfo.name` of the initialize result.
    let mut old = Session::with_options(options());
    old.push(r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#, Direction::Client);
    old.push(&format!(r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"2025-11-25","capabilities":{{}},"serverInfo":{{"name":"{long}","version":"1"}}}}}}"#), Direction::Server);
    let found = list(&mut old);
    assert!(
        found.contains(&"cursor/server-tool-length".to_owned()),
        "{found:?}"
    );
    // 2026-07-28: `_meta["io.modelcontextprotocol/serverInfo"].name` of the discover result.
    let mut new = Session::with_options(options());
    new.push(
        r#"{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{}}"#,
        Direction::Client,
    );
    new.push(&format!(r#"{{"jsonrpc":"2.0","id":0,"result":{{"supportedVersions":["2026-07-28"],"capabilities":{{}},"_meta":{{"io.modelcontextprotocol/serverInfo":{{"name":"{long}","version":"1"}}}}}}}}"#), Direction::Server);
    let found = list(&mut new);
    assert!(
        found.contains(&"cursor/server-tool-length".to_owned()),
        "{found:?}"
    );
}

/// Issue 43: a rule several targets share (`anthropic/name`: Anthropic and Anthropic strict send
/// the tools to the same API; `openai/name`: OpenAI and OpenAI strict) is each target's
/// verdict, but one finding: `--target all` printed it three times.
#[test]
fn a_rule_several_targets_share_is_one_finding() {
    let targets = ["anthropic", "anthropic-strict", "openai", "openai-strict"]
        .map(builtin)
        .to_vec();
    let mut session = Session::with_options(SessionOptions {
        targets,
        server_name: None,
        ..Default::default()
    });
    session.push(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        Direction::Client,
    );
    let page = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"b.c","inputSchema":{"type":"object","properties":{},"additionalProperties":false}}]}}"#;
    let found = session.push(page, Direction::Server);
    let named: Vec<&str> = codes(&found)
        .into_iter()
        .filter(|c| c.ends_with("/name"))
        .collect();
    assert_eq!(named, ["anthropic/name", "openai/name"], "{found:?}");
    // Each target still has its verdict.
    let table = session.tools();
    assert!(table.tools[0]
        .targets
        .0
        .iter()
        .all(|(_, v)| *v > Verdict::Accepted));
    assert_eq!(table.tools[0].errors, 2);
}

/// The tools table tells the schema lint's errors from the others (issue 43: "N errors" beside
/// all-`accepted` columns): a meta-schema failure is the lint's, a root that is not an object is
/// the MCP spec's tool rule, a name a consumer refuses is that consumer's.
#[test]
fn the_tool_table_counts_the_schema_lints_errors_apart() {
    let mut session = Session::with_options(SessionOptions {
        targets: vec![builtin("anthropic")],
        server_name: None,
        ..Default::default()
    });
    session.push(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        Direction::Client,
    );
    let page = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"lint","inputSchema":{"type":"object","properties":{"a":{"type":"strng"}}}},{"name":"root","inputSchema":{"type":"string"}},{"name":"b.c","inputSchema":{"type":"object","additionalProperties":false}}]}}"#;
    session.push(page, Direction::Server);
    let counts: Vec<(&str, usize, usize)> = session
        .tools()
        .tools
        .iter()
        .map(|t| (t.name.as_str(), t.errors, t.schema_errors))
        .collect();
    assert_eq!(counts[0].2, 1, "{counts:?}");
    assert!(counts[0].1 >= 1);
    assert_eq!(counts[1].2, 0, "{counts:?}");
    assert!(counts[1].1 >= 1);
    assert_eq!(counts[2], ("b.c", 1, 0));
}

/// Issue 43: Claude Code cuts a server's `instructions` at 2,048 characters ("Claude Code
/// truncates tool descriptions and server instructions at 2KB each", its MCP docs): the session
/// judges the `initialize` answer and reports the cut once, as a warning at the instructions.
#[test]
fn the_initialize_answers_instructions_cut_by_claude_code_is_one_warning() {
    let handshake = |instructions: &str| {
        let mut session = Session::with_options(SessionOptions {
            targets: ["anthropic", "claude-code"].map(builtin).to_vec(),
            ..Default::default()
        });
        session.push(r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#, Direction::Client);
        let answer = format!(
            r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"2025-11-25","capabilities":{{}},"serverInfo":{{"name":"s","version":"1"}},"instructions":{instructions:?}}}}}"#
        );
        session.push(&answer, Direction::Server)
    };
    let long = format!("{}TAIL", "i".repeat(2046));
    let found = handshake(&long);
    assert_eq!(codes(&found), ["claude-code/instructions-cut"], "{found:?}");
    let cut = &found[0];
    assert_eq!(cut.severity, mcp_json_toolbox::Severity::Warning);
    assert_eq!(cut.instance_path, "/result/instructions");
    assert!(
        cut.message.contains("has 2050 characters"),
        "{}",
        cut.message
    );
    assert!(cut.message.contains("losing \"IL\""), "{}", cut.message);
    assert!(cut.message.contains("rewritten"), "{}", cut.message);
    assert!(cut.span.is_some());
    assert!(handshake(&"i".repeat(2048)).is_empty());
    // 2026-07-28: the `server/discover` result carries `instructions`.
    let mut session = Session::with_options(SessionOptions {
        targets: vec![builtin("claude-code")],
        ..Default::default()
    });
    session.push(
        r#"{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{}}"#,
        Direction::Client,
    );
    let answer = format!(
        r#"{{"jsonrpc":"2.0","id":0,"result":{{"supportedVersions":["2026-07-28"],"capabilities":{{}},"instructions":{long:?}}}}}"#
    );
    let found = session.push(&answer, Direction::Server);
    assert!(
        codes(&found).contains(&"claude-code/instructions-cut"),
        "{found:?}"
    );
}
