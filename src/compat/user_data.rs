//! Compatibility data a user gives (`--compat-data`, `checkCompatibility`'s `data`, the page):
//! entries, and targets it declares (a gateway or a model host the built-in data does not know),
//! validated against the data schema and then against the known targets, every error positioned
//! in the text.

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::json::{parse, ReadOptions};

use super::data::{read_data, Entry};
use super::target::{declared_in, Target};

/// What a user's data file gives.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UserData {
    /// Its entries.
    pub entries: Vec<Entry>,
    /// The targets it declares (none of them built in).
    pub targets: Vec<Target>,
}

/// Reads a user's data file: positioned diagnostics (code `compat-data-invalid`) when it is not
/// JSON, not valid against the data schema, declares a built-in target again (or one twice),
/// inherits a consumer no target runs, or has an entry for a consumer no target runs (a typo in
/// a consumer's name would otherwise be data that never applies); else its entries and targets.
pub fn read_user_data(text: &str) -> Result<UserData, Vec<Diagnostic>> {
    let entries = read_data(text)?;
    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let targets = declared_in(&value).map_err(|e| vec![Diagnostic::error(INVALID, e)])?;
    let mut problems: Vec<(String, String)> = Vec::new();
    for (i, target) in targets.iter().enumerate() {
        let at = format!("/targets/{i}/name");
        if Target::parse(target.name()).is_some() {
            problems.push((at, format!("target {:?} is built in: add entries for its consumers instead of declaring it again", target.name())));
        } else if let Some(first) = targets.iter().take(i).position(|t| t == target) {
            problems.push((
                at,
                format!(
                    "target {:?} is declared twice (first at /targets/{first})",
                    target.name()
                ),
            ));
        }
    }
    // A consumer a built-in target runs, or one a declared target runs as its own.
    let built_in = |consumer: &str| {
        Target::all()
            .iter()
            .any(|t| t.consumers().iter().any(|c| c == consumer))
    };
    let own = |consumer: &str| {
        targets
            .iter()
            .any(|t| t.consumers().first().is_some_and(|c| c == consumer))
    };
    for (i, target) in targets.iter().enumerate() {
        for (k, inherited) in target.consumers().iter().enumerate().skip(1) {
            if !built_in(inherited) && !own(inherited) {
                problems.push((
                    format!("/targets/{i}/inherits/{}", k - 1),
                    format!(
                        "no target runs consumer {inherited:?}: inherit one of {}",
                        consumer_names(&targets)
                    ),
                ));
            }
        }
    }
    for (i, entry) in entries.iter().enumerate() {
        let declared = targets
            .iter()
            .any(|t| t.consumers().contains(&entry.consumer));
        if !built_in(&entry.consumer) && !declared {
            problems.push((
                format!("/entries/{i}/consumer"),
                format!("no target runs consumer {:?}: use one of {}, or declare a target for it in `targets`", entry.consumer, consumer_names(&targets)),
            ));
        }
    }
    if problems.is_empty() {
        return Ok(UserData { entries, targets });
    }
    let doc = parse(text, ReadOptions::default()).ok();
    Err(problems
        .into_iter()
        .map(|(pointer, message)| {
            let span = doc.as_ref().and_then(|d| d.span_at(&pointer));
            Diagnostic::error(INVALID, message)
                .with_span(span)
                .at_pointer(pointer)
        })
        .collect())
}

/// The code of every error about compatibility data.
const INVALID: &str = "compat-data-invalid";

/// The consumers the built-in targets and `declared` run, for messages.
fn consumer_names(declared: &[Target]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for target in Target::all().iter().chain(declared) {
        for consumer in target.consumers() {
            if !names.contains(&consumer.as_str()) {
                names.push(consumer);
            }
        }
    }
    names.join(", ")
}
