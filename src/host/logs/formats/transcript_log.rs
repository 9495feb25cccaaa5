//! The transcript format's reader: this project's transcripts and proxy recordings (a JSON array
//! of entries, one value, or JSON Lines) read as a log, each message verbatim, as
//! [`read_transcript`](crate::host::transcript::read_transcript) finds them.

use super::super::envelope;
use super::super::found::Found;

use crate::json::{JsonError, Reader, TokenKind};

/// Reads a transcript's entries (the transcript row's reader; its error where it fails).
pub(super) fn read(found: &mut Found<'_>) {
    if let Err(error) = transcript_entries(found) {
        found.diagnostics.push(error.diagnostic());
    }
}

/// The entries of a transcript read as a log ([`read_log`](super::super::read_log);
/// [`replay_log`](super::super::replay_log) replays a
/// transcript as it is): its messages, verbatim, as [`read_transcript`](crate::host::transcript::read_transcript) finds them (the same
/// error where it fails, no entry then), each value read once without its tree.
pub(in crate::host::logs) fn transcript_entries(found: &mut Found<'_>) -> Result<(), JsonError> {
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
