//! Server name + tool name length (Cursor); no lowering (the server's name is the host's).

use super::view::{Spot, ToolView};

/// Server name + tool name at or over `limit` characters.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, server: Option<&str>, limit: usize) -> Option<Spot> {
    let (server, name) = (server?, view.name?);
    let length = server.chars().count() + name.chars().count();
    (length >= limit).then(|| {
        let detail = format!(
            "server name {server:?} + tool name {name:?} is {length} characters; it must stay under {limit}"
        );
        Spot::new(format!("{}/name", view.pointer), detail)
    })
}
