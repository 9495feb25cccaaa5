//! A log reading as columns: what `readLog` hands to JavaScript instead of one JSON text of
//! every entry. The numbers of each entry and context line (flags and span) in one `Uint32Array`,
//! the times in a `Float64Array`, the texts that are no slice of the pasted string in one string
//! with their ends, and the few rest (format, findings, HTTP requests, levels) as JSON.
//! `runtime/load/columns.js` lays them out as the plain `Log` the TypeScript types describe (the
//! same fields, in the same order, as serde writes them). Translation only: the crate decided
//! every value.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::conversions::{decode_utf8, to_js};
use crate::diagnostic::{Diagnostic, Span};
use crate::host::logs::{Http, Log, LogFormat};
use crate::host::Direction;

/// Numbers per row of [`Columns::cells`]: the flags, then the span's six.
const CELLS: usize = 7;

/// An entry's flags: bits 0–1 its direction (0 none, 1 client, 2 server).
const CLIENT: u32 = 1;
const SERVER: u32 = 2;
/// An entry has a time (in `times`).
const TIMED: u32 = 1 << 2;
/// An entry's message, or a context line's text, is the next string of the table (else the slice
/// of the pasted string its span covers).
const IN_TABLE: u32 = 1 << 3;
/// An entry has an HTTP request (the next of `http`).
const WITH_HTTP: u32 = 1 << 4;
/// A context line's level: its index in `levels`, plus one (0: none), from this bit on.
const LEVEL_SHIFT: u32 = 5;

/// What crosses as JSON: all but the entries and context lines.
#[derive(Serialize)]
struct Head<'a> {
    format: LogFormat,
    detected: &'a str,
    diagnostics: &'a [Diagnostic],
    /// The entries' HTTP requests, in order.
    http: Vec<&'a Http>,
    /// The context lines' levels, each once.
    levels: Vec<&'a str>,
}

/// The columns being filled.
#[derive(Default)]
struct Columns {
    /// Per entry, then per context line: flags, start, end, line, column, end line, end column.
    cells: Vec<u32>,
    /// Per entry: its time (ms since the epoch), NaN when none.
    times: Vec<f64>,
    /// The texts that cross whole, one after the other (UTF-8).
    strings: Vec<u8>,
    /// Where each text of `strings` ends, in UTF-16 units.
    ends: Vec<u32>,
    /// UTF-16 units in `strings` so far.
    units: u32,
}

impl Columns {
    /// A row: its flags and span.
    fn row(&mut self, flags: u32, span: &Span) {
        let numbers = [
            span.start,
            span.end,
            span.line,
            span.column,
            span.end_line,
            span.end_column,
        ];
        self.cells.push(flags);
        self.cells.extend(numbers.map(|n| n as u32));
    }

    /// `text` added to the table.
    fn string(&mut self, text: &str) {
        let units = if text.is_ascii() {
            text.len()
        } else {
            text.encode_utf16().count()
        };
        self.strings.extend_from_slice(text.as_bytes());
        self.units += units as u32;
        self.ends.push(self.units);
    }
}

/// `log` (read from `source`) as columns; `sliced` when the pasted text is a JavaScript string
/// the messages can be sliced from (else every text crosses in the table).
pub(crate) fn log_columns(log: &Log, source: &str, sliced: bool) -> Result<JsValue, JsValue> {
    let mut columns = Columns {
        cells: Vec::with_capacity((log.entries.len() + log.context.len()) * CELLS),
        times: Vec::with_capacity(log.entries.len()),
        ..Columns::default()
    };
    let mut http = Vec::new();
    for entry in &log.entries {
        let mut flags = match entry.direction {
            None => 0,
            Some(Direction::Client) => CLIENT,
            Some(Direction::Server) => SERVER,
        };
        if entry.time_ms.is_some() {
            flags |= TIMED;
        }
        if !(sliced && entry.map.is_verbatim()) {
            flags |= IN_TABLE;
            columns.string(&entry.message);
        }
        if let Some(request) = &entry.http {
            flags |= WITH_HTTP;
            http.push(request);
        }
        columns.row(flags, &entry.span);
        columns
            .times
            .push(entry.time_ms.map_or(f64::NAN, |t| t as f64));
    }
    let mut levels: Vec<&str> = Vec::new();
    for line in &log.context {
        let mut flags = 0;
        if let Some(level) = &line.level {
            let at = levels.iter().position(|l| l == level).unwrap_or_else(|| {
                levels.push(level);
                levels.len() - 1
            });
            flags |= (at as u32 + 1) << LEVEL_SHIFT;
        }
        let bytes = line.span.bytes;
        if !(sliced && source.get(bytes.start..bytes.end) == Some(line.text.as_str())) {
            flags |= IN_TABLE;
            columns.string(&line.text);
        }
        columns.row(flags, &line.span);
    }
    let head = Head {
        format: log.format,
        detected: &log.detected,
        diagnostics: &log.diagnostics,
        http,
        levels,
    };
    let object = js_sys::Object::new();
    let set = |key: &str, value: &JsValue| js_sys::Reflect::set(&object, &key.into(), value);
    set("head", &to_js(&head)?)?;
    set("cells", &js_sys::Uint32Array::from(&columns.cells[..]))?;
    set("times", &js_sys::Float64Array::from(&columns.times[..]))?;
    set("strings", &decode_utf8(&columns.strings))?;
    set("ends", &js_sys::Uint32Array::from(&columns.ends[..]))?;
    Ok(object.into())
}
