//! The compatibility data as a list to review: every entry, the least recently checked first, with
//! its newest observation and its sources (`compat --data-report`, the wasm export
//! `compatDataReport`).

use serde::Serialize;

use crate::diagnostic::Diagnostic;

use super::data::{builtin, Entry};
use super::user_data::read_user_data;

/// One entry of the data, as the data report lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "CompatDataRow"))]
pub struct DataRow {
    /// The rule's code.
    pub code: String,
    /// The consumer.
    pub consumer: String,
    /// The feature.
    pub feature: String,
    /// The verdict.
    // A `String` (the data's own word, `noted` beside the verdicts), no enum to derive from.
    #[cfg_attr(test, ts(type = "CompatVerdict | \"noted\""))]
    pub verdict: String,
    /// The first version (or date) it holds for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub since: Option<String>,
    /// The first version (or date) it no longer holds for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
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

/// What the data report of a user's data text gives (the wasm export `compatDataReport`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "CompatDataReport"))]
pub struct DataReport {
    /// Every entry, the least recently checked first.
    pub rows: Vec<DataRow>,
    /// What is wrong with the user's data, positioned in its text (its entries then left out).
    pub diagnostics: Vec<Diagnostic>,
}

/// The data report of the built-in data and of the data file `text`, when given (bad data is
/// reported, not thrown).
pub fn data_report_of(text: Option<&str>) -> DataReport {
    let (extra, diagnostics) = match text.map(read_user_data) {
        None => (Vec::new(), Vec::new()),
        Some(Ok(data)) => (data.entries, Vec::new()),
        Some(Err(errors)) => (Vec::new(), errors),
    };
    DataReport {
        rows: data_report(&extra),
        diagnostics,
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
