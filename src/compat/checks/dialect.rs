//! The JSON Schema dialect an `outputSchema` declares (`$schema` at its root): a client that
//! validates results with a 2020-12-only engine refuses any other; lowering removes the
//! declaration (a schema without `$schema` is read as 2020-12) and lists the draft-07 keywords
//! whose meaning that changes.

use serde_json::Value;

use super::super::rule::{Check, Field};
use super::super::walk::subschemas;
use super::edit::{discard, Lowering};
use super::view::{Spot, ToolView};

/// The `$schema` of `schema`'s root when it is a string outside `allowed` (compared without a
/// trailing `#`, as the TypeScript SDK does).
#[inline(never)]
fn refused<'v>(schema: &'v Value, allowed: &[&str]) -> Option<&'v str> {
    let declared = schema.get("$schema")?.as_str()?;
    (!allowed.contains(&declared.trim_end_matches('#'))).then_some(declared)
}

/// The `outputSchema` root's `$schema`, when it is not one of `allowed`.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, allowed: &[&str]) -> Option<Spot> {
    let declared = refused(view.value.get(Field::Output.key())?, allowed)?;
    let at = view.at(Field::Output, "", "/$schema");
    let detail =
        format!("`outputSchema` declares the dialect {declared:?}, not JSON Schema 2020-12");
    Some(Spot::new(at, detail).about("$schema"))
}

/// Draft-07 keywords that 2020-12 reads differently or not at all.
const CHANGED: [&str; 2] = ["additionalItems", "dependencies"];

/// Lowering: a refused `$schema` at the `outputSchema` root is removed.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, tool: &mut Value) {
    let allowed: Vec<&'static [&'static str]> = l
        .checks
        .iter()
        .filter_map(|c| match c {
            Check::OutputDialect(list) => Some(*list),
            _ => None,
        })
        .collect();
    let Some(output) = tool.get_mut(Field::Output.key()) else {
        return;
    };
    let Some(declared) = allowed
        .iter()
        .find_map(|list| refused(output, list))
        .map(str::to_owned)
    else {
        return;
    };
    if let Value::Object(members) = output {
        discard(members, "$schema");
    }
    l.change(
        "/outputSchema/$schema".into(),
        format!("removed `$schema` ({declared:?}): the schema is read as JSON Schema 2020-12"),
    );
    let mut changed: Vec<(String, &str)> = Vec::new();
    for sub in subschemas(output) {
        let Some(members) = sub.value.as_object() else {
            continue;
        };
        for keyword in CHANGED.iter().filter(|k| members.contains_key(**k)) {
            changed.push((format!("/outputSchema{}/{keyword}", sub.pointer), keyword));
        }
        if members.get("items").is_some_and(Value::is_array) {
            changed.push((format!("/outputSchema{}/items", sub.pointer), "items"));
        }
    }
    for (at, keyword) in changed {
        let message = format!("`{keyword}` means something else (or nothing) in 2020-12: check the result's shape in the server");
        l.lose(at, keyword, message);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::super::claude_code::DIALECT_2020_12;
    use super::super::super::rule::Check;
    use super::super::edit::Lowering;

    /// The pass a profile with a (non-note) dialect rule runs: a draft-07 `$schema` removed, the
    /// draft-07 keywords whose meaning 2020-12 changes listed as lost; 2020-12 left alone.
    #[test]
    fn lowering_removes_a_refused_dialect() {
        let mut l = Lowering {
            checks: vec![Check::OutputDialect(DIALECT_2020_12)],
            changes: Vec::new(),
            lost: Vec::new(),
        };
        let mut tool = json!({"name": "t", "outputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
            "properties": {"xs": {"type": "array", "items": [{"type": "string"}], "additionalItems": false}}}});
        super::lower(&mut l, &mut tool);
        assert!(tool["outputSchema"].get("$schema").is_none());
        let lost: Vec<&str> = l.lost.iter().map(|x| x.keyword.as_str()).collect();
        assert_eq!(lost, ["additionalItems", "items"]);
        let mut kept = json!({"outputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}});
        let before = kept.clone();
        super::lower(&mut l, &mut kept);
        assert_eq!(kept, before);
    }
}
