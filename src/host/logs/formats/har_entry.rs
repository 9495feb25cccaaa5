//! One entry of a HAR read token by token, without building its tree: where the members the HAR
//! reader uses sit (`startedDateTime`, `timings`, `request.method`, `request.headers`,
//! `request.postData.text`, `response.content.{text,encoding,mimeType}`), every other value only
//! checked. The choices are a tree's ([`crate::json::Node::value_of`]: the last of duplicated
//! members, keys compared decoded; a member that is not an object holds none of these), so an
//! entry read here gives what its tree gave, without decoding every string (a body twice) and
//! dropping a tree for each entry.

use std::borrow::Cow;

use super::super::envelope::{key_name, next, skip};
use crate::json::{JsonError, Reader, Token, TokenKind};

/// The timings before the first byte of an answer, in a HAR entry's `timings`.
pub(super) const FIRST_BYTE_TIMINGS: [&str; 5] = ["blocked", "dns", "connect", "send", "wait"];

/// Where the members of one entry sit (each the value's first token).
#[derive(Debug, Default)]
pub(super) struct Entry {
    /// `startedDateTime`.
    pub(super) started: Option<Token>,
    /// `timings`' members named in [`FIRST_BYTE_TIMINGS`], in that order.
    pub(super) timings: [Option<Token>; 5],
    /// `request`, when it is an object.
    pub(super) request: Option<Request>,
    /// `response.content`, when both are objects.
    pub(super) content: Option<Content>,
}

/// A `headers` element's `name` and `value`.
pub(super) type Header = (Option<Token>, Option<Token>);

/// Where the members of an entry's `request` sit.
#[derive(Debug, Default)]
pub(super) struct Request {
    /// `method`.
    pub(super) method: Option<Token>,
    /// Each element of `headers` (when it is an array): its `name` and `value`.
    pub(super) headers: Vec<Header>,
    /// `postData.text`.
    pub(super) body: Option<Token>,
}

/// Where the members of a response's `content` sit.
#[derive(Debug, Default)]
pub(super) struct Content {
    /// `text`.
    pub(super) text: Option<Token>,
    /// `encoding`.
    pub(super) encoding: Option<Token>,
    /// `mimeType`.
    pub(super) mime: Option<Token>,
}

/// The decoded string `token` is (`text` the text it was read from), borrowed when it has no
/// escapes; `None` when it is no string.
pub(super) fn string(text: &str, token: Option<Token>) -> Option<Cow<'_, str>> {
    token
        .filter(|t| t.kind == TokenKind::String)
        .map(|t| key_name(text, t.range))
}

/// Reads the entry `first` starts (the reader just gave it) to its end.
pub(super) fn read(reader: &mut Reader<'_>, first: Token) -> Result<Entry, JsonError> {
    let mut entry = Entry::default();
    members(reader, first, &mut |reader, key, value| {
        match key {
            "startedDateTime" => entry.started = Some(value),
            "timings" => {
                entry.timings = Default::default();
                members(reader, value, &mut |_, key, value| {
                    let at = FIRST_BYTE_TIMINGS.iter().position(|k| *k == key);
                    if let Some(slot) = at.and_then(|i| entry.timings.get_mut(i)) {
                        *slot = Some(value);
                    }
                    Ok(false)
                })?;
                return Ok(true);
            }
            "request" => {
                entry.request = read_request(reader, value)?;
                return Ok(true);
            }
            "response" => {
                entry.content = None;
                members(reader, value, &mut |reader, key, value| {
                    if key != "content" {
                        return Ok(false);
                    }
                    entry.content = read_content(reader, value)?;
                    Ok(true)
                })?;
                return Ok(true);
            }
            _ => {}
        }
        Ok(false)
    })?;
    Ok(entry)
}

/// Reads a `request` value: its members, when it is an object.
fn read_request(reader: &mut Reader<'_>, first: Token) -> Result<Option<Request>, JsonError> {
    let mut request = Request::default();
    let object = members(reader, first, &mut |reader, key, value| match key {
        "method" => {
            request.method = Some(value);
            Ok(false)
        }
        "headers" => {
            request.headers = read_headers(reader, value)?;
            Ok(true)
        }
        "postData" => {
            request.body = None;
            members(reader, value, &mut |_, key, value| {
                if key == "text" {
                    request.body = Some(value);
                }
                Ok(false)
            })?;
            Ok(true)
        }
        _ => Ok(false),
    })?;
    Ok(object.then_some(request))
}

/// Reads a `headers` value: each element's `name` and `value` (none when it is no array).
fn read_headers(reader: &mut Reader<'_>, first: Token) -> Result<Vec<Header>, JsonError> {
    let mut headers = Vec::new();
    if first.kind != TokenKind::StartArray {
        skip(reader, first)?;
        return Ok(headers);
    }
    loop {
        let element = next(reader)?;
        if element.kind == TokenKind::EndArray {
            return Ok(headers);
        }
        let (mut name, mut value) = (None, None);
        members(reader, element, &mut |_, key, token| {
            match key {
                "name" => name = Some(token),
                "value" => value = Some(token),
                _ => {}
            }
            Ok(false)
        })?;
        headers.push((name, value));
    }
}

/// Reads a `content` value: its members, when it is an object.
fn read_content(reader: &mut Reader<'_>, first: Token) -> Result<Option<Content>, JsonError> {
    let mut content = Content::default();
    let object = members(reader, first, &mut |_, key, value| {
        match key {
            "text" => content.text = Some(value),
            "encoding" => content.encoding = Some(value),
            "mimeType" => content.mime = Some(value),
            _ => {}
        }
        Ok(false)
    })?;
    Ok(object.then_some(content))
}

/// Reads the value `first` starts to its end; when it is an object, calls `member` with each
/// member's decoded key and its value's first token, in order: `member` says whether it read the
/// value to its end (else it is skipped here). Whether it was an object. (`dyn`: one function in
/// the wasm build for the six readers.)
fn members(
    reader: &mut Reader<'_>,
    first: Token,
    member: &mut dyn FnMut(&mut Reader<'_>, &str, Token) -> Result<bool, JsonError>,
) -> Result<bool, JsonError> {
    if first.kind != TokenKind::StartObject {
        skip(reader, first)?;
        return Ok(false);
    }
    let text = reader.text();
    loop {
        let key = next(reader)?;
        if key.kind == TokenKind::EndObject {
            return Ok(true);
        }
        let value = next(reader)?;
        if !member(reader, &key_name(text, key.range), value)? {
            skip(reader, value)?;
        }
    }
}
