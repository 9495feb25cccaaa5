//! VS Code's MCP output channel ("MCP: <server>" in the Output panel, or its log file): one line
//! per event, `2025-03-23 16:38:00.970 [info] [Client Says] {"jsonrpc":…}` for a message the
//! client sent and `[Server Says]` for one it received; other lines (`Starting server`,
//! `Connection state: Running`, `[server stderr] …`) are the channel's own and skipped silently.
//!
//! Source: VS Code writes `'[Client Says] ' + message` and `'[Server Says] ' + message` to the
//! server's log (src/vs/workbench/api/node/extHostMcpNode.ts, `$sendMessage` and the child's
//! stdout handler, https://github.com/microsoft/vscode), with the log service's
//! `YYYY-MM-DD HH:MM:SS.mmm [level]` prefix; a pasted example:
//! https://github.com/microsoft/vscode/issues/244377 (checked 2026-12-03). The prefix's time is
//! local time without a zone: it is read as UTC, which keeps the intervals between messages
//! (the only use of times here) right.

use crate::host::logs::{Found, SourceMap};
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;

/// The two markers and who sent the message each introduces.
const MARKERS: [(&str, Direction); 2] = [
    ("[Client Says] ", Direction::Client),
    ("[Server Says] ", Direction::Server),
];

/// Whether some line of `text` is a `[Client Says]` or `[Server Says]` line.
pub(super) fn looks_like(text: &str) -> bool {
    text.lines().any(|line| parse_line(line).is_some())
}

/// A line's time (ms), who sent its message and the message's offset in the line.
fn parse_line(line: &str) -> Option<(Option<i64>, Direction, usize)> {
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
    let level_end = 24 + line.get(24..)?.find("] ")? + 2;
    let rest = line.get(level_end..)?;
    let (marker, direction) = MARKERS.iter().find(|(m, _)| rest.starts_with(m))?;
    let time = parse_rfc3339(&format!("{}T{}Z", stamp.get(..10)?, stamp.get(11..)?));
    Some((time, *direction, level_end + marker.len()))
}

/// Reads every `[Client Says]` / `[Server Says]` line; a line cut short is a `log-not-json`.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    for (line_start, body) in super::lines_with_offsets(text) {
        let Some((time, direction, at)) = parse_line(body) else {
            continue;
        };
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
}
