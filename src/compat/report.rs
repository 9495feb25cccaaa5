//! The compatibility data as a list to review: every entry, the least recently checked first, with
//! its newest observation and its sources (`compat --data-report`, the wasm export
//! `compatDataReport`).

use serde::Serialize;

use super::data::{builtin, Entry};

/// One entry of the data, as the data report lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DataRow {
    /// The rule's code.
    pub code: String,
    /// The consumer.
    pub consumer: String,
    /// The feature.
    pub feature: String,
    /// The verdict.
    pub verdict: String,
    /// The first version (or date) it holds for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
    /// The first version (or date) it no longer holds for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until: Option<String>,
    /// The newest observation date (`None`: no source is dated).
    pub observed: Option<String>,
    /// The newest date a source was checked.
    pub checked: String,
    /// The sources' URLs.
    pub urls: Vec<String>,
}

impl DataRow {
    /// The row of `entry`.
    fn of(entry: &Entry) -> Self {
        Self {
            code: entry.code.clone(),
            consumer: entry.consumer.clone(),
            feature: entry.feature.clone(),
            verdict: entry.verdict.clone(),
            since: entry.since.clone(),
            until: entry.until.clone(),
            observed: entry.observed().map(str::to_owned),
            checked: entry.checked().to_owned(),
            urls: entry.evidence.iter().map(|e| e.url.clone()).collect(),
        }
    }
}

/// Every built-in entry and every one of `extra`, the least recently checked first (then by
/// consumer and code).
pub fn data_report(extra: &[Entry]) -> Vec<DataRow> {
    let key = |r: &DataRow| (r.checked.clone(), r.consumer.clone(), r.code.clone());
    // An insertion sort (stable; tens of entries): each `sort_by` instantiation costs the wasm
    // build kilobytes.
    let mut rows: Vec<DataRow> = Vec::new();
    for row in builtin().iter().chain(extra).map(DataRow::of) {
        let at = rows
            .iter()
            .position(|r| key(r) > key(&row))
            .unwrap_or(rows.len());
        rows.insert(at, row);
    }
    rows
}
