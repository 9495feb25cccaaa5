//! Reads arbitrary text as a pasted log (`host::logs`): the format detected, or forced to one drawn
//! from the input; replays it and redacts it. Must never panic or hang; every finding's span
//! (children and schema spans included), every entry's span and every redaction lies in the text;
//! every message of an entry is JSON; the replay's sequence rows lie in the text in order and an
//! answer names an earlier row; the redacted text holds none of the redacted bytes' places
//! past its end.

use super::{check_diagnostics, check_span, Dice};
use mcp_json_toolbox::host::logs::{read_log, redact, replay_log, LogFormat};
use mcp_json_toolbox::json::{parse, ReadOptions};
use mcp_json_toolbox::LineIndex;

/// The formats a forced read draws from (`None`: detected).
const FORMATS: [Option<LogFormat>; 7] = [
    None,
    Some(LogFormat::Transcript),
    Some(LogFormat::Vscode),
    Some(LogFormat::Har),
    Some(LogFormat::Jsonl),
    Some(LogFormat::McpDebugger),
    Some(LogFormat::McpRecorder),
];

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut dice = Dice::from_bytes(data);
    let format = FORMATS[dice.below(FORMATS.len() as u64) as usize];
    let index = LineIndex::new(text);
    let log = read_log(text, format);
    check_diagnostics(text, Some(text), &log.diagnostics);
    for entry in &log.entries {
        check_span(text, &index, &entry.span);
        assert!(
            parse(&entry.message, ReadOptions::default()).is_ok(),
            "an entry that is not JSON: {:?}",
            entry.message
        );
    }
    for line in &log.context {
        check_span(text, &index, &line.span);
    }
    let report = replay_log(text, format);
    assert_eq!(report.format, Some(log.format));
    check_diagnostics(text, Some(text), &report.diagnostics);
    // The sequence: every row in the text, in order; an answer names an earlier row.
    let mut last = 0;
    for (row, entry) in report.sequence.iter().enumerate() {
        let span = entry.span.as_ref().expect("every row has a span");
        check_span(text, &index, span);
        assert!(
            span.bytes.start >= last || report.format == Some(LogFormat::Har),
            "rows out of order"
        );
        last = span.bytes.start;
        assert!(
            entry.step.answers.is_none_or(|a| a < row),
            "an answer names a later row"
        );
    }
    assert_eq!(
        report.counts,
        mcp_json_toolbox::host::session::Counts::of(&report.sequence)
    );
    for task in report.tasks.values() {
        for step in &task.history {
            if let Some(span) = &step.span {
                check_span(text, &index, span);
            }
        }
    }
    let redacted = redact(text);
    for span in &redacted.spans {
        check_span(text, &index, span);
    }
    assert!(redacted
        .spans
        .windows(2)
        .all(|w| w[0].bytes.end <= w[1].bytes.start));
}
