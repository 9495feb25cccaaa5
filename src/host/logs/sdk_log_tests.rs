//! The SDKs' and tools' logs of issue 53: the Go SDK's `LoggingTransport` and an HTTP
//! middleware's request log, the Java SDK's test log at DEBUG (JSON Lines among other lines),
//! mcptools' server logs and mcpsnoop's captures (readers of their own), on the fixtures of
//! tests/fixtures/logs/ (see its README: each written from its writer's code, in the forms its
//! documentation shows).

use super::host_log_tests::{codes, one_unknown_tool, replayed_as, senders};
use super::tests::{messages, named, under};
use super::zed_claude_code_tests::context;
use super::*;
use crate::host::session::{Direction, StepKind};

const GO_TRANSPORT: &str =
    include_str!("../../../tests/fixtures/logs/go-sdk-logging-transport.log");
const GO_HTTP: &str = include_str!("../../../tests/fixtures/logs/go-sdk-http-middleware.log");
const JAVA: &str = include_str!("../../../tests/fixtures/logs/java-sdk-test.log");
const MCPTOOLS: &str = include_str!("../../../tests/fixtures/logs/mcptools-mock.log");
const SNOOP_LOG: &str = include_str!("../../../tests/fixtures/logs/mcpsnoop-session.jsonl");
const SNOOP_JSON: &str = include_str!("../../../tests/fixtures/logs/mcpsnoop-export.json");
const SNOOP_HAR: &str = include_str!("../../../tests/fixtures/logs/mcpsnoop-export.har");

/// Each message row of `report` sits on a line of `text` holding `marker` (by its sender, `c` or
/// `s`), its span the rest of that line after the marker; the context rows are the lines `context`.
fn each_after_its_marker(
    text: &str,
    report: &LogReport,
    marker: impl Fn(Option<Direction>) -> &'static str,
    context: &[usize],
) {
    let lines: Vec<&str> = text.lines().collect();
    for row in messages(report) {
        let span = row.span.expect("a span");
        let line = lines[span.line - 1];
        let marker = marker(row.step.from);
        let at = line.find(marker).expect("its marker") + marker.len();
        assert_eq!(span.column, at + 1, "{line}");
        let rest = line.get(at..).unwrap_or_default().trim_end();
        assert_eq!(under(text, &span), rest, "{line}");
    }
    let rows: Vec<usize> = report
        .sequence
        .iter()
        .filter(|row| row.step.kind == StepKind::Context)
        .filter_map(|row| row.span.map(|s| s.line))
        .collect();
    assert_eq!(rows, context);
}

#[test]
fn the_go_sdks_logging_transport_reads_both_sides_with_its_stderr_as_context() {
    let (report, span) = one_unknown_tool(
        GO_TRANSPORT,
        "jsonl",
        "JSON Lines among other lines",
        "csccscscs",
        "\"get_alerts\"",
    );
    assert_eq!(span.line, 10);
    // `read: ` is what the server read (the client's), `write: ` what it wrote.
    let marker = |from| match from {
        Some(Direction::Client) => "read: ",
        _ => "write: ",
    };
    each_after_its_marker(GO_TRANSPORT, &report, marker, &[1, 7, 12]);
    assert_eq!(report.counts.unanswered, 0);
}

#[test]
fn a_go_http_middlewares_request_log_reads_each_body_and_no_false_finding() {
    let report = replayed_as(GO_HTTP, LogFormat::JSONL);
    assert_eq!(senders(&report), "ccccc");
    each_after_its_marker(GO_HTTP, &report, |_| "POST ", &[1, 4, 8]);
    // Only the requests are logged: unanswered, never a finding.
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
}

#[test]
fn the_java_sdks_test_log_reads_each_received_json_message_and_keeps_records_as_context() {
    let report = replayed_as(JAVA, LogFormat::JSONL);
    assert_eq!(senders(&report), "ccccc");
    let marker = |_| "DEBUG i.m.s.t.StdioServerTransportProvider - Received JSON message: ";
    // A record's `toString` (`ClientCapabilities[…]`) is no JSON: context.
    each_after_its_marker(JAVA, &report, marker, &[1, 3, 8, 9]);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
}

#[test]
fn mcptools_logs_read_each_indented_message_and_a_notification_without_its_zero_id() {
    let report = replayed_as(MCPTOOLS, named("mcptools"));
    assert_eq!(
        report.detected,
        "mcptools log (9 messages: Received request, Sending response)"
    );
    assert_eq!(senders(&report), "csccscscs");
    // Two true findings: the call of a tool the list does not have, and the mock's schema for a
    // tool without arguments (`{"type": "object", "properties": {}}`, what `mcp mock` lists for
    // every tool), open to any argument.
    assert_eq!(codes(&report), ["no-argument-tool-open", "unknown-tool"]);
    let at = |i: usize| report.diagnostics[i].span.expect("a span");
    assert_eq!(under(MCPTOOLS, &at(1)), "\"goodbye\"");
    assert_eq!(at(0).line, 47);
    let span = at(1);
    assert_eq!(span.line, 81);
    assert_eq!(report.counts.unanswered, 0);
    assert_eq!(report.counts.notifications, 1);
    let log = read_log(MCPTOOLS, None);
    // Each message starts at the `{` ending its label's line and spans the lines of its value.
    for entry in &log.entries {
        let line = MCPTOOLS
            .lines()
            .nth(entry.span.line - 1)
            .unwrap_or_default();
        assert!(line.ends_with(": {"), "{line}");
        assert!(entry.time_ms.is_some());
        let shown = under(MCPTOOLS, &entry.span);
        if entry.message.contains("notifications/") {
            // The `"id": 0` the server's struct added is not part of the message.
            assert_eq!(
                entry.message,
                "{\n  \"method\": \"notifications/initialized\",\n  \"jsonrpc\": \"2.0\"\n}"
            );
            assert!(shown.ends_with("\"id\": 0\n}"));
        } else {
            assert_eq!(shown, entry.message);
        }
    }
    // Its other lines are context rows.
    let context: Vec<_> = log.context.iter().map(|c| c.text()).collect();
    assert_eq!(
        context,
        [
            "Mock server started, waiting for requests...",
            "Received initialization notification",
            "Error handling request: tool not found: goodbye",
            "Client disconnected (EOF)",
        ]
    );
    // A log cut inside a message: what came before read, the cut message not JSON at the cut.
    let cut = MCPTOOLS
        .get(
            ..MCPTOOLS
                .find("\"arguments\": {},\n    \"name\": \"goodbye\"")
                .unwrap_or(0),
        )
        .unwrap_or_default();
    let cut = replayed_as(cut, named("mcptools"));
    assert_eq!(cut.counts.messages, 7);
    let broken: Vec<_> = cut
        .diagnostics
        .iter()
        .filter(|d| d.code == "log-not-json")
        .collect();
    assert_eq!(broken.len(), 1, "{:#?}", cut.diagnostics);
    assert!(broken[0].span.is_some_and(|s| s.line >= 75));
}

#[test]
fn an_mcptools_log_is_not_taken_for_another_and_others_are_not_taken_for_it() {
    assert_eq!(detect_format(MCPTOOLS), named("mcptools"));
    // Its prefix on a line of JSON Lines, without a message line: not mcptools'.
    let other =
        "[2026-12-06T10:40:12+01:00] started\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n";
    assert_eq!(detect_format(other), LogFormat::JSONL);
}

#[test]
fn mcpsnoops_session_log_reads_each_frames_raw_message_from_its_side() {
    let (report, span) = one_unknown_tool(
        SNOOP_LOG,
        "mcpsnoop",
        "mcpsnoop session log (11 frames)",
        "csccscscs",
        "\"get_alerts\"",
    );
    assert_eq!(span.line, 10);
    // Each message is its frame's `raw`, as it is; the command and the stderr line are context.
    for entry in &read_log(SNOOP_LOG, None).entries {
        let line = SNOOP_LOG
            .lines()
            .nth(entry.span.line - 1)
            .unwrap_or_default();
        let raw = line
            .find("\"raw\":")
            .and_then(|at| line.get(at + 6..line.len() - 1));
        assert_eq!(raw, Some(entry.message.as_str()));
        assert!(entry.time_ms.is_some());
    }
    let rows = context(&report);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[0].starts_with("[meta] {\"session_id\""));
    assert_eq!(rows[1], "[stderr] INFO:weather:serving on stdio");
    // A line cut short: not JSON at the cut, the frames before it read.
    let cut = SNOOP_LOG.get(..SNOOP_LOG.len() - 40).unwrap_or_default();
    let cut = replayed_as(cut, named("mcpsnoop"));
    assert_eq!(cut.counts.messages, 8);
    assert_eq!(codes(&cut), ["log-not-json", "unknown-tool"]);
}

#[test]
fn mcpsnoops_json_export_reads_its_events_as_the_session_log_does() {
    let (report, _) = one_unknown_tool(
        SNOOP_JSON,
        "mcpsnoop",
        "mcpsnoop export (10 frames)",
        "csccscscs",
        "\"get_alerts\"",
    );
    // The same messages as the session log's (indented), at the same times.
    let exported = read_log(SNOOP_JSON, None).entries;
    let logged = read_log(SNOOP_LOG, None).entries;
    assert_eq!(exported.len(), logged.len());
    for (a, b) in exported.iter().zip(&logged) {
        let value = |m: &str| serde_json::from_str::<serde_json::Value>(m).ok();
        assert_eq!(value(&a.message), value(&b.message));
        assert_eq!((a.direction, a.time_ms), (b.direction, b.time_ms));
        assert_eq!(under(SNOOP_JSON, &a.span), a.message);
    }
    assert_eq!(context(&report), ["[stderr] INFO:weather:serving on stdio"]);
}

#[test]
fn mcpsnoops_har_export_is_recognised_and_said_to_hold_no_message() {
    // Its requests' bodies are the calls' params alone: read as a HAR they are no messages.
    let report = replayed_as(SNOOP_HAR, named("mcpsnoop"));
    assert_eq!(codes(&report), ["log-empty"]);
    assert!(report.diagnostics[0].message.contains("params and result"));
    assert_eq!(report.counts.messages, 0);
    // Each call a context row at its entry.
    let calls = context(&report);
    assert_eq!(calls.len(), 4, "{calls:?}");
    assert_eq!(
        calls[3],
        "[call] mcp://weather.py/tools/call/get_alerts 500 Error"
    );
    assert_eq!(
        report.detected,
        "mcpsnoop HAR export (a call's params and result)"
    );
    // Another tool's HAR stays a HAR.
    let other = SNOOP_HAR.replace("\"name\": \"mcpsnoop\"", "\"name\": \"Firefox\"");
    assert_eq!(detect_format(&other), named("har"));
}
