//! A line a stdio server wrote to stdout that is not JSON, as check-server records it in the
//! transcript (`{"timestamp", "direction": "server", "stdout": "<line>"}`): `replay_session`
//! reports it as `stdout-not-json` at the line, and the session around it goes on (it is no
//! message: the answer after it still matches its request).

use mcp_json_toolbox::diagnostic::Severity;
use mcp_json_toolbox::host::replay_session;

const TRANSCRIPT: &str = concat!(
    r#"{"timestamp":"2026-12-03T00:00:00Z","direction":"client","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}}"#,
    "\n",
    r#"{"timestamp":"2026-12-03T00:00:01Z","direction":"server","stdout":"Weather server running on stdio"}"#,
    "\n",
    r#"{"timestamp":"2026-12-03T00:00:02Z","direction":"server","message":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}}"#,
    "\n",
);

#[test]
fn a_stdout_line_is_one_error_at_the_line_and_no_message() {
    let report = replay_session(TRANSCRIPT);
    let found: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Info)
        .collect();
    let [only] = found.as_slice() else {
        panic!("{found:#?}");
    };
    assert_eq!(only.code, "stdout-not-json");
    assert_eq!(only.severity, Severity::Error);
    assert!(only.message.contains("\"Weather server running on stdio\""));
    assert!(only
        .message
        .contains("MUST NOT write anything to its stdout"));
    assert_eq!(only.instance_path, "/1/stdout");
    let span = only.span.expect("a span");
    assert_eq!((span.line, span.end_line), (2, 2));
    assert_eq!(
        TRANSCRIPT.get(span.bytes.start..span.bytes.end),
        Some("\"Weather server running on stdio\"")
    );
}

#[test]
fn a_long_line_is_quoted_cut() {
    let line = "x".repeat(500);
    let text = format!(r#"{{"direction":"server","stdout":"{line}"}}"#);
    let report = replay_session(&text);
    let found = &report.diagnostics[0];
    assert_eq!(found.code, "stdout-not-json");
    assert!(found.message.contains(&format!("\"{}\"…", "x".repeat(120))));
    assert!(!found.message.contains(&"x".repeat(121)));
}
