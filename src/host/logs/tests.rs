//! The log readers on the recorded fixtures of tests/fixtures/logs/ (see its README).

use super::*;

const VSCODE: &str = include_str!("../../../tests/fixtures/logs/vscode-output.log");
const HAR_2026: &str = include_str!("../../../tests/fixtures/logs/streamable-2026.har");
const HAR_2025: &str = include_str!("../../../tests/fixtures/logs/streamable-2025-11-25.har");
const TEE: &str = include_str!("../../../tests/fixtures/logs/stdio-tee.log");
const RECORDING: &str =
    include_str!("../../../tests/fixtures/sessions/everything-research-2025-11-25.jsonl");

/// The pasted text under a span.
fn under(text: &str, span: &Span) -> String {
    text.get(span.bytes.start..span.bytes.end)
        .unwrap_or_default()
        .to_owned()
}

/// The findings with `code`.
fn with_code<'r>(report: &'r LogReport, code: &str) -> Vec<&'r Diagnostic> {
    report
        .diagnostics
        .iter()
        .filter(|d| d.code == code)
        .collect()
}

#[test]
fn formats_are_detected_from_the_text() {
    assert_eq!(detect_format(VSCODE), LogFormat::Vscode);
    assert_eq!(detect_format(HAR_2026), LogFormat::Har);
    assert_eq!(detect_format(HAR_2025), LogFormat::Har);
    assert_eq!(detect_format(TEE), LogFormat::Jsonl);
    assert_eq!(detect_format(RECORDING), LogFormat::Transcript);
}

#[test]
fn vscode_output_gives_directions_times_and_findings_on_the_original_line() {
    let report = replay_log(VSCODE, None);
    assert_eq!(report.format, LogFormat::Vscode);
    let directions: Vec<_> = report.entries.iter().map(|e| e.direction).collect();
    assert_eq!(directions.len(), 9);
    assert_eq!(directions[0], Some(Direction::Client));
    assert_eq!(directions[1], Some(Direction::Server));
    assert!(report.entries.iter().all(|e| e.time_ms.is_some()));
    let unknown = with_code(&report, "unknown-tool");
    assert_eq!(unknown.len(), 1, "{:#?}", report.diagnostics);
    let span = unknown[0].span.expect("a span");
    let line = VSCODE.lines().nth(span.line - 1).unwrap_or_default();
    assert!(line.contains("[Client Says]") && line.contains("\"subtract\""));
    assert_eq!(under(VSCODE, &span), "\"subtract\"");
    // Every span points at the message's text in the pasted log.
    for entry in &report.entries {
        assert_eq!(under(VSCODE, &entry.span), entry.message);
    }
}

#[test]
fn a_har_maps_findings_into_its_escaped_bodies() {
    let report = replay_log(HAR_2026, None);
    assert_eq!(report.format, LogFormat::Har);
    // tools/list, add, count_slowly (three progress notifications and the result over SSE), subtract.
    assert_eq!(report.entries.len(), 11);
    let progress = report
        .entries
        .iter()
        .filter(|e| e.message.contains("notifications/progress"))
        .count();
    assert_eq!(progress, 3);
    let unknown = with_code(&report, "unknown-tool");
    assert_eq!(unknown.len(), 1, "{:#?}", report.diagnostics);
    let span = unknown[0].span.expect("a span");
    assert_eq!(under(HAR_2026, &span), "\\\"subtract\\\"");
    let call = &report.entries[report.entries.len() - 2];
    let http = call.http.as_ref().expect("the request's headers");
    assert_eq!(http.method, "POST");
    let header = |name: &str| {
        http.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(header("Mcp-Method"), Some("tools/call"));
    assert_eq!(header("Mcp-Name"), Some("subtract"));
    assert_eq!(header("MCP-Protocol-Version"), Some("2026-07-28"));
    assert!(report.entries[1].http.is_none(), "answers carry no request");
    // An answer is timed at its first byte, never before its request.
    assert!(report.entries[1].time_ms >= report.entries[0].time_ms);
}

#[test]
fn a_2025_har_reads_sse_answers_with_crlf_and_the_session_header() {
    let report = replay_log(HAR_2025, None);
    let clients = report
        .entries
        .iter()
        .filter(|e| e.direction == Some(Direction::Client))
        .count();
    assert_eq!((clients, report.entries.len()), (4, 7));
    let initialized = &report.entries[2];
    assert!(initialized.message.contains("notifications/initialized"));
    let http = initialized.http.as_ref().expect("headers");
    assert!(http
        .headers
        .iter()
        .any(|(n, v)| n == "Mcp-Session-Id" && !v.is_empty()));
    // An SSE answer's message maps back to its escaped bytes.
    let answer = &report.entries[1];
    let original = under(HAR_2025, &answer.span);
    assert!(original.starts_with("{\\\"jsonrpc\\\""), "{original}");
    assert!(!with_code(&report, "log-not-json").iter().any(|_| true));
}

#[test]
fn stderr_lines_are_skipped_with_their_place() {
    let report = replay_log(TEE, None);
    assert_eq!(report.format, LogFormat::Jsonl);
    let skipped = with_code(&report, "log-line-skipped");
    let lines: Vec<_> = skipped
        .iter()
        .filter_map(|d| d.span)
        .map(|s| s.line)
        .collect();
    assert_eq!(lines, [2, 10, 11]);
    assert_eq!(report.entries.len(), 9);
    let unknown = with_code(&report, "unknown-tool");
    assert_eq!(unknown.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(unknown[0].span.map(|s| s.line), Some(9));
}

#[test]
fn a_transcript_replays_as_it_always_did() {
    let report = replay_log(RECORDING, None);
    let direct = replay_session(RECORDING);
    assert_eq!(report.format, LogFormat::Transcript);
    assert_eq!(report.diagnostics, direct.diagnostics);
    assert_eq!(report.tasks, direct.tasks);
}

#[test]
fn a_truncated_har_is_an_error_at_the_cut() {
    let cut = HAR_2026.get(..HAR_2026.len() / 2).unwrap_or_default();
    let report = replay_log(cut, None);
    assert_eq!(report.format, LogFormat::Har);
    let error = with_code(&report, "har-invalid");
    assert_eq!(error.len(), 1);
    let span = error[0].span.expect("a position");
    assert!(span.bytes.start >= cut.trim_end().len() - 1, "{span:?}");
    assert!(report.entries.is_empty());
}

#[test]
fn a_log_cut_mid_line_keeps_what_came_before() {
    let last_message = VSCODE.rfind("[Server Says]").unwrap_or_default();
    let cut = VSCODE.get(..last_message + 40).unwrap_or_default();
    let report = replay_log(cut, None);
    assert_eq!(report.entries.len(), 8);
    let broken = with_code(&report, "log-not-json");
    assert_eq!(broken.len(), 1);
    let span = broken[0].span.expect("a position");
    assert_eq!(span.line, cut.lines().count());
    assert_eq!(with_code(&report, "unknown-tool").len(), 1);
}

#[test]
fn forcing_a_format_reads_the_text_as_that_format() {
    let log = read_log(VSCODE, Some(LogFormat::Jsonl));
    assert_eq!(log.format, LogFormat::Jsonl);
    // Each `[Client Says] {…}` line holds a message after its prefix.
    assert_eq!(log.entries.len(), 9);
    assert!(log.entries.iter().all(|e| e.direction.is_none()));
    let none = read_log("hello\nworld\n", None);
    assert!(none.entries.is_empty());
    assert!(none.diagnostics.iter().any(|d| d.code == "log-empty"));
    assert_eq!(LogFormat::from_name("har"), Some(LogFormat::Har));
    assert_eq!(LogFormat::from_name("pcap"), None);
}

#[test]
fn many_stray_lines_are_counted_not_listed() {
    let text = "noise\n".repeat(MAX_SKIPPED_REPORTED + 5);
    let log = read_log(&text, None);
    let skipped: Vec<_> = log
        .diagnostics
        .iter()
        .filter(|d| d.code == "log-line-skipped")
        .collect();
    assert_eq!(skipped.len(), MAX_SKIPPED_REPORTED + 1);
    assert!(skipped[MAX_SKIPPED_REPORTED].message.starts_with("5 more"));
}

const MCP_DEBUGGER: &str = include_str!("../../../tests/fixtures/logs/mcp-debugger-export.json");

#[test]
fn an_mcp_debugger_export_is_rebuilt_into_messages() {
    assert_eq!(detect_format(MCP_DEBUGGER), LogFormat::McpDebugger);
    let report = replay_log(MCP_DEBUGGER, None);
    assert_eq!(report.entries.len(), 9);
    // Every answer is paired with its request: nothing unmatched.
    assert!(
        with_code(&report, "unmatched-response").is_empty(),
        "{:#?}",
        report.diagnostics
    );
    let unknown = with_code(&report, "unknown-tool");
    assert_eq!(unknown.len(), 1, "{:#?}", report.diagnostics);
    let span = unknown[0].span.expect("a span");
    assert_eq!(under(MCP_DEBUGGER, &span), "\"subtract\"");
    let initialize = &report.entries[0];
    assert!(initialize
        .message
        .starts_with("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"initialize\""));
    let cut = MCP_DEBUGGER
        .get(..MCP_DEBUGGER.len() - 10)
        .unwrap_or_default();
    let broken = replay_log(cut, None);
    assert_eq!(with_code(&broken, "export-invalid").len(), 1);
}

#[test]
fn options_name_a_format_or_say_what_is_wrong() {
    let read = |json: &str| LogOptions::from_json(serde_json::from_str(json).expect("JSON"));
    assert_eq!(read("{}"), Ok(LogOptions::default()));
    assert_eq!(read(r#"{"format": null}"#), Ok(LogOptions::default()));
    assert_eq!(
        read(r#"{"format": "mcp-debugger"}"#).map(|o| o.format),
        Ok(Some(LogFormat::McpDebugger))
    );
    assert!(read(r#"{"format": "pcap"}"#).is_err_and(|e| e.contains("unknown format `pcap`")));
    assert!(read(r#"{"format": 1}"#).is_err());
    assert!(read(r#"{"fromat": "har"}"#).is_err_and(|e| e.contains("unknown field `fromat`")));
    assert!(read("[]").is_err());
}

#[test]
fn the_replayed_transcript_carries_each_requests_http_method_and_headers() {
    // The contract with the Session's HTTP rules: a client message that came over HTTP is an
    // envelope with `"http": {"method", "headers"}` as sent.
    let log = read_log(HAR_2026, None);
    let (transcript, placed) = transcript_of(&log.entries);
    let doc = parse(&transcript, ReadOptions::default()).expect("the transcript is JSON");
    let call = log.entries.len() - 2;
    assert_eq!(placed.len(), log.entries.len());
    let http = doc
        .pointer(&format!("/{call}/http"))
        .expect("an http member");
    assert_eq!(
        http.value_of("method").and_then(crate::json::Node::as_str),
        Some("POST")
    );
    let headers = http.value_of("headers").expect("headers");
    assert_eq!(
        headers
            .value_of("Mcp-Name")
            .and_then(crate::json::Node::as_str),
        Some("subtract")
    );
    assert!(
        doc.pointer(&format!("/{}/http", call + 1)).is_none(),
        "not on answers"
    );
}
