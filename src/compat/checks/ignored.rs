//! Members of a tool a consumer does not read (WebMCP's `outputSchema`); lowering removes them.

use serde_json::Value;

use crate::json::tree::escape_pointer_token;

use super::check::Check;
use super::edit::{discard, Lowering};
use super::view::{Spot, ToolView};

/// The member `key`, if the tool has it.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, key: &str) -> Option<Spot> {
    view.value.get(key)?;
    let at = format!("{}/{}", view.pointer, escape_pointer_token(key));
    Some(Spot::new(at, format!("`{key}` is not read")).about(key))
}

/// Lowering: members the consumer does not read are removed.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, tool: &mut Value) {
    let ignored: Vec<String> = l
        .checks
        .iter()
        .filter_map(|c| match c {
            Check::IgnoredMember(key) => Some(key.clone()),
            _ => None,
        })
        .collect();
    let Some(members) = tool.as_object_mut() else {
        return;
    };
    for key in ignored {
        if discard(members, &key) {
            let at = format!("/{}", escape_pointer_token(&key));
            l.change(
                at.clone(),
                format!("removed `{key}`, which the consumer does not read"),
            );
            l.lose(at, &key, format!("`{key}` is not enforced by the consumer"));
        }
    }
}
