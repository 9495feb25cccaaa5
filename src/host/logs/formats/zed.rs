//! Zed's log (`Zed.log`: `~/Library/Logs/Zed/Zed.log`, `~/.local/share/zed/logs/Zed.log`,
//! `%LOCALAPPDATA%\Zed\logs\Zed.log`): one line per record, `<time> <LEVEL> [<scope>] <text>`,
//! the time `%Y-%m-%dT%H:%M:%S%:z` (local, with its offset) and the level padded to five
//! (`ERROR`, `WARN `, `INFO `, `DEBUG`, `TRACE`), as `crates/zlog/src/sink.rs` writes it
//! (<https://github.com/zed-industries/zed>, commit 0b4932d8, checked 2026-12-06). Its MCP
//! client, `crates/context_server/src/client.rs` (commit 063048a6), writes each message it sends
//! as `log::trace!("outgoing message: {}", message)` and each it receives as
//! `log::trace!("recv: {}", &message)`, the message as it crossed the transport (one line), and
//! the server's stderr as `context server stderr: …` (`WARN` in mid-2025, `DEBUG` since). A
//! trace log pasted in public: swisspra/Pursers, "Zed 1.20.2 context servers: Pursers manual
//! proof" (Zed 1.20.2, log of 2026-09-19): `2026-09-19T23:48:16+07:00 TRACE
//! [context_server::client] outgoing message: {"jsonrpc":"2.0","id":0,"method":"initialize",…}`,
//! then `… recv: {…}`. Without trace level the log names the servers (`[context_server] starting
//! context server NAME`, zed-industries/zed#34321, 2025-07-11) and their stderr
//! (zed-industries/zed#34625, 2025-07-17) but holds no message: said so (`log-empty`).
//!
//! Only the `context_server::client` scope's lines are messages: the language servers' JSON-RPC
//! (`[lsp]`) and every other line are context rows (a line without the prefix continues the one
//! before it: a multi-line record). The lines do not name the server: when a second `initialize`
//! is sent (another server, or a restart) the messages after it are context, not a session of
//! their own mixed into the first.

use super::super::found::Found;
use super::super::text_lines::lines_with_offsets;
use super::super::SourceMap;

use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;

/// The scope of the MCP client's lines.
const CLIENT_SCOPE: &str = "context_server::client";

/// The message markers of the client's lines and who sent the message each introduces.
const MARKERS: [(&str, Direction); 2] = [
    ("outgoing message: ", Direction::Client),
    ("recv: ", Direction::Server),
];

/// The levels as the sink pads them.
const LEVELS: [&str; 5] = ["ERROR", "WARN ", "INFO ", "DEBUG", "TRACE"];

/// How far into the text the first line is looked for.
const FIRST_LINE_WINDOW: usize = 4096;

/// A line behind the prefix: its time, level (trimmed), scope, where the scope's `[` is and
/// where its text starts.
struct Line<'l> {
    time: Option<i64>,
    level: &'l str,
    scope: &'l str,
    scoped: usize,
    at: usize,
}

/// The line's prefix, `<RFC 3339 time> <LEVEL> [<scope>] `.
fn parse_line(line: &str) -> Option<Line<'_>> {
    let space = line.find(' ')?;
    let stamp = line.get(..space)?;
    if stamp.as_bytes().get(10) != Some(&b'T') {
        return None;
    }
    let time = Some(parse_rfc3339(stamp)?);
    let level = line.get(space + 1..space + 6)?;
    if !LEVELS.contains(&level) || line.as_bytes().get(space + 6) != Some(&b' ') {
        return None;
    }
    let rest = line.get(space + 7..)?.strip_prefix('[')?;
    let close = rest.find("] ")?;
    let scope = rest.get(..close)?;
    Some(Line {
        time,
        level: level.trim_end(),
        scope,
        scoped: space + 7,
        at: space + 8 + close + 2,
    })
}

/// Whether the first non-blank line (in the text's first [`FIRST_LINE_WINDOW`] bytes) has Zed's
/// prefix and the text holds a line of its MCP client's scope (`[context_server`): one pass over
/// the text at most, none when the first line is not Zed's.
pub(super) fn looks_like(text: &str) -> bool {
    let mut end = text.len().min(FIRST_LINE_WINDOW);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let first = text
        .get(..end)
        .unwrap_or_default()
        .lines()
        .find(|l| !l.trim().is_empty());
    first.is_some_and(|line| parse_line(line).is_some()) && text.contains("[context_server")
}

/// What the reader saw.
#[derive(Default)]
struct Seen {
    /// Messages read.
    read: usize,
    /// `initialize` requests sent.
    initializes: usize,
    /// Message lines after a second `initialize`, kept as context.
    later: usize,
}

/// Reads the MCP client's message lines (of the first session) and keeps every other line as a
/// context row.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let mut seen = Seen::default();
    for (line_start, body) in lines_with_offsets(text) {
        let Some(line) = parse_line(body) else {
            if !body.trim().is_empty() {
                found.continue_context(line_start, body);
            }
            continue;
        };
        let rest = body.get(line.at..).unwrap_or_default();
        let message = (line.scope == CLIENT_SCOPE)
            .then(|| {
                MARKERS.iter().find_map(|&(marker, direction)| {
                    Some((direction, rest.strip_prefix(marker)?, marker.len()))
                })
            })
            .flatten()
            .filter(|(_, json, _)| json.starts_with('{'));
        // A context row from the scope on (`[lsp] outgoing message: …` says whose it is).
        let scoped = body.get(line.scoped..).unwrap_or_default();
        let Some((direction, json, marker)) = message else {
            found.context_line(Some(line.level), line_start + line.scoped, scoped);
            continue;
        };
        if direction == Direction::Client && json.contains("\"method\":\"initialize\"") {
            seen.initializes += 1;
        }
        if seen.initializes > 1 {
            seen.later += 1;
            found.context_line(Some(line.level), line_start + line.scoped, scoped);
            continue;
        }
        let json = json.trim_end();
        seen.read += 1;
        let map = SourceMap::verbatim(line_start + line.at + marker, json.len());
        found.message(json.to_owned(), map, Some(direction), line.time, None);
    }
    found.detected = Some(words(&seen));
    if seen.read == 0 && seen.later == 0 {
        found.no_bodies(
            "Zed's log names its context servers and their stderr but holds no MCP message: Zed \
             writes them only at trace level (the `context_server::client` scope's `outgoing \
             message:` and `recv:` lines); nothing to check",
        );
    }
}

/// What the reader saw, in words.
fn words(seen: &Seen) -> String {
    let mut words = format!(
        "Zed log ({} message line{} of its MCP client, trace level)",
        seen.read,
        if seen.read == 1 { "" } else { "s" }
    );
    if seen.later > 0 {
        words.push_str(&format!(
            "; {} message line{} after a second `initialize` (another server or a restart: Zed's \
             lines do not name the server) kept as context",
            seen.later,
            if seen.later == 1 { "" } else { "s" }
        ));
    }
    words
}
