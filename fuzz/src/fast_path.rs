//! The fast path of `is_valid` against the `jsonschema` engine: the input drives a generator
//! that writes a schema from the fast path's subset (every keyword it takes, with values chosen
//! where verdicts turn: integer and fractional limits, big numbers, patterns, formats, names
//! with escapes) and argument texts for it (values shaped by the schema, repeated keys, escapes,
//! white space, then truncated or with a byte changed). For every text the fast verdict, the
//! engine's and `validate`'s must be the same.

use mcp_json_toolbox::{ValidateOptions, Validator};
use serde_json::{json, Map, Value};

/// Choices read from the input, one byte each; zeros once it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

const NAMES: &[&str] = &["a", "b", "c", "é", "a\"b", "", "dataset", "\u{1F600}"];
const STRINGS: &[&str] = &[
    "",
    "a",
    "ab",
    "abc",
    "é😀",
    "logs-2024-03",
    "https://example.com/x",
    "2024-03-01",
    "x@example.com",
    "127.0.0.1",
    "not a uri",
    "A",
    "no",
    "\\",
    "\u{7f}",
];
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "3",
    "5",
    "10",
    "1.0",
    "1.5",
    "0.5",
    "0.25",
    "-2.5",
    "1e2",
    "1E-2",
    "2.50e1",
    "1e400",
    "-1e400",
    "9007199254740991",
    "9007199254740992",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "100000000000000000000000000001",
    "0.1",
    "0.30000000000000004",
    "99.999999999999999999",
    "1023",
    "1024",
];
const PATTERNS: &[&str] = &[
    "^a",
    "\\d+",
    "^[a-z]{2,3}$",
    "é",
    "^logs-\\d{4}-\\d{2}$",
    "(a|b)+$",
    "\\p{L}",
];
const FORMATS: &[&str] = &[
    "uri",
    "date",
    "email",
    "ipv4",
    "uint64",
    "uri-template",
    "regex",
];
const TYPES: &[&str] = &[
    "null", "boolean", "integer", "number", "string", "array", "object",
];
const DIALECTS: &[Option<&str>] = &[
    None,
    Some("https://json-schema.org/draft/2020-12/schema"),
    Some("https://json-schema.org/draft/2019-09/schema"),
    Some("http://json-schema.org/draft-07/schema#"),
    Some("http://json-schema.org/draft-06/schema#"),
    Some("http://json-schema.org/draft-04/schema#"),
];

fn number(input: &mut Bytes<'_>) -> Value {
    let lexeme = if input.one_in(3) {
        (i64::from(input.byte()) - 100).to_string()
    } else {
        input.pick(NUMBERS).to_owned()
    };
    serde_json::from_str(&lexeme).unwrap_or(Value::Null)
}

fn scalar(input: &mut Bytes<'_>) -> Value {
    match input.below(4) {
        0 => Value::Null,
        1 => Value::Bool(input.one_in(2)),
        _ => Value::String(input.pick(STRINGS).to_owned()),
    }
}

/// A schema of the fast path's subset (and, one time in 40, a keyword outside it).
fn schema(input: &mut Bytes<'_>, depth: usize) -> Value {
    match input.below(12) {
        0 => return Value::Bool(true),
        1 => return Value::Bool(false),
        _ => {}
    }
    let mut map = Map::new();
    let keywords = input.below(5) + 1;
    for _ in 0..keywords {
        let sub = |input: &mut Bytes<'_>| {
            if depth < 3 {
                schema(input, depth + 1)
            } else {
                json!({})
            }
        };
        let (key, value) = match input.below(26) {
            0 | 1 => ("type", {
                if input.one_in(3) {
                    let n = input.below(3) + 1;
                    let mut names: Vec<&str> = (0..n).map(|_| input.pick(TYPES)).collect();
                    names.sort_unstable();
                    names.dedup();
                    json!(names)
                } else {
                    json!(input.pick(TYPES))
                }
            }),
            2 => ("enum", {
                let n = input.below(4) + 1;
                let mut values: Vec<Value> = Vec::new();
                for _ in 0..n {
                    let v = scalar(input);
                    if !values.contains(&v) {
                        values.push(v);
                    }
                }
                Value::Array(values)
            }),
            3 => ("const", scalar(input)),
            4 => ("minLength", json!(input.below(4))),
            5 => ("maxLength", json!(input.below(4))),
            6 => ("pattern", json!(input.pick(PATTERNS))),
            7 => ("format", json!(input.pick(FORMATS))),
            8 => ("minimum", number(input)),
            9 => ("maximum", number(input)),
            10 => ("exclusiveMinimum", number(input)),
            11 => ("exclusiveMaximum", number(input)),
            12 => ("multipleOf", {
                let v = number(input);
                if v.as_f64().is_some_and(|f| f > 0.0) {
                    v
                } else {
                    json!(2)
                }
            }),
            13 | 14 => ("properties", {
                let n = input.below(4);
                let mut props = Map::new();
                for _ in 0..n {
                    props.insert(input.pick(NAMES).to_owned(), sub(input));
                }
                Value::Object(props)
            }),
            15 => ("required", {
                let n = input.below(3) + 1;
                let mut names: Vec<&str> = (0..n).map(|_| input.pick(NAMES)).collect();
                names.sort_unstable();
                names.dedup();
                json!(names)
            }),
            16 => ("additionalProperties", sub(input)),
            17 => ("minProperties", json!(input.below(3))),
            18 => ("maxProperties", json!(input.below(3))),
            19 => ("items", sub(input)),
            20 => ("minItems", json!(input.below(3))),
            21 => ("maxItems", json!(input.below(3))),
            22 => {
                let key = input.pick(&["allOf", "anyOf", "oneOf"]);
                let n = input.below(3) + 1;
                (key, Value::Array((0..n).map(|_| sub(input)).collect()))
            }
            23 => ("not", sub(input)),
            24 => (
                input.pick(&["description", "title", "default", "examples"]),
                json!(["x"]),
            ),
            _ => (
                input.pick(&["uniqueItems", "patternProperties", "contains", "x-vendor"]),
                json!({}),
            ),
        };
        map.insert(key.to_owned(), value);
    }
    Value::Object(map)
}

/// A JSON text for `schema` (loosely shaped by it) written into `out`.
fn instance(input: &mut Bytes<'_>, schema: &Value, depth: usize, out: &mut String) {
    let ws = |input: &mut Bytes<'_>, out: &mut String| {
        if input.one_in(8) {
            out.push_str(input.pick(&[" ", "\n", "\t ", "\r\n"]));
        }
    };
    ws(input, out);
    let wanted = schema.get("type").and_then(Value::as_str);
    let choice = match wanted {
        Some("object") => 6,
        Some("array") => 5,
        Some("string") => 3,
        Some("integer" | "number") => 2,
        _ => input.below(7),
    };
    let choice = if input.one_in(6) {
        input.below(7)
    } else {
        choice
    };
    match choice {
        0 => out.push_str(input.pick(&["null", "true", "false"])),
        1 | 2 => {
            let lexeme = if input.one_in(3) {
                (i64::from(input.byte()) - 100).to_string()
            } else {
                input.pick(NUMBERS).to_owned()
            };
            out.push_str(&lexeme);
        }
        3 | 4 => {
            let value = input_string(input, schema);
            string(input, value, out);
        }
        5 if depth < 4 => {
            out.push('[');
            let items = schema.get("items").cloned().unwrap_or(json!({}));
            for i in 0..input.below(4) {
                if i > 0 {
                    out.push(',');
                }
                instance(input, &items, depth + 1, out);
            }
            out.push(']');
        }
        _ if depth < 4 => {
            out.push('{');
            let props = schema.get("properties").and_then(Value::as_object);
            for i in 0..input.below(5) {
                if i > 0 {
                    out.push(',');
                }
                let name = match props {
                    Some(props) if !props.is_empty() && !input.one_in(4) => props
                        .keys()
                        .nth(input.below(props.len()))
                        .cloned()
                        .unwrap_or_default(),
                    _ => input.pick(NAMES).to_owned(),
                };
                string(input, name, out);
                ws(input, out);
                out.push(':');
                let sub = props
                    .and_then(|p| p.get(string_key(out)))
                    .cloned()
                    .unwrap_or(json!({}));
                instance(input, &sub, depth + 1, out);
            }
            out.push('}');
        }
        _ => out.push('0'),
    }
    ws(input, out);
}

/// The last key written (good enough to shape the value that follows it).
fn string_key(out: &str) -> &str {
    out.rsplit('"').nth(1).unwrap_or_default()
}

/// A string value for `schema`: from its `enum`/`const` sometimes, else from the pool.
fn input_string(input: &mut Bytes<'_>, schema: &Value) -> String {
    if let Some(Value::Array(values)) = schema.get("enum") {
        if let Some(Value::String(s)) = values.get(input.below(values.len().max(1))) {
            if !input.one_in(4) {
                return s.clone();
            }
        }
    }
    input.pick(STRINGS).to_owned()
}

/// `value` as a JSON string lexeme, sometimes with escapes (and rarely a lone surrogate).
fn string(input: &mut Bytes<'_>, value: String, out: &mut String) {
    out.push('"');
    let escape = input.one_in(4);
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if escape && input.one_in(2) => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    if input.one_in(40) {
        out.push_str("\\ud800");
    }
    out.push('"');
}

/// One fuzz input: panics on any disagreement.
pub fn run(data: &[u8]) {
    let mut input = Bytes(data);
    let assert_formats = input.one_in(4);
    let mut root = schema(&mut input, 0);
    if let (Some(dialect), Some(map)) = (input.pick(DIALECTS), root.as_object_mut()) {
        map.insert("$schema".to_owned(), json!(dialect));
    }
    let schema_text = root.to_string();
    let options = ValidateOptions {
        assert_formats,
        ..ValidateOptions::default()
    };
    let Ok(validator) = Validator::new(&schema_text, &options) else {
        return;
    };
    if !validator.has_fast_path() {
        return;
    }
    for _ in 0..4 {
        let mut text = String::new();
        instance(&mut input, &root, 0, &mut text);
        let mut texts = vec![text.clone()];
        // Mutations: cut short, one byte changed, one byte inserted (kept only as UTF-8).
        let mut bytes = text.clone().into_bytes();
        if !bytes.is_empty() {
            let at = input.below(bytes.len());
            texts.push(String::from_utf8_lossy(&bytes[..at]).into_owned());
            bytes[at] = input.pick(b"{}[]\",:01-.eE \\tfnu");
            texts.extend(String::from_utf8(bytes.clone()));
            bytes.insert(at, input.pick(b"{}[]\",:0 "));
            texts.extend(String::from_utf8(bytes));
        }
        for text in &texts {
            let engine = validator.engine_is_valid(text);
            assert_eq!(
                validator.is_valid(text),
                engine,
                "fast path disagrees with the engine: schema {schema_text} text {text}"
            );
            assert_eq!(
                validator.validate(text).valid,
                engine,
                "validate disagrees with the engine: schema {schema_text} text {text}"
            );
        }
    }
}
