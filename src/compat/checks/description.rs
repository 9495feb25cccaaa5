//! Texts longer than a consumer reads: a tool's `description` and a server's `instructions`
//! (Claude Code cuts each at 2,048 characters). The finding shows where the cut falls; lowering
//! cuts a tool's description there, so the author sees what the model reads.

use serde_json::Value;

use super::check::Check;
use super::edit::{put, Lowering};
use super::view::{Spot, ToolView};

/// Why lowering leaves a server's `instructions` as they are.
pub(super) const INSTRUCTIONS_CANNOT_LOWER: &str =
    "lowering cannot fix this: it rewrites a tool, not the server's `instructions` (shorten them, \
     what matters first)";

/// Characters shown on each side of the cut.
const SHOWN: usize = 40;

/// The description's characters `max` and on, when it is longer than `max`.
#[inline(never)]
fn past(description: &str, max: usize) -> Option<(String, usize)> {
    let count = description.chars().count();
    (count > max).then(|| (description.chars().take(max).collect(), count))
}

/// The string member `key` (`description` of a tool, `instructions` of an `initialize` result)
/// when longer than `max` characters, with the cut shown.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, key: &str, max: usize) -> Option<Spot> {
    let description = view.value.get(key)?.as_str()?;
    let (kept, count) = past(description, max)?;
    let before: String = {
        let tail: Vec<char> = kept.chars().rev().take(SHOWN).collect();
        tail.into_iter().rev().collect()
    };
    let after: String = description.chars().skip(max).take(SHOWN).collect();
    let detail = format!(
        "`{key}` has {count} characters; the model reads the first {max}: cut after {before:?}, losing {after:?}…"
    );
    Some(Spot::new(format!("{}/{key}", view.pointer), detail))
}

/// Lowering: a description longer than the profile reads is cut where the consumer cuts it.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, tool: &mut Value) {
    let Some(max) = l.checks.iter().find_map(|c| match c {
        Check::DescriptionLength(max) => Some(*max),
        _ => None,
    }) else {
        return;
    };
    let Some(members) = tool.as_object_mut() else {
        return;
    };
    let Some((kept, count)) = members
        .get("description")
        .and_then(Value::as_str)
        .and_then(|d| past(d, max))
    else {
        return;
    };
    put(members, "description", Value::String(kept));
    l.change(
        "/description".into(),
        format!("cut the description from {count} to {max} characters, as the consumer does"),
    );
    l.lose(
        "/description".into(),
        "description",
        format!("the model does not read characters {max} and on: put what matters first"),
    );
}
