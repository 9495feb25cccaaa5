//! The fuzz targets' checks, one module per target (`run(data)` panics on any finding), and what
//! they share: options drawn from the input itself, and the position checks every error and span
//! must pass. libFuzzer runs them through `fuzz_targets/<name>.rs`; the corpus replay
//! (`fuzz/replay.rs`, `make test-fuzz-replay`) runs them over `fuzz/seeds/<name>/` on stable.
//!
//! Options come from a hash of the input rather than from its first bytes, so the seed corpora
//! (plain JSON files) are fuzzed as they are and every crash reproduces from its file alone.

use mcp_json_toolbox::json::{JsonError, ReadOptions};
use mcp_json_toolbox::{ByteRange, Diagnostic, FormatOptions, Indent, LineIndex, Span};

pub mod classify;
pub mod compat;
pub mod fast_path;
pub mod host_checks;
pub mod parse_format;
pub mod read_log;
pub mod reader;
pub mod replay_session;
pub mod session_push;
pub mod validate_arguments;

/// A target: its name (as in `fuzz_targets/<name>.rs`, `fuzz/seeds/<name>/` and `run.sh`) and
/// its checks.
pub type Target = (&'static str, fn(&[u8]));

/// Every target.
pub const TARGETS: &[Target] = &[
    ("parse_format", parse_format::run),
    ("reader", reader::run),
    ("replay_session", replay_session::run),
    ("session_push", session_push::run),
    ("host_checks", host_checks::run),
    ("classify", classify::run),
    ("validate_arguments", validate_arguments::run),
    ("fast_path", fast_path::run),
    ("compat", compat::run),
    ("read_log", read_log::run),
];

/// The output limit of the targets: inputs are at most 64 KiB, and the default 256 MiB would let
/// one deep input take seconds.
pub const OUTPUT_LIMIT: usize = 1 << 20;

/// A small deterministic random source seeded from the input.
pub struct Dice(u64);

impl Dice {
    /// Seeds from an FNV-1a hash of `data`.
    pub fn from_bytes(data: &[u8]) -> Self {
        let hash = data.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        Self(hash)
    }

    /// The next 64 random bits (splitmix64).
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// A limit: usually `default`, sometimes tiny, sometimes zero or huge.
    pub fn limit(&mut self, default: usize) -> usize {
        match self.below(8) {
            0 => 0,
            1 | 2 => self.below(12) as usize,
            3 => usize::MAX,
            _ => default,
        }
    }
}

/// Random reader options with the limits sometimes set very low.
pub fn read_options(dice: &mut Dice) -> ReadOptions {
    let d = ReadOptions::default();
    ReadOptions {
        max_depth: dice.limit(d.max_depth),
        detect_duplicate_keys: !dice.one_in(4),
        max_input_bytes: if dice.one_in(8) {
            dice.below(64) as usize
        } else {
            d.max_input_bytes
        },
        max_warnings: dice.limit(d.max_warnings),
    }
}

/// Random format options, every option and limit exercised.
pub fn format_options(dice: &mut Dice) -> FormatOptions {
    let read = read_options(dice);
    FormatOptions {
        indent: if dice.one_in(6) {
            Indent::Tab
        } else {
            Indent::Spaces(dice.below(9) as u8)
        },
        minify: dice.one_in(3),
        sort_keys: dice.one_in(3),
        ensure_ascii: dice.one_in(3),
        unwrap_string: dice.one_in(3),
        max_depth: read.max_depth,
        max_input_bytes: read.max_input_bytes,
        max_diagnostics: read.max_warnings,
        // Never unlimited: with unlimited depth, indentation makes the output quadratic by design.
        max_output_bytes: if dice.one_in(8) {
            dice.below(256) as usize
        } else {
            OUTPUT_LIMIT
        },
    }
}

/// Asserts that an error's position lies in `text` and that its line/column fields agree with
/// its byte offset.
pub fn check_error(text: &str, error: &JsonError) {
    assert!(
        error.byte_offset <= text.len(),
        "error beyond the input: {error:?}"
    );
    let pos = LineIndex::new(text).position(error.byte_offset);
    assert_eq!(
        (error.line, error.column, error.offset, error.byte_column),
        (
            pos.line,
            pos.utf16_column,
            pos.utf16_offset,
            pos.byte_column
        ),
        "error position fields disagree: {error:?}"
    );
    assert!(error.line >= 1 && error.column >= 1, "{error:?}");
    assert!(
        !error.message.is_empty() && !error.snippet.is_empty(),
        "{error:?}"
    );
}

/// Asserts that a span lies in `text` and matches its byte range.
pub fn check_span(text: &str, index: &LineIndex<'_>, span: &Span) {
    let ByteRange { start, end } = span.bytes;
    assert!(
        start <= end && end <= text.len(),
        "span beyond the input: {span:?}"
    );
    assert_eq!(
        *span,
        index.span(span.bytes),
        "span fields disagree with its bytes"
    );
}

/// Splits a fuzz input in two texts at its first `0xFF` byte (never part of UTF-8, so a seed file
/// stays whole): the part before and, if there was a separator, the part after.
pub fn split_texts(data: &[u8]) -> (&[u8], Option<&[u8]>) {
    match data.iter().position(|&b| b == 0xFF) {
        Some(at) => (&data[..at], Some(&data[at + 1..])),
        None => (data, None),
    }
}

/// [`split_texts`] as UTF-8: the first text and the second (the first again without a separator),
/// or `None` if either is not UTF-8.
pub fn split_utf8(data: &[u8]) -> Option<(&str, &str)> {
    let (first, second) = split_texts(data);
    let first = std::str::from_utf8(first).ok()?;
    let second = second.map_or(Ok(first), std::str::from_utf8).ok()?;
    Some((first, second))
}

/// Asserts that every diagnostic (children included) has its span in `text` and its schema span,
/// if `schema_text` is given, in `schema_text`.
pub fn check_diagnostics(text: &str, schema_text: Option<&str>, diagnostics: &[Diagnostic]) {
    let index = LineIndex::new(text);
    let schema_index = schema_text.map(LineIndex::new);
    let mut stack: Vec<&Diagnostic> = diagnostics.iter().collect();
    while let Some(diagnostic) = stack.pop() {
        assert!(
            !diagnostic.code.is_empty() && !diagnostic.message.is_empty(),
            "{diagnostic:?}"
        );
        if let Some(span) = &diagnostic.span {
            check_span(text, &index, span);
        }
        if let (Some(span), Some(schema), Some(schema_index)) =
            (&diagnostic.schema_span, schema_text, &schema_index)
        {
            check_span(schema, schema_index, span);
        }
        stack.extend(&diagnostic.children);
    }
}
