//! Reading a log once: the format detected, each message taken out by its reader (into
//! [`Found`]), parsed once.

use super::found::Found;
use super::map::SourceMap;
use super::model::{Log, LogEntry, LogFormat, MAX_LOG_BYTES};
use super::{cassette, har, lines, mcp_debugger, unreadable, vscode};

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex};
use crate::host::transcript::{read_transcript, Transcript};

/// The format of `text`: a HAR (an object whose first member is `log`), an mcp-debugger export,
/// an mcp-recorder cassette, VS Code's output (a message line of either form), a transcript (it
/// reads as one), else JSON Lines.
pub fn detect_format(text: &str) -> LogFormat {
    match shape_of(text) {
        LogFormat::Transcript if text.len() > MAX_LOG_BYTES || read_transcript(text).is_err() => {
            LogFormat::Jsonl
        }
        format => format,
    }
}

/// [`detect_format`] without reading a transcript through: a text that starts like JSON and is
/// no other format is taken for a transcript (its reader falls back to JSON Lines).
pub(super) fn shape_of(text: &str) -> LogFormat {
    if har::looks_like(text) {
        LogFormat::Har
    } else if mcp_debugger::looks_like(text) {
        LogFormat::McpDebugger
    } else if cassette::looks_like(text) {
        LogFormat::McpRecorder
    } else if vscode::looks_like(text) {
        LogFormat::Vscode
    } else if text.trim_start().starts_with(['[', '{']) {
        LogFormat::Transcript
    } else {
        LogFormat::Jsonl
    }
}

/// What each format is called in [`Log::detected`] when its reader says no more.
pub(super) fn format_words(format: LogFormat) -> &'static str {
    match format {
        LogFormat::Transcript => "transcript (a JSON array of entries, or JSON Lines)",
        LogFormat::Vscode => "VS Code output log",
        LogFormat::Har => "HTTP Archive (HAR 1.2)",
        LogFormat::Jsonl => "JSON Lines among other lines",
        LogFormat::McpDebugger => "mcp-debugger export",
        LogFormat::McpRecorder => "mcp-recorder cassette",
    }
}

/// Reads the messages of `text` in `format` (detected when `None`).
pub fn read_log(text: &str, format: Option<LogFormat>) -> Log {
    let index = LineIndex::new(text);
    let mut found = Found::new(text, &index, None);
    let format = read_as(
        &mut found,
        format.unwrap_or_else(|| shape_of(text)),
        format.is_some(),
    );
    let found = found.done();
    Log {
        format,
        detected: found
            .detected
            .unwrap_or_else(|| format_words(format).to_owned()),
        entries: found.entries,
        context: found.context,
        diagnostics: found.diagnostics,
    }
}

/// Reads the found text as `format` (a text past [`MAX_LOG_BYTES`]: one `log-too-large`); returns
/// the format read: a transcript that does not read as one is read as JSON Lines among other
/// lines unless `forced` or one JSON array.
pub(super) fn read_as(found: &mut Found<'_>, format: LogFormat, forced: bool) -> LogFormat {
    let fallback = !forced && !found.text.trim_start().starts_with('[');
    if found.text.len() > MAX_LOG_BYTES {
        found.diagnostics.push(
            Diagnostic::error(
                "log-too-large",
                format!(
                    "the log is {} bytes; at most {MAX_LOG_BYTES} are read",
                    found.text.len()
                ),
            )
            .with_span(Some(
                found
                    .index
                    .span(ByteRange::new(MAX_LOG_BYTES, MAX_LOG_BYTES)),
            )),
        );
        return match format {
            LogFormat::Transcript if !forced => LogFormat::Jsonl,
            other => other,
        };
    }
    let mut read = format;
    match format {
        LogFormat::Har => har::read(found),
        LogFormat::Vscode => vscode::read(found),
        LogFormat::Transcript => match read_transcript(found.text) {
            Ok(transcript) => transcript_entries(found, &transcript),
            Err(_) if fallback => {
                lines::read(found);
                read = LogFormat::Jsonl;
            }
            Err(error) => found.diagnostics.push(error.diagnostic()),
        },
        LogFormat::Jsonl => lines::read(found),
        LogFormat::McpDebugger => mcp_debugger::read(found),
        LogFormat::McpRecorder => cassette::read(found),
    }
    if found.entries.is_empty() && found.placed.is_empty() {
        if let Some(guess) = unreadable::guess(found.text) {
            found.diagnostics.push(guess);
        }
    }
    read
}

/// The entries of a transcript read as a log ([`read_log`]; [`replay_log`] replays a
/// transcript as it is): its messages, verbatim.
fn transcript_entries(found: &mut Found<'_>, transcript: &Transcript<'_>) {
    for entry in &transcript.entries {
        let Some(node) = transcript.doc.pointer(&entry.pointer) else {
            continue;
        };
        let range = node.range;
        let message = found.text.get(range.start..range.end).unwrap_or_default();
        found.entries.push(LogEntry {
            direction: entry.direction,
            time_ms: entry.time,
            message: message.to_owned(),
            http: None,
            span: found.index.span(range),
            map: SourceMap::verbatim(range.start, range.end - range.start),
        });
    }
}
