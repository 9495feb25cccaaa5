//! Rules on the whole tool list: how many tools, duplicate names (as sent or after a host's
//! rewrite), strict budgets. No lowering: lowering rewrites one tool.

use std::collections::HashMap;

use super::super::params::Field;
use super::all_required::optional_properties;
use super::view::{Spot, ToolView};

/// Why lowering leaves a list's findings.
pub(super) const CANNOT_LOWER: &str =
    "lowering cannot fix this: it rewrites one tool at a time, and a list's tool count, the \
     names of its other tools and its budget are the server's (leave tools out, split the server \
     or rename tools)";

/// At most `max` tools: a finding on the list when it has more.
#[inline(never)]
pub(super) fn max_tools(views: &[ToolView<'_>], list: &str, max: usize) -> Vec<Spot> {
    (views.len() > max)
        .then(|| {
            Spot::new(
                list.to_owned(),
                format!("{} tools; at most {max} are taken", views.len()),
            )
        })
        .into_iter()
        .collect()
}

/// A strict budget: at most `tools` tools, and `optional` optional parameters over all tools.
#[inline(never)]
pub(super) fn strict_budget(
    views: &[ToolView<'_>],
    list: &str,
    tools: usize,
    optional: usize,
) -> Vec<Spot> {
    let mut spots = Vec::new();
    if views.len() > tools {
        let detail = format!("{} strict tools; more than {tools}", views.len());
        spots.push(Spot::new(list.to_owned(), detail));
    }
    let count: usize = views
        .iter()
        .flat_map(|v| v.subs(Field::Input))
        .map(|sub| optional_properties(sub.value).len())
        .sum();
    if count > optional {
        let detail = format!("{count} optional parameters in all; more than {optional}");
        spots.push(Spot::new(list.to_owned(), detail));
    }
    spots
}

/// One finding per tool whose name, as `key` makes it, an earlier tool already has.
#[inline(never)]
pub(super) fn duplicates(views: &[ToolView<'_>], key: &dyn Fn(&str) -> String) -> Vec<Spot> {
    let mut seen: HashMap<String, (&str, &str)> = HashMap::new();
    let mut spots = Vec::new();
    for view in views {
        let Some(name) = view.name else { continue };
        let made = key(name);
        match seen.get(&made) {
            Some((first, at)) => {
                let detail = if *first == name {
                    format!("tool {name:?} is already defined at {at}")
                } else {
                    format!("tool {name:?} becomes {made:?}, as tool {first:?} at {at} does")
                };
                spots.push(Spot::new(format!("{}/name", view.pointer), detail));
            }
            None => {
                seen.insert(made, (name, view.pointer));
            }
        }
    }
    spots
}
