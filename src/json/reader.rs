//! A streaming, non-recursive RFC 8259 JSON reader that yields tokens with their byte ranges.
//!
//! Nesting is tracked on an explicit stack, so depth is bounded by [`ReadOptions::max_depth`] and
//! never by the call stack. Numbers and strings are not converted: a token's range points at the
//! exact lexeme, which is what lets the formatter re-emit every number and escape as written.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::diagnostic::{ByteRange, LineIndex, DEFAULT_MAX_DIAGNOSTICS};
use crate::json::error::JsonError;
use crate::json::lex::{self, LiteralFault, NumberFault, StringFault};
use crate::json::string::decode_string;

/// What a [`Token`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// `{`
    StartObject,
    /// `}`
    EndObject,
    /// `[`
    StartArray,
    /// `]`
    EndArray,
    /// An object key, quotes included in the range.
    Key,
    /// A string value, quotes included in the range.
    String,
    /// A number lexeme.
    Number,
    /// `true`
    True,
    /// `false`
    False,
    /// `null`
    Null,
}

/// One lexical item and where it sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Its exact bytes in the input.
    pub range: ByteRange,
}

/// Limits and checks of a [`Reader`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// Deepest nesting of arrays and objects accepted (the root container is depth 1).
    pub max_depth: usize,
    /// Whether to report duplicate object keys (costs a hash set per open object).
    pub detect_duplicate_keys: bool,
    /// Longest text accepted, in UTF-8 bytes; a longer one fails with a `size-limit` error.
    pub max_input_bytes: usize,
    /// Most warnings recorded; later ones are only counted ([`Reader::dropped_warnings`]).
    pub max_warnings: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        Self {
            max_depth: DEFAULT_MAX_DEPTH,
            detect_duplicate_keys: true,
            max_input_bytes: DEFAULT_MAX_INPUT_BYTES,
            max_warnings: DEFAULT_MAX_DIAGNOSTICS,
        }
    }
}

/// Default nesting limit.
pub const DEFAULT_MAX_DEPTH: usize = 512;

/// Default input size limit: 256 MiB.
pub const DEFAULT_MAX_INPUT_BYTES: usize = 256 * 1024 * 1024;

/// Bytes of pointer and message text all recorded warnings may hold together, so that a few huge
/// keys cannot make every warning a copy of the whole input.
const WARNING_TEXT_BUDGET: usize = 1 << 20;

/// Bytes of a warning message beyond the key it may quote.
const WARNING_MESSAGE_BYTES: usize = 200;

/// Something accepted but worth telling: a duplicate key, a lone surrogate, a byte order mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadWarning {
    /// Stable code: `duplicate-key`, `lone-surrogate`, `byte-order-mark`.
    pub code: &'static str,
    /// Plain-English sentence.
    pub message: String,
    /// JSON Pointer of the value concerned.
    pub pointer: String,
    /// Where it is.
    pub range: ByteRange,
}

/// What the reader expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    RootValue,
    ArrayFirst,
    ObjectFirst,
    Value,
    Key,
    Colon,
    CommaOrClose,
    End,
}

/// The keys of one open object, for duplicate detection. Keys without escapes are borrowed from
/// the text (no allocation); small objects are scanned linearly and only large ones hashed.
#[derive(Debug, Default)]
struct SeenKeys<'a> {
    keys: Vec<(Cow<'a, str>, ByteRange)>,
    /// Position in `keys` by name, built once the object has more than [`LINEAR_KEYS`] keys.
    index: Option<HashMap<Cow<'a, str>, usize>>,
}

/// Objects up to this many keys are checked for duplicates by a linear scan.
const LINEAR_KEYS: usize = 16;

impl<'a> SeenKeys<'a> {
    /// Forgets every key, keeping the allocation.
    fn clear(&mut self) {
        self.keys.clear();
        self.index = None;
    }

    /// Records `name` at `range`; for a duplicate, hands the name back with where it was first seen.
    fn insert(
        &mut self,
        name: Cow<'a, str>,
        range: ByteRange,
    ) -> Option<(Cow<'a, str>, ByteRange)> {
        let first = match &self.index {
            Some(index) => index.get(&name).copied(),
            None => self.keys.iter().position(|(key, _)| *key == name),
        };
        if let Some(first) = first {
            return self.keys.get(first).map(|(_, range)| (name, *range));
        }
        if let Some(index) = &mut self.index {
            index.insert(name.clone(), self.keys.len());
        } else if self.keys.len() == LINEAR_KEYS {
            let mut index: HashMap<_, _> = self
                .keys
                .iter()
                .enumerate()
                .map(|(i, (key, _))| (key.clone(), i))
                .collect();
            index.insert(name.clone(), self.keys.len());
            self.index = Some(index);
        }
        self.keys.push((name, range));
        None
    }
}

/// The decoded name of a key lexeme, borrowed when it has no escapes.
fn key_name(raw: &str) -> Cow<'_, str> {
    let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or_default();
    if inner.contains('\\') {
        Cow::Owned(decode_string(raw).value)
    } else {
        Cow::Borrowed(inner)
    }
}

/// One open container.
#[derive(Debug)]
enum Frame<'a> {
    Array {
        open: usize,
        index: usize,
    },
    Object {
        open: usize,
        key: Option<ByteRange>,
        seen: Option<SeenKeys<'a>>,
    },
}

/// A pull parser over a JSON text: call [`Reader::next_token`] until it returns `Ok(None)`.
pub struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    expect: Expect,
    stack: Vec<Frame<'a>>,
    options: ReadOptions,
    warnings: Vec<ReadWarning>,
    /// Warnings counted but not recorded because a limit was reached.
    dropped_warnings: usize,
    /// Text bytes warnings may still use (see [`WARNING_TEXT_BUDGET`]).
    warning_budget: usize,
    /// Set once a warning did not fit: every later one is only counted.
    warnings_full: bool,
    /// Built on the first warning that needs a line number.
    index: Option<LineIndex<'a>>,
    /// Key sets of closed objects, emptied, reused by the next objects to save allocations.
    spare_keys: Vec<SeenKeys<'a>>,
}

impl<'a> Reader<'a> {
    /// A reader over `text`. A leading byte order mark is skipped with a warning.
    pub fn new(text: &'a str, options: ReadOptions) -> Self {
        let mut reader = Self {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            expect: Expect::RootValue,
            stack: Vec::new(),
            options,
            warnings: Vec::new(),
            dropped_warnings: 0,
            warning_budget: WARNING_TEXT_BUDGET,
            warnings_full: false,
            index: None,
            spare_keys: Vec::new(),
        };
        if text.starts_with('\u{feff}') {
            reader.pos = 3;
            reader.warn("byte-order-mark", ByteRange::new(0, 3), 0, |_| {
                "the text starts with a byte order mark (U+FEFF); JSON texts should not".into()
            });
        }
        reader
    }

    /// The text being read.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The options it reads with.
    pub fn options(&self) -> ReadOptions {
        self.options
    }

    /// Current nesting depth (0 outside any container).
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// Warnings collected so far.
    pub fn warnings(&self) -> &[ReadWarning] {
        &self.warnings
    }

    /// Takes the warnings collected so far.
    pub fn take_warnings(&mut self) -> Vec<ReadWarning> {
        std::mem::take(&mut self.warnings)
    }

    /// How many warnings were only counted, not recorded, because [`ReadOptions::max_warnings`]
    /// or the warning text budget was reached.
    pub fn dropped_warnings(&self) -> usize {
        self.dropped_warnings
    }

    /// Records a warning at the current pointer, or only counts it once the limits are reached.
    /// `quoted` bounds the bytes of input text `message` quotes.
    fn warn(
        &mut self,
        code: &'static str,
        range: ByteRange,
        quoted: usize,
        message: impl FnOnce(&mut Self) -> String,
    ) {
        if !self.warnings_full {
            let cost = self
                .pointer_len_bound()
                .saturating_add(quoted)
                .saturating_add(WARNING_MESSAGE_BYTES);
            if self.warnings.len() < self.options.max_warnings && cost <= self.warning_budget {
                self.warning_budget -= cost;
                let message = message(self);
                let pointer = self.pointer();
                self.warnings.push(ReadWarning {
                    code,
                    message,
                    pointer,
                    range,
                });
                return;
            }
            self.warnings_full = true;
        }
        self.dropped_warnings = self.dropped_warnings.saturating_add(1);
    }

    /// An upper bound of the length of [`Reader::pointer`], in O(depth) without decoding keys.
    fn pointer_len_bound(&self) -> usize {
        self.stack
            .iter()
            .map(|frame| match frame {
                // `/` and at most 20 digits.
                Frame::Array { .. } => 21,
                // Decoding never lengthens a key; escaping `~` and `/` at most doubles it.
                Frame::Object { key, .. } => {
                    key.map_or(0, |k| k.end.saturating_sub(k.start))
                        .saturating_mul(2)
                        + 1
                }
            })
            .fold(0, usize::saturating_add)
    }

    /// The next token, `Ok(None)` once the single root value and trailing white space are read.
    pub fn next_token(&mut self) -> Result<Option<Token>, JsonError> {
        loop {
            self.skip_ws();
            match self.expect {
                Expect::RootValue => {
                    if self.bytes.len() > self.options.max_input_bytes {
                        return Err(self.size_limit());
                    }
                    if self.pos >= self.bytes.len() {
                        let message = if self.bytes.iter().all(|b| b.is_ascii_whitespace()) {
                            "the input is empty: expected a JSON value"
                        } else {
                            "expected a JSON value, found the end of the input"
                        };
                        return Err(self.error(self.pos, "empty", message));
                    }
                    return self.value().map(Some);
                }
                Expect::End => {
                    if self.pos >= self.bytes.len() {
                        return Ok(None);
                    }
                    return Err(self.error(
                        self.pos,
                        "syntax",
                        format!(
                            "unexpected {} after the JSON value: a text holds exactly one value",
                            self.found()
                        ),
                    ));
                }
                Expect::ArrayFirst if self.peek() == Some(b']') => return Ok(Some(self.close())),
                Expect::ObjectFirst if self.peek() == Some(b'}') => return Ok(Some(self.close())),
                Expect::ArrayFirst | Expect::Value => return self.value().map(Some),
                Expect::ObjectFirst | Expect::Key => return self.key().map(Some),
                Expect::Colon => {
                    if self.peek() != Some(b':') {
                        return Err(self.unexpected("':' after the object key"));
                    }
                    self.pos += 1;
                    self.expect = Expect::Value;
                }
                Expect::CommaOrClose => {
                    let is_array = matches!(self.stack.last(), Some(Frame::Array { .. }));
                    let close = if is_array { b']' } else { b'}' };
                    match self.peek() {
                        Some(b',') => {
                            let comma = self.pos;
                            self.pos += 1;
                            self.skip_ws();
                            if self.peek() == Some(close) {
                                return Err(self.error(
                                    comma,
                                    "syntax",
                                    "trailing comma: JSON does not allow a comma before the closing bracket",
                                ));
                            }
                            self.expect = if is_array { Expect::Value } else { Expect::Key };
                            if let Some(Frame::Array { index, .. }) = self.stack.last_mut() {
                                *index += 1;
                            }
                        }
                        Some(c) if c == close => return Ok(Some(self.close())),
                        _ => {
                            let what = if is_array {
                                "',' or ']' after an array element"
                            } else {
                                "',' or '}' after an object member"
                            };
                            return Err(self.unexpected(what));
                        }
                    }
                }
            }
        }
    }

    /// Reads to the end, checking the whole text; returns the warnings.
    pub fn check_all(mut self) -> Result<Vec<ReadWarning>, JsonError> {
        while self.next_token()?.is_some() {}
        Ok(self.warnings)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        self.pos = lex::skip_ws(self.bytes, self.pos);
    }

    /// How the character at the current position is named in messages.
    fn found(&self) -> String {
        match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            None => "end of input".into(),
            Some(c) if c.is_control() || c == '\u{feff}' => format!("character U+{:04X}", c as u32),
            Some(c) => format!("'{c}'"),
        }
    }

    fn error(&self, offset: usize, code: &'static str, message: impl Into<String>) -> JsonError {
        JsonError::at(self.text, offset, code, message)
    }

    /// The text is longer than [`ReadOptions::max_input_bytes`]: an error at the first byte
    /// beyond the limit.
    fn size_limit(&self) -> JsonError {
        let max = self.options.max_input_bytes;
        self.error(
            max,
            "size-limit",
            format!(
                "the input is {} bytes long, more than the limit of {max} bytes; raise the limit to read it",
                self.bytes.len()
            ),
        )
    }

    fn unexpected(&self, expected: &str) -> JsonError {
        if self.pos >= self.bytes.len() {
            return self.unclosed();
        }
        self.error(
            self.pos,
            "syntax",
            format!("expected {expected}, found {}", self.found()),
        )
    }

    /// End of input inside a container: name the container that is still open.
    fn unclosed(&self) -> JsonError {
        let (what, open) = match self.stack.last() {
            Some(Frame::Array { open, .. }) => ("array", *open),
            Some(Frame::Object { open, .. }) => ("object", *open),
            None => ("value", 0),
        };
        let index = LineIndex::new(self.text);
        let at = index.position(open);
        JsonError::with_index(
            &index,
            self.pos,
            "eof",
            format!(
                "unexpected end of input: the {what} opened at line {}, column {} is not closed",
                at.line, at.utf16_column
            ),
        )
    }

    /// The JSON Pointer of the value about to be read or just read.
    pub fn pointer(&self) -> String {
        let mut out = String::new();
        for frame in &self.stack {
            out.push('/');
            match frame {
                Frame::Array { index, .. } => out.push_str(&index.to_string()),
                Frame::Object { key, .. } => {
                    let raw = key
                        .and_then(|k| self.text.get(k.start..k.end))
                        .unwrap_or("\"\"");
                    let key = decode_string(raw).value;
                    out.push_str(&key.replace('~', "~0").replace('/', "~1"));
                }
            }
        }
        out
    }

    fn after_value(&mut self) {
        self.expect = if self.stack.is_empty() {
            Expect::End
        } else {
            Expect::CommaOrClose
        };
    }

    fn close(&mut self) -> Token {
        let start = self.pos;
        self.pos += 1;
        let kind = match self.stack.pop() {
            Some(Frame::Array { .. }) => TokenKind::EndArray,
            Some(Frame::Object {
                seen: Some(mut seen),
                ..
            }) => {
                seen.clear();
                self.spare_keys.push(seen);
                TokenKind::EndObject
            }
            _ => TokenKind::EndObject,
        };
        self.after_value();
        Token {
            kind,
            range: ByteRange::new(start, self.pos),
        }
    }

    fn open(&mut self, frame: Frame<'a>, kind: TokenKind) -> Result<Token, JsonError> {
        let start = self.pos;
        if self.stack.len() >= self.options.max_depth {
            return Err(self.error(
                start,
                "depth-limit",
                format!(
                    "nesting deeper than the limit of {} arrays/objects",
                    self.options.max_depth
                ),
            ));
        }
        self.pos += 1;
        self.expect = if kind == TokenKind::StartArray {
            Expect::ArrayFirst
        } else {
            Expect::ObjectFirst
        };
        self.stack.push(frame);
        Ok(Token {
            kind,
            range: ByteRange::new(start, self.pos),
        })
    }

    fn value(&mut self) -> Result<Token, JsonError> {
        let start = self.pos;
        let kind = match self.peek() {
            Some(b'{') => {
                let seen = self
                    .options
                    .detect_duplicate_keys
                    .then(|| self.spare_keys.pop().unwrap_or_default());
                return self.open(
                    Frame::Object {
                        open: start,
                        key: None,
                        seen,
                    },
                    TokenKind::StartObject,
                );
            }
            Some(b'[') => {
                return self.open(
                    Frame::Array {
                        open: start,
                        index: 0,
                    },
                    TokenKind::StartArray,
                )
            }
            Some(b'"') => {
                self.string()?;
                TokenKind::String
            }
            Some(b'-' | b'0'..=b'9') => {
                self.number()?;
                TokenKind::Number
            }
            Some(b't') => self.literal("true", TokenKind::True)?,
            Some(b'f') => self.literal("false", TokenKind::False)?,
            Some(b'n') => self.literal("null", TokenKind::Null)?,
            Some(b']' | b'}') if self.expect == Expect::Value => {
                return Err(self.unexpected("a JSON value"));
            }
            Some(b'\'') => {
                return Err(self.error(
                    start,
                    "syntax",
                    "strings must use double quotes (\"), not single quotes",
                ))
            }
            _ => return Err(self.unexpected("a JSON value")),
        };
        self.after_value();
        Ok(Token {
            kind,
            range: ByteRange::new(start, self.pos),
        })
    }

    fn key(&mut self) -> Result<Token, JsonError> {
        let start = self.pos;
        if self.peek() != Some(b'"') {
            let message = if self.expect == Expect::Key {
                "a double-quoted object key after ','"
            } else {
                "a double-quoted object key or '}'"
            };
            return Err(self.unexpected(message));
        }
        self.string()?;
        let range = ByteRange::new(start, self.pos);
        self.expect = Expect::Colon;
        let duplicate = match self.stack.last_mut() {
            Some(Frame::Object { key, seen, .. }) => {
                *key = Some(range);
                match seen {
                    Some(seen) => {
                        let name =
                            key_name(self.text.get(range.start..range.end).unwrap_or("\"\""));
                        seen.insert(name, range)
                    }
                    None => None,
                }
            }
            _ => None,
        };
        if let Some((name, first)) = duplicate {
            let quoted = range.end.saturating_sub(range.start);
            self.warn("duplicate-key", range, quoted, |reader| {
                let text = reader.text;
                let at =
                    reader.index.get_or_insert_with(|| LineIndex::new(text)).position(first.start);
                format!(
                    "duplicate key \"{name}\" (first at line {}, column {}); both are kept, but most parsers keep only the last",
                    at.line, at.utf16_column
                )
            });
        }
        Ok(Token {
            kind: TokenKind::Key,
            range,
        })
    }

    fn literal(&mut self, word: &'static str, kind: TokenKind) -> Result<TokenKind, JsonError> {
        match lex::literal_end(self.bytes, self.pos, word) {
            Ok(end) => {
                self.pos = end;
                Ok(kind)
            }
            Err(LiteralFault::NoDelimiter { at }) => {
                self.pos = at;
                Err(self.unexpected(&format!("a delimiter after '{word}'")))
            }
            Err(LiteralFault::Mismatch) => {
                let end = self.text.get(self.pos..).map_or(0, |s| {
                    s.find(|c: char| !c.is_alphanumeric())
                        .unwrap_or(s.len())
                        .min(20)
                });
                let got = self.text.get(self.pos..self.pos + end).unwrap_or("");
                Err(self.error(
                    self.pos,
                    "syntax",
                    format!("expected a JSON value, found '{got}' (did you mean {word}?)"),
                ))
            }
        }
    }

    fn number(&mut self) -> Result<(), JsonError> {
        let start = self.pos;
        match lex::number_end(self.bytes, start) {
            Ok(end) => {
                self.pos = end;
                Ok(())
            }
            Err(NumberFault::LeadingZero) => Err(self.error(
                start,
                "syntax",
                "invalid number: leading zeros are not allowed",
            )),
            Err(NumberFault::MissingDigit { at, part }) => {
                self.pos = at;
                Err(self.error(
                    at,
                    "syntax",
                    format!(
                        "invalid number: expected a digit {part}, found {}",
                        self.found()
                    ),
                ))
            }
            Err(NumberFault::NoDelimiter { at }) => {
                self.pos = at;
                Err(self.unexpected("a delimiter after the number"))
            }
        }
    }

    /// Reads a string starting at the opening quote; checks escapes and control characters and
    /// records lone surrogates.
    fn string(&mut self) -> Result<(), JsonError> {
        let open = self.pos;
        let bytes = self.bytes;
        let scanned = lex::string_end(bytes, open, |start, unit| {
            self.warn("lone-surrogate", ByteRange::new(start, start + 6), 0, |_| {
                format!(
                    "\\u{unit:04x} is a lone UTF-16 surrogate: not a character; most parsers replace it with U+FFFD"
                )
            });
        });
        match scanned {
            Ok(string) => {
                self.pos = string.end;
                Ok(())
            }
            Err(StringFault::Unclosed) => {
                self.pos = self.bytes.len();
                let at = LineIndex::new(self.text).position(open);
                Err(self.error(
                    self.pos,
                    "eof",
                    format!(
                        "unexpected end of input: the string opened at line {}, column {} is not closed",
                        at.line, at.utf16_column
                    ),
                ))
            }
            Err(StringFault::Control { at }) => {
                self.pos = at;
                let found = self.found();
                Err(self.error(
                    at,
                    "syntax",
                    format!("{found} must be escaped inside a string"),
                ))
            }
            Err(StringFault::BadUnicode { at }) => Err(self.error(
                at,
                "syntax",
                "invalid \\u escape: expected four hexadecimal digits",
            )),
            Err(StringFault::BadEscape { at }) => {
                self.pos = at + 1;
                let found = self.found();
                Err(self.error(
                    at,
                    "syntax",
                    format!(
                        "invalid escape: '\\' followed by {found}; allowed are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
                    ),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Result<Vec<TokenKind>, JsonError> {
        let mut reader = Reader::new(text, ReadOptions::default());
        let mut out = Vec::new();
        while let Some(token) = reader.next_token()? {
            out.push(token.kind);
        }
        Ok(out)
    }

    fn err(text: &str) -> JsonError {
        kinds(text).unwrap_err()
    }

    #[test]
    fn reads_all_token_kinds() {
        use TokenKind::*;
        assert_eq!(
            kinds(r#" {"a": [1, -2.5e3, "x", true, false, null], "b": {}} "#).unwrap(),
            vec![
                StartObject,
                Key,
                StartArray,
                Number,
                Number,
                String,
                True,
                False,
                Null,
                EndArray,
                Key,
                StartObject,
                EndObject,
                EndObject
            ]
        );
    }

    #[test]
    fn errors_name_what_was_expected_and_where() {
        let e = err("{\"a\": 1,}");
        assert!(e.message.starts_with("trailing comma"), "{}", e.message);
        assert_eq!((e.line, e.column), (1, 8));
        let e = err("[1 2]");
        assert_eq!(
            e.message,
            "expected ',' or ']' after an array element, found '2'"
        );
        assert_eq!(err("").code, "empty");
        assert_eq!(err("[1,").code, "eof");
        assert!(err("{\"a\":1")
            .message
            .contains("object opened at line 1, column 1"));
        assert!(err("01").message.contains("leading zeros"));
        assert!(err("1 2").message.contains("after the JSON value"));
        assert!(err("\"a\nb\"").message.contains("U+000A must be escaped"));
        assert!(err("tru").message.contains("did you mean true"));
        assert!(err("{'a':1}")
            .message
            .contains("a double-quoted object key"));
    }

    #[test]
    fn depth_limit_is_an_error_not_a_crash() {
        let deep = "[".repeat(100_000);
        let mut reader = Reader::new(
            &deep,
            ReadOptions {
                max_depth: 512,
                ..Default::default()
            },
        );
        let e = loop {
            match reader.next_token() {
                Ok(Some(_)) => {}
                Ok(None) => panic!("accepted"),
                Err(e) => break e,
            }
        };
        assert_eq!(e.code, "depth-limit");
        assert_eq!(e.column, 513);
    }

    #[test]
    fn size_limit_is_a_positioned_error() {
        let text = "[1,\n2,3]";
        let options = ReadOptions {
            max_input_bytes: 5,
            ..Default::default()
        };
        let e = Reader::new(text, options).check_all().unwrap_err();
        assert_eq!(
            (e.code, e.byte_offset, e.line, e.column),
            ("size-limit", 5, 2, 2)
        );
        assert!(
            e.message
                .contains("8 bytes long, more than the limit of 5 bytes"),
            "{}",
            e.message
        );
        let exact = ReadOptions {
            max_input_bytes: text.len(),
            ..Default::default()
        };
        assert!(Reader::new(text, exact).check_all().is_ok());
    }

    #[test]
    fn warnings_past_the_limit_are_only_counted() {
        let text = format!("[{}]", [r#""\udc00""#; 10].join(","));
        let options = ReadOptions {
            max_warnings: 3,
            ..Default::default()
        };
        let mut reader = Reader::new(&text, options);
        while reader.next_token().unwrap().is_some() {}
        let pointers: Vec<_> = reader
            .warnings()
            .iter()
            .map(|w| w.pointer.as_str())
            .collect();
        assert_eq!(pointers, ["/0", "/1", "/2"]);
        assert_eq!(reader.dropped_warnings(), 7);
    }

    #[test]
    fn huge_keys_cannot_blow_up_warning_text() {
        // Every warning's pointer would repeat the 400 KB key; the budget keeps one.
        let key = "k".repeat(400_000);
        let text = format!(r#"{{"{key}": ["\ud800", "\ud800", "\ud800"]}}"#);
        let mut reader = Reader::new(&text, ReadOptions::default());
        while reader.next_token().unwrap().is_some() {}
        assert_eq!(reader.warnings().len(), 1);
        assert_eq!(reader.warnings()[0].pointer, format!("/{key}/0"));
        assert_eq!(reader.dropped_warnings(), 2);
    }

    #[test]
    fn duplicate_keys_in_large_objects_and_through_escapes() {
        let mut members: Vec<String> = (0..40).map(|i| format!("\"k{i}\":{i}")).collect();
        members.push(r#""k\u0033":0"#.into());
        members.push(r#""k7":0"#.into());
        let text = format!("{{{}}}", members.join(","));
        assert_eq!(
            warnings_of(&text),
            [
                ("duplicate-key", "/k3".into()),
                ("duplicate-key", "/k7".into())
            ]
        );
        assert_eq!(
            warnings_of(r#"{"a":1,"b":{"a":2},"\u0062":3}"#),
            [("duplicate-key", "/b".into())]
        );
    }

    /// Code and pointer of every warning reading `text` produces.
    fn warnings_of(text: &str) -> Vec<(&'static str, String)> {
        let warnings = Reader::new(text, ReadOptions::default())
            .check_all()
            .unwrap();
        warnings.into_iter().map(|w| (w.code, w.pointer)).collect()
    }

    #[test]
    fn warnings_for_duplicates_and_lone_surrogates() {
        assert_eq!(
            warnings_of(r#"{"a":{"x":1,"\u0078":"\ud800"}}"#),
            [
                ("duplicate-key", "/a/x".into()),
                ("lone-surrogate", "/a/x".into())
            ]
        );
    }
}
