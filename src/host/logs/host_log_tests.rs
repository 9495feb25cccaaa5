//! Claude Desktop's MCP logs and the Python SDK's debug lines on the fixtures of
//! tests/fixtures/logs/ (see its README: each Claude Desktop fixture in a form public threads
//! show, the Python SDK's and supergateway's recorded here by their own code).

use super::tests::{messages, named, under};
use super::*;
use crate::diagnostic::Span;
use crate::host::session::{Direction, StepKind};
use crate::protocol::Version;

const CLAUDE_2025: &str = include_str!("../../../tests/fixtures/logs/claude-desktop-2025.log");
const CLAUDE_METADATA: &str =
    include_str!("../../../tests/fixtures/logs/claude-desktop-2025-metadata.log");
const CLAUDE_BRIDGE: &str =
    include_str!("../../../tests/fixtures/logs/claude-desktop-supergateway.log");
const CLAUDE_MCP_LOG: &str = include_str!("../../../tests/fixtures/logs/claude-desktop-mcp.log");
const PYTHON: &str = include_str!("../../../tests/fixtures/logs/python-sdk-debug.log");
const CURSOR: &str = include_str!("../../../tests/fixtures/logs/cursor-mcp.log");
const SUPERGATEWAY: &str = include_str!("../../../tests/fixtures/logs/supergateway-debug.log");

/// The codes of a report's findings, infos left out.
pub(super) fn codes(report: &LogReport) -> Vec<&str> {
    report
        .diagnostics
        .iter()
        .filter(|d| d.severity != crate::diagnostic::Severity::Info)
        .map(|d| d.code.as_str())
        .collect()
}

/// The span of a report's only finding, checked to have `code` (infos left out).
pub(super) fn only_finding(report: &LogReport, code: &str) -> Span {
    assert_eq!(codes(report), [code], "{:#?}", report.diagnostics);
    report.diagnostics[0].span.expect("a span")
}

/// Each message read from `text` is the JSON under its span, with its time.
pub(super) fn entries_verbatim(text: &str) -> Vec<LogEntry> {
    let log = read_log(text, None);
    for entry in &log.entries {
        assert_eq!(under(text, &entry.span), entry.message);
        assert!(entry.time_ms.is_some());
    }
    log.entries
}

/// `text` detected, read and replayed as `format`: one name everywhere.
pub(super) fn replayed_as(text: &str, format: LogFormat) -> LogReport {
    assert_eq!(detect_format(text), format);
    assert_eq!(read_log(text, None).format, format);
    let report = replay_log(text, None);
    assert_eq!(report.format, Some(format));
    report
}

/// The senders of the message rows, `c` or `s`.
pub(super) fn senders(report: &LogReport) -> String {
    messages(report)
        .iter()
        .map(|row| match row.step.from {
            Some(Direction::Client) => 'c',
            Some(Direction::Server) => 's',
            None => '?',
        })
        .collect()
}

/// `text` replayed as `format`, said to be `detected`, its messages from `senders` (`c`, `s`), its
/// one finding an `unknown-tool` at `needle` (returned: the report and the finding's span).
pub(super) fn one_unknown_tool(
    text: &str,
    format: &str,
    detected: &str,
    from: &str,
    needle: &str,
) -> (LogReport, Span) {
    let report = replayed_as(text, named(format));
    assert_eq!(report.detected, detected);
    assert_eq!(senders(&report), from);
    let span = only_finding(&report, "unknown-tool");
    assert_eq!(under(text, &span), needle);
    (report, span)
}

#[test]
fn claude_desktop_2025_reads_each_message_at_its_place_with_stderr_as_context() {
    // It starts with a `[`: it was taken for a transcript (a false `error[syntax]`). The one true
    // finding: a call of a tool the list does not have, on its line.
    let (report, span) = one_unknown_tool(
        CLAUDE_2025,
        "claude-desktop",
        "Claude Desktop MCP log, 2025 form (Message from client/server), server `weather`",
        "csccscscs",
        "\"get_alerts\"",
    );
    assert_eq!((span.line, span.column), (12, 104));
    // Each message's span is its JSON on its line; stderr (and its stack) is context.
    entries_verbatim(CLAUDE_2025);
    let context: Vec<_> = report
        .sequence
        .iter()
        .filter(|row| row.step.kind == StepKind::Context)
        .collect();
    assert_eq!(context.len(), 5, "{context:#?}");
    assert!(context[4].step.detail.contains("task_queues"));
    assert_eq!(report.protocol.checked, Some(Version::V2024_11_05));
}

#[test]
fn claude_desktop_mid_2025_reads_messages_before_their_metadata() {
    let report = replayed_as(CLAUDE_METADATA, named("claude-desktop"));
    assert!(
        report.detected.contains("mid-2025 form"),
        "{}",
        report.detected
    );
    assert_eq!(senders(&report), "csccscscs");
    let span = only_finding(&report, "unknown-tool");
    assert_eq!(under(CLAUDE_METADATA, &span), "\"list_directory\"");
    for entry in &entries_verbatim(CLAUDE_METADATA) {
        assert!(entry.message.ends_with('}') && !entry.message.contains("metadata"));
    }
    // The metadata object over five lines is one context row.
    assert!(report.sequence.iter().any(|row| row
        .step
        .detail
        .starts_with("[info] Using MCP server command")
        && row.step.detail.ends_with("} %o")));
    assert_eq!(report.protocol.checked, Some(Version::V2025_06_18));
}

#[test]
fn a_bridges_object_dumps_beside_claude_desktops_lines_are_context_never_findings() {
    let report = replayed_as(CLAUDE_BRIDGE, named("claude-desktop"));
    assert_eq!(senders(&report), "csccsc");
    // The one true finding: `active` is a boolean in the listed schema.
    let found = codes(&report);
    assert_eq!(found.len(), 1, "{:#?}", report.diagnostics);
    let span = report.diagnostics[0].span.expect("a span");
    assert_eq!(under(CLAUDE_BRIDGE, &span), "\"yes\"");
    assert!(report
        .sequence
        .iter()
        .any(|row| row.step.kind == StepKind::Context
            && row.step.detail.starts_with("[supergateway] Response: {")));
}

#[test]
fn mcp_log_reads_the_first_servers_messages_and_keeps_the_others_as_context() {
    let report = replayed_as(CLAUDE_MCP_LOG, named("claude-desktop"));
    assert_eq!(
        report.detected,
        "Claude Desktop MCP log, 2025 form (Message from client/server), server `browsermcp`; \
         4 message lines of other servers kept as context"
    );
    assert_eq!(senders(&report), "csccs");
    assert_eq!(
        codes(&report),
        Vec::<&str>::new(),
        "{:#?}",
        report.diagnostics
    );
}

#[test]
fn message_lines_without_bodies_are_said_to_hold_none() {
    let text = "2026-02-01T10:00:00.000Z [files] [info] Message from client: initialize (id: 0)\n\
                2026-02-01T10:00:00.120Z [files] [info] Message from server: initialize (id: 0)\n";
    let report = replayed_as(text, named("claude-desktop"));
    assert!(
        report.detected.contains("without bodies"),
        "{}",
        report.detected
    );
    assert_eq!(codes(&report), ["log-empty"]);
    assert!(report.diagnostics[0]
        .message
        .contains("2 messages without their JSON"));
    assert_eq!(report.sequence.len(), 2);
}

#[test]
fn a_message_cut_short_is_not_json_at_its_place() {
    let text = "2025-04-07T11:38:02.708Z [pw] [info] Message from client: {\"method\":\"resources/list\",\"params\":{} { metadata: undefined }\n";
    let report = replayed_as(text, named("claude-desktop"));
    assert_eq!(codes(&report), ["log-not-json", "log-empty"]);
    assert_eq!(report.diagnostics[0].span.map(|s| s.line), Some(1));
}

#[test]
fn python_sdk_debug_lines_are_decoded_and_mapped_back_to_the_log() {
    let report = replayed_as(PYTHON, named("python-sdk"));
    assert!(
        report.detected.contains("logging's form"),
        "{}",
        report.detected
    );
    // Each message once (logging's lines; rich's are context), the server's from its SSE chunks.
    assert_eq!(senders(&report), "csccscscscs");
    // Each on its own logging line, from the right side, its span starting at the message.
    let lines: Vec<&str> = PYTHON.lines().collect();
    for row in messages(&report) {
        let span = row.span.expect("a span");
        let line = lines[span.line - 1];
        let marker = match row.step.from {
            Some(Direction::Client) => " - DEBUG - Received JSON: b'",
            _ => " - DEBUG - chunk: b'event: message\\r\\ndata: ",
        };
        assert!(line.contains(marker), "{line}");
        assert!(under(PYTHON, &span).starts_with("{\"jsonrpc\""), "{line}");
        assert_eq!(span.column, line.find(marker).unwrap() + marker.len() + 1);
    }
    // The wrong argument of `add` and the unknown `subtract`, at their places in the bytes repr.
    let found = codes(&report);
    assert_eq!(found.len(), 2, "{:#?}", report.diagnostics);
    assert!(found.contains(&"unknown-tool"));
    let at = |code: &str| {
        report
            .diagnostics
            .iter()
            .find(|d| d.code == code)
            .and_then(|d| d.span)
            .expect("a span")
    };
    assert_eq!(under(PYTHON, &at("unknown-tool")), "\"subtract\"");
    let wrong = report.diagnostics.iter().find(|d| d.code != "unknown-tool");
    let wrong = wrong.and_then(|d| d.span).expect("a span");
    assert_eq!(under(PYTHON, &wrong), "\"three\"");
    // Past the escapes of `Zürich —` the decoded message maps back to the same characters.
    let log = read_log(PYTHON, None);
    let last = log
        .entries
        .iter()
        .rfind(|e| e.direction == Some(Direction::Client));
    let last = last.expect("a client message");
    assert!(last.message.contains("Zürich — ok"));
    let ok = last.message.find(" ok\"").expect("decoded");
    let from = last.map.offset(ok);
    assert_eq!(PYTHON.get(from..from + 4), Some(" ok\""));
    let z = last.message.find("Zürich").expect("decoded");
    assert_eq!(
        PYTHON.get(last.map.offset(z)..).and_then(|t| t.get(..5)),
        Some("Z\\xc3")
    );
    assert_eq!(report.protocol.checked, Some(Version::V2025_11_25));
}

#[test]
fn supergateways_debug_log_reads_the_clients_json_lines_and_keeps_its_object_dumps_as_context() {
    let report = replayed_as(SUPERGATEWAY, LogFormat::JSONL);
    // Each `SSE → Child` line's JSON at its place, from the client; the server's messages are
    // JavaScript objects over several lines (util.inspect), not JSON: no message, no finding.
    let sent: Vec<(usize, &str)> = SUPERGATEWAY
        .lines()
        .enumerate()
        .filter(|(_, line)| line.contains("] SSE → Child (session "))
        .collect();
    assert_eq!(sent.len(), 6);
    assert_eq!(senders(&report), "cccccc");
    for (row, (at, line)) in messages(&report).iter().zip(&sent) {
        let span = row.span.expect("a span");
        assert_eq!(span.line, at + 1);
        let json = line.find("): {").and_then(|i| line.get(i + 3..));
        assert_eq!(Some(under(SUPERGATEWAY, &span).as_str()), json);
    }
    // Every other line is context, never a finding (not even a note): each dump one row.
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let dumps: Vec<_> = report
        .sequence
        .iter()
        .filter(|row| row.step.detail.starts_with("[supergateway] Child → SSE: {"))
        .collect();
    assert_eq!(dumps.len(), 5);
    for dump in dumps {
        let span = dump.span.expect("a span");
        assert!(span.end_line > span.line + 3 && dump.step.detail.ends_with('}'));
    }
    assert_eq!(report.protocol.checked, Some(Version::V2025_11_25));
}

#[test]
fn a_debug_line_quoted_inside_a_transcript_leaves_it_a_transcript() {
    let line = r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"12:00:00 - DEBUG - Received JSON: b'{\"jsonrpc\":\"2.0\"}'"}]}}"#;
    assert_eq!(detect_format(&format!("{line}\n")), LogFormat::TRANSCRIPT);
}

#[test]
fn a_text_starting_with_a_bracketed_prefix_is_read_as_lines_not_a_broken_transcript() {
    let text = "[supergateway] Starting...\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n";
    let report = replayed_as(text, LogFormat::JSONL);
    assert!(
        !codes(&report).contains(&"syntax"),
        "{:#?}",
        report.diagnostics
    );
    assert_eq!(report.counts.messages, 1);
    // A JSON array of entries cut short is still a transcript, its error at the cut.
    let cut = "[{\"jsonrpc\":\"2.0\",\"id\":1,";
    assert_eq!(replayed_as(cut, LogFormat::TRANSCRIPT).counts.messages, 0);
}

#[test]
fn the_format_names_are_one_list() {
    for format in LOG_FORMATS {
        let name = format.name();
        assert_eq!(LogFormat::from_name(name), Some(format));
        assert_eq!(format.name(), name);
        assert_eq!(
            serde_json::to_value(format).unwrap(),
            serde_json::json!(name)
        );
    }
}

#[test]
fn cursor_s_log_is_recognised_and_said_to_hold_no_message() {
    let report = replayed_as(CURSOR, named("cursor"));
    assert_eq!(codes(&report), ["log-empty"]);
    assert!(
        report.diagnostics[0]
            .message
            .contains("holds no JSON-RPC message"),
        "{:?}",
        report.diagnostics
    );
    assert!(
        report
            .detected
            .starts_with("Cursor MCP log (8 action lines"),
        "{}",
        report.detected
    );
    assert_eq!(report.counts.messages, 0);
    // Every line a context row, the stack under its error one row with it.
    let lines = CURSOR.lines().count();
    assert_eq!(report.sequence.len(), lines - 1);
    let context = read_log(CURSOR, None).context;
    assert_eq!(context.len(), lines - 1);
    let last = context.last().map(|c| c.text()).unwrap_or_default();
    assert!(
        last.starts_with("Error in MCP") && last.contains("at McpClient"),
        "{last}"
    );
    assert_eq!(context[0].level.as_deref(), Some("info"));
    assert_eq!(context[0].text(), "ather: Handling ReloadClient action");
}

#[test]
fn a_cursor_log_with_a_message_in_it_is_read_as_lines_and_vs_code_s_is_not_cursor_s() {
    // A JSON-RPC message anywhere: left to the JSON Lines reader, which reads it (as today).
    let text =
        format!(
        "{}2025-07-14 09:12:10.000 [info] got {{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{}}}}\n",
        CURSOR.lines().take(2).map(|l| format!("{l}\n")).collect::<String>()
    );
    assert_eq!(replayed_as(&text, LogFormat::JSONL).counts.messages, 1);
    // VS Code's own lines (`Connection state: …`) are not Cursor's.
    let vscode = "2025-07-14 09:12:03.101 [info] Connection state: Running\n";
    assert_eq!(detect_format(vscode), LogFormat::JSONL);
    assert_eq!(
        detect_format(&format!("{vscode}{}", CURSOR.lines().nth(9).unwrap_or(""))),
        named("cursor")
    );
}

/// Every format of the table has a fixture (tests/fixtures/logs, or a session transcript) that
/// `detect_format`, `read_log` and `replay_log` all name by it: a row added without its fixture,
/// or a reader that names the text differently from the detection, fails here (the CLI and the
/// page are held to the same fixtures by tests/node/log-formats.test.mjs).
#[test]
fn every_format_has_a_fixture_named_alike_everywhere() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let mut seen = Vec::new();
    for dir in ["logs", "sessions"] {
        let entries = std::fs::read_dir(format!("{root}/{dir}")).expect("the fixtures");
        for path in entries.flatten().map(|e| e.path()) {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !["log", "har", "json", "jsonl"].contains(&ext) {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a fixture");
            let format = detect_format(&text);
            assert_eq!(read_log(&text, None).format, format, "{path:?}");
            assert_eq!(replay_log(&text, None).format, Some(format), "{path:?}");
            seen.push(format);
        }
    }
    for format in LOG_FORMATS {
        assert!(
            seen.contains(&format),
            "no fixture is read as `{}`",
            format.name()
        );
    }
}
