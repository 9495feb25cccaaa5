//! Validating while scanning: one pass over the text, each value checked against its subschema
//! as it is read, the JSON grammar of `json::lex` (the tape's), no tape, no tree.
//!
//! Every value is read to its end even once it has failed, because a later duplicate of its
//! key could replace it (the engine keeps a repeated key's last value): an object that repeats a
//! key it checks gives up ([`Stop::Unknown`]) and leaves the verdict to the engine.

use std::borrow::Cow;

use crate::json::lex;
use crate::json::string::decode_string;

use super::super::tape::Tape;
use super::schema::{types, Check, CheckId, ObjectRules, Program, Rules, Scalar};

/// Why a run ends without a verdict of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The text is not JSON (or breaks a reader limit the same way): invalid.
    Syntax,
    /// The engine must decide (a duplicated key, nesting deeper than the run follows).
    Unknown,
}

/// Where a value ends and whether it passed.
type Step = Result<(usize, bool), Stop>;

/// Containers deeper than this (in the text) are left to the engine.
const MAX_DEPTH: usize = 500;

/// One run over one text.
pub struct Run<'p, 't> {
    program: &'p Program,
    text: &'t str,
    bytes: &'t [u8],
    /// Whether the reader would warn (a lone surrogate), or a skipped object may repeat a key.
    pub remarkable: bool,
}

impl<'p, 't> Run<'p, 't> {
    /// A run of `program` over `text`.
    pub fn new(program: &'p Program, text: &'t str) -> Self {
        Self {
            program,
            text,
            bytes: text.as_bytes(),
            remarkable: false,
        }
    }

    /// The verdict on the whole text, from `pos`: its one value, then only white space.
    pub fn root(&mut self, pos: usize) -> Result<bool, Stop> {
        let (end, valid) = self.value(0, pos, 0)?;
        if lex::skip_ws(self.bytes, end) != self.bytes.len() {
            return Err(Stop::Syntax);
        }
        Ok(valid)
    }

    /// Checks the value at `pos` (white space before it allowed) against check `id`.
    fn value(&mut self, id: CheckId, pos: usize, depth: usize) -> Step {
        let pos = lex::skip_ws(self.bytes, pos);
        match self.program.checks.get(id) {
            Some(Check::Rules(rules)) => self.rules(rules, pos, depth),
            Some(Check::Never) => Ok((self.skip(pos, depth)?, false)),
            _ => Ok((self.skip(pos, depth)?, true)),
        }
    }

    fn rules(&mut self, rules: &Rules, pos: usize, depth: usize) -> Step {
        let (end, valid) = match self.bytes.get(pos).copied().ok_or(Stop::Syntax)? {
            b'{' if rules.types & types::OBJECT != 0 => match &rules.object {
                Some(object) => self.object(object, pos, depth)?,
                None => (self.skip(pos, depth)?, true),
            },
            b'[' if rules.types & types::ARRAY != 0 => self.array(rules, pos, depth)?,
            b'"' => self.string(rules, pos)?,
            b'-' | b'0'..=b'9' => {
                let end = lex::number_end(self.bytes, pos).map_err(|_| Stop::Syntax)?;
                (end, self.number(rules, self.slice(pos, end))?)
            }
            b't' | b'f' | b'n' => self.literal(rules, pos)?,
            _ => (self.skip(pos, depth)?, false),
        };
        // `enum` and `const` list no container.
        let container = matches!(self.bytes.get(pos), Some(b'{' | b'['));
        if !valid || (container && !rules.allowed.is_empty()) {
            return Ok((end, false));
        }
        if !rules.combines {
            return Ok((end, true));
        }
        Ok((end, self.combined(rules, pos, depth)?))
    }

    /// `allOf`, `anyOf`, `oneOf` and `not` on the value at `pos`.
    fn combined(&mut self, rules: &Rules, pos: usize, depth: usize) -> Result<bool, Stop> {
        for &id in &rules.all_of {
            if !self.value(id, pos, depth)?.1 {
                return Ok(false);
            }
        }
        if !rules.any_of.is_empty() {
            let mut any = false;
            for &id in &rules.any_of {
                if self.value(id, pos, depth)?.1 {
                    any = true;
                    break;
                }
            }
            if !any {
                return Ok(false);
            }
        }
        if !rules.one_of.is_empty() {
            let mut passed = 0;
            for &id in &rules.one_of {
                passed += usize::from(self.value(id, pos, depth)?.1);
            }
            if passed != 1 {
                return Ok(false);
            }
        }
        match rules.not {
            Some(id) => Ok(!self.value(id, pos, depth)?.1),
            None => Ok(true),
        }
    }

    fn object(&mut self, object: &ObjectRules, open: usize, depth: usize) -> Step {
        if depth >= MAX_DEPTH {
            return Err(Stop::Unknown);
        }
        let mut pos = lex::skip_ws(self.bytes, open + 1);
        let mut valid = true;
        let mut seen = 0u64;
        let mut count = 0u64;
        // Names outside `names`, to find a repeated one.
        let mut others: Vec<Cow<'t, str>> = Vec::new();
        if self.bytes.get(pos) == Some(&b'}') {
            pos += 1;
        } else {
            loop {
                let (name, colon) = self.key(pos)?;
                count += 1;
                let known = object.names.iter().position(|n| *n == name);
                let schema = match known {
                    Some(at) => {
                        let bit = 1u64 << (at % 64);
                        if seen & bit != 0 {
                            return Err(Stop::Unknown);
                        }
                        seen |= bit;
                        object
                            .schemas
                            .get(at)
                            .copied()
                            .flatten()
                            .or(object.additional)
                    }
                    None => {
                        if others.contains(&name) {
                            return Err(Stop::Unknown);
                        }
                        others.push(name);
                        object.additional
                    }
                };
                let end = match schema {
                    Some(id) if valid => {
                        let (end, passed) = self.value(id, colon, depth + 1)?;
                        valid = passed;
                        end
                    }
                    _ => self.skip(lex::skip_ws(self.bytes, colon), depth + 1)?,
                };
                let (next, closed) = self.after(end, b'}')?;
                pos = next;
                if closed {
                    break;
                }
            }
        }
        valid = valid
            && seen & object.required == object.required
            && object.min_properties.is_none_or(|min| count >= min)
            && object.max_properties.is_none_or(|max| count <= max);
        Ok((pos, valid))
    }

    /// After a member or element ending at `end`: past the comma (and white space), or past
    /// the closing `close` (then `true`).
    fn after(&self, end: usize, close: u8) -> Result<(usize, bool), Stop> {
        let pos = lex::skip_ws(self.bytes, end);
        match self.bytes.get(pos) {
            Some(b',') => Ok((lex::skip_ws(self.bytes, pos + 1), false)),
            Some(&b) if b == close => Ok((pos + 1, true)),
            _ => Err(Stop::Syntax),
        }
    }

    /// The name of the key at `pos` and where its value may start (after the colon).
    fn key(&mut self, pos: usize) -> Result<(Cow<'t, str>, usize), Stop> {
        if self.bytes.get(pos) != Some(&b'"') {
            return Err(Stop::Syntax);
        }
        let (end, name) = self.string_at(pos)?;
        let colon = lex::skip_ws(self.bytes, end);
        if self.bytes.get(colon) != Some(&b':') {
            return Err(Stop::Syntax);
        }
        Ok((name, colon + 1))
    }

    fn array(&mut self, rules: &Rules, open: usize, depth: usize) -> Step {
        if depth >= MAX_DEPTH {
            return Err(Stop::Unknown);
        }
        let mut pos = lex::skip_ws(self.bytes, open + 1);
        let mut valid = true;
        let mut count = 0u64;
        if self.bytes.get(pos) == Some(&b']') {
            pos += 1;
        } else {
            loop {
                count += 1;
                let end = match rules.items {
                    Some(id) if valid => {
                        let (end, passed) = self.value(id, pos, depth + 1)?;
                        valid = passed;
                        end
                    }
                    _ => self.skip(pos, depth + 1)?,
                };
                let (next, closed) = self.after(end, b']')?;
                pos = next;
                if closed {
                    break;
                }
            }
        }
        valid = valid
            && rules.min_items.is_none_or(|min| count >= min)
            && rules.max_items.is_none_or(|max| count <= max);
        Ok((pos, valid))
    }

    /// The string at `pos`: where it ends and its content (escapes decoded).
    fn string_at(&mut self, pos: usize) -> Result<(usize, Cow<'t, str>), Stop> {
        let mut lone = false;
        let read = lex::string_end(self.bytes, pos, |_, _| lone = true);
        let lex::StringEnd { end, escaped } = read.map_err(|_| Stop::Syntax)?;
        self.remarkable |= lone;
        let lexeme = self.slice(pos, end);
        let content = if escaped {
            Cow::Owned(decode_string(lexeme).value)
        } else {
            Cow::Borrowed(self.slice(pos + 1, end.saturating_sub(1)))
        };
        Ok((end, content))
    }

    fn string(&mut self, rules: &Rules, pos: usize) -> Step {
        if rules.types & types::STRING == 0 {
            let mut lone = false;
            let read = lex::string_end(self.bytes, pos, |_, _| lone = true);
            self.remarkable |= lone;
            return Ok((read.map_err(|_| Stop::Syntax)?.end, false));
        }
        let (end, content) = self.string_at(pos)?;
        let valid = rules.allowed.iter().all(|values| {
            values
                .iter()
                .any(|v| matches!(v, Scalar::Str(s) if *s == content))
        }) && self.length_fits(rules, &content)
            && match rules.simple_pattern.as_ref().map(|p| p.is_match(&content)) {
                Some(Some(false)) => false,
                Some(Some(true)) if !rules.engine_always => true,
                _ => rules.string_engine.as_ref().is_none_or(|engine| {
                    engine.is_valid(super::super::tape::Instance::Name(&content))
                }),
            };
        Ok((end, valid))
    }

    fn length_fits(&self, rules: &Rules, content: &str) -> bool {
        if rules.min_length.is_none() && rules.max_length.is_none() {
            return true;
        }
        let length = content.chars().count() as u64;
        rules.min_length.is_none_or(|min| length >= min)
            && rules.max_length.is_none_or(|max| length <= max)
    }

    fn number(&self, rules: &Rules, lexeme: &str) -> Result<bool, Stop> {
        if rules.types & types::INTEGER == 0 || !rules.allowed.is_empty() {
            return Ok(false);
        }
        if rules.exact_limits {
            if let Some(n) = plain_integer(lexeme) {
                return Ok(rules.minimum.is_none_or(|m| n >= m)
                    && rules.maximum.is_none_or(|m| n <= m)
                    && rules.exclusive_minimum.is_none_or(|m| n > m)
                    && rules.exclusive_maximum.is_none_or(|m| n < m)
                    && rules.multiple_of.is_none_or(|m| n % m == 0));
            }
        }
        let Some(engine) = &rules.number_engine else {
            // No numeric keyword, and the type takes every number.
            return Ok(true);
        };
        let tape = Tape::read(lexeme).ok_or(Stop::Syntax)?;
        Ok(engine.is_valid(tape.root()))
    }

    fn literal(&self, rules: &Rules, pos: usize) -> Step {
        let (word, value, kind) = match self.bytes.get(pos) {
            Some(b't') => ("true", Scalar::Bool(true), types::BOOLEAN),
            Some(b'f') => ("false", Scalar::Bool(false), types::BOOLEAN),
            _ => ("null", Scalar::Null, types::NULL),
        };
        let end = lex::literal_end(self.bytes, pos, word).map_err(|_| Stop::Syntax)?;
        let valid =
            rules.types & kind != 0 && rules.allowed.iter().all(|values| values.contains(&value));
        Ok((end, valid))
    }

    /// Reads past the value at `pos` without checking it; an object of two members or more
    /// makes the run remarkable (it may repeat a key, which only the full parse reports).
    fn skip(&mut self, pos: usize, depth: usize) -> Result<usize, Stop> {
        let mut pos = lex::skip_ws(self.bytes, pos);
        // Bit `i`: open level `i` (from the value's own) is an object; `members` counts the
        // innermost open object's members up to two.
        let (mut open, mut levels) = (0u64, 0usize);
        loop {
            match self.bytes.get(pos).copied().ok_or(Stop::Syntax)? {
                bracket @ (b'{' | b'[') => {
                    if levels >= 63 || depth + levels >= MAX_DEPTH {
                        return Err(Stop::Unknown);
                    }
                    let object = bracket == b'{';
                    let close = if object { b'}' } else { b']' };
                    pos = lex::skip_ws(self.bytes, pos + 1);
                    if self.bytes.get(pos) == Some(&close) {
                        pos += 1;
                    } else {
                        open = (open & !(1 << levels)) | (u64::from(object) << levels);
                        levels += 1;
                        if object {
                            pos = self.key(pos)?.1;
                        }
                        pos = lex::skip_ws(self.bytes, pos);
                        continue;
                    }
                }
                b'"' => {
                    let mut lone = false;
                    let read = lex::string_end(self.bytes, pos, |_, _| lone = true);
                    self.remarkable |= lone;
                    pos = read.map_err(|_| Stop::Syntax)?.end;
                }
                b'-' | b'0'..=b'9' => {
                    pos = lex::number_end(self.bytes, pos).map_err(|_| Stop::Syntax)?;
                }
                b't' => pos = self.word(pos, "true")?,
                b'f' => pos = self.word(pos, "false")?,
                b'n' => pos = self.word(pos, "null")?,
                _ => return Err(Stop::Syntax),
            }
            // After a value: a comma, closing brackets, or the end of the skipped value.
            loop {
                let Some(level) = levels.checked_sub(1) else {
                    return Ok(pos);
                };
                let object = (open >> level) & 1 == 1;
                pos = lex::skip_ws(self.bytes, pos);
                match self.bytes.get(pos) {
                    Some(b',') => {
                        pos = lex::skip_ws(self.bytes, pos + 1);
                        if object {
                            self.remarkable = true;
                            pos = lex::skip_ws(self.bytes, self.key(pos)?.1);
                        }
                        break;
                    }
                    Some(b'}') if object => {}
                    Some(b']') if !object => {}
                    _ => return Err(Stop::Syntax),
                }
                levels = level;
                pos += 1;
            }
        }
    }

    fn word(&self, pos: usize, word: &str) -> Result<usize, Stop> {
        lex::literal_end(self.bytes, pos, word).map_err(|_| Stop::Syntax)
    }

    fn slice(&self, start: usize, end: usize) -> &'t str {
        self.text.get(start..end).unwrap_or_default()
    }
}

/// The value of an integer lexeme of at most 18 digits (so it fits an `i64`).
fn plain_integer(lexeme: &str) -> Option<i64> {
    let digits = lexeme.strip_prefix('-').unwrap_or(lexeme);
    if digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    lexeme.parse().ok()
}
