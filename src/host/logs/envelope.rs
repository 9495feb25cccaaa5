//! A log's JSON values read as envelopes without building their trees: one pass of the
//! [`Reader`] over each value checks all of it and notes where the members an envelope is read
//! by sit (`message`, `toModel`, `direction`, `timestamp`, `jsonrpc`). What a transcript's or a
//! JSON Lines log's reader needs of a line, for a fraction of a tree's cost (no allocation per
//! node, nothing to drop). The choices are [`crate::host::transcript`]'s (the last of duplicated
//! members, keys compared decoded), so a log read here gives the entries a transcript read gives.

use std::borrow::Cow;

use crate::diagnostic::ByteRange;
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;
use crate::json::string::decode_string;
use crate::json::{JsonError, ReadOptions, Reader, Token, TokenKind};

/// A member's value: its range and its first token's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    range: ByteRange,
    kind: TokenKind,
}

/// One JSON value read as an envelope (ranges in the text the reader reads).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Envelope {
    /// The whole value.
    pub(super) range: ByteRange,
    /// The last `message` member's value.
    message: Option<Slot>,
    /// The last `toModel` member's value.
    to_model: Option<Slot>,
    /// The last `direction` member's value.
    direction: Option<Slot>,
    /// The last `timestamp` member's value.
    timestamp: Option<Slot>,
    /// Whether the value is an object with a `jsonrpc` member.
    pub(super) jsonrpc: bool,
}

impl Envelope {
    /// The range of the `message` object, when there is one.
    pub(super) fn message(&self) -> Option<ByteRange> {
        object(self.message)
    }

    /// The range of the message a transcript's envelope wraps (its `message` object or, failing
    /// that, its `toModel` object), `None` when the value wraps none.
    pub(super) fn wrapped(&self) -> Option<ByteRange> {
        object(self.message).or_else(|| object(self.to_model))
    }

    /// Who sent the message, when `direction` is `"client"` or `"server"` (`text` is the text
    /// the value was read from).
    pub(super) fn direction(&self, text: &str) -> Option<Direction> {
        match string_of(text, self.direction)?.as_str() {
            "client" => Some(Direction::Client),
            "server" => Some(Direction::Server),
            _ => None,
        }
    }

    /// When the message was seen, when `timestamp` is an RFC 3339 date-time.
    pub(super) fn time_ms(&self, text: &str) -> Option<i64> {
        parse_rfc3339(&string_of(text, self.timestamp)?)
    }
}

/// The range of `slot` when it holds an object.
fn object(slot: Option<Slot>) -> Option<ByteRange> {
    slot.filter(|s| s.kind == TokenKind::StartObject)
        .map(|s| s.range)
}

/// The decoded string `slot` holds, `None` when it holds no string.
fn string_of(text: &str, slot: Option<Slot>) -> Option<String> {
    let slot = slot.filter(|s| s.kind == TokenKind::String)?;
    let lexeme = text.get(slot.range.start..slot.range.end)?;
    Some(decode_string(lexeme).value)
}

/// The options envelopes are read with: a tree's limits ([`crate::json::parse`]'s), no
/// duplicate-key warnings (the readers report none of an envelope's).
pub(super) fn options() -> ReadOptions {
    ReadOptions {
        detect_duplicate_keys: false,
        ..ReadOptions::default()
    }
}

/// Reads `text` as one JSON value (what [`crate::json::parse`] accepts, the same error where it
/// fails) as an envelope.
pub(super) fn read_one(text: &str) -> Result<Envelope, JsonError> {
    let mut reader = Reader::new(text, options());
    let first = next(&mut reader)?;
    let envelope = read_value(&mut reader, first)?;
    match reader.next_token()? {
        // The reader errs on anything after the value; this is not reached.
        Some(_) => Ok(Envelope::default()),
        None => Ok(envelope),
    }
}

/// The first JSON value of `text` (which starts with it) read as an envelope; what follows it is
/// not read (a log line's text after its message, the next lines of a log).
pub(super) fn first_value(text: &str) -> Result<Envelope, JsonError> {
    let mut reader = Reader::new(text, options());
    let first = next(&mut reader)?;
    read_value(&mut reader, first)
}

/// The reader's next token; the end of the text (which the reader only reports after a whole
/// value, never inside one) as an error at the end.
pub(super) fn next(reader: &mut Reader<'_>) -> Result<Token, JsonError> {
    reader.next_token()?.ok_or_else(|| {
        let text = reader.text();
        JsonError::at(text, text.len(), "eof", "unexpected end of input")
    })
}

/// Reads the value `first` starts (the reader just gave it) to its end, as an envelope.
pub(super) fn read_value(reader: &mut Reader<'_>, first: Token) -> Result<Envelope, JsonError> {
    let mut envelope = Envelope {
        range: first.range,
        ..Envelope::default()
    };
    if first.kind != TokenKind::StartObject {
        envelope.range.end = skip(reader, first)?;
        return Ok(envelope);
    }
    let text = reader.text();
    loop {
        let token = next(reader)?;
        if token.kind == TokenKind::EndObject {
            envelope.range.end = token.range.end;
            return Ok(envelope);
        }
        let key = token.range;
        let start = next(reader)?;
        let slot = Slot {
            range: ByteRange::new(start.range.start, skip(reader, start)?),
            kind: start.kind,
        };
        match key_name(text, key).as_ref() {
            "message" => envelope.message = Some(slot),
            "toModel" => envelope.to_model = Some(slot),
            "direction" => envelope.direction = Some(slot),
            "timestamp" => envelope.timestamp = Some(slot),
            "jsonrpc" => envelope.jsonrpc = true,
            _ => {}
        }
    }
}

/// The decoded name of the key at `key` (its lexeme's range in `text`), borrowed when it has no
/// escapes.
pub(super) fn key_name(text: &str, key: ByteRange) -> Cow<'_, str> {
    let raw = text
        .get(key.start + 1..key.end.saturating_sub(1))
        .unwrap_or_default();
    if raw.contains('\\') {
        Cow::Owned(decode_string(raw).value)
    } else {
        Cow::Borrowed(raw)
    }
}

/// Reads past the value `first` starts; returns the offset just after it.
pub(super) fn skip(reader: &mut Reader<'_>, first: Token) -> Result<usize, JsonError> {
    if !matches!(first.kind, TokenKind::StartObject | TokenKind::StartArray) {
        return Ok(first.range.end);
    }
    let depth = reader.depth().saturating_sub(1);
    loop {
        let token = next(reader)?;
        if matches!(token.kind, TokenKind::EndObject | TokenKind::EndArray)
            && reader.depth() == depth
        {
            return Ok(token.range.end);
        }
    }
}
