//! Logs as developers hold them, read as session transcripts: detect the format of a pasted text,
//! extract its JSON-RPC messages with who sent them and when, and replay them with
//! [`crate::host::replay_session`], every finding moved back to its line and column in the
//! pasted text.
//!
//! Formats: one table, [`LOG_FORMATS`] (`formats.rs`), each row a format's name, label, one-line
//! description, how its text is recognised and its reader file; [`detect_format`] takes the first
//! row whose text it looks like, a text starting like JSON that reads as no transcript being JSON
//! Lines among other lines (`lines.rs`: other lines kept as context).
//!
//! Each extracted message keeps a [`SourceMap`] back to the pasted text (a HAR body is a JSON
//! string: its escapes move every later byte). Replaying, each message is parsed once, by its
//! reader, and pushed into the session as it is read (a HAR's request with its HTTP method and
//! headers, for the header checks; the progress told at each message's first byte); each
//! finding's spans (in its message) are then mapped to the pasted text through that message's
//! map, pointers as in a transcript of the messages (`/<number>/message/…`; `/<number>…` for a
//! finding about the whole entry: `never-terminal`, a HAR request's headers). A transcript is
//! replayed as it is ([`crate::host::replay_session`]).
//!
//! Findings of the readers: `log-line-skipped` (info; JSON Lines: a line of JSON that names
//! `"jsonrpc"` but is no message read, a batch array), `log-not-json`
//! (warning; a message that does not parse, e.g. a line cut short), `har-invalid` (error; a HAR
//! that does not parse or lacks `log.entries`), `export-invalid` (error; the same for an export), `log-empty` (warning; no message found).
//! A pasted text larger than [`MAX_LOG_BYTES`] is refused with one error (`log-too-large`).

mod entry;
mod envelope;
mod formats;
mod found;
mod map;
mod model;
mod read;
pub mod redact;
mod replay;
mod text_lines;
mod unreadable;

pub use entry::{ContextLine, Http, LogEntry, MAX_LOG_BYTES, MAX_SKIPPED_REPORTED};
pub use formats::{FormatRow, LogFormat, LOG_FORMATS};
pub use map::SourceMap;
pub use model::{Log, LogOptions, LogReport};
pub use read::{detect_format, read_log};
pub use redact::{redact, Redacted};
pub use replay::{replay_log, replay_log_reporting, replay_log_with};

#[cfg(test)]
mod host_log_tests;
#[cfg(test)]
mod sdk_log_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod zed_claude_code_tests;
