//! Cursor's MCP output: the Output panel's MCP channels, saved as `Cursor MCP.log` (or
//! `MCP user-NAME.log`) in the window's `exthost` logs folder. Cursor is a fork of VS Code: its
//! lines carry the same `YYYY-MM-DD HH:MM:SS.mmm [level] ` prefix ([`super::vscode::prefix`]),
//! but they name what the client does, never a message's JSON. The forms pasted in public
//! threads (checked 2026-12-06):
//! - 2025, each line behind a server label cut to its last characters (`db10: `, ` MCP: `,
//!   `user-sourcebot: `): `Handling CallTool action for tool 'NAME'`, `Handling ListOfferings
//!   action`, `getOrCreateClient for stdio server`, `Client error for command Unexpected token …`
//!   (AgentDeskAI/browser-tools-mcp#34, 2025-03-02; GLips/Figma-Context-MCP#77, 2025-04-04;
//!   gdli6177/mcp-prompt-server#5, 2025-05-24; sourcebot-dev/sourcebot#389, 2025-07-20);
//! - Cursor 2.0 (late 2025), without the label: `Handling CreateClient action`, `Handling
//!   ListOfferings action, server stored: true` (microsoft/mcp#1045, 2025-11-05);
//! - 2026: the same with the connection's state machine, `[V2 FSM] connection:connect_success:
//!   conn=connecting,auth=unknown -> …`, `CreateClient completed, connected: true`
//!   (laravel/boost#495, 2026-05-23).
//!
//! No form holds a message body: every line is a context row, and the log is said to hold no
//! message (`log-empty`, naming the actions it saw), never a finding about the server. A text
//! that holds a JSON-RPC message anywhere (`"jsonrpc"`) is left to the other readers (JSON
//! Lines reads a line's JSON tail), so no message read today is lost.

use super::super::found::Found;
use super::super::text_lines::lines_with_offsets;
use super::vscode::prefix;

/// What Cursor's MCP lines say that VS Code's never do: an action handled, the connection's
/// state machine.
const MARKERS: [&str; 2] = [" action", "[V2 FSM] "];

/// Whether the text after a line's prefix is one of Cursor's MCP lines (`Handling X action…`,
/// `[V2 FSM] …`), behind the 2025 form's server label or not.
fn is_cursor_line(rest: &str) -> bool {
    let handling = rest.find("Handling ").is_some_and(|at| {
        let after = rest.get(at + "Handling ".len()..).unwrap_or_default();
        let (word, tail) = after.split_at(after.find(' ').unwrap_or(after.len()));
        !word.is_empty()
            && word.bytes().all(|b| b.is_ascii_alphabetic())
            && tail.starts_with(MARKERS[0])
    });
    handling || rest.starts_with(MARKERS[1])
}

/// Whether `text` holds no JSON-RPC message and some line is one of Cursor's MCP lines.
pub(super) fn looks_like(text: &str) -> bool {
    !text.contains("\"jsonrpc\"")
        && text.lines().any(|line| {
            prefix(line).is_some_and(|(_, _, at)| is_cursor_line(line.get(at..).unwrap_or("")))
        })
}

/// Keeps every line as a context row (a line without the prefix continues the one before it)
/// and says the log holds no message.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let mut actions = 0;
    for (line_start, body) in lines_with_offsets(text) {
        match prefix(body) {
            Some((_, level, at)) => {
                let rest = body.get(at..).unwrap_or_default();
                actions += usize::from(is_cursor_line(rest));
                found.context_line(Some(level), line_start + at, rest);
            }
            None if !body.trim().is_empty() => found.continue_context(line_start, body),
            None => {}
        }
    }
    found.detected = Some(format!(
        "Cursor MCP log ({actions} action line{}, no message bodies)",
        if actions == 1 { "" } else { "s" }
    ));
    found.no_bodies(
        "Cursor's MCP log names the actions it handles (tool calls, listings, connections) but \
         holds no JSON-RPC message: nothing to check; a proxy recording (`mcp-json-toolbox proxy \
         --record`), a HAR of an HTTP server or the server's own debug log holds the bodies",
    );
}
