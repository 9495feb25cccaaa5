//! Reading a log once: the format detected, each message taken out by its reader (into
//! [`Found`]), parsed once.

use super::formats::LogFormat;
use super::found::Found;
use super::model::{Log, MAX_LOG_BYTES};
use super::{envelope, lines, unreadable};

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex};
use crate::host::transcript::read_transcript;
use crate::json::{JsonError, Reader, TokenKind};

/// The format of `text`: the first row of [`LOG_FORMATS`](super::LOG_FORMATS) whose text it
/// looks like, a text that starts like JSON but does not read as a transcript (and is no JSON
/// array of entries, read up to its error) being JSON Lines: what [`read_log`] and
/// [`replay_log`](super::replay_log) read it as.
pub fn detect_format(text: &str) -> LogFormat {
    let format = LogFormat::sniff(text);
    // Read through only when taken for a transcript.
    let unread =
        || text.len() > MAX_LOG_BYTES || (!entry_array(text) && read_transcript(text).is_err());
    if format == LogFormat::TRANSCRIPT && unread() {
        LogFormat::JSONL
    } else {
        format
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

/// Reads the messages of `text` in `format` (detected when `None`).
pub fn read_log(text: &str, format: Option<LogFormat>) -> Log {
    let index = LineIndex::new(text);
    let mut found = Found::new(text, &index, None);
    let format = read_as(
        &mut found,
        format.unwrap_or_else(|| LogFormat::sniff(text)),
        format.is_some(),
    );
    let found = found.done();
    Log {
        format,
        detected: found
            .detected
            .unwrap_or_else(|| format.row().label.to_owned()),
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
        return if format == LogFormat::TRANSCRIPT && !forced {
            LogFormat::JSONL
        } else {
            format
        };
    }
    let mut read = format;
    if format != LogFormat::TRANSCRIPT || !fallback {
        (format.row().read)(found);
    } else if transcript_entries(found).is_err() {
        lines::read(found);
        read = LogFormat::JSONL;
    }
    if found.entries.is_empty() && found.placed.is_empty() {
        if let Some(guess) = unreadable::guess(found.text) {
            found.diagnostics.push(guess);
        }
    }
    read
}

/// Reads a transcript's entries (the transcript row's reader; its error where it fails).
pub(super) fn transcript(found: &mut Found<'_>) {
    if let Err(error) = transcript_entries(found) {
        found.diagnostics.push(error.diagnostic());
    }
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
