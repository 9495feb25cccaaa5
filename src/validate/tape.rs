//! The arguments as the validator reads them: a flat, borrowed view of a JSON text.
//!
//! `jsonschema` validates any representation that implements its [`Json`] traits. Building a
//! `serde_json::Value` costs an allocation per key, string and number and a hash per key; a
//! [`Tape`] is one vector of slots over the text: strings and keys without escapes are borrowed,
//! numbers keep their lexeme, and an object member is found by comparing keys in place.
//!
//! Semantics are those of `serde_json::Value` (with `preserve_order` and `arbitrary_precision`):
//! a duplicated key keeps its last value at its first position, numbers are exact.

use std::borrow::Cow;
use std::collections::HashMap;

use jsonschema::json::{Array, Json, JsonNumber, Node, NodeIdentity, Object};
use jsonschema::types::JsonType;
use serde_json::{Map, Number, Value};

use crate::json::string::decode_string;
use crate::json::tree::MAX_TREE_DEPTH;
use crate::json::{scan, ReadOptions, TokenKind};

/// Objects up to this many members are checked for duplicate keys pair by pair.
const PAIRWISE_LIMIT: usize = 16;

/// What a [`Slot`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Null,
    True,
    False,
    Number,
    String,
    Key,
    Array,
    Object,
}

/// One value (or object key) of the text, in document order.
#[derive(Clone, Copy, Debug)]
struct Slot {
    kind: Kind,
    /// Strings and keys: the lexeme has an escape. Objects: some key is duplicated.
    flag: bool,
    /// The lexeme's bytes (quotes included; brackets included for containers).
    start: usize,
    end: usize,
    /// Index of the slot after this value and everything inside it (see [`Tape::read`] for an
    /// open container).
    next: usize,
    /// Containers: elements, or distinct keys.
    len: usize,
}

/// A JSON text read into slots, ready to validate.
#[derive(Debug)]
pub struct Tape<'t> {
    text: &'t str,
    slots: Vec<Slot>,
    /// Whether the reader warned (a lone surrogate, a byte order mark).
    reader_warned: bool,
    /// Whether some object repeats a key.
    duplicate_keys: bool,
}

impl<'t> Tape<'t> {
    /// Reads `text` with the limits of [`crate::json::parse`]; `None` where it fails (only a
    /// full parse says where and why).
    pub fn read(text: &'t str) -> Option<Self> {
        let options = ReadOptions {
            max_depth: ReadOptions::default().max_depth.min(MAX_TREE_DEPTH),
            detect_duplicate_keys: false,
            ..ReadOptions::default()
        };
        let mut tape = Tape {
            text,
            slots: Vec::with_capacity(text.len() / 6 + 1),
            reader_warned: false,
            duplicate_keys: false,
        };
        // The innermost open container. Until it is closed, a container's `next` is the slot of
        // the container around it (its own slot at the root), so no stack is needed.
        let mut innermost: Option<usize> = None;
        let scanned = scan(text, options, |token, range, escaped| {
            let (start, end) = (range.start, range.end);
            let at = tape.slots.len();
            let kind = match token {
                TokenKind::EndArray | TokenKind::EndObject => {
                    innermost = innermost.and_then(|container| tape.close(container, end));
                    return;
                }
                TokenKind::StartArray => Kind::Array,
                TokenKind::StartObject => Kind::Object,
                TokenKind::Key => Kind::Key,
                TokenKind::String => Kind::String,
                TokenKind::Number => Kind::Number,
                TokenKind::True => Kind::True,
                TokenKind::False => Kind::False,
                TokenKind::Null => Kind::Null,
            };
            // An array counts its elements, an object its keys.
            if let Some(container) = innermost.and_then(|c| tape.slots.get_mut(c)) {
                if container.kind == Kind::Array || kind == Kind::Key {
                    container.len += 1;
                }
            }
            let next = if matches!(kind, Kind::Array | Kind::Object) {
                innermost.replace(at).unwrap_or(at)
            } else {
                at + 1
            };
            tape.slots.push(Slot {
                kind,
                flag: escaped,
                start,
                end,
                next,
                len: 0,
            });
        })?;
        tape.reader_warned = scanned.warned;
        Some(tape)
    }

    /// Whether reading the text gave warnings (duplicate keys, lone surrogates, a byte order
    /// mark), which only a full [`crate::json::parse`] reports.
    pub fn is_remarkable(&self) -> bool {
        self.reader_warned || self.duplicate_keys
    }

    /// Whether some object repeats a key (only then need a full parse look for duplicates).
    pub fn has_duplicate_keys(&self) -> bool {
        self.duplicate_keys
    }

    /// The root value.
    pub fn root(&self) -> Instance<'_> {
        Instance::Slot(self.at(0))
    }

    /// Slot `at`, with its slot looked up once (a `null` stands in for one past the end).
    fn at(&self, at: usize) -> At<'_> {
        let slot = self.slot(at).unwrap_or(&MISSING);
        At {
            tape: self,
            at,
            slot,
        }
    }

    /// Ends the container opened at slot `at`: links past it and finds duplicate keys. Returns
    /// the container around it.
    fn close(&mut self, at: usize, end: usize) -> Option<usize> {
        let next = self.slots.len();
        let slot = self.slots.get_mut(at)?;
        let around = (slot.next != at).then_some(slot.next);
        slot.end = end;
        slot.next = next;
        if slot.kind == Kind::Object && slot.len > 1 {
            let count = slot.len;
            let keys = self.at(at).member_slots().map(|(key, _)| key);
            let distinct = self.distinct_keys(keys, count);
            if distinct < count {
                if let Some(slot) = self.slots.get_mut(at) {
                    slot.len = distinct;
                    slot.flag = true;
                }
                self.duplicate_keys = true;
            }
        }
        around
    }

    /// How many different names the `count` key slots `keys` hold.
    fn distinct_keys(&self, keys: impl Iterator<Item = usize> + Clone, count: usize) -> usize {
        if count <= PAIRWISE_LIMIT {
            let mut later = keys.clone();
            keys.filter(|&key| {
                later.next();
                !later.clone().any(|other| self.same_names(key, other))
            })
            .count()
        } else {
            let mut names: Vec<Cow<'t, str>> = keys.map(|k| self.name(k)).collect();
            names.sort_unstable();
            names.dedup();
            names.len()
        }
    }

    fn slot(&self, at: usize) -> Option<&Slot> {
        self.slots.get(at)
    }

    /// The lexeme of slot `at`.
    fn lexeme(&self, at: usize) -> &'t str {
        self.slot(at)
            .and_then(|slot| self.lexeme_of(slot))
            .unwrap_or_default()
    }

    /// The lexeme of a slot.
    fn lexeme_of(&self, slot: &Slot) -> Option<&'t str> {
        self.text.get(slot.start..slot.end)
    }

    /// The text between the quotes of a string or key slot, escapes as written.
    fn raw_content(&self, slot: &Slot) -> Option<&'t str> {
        self.text.get(slot.start + 1..slot.end.saturating_sub(1))
    }

    /// The decoded content of the string or key slot `at`.
    fn name(&self, at: usize) -> Cow<'t, str> {
        self.slot(at)
            .map_or(Cow::Borrowed(""), |slot| self.name_of(slot))
    }

    /// The decoded content of a string or key slot.
    fn name_of(&self, slot: &Slot) -> Cow<'t, str> {
        if slot.flag {
            Cow::Owned(decode_string(self.lexeme_of(slot).unwrap_or_default()).value)
        } else {
            Cow::Borrowed(self.raw_content(slot).unwrap_or_default())
        }
    }

    /// Whether the key slot `at` decodes to `name`.
    fn same_name(&self, at: usize, name: &str) -> bool {
        match self.slot(at) {
            Some(slot) if slot.flag => self.name_of(slot) == name,
            Some(slot) => self.raw_content(slot) == Some(name),
            None => false,
        }
    }

    /// Whether the key slots `a` and `b` hold the same name.
    fn same_names(&self, a: usize, b: usize) -> bool {
        match (self.slot(a), self.slot(b)) {
            // Without escapes, equal names are equal lexemes.
            (Some(x), Some(y)) if !x.flag && !y.flag => self.lexeme_of(x) == self.lexeme_of(y),
            (Some(x), Some(_)) => self.same_name(b, &self.name_of(x)),
            _ => false,
        }
    }

    /// The value of slot `at` as a `serde_json::Value` (for error messages and annotations).
    fn to_value(&self, at: usize) -> Value {
        let Some(slot) = self.slot(at) else {
            return Value::Null;
        };
        let container = self.at(at);
        match slot.kind {
            Kind::Null | Kind::Key => Value::Null,
            Kind::True => Value::Bool(true),
            Kind::False => Value::Bool(false),
            Kind::Number => self
                .lexeme(at)
                .parse::<Number>()
                .map_or(Value::Null, Value::Number),
            Kind::String => Value::String(self.name(at).into_owned()),
            Kind::Array => Value::Array(container.children().map(|c| self.to_value(c)).collect()),
            Kind::Object => {
                let mut map = Map::with_capacity(slot.len);
                for (key, value) in container.member_slots() {
                    map.insert(self.name(key).into_owned(), self.to_value(value));
                }
                Value::Object(map)
            }
        }
    }
}

/// What [`Tape::at`] gives for a slot past the end (never reached: the tape links only its own
/// slots).
const MISSING: Slot = Slot {
    kind: Kind::Null,
    flag: false,
    start: 0,
    end: 0,
    next: 0,
    len: 0,
};

/// A slot of a tape.
#[derive(Clone, Copy, Debug)]
pub struct At<'a> {
    tape: &'a Tape<'a>,
    at: usize,
    /// `tape.slots[at]`, looked up once: the validator asks a node for its kind many times.
    slot: &'a Slot,
}

impl<'a> At<'a> {
    fn kind(&self) -> Kind {
        self.slot.kind
    }

    fn with(&self, at: usize) -> Instance<'a> {
        Instance::Slot(self.tape.at(at))
    }

    /// The slots directly inside this container: elements, or keys and values alternately.
    fn children(&self) -> Children<'a> {
        let end = self.slot.next;
        Children {
            tape: self.tape,
            at: self.at + 1,
            end,
        }
    }

    /// `(key slot, value slot)` of each member of this object, duplicates included.
    fn member_slots(&self) -> impl Iterator<Item = (usize, usize)> + Clone + 'a {
        let mut children = self.children();
        std::iter::from_fn(move || Some((children.next()?, children.next()?)))
    }
}

/// Iterates the slots directly inside a container.
#[derive(Clone, Debug)]
pub struct Children<'a> {
    tape: &'a Tape<'a>,
    at: usize,
    end: usize,
}

impl Iterator for Children<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.at >= self.end {
            return None;
        }
        let here = self.at;
        self.at = self.tape.slot(here).map_or(self.end, |s| s.next);
        Some(here)
    }
}

/// A value the validator visits: a slot of a tape, or a property name being validated on its own.
#[derive(Clone, Copy, Debug)]
pub enum Instance<'a> {
    /// A value of the text.
    Slot(At<'a>),
    /// A property name (`propertyNames` validates names as string instances).
    Name(&'a str),
}

/// The [`Json`] representation of a [`Tape`].
pub struct TapeJson;

impl Json for TapeJson {
    type Node<'a> = Instance<'a>;
    type PreparedKey = String;
    type StringBuffer = ();

    fn prepare_key(key: &str) -> String {
        key.to_owned()
    }

    fn with_string_node<T>(_buffer: &mut (), string: &str, f: impl FnOnce(Instance<'_>) -> T) -> T {
        f(Instance::Name(string))
    }
}

impl<'a> Node<'a, TapeJson> for Instance<'a> {
    type Object = At<'a>;
    type Array = At<'a>;
    type Number = Lexeme<'a>;

    fn as_object(&self) -> Option<At<'a>> {
        match self {
            Instance::Slot(at) if at.kind() == Kind::Object => Some(*at),
            _ => None,
        }
    }

    fn as_array(&self) -> Option<At<'a>> {
        match self {
            Instance::Slot(at) if at.kind() == Kind::Array => Some(*at),
            _ => None,
        }
    }

    fn as_string(&self) -> Option<Cow<'a, str>> {
        match self {
            Instance::Slot(at) if at.kind() == Kind::String => Some(at.tape.name_of(at.slot)),
            Instance::Slot(_) => None,
            Instance::Name(name) => Some(Cow::Borrowed(name)),
        }
    }

    fn as_number(&self) -> Option<Lexeme<'a>> {
        match self {
            Instance::Slot(at) if at.kind() == Kind::Number => {
                Some(Lexeme(at.tape.lexeme_of(at.slot)?))
            }
            _ => None,
        }
    }

    fn as_boolean(&self) -> Option<bool> {
        match self {
            Instance::Slot(at) => match at.kind() {
                Kind::True => Some(true),
                Kind::False => Some(false),
                _ => None,
            },
            Instance::Name(_) => None,
        }
    }

    fn is_null(&self) -> bool {
        matches!(self, Instance::Slot(at) if at.kind() == Kind::Null)
    }

    fn json_type(&self) -> JsonType {
        match self {
            Instance::Slot(at) => match at.kind() {
                Kind::True | Kind::False => JsonType::Boolean,
                Kind::Number => JsonType::Number,
                Kind::String | Kind::Key => JsonType::String,
                Kind::Array => JsonType::Array,
                Kind::Object => JsonType::Object,
                Kind::Null => JsonType::Null,
            },
            Instance::Name(_) => JsonType::String,
        }
    }

    fn equals_value(&self, expected: &Value) -> bool {
        match (self.as_string(), expected) {
            (Some(string), Value::String(other)) => string == other.as_str(),
            (Some(_), _) => false,
            (None, _) => jsonschema::json::cmp::equal(&self.to_value(), expected),
        }
    }

    fn to_value(&self) -> Cow<'a, Value> {
        Cow::Owned(match self {
            Instance::Slot(at) => at.tape.to_value(at.at),
            Instance::Name(name) => Value::String((*name).to_owned()),
        })
    }

    fn identity(&self) -> Option<NodeIdentity> {
        Some(match self {
            Instance::Slot(at) => {
                NodeIdentity::tagged(at.tape.slots.as_ptr() as usize, u32::try_from(at.at).ok()?)
            }
            Instance::Name(name) => {
                NodeIdentity::tagged(name.as_ptr() as usize, u32::try_from(name.len()).ok()?)
            }
        })
    }
}

/// The members of an object: in place, or (when keys repeat) as `serde_json` would keep them.
pub enum Members<'a> {
    /// No duplicated key: the key and value slots in order.
    Plain(At<'a>, Children<'a>),
    /// Each name once, at its first position, with its last value.
    Deduplicated(std::vec::IntoIter<(Cow<'a, str>, Instance<'a>)>),
}

impl<'a> Iterator for Members<'a> {
    type Item = (Cow<'a, str>, Instance<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Members::Plain(object, children) => {
                let key = children.next()?;
                let value = children.next()?;
                Some((object.tape.name(key), object.with(value)))
            }
            Members::Deduplicated(members) => members.next(),
        }
    }
}

impl<'a> Object<'a, TapeJson> for At<'a> {
    type Node = Instance<'a>;
    type MemberName = Cow<'a, str>;
    type MembersIter = Members<'a>;

    fn len(&self) -> usize {
        self.slot.len
    }

    fn get(&self, key: &String) -> Option<Instance<'a>> {
        self.member_slots()
            .filter(|&(k, _)| self.tape.same_name(k, key))
            .last()
            .map(|(_, value)| self.with(value))
    }

    fn members(&self) -> Members<'a> {
        if !self.slot.flag {
            return Members::Plain(*self, self.children());
        }
        let mut kept: Vec<(Cow<'a, str>, Instance<'a>)> = Vec::new();
        let mut position: HashMap<Cow<'a, str>, usize> = HashMap::new();
        for (key, value) in self.member_slots() {
            let name = self.tape.name(key);
            match position.get(&name) {
                Some(&i) => {
                    if let Some(member) = kept.get_mut(i) {
                        member.1 = self.with(value);
                    }
                }
                None => {
                    position.insert(name.clone(), kept.len());
                    kept.push((name, self.with(value)));
                }
            }
        }
        Members::Deduplicated(kept.into_iter())
    }
}

impl<'a> Array<'a, TapeJson> for At<'a> {
    type Node = Instance<'a>;
    type ElementsIter = Elements<'a>;

    fn len(&self) -> usize {
        self.slot.len
    }

    fn elements(&self) -> Elements<'a> {
        Elements(*self, self.children())
    }
}

/// The elements of an array.
pub struct Elements<'a>(At<'a>, Children<'a>);

impl<'a> Iterator for Elements<'a> {
    type Item = Instance<'a>;

    fn next(&mut self) -> Option<Instance<'a>> {
        let at = self.1.next()?;
        Some(self.0.with(at))
    }
}

/// A number as written in the text (the reader has checked its syntax).
#[derive(Clone, Copy, Debug)]
pub struct Lexeme<'a>(&'a str);

impl JsonNumber for Lexeme<'_> {
    fn as_u64(&self) -> Option<u64> {
        self.0.parse().ok()
    }

    fn as_i64(&self) -> Option<i64> {
        self.0.parse().ok()
    }

    fn as_f64(&self) -> Option<f64> {
        self.0.parse::<f64>().ok().filter(|float| float.is_finite())
    }

    fn as_str(&self) -> Cow<'_, str> {
        Cow::Borrowed(self.0)
    }

    fn to_number(&self) -> Cow<'_, Number> {
        Cow::Owned(self.0.parse().unwrap_or_else(|_| Number::from(0)))
    }

    fn is_integer(&self) -> bool {
        // Without a fraction or an exponent the lexeme is an integer, however long.
        !self.0.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'))
            || JsonNumber::is_integer(&*self.to_number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Texts whose tape must read exactly as `serde_json` reads them.
    const TEXTS: &[&str] = &[
        r#"{"a": 1, "b": [true, false, null, "x"], "c": {"d": -0.5e3}}"#,
        r#"{"a": 1, "b": 2, "a": 3}"#,
        r#"{"k\u0065y": "v\n\"al\"", "key": 2}"#,
        r#"{"ab": 1, "ba": 2, "\u0062a": 3, "\u0062\u0061": 4, "a": 5, "\u0061b": 6}"#,
        r#"[1, 1.0, 100000000000000000000000000001, {"": ""}, [], {}]"#,
        "[1e2, 1.5, -0, 2.50e1, 1E-2, -12345678901234567890123, 0.0e7]",
        r#""just a string""#,
        "42",
    ];

    #[test]
    fn tapes_read_as_serde_json_values() {
        for text in TEXTS {
            let tape = Tape::read(text).unwrap();
            let expected: Value = serde_json::from_str(text).unwrap();
            assert_eq!(tape.root().to_value().into_owned(), expected, "{text}");
            let objects = expected.as_object().map_or(0, Map::len);
            assert_eq!(
                tape.root().as_object().map_or(0, |o| Object::len(&o)),
                objects,
                "{text}"
            );
        }
    }

    #[test]
    fn tapes_read_the_json_test_suite_as_the_reader_does() {
        let (mut read, mut rejected) = (0, 0);
        for (name, text) in crate::json::test_suite_texts() {
            let doc = crate::json::parse(&text, ReadOptions::default());
            let tape = Tape::read(&text);
            assert_eq!(tape.is_some(), doc.is_ok(), "{name}");
            let (Some(tape), Ok(doc)) = (tape, doc) else {
                rejected += 1;
                continue;
            };
            let value = doc.to_value();
            assert_eq!(tape.root().to_value().into_owned(), value, "{name}");
            assert_same_lengths(tape.root(), &value);
            let warned = doc.warnings.iter().any(|w| w.code != "duplicate-key");
            assert_eq!(tape.reader_warned, warned, "{name}");
            let duplicated = doc.warnings.iter().any(|w| w.code == "duplicate-key");
            assert_eq!(tape.has_duplicate_keys(), duplicated, "{name}");
            read += 1;
        }
        assert!(
            read > 90 && rejected > 150,
            "{read} read, {rejected} rejected"
        );
    }

    /// Every container of `instance` has the length of its counterpart in `value`.
    fn assert_same_lengths(instance: Instance<'_>, value: &Value) {
        match value {
            Value::Array(items) => {
                let array = instance.as_array().unwrap();
                assert_eq!(Array::len(&array), items.len(), "{value}");
                for (element, item) in array.elements().zip(items) {
                    assert_same_lengths(element, item);
                }
            }
            Value::Object(map) => {
                let object = instance.as_object().unwrap();
                assert_eq!(Object::len(&object), map.len(), "{value}");
                for (name, member) in object.members() {
                    assert_same_lengths(member, &map[name.as_ref()]);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn tapes_keep_the_depth_limit_of_a_full_parse() {
        for (depth, accepted) in [(511, true), (512, true), (513, false)] {
            let text = format!(
                "{}1{}",
                "[{\"a\":".repeat(depth / 2),
                "}]".repeat(depth / 2)
            );
            let text = if depth % 2 == 1 {
                format!("[{text}]")
            } else {
                text
            };
            let full = crate::json::parse(&text, ReadOptions::default());
            assert_eq!(Tape::read(&text).is_some(), accepted, "{depth}");
            assert_eq!(full.is_ok(), accepted, "{depth}");
        }
    }

    #[test]
    fn duplicated_keys_keep_the_last_value_at_the_first_position() {
        let tape = Tape::read(r#"{"a": 1, "b": 2, "a": 3}"#).unwrap();
        assert!(tape.is_remarkable() && tape.has_duplicate_keys());
        let object = tape.root().as_object().unwrap();
        let members: Vec<(String, Value)> = object
            .members()
            .map(|(k, v)| (k.into_owned(), v.to_value().into_owned()))
            .collect();
        assert_eq!(
            members,
            [("a".to_owned(), json!(3)), ("b".to_owned(), json!(2))]
        );
        let value = object.get(&"a".to_owned()).unwrap();
        assert_eq!(value.as_number().and_then(|n| n.as_u64()), Some(3));
    }

    #[test]
    fn many_keys_are_checked_for_duplicates_too() {
        let keys: Vec<String> = (0..40).map(|i| format!("\"k{}\": {i}", i % 39)).collect();
        let text = format!("{{{}}}", keys.join(", "));
        let tape = Tape::read(&text).unwrap();
        assert_eq!(Object::len(&tape.root().as_object().unwrap()), 39);
        assert!(tape.is_remarkable());
        let clean = Tape::read(r#"{"a": [1, 2], "b": {"c": "d"}}"#).unwrap();
        assert!(!clean.is_remarkable() && !clean.has_duplicate_keys());
    }

    #[test]
    fn escaped_keys_compare_by_their_decoded_names() {
        let tape = Tape::read(r#"{"\u0061": 1, "a": 2, "\/": 3}"#).unwrap();
        let object = tape.root().as_object().unwrap();
        assert_eq!(Object::len(&object), 2);
        assert_eq!(
            object
                .get(&"/".to_owned())
                .map(|v| v.to_value().into_owned()),
            Some(json!(3))
        );
    }

    #[test]
    fn the_reader_warnings_make_a_tape_remarkable() {
        assert!(Tape::read("\u{feff}{}").unwrap().is_remarkable());
        let lone = Tape::read(r#"["\ud800"]"#).unwrap();
        assert!(lone.is_remarkable() && !lone.has_duplicate_keys());
        assert!(Tape::read("{").is_none());
    }

    #[test]
    // The reference is the engine over `serde_json::Value`: a second copy, in this test only.
    #[allow(clippy::disallowed_methods)]
    fn validation_over_a_tape_agrees_with_serde_json_values() {
        let schemas = [
            json!({"minProperties": 3}),
            json!({"additionalProperties": false, "properties": {"key": true, "a": true}}),
            json!({"propertyNames": {"maxLength": 1}}),
            json!({"items": {"enum": ["x", 1, true, null, false]}}),
            json!({"uniqueItems": true}),
            json!({"properties": {"c": {"properties": {"d": {"type": "integer", "maximum": -400}}}}}),
            json!({"items": {"type": "integer"}}),
        ];
        for schema in &schemas {
            let ours = jsonschema::options_for::<TapeJson>().build(schema).unwrap();
            let reference = jsonschema::validator_for(schema).unwrap();
            for text in TEXTS {
                let tape = Tape::read(text).unwrap();
                let value: Value = serde_json::from_str(text).unwrap();
                assert_eq!(
                    ours.is_valid(tape.root()),
                    reference.is_valid(&value),
                    "{schema} on {text}"
                );
            }
        }
    }
}
