//! The compatibility data: one entry per consumer × feature (`compat-data/*.json` at the crate
//! root, embedded at build time without their `description` prose; `compat-data/schema.json`
//! says what an entry is). Each entry gives the verdict, the consumer versions (or dates) it
//! holds for, what users see, the fix and public evidence with dates. Extra data a user gives
//! (a gateway's own limits) has the same format and is validated against the same schema, with
//! positioned errors ([`read_data`]).

use serde_json::{Map, Value};

use crate::diagnostic::Diagnostic;
use crate::json::{parse, ReadOptions};
use crate::validate::ValidateOptions;
use crate::validator::Validator;

use super::checks::{read, with::With};
use super::params::Field;
use super::rule::{Check, Effect, Rule};

/// The built-in data files, by name, in name order (as `build.rs` writes them: no whitespace, no
/// prose; every `compat-data/*.json` but the schema).
const FILES: &[(&str, &str)] = &include!(concat!(env!("OUT_DIR"), "/compat-data/files.rs"));

/// The JSON Schema of a data file.
pub const SCHEMA: &str = include_str!(concat!(env!("OUT_DIR"), "/compat-data/schema.json"));

/// One piece of evidence: a public source, when what it shows was observed, when it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evidence {
    /// The public URL.
    pub url: String,
    /// The date of the observation (the report's or the page's), when known.
    pub observed: Option<String>,
    /// The date it was last checked.
    pub checked: String,
    /// The consumer version the source shows, if it says.
    pub version: Option<String>,
}

/// One entry: a consumer × feature, with its verdict, range, words and evidence.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The diagnostic code; entries with one code, consumer and feature are observations of one
    /// rule, resolved by version and date.
    pub code: String,
    /// The consumer (`anthropic`, `claude-code`, `gemini-parameters`…).
    pub consumer: String,
    /// The feature's name in the data (`root-keywords`…).
    pub feature: String,
    /// The feature with its parameters.
    pub check: Check,
    /// The schema field the feature is about (`with.field`), for a feature that reads one.
    pub field: Option<Field>,
    /// The verdict: `accepted` (no finding), `noted` (an info finding, no verdict), or what the
    /// consumer does.
    pub verdict: String,
    /// The first version (or date) it holds for.
    pub since: Option<String>,
    /// The first version (or date) it no longer holds for.
    pub until: Option<String>,
    /// What users see.
    pub seen: Option<String>,
    /// The fix.
    pub fix: Option<String>,
    /// The evidence, at least one.
    pub evidence: Vec<Evidence>,
    /// The codes of rules of the consumers the target inherits that this entry takes the place
    /// of wherever it holds (Claude Code rewrites a name before the Anthropic API could refuse
    /// it: `anthropic/name` is not Claude Code's verdict).
    pub replaces: Vec<String>,
}

impl Entry {
    /// The rule this entry gives, with `effect` and its `provenance` text. (One place that copies
    /// an entry's texts: at this crate's opt-level each copy written out inline cost the wasm
    /// build about a kilobyte.)
    #[inline(never)]
    pub fn rule(&self, effect: Effect, provenance: String) -> Rule {
        Rule {
            code: self.code.clone(),
            effect,
            check: self.check.clone(),
            seen: self.seen.clone(),
            fix: self.fix.clone(),
            provenance,
        }
    }
}

impl Entry {
    /// The effect of the verdict (`None` for `accepted`: no finding).
    pub fn effect(&self) -> Option<Effect> {
        Some(match self.verdict.as_str() {
            "rewritten" => Effect::Rewritten,
            "dropped" => Effect::Dropped,
            "rejected" => Effect::Rejected,
            "noted" => Effect::Noted,
            _ => return None,
        })
    }

    /// The newest observation date among the evidence (`None` when no source is dated).
    #[inline(never)]
    pub fn observed(&self) -> Option<&str> {
        self.evidence
            .iter()
            .filter_map(|e| e.observed.as_deref())
            .max()
    }

    /// The newest date it was checked.
    #[inline(never)]
    pub fn checked(&self) -> &str {
        self.evidence
            .iter()
            .map(|e| e.checked.as_str())
            .max()
            .unwrap_or_default()
    }

    /// Whether two entries are observations of one rule: one code, consumer and feature, and
    /// the same schema field where the feature has one.
    #[inline(never)]
    pub fn same_rule(&self, other: &Entry) -> bool {
        self.code == other.code
            && self.consumer == other.consumer
            && self.feature == other.feature
            && self.field == other.field
    }
}

/// Every built-in entry, in file order (read once).
pub fn builtin() -> &'static [Entry] {
    static ENTRIES: std::sync::OnceLock<Vec<Entry>> = std::sync::OnceLock::new();
    ENTRIES.get_or_init(|| {
        FILES
            .iter()
            .flat_map(|(_, text)| {
                // The files are held to the schema and read by a test
                // (`tests/native/compat_data.rs`), so nothing is left out here.
                let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
                entries_of(&value).unwrap_or_default()
            })
            .collect()
    })
}

/// The names and texts of the built-in data files (as embedded).
pub fn builtin_files() -> &'static [(&'static str, &'static str)] {
    FILES
}

/// Reads a data file's text given by a user: positioned diagnostics when it is not JSON or not
/// valid against [`SCHEMA`] (code `compat-data-invalid`), else its entries.
pub fn read_data(text: &str) -> Result<Vec<Entry>, Vec<Diagnostic>> {
    if let Err(error) = parse(text, ReadOptions::default()) {
        return Err(vec![error.diagnostic()]);
    }
    let validator =
        Validator::new(SCHEMA, &ValidateOptions::default()).map_err(|errors| errors.diagnostics)?;
    let report = validator.validate(text);
    if !report.valid {
        return Err(report
            .diagnostics
            .into_iter()
            .filter(Diagnostic::is_error)
            .map(|d| d.with_code("compat-data-invalid"))
            .collect());
    }
    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    entries_of(&value).map_err(|e| vec![Diagnostic::error("compat-data-invalid", e)])
}

/// The entries of a data file already valid against [`SCHEMA`].
fn entries_of(file: &Value) -> Result<Vec<Entry>, String> {
    let items = file
        .get("entries")
        .and_then(Value::as_array)
        .ok_or("no `entries` array")?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| entry(item).map_err(|e| format!("/entries/{i}: {e}")))
        .collect()
}

/// A string member.
#[inline(never)]
fn text(map: &Map<String, Value>, key: &str) -> Option<String> {
    map.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// One entry.
#[inline(never)]
fn entry(value: &Value) -> Result<Entry, String> {
    let map = value.as_object().ok_or("an entry is an object")?;
    let empty = Map::new();
    let with = With::new(map.get("with").and_then(Value::as_object).unwrap_or(&empty));
    let feature = text(map, "feature").ok_or("`feature` is needed")?;
    let check = read(&feature, &with)?;
    let evidence = map
        .get("evidence")
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(Value::as_object)
                .map(|e| Evidence {
                    url: text(e, "url").unwrap_or_default(),
                    observed: text(e, "observed"),
                    checked: text(e, "checked").unwrap_or_default(),
                    version: text(e, "version"),
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(Entry {
        code: text(map, "code").ok_or("`code` is needed")?,
        consumer: text(map, "consumer").ok_or("`consumer` is needed")?,
        check,
        field: with.field_read(),
        feature,
        verdict: text(map, "verdict").ok_or("`verdict` is needed")?,
        since: text(map, "since"),
        until: text(map, "until"),
        seen: text(map, "seen"),
        fix: text(map, "fix"),
        evidence,
        replaces: map
            .get("replaces")
            .and_then(Value::as_array)
            .map(|codes| {
                codes
                    .iter()
                    .filter_map(|c| c.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default(),
    })
}
