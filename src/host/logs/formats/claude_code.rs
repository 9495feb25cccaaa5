//! Claude Code's MCP logs, both forms its code writes (`cli.js` of the npm package
//! `@anthropic-ai/claude-code` 1.0.122, functions writing `MCP server "${name}": ${text}`, read
//! 2026-12-06), neither holding a JSON-RPC message:
//! - its debug lines (`claude --debug`, `~/.claude/debug/*.txt`): `[DEBUG] MCP server "NAME":
//!   Calling MCP tool: x`, `… Successfully connected to stdio server in 331ms`, `[ERROR] MCP
//!   server "NAME" Server stderr: …`, behind an ISO 8601 time in 2026 (anthropics/claude-code#17653,
//!   2026-01-12; #69889, 2026-06-21) or without it (its 2025 `--debug` output);
//! - its per-server file (`~/Library/Caches/claude-cli-nodejs/<project>/mcp-logs-NAME/*.txt`,
//!   `~/.cache/claude-cli-nodejs/…`): a JSON array, two spaces indented, of `{"debug": text,
//!   "timestamp", "sessionId", "cwd"}` and `{"error": text, …}` (modelcontextprotocol/servers#2338,
//!   2025-07-14). It was read as a transcript: its `error` entries taken for error responses.
//!
//! Every MCP line (an entry's text) is a context row, and the log is said to hold no message
//! (`log-empty`), never a finding. Its later `.jsonl` files (anthropics/claude-code#69427,
//! 2026-06-18) are said to hold the traffic, but no excerpt of them was found: not read here. A
//! text holding a JSON-RPC message anywhere (`"jsonrpc"`: a server's stderr logging its messages)
//! is left to the other readers, so no message read today is lost.

use super::super::found::Found;
use super::super::text_lines::lines_with_offsets;

/// What an MCP line's text starts with.
const MCP_LINE: &str = "MCP server \"";

/// The levels of its debug lines.
const LEVELS: [&str; 4] = ["[DEBUG] ", "[ERROR] ", "[WARN] ", "[INFO] "];

/// The keys of an mcp-logs entry's text, and the level each stands for.
const KEYS: [(&str, &str); 2] = [("\"debug\": ", "debug"), ("\"error\": ", "error")];

/// How far into the text its form is looked for.
const WINDOW: usize = 64 * 1024;

/// A debug line's level (without its brackets) and where the text after it starts, behind an
/// ISO 8601 time or not.
fn debug_line(line: &str) -> Option<(&str, usize)> {
    let at = match line.find(' ') {
        Some(space)
            if line.as_bytes().get(10) == Some(&b'T')
                && line.get(..space).is_some_and(|s| s.ends_with('Z')) =>
        {
            space + 1
        }
        _ => 0,
    };
    let rest = line.get(at..)?;
    let level = LEVELS.iter().find(|l| rest.starts_with(*l))?;
    Some((level.get(1..level.len() - 2)?, at + level.len()))
}

/// The first `WINDOW` bytes of `text`.
fn window(text: &str) -> &str {
    let mut end = text.len().min(WINDOW);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default()
}

/// Whether the text is an mcp-logs file: a JSON array whose first entry's first key is `debug`
/// or `error`, with a `sessionId` (looked for in the text's first bytes only).
fn is_mcp_logs(text: &str) -> bool {
    let head = window(text);
    let first_key = head
        .trim_start()
        .strip_prefix('[')
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix('{'))
        .map(str::trim_start);
    first_key.is_some_and(|k| KEYS.iter().any(|(key, _)| k.starts_with(key)))
        && head.contains("\"sessionId\": ")
}

/// Whether the text is one of Claude Code's MCP logs holding no JSON-RPC message: its first
/// non-blank line a debug line and an MCP line in its first bytes, or an mcp-logs file. At most
/// one pass over the whole text (for `"jsonrpc"`), and only once the start matched.
pub(super) fn looks_like(text: &str) -> bool {
    let head = window(text);
    let debug = head
        .lines()
        .find(|l| !l.trim().is_empty())
        .and_then(debug_line)
        .is_some()
        && head.lines().any(|line| {
            debug_line(line)
                .is_some_and(|(_, at)| line.get(at..).is_some_and(|r| r.starts_with(MCP_LINE)))
        });
    (debug || is_mcp_logs(text)) && !text.contains("\"jsonrpc\"")
}

/// Keeps each MCP line (or entry's text) as a context row and says the log holds no message.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let file = is_mcp_logs(text);
    let mut lines = 0;
    for (line_start, body) in lines_with_offsets(text) {
        if file {
            let lead = body.len() - body.trim_start().len();
            let entry = KEYS.iter().find_map(|&(key, level)| {
                Some((level, body.trim_start().strip_prefix(key)?, key.len()))
            });
            if let Some((level, value, key)) = entry {
                lines += 1;
                let value = value.trim_end().trim_end_matches(',');
                found.context_line(Some(level), line_start + lead + key, value);
            }
            continue;
        }
        match debug_line(body) {
            Some((level, at)) => {
                let rest = body.get(at..).unwrap_or_default();
                lines += usize::from(rest.starts_with(MCP_LINE));
                found.context_line(Some(level), line_start + at, rest);
            }
            None if !body.trim().is_empty() => found.continue_context(line_start, body),
            None => {}
        }
    }
    let (form, what) = if file {
        ("mcp-logs file", "entr")
    } else {
        ("debug log", "MCP line")
    };
    let plural = match (file, lines == 1) {
        (true, true) => "y",
        (true, false) => "ies",
        (false, true) => "",
        (false, false) => "s",
    };
    found.detected = Some(format!(
        "Claude Code MCP {form} ({lines} {what}{plural}, no message bodies)"
    ));
    found.no_bodies(
        "Claude Code's MCP log names connections, tool calls and the server's stderr but holds \
         no JSON-RPC message: nothing to check; a proxy recording (`mcp-json-toolbox proxy \
         --record`), a HAR of an HTTP server or the server's own debug log holds the bodies",
    );
}
