//! The log readers on the recorded fixtures of tests/fixtures/logs/ (see its README).

use super::*;
use crate::diagnostic::{Diagnostic, Span};
use crate::host::session::{replay_session, Direction, Progress, SequenceEntry, StepKind};
use crate::host::transcript::read_transcript;

const VSCODE: &str = include_str!("../../../tests/fixtures/logs/vscode-output.log");
const HAR_2026: &str = include_str!("../../../tests/fixtures/logs/streamable-2026.har");
const HAR_2025: &str = include_str!("../../../tests/fixtures/logs/streamable-2025-11-25.har");
const TEE: &str = include_str!("../../../tests/fixtures/logs/stdio-tee.log");
const RECORDING: &str =
    include_str!("../../../tests/fixtures/sessions/everything-research-2025-11-25.jsonl");
const VSCODE_2026: &str = include_str!("../../../tests/fixtures/logs/vscode-output-2026.log");
const CASSETTE: &str = include_str!("../../../tests/fixtures/logs/mcp-recorder-cassette.json");

/// A VS Code log replayed, checked to be detected in `form`.
/// The format named `name` (a row of [`LOG_FORMATS`]).
pub(super) fn named(name: &str) -> LogFormat {
    LogFormat::from_name(name).expect("a format of the table")
}

fn vscode_replayed(text: &str, form: &str) -> LogReport {
    let report = replay_log(text, None);
    assert_eq!(report.format, Some(named("vscode")));
    assert_eq!(report.detected, format!("VS Code output log, {form}"));
    report
}

/// The message rows of a report's sequence.
pub(super) fn messages(report: &LogReport) -> Vec<&SequenceEntry> {
    report
        .sequence
        .iter()
        .filter(|row| row.index.is_some())
        .collect()
}

/// The pasted text under a span.
pub(super) fn under(text: &str, span: &Span) -> String {
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
    assert_eq!(detect_format(VSCODE), named("vscode"));
    assert_eq!(detect_format(HAR_2026), named("har"));
    assert_eq!(detect_format(HAR_2025), named("har"));
    assert_eq!(detect_format(TEE), LogFormat::JSONL);
    assert_eq!(detect_format(RECORDING), LogFormat::TRANSCRIPT);
    assert_eq!(detect_format(VSCODE_2026), named("vscode"));
    assert_eq!(detect_format(CASSETTE), named("mcp-recorder"));
}

#[test]
fn vscode_output_gives_directions_times_and_findings_on_the_original_line() {
    let report = vscode_replayed(VSCODE, "2025 form ([Client Says])");
    let rows = messages(&report);
    let directions: Vec<_> = rows.iter().map(|r| r.step.from).collect();
    assert_eq!(directions.len(), 9);
    assert_eq!(directions[0], Some(Direction::Client));
    assert_eq!(directions[1], Some(Direction::Server));
    let unknown = with_code(&report, "unknown-tool");
    assert_eq!(unknown.len(), 1, "{:#?}", report.diagnostics);
    let span = unknown[0].span.expect("a span");
    let line = VSCODE.lines().nth(span.line - 1).unwrap_or_default();
    assert!(line.contains("[Client Says]") && line.contains("\"subtract\""));
    assert_eq!(under(VSCODE, &span), "\"subtract\"");
    // Every message's span is its JSON in the pasted log; the other lines are context rows.
    let log = read_log(VSCODE, None);
    assert!(log.entries.iter().all(|e| e.time_ms.is_some()));
    for (row, entry) in rows.iter().zip(&log.entries) {
        assert_eq!(
            row.span.map(|s| under(VSCODE, &s)),
            Some(entry.message.clone())
        );
    }
    let context: Vec<_> = report
        .sequence
        .iter()
        .filter(|r| r.step.kind == StepKind::Context)
        .collect();
    assert_eq!(context.len(), 7, "{context:#?}");
    assert!(context
        .iter()
        .any(|r| r.step.detail == "[warning] [server stderr] har-fixture: serving on stdio"));
    assert_eq!(report.counts.messages, 9);
    assert_eq!(report.counts.other, 7);
}

#[test]
fn the_2026_vscode_form_reads_the_arrows_and_finds_the_wrong_argument_on_its_line() {
    let report = vscode_replayed(VSCODE_2026, "2026 form ([editor -> server])");
    let rows = messages(&report);
    assert_eq!(rows.len(), 11);
    for row in &rows {
        let span = row.span.expect("a span");
        let line = VSCODE_2026.lines().nth(span.line - 1).unwrap_or_default();
        let arrow = match row.step.from {
            Some(Direction::Client) => "[debug] [editor -> server] ",
            _ => "[debug] [server -> editor] ",
        };
        assert!(line.contains(arrow), "{line}");
        assert!(line.ends_with(&under(VSCODE_2026, &span)));
    }
    // Each answer names the row of its request and the request's method.
    let call = rows
        .iter()
        .position(|r| r.step.detail == "subtract")
        .expect("the subtract call");
    let answer = rows[call + 1];
    assert_eq!(answer.step.kind, StepKind::Answer);
    assert_eq!(answer.step.method.as_deref(), Some("tools/call"));
    let request = &report.sequence[answer.step.answers.expect("answers a request")];
    assert_eq!(request.step.detail, "subtract");
    assert_eq!(answer.step.detail, "CallToolResult (isError)");
    // The wrong argument: `b` is a string where the listed schema wants an integer.
    let wrong: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.instance_path.ends_with("/arguments/b"))
        .collect();
    assert_eq!(wrong.len(), 1, "{:#?}", report.diagnostics);
    let span = wrong[0].span.expect("a span");
    assert_eq!(under(VSCODE_2026, &span), "\"three\"");
    let line = VSCODE_2026.lines().nth(span.line - 1).unwrap_or_default();
    assert!(line.contains("[editor -> server]") && line.contains("\"three\""));
    assert_eq!(with_code(&report, "unknown-tool").len(), 1);
    // Status and stderr lines are context, never findings.
    assert!(report
        .diagnostics
        .iter()
        .all(|d| d.code != "log-line-skipped"));
    assert!(report
        .sequence
        .iter()
        .any(|r| r.step.kind == StepKind::Context
            && r.step.detail.starts_with("[debug] Server command line: ")));
    // Forcing the format reads the same.
    assert_eq!(
        replay_log(VSCODE_2026, Some(named("vscode"))).sequence,
        report.sequence
    );
}

#[test]
fn a_stack_trace_continues_its_context_line() {
    let text = "2026-12-03 10:00:00.000 [error] Error handling request tools/call: boom\n    at f (x.js:1:1)\n2026-12-03 10:00:00.001 [debug] [editor -> server] {\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";
    let log = read_log(text, None);
    assert_eq!(log.format, named("vscode"));
    assert_eq!(log.entries.len(), 1);
    let [line] = log.context.as_slice() else {
        panic!("{:#?}", log.context);
    };
    assert!(line.text().ends_with("at f (x.js:1:1)"), "{}", line.text());
    assert_eq!((line.span.line, line.level.as_deref()), (1, Some("error")));
}

#[test]
fn an_mcp_recorder_cassette_gives_each_request_and_its_answer() {
    let report = replay_log(CASSETTE, None);
    assert_eq!(report.format, Some(named("mcp-recorder")));
    assert_eq!(report.detected, "mcp-recorder cassette, format 1.0");
    let rows = messages(&report);
    // initialize, initialized, tools/list, add, add (wrong), subtract, count_slowly: 6 answers.
    assert_eq!(rows.len(), 13);
    assert_eq!(report.counts.requests, 6);
    assert_eq!(report.counts.answers, 6);
    assert_eq!(report.counts.unanswered, 0);
    for row in &rows {
        let text = under(CASSETTE, &row.span.expect("a span"));
        assert!(
            text.starts_with('{') && text.contains("\"jsonrpc\""),
            "{text}"
        );
    }
    let wrong: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.instance_path.ends_with("/arguments/b"))
        .collect();
    assert_eq!(wrong.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(
        under(CASSETTE, &wrong[0].span.expect("a span")),
        "\"three\""
    );
    let unknown = with_code(&report, "unknown-tool");
    assert_eq!(unknown.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(
        under(CASSETTE, &unknown[0].span.expect("a span")),
        "\"subtract\""
    );
    let cut = CASSETTE.get(..CASSETTE.len() / 2).unwrap_or_default();
    assert_eq!(
        with_code(&replay_log(cut, None), "cassette-invalid").len(),
        1
    );
}

#[test]
fn a_format_not_read_is_named_with_what_to_do() {
    let flows = "4:type;4:http;11:server_conn;0:~\n";
    let log = read_log(flows, None);
    let named = log
        .diagnostics
        .iter()
        .find(|d| d.code == "log-format-unread");
    assert!(
        named.is_some_and(|d| d.message.contains("mitmproxy flow file")),
        "{:#?}",
        log.diagnostics
    );
}

#[test]
fn a_har_maps_findings_into_its_escaped_bodies() {
    let report = replay_log(HAR_2026, None);
    assert_eq!(report.format, Some(named("har")));
    // tools/list, add, count_slowly (three progress notifications and the result over SSE), subtract.
    assert_eq!(messages(&report).len(), 11);
    let progress = report
        .sequence
        .iter()
        .filter(|r| r.step.method.as_deref() == Some("notifications/progress"))
        .count();
    assert_eq!(progress, 3);
    let unknown = with_code(&report, "unknown-tool");
    assert_eq!(unknown.len(), 1, "{:#?}", report.diagnostics);
    let span = unknown[0].span.expect("a span");
    assert_eq!(under(HAR_2026, &span), "\\\"subtract\\\"");
    let log = read_log(HAR_2026, None);
    let call = &log.entries[log.entries.len() - 2];
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
    assert!(log.entries[1].http.is_none(), "answers carry no request");
    // An answer is timed at its first byte, never before its request.
    assert!(log.entries[1].time_ms >= log.entries[0].time_ms);
}

#[test]
fn a_2025_har_reads_sse_answers_with_crlf_and_the_session_header() {
    let report = read_log(HAR_2025, None);
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
    assert!(!report.diagnostics.iter().any(|d| d.code == "log-not-json"));
}

#[test]
fn stderr_lines_are_context_rows_never_findings() {
    let report = replay_log(TEE, None);
    assert_eq!(report.format, Some(LogFormat::JSONL));
    // The server's stderr: a line of its own, then rich's line wrapped over two (one row).
    let context: Vec<_> = report
        .sequence
        .iter()
        .filter(|r| r.step.kind == StepKind::Context)
        .collect();
    let lines: Vec<_> = context
        .iter()
        .filter_map(|r| r.span)
        .map(|s| (s.line, s.end_line))
        .collect();
    assert_eq!(lines, [(2, 2), (10, 11)]);
    assert_eq!(context[0].step.detail, "har-fixture: serving on stdio");
    assert!(context[1].step.detail.ends_with("tool: subtract'"));
    assert_eq!(messages(&report).len(), 9);
    let unknown = with_code(&report, "unknown-tool");
    assert_eq!(unknown.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(unknown[0].span.map(|s| s.line), Some(9));
    assert_eq!(report.diagnostics.len(), 1, "{:#?}", report.diagnostics);
}

#[test]
fn in_json_lines_only_broken_or_unread_json_rpc_is_a_finding() {
    let text = "plain text\n\
                {\"level\":\"info\",\"msg\":\"started\"}\n\
                {\n\
                sent {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} (12 bytes)\n\
                {\"jsonrpc\":\"2.0\",\"id\":1,\"resu\n\
                [{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]\n\
                [INFO] got {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\
                DEBUG {session} sent {\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n\
                DEBUG {session} sent {\"jsonrpc\":\"2.0\",\"id\":3,\"meth\n\
                DEBUG {session} sent {\"jsonrpc\" \"2.0\"}\n";
    let log = read_log(text, None);
    // The message of a tail, what follows it unread; then the answer behind a bracketed prefix.
    let read: Vec<_> = log.entries.iter().map(|e| e.span.line).collect();
    assert_eq!(read, [4, 7, 8]);
    assert_eq!(
        under(text, &log.entries[0].span),
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"
    );
    // Plain text, JSON that is no JSON-RPC and a lone `{`: context rows.
    let context: Vec<_> = log.context.iter().map(|c| c.span.line).collect();
    assert_eq!(context, [1, 2, 3]);
    // A message cut short: not JSON, where it breaks off (at the line's end, behind a prefix
    // holding a `{` too); a batch, a tail that starts no value: not read, a note.
    let found: Vec<_> = log
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.span.map(|s| s.line)))
        .collect();
    assert_eq!(
        found,
        [
            ("log-not-json", Some(5)),
            ("log-line-skipped", Some(6)),
            ("log-not-json", Some(9)),
            ("log-line-skipped", Some(10))
        ]
    );
    let replayed = replay_log(text, None);
    assert_eq!(
        replayed.diagnostics[..2]
            .iter()
            .map(|d| d.code.as_str())
            .collect::<Vec<_>>(),
        ["log-not-json", "log-line-skipped"]
    );
}

#[test]
fn a_transcript_replays_as_it_always_did() {
    let report = replay_log(RECORDING, None);
    let direct = replay_session(RECORDING);
    assert_eq!(report.format, Some(LogFormat::TRANSCRIPT));
    assert_eq!(report.diagnostics, direct.diagnostics);
    assert_eq!(report.tasks, direct.tasks);
    assert_eq!(report.sequence, direct.sequence);
    assert_eq!(report.counts.messages, RECORDING.lines().count());
}

/// The entries of a transcript read as a log (message, span, direction, time), or its error.
type Entries = Result<Vec<(String, Span, Option<Direction>, Option<i64>)>, Box<Diagnostic>>;

/// What a transcript read as a log must give, from its tree ([`read_transcript`]): each entry's
/// message, span, direction and time, or the error.
fn from_tree(text: &str) -> Entries {
    let transcript = read_transcript(text).map_err(|e| Box::new(e.diagnostic()))?;
    let index = crate::LineIndex::new(text);
    Ok(transcript
        .entries
        .iter()
        .filter_map(|entry| {
            let range = transcript.doc.pointer(&entry.pointer)?.range;
            let message = text.get(range.start..range.end)?.to_owned();
            Some((message, index.span(range), entry.direction, entry.time))
        })
        .collect())
}

/// `text` read as a transcript, as [`from_tree`] gives it.
fn read_as_transcript(text: &str) -> Entries {
    let log = read_log(text, Some(LogFormat::TRANSCRIPT));
    assert_eq!(log.format, LogFormat::TRANSCRIPT);
    match log.diagnostics.iter().find(|d| d.is_error()) {
        Some(error) => {
            assert!(log.entries.is_empty(), "{text:?}");
            Err(Box::new(error.clone()))
        }
        None => Ok(log
            .entries
            .into_iter()
            .map(|e| (e.message, e.span, e.direction, e.time_ms))
            .collect()),
    }
}

#[test]
fn a_transcript_read_as_a_log_gives_what_its_tree_gives() {
    let sessions = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sessions");
    let mut texts: Vec<String> = std::fs::read_dir(sessions)
        .expect("the session fixtures")
        .filter_map(|f| std::fs::read_to_string(f.ok()?.path()).ok())
        .collect();
    assert!(texts.len() > 10);
    let envelope = r#"{"timestamp":"2026-01-01T00:00:00Z","direction":"server","message":{"id":1,"result":{}}}"#;
    texts.extend(
        [
            // The last of duplicated members; keys compared decoded; `toModel`; bare values.
            r#"{"message":{"id":1},"message":[1],"toModel":{"t":"é"},"direction":"client"}"#,
            r#"{"message":[1],"message":{"id":2},"direction":"cl\u0069ent","direction":"server"}"#,
            "{\"mess\\u0061ge\": {\"id\": 3}, \"timestamp\": \"2026-01-01T00:00:00.5+01:00\"}\n5\n\"x\"\n[1, {\"message\": {}}]\n",
            "{\"direction\":\"server\",\"stdout\":\"started\"}\r\n\r\n  \u{a0}\n\u{feff}{\"jsonrpc\":\"2.0\"}\n",
            // One value over several lines; an array of entries; a byte order mark before it.
            "{\n  \"message\": {\"id\": 1}\n}\n",
            "\u{feff}[\n {\"message\": {\"id\": 1}},\n {\"id\": 2}\n]\n",
            // Not a transcript: an error at its place.
            "{\"message\": {\"id\": 1}}\n{\"message\": }\n",
            "{\"a\": 1}\n{\n",
            "[{\"id\": 1}]\n[2]\n",
            "[{\"id\": 1}, ]",
            "\u{a0}[1]",
            "{} {}\n",
            "",
            " \n\t\n",
        ]
        .map(str::to_owned),
    );
    texts.push(format!("{}\n", "[".repeat(600)));
    texts.push(format!("{envelope}\n{envelope}"));
    for text in &texts {
        assert_eq!(read_as_transcript(text), from_tree(text), "{text:?}");
    }
}

#[test]
fn a_har_entry_reads_the_members_its_tree_would_choose() {
    // The last of duplicated members, keys compared decoded, a member that is no object holding
    // nothing: what `value_of` on the entry's tree chose before the entry was read token by token.
    let har = r#"{"log": {"entries": [
      {"request": {"method": "GET", "postData": {"text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"}},
       "request": {"m\u0065thod": "PUT", "headers": [{"name": "A", "value": "1"}],
         "headers": [{"name": "B", "value": "2"}, {"name": "B", "value": "3"}, 7, {"name": "C"}],
         "postData": {"text": "{\"id\":5}"},
         "postData": {"text": "{\"\u006asonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}"}},
       "response": {"content": {"text": "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}"}}, "response": 7},
      {"startedDateTime": "x", "startedDateTime": "2026-12-03T04:34:47Z",
       "timings": {"wait": 5}, "timings": {"wait": 10, "send": "3", "blocked": -1, "wait": 20},
       "request": {"postData": {"text": "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}"}},
       "response": {"content": {"text": "no", "mimeType": "x"},
         "content": {"text": "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}", "encoding": "gzip"}}}
    ]}}"#;
    let log = read_log(har, None);
    assert_eq!(log.format, named("har"));
    let [put, ping, pong] = &log.entries[..] else {
        panic!("{:#?}", log.entries);
    };
    assert_eq!(put.message, r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#);
    assert_eq!(
        put.http,
        Some(Http {
            method: "PUT".to_owned(),
            headers: vec![("B".to_owned(), "2, 3".to_owned())],
        })
    );
    assert_eq!(put.time_ms, None);
    let started = crate::host::time::parse_rfc3339("2026-12-03T04:34:47Z");
    assert_eq!(
        (ping.direction, ping.time_ms),
        (Some(Direction::Client), started)
    );
    assert_eq!(ping.http.as_ref().map(|h| h.method.as_str()), Some("POST"));
    assert_eq!(pong.message, r#"{"jsonrpc":"2.0","id":3,"result":{}}"#);
    assert_eq!(
        (pong.direction, pong.time_ms),
        (Some(Direction::Server), started.map(|t| t + 20))
    );
    // Replayed, the same messages in the same order.
    assert_eq!(replay_log(har, None).counts.messages, 3);
}

#[test]
fn a_truncated_har_is_an_error_at_the_cut() {
    let cut = HAR_2026.get(..HAR_2026.len() / 2).unwrap_or_default();
    let report = replay_log(cut, None);
    assert_eq!(report.format, Some(named("har")));
    let error = with_code(&report, "har-invalid");
    assert_eq!(error.len(), 1);
    let span = error[0].span.expect("a position");
    assert!(span.bytes.start >= cut.trim_end().len() - 1, "{span:?}");
    assert!(report.sequence.is_empty());
}

#[test]
fn a_log_cut_mid_line_keeps_what_came_before() {
    let last_message = VSCODE.rfind("[Server Says]").unwrap_or_default();
    let cut = VSCODE.get(..last_message + 40).unwrap_or_default();
    let report = replay_log(cut, None);
    assert_eq!(messages(&report).len(), 8);
    let broken = with_code(&report, "log-not-json");
    assert_eq!(broken.len(), 1);
    let span = broken[0].span.expect("a position");
    assert_eq!(span.line, cut.lines().count());
    assert_eq!(with_code(&report, "unknown-tool").len(), 1);
}

#[test]
fn forcing_a_format_reads_the_text_as_that_format() {
    let log = read_log(VSCODE, Some(LogFormat::JSONL));
    assert_eq!(log.format, LogFormat::JSONL);
    // Each `[Client Says] {…}` line holds a message after its prefix.
    assert_eq!(log.entries.len(), 9);
    assert!(log.entries.iter().all(|e| e.direction.is_none()));
    let none = read_log("hello\nworld\n", None);
    assert!(none.entries.is_empty());
    assert!(none.diagnostics.iter().any(|d| d.code == "log-empty"));
    assert_eq!(LogFormat::from_name("har"), Some(named("har")));
    assert_eq!(LogFormat::from_name("pcap"), None);
}

#[test]
fn many_unread_lines_are_counted_not_listed() {
    let batch = "[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]\n";
    let text = format!("noise\n{}", batch.repeat(MAX_SKIPPED_REPORTED + 5));
    let log = read_log(&text, None);
    let skipped: Vec<_> = log
        .diagnostics
        .iter()
        .filter(|d| d.code == "log-line-skipped")
        .collect();
    assert_eq!(skipped.len(), MAX_SKIPPED_REPORTED + 1);
    assert!(skipped[MAX_SKIPPED_REPORTED].message.starts_with("5 more"));
    assert_eq!(log.context.len(), 1);
}

const MCP_DEBUGGER: &str = include_str!("../../../tests/fixtures/logs/mcp-debugger-export.json");

#[test]
fn an_mcp_debugger_export_is_rebuilt_into_messages() {
    assert_eq!(detect_format(MCP_DEBUGGER), named("mcp-debugger"));
    let report = replay_log(MCP_DEBUGGER, None);
    assert_eq!(messages(&report).len(), 9);
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
    let initialize = &read_log(MCP_DEBUGGER, None).entries[0];
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
        Ok(Some(named("mcp-debugger")))
    );
    assert!(read(r#"{"format": "pcap"}"#).is_err_and(|e| e.contains("unknown format `pcap`")));
    assert!(read(r#"{"format": 1}"#).is_err());
    assert!(read(r#"{"fromat": "har"}"#).is_err_and(|e| e.contains("fromat")));
    let targets = read(r#"{"format": "vscode", "targets": ["all"]}"#).expect("options");
    assert!(!targets.session.targets.is_empty());
    assert!(read("[]").is_err());
}

#[test]
fn a_hars_requests_are_checked_against_their_http_headers() {
    // The contract with the Session's HTTP rules: a client message that came over HTTP is pushed
    // with its request's method and headers as sent; a header finding is about the whole entry,
    // its pointer in the request's `http` as a transcript's envelope has it.
    let header = |name: &str, value: &str| {
        format!("\"name\": \"{name}\",\n              \"value\": \"{value}\"")
    };
    let wrong = HAR_2026.replacen(
        &header("Mcp-Name", "subtract"),
        &header("Mcp-Name", "add"),
        1,
    );
    let missing = wrong.replacen(
        &header("Mcp-Method", "tools/list"),
        &header("X-Other", "tools/list"),
        1,
    );
    assert!(
        missing != wrong && wrong != HAR_2026,
        "the fixture's headers moved"
    );
    assert!(with_code(&replay_log(HAR_2026, None), "http-header-mismatch").is_empty());
    let report = replay_log(&missing, None);
    let log = read_log(&missing, None);
    let call = log.entries.len() - 2;
    let [mismatch] = with_code(&report, "http-header-mismatch")[..] else {
        panic!("{:#?}", report.diagnostics);
    };
    assert_eq!(
        mismatch.instance_path,
        format!("/{call}/http/headers/Mcp-Name")
    );
    assert_eq!(mismatch.span, Some(log.entries[call].span));
    let [absent] = with_code(&report, "http-header-missing")[..] else {
        panic!("{:#?}", report.diagnostics);
    };
    assert_eq!(absent.instance_path, "/0/http/headers");
    assert_eq!(absent.span, Some(log.entries[0].span));
    // The headers are a request's: never an answer's.
    assert!(log.entries[call + 1].http.is_none());
}

/// `text` repeated until it passes `bytes`.
fn repeated(text: &str, bytes: usize) -> String {
    text.repeat(bytes / text.len() + 1)
}

/// The progress reports of replaying `text` (as `replayLog`'s `onProgress` gets them).
fn progress_of(text: &str) -> Vec<(usize, usize)> {
    use std::cell::RefCell;
    use std::rc::Rc;
    let seen = Rc::new(RefCell::new(Vec::new()));
    let log = Rc::clone(&seen);
    let progress = Progress::new(
        text.len(),
        Box::new(move |read, total| log.borrow_mut().push((read, total))),
    );
    let plain = replay_log(text, None);
    let reported = replay_log_reporting(text, LogOptions::default(), progress);
    assert_eq!(
        reported, plain,
        "the report does not depend on the progress told"
    );
    let seen = seen.borrow().clone();
    seen
}

#[test]
fn a_long_replay_tells_its_progress_step_by_step_then_done() {
    use crate::host::session::PROGRESS_STEP;
    for (name, text) in [
        ("VS Code", repeated(VSCODE_2026, 3 * PROGRESS_STEP)),
        ("recording", repeated(RECORDING, 3 * PROGRESS_STEP)),
        ("HAR", grown_har(HAR_2026, 3 * PROGRESS_STEP)),
    ] {
        let seen = progress_of(&text);
        // Each report before the last is a message's first byte in the text itself.
        let starts: Vec<usize> = read_log(&text, None)
            .entries
            .iter()
            .map(|e| e.span.bytes.start)
            .collect();
        assert!(
            seen[..seen.len() - 1]
                .iter()
                .all(|(read, _)| starts.contains(read)),
            "{name}: {seen:?}"
        );
        assert!(seen.len() >= 4, "{name}: {seen:?}");
        assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "{name}: {seen:?}");
        assert!(
            seen.iter()
                .all(|&(read, total)| read <= total && total == text.len()),
            "{name}"
        );
        assert!(
            seen.windows(2)
                .all(|w| w[1].0 - w[0].0 <= 2 * PROGRESS_STEP),
            "{name}: {seen:?}"
        );
        assert_eq!(seen.last(), Some(&(text.len(), text.len())), "{name}");
    }
    // A small log: its first message, then done.
    for small in [VSCODE, HAR_2026] {
        let first = read_log(small, None).entries[0].span.bytes.start;
        let seen = progress_of(small);
        assert_eq!(seen, vec![(first, small.len()), (small.len(), small.len())]);
    }
}

#[test]
fn a_large_har_tells_its_progress_while_it_is_read_even_when_it_is_cut_short() {
    use crate::host::session::PROGRESS_STEP;
    // A HAR is read once, each message pushed as it is found: the progress is told while it is
    // read, not only once a whole tree of it was built. A HAR cut short shows it: what was read
    // before the cut is told, then the error alone is reported.
    let whole = grown_har(HAR_2026, 4 * PROGRESS_STEP);
    let cut = whole.get(..whole.len() - 100).unwrap_or_default();
    let seen = progress_of(cut);
    assert!(seen.len() >= 4, "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "{seen:?}");
    let (told, last) = seen.split_at(seen.len() - 1);
    // Each a message's first byte in the HAR (a body's, escaped in its JSON string).
    let message_at = |at: &usize| {
        cut.get(*at..)
            .is_some_and(|m| m.starts_with("{\\\"jsonrpc"))
    };
    assert!(told.iter().all(|(read, _)| message_at(read)), "{seen:?}");
    assert!(told
        .last()
        .is_some_and(|(read, _)| read + 2 * PROGRESS_STEP > cut.len()));
    assert_eq!(last, [(cut.len(), cut.len())]);
    let report = replay_log(cut, None);
    assert_eq!(report.diagnostics.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(report.diagnostics[0].code, "har-invalid");
    assert!(report.sequence.is_empty() && report.tasks.is_empty());
    assert!(read_log(cut, None).entries.is_empty());
}

#[test]
fn a_har_reads_its_last_log_and_entries_as_a_tree_would() {
    // Duplicated members: the last one counts (as `Node::value_of` takes it), what an earlier one
    // gave is forgotten, whether it had messages or not.
    let entries = |har: &str| {
        let start = har.find("\"entries\": [").expect("entries");
        let end = har.rfind("\n    ]").expect("their end") + 6;
        har.get(start..end).unwrap_or_default().to_owned()
    };
    let (new, old) = (entries(HAR_2026), entries(HAR_2025));
    let log = |entries: &str| format!("{{\"version\": \"1.2\", {entries}}}");
    let twice = format!("{{\"log\": {}, \"log\": {}}}", log(&old), log(&new));
    let both = format!("{{\"log\": {{{old}, {new}}}}}");
    let last = format!("{{\"log\": {{{new}}}}}");
    let expected = read_log(&last, None);
    assert_eq!(expected.entries.len(), 11);
    for har in [&twice, &both] {
        let log = read_log(har, None);
        assert_eq!(log.entries.len(), 11);
        let messages: Vec<&str> = log.entries.iter().map(|e| e.message.as_str()).collect();
        let wanted: Vec<&str> = expected
            .entries
            .iter()
            .map(|e| e.message.as_str())
            .collect();
        assert_eq!(messages, wanted);
        assert_eq!(messages_of(&replay_log(har, None)), 11);
    }
    // A later `entries` that is no array, or a later `log` without any: none.
    for har in [
        format!("{{\"log\": {{{new}, \"entries\": {{}}}}}}"),
        format!("{{\"log\": {{{new}}}, \"log\": {{}}}}"),
    ] {
        let report = replay_log(&har, None);
        let [none] = &report.diagnostics[..] else {
            panic!("{:#?}", report.diagnostics);
        };
        assert_eq!(none.code, "har-invalid");
        assert_eq!(
            none.span.map(|s| s.bytes),
            Some(crate::diagnostic::ByteRange::new(0, har.len()))
        );
        assert!(report.sequence.is_empty());
    }
}

/// How many messages a report's sequence has.
fn messages_of(report: &LogReport) -> usize {
    messages(report).len()
}

/// The HAR `text` with its entries repeated until it passes `bytes`.
fn grown_har(text: &str, bytes: usize) -> String {
    let mut har: serde_json::Value = serde_json::from_str(text).expect("the fixture is a HAR");
    let entries = har["log"]["entries"]
        .as_array_mut()
        .expect("it has entries");
    let once = entries.clone();
    let size = text.len();
    for _ in 0..bytes / size + 1 {
        entries.extend(once.iter().cloned());
    }
    serde_json::to_string_pretty(&har).expect("a HAR prints")
}

#[test]
fn no_credential_reaches_a_read_log_or_its_report() {
    const TOKEN: &str = "fixture-dummy-token-4f2a9c";
    // The HARs' requests carry `Authorization: Bearer …`; a host logs its transport's headers
    // beside the messages (a context row); a stderr line prints a cookie.
    let desktop = format!(
        "{}2025-04-08T07:54:19.000Z [info] [weather] HTTP transport options: {{\"headers\":{{\"Authorization\":\"Bearer {TOKEN}\"}}}}\n\
         2025-04-08T07:54:19.001Z [error] [weather] Cookie: session={TOKEN}\n",
        include_str!("../../../tests/fixtures/logs/claude-desktop-mcp.log")
    );
    for text in [HAR_2026, HAR_2025, desktop.as_str()] {
        assert!(text.contains(TOKEN));
        let read = serde_json::to_string(&read_log(text, None)).unwrap_or_default();
        let replayed = serde_json::to_string(&replay_log(text, None)).unwrap_or_default();
        // The read keeps the headers and the context rows, each secret in its place replaced.
        assert!(read.contains(redact::REDACTED), "{read}");
        for out in [&read, &replayed] {
            assert!(!out.contains(TOKEN), "a credential written: {out}");
        }
    }
    // What is no credential stays as logged.
    let read = read_log(&desktop, None);
    assert!(read
        .context
        .iter()
        .any(|line| line.text() == "Launching MCP Server: weather"));
}
