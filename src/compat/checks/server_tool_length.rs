//! Server name + tool name length (Cursor); lowering (in `name.rs`) cuts the tool name alone under
//! the cap (the server's name is the host's).

use super::view::{Spot, ToolView};

/// Server name + tool name at or over `limit` characters; without a server name (not given, or
/// not known), the tool name alone: a tool whose own name reaches the cap reaches it under any
/// server name.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, server: Option<&str>, limit: usize) -> Option<Spot> {
    let name = view.name?;
    let length = server.map_or(0, |s| s.chars().count()) + name.chars().count();
    (length >= limit).then(|| {
        let detail = match server {
            Some(server) => format!(
                "server name {server:?} + tool name {name:?} is {length} characters; it must stay under {limit}"
            ),
            None => format!(
                "the tool name {name:?} alone is {length} characters; server name + tool name must stay under {limit}"
            ),
        };
        Spot::new(format!("{}/name", view.pointer), detail)
    })
}
