//! What a log reading gives: its format, its messages with their maps back to the pasted text
//! ([`super::entry`]), its context lines, and the report of its replay; the options of both.

use std::collections::BTreeMap;

use serde::Serialize;

use super::entry::{ContextLine, LogEntry};
use super::formats::{LogFormat, LOG_FORMATS};

use crate::diagnostic::Diagnostic;
use crate::host::session::{Counts, ProtocolCheck, SequenceEntry, SessionOptions, ToolTable};
use crate::host::task_state::TaskState;

/// The options of [`read_log`] and [`replay_log_with`] as JavaScript passes them:
/// `{format?, targets?, serverName?}` (the last two as `replaySession` takes them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogOptions {
    /// Read the text as this format instead of detecting it.
    pub format: Option<LogFormat>,
    /// What the session judges the tools with.
    pub session: SessionOptions,
}

impl LogOptions {
    /// Reads `{"format"?: "<name>" | null, "targets"?: …, "serverName"?: …}`; another key, or a
    /// name that is no format, is an error saying so (read by hand: a serde derive would weigh
    /// more in the wasm build).
    pub fn from_json(value: serde_json::Value) -> Result<Self, String> {
        use serde_json::Value;
        let Value::Object(mut members) = value else {
            return Err(format!("expected an object, found {value}"));
        };
        let mut options = Self::default();
        match members.remove("format") {
            None | Some(Value::Null) => {}
            Some(Value::String(name)) => {
                options.format = Some(LogFormat::from_name(&name).ok_or_else(|| {
                    let names: Vec<String> = LOG_FORMATS
                        .iter()
                        .map(|f| format!("`{}`", f.name()))
                        .collect();
                    format!(
                        "unknown format `{name}`, expected one of {}",
                        names.join(", ")
                    )
                })?);
            }
            Some(other) => return Err(format!("`format` is a string, found {other}")),
        }
        options.session = SessionOptions::from_json(Value::Object(members))
            .map_err(|e| format!("{e} (or `format`)"))?;
        Ok(options)
    }
}

/// What [`read_log`] returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Log {
    /// The format read.
    pub format: LogFormat,
    /// What the reader saw, in words ("VS Code output log, 2026 form ([editor -> server])").
    pub detected: String,
    /// The messages, in order.
    pub entries: Vec<LogEntry>,
    /// The log's other lines kept as context.
    pub context: Vec<ContextLine>,
    /// The readers' findings, spans into the pasted text.
    pub diagnostics: Vec<Diagnostic>,
}

/// What [`replay_log`] returns: [`crate::host::SessionReport`] with the format, every span into
/// the pasted text.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LogReport {
    /// The format read.
    pub format: Option<LogFormat>,
    /// What the reader saw, in words.
    pub detected: String,
    /// The messages replayed and the log's context lines, in the order of the text: each
    /// message's `index` counts the messages, `answers` counts the rows of this sequence.
    pub sequence: Vec<SequenceEntry>,
    /// How many rows of each kind the sequence has.
    pub counts: Counts,
    /// The protocol version the messages were checked against, or why none was.
    pub protocol: ProtocolCheck,
    /// The host's session state, by `taskId`; `messageIndex` counts the messages.
    pub tasks: BTreeMap<String, TaskState>,
    /// Every tool listed, with its verdicts.
    pub tools: ToolTable,
    /// The readers' findings, then the session's.
    pub diagnostics: Vec<Diagnostic>,
}
