//! Which entries of the data hold for a target at a version, and the rules they give: the
//! newest observation of the version asked for wins; where two sources of the same period (the
//! same month of observation) disagree on the verdict, the rule is a note naming both, never
//! "the stricter".

use std::cmp::Ordering;

use super::data::Entry;
use super::rule::{Check, Effect, Rule};

/// Compares two versions (`2.1.84`) or dates (`2026-08`) part by part, numerically; a missing
/// part counts as 0 (`2.1` = `2.1.0`).
#[inline(never)]
pub fn compare_versions(a: &str, b: &str) -> Ordering {
    let number = |part: Option<&str>| part.map_or(0, |p| p.parse::<u64>().unwrap_or(0));
    let (mut a, mut b) = (a.split(['.', '-']), b.split(['.', '-']));
    loop {
        let (x, y) = (a.next(), b.next());
        if x.is_none() && y.is_none() {
            return Ordering::Equal;
        }
        let order = number(x).cmp(&number(y));
        if order != Ordering::Equal {
            return order;
        }
    }
}

/// Whether `entry` holds for `version` (`None`: the newest known behaviour, i.e. entries
/// without `until`).
pub fn holds(entry: &Entry, version: Option<&str>) -> bool {
    match version {
        None => entry.until.is_none(),
        Some(v) => {
            let after_since = entry
                .since
                .as_deref()
                .is_none_or(|s| compare_versions(s, v) != Ordering::Greater);
            let before_until = entry
                .until
                .as_deref()
                .is_none_or(|u| compare_versions(v, u) == Ordering::Less);
            after_since && before_until
        }
    }
}

/// The month of a date (`2026-08-18` → `2026-08`), the period two observations share.
fn month(date: Option<&str>) -> Option<&str> {
    date.map(|d| d.get(..7).unwrap_or(d))
}

/// How a report names where a rule comes from: "rejected since 2.1.84 (evidence 2026-08-18)".
fn provenance(entry: &Entry) -> String {
    let mut out = entry.verdict.clone();
    if let Some(since) = &entry.since {
        out.push_str(" since ");
        out.push_str(since);
    }
    if let Some(until) = &entry.until {
        out.push_str(" until ");
        out.push_str(until);
    }
    match entry.observed() {
        Some(date) => out.push_str(&format!(" (evidence {date})")),
        None => out.push_str(&format!(" (evidence undated, checked {})", entry.checked())),
    }
    out
}

/// The first source of an entry.
fn first_url(entry: &Entry) -> &str {
    entry.evidence.first().map_or("", |e| e.url.as_str())
}

/// The rule that `first` and the other observations of its rule among `entries` give for
/// `version`. (The group is filtered where it is read, not collected: each collected `Vec`
/// written out inline at this crate's opt-level cost the wasm build about a kilobyte.)
#[inline(never)]
fn resolve(entries: &[&Entry], first: &Entry, version: Option<&str>) -> Option<Rule> {
    let holding = || {
        entries
            .iter()
            .copied()
            .filter(|e| e.same_rule(first) && holds(e, version))
    };
    // The newest observation (undated ones oldest), then the most recently checked; the first
    // in file order among equals. (A fold, not a sort: each sort instantiation costs the wasm
    // build kilobytes.)
    let newer = |a: &Entry, b: &Entry| (a.observed(), a.checked()) > (b.observed(), b.checked());
    let newest = holding().fold(None, |best: Option<&Entry>, e| match best {
        Some(b) if !newer(e, b) => Some(b),
        _ => Some(e),
    })?;
    let rival = holding()
        .find(|e| month(e.observed()) == month(newest.observed()) && e.verdict != newest.verdict);
    let Some(rival) = rival else {
        return Some(newest.rule(newest.effect()?, provenance(newest)));
    };
    // Same period, different verdicts: a note with both, whichever is stricter.
    let provenance = format!(
        "sources of one period disagree: {} says {}, {} says {}",
        first_url(newest),
        provenance(newest),
        first_url(rival),
        provenance(rival)
    );
    let rule = newest.rule(Effect::Noted, provenance);
    Some(Rule {
        seen: rule.seen.or_else(|| rival.seen.clone()),
        fix: rule.fix.or_else(|| rival.fix.clone()),
        ..rule
    })
}

/// The rules of `consumers` at `version` (which applies to the first consumer, the target's
/// own; the others at their newest), from `entries`, in data order: one per group of
/// observations of one rule, placed at its first. A rule whose code an entry of these consumers
/// `replaces`, where that entry holds, is left out (the host acts before the API it inherits).
/// A keyword that a `keywords` entry of these consumers names is judged by its own entries
/// (their dates and verdicts, `accepted` too), not also by an allow list (`only-keywords`): it is added to the list's allowed keywords.
pub fn rules(entries: &[&Entry], consumers: &[String], version: Option<&str>) -> Vec<Rule> {
    let at = |index: usize| if index == 0 { version } else { None };
    let replaced = |code: &str| {
        entries.iter().any(|e| {
            e.replaces.iter().any(|r| r == code)
                && consumers
                    .iter()
                    .position(|c| *c == e.consumer)
                    .is_some_and(|index| holds(e, at(index)))
        })
    };
    let mut out = Vec::new();
    for (index, consumer) in consumers.iter().enumerate() {
        let version = at(index);
        for (i, entry) in entries.iter().enumerate() {
            if entry.consumer != *consumer
                || entries.iter().take(i).any(|e| e.same_rule(entry))
                || replaced(&entry.code)
            {
                continue;
            }
            out.extend(resolve(entries, entry, version));
        }
    }
    let own = entries
        .iter()
        .filter(|e| consumers.contains(&e.consumer))
        .filter_map(|e| match &e.check {
            Check::Keywords(keywords) => Some(keywords),
            _ => None,
        })
        .flatten();
    for rule in &mut out {
        if let Check::OnlyKeywords(allowed) = &mut rule.check {
            for keyword in own.clone() {
                if !allowed.contains(keyword) {
                    allowed.push(keyword.clone());
                }
            }
        }
    }
    out
}
