//! The Streamable HTTP header rules of the session (src/host/session/http.rs): a 2026-07-28
//! request POSTed without a standard header, or with one that differs from its body, replayed.

use mcp_json_toolbox::host::{replay_session, SessionReport};

/// The codes `replay_session` finds in `lines`, with their pointers.
fn found(lines: &[&str]) -> Vec<(String, String)> {
    let text = lines.join("\n");
    replay_session(&text)
        .diagnostics
        .into_iter()
        .filter(|d| d.code.starts_with("http-") || d.code.starts_with("sse-"))
        .map(|d| (d.code, d.instance_path))
        .collect()
}

const META: &str = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#;

fn call(headers: &str) -> String {
    format!(
        r#"{{"direction":"client","message":{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"book","arguments":{{}},{META}}}}},"http":{{"method":"POST","headers":{headers}}}}}"#
    )
}

#[test]
fn a_call_with_every_header_is_clean() {
    let line = call(
        r#"{"mcp-protocol-version":"2026-07-28","Mcp-Method":"tools/call","MCP-NAME":"book"}"#,
    );
    assert_eq!(found(&[&line]), vec![]);
}

#[test]
fn missing_and_differing_headers_are_findings() {
    let line = call(r#"{"MCP-Protocol-Version":"2025-11-25","Mcp-Method":"tools/call"}"#);
    assert_eq!(
        found(&[&line]),
        vec![
            (
                "http-header-mismatch".to_owned(),
                "/0/http/headers/MCP-Protocol-Version".to_owned()
            ),
            (
                "http-header-missing".to_owned(),
                "/0/http/headers".to_owned()
            ),
        ]
    );
}

#[test]
fn header_findings_come_in_entry_order() {
    let bare = call("{}");
    let unmatched = r#"{"direction":"server","message":{"jsonrpc":"2.0","id":99,"result":{}}}"#;
    let text = [bare.as_str(), unmatched, bare.as_str()].join("\n");
    let entries: Vec<char> = replay_session(&text)
        .diagnostics
        .iter()
        .filter_map(|d| d.instance_path.chars().nth(1))
        .collect();
    let mut sorted = entries.clone();
    sorted.sort_unstable();
    assert_eq!(entries, sorted);
    assert!(entries.contains(&'1'), "{entries:?}");
}

#[test]
fn only_2026_requests_that_went_over_http_are_checked() {
    let stdio = format!(
        r#"{{"direction":"client","message":{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{META}}}}}}}"#
    );
    let old = r#"{"direction":"client","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}},"http":{"method":"POST","headers":{}}}"#;
    assert_eq!(found(&[&stdio, old]), vec![]);
    let bare = call("{}");
    assert_eq!(found(&[&bare]).len(), 3, "{:?}", found(&[&bare]));
}

/// A server's answer to the call, recorded with its envelope (`proxy --upstream --record`).
fn answer(status: u16, message: &str) -> String {
    format!(
        r#"{{"direction":"server","message":{message},"http":{{"status":{status},"headers":{{"content-type":"application/json"}}}}}}"#
    )
}

#[test]
fn an_answer_s_status_is_checked_against_what_it_answers() {
    let good = call(
        r#"{"MCP-Protocol-Version":"2026-07-28","Mcp-Method":"tools/call","Mcp-Name":"book"}"#,
    );
    let wrong_name = call(
        r#"{"MCP-Protocol-Version":"2026-07-28","Mcp-Method":"tools/call","Mcp-Name":"other"}"#,
    );
    let result = r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#;
    let mismatch =
        r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"Header mismatch"}}"#;
    // The mismatched call refused as the spec says: only the request's finding.
    assert_eq!(
        found(&[&wrong_name, &answer(400, mismatch)]),
        vec![(
            "http-header-mismatch".to_owned(),
            "/0/http/headers/Mcp-Name".to_owned()
        )]
    );
    // Answered instead: the answer's status is a finding, at the answer.
    assert_eq!(
        found(&[&wrong_name, &answer(200, result)])[1],
        (
            "http-mismatch-accepted".to_owned(),
            "/1/http/status".to_owned()
        )
    );
    // Refused with the right error but the wrong status.
    assert_eq!(
        found(&[&wrong_name, &answer(200, mismatch)])[1],
        ("http-error-status".to_owned(), "/1/http/status".to_owned())
    );
    // A clean exchange, and a method the server lacks answered 404 with -32601: nothing.
    assert_eq!(found(&[&good, &answer(200, result)]), vec![]);
    let missing =
        r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}"#;
    assert_eq!(found(&[&good, &answer(404, missing)]), vec![]);
    assert_eq!(
        found(&[&good, &answer(200, missing)]),
        vec![("http-error-status".to_owned(), "/1/http/status".to_owned())]
    );
}

#[test]
fn a_listed_tool_s_broken_annotation_is_reported_once() {
    // The tool checks and the `mcp` target (a default target) find the same fact: once.
    let list = format!(
        r#"{{"direction":"client","message":{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{META}}}}}}}"#
    );
    let tools = r#"{"direction":"server","message":{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"number","x-mcp-header":"Count"}}}}]}}}"#;
    let text = [list.as_str(), tools].join("\n");
    let found: Vec<String> = replay_session(&text)
        .diagnostics
        .into_iter()
        .filter(|d| d.code == "x-mcp-header-invalid")
        .map(|d| d.instance_path)
        .collect();
    assert_eq!(
        found,
        ["/1/message/result/tools/0/inputSchema/properties/n/x-mcp-header"]
    );
}

/// Each listed tool's name and why a client over HTTP excludes it.
fn excluded(report: &SessionReport) -> Vec<(&str, Option<&str>)> {
    report
        .tools
        .tools
        .iter()
        .map(|t| (t.name.as_str(), t.excluded.as_deref()))
        .collect()
}

#[test]
fn a_tool_with_a_broken_annotation_is_excluded_the_others_kept() {
    // What check-server leaves uncalled over HTTP: the tool table says why, from its finding.
    let list = format!(
        r#"{{"direction":"client","message":{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{META}}}}}}}"#
    );
    let tools = r#"{"direction":"server","message":{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[{"name":"kept","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}},{"name":"dup","inputSchema":{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"MyField"},"b":{"type":"string","x-mcp-header":"myfield"}}}},{"name":"plain","inputSchema":{"type":"object"}}]}}}"#;
    let report = replay_session(&[list.as_str(), tools].join("\n"));
    let broken = report
        .diagnostics
        .iter()
        .find(|d| d.code == "x-mcp-header-invalid")
        .map(|d| d.message.as_str());
    assert!(
        broken.is_some_and(|m| m.contains("repeats the header")),
        "{broken:?}"
    );
    assert_eq!(
        excluded(&report),
        [("kept", None), ("dup", broken), ("plain", None)]
    );
    // Before 2026-07-28 the annotation is only an unknown keyword: nothing is excluded.
    let old = [
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}}"#,
        r#"{"direction":"server","message":{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}}"#,
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}"#,
        r#"{"direction":"server","message":{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"dup","inputSchema":{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A"},"b":{"type":"string","x-mcp-header":"a"}}}}]}}}"#,
    ];
    let report = replay_session(&old.join("\n"));
    assert_eq!(excluded(&report), [("dup", None)]);
}

#[test]
fn a_server_request_on_the_sse_stream_of_a_2026_session() {
    let sse = |message: &str| {
        format!(
            r#"{{"direction":"server","message":{message},"http":{{"status":200,"headers":{{"Content-Type":"text/event-stream"}}}}}}"#
        )
    };
    let good = call(
        r#"{"MCP-Protocol-Version":"2026-07-28","Mcp-Method":"tools/call","Mcp-Name":"book"}"#,
    );
    let ask = r#"{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"mode":"form","message":"Sure?","requestedSchema":{"type":"object","properties":{}}}}"#;
    let progress = r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}"#;
    let codes = |lines: &[&str]| -> Vec<(String, String)> {
        found(lines)
            .into_iter()
            .filter(|(code, _)| code == "sse-server-request")
            .collect()
    };
    assert_eq!(
        codes(&[&good, &sse(progress), &sse(ask)]),
        [(
            "sse-server-request".to_owned(),
            "/2/message/method".to_owned()
        )]
    );
    // A 2025-11-25 session's request (no version declared in `_meta`): allowed.
    let old = r#"{"direction":"client","message":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book","arguments":{}}},"http":{"method":"POST","headers":{"MCP-Protocol-Version":"2025-11-25"}}}"#;
    assert_eq!(codes(&[old, &sse(ask)]), []);
}
