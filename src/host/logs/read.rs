//! Reading a log once: the format detected, each message taken out by its reader (into
//! [`Found`]), parsed once.

use super::entry::MAX_LOG_BYTES;
use super::formats::lines;
use super::formats::transcript_log::transcript_entries;
use super::formats::LogFormat;
use super::found::Found;
use super::model::Log;
use super::unreadable;

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex};
use crate::host::transcript::read_transcript;

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
