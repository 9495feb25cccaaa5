//! Server name + tool name length (Cursor); lowering (in `name.rs`) cuts the tool name alone under
//! the cap, less the server's name when it is given (the server's name is the host's).

use super::view::{Spot, ToolView};

/// Why lowering leaves this finding: the server's name takes the whole cap.
pub(super) const CANNOT_LOWER: &str =
    "lowering cannot fix this: it cuts only the tool name (the server's name is the host's), and \
     this server name leaves no room under the cap for a tool name";

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
