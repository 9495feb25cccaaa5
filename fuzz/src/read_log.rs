//! Reads arbitrary text as a pasted log (`host::logs`): the format detected, or forced to one drawn
//! from the input; replays it and redacts it. Must never panic or hang; every finding's span
//! (children and schema spans included), every entry's span and every redaction lies in the text;
//! every message of an entry is JSON; the replay's sequence rows lie in the text in order and an
//! answer names an earlier row; the redacted text holds none of the redacted bytes' places
//! past its end. A message taken verbatim is the text under its span; a log read as a transcript
//! gives the entries its tree gives ([`from_tree`]: the reader reads it without building one).

use super::{check_diagnostics, check_span, Dice};
use mcp_json_toolbox::host::logs::{read_log, redact, replay_log, Log, LogFormat, LOG_FORMATS};
use mcp_json_toolbox::host::Direction;
use mcp_json_toolbox::json::{parse, Node, NodeKind, ReadOptions};
use mcp_json_toolbox::{LineIndex, Span};

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut dice = Dice::from_bytes(data);
    // Detected (`None`), or forced to one of every format.
    let drawn = dice.below(LOG_FORMATS.len() as u64 + 1) as usize;
    let format = drawn.checked_sub(1).map(|i| LOG_FORMATS[i]);
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
        if entry.map.is_verbatim() {
            assert_eq!(
                text.get(entry.span.bytes.start..entry.span.bytes.end),
                Some(entry.message.as_str()),
                "a verbatim message that is not the text under its span"
            );
        }
    }
    if log.format == LogFormat::TRANSCRIPT {
        check_transcript(text, &index, &log);
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
            span.bytes.start >= last || report.format == LogFormat::from_name("har"),
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

/// An entry as the tree of a transcript gives it: its message, span and direction, and whether
/// its envelope says a `timestamp` (a time is read only from one).
type TreeEntry = (String, Span, Option<Direction>, bool);

/// A log read as a transcript: the entries [`from_tree`] gives, or none and an error where it
/// gives none.
fn check_transcript(text: &str, index: &LineIndex, log: &Log) {
    let Some(tree) = from_tree(text, index) else {
        return assert!(
            log.entries.is_empty() && log.diagnostics.iter().any(|d| d.is_error()),
            "a transcript that does not parse read without an error"
        );
    };
    assert_eq!(
        log.entries.len(),
        tree.len(),
        "entries other than the tree's"
    );
    for (entry, (message, span, direction, stamped)) in log.entries.iter().zip(tree) {
        assert_eq!(
            (&entry.message, entry.span, entry.direction),
            (&message, span, direction),
            "an entry other than the tree's"
        );
        assert!(
            stamped || entry.time_ms.is_none(),
            "a time without a timestamp"
        );
    }
}

/// The entries of `text` from trees, as the session's transcript reader takes them: the text as
/// one value (an array: its elements), else each line that is not blank (`None` when one does not
/// parse, or the text is an array that does not); of each, an envelope's last `message` object,
/// else its last `toModel` object (with its direction and time), else the whole value.
fn from_tree(text: &str, index: &LineIndex) -> Option<Vec<TreeEntry>> {
    let values: Vec<(Node, usize)> = match parse(text, ReadOptions::default()) {
        Ok(doc) => match doc.root.kind {
            NodeKind::Array(items) => items.into_iter().map(|n| (n, 0)).collect(),
            _ => vec![(doc.root, 0)],
        },
        Err(_) if text.trim_start().starts_with('[') => return None,
        Err(_) => {
            let mut values = Vec::new();
            let mut start = 0;
            for line in text.split_inclusive('\n') {
                if !line.trim().is_empty() {
                    values.push((parse(line, ReadOptions::default()).ok()?.root, start));
                }
                start += line.len();
            }
            values
        }
    };
    let entry = |(value, base): (Node, usize)| {
        let object = |key| value.value_of(key).filter(|m| m.members().is_some());
        let (node, envelope) = match object("message").or_else(|| object("toModel")) {
            Some(message) => (message, true),
            None => (&value, false),
        };
        let range =
            mcp_json_toolbox::ByteRange::new(base + node.range.start, base + node.range.end);
        let said = |key| {
            envelope
                .then(|| value.value_of(key).and_then(Node::as_str))
                .flatten()
        };
        let direction = match said("direction") {
            Some("client") => Some(Direction::Client),
            Some("server") => Some(Direction::Server),
            _ => None,
        };
        let message = text
            .get(range.start..range.end)
            .unwrap_or_default()
            .to_owned();
        (
            message,
            index.span(range),
            direction,
            said("timestamp").is_some(),
        )
    };
    Some(values.into_iter().map(entry).collect())
}
