//! Zed's log, Claude Code's MCP logs and the MCP Inspector's exported history on the fixtures of
//! tests/fixtures/logs/ (see its README: each written in the form its writer's code and public
//! excerpts show).

use super::host_log_tests::{codes, entries_verbatim, one_unknown_tool, replayed_as, senders};
use super::tests::named;
use super::*;
use crate::host::session::StepKind;
use crate::protocol::Version;

const ZED: &str = include_str!("../../../tests/fixtures/logs/zed.log");
const CLAUDE_CODE_DEBUG: &str = include_str!("../../../tests/fixtures/logs/claude-code-debug.log");
const INSPECTOR: &str = include_str!("../../../tests/fixtures/logs/inspector-history.json");
const CLAUDE_CODE_FILE: &str =
    include_str!("../../../tests/fixtures/logs/claude-code-mcp-logs.json");

/// The details of a report's context rows.
pub(super) fn context(report: &LogReport) -> Vec<&str> {
    report
        .sequence
        .iter()
        .filter(|row| row.step.kind == StepKind::Context)
        .map(|row| row.step.detail.as_str())
        .collect()
}

#[test]
fn zed_reads_its_mcp_clients_trace_lines_with_their_senders_and_no_lsp_message() {
    // `outgoing message:` is the client's, `recv:` the server's; the language server's
    // `[lsp] outgoing message: {"jsonrpc"…}` is context, never a message of the session.
    let (report, span) = one_unknown_tool(
        ZED,
        "zed",
        "Zed log (9 message lines of its MCP client, trace level)",
        "csccscscs",
        "\"get_alerts\"",
    );
    assert_eq!(span.line, 20);
    entries_verbatim(ZED);
    let rows = context(&report);
    assert!(
        rows.iter().any(|r| r.contains("[lsp] outgoing message")),
        "{rows:#?}"
    );
    // A multi-line record (the LSP notification's JSON) is one context row.
    assert!(rows
        .iter()
        .any(|r| r.contains("window/logMessage:") && r.ends_with('}')));
    assert_eq!(report.protocol.checked, Some(Version::V2025_11_25));
}

#[test]
fn zed_without_trace_lines_is_said_to_hold_no_message_and_a_second_session_is_context() {
    let info: String = ZED
        .lines()
        .filter(|l| !l.contains(" TRACE "))
        .map(|l| format!("{l}\n"))
        .collect();
    let report = replayed_as(&info, named("zed"));
    assert_eq!(codes(&report), ["log-empty"]);
    assert!(report.diagnostics[0].message.contains("trace level"));
    // Two servers (or a restart): the lines do not say which, the second session is context.
    let lsp = ZED
        .find("\n2026-09-21T10:02:13+02:00 TRACE [lsp]")
        .expect("the lsp line");
    let (head, _) = ZED.split_at(lsp + 1);
    let twice = format!(
        "{head}{}",
        head.lines()
            .skip(3)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    let report = replayed_as(&twice, named("zed"));
    assert_eq!(senders(&report), "csccs");
    assert!(
        report
            .detected
            .contains("5 message lines after a second `initialize`"),
        "{}",
        report.detected
    );
    assert!(codes(&report).is_empty(), "{:#?}", report.diagnostics);
}

#[test]
fn a_line_of_zeds_prefix_is_needed_first_and_vs_code_claude_desktop_are_not_zed() {
    // Zed's lines pasted after a line of something else: not taken for Zed's log (JSON Lines
    // reads the JSON tails, as before).
    let pasted = format!("$ tail Zed.log\n{ZED}");
    assert_eq!(detect_format(&pasted), LogFormat::JSONL);
    let vscode = "2025-07-14 09:12:03.101 [info] [context_server] Connection state: Running\n";
    assert_eq!(detect_format(vscode), LogFormat::JSONL);
}

#[test]
fn claude_codes_debug_lines_are_context_and_the_log_is_said_to_hold_no_message() {
    let report = replayed_as(CLAUDE_CODE_DEBUG, named("claude-code"));
    assert_eq!(
        report.detected,
        "Claude Code MCP debug log (9 MCP lines, no message bodies)"
    );
    assert_eq!(codes(&report), ["log-empty"]);
    assert!(report.diagnostics[0]
        .message
        .contains("holds no JSON-RPC message"));
    assert_eq!(report.counts.messages, 0);
    let rows = context(&report);
    assert_eq!(rows.len(), 10, "{rows:#?}");
    // A stack continues its line.
    assert!(rows
        .iter()
        .any(|r| r.contains("Unknown tool: get_alerts\n    at handleResponse")));
    // The same lines without their times (2025's `--debug` output).
    let bare: String = CLAUDE_CODE_DEBUG
        .lines()
        .map(|l| format!("{}\n", l.split_once("Z ").map_or(l, |(_, rest)| rest)))
        .collect();
    assert_eq!(
        replayed_as(&bare, named("claude-code")).detected,
        report.detected
    );
}

#[test]
fn claude_codes_mcp_logs_file_is_no_transcript_its_errors_no_error_responses() {
    // It is a JSON array of entries: it was read as a transcript, its `error` entry taken for a
    // server's error response and its `debug` entries for `not-a-message`.
    let report = replayed_as(CLAUDE_CODE_FILE, named("claude-code"));
    assert_eq!(
        report.detected,
        "Claude Code MCP mcp-logs file (5 entries, no message bodies)"
    );
    assert_eq!(codes(&report), ["log-empty"]);
    assert_eq!((report.counts.messages, report.counts.errors), (0, 0));
    let rows = context(&report);
    assert_eq!(rows.len(), 5);
    assert!(
        rows[3].starts_with("[error] \"Error: MCP error -32602"),
        "{rows:#?}"
    );
}

#[test]
fn a_claude_code_log_holding_a_json_rpc_message_is_left_to_json_lines() {
    // A server's stderr logging its messages: read by the JSON Lines reader, as before.
    let text = format!(
        "{CLAUDE_CODE_DEBUG}2026-01-14T08:41:40.000Z [ERROR] MCP server \"weather\" Server stderr: \
         {{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{{}}}}\n"
    );
    assert_eq!(detect_format(&text), LogFormat::JSONL);
    assert_eq!(replay_log(&text, None).counts.messages, 1);
    // A transcript that is a JSON array of entries stays one.
    let transcript = "[{\"direction\":\"client\",\"message\":{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}}]";
    assert_eq!(detect_format(transcript), LogFormat::TRANSCRIPT);
}

#[test]
fn the_sniffs_look_at_the_texts_start_only() {
    // A Claude Code debug log whose first MCP line comes after the 64 KiB looked at: not taken
    // (so a large log of another format is not scanned line by line for one).
    let filler = "2026-01-14T08:41:02.118Z [DEBUG] Hooks: Found 0 total hooks in registry\n";
    let late = format!(
        "{}{CLAUDE_CODE_DEBUG}",
        filler.repeat(64 * 1024 / filler.len() + 1)
    );
    assert_eq!(detect_format(&late), LogFormat::JSONL);
    let early = format!("{}{CLAUDE_CODE_DEBUG}", filler.repeat(10));
    assert_eq!(detect_format(&early), named("claude-code"));
    // Zed's prefix must be on the first line within the first 4 KiB.
    let blank = format!("{}{ZED}", "\n".repeat(4096));
    assert_eq!(detect_format(&blank), LogFormat::JSONL);
}

#[test]
fn the_inspectors_export_reads_each_message_and_its_folded_answer_in_time_order() {
    // Folded answers from the other side, at `timestamp + duration`: the server's progress
    // notification (sent during the call) comes before the call's answer, as on the wire.
    let (report, _) = one_unknown_tool(
        INSPECTOR,
        "inspector",
        "MCP Inspector history export (6 entries)",
        "csccscsscs",
        "\"get_alerts\"",
    );
    assert_eq!(report.counts.messages, 10);
    assert_eq!(report.protocol.checked, Some(Version::V2025_11_25));
    // Each message is the export's text under its span; the progress (an entry after the call's)
    // is read before the answer folded into the call's entry.
    let entries = read_log(INSPECTOR, None).entries;
    assert!(entries[6].message.contains("notifications/progress"));
    assert!(entries[7].message.contains("light rain"));
    for entry in &entries {
        assert_eq!(super::tests::under(INSPECTOR, &entry.span), entry.message);
    }
    // This project's transcripts (envelopes with `direction: client|server`) stay transcripts.
    let transcript = "[\n  {\n    \"direction\": \"client\",\n    \"message\": {\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}\n  }\n]";
    assert_eq!(detect_format(transcript), LogFormat::TRANSCRIPT);
}
