//! The JSON Schema dialect an `outputSchema` declares (`$schema` at its root): a client that
//! validates results with a 2020-12-only engine refuses any other. No lowering pass: the only rule
//! of this kind (`claude-code/output-dialect`) is a note, and lowering does not act on notes
//! (were one to become a verdict, its pass would remove the declaration and list the draft-07
//! keywords whose meaning 2020-12 changes).

use serde_json::Value;

use super::super::rule::Field;
use super::view::{Spot, ToolView};

/// The `$schema` of `schema`'s root when it is a string outside `allowed` (compared without a
/// trailing `#`, as the TypeScript SDK does).
#[inline(never)]
fn refused<'v>(schema: &'v Value, allowed: &[String]) -> Option<&'v str> {
    let declared = schema.get("$schema")?.as_str()?;
    let bare = declared.trim_end_matches('#');
    (!allowed.iter().any(|a| a == bare)).then_some(declared)
}

/// The `outputSchema` root's `$schema`, when it is not one of `allowed`.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, allowed: &[String]) -> Option<Spot> {
    let declared = refused(view.value.get(Field::Output.key())?, allowed)?;
    let at = view.at(Field::Output, "", "/$schema");
    let detail =
        format!("`outputSchema` declares the dialect {declared:?}, not JSON Schema 2020-12");
    Some(Spot::new(at, detail).about("$schema"))
}
