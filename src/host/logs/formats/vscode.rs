//! VS Code's MCP output channel ("MCP: <server>" in the Output panel, or its log file): one line
//! per event behind the log service's `YYYY-MM-DD HH:MM:SS.mmm [level] ` prefix (levels `trace`,
//! `debug`, `info`, `warning`, `error`). Two generations of message lines:
//! - 2025 form: `[info] [Client Says] {"jsonrpc":…}` for a message the client sent and
//!   `[Server Says]` for one it received (src/vs/workbench/api/node/extHostMcpNode.ts,
//!   `$sendMessage` and the child's stdout handler; a pasted example:
//!   https://github.com/microsoft/vscode/issues/244377);
//! - 2026 form (VS Code 1.105 and later): `[debug] [editor -> server] {…}` and
//!   `[debug] [server -> editor] {…}`, written by `McpServerRequestHandler.send` and
//!   `handleMessage` (src/vs/workbench/contrib/mcp/common/mcpServerRequestHandler.ts,
//!   https://github.com/microsoft/vscode, at the handler's `requestLogLevel`, `debug` by
//!   default, so they appear once the channel's level is Debug or Trace).
//!
//! Both write each message as `JSON.stringify(message)`, one line: a message never spans lines.
//! Every other line of the channel is kept as a context row ([`super::super::ContextLine`]): the
//! connection states (`Connection state: Running`), the server's stderr (`[warning] [server
//! stderr] …`, extHostMcpNode.ts), `Server command line: …`, the server's log notifications; a line
//! without the prefix continues the one before it (a logged error's stack). Sources checked
//! 2026-12-03. The prefix's time is local time without a zone: it is read as UTC, which keeps the
//! intervals between messages (the only use of times here) right.

use crate::host::logs::found::Found;
use crate::host::logs::SourceMap;
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;

/// A generation of the message lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `[Client Says]` / `[Server Says]`.
    Says,
    /// `[editor -> server]` / `[server -> editor]`.
    Arrows,
}

/// The message markers, who sent the message each introduces, and their form.
const MARKERS: [(&str, Direction, Form); 4] = [
    ("[Client Says] ", Direction::Client, Form::Says),
    ("[Server Says] ", Direction::Server, Form::Says),
    ("[editor -> server] ", Direction::Client, Form::Arrows),
    ("[server -> editor] ", Direction::Server, Form::Arrows),
];

/// The log service's level names.
const LEVELS: [&str; 5] = ["trace", "debug", "info", "warning", "error"];

/// A line of the channel.
enum Line<'l> {
    /// A message: its time, sender and form, and where its JSON starts in the line.
    Message(Option<i64>, Direction, Form, usize),
    /// Another line of the channel: its level, and where its text starts in the line.
    Context(&'l str, usize),
}

/// Whether some line of `text` is a message line of either form.
pub(super) fn looks_like(text: &str) -> bool {
    text.lines()
        .any(|line| matches!(parse_line(line), Some(Line::Message(..))))
}

/// The log service's prefix, `YYYY-MM-DD HH:MM:SS.mmm [level] ` (VS Code's, and its forks':
/// Cursor's): the time stamp, the level, and where the text after the prefix starts in `line`.
pub(super) fn prefix(line: &str) -> Option<(&str, &str, usize)> {
    let bytes = line.as_bytes();
    let stamp = line.get(..23)?;
    let shape = stamp.bytes().enumerate().all(|(i, b)| match i {
        4 | 7 => b == b'-',
        10 => b == b' ',
        13 | 16 => b == b':',
        19 => b == b'.',
        _ => b.is_ascii_digit(),
    });
    if !shape || bytes.get(23) != Some(&b' ') || bytes.get(24) != Some(&b'[') {
        return None;
    }
    // The first `] ` (a byte scan: `str::find` builds a searcher per line).
    let close = 25 + bytes.get(25..)?.windows(2).position(|w| w == b"] ")?;
    let level = line.get(25..close)?;
    LEVELS.contains(&level).then_some((stamp, level, close + 2))
}

/// A line behind the prefix, or `None` for a line without it.
fn parse_line(line: &str) -> Option<Line<'_>> {
    let (stamp, level, at) = prefix(line)?;
    let rest = line.get(at..)?;
    match MARKERS.iter().find(|(m, ..)| rest.starts_with(m)) {
        Some((marker, direction, form)) => {
            let time = parse_rfc3339(&format!("{}T{}Z", stamp.get(..10)?, stamp.get(11..)?));
            Some(Line::Message(time, *direction, *form, at + marker.len()))
        }
        None => Some(Line::Context(level, at)),
    }
}

/// Reads every message line (a line cut short is a `log-not-json`) and keeps the other lines
/// as context rows; says which forms it saw.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let (mut says, mut arrows) = (false, false);
    for (line_start, body) in super::super::text_lines::lines_with_offsets(text) {
        match parse_line(body) {
            Some(Line::Message(time, direction, form, at)) => {
                match form {
                    Form::Says => says = true,
                    Form::Arrows => arrows = true,
                }
                let message = body.get(at..).unwrap_or_default().trim_end();
                let from = line_start + at;
                found.message(
                    message.to_owned(),
                    SourceMap::verbatim(from, message.len()),
                    Some(direction),
                    time,
                    None,
                );
            }
            Some(Line::Context(level, at)) => {
                let line = body.get(at..).unwrap_or_default();
                found.context_line(Some(level), line_start + at, line);
            }
            None if !body.trim().is_empty() => found.continue_context(line_start, body),
            None => {}
        }
    }
    found.detected = Some(
        match (says, arrows) {
            (true, true) => "VS Code output log, 2025 and 2026 forms",
            (false, true) => "VS Code output log, 2026 form ([editor -> server])",
            _ => "VS Code output log, 2025 form ([Client Says])",
        }
        .to_owned(),
    );
}
