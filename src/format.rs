//! Exact JSON pretty-printing: numbers, escapes and key order stay as written.
//!
//! The formatter streams tokens from the [`Reader`] straight to the output, so a large document is
//! never held as a tree; only `sort_keys` builds one, because sorting needs whole objects.

use serde::{Deserialize, Serialize};

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, DEFAULT_MAX_DIAGNOSTICS};
use crate::json::error::JsonError;
use crate::json::reader::{
    ReadOptions, Reader, TokenKind, DEFAULT_MAX_DEPTH, DEFAULT_MAX_INPUT_BYTES,
};
use crate::json::string::push_lexeme_ascii;
use crate::json::tree::{parse, reader_diagnostics, Document, Node, NodeKind, MAX_TREE_DEPTH};
use crate::json::utf8::from_utf8;

/// How to indent nested values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// Read by a hand-written `Deserialize` (below): a number or `"tab"`, which no derive can say.
#[cfg_attr(test, derive(ts_rs::TS), ts(type = "number | \"tab\""))]
pub enum Indent {
    /// This many spaces per level (0 to 8). Zero puts one item per line without indentation.
    Spaces(u8),
    /// One tab per level.
    Tab,
}

impl Default for Indent {
    fn default() -> Self {
        Indent::Spaces(2)
    }
}

impl<'de> Deserialize<'de> for Indent {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        de.deserialize_any(IndentVisitor)
    }
}

/// Accepts an integer 0-8 or `"tab"` (also through serde_json's `arbitrary_precision` numbers).
struct IndentVisitor;

impl<'de> serde::de::Visitor<'de> for IndentVisitor {
    type Value = Indent;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an integer from 0 to 8 or \"tab\"")
    }

    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Indent, E> {
        u8::try_from(n)
            .ok()
            .filter(|n| *n <= 8)
            .map(Indent::Spaces)
            .ok_or_else(|| E::custom("indent must be an integer from 0 to 8 or \"tab\""))
    }

    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Indent, E> {
        self.visit_u64(u64::try_from(n).unwrap_or(u64::MAX))
    }

    fn visit_f64<E: serde::de::Error>(self, n: f64) -> Result<Indent, E> {
        let whole = n.fract() == 0.0 && (0.0..=8.0).contains(&n);
        self.visit_u64(if whole { n as u64 } else { u64::MAX })
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Indent, E> {
        match s {
            "tab" | "\t" => Ok(Indent::Tab),
            _ => s
                .parse::<u64>()
                .map_err(|_| E::invalid_value(serde::de::Unexpected::Str(s), &self))
                .and_then(|n| self.visit_u64(n)),
        }
    }

    /// serde_json with `arbitrary_precision` hands numbers over as a one-entry map.
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Indent, A::Error> {
        match map.next_entry::<String, String>()? {
            Some((_, number)) => self.visit_str(&number),
            None => Err(serde::de::Error::invalid_type(
                serde::de::Unexpected::Map,
                &self,
            )),
        }
    }
}

/// Options of `format` (in JavaScript the same names in camelCase, each optional).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FormatOptions {
    /// Spaces per level (0-8) or "tab"; default 2. 0 puts one item per line without indentation.
    #[cfg_attr(test, ts(as = "Option<_>", optional, inline))]
    pub indent: Indent,
    /// No white space at all (overrides `indent`).
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub minify: bool,
    /// Sort object keys by code point, stably (duplicates keep their order).
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub sort_keys: bool,
    /// Escape every non-ASCII character as `\uXXXX`.
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub ensure_ascii: bool,
    /// If the document is a string whose content is JSON, format that content (repeatedly).
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub unwrap_string: bool,
    /// Deepest nesting accepted; default 512.
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub max_depth: usize,
    /// Longest input accepted, in UTF-8 bytes; default 268435456 (256 MiB). Longer input is a
    /// `JsonError` with code `size-limit`.
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub max_input_bytes: usize,
    /// Most warnings returned; the rest are counted in one final `more-diagnostics` info
    /// diagnostic. Default 100.
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub max_diagnostics: usize,
    /// Longest output produced, in UTF-8 bytes; default 268435456 (256 MiB). Deep indentation
    /// can make the output hundreds of times longer than the input; past the limit a `JsonError`
    /// with code `size-limit` is returned (so this bounds memory and time too).
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub max_output_bytes: usize,
}

/// Default output size limit: 256 MiB (a JavaScript string holds at most about 512 Mi units).
pub const DEFAULT_MAX_OUTPUT_BYTES: usize = 256 * 1024 * 1024;

impl Default for FormatOptions {
    fn default() -> Self {
        Self {
            indent: Indent::default(),
            minify: false,
            sort_keys: false,
            ensure_ascii: false,
            unwrap_string: false,
            max_depth: DEFAULT_MAX_DEPTH,
            max_input_bytes: DEFAULT_MAX_INPUT_BYTES,
            max_diagnostics: DEFAULT_MAX_DIAGNOSTICS,
            max_output_bytes: DEFAULT_MAX_OUTPUT_BYTES,
        }
    }
}

/// The result of [`format_document`] (in JavaScript `FormatResult`, what `formatDocument` returns).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "FormatResult"))]
#[serde(rename_all = "camelCase")]
pub struct Formatted {
    /// The formatted text (no trailing newline).
    #[serde(rename = "output")]
    pub text: String,
    /// Warnings (duplicate keys, lone surrogates, ...) and notes about unwrapping. When the input
    /// was unwrapped, spans point into the innermost unwrapped text.
    pub diagnostics: Vec<Diagnostic>,
    /// How many string layers `unwrap_string` removed.
    pub unwrap_depth: usize,
}

/// Formats `text` as `format --check` judges a file: [`format_document`]'s result, with an
/// `unformatted` error among its diagnostics when `text` is not exactly its output followed by one
/// newline (what `format --write` leaves), at the first character where they differ.
pub fn check_formatted(text: &str, options: &FormatOptions) -> Result<Formatted, JsonError> {
    let mut formatted = format_document(text, options)?;
    let expected = [formatted.text.as_bytes(), b"\n"].concat();
    let same = text
        .bytes()
        .zip(expected.iter())
        .take_while(|(a, b)| a == *b)
        .count();
    if same < text.len().max(expected.len()) {
        // Back to the start of the character: a span never splits one.
        let at = (0..=same)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        let span = LineIndex::new(text).span(ByteRange::new(at, at));
        let message = "not formatted: from here the text differs from its formatted form \
                       (`format --write` rewrites it)";
        formatted
            .diagnostics
            .push(Diagnostic::error("unformatted", message).with_span(Some(span)));
    }
    Ok(formatted)
}

/// Formats `text`; see [`format_document`] for the warnings.
pub fn format(text: &str, options: &FormatOptions) -> Result<String, JsonError> {
    format_document(text, options).map(|f| f.text)
}

/// Like [`format`] for bytes that should be UTF-8; invalid UTF-8 is an `invalid-utf8` error.
pub fn format_bytes(bytes: &[u8], options: &FormatOptions) -> Result<String, JsonError> {
    format(from_utf8(bytes)?, options)
}

/// Formats `text` and reports what it noticed on the way.
pub fn format_document(text: &str, options: &FormatOptions) -> Result<Formatted, JsonError> {
    // Sorting builds a tree, which is capped: check unwrapped strings against the same depth.
    let max_depth = if options.sort_keys {
        options.max_depth.min(MAX_TREE_DEPTH)
    } else {
        options.max_depth
    };
    let read = ReadOptions {
        max_depth,
        detect_duplicate_keys: true,
        max_input_bytes: options.max_input_bytes,
        max_warnings: options.max_diagnostics,
    };
    let mut diagnostics = Vec::new();
    let (inner, unwrap_depth) = if options.unwrap_string {
        unwrap_strings(text, read, &mut diagnostics)?
    } else {
        (None, 0)
    };
    let source = inner.as_deref().unwrap_or(text);
    // Indentation typically doubles a minified document; one allocation up front avoids copies.
    let growth = if options.minify { 0 } else { source.len() };
    let mut out = String::with_capacity(source.len() + growth);
    let mut writer = Writer::new(&mut out, options);
    let too_long = |at: usize| output_limit(text, at, unwrap_depth > 0, options.max_output_bytes);
    if options.sort_keys {
        let doc = parse(source, read)?;
        emit_sorted(&doc, &doc.root, &mut writer).map_err(too_long)?;
        diagnostics.extend(doc.warnings);
    } else {
        let mut reader = Reader::new(source, read);
        while let Some(token) = reader.next_token()? {
            let lexeme = source
                .get(token.range.start..token.range.end)
                .unwrap_or_default();
            writer.token(token.kind, lexeme);
            if writer.overflowed() {
                return Err(too_long(token.range.start));
            }
        }
        if !reader.warnings().is_empty() || reader.dropped_warnings() > 0 {
            let index = LineIndex::new(source);
            diagnostics.extend(reader_diagnostics(&mut reader, &index));
        }
    }
    Ok(Formatted {
        text: out,
        diagnostics,
        unwrap_depth,
    })
}

/// The output outgrew [`FormatOptions::max_output_bytes`] while writing the value at byte `at`
/// of the formatted text; when that text was unwrapped from `text`, the error points at its start.
fn output_limit(text: &str, at: usize, unwrapped: bool, max: usize) -> JsonError {
    let (at, note) = if unwrapped {
        (0, " (in the unwrapped JSON)")
    } else {
        (at, "")
    };
    JsonError::at(
        text,
        at,
        "size-limit",
        format!("the formatted output outgrows the limit of {max} bytes here{note}; minify or raise the limit"),
    )
}

/// Most string layers [`unwrap_strings`] removes.
const MAX_UNWRAP: usize = 16;

/// While the document is a string holding JSON, replaces it by that JSON. Returns the innermost
/// text (if any layer was removed) and the number of layers.
fn unwrap_strings(
    text: &str,
    read: ReadOptions,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<(Option<String>, usize), JsonError> {
    let mut current: Option<String> = None;
    let mut depth = 0;
    loop {
        let source = current.as_deref().unwrap_or(text);
        let doc = parse_string_root(source, read)?;
        let Some(inner) = doc else { break };
        if depth == MAX_UNWRAP {
            diagnostics.push(Diagnostic::warning(
                "unwrap-limit",
                format!("stopped unwrapping after {MAX_UNWRAP} nested string layers"),
            ));
            break;
        }
        match Reader::new(&inner, read).check_all() {
            Ok(_) => {
                depth += 1;
                current = Some(inner);
            }
            Err(err) => {
                let note = if depth == 0 {
                    "the document is a string"
                } else {
                    "the unwrapped string"
                };
                diagnostics.push(Diagnostic::info(
                    "not-stringified-json",
                    format!("{note} but its content is not JSON ({err}); formatted as a string"),
                ));
                break;
            }
        }
    }
    if depth > 0 {
        diagnostics.push(Diagnostic::info(
            "unwrapped-string",
            format!(
                "the input was JSON encoded as a string {depth} time{}; showing the decoded JSON",
                if depth == 1 { "" } else { "s" }
            ),
        ));
    }
    Ok((current, depth))
}

/// If `text` is a single JSON string, its decoded content; errors if `text` is not JSON at all.
fn parse_string_root(text: &str, read: ReadOptions) -> Result<Option<String>, JsonError> {
    if !text
        .trim_start_matches([' ', '\t', '\n', '\r', '\u{feff}'])
        .starts_with('"')
    {
        return Ok(None);
    }
    let doc = parse(text, read)?;
    Ok(match doc.root.kind {
        NodeKind::String(s) => Some(s),
        _ => None,
    })
}

/// Writes tokens with the configured layout.
struct Writer<'o> {
    out: &'o mut String,
    /// One level of indentation; `None` when minifying.
    unit: Option<&'static str>,
    ensure_ascii: bool,
    /// Output length past which [`Writer::overflowed`] says stop.
    max_output: usize,
    depth: usize,
    /// No element written yet in the innermost open container.
    first: bool,
    /// A key was just written; its value follows on the same line.
    after_key: bool,
    /// A line break followed by `unit` repeated for the deepest level seen so far; every line
    /// start is a prefix of it, written with one copy.
    line_start: String,
}

/// Indentation units by width.
const SPACES: [&str; 9] = [
    "", " ", "  ", "   ", "    ", "     ", "      ", "       ", "        ",
];

impl<'o> Writer<'o> {
    fn new(out: &'o mut String, options: &FormatOptions) -> Self {
        let unit = match (options.minify, options.indent) {
            (true, _) => None,
            (false, Indent::Tab) => Some("\t"),
            (false, Indent::Spaces(n)) => {
                Some(SPACES.get(usize::from(n)).copied().unwrap_or("        "))
            }
        };
        Self {
            out,
            unit,
            ensure_ascii: options.ensure_ascii,
            max_output: options.max_output_bytes,
            depth: 0,
            first: true,
            after_key: false,
            line_start: String::from("\n"),
        }
    }

    /// Whether the output is longer than allowed.
    fn overflowed(&self) -> bool {
        self.out.len() > self.max_output
    }

    fn newline(&mut self) {
        let Some(unit) = self.unit else { return };
        let len = 1 + self.depth * unit.len();
        while self.line_start.len() < len {
            self.line_start.push_str(unit);
        }
        self.out
            .push_str(self.line_start.get(..len).unwrap_or_default());
    }

    /// Separator and line break before a key or a value.
    fn before_item(&mut self) {
        if self.after_key {
            self.after_key = false;
            return;
        }
        if self.depth == 0 {
            return;
        }
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.newline();
    }

    fn push_text(&mut self, lexeme: &str) {
        if self.ensure_ascii && !lexeme.is_ascii() {
            push_lexeme_ascii(self.out, lexeme);
        } else {
            self.out.push_str(lexeme);
        }
    }

    fn token(&mut self, kind: TokenKind, lexeme: &str) {
        match kind {
            TokenKind::StartObject | TokenKind::StartArray => {
                self.before_item();
                self.out.push_str(lexeme);
                self.depth += 1;
                self.first = true;
            }
            TokenKind::EndObject | TokenKind::EndArray => {
                self.depth = self.depth.saturating_sub(1);
                if !self.first {
                    self.newline();
                }
                self.out.push_str(lexeme);
                self.first = false;
            }
            TokenKind::Key => {
                self.before_item();
                self.push_text(lexeme);
                self.out.push(':');
                if self.unit.is_some() {
                    self.out.push(' ');
                }
                self.after_key = true;
            }
            TokenKind::String => {
                self.before_item();
                self.push_text(lexeme);
            }
            TokenKind::Number | TokenKind::True | TokenKind::False | TokenKind::Null => {
                self.before_item();
                self.out.push_str(lexeme);
            }
        }
    }
}

/// Writes a tree with every object's members sorted by key (stable). Stops with the byte offset
/// of the value being written once the output has overflowed.
fn emit_sorted(doc: &Document<'_>, node: &Node, writer: &mut Writer<'_>) -> Result<(), usize> {
    match &node.kind {
        NodeKind::Array(items) => {
            writer.token(TokenKind::StartArray, "[");
            for item in items {
                emit_sorted(doc, item, writer)?;
            }
            writer.token(TokenKind::EndArray, "]");
        }
        NodeKind::Object(members) => {
            writer.token(TokenKind::StartObject, "{");
            let mut sorted: Vec<_> = members.iter().collect();
            sorted.sort_by(|a, b| a.key.cmp(&b.key));
            for member in sorted {
                let key = doc
                    .text
                    .get(member.key_range.start..member.key_range.end)
                    .unwrap_or_default();
                writer.token(TokenKind::Key, key);
                emit_sorted(doc, &member.value, writer)?;
            }
            writer.token(TokenKind::EndObject, "}");
        }
        NodeKind::String(_) => writer.token(TokenKind::String, doc.lexeme(node)),
        NodeKind::Number => writer.token(TokenKind::Number, doc.lexeme(node)),
        NodeKind::Bool(true) => writer.token(TokenKind::True, "true"),
        NodeKind::Bool(false) => writer.token(TokenKind::False, "false"),
        NodeKind::Null => writer.token(TokenKind::Null, "null"),
    }
    if writer.overflowed() {
        return Err(node.range.start);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pretty(text: &str) -> String {
        format(text, &FormatOptions::default()).unwrap()
    }

    #[test]
    fn pretty_prints_like_two_space_json_stringify() {
        assert_eq!(
            pretty(r#"{"a":[1,{"b":null},[],{}],"c":"x"}"#),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    },\n    [],\n    {}\n  ],\n  \"c\": \"x\"\n}"
        );
        assert_eq!(pretty(" 7 "), "7");
    }

    #[test]
    fn numbers_and_escapes_stay_exact() {
        let text = r#"[1.0,1e400,12345678901234567890123,-0,1E+2,"\u00e9\/",{"z":1,"a":2}]"#;
        let minified = format(
            text,
            &FormatOptions {
                minify: true,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(minified, text);
    }

    #[test]
    fn idempotent_and_minify_round_trips() {
        let text = r#"{"k": [1, 2.50, {"x": "y"}], "e": {}}"#;
        let once = pretty(text);
        assert_eq!(pretty(&once), once);
        let min = format(
            &once,
            &FormatOptions {
                minify: true,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(pretty(&min), once);
    }

    #[test]
    fn tabs_zero_indent_sorting_and_ascii() {
        let tab = FormatOptions {
            indent: Indent::Tab,
            ..Default::default()
        };
        assert_eq!(format("[1]", &tab).unwrap(), "[\n\t1\n]");
        let zero = FormatOptions {
            indent: Indent::Spaces(0),
            ..Default::default()
        };
        assert_eq!(format("[1,[2]]", &zero).unwrap(), "[\n1,\n[\n2\n]\n]");
        let sort = FormatOptions {
            sort_keys: true,
            minify: true,
            ..Default::default()
        };
        assert_eq!(
            format(r#"{"b":1,"a":{"d":1,"c":2},"b":0}"#, &sort).unwrap(),
            r#"{"a":{"c":2,"d":1},"b":1,"b":0}"#
        );
        let ascii = FormatOptions {
            ensure_ascii: true,
            minify: true,
            ..Default::default()
        };
        assert_eq!(
            format(r#"{"é":"😀"}"#, &ascii).unwrap(),
            r#"{"\u00e9":"\ud83d\ude00"}"#
        );
    }

    #[test]
    fn duplicate_keys_are_kept_and_warned() {
        let out = format_document(
            r#"{"a":1,"a":2}"#,
            &FormatOptions {
                minify: true,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(out.text, r#"{"a":1,"a":2}"#);
        assert_eq!(out.diagnostics.len(), 1);
        assert_eq!(out.diagnostics[0].code, "duplicate-key");
    }

    #[test]
    fn unwraps_stringified_json() {
        let options = FormatOptions {
            unwrap_string: true,
            minify: true,
            ..Default::default()
        };
        let out = format_document(r#""\"{\\\"a\\\":1}\"""#, &options).unwrap();
        assert_eq!((out.text.as_str(), out.unwrap_depth), (r#"{"a":1}"#, 2));
        let plain = format_document(r#""hello""#, &options).unwrap();
        assert_eq!((plain.text.as_str(), plain.unwrap_depth), (r#""hello""#, 0));
        assert_eq!(plain.diagnostics[0].code, "not-stringified-json");
    }

    #[test]
    fn output_longer_than_the_limit_is_a_positioned_error() {
        let text = format!("[[[[{}]]]]", vec!["1"; 100].join(","));
        for sort_keys in [false, true] {
            let options = FormatOptions {
                max_output_bytes: 500,
                sort_keys,
                ..Default::default()
            };
            let e = format(&text, &options).unwrap_err();
            assert_eq!((e.code, e.line), ("size-limit", 1));
            // 19 bytes open the arrays, the first `1` takes 10 more and each next one 11 (`,`, a
            // line break, 8 spaces, `1`): the 44th passes 500 bytes.
            assert_eq!(e.column, 5 + 2 * 43, "sort_keys: {sort_keys}");
            let min = FormatOptions {
                minify: true,
                ..options
            };
            assert_eq!(format(&text, &min).unwrap(), text);
        }
        let unwrap = FormatOptions {
            max_output_bytes: 5,
            unwrap_string: true,
            ..Default::default()
        };
        let e = format(r#""[1,2,3]""#, &unwrap).unwrap_err();
        assert_eq!((e.code, e.column), ("size-limit", 1));
        assert!(e.message.contains("unwrapped"), "{}", e.message);
    }

    #[test]
    fn indent_option_parses_numbers_and_tab() {
        let o: FormatOptions =
            serde_json::from_str(r#"{"indent": "tab", "sortKeys": true}"#).unwrap();
        assert_eq!((o.indent, o.sort_keys), (Indent::Tab, true));
        assert!(serde_json::from_str::<FormatOptions>(r#"{"indent": 9}"#).is_err());
        assert!(serde_json::from_str::<FormatOptions>(r#"{"indnt": 2}"#).is_err());
    }

    #[test]
    fn check_formatted_finds_where_a_file_differs_from_its_formatted_form() {
        let options = FormatOptions::default();
        let clean = check_formatted("{\n  \"a\": 1\n}\n", &options).unwrap();
        assert!(clean.diagnostics.is_empty(), "{:?}", clean.diagnostics);
        let spaced = check_formatted("{\n  \"é\":1\n}\n", &options).unwrap();
        let [found] = spaced.diagnostics.as_slice() else {
            panic!("{:?}", spaced.diagnostics)
        };
        assert_eq!(
            (found.code.as_str(), found.severity),
            ("unformatted", crate::diagnostic::Severity::Error)
        );
        let span = found.span.unwrap();
        assert_eq!((span.line, span.column), (2, 7));
        let no_newline = check_formatted("{}", &options).unwrap();
        let span = no_newline.diagnostics[0].span.unwrap();
        assert_eq!((span.line, span.column, span.start), (1, 3, 2));
        assert!(check_formatted("{", &options).is_err());
    }
}
