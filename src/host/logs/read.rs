//! Reading a log once: the format detected, each message taken out by its reader (into
//! [`Found`]), parsed once.

use super::found::Found;
use super::model::{Log, LogFormat, MAX_LOG_BYTES};
use super::{
    cassette, claude_desktop, envelope, har, lines, mcp_debugger, python_sdk, unreadable, vscode,
};

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex};
use crate::host::transcript::read_transcript;
use crate::json::{JsonError, Reader, TokenKind};

/// The format of `text`: a HAR (an object whose first member is `log`), an mcp-debugger export,
/// an mcp-recorder cassette, VS Code's output (a message line of either form), Claude Desktop's
/// MCP log (a `Message from client/server` line), the Python SDK's debug lines (`Received JSON:
/// b'…'`), a transcript (it reads as one, or it is a JSON array of entries, read up to its
/// error), else JSON Lines: what [`read_log`] and [`replay_log`] read it as.
pub fn detect_format(text: &str) -> LogFormat {
    match shape_of(text) {
        LogFormat::Transcript
            if text.len() > MAX_LOG_BYTES
                || (!entry_array(text) && read_transcript(text).is_err()) =>
        {
            LogFormat::Jsonl
        }
        format => format,
    }
}

/// Whether `text` starts as a JSON array of entries (`[` then `{` or `]`): read as a transcript
/// even where it fails (its error at its place), where another text starting with `[` (a
/// bracketed log prefix, `[supergateway] …`) that is no transcript is read as lines.
pub(super) fn entry_array(text: &str) -> bool {
    text.trim_start().strip_prefix('[').is_some_and(|rest| {
        rest.trim_start().is_empty() || rest.trim_start().starts_with(['{', ']'])
    })
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
    } else if claude_desktop::looks_like(text) {
        LogFormat::ClaudeDesktop
    } else if python_sdk::looks_like(text) {
        LogFormat::PythonSdk
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
        LogFormat::ClaudeDesktop => "Claude Desktop MCP log",
        LogFormat::PythonSdk => "Python SDK debug log",
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
    let fallback = !forced && !entry_array(found.text);
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
        LogFormat::Transcript => match transcript_entries(found) {
            Ok(()) => {}
            Err(_) if fallback => {
                lines::read(found);
                read = LogFormat::Jsonl;
            }
            Err(error) => found.diagnostics.push(error.diagnostic()),
        },
        LogFormat::Jsonl => lines::read(found),
        LogFormat::McpDebugger => mcp_debugger::read(found),
        LogFormat::McpRecorder => cassette::read(found),
        LogFormat::ClaudeDesktop => claude_desktop::read(found),
        LogFormat::PythonSdk => python_sdk::read(found),
    }
    if found.entries.is_empty() && found.placed.is_empty() {
        if let Some(guess) = unreadable::guess(found.text) {
            found.diagnostics.push(guess);
        }
    }
    read
}

/// The entries of a transcript read as a log ([`read_log`]; [`replay_log`] replays a
/// transcript as it is): its messages, verbatim, as [`read_transcript`] finds them (the same
/// error where it fails, no entry then), each value read once without its tree.
fn transcript_entries(found: &mut Found<'_>) -> Result<(), JsonError> {
    let kept = found.entries.len();
    let read = match whole_entries(found) {
        Ok(true) => Ok(()),
        Err(error) if found.text.trim_start().starts_with('[') => Err(error),
        _ => {
            found.entries.truncate(kept);
            line_entries(found)
        }
    };
    if read.is_err() {
        found.entries.truncate(kept);
    }
    read
}

/// The entries of the text read as one JSON value (an array's elements, else the value): false
/// when more than white space follows the value (JSON Lines, unless the text is an array: then
/// the error there).
fn whole_entries(found: &mut Found<'_>) -> Result<bool, JsonError> {
    let text = found.text;
    let mut reader = Reader::new(text, envelope::options());
    let first = envelope::next(&mut reader)?;
    let end = if first.kind == TokenKind::StartArray {
        loop {
            let token = envelope::next(&mut reader)?;
            if token.kind == TokenKind::EndArray {
                break token.range.end;
            }
            let element = envelope::read_value(&mut reader, token)?;
            keep_entry(found, text, 0, &element);
        }
    } else {
        let value = envelope::read_value(&mut reader, first)?;
        keep_entry(found, text, 0, &value);
        value.range.end
    };
    // Looked at here rather than by the reader, whose error would index the whole text.
    let rest = text.as_bytes().get(end..).unwrap_or_default();
    if rest
        .iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
    {
        return Ok(true);
    }
    if text.trim_start().starts_with('[') {
        reader.next_token()?;
    }
    Ok(false)
}

/// The entries of JSON Lines: each line that is not blank one value (an error at the first that
/// is none).
fn line_entries(found: &mut Found<'_>) -> Result<(), JsonError> {
    let mut base = 0;
    for line in found.text.split_inclusive('\n') {
        let start = base;
        base += line.len();
        if line.trim().is_empty() {
            continue;
        }
        let value = envelope::read_one(line).map_err(|e| {
            JsonError::with_index(found.index, start + e.byte_offset, e.code, e.message)
        })?;
        keep_entry(found, line, start, &value);
    }
    Ok(())
}

/// An entry of a transcript read as `value` from `text` (at byte `base` of the log): the message
/// its envelope wraps with its direction and time, else the whole value.
fn keep_entry(found: &mut Found<'_>, text: &str, base: usize, value: &envelope::Envelope) {
    let (range, direction, time) = match value.wrapped() {
        Some(range) => (range, value.direction(text), value.time_ms(text)),
        None => (value.range, None, None),
    };
    found.checked_at(text, base, range, direction, time);
}
