//! mcp-json-toolbox patch (host regex): on wasm, patterns run on the host's ECMA-262 `RegExp`
//! (with the `u` flag) in place of `fancy-regex`, `regex` and `jsonschema-regex`, which are not
//! dependencies there (`PATCHED.md`, `04-host-regex`). The modules below have the names and the
//! parts of those crates' API this crate uses, so each user only imports them on wasm.
#![allow(unsafe_code)]

use std::{borrow::Cow, fmt};

use wasm_bindgen::{prelude::wasm_bindgen, JsCast, JsValue};

#[wasm_bindgen]
extern "C" {
    /// The host's ECMA-262 `RegExp`.
    #[derive(Clone)]
    type RegExp;
    #[wasm_bindgen(constructor, catch)]
    fn new(pattern: &str, flags: &str) -> Result<RegExp, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn test(this: &RegExp, text: &str) -> Result<bool, JsValue>;
    /// Whatever the host threw: its `message`, if it has one.
    type Thrown;
    #[wasm_bindgen(method, getter, structural)]
    fn message(this: &Thrown) -> Option<String>;
}

/// `pattern` as the host's `u` flag accepts it: ECMA-262 with `u` rejects a backslash before a
/// character that is neither alphanumeric nor syntax (`\-` outside a class, `\_`, `\:`), which
/// upstream's `is_valid_ecma_regex` accepts as the identity escape patterns without `u` allow;
/// such escapes become the same character as `\u{…}`.
fn unicode_mode(pattern: &str) -> Cow<'_, str> {
    let needs = |c: char| !c.is_alphanumeric() && !"^$\\.*+?()[]{}|/".contains(c);
    let mut chars = pattern.chars();
    let mut out = String::new();
    let mut copied = 0;
    while let Some(c) = chars.next() {
        if c != '\\' {
            continue;
        }
        let at = pattern.len() - chars.as_str().len();
        match chars.next() {
            Some(escaped) if needs(escaped) => {
                out.push_str(&pattern[copied..at - 1]);
                out.push_str(&format!("\\u{{{:x}}}", u32::from(escaped)));
                copied = at + escaped.len_utf8();
            }
            _ => {}
        }
    }
    if copied == 0 {
        return Cow::Borrowed(pattern);
    }
    out.push_str(&pattern[copied..]);
    Cow::Owned(out)
}

/// A pattern compiled by the host, with the source it was given.
#[derive(Clone)]
pub struct Regex {
    /// The pattern under the `u` flag.
    unicode: RegExp,
    /// The same pattern without `u`, when on text with no character past U+FFFF it matches
    /// exactly what `unicode` matches (see [`bmp_equivalent`]). V8 runs only such patterns on its
    /// linear engine once they backtrack too much, when asked to
    /// (`--enable-experimental-regexp-engine-on-excessive-backtracks`; the CLI asks).
    bmp: Option<RegExp>,
    source: Box<str>,
}

/// Whether `pattern`, valid under `u`, means the same without it on text without characters past
/// U+FFFF: it has no such character itself, no `\u{…}`, `\p`, `\P`, nor a `\u` escape of a
/// surrogate (which `u` would pair).
fn bmp_equivalent(pattern: &str) -> bool {
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c > '\u{ffff}' {
            return false;
        }
        if c == '\\' {
            match chars.next() {
                Some('p' | 'P') => return false,
                Some('u') if chars.as_str().starts_with(['{', 'd', 'D']) => return false,
                _ => {}
            }
        }
    }
    true
}

// SAFETY: wasm32-unknown-unknown without the `atomics` feature has one thread; the engine's
// `RegexEngine` asks `Send + Sync` for its native engines' sake.
unsafe impl Send for Regex {}
unsafe impl Sync for Regex {}

impl fmt::Debug for Regex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Regex").field(&self.source).finish()
    }
}

impl Regex {
    /// Compiles `pattern` with the `u` flag; the host's `SyntaxError` is the error.
    pub fn new(pattern: &str) -> Result<Self, Error> {
        let unicode = RegExp::new(&unicode_mode(pattern), "u")?;
        let bmp = bmp_equivalent(pattern)
            .then(|| RegExp::new(pattern, "").ok())
            .flatten();
        Ok(Self {
            unicode,
            bmp,
            source: pattern.into(),
        })
    }

    /// The pattern as written in the schema.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether the pattern matches anywhere in `text` (one call to the host per match).
    pub fn is_match(&self, text: &str) -> Result<bool, Error> {
        let host = match &self.bmp {
            // A byte from 0xF0 starts the UTF-8 of a character past U+FFFF.
            Some(bmp) if text.bytes().all(|b| b < 0xF0) => bmp,
            _ => &self.unicode,
        };
        Ok(host.test(text)?)
    }
}

/// What the host threw, compiling or matching (a match can throw on exhausting its stack).
#[derive(Debug)]
pub struct Error(String);

impl From<JsValue> for Error {
    fn from(thrown: JsValue) -> Self {
        let message = thrown.unchecked_into::<Thrown>().message();
        Self(message.unwrap_or_else(|| "the host's RegExp threw".to_owned()))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A builder that takes the native engines' limits and has none to apply.
pub struct RegexBuilder(String);

impl RegexBuilder {
    pub fn new(pattern: &str) -> Self {
        Self(pattern.to_owned())
    }
    pub fn build(&self) -> Result<Regex, Error> {
        Regex::new(&self.0)
    }
    pub fn backtrack_limit(&mut self, _: usize) -> &mut Self {
        self
    }
    pub fn delegate_size_limit(&mut self, _: usize) -> &mut Self {
        self
    }
    pub fn delegate_dfa_size_limit(&mut self, _: usize) -> &mut Self {
        self
    }
}

/// `fancy_regex`'s names.
pub(crate) mod fancy_regex {
    pub use super::{Error, Regex, RegexBuilder};
}

/// `regex`'s names: its `is_match` cannot fail, so a host exception is a non-match.
pub(crate) mod regex {
    /// The host's pattern under `regex`'s infallible `is_match`.
    #[derive(Clone, Debug)]
    pub struct Regex(super::Regex);

    impl Regex {
        pub fn as_str(&self) -> &str {
            self.0.as_str()
        }
        pub fn is_match(&self, text: &str) -> bool {
            self.0.is_match(text).unwrap_or(false)
        }
    }

    /// A builder that takes `regex`'s limits and has none to apply.
    pub struct RegexBuilder(super::RegexBuilder);

    impl RegexBuilder {
        pub fn new(pattern: &str) -> Self {
            Self(super::RegexBuilder::new(pattern))
        }
        pub fn build(&self) -> Result<Regex, super::Error> {
            self.0.build().map(Regex)
        }
        pub fn size_limit(&mut self, _: usize) -> &mut Self {
            self
        }
        pub fn dfa_size_limit(&mut self, _: usize) -> &mut Self {
            self
        }
    }
}

/// `jsonschema_regex`'s names.
pub(crate) mod jsonschema_regex {
    use std::borrow::Cow;

    /// The host takes ECMA-262 as it is: nothing to translate.
    #[allow(clippy::unnecessary_wraps)]
    pub fn to_rust_regex(pattern: &str) -> Result<Cow<'_, str>, ()> {
        Ok(Cow::Borrowed(pattern))
    }

    /// Whether the host compiles `pattern` (the `regex` format).
    pub fn is_valid_ecma_regex(pattern: &str) -> bool {
        super::Regex::new(pattern).is_ok()
    }

    /// No witness without a syntax tree (only the canonical form asks; `None` is allowed).
    pub fn pattern_witness(_: &str) -> Option<String> {
        None
    }

    pub use super::literal::{analyze_pattern, contains_ecma_whitespace, PatternAnalysis};
}

/// The literal shortcuts of `jsonschema-regex` 0.60.2 (`src/lib.rs`, MIT, copied as they are), which
/// need no regex engine: a literal pattern never crosses to the host.
mod literal {
    use std::borrow::Cow;

    /// The result of analyzing a regex pattern for literal-match optimizations.
    #[derive(Debug, PartialEq)]
    pub enum PatternAnalysis<'a> {
        /// `^prefix` -> use `starts_with(prefix)`.
        Prefix(Cow<'a, str>),
        /// `^exact$` -> use `== exact`.
        Exact(Cow<'a, str>),
        /// `^(a|b|c)$` -> linear scan over a small sorted set of literals.
        Alternation(Vec<String>),
        /// `^\S*$` -> no ECMA-262 whitespace character (see [`is_ecma_whitespace`]).
        NoWhitespace,
    }

    /// Inclusive ranges of ECMA-262 `\s`: `WhiteSpace` (TAB, VT, FF, every `Zs`, BOM) and `LineTerminator`.
    const ECMA_WHITESPACE_RANGES: [(char, char); 10] = [
        ('\t', '\r'),
        (' ', ' '),
        ('\u{00a0}', '\u{00a0}'),
        ('\u{1680}', '\u{1680}'),
        ('\u{2000}', '\u{200a}'),
        ('\u{2028}', '\u{2029}'),
        ('\u{202f}', '\u{202f}'),
        ('\u{205f}', '\u{205f}'),
        ('\u{3000}', '\u{3000}'),
        ('\u{feff}', '\u{feff}'),
    ];

    /// Returns `true` for ECMA-262 whitespace characters (`\s` in ECMA regex): the union of ASCII
    /// whitespace, `\u{00a0}`, and the Unicode space-separator category recognized by the spec.
    #[inline]
    #[must_use]
    pub fn is_ecma_whitespace(c: char) -> bool {
        ECMA_WHITESPACE_RANGES
            .iter()
            .any(|&(start, end)| start <= c && c <= end)
    }

    /// Whether `input` holds any character `\s` matches.
    ///
    /// All-ASCII input is scanned as bytes, which vectorizes; anything else is decoded, as before.
    /// `is_ascii` stops at the first non-ASCII byte, so input taking the decode path pays little for
    /// the check.
    #[must_use]
    #[inline]
    pub fn contains_ecma_whitespace(input: &str) -> bool {
        if input.is_ascii() {
            input
                .as_bytes()
                .iter()
                .any(|byte| matches!(byte, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' '))
        } else {
            input.chars().any(is_ecma_whitespace)
        }
    }

    /// Maps a backslash escape to its literal character, or `None` if the escape requires a regex engine.
    fn safe_escape(escaped: char) -> Option<char> {
        matches!(escaped, '/' | '-' | '_' | '$' | '.').then_some(escaped)
    }

    /// Parse a single literal alternative for use inside `^(a|b|c)$`.
    /// Accepts alphanumeric chars, `-`, `_`, `/` and the safe escapes handled by [`safe_escape`].
    fn parse_literal_alternative(s: &str) -> Option<String> {
        let mut result = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => result.push(safe_escape(chars.next()?)?),
                c if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/') => result.push(c),
                _ => return None,
            }
        }
        Some(result)
    }

    /// Analyze a regex pattern and return a [`PatternAnalysis`] if a literal optimization applies.
    ///
    /// Handles:
    /// - `^prefix` -> [`PatternAnalysis::Prefix`] (use `starts_with`)
    /// - `^exact$` -> [`PatternAnalysis::Exact`] (use `==`)
    /// - `^(a|b|c)$` -> [`PatternAnalysis::Alternation`] (linear scan, sorted)
    /// - `^\S*$` -> [`PatternAnalysis::NoWhitespace`] (scan for [`is_ecma_whitespace`])
    ///
    /// Accepts unescaped alphanumeric chars, `-`, `_`, `/` and the safe escapes `\/`, `\-`, `\_`, `\$`, `\.`.
    /// Returns `None` if a full regex engine is required.
    #[must_use]
    pub fn analyze_pattern(pattern: &str) -> Option<PatternAnalysis<'_>> {
        if pattern == r"^\S*$" {
            return Some(PatternAnalysis::NoWhitespace);
        }

        // Fast path: `^(a|b|c)$` alternation.
        if let Some(inner) = pattern
            .strip_prefix("^(")
            .and_then(|s| s.strip_suffix(")$"))
        {
            let mut alternatives: Vec<String> = inner
                .split('|')
                .map(parse_literal_alternative)
                .collect::<Option<_>>()?;
            alternatives.sort_unstable();
            return Some(PatternAnalysis::Alternation(alternatives));
        }

        let suffix = pattern.strip_prefix('^')?;

        // Fast path: no backslashes, borrow directly from the input.
        if !suffix.contains('\\') {
            // Trailing `$` is the end-of-string anchor -> Exact match.
            if let Some(body) = suffix.strip_suffix('$') {
                return if body
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/'))
                {
                    Some(PatternAnalysis::Exact(Cow::Borrowed(body)))
                } else {
                    None
                };
            }
            return if suffix
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/'))
            {
                Some(PatternAnalysis::Prefix(Cow::Borrowed(suffix)))
            } else {
                None
            };
        }

        // Slow path: unescape via `safe_escape`; a bare `$` at end means Exact.
        let mut result = String::with_capacity(suffix.len());
        let mut chars = suffix.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => result.push(safe_escape(chars.next()?)?),
                '$' => {
                    // End-of-string anchor: valid only as the last character.
                    if chars.peek().is_none() {
                        return Some(PatternAnalysis::Exact(Cow::Owned(result)));
                    }
                    return None;
                }
                c if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/') => result.push(c),
                _ => return None,
            }
        }
        Some(PatternAnalysis::Prefix(Cow::Owned(result)))
    }
}
