//! Fixtures derived from a rule's check and its parameters: for every detector kind, a text that
//! breaks the rule and one that does not (a name-length cap of N gives a name of N + 1 characters
//! and one of N). A consumer brought by a data file is tested with no test edit; a new detector
//! kind is one more arm of [`derive`] (the match is exhaustive: the build says so).

use mcp_json_toolbox::compat::{Check, Field, NameRule};
use serde_json::{json, Value};

/// What a rule's fixtures are: texts that break it (each must be found), one that does not, and
/// the server's name to check them with.
pub struct Fixture {
    /// Texts that break the rule.
    pub bad: Vec<String>,
    /// A text that does not.
    pub good: String,
    /// The server's name (for the rules on server name + tool name).
    pub server: Option<&'static str>,
}

impl Fixture {
    fn new(bad: Vec<Value>, good: Value) -> Self {
        Self {
            bad: bad.iter().map(Value::to_string).collect(),
            good: good.to_string(),
            server: None,
        }
    }
}

/// A tool named `t` with `input` as its `inputSchema`.
fn tool(input: Value) -> Value {
    json!({"name": "t", "inputSchema": input})
}

/// A tool named `t` with an empty object as its `inputSchema` and `output` as its `outputSchema`.
fn output(output: Value) -> Value {
    json!({"name": "t", "inputSchema": {"type": "object"}, "outputSchema": output})
}

/// A tool named `name`.
fn named(name: &str) -> Value {
    json!({"name": name, "inputSchema": {"type": "object"}})
}

/// A tool with `schema` as its `field`.
fn with_field(field: Field, schema: Value) -> Value {
    match field {
        Field::Input => tool(schema),
        Field::Output => output(schema),
    }
}

/// `count` tools named `t0`, `t1`… with `input` as each `inputSchema`.
fn many(count: usize, input: &Value) -> Value {
    (0..count)
        .map(|i| json!({"name": format!("t{i}"), "inputSchema": input}))
        .collect()
}

/// A tool whose property `a` is a string schema with `keyword` (a value of the keyword's shape).
fn property_with(keyword: &str) -> Value {
    let mut a = json!({"type": "string"});
    a[keyword] = keyword_value(keyword);
    tool(json!({"type": "object", "properties": {"a": a}}))
}

/// A value of the shape `keyword` takes.
fn keyword_value(keyword: &str) -> Value {
    match keyword {
        "anyOf" | "oneOf" | "allOf" | "prefixItems" => {
            json!([{"required": ["a"]}, {"required": ["b"]}])
        }
        "not"
        | "if"
        | "then"
        | "else"
        | "items"
        | "contains"
        | "additionalProperties"
        | "propertyNames"
        | "unevaluatedProperties"
        | "unevaluatedItems"
        | "additionalItems" => {
            json!({"minLength": 1})
        }
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
            json!({"a": {"type": "string"}})
        }
        "dependentRequired" | "dependencies" => json!({"a": ["b"]}),
        "enum" | "required" | "examples" | "type" => json!(["a"]),
        "$ref" => json!("#/$defs/a"),
        "pattern" => json!("^a"),
        "format" => json!("uri"),
        "uniqueItems" | "nullable" | "readOnly" | "writeOnly" | "deprecated" => json!(true),
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf"
        | "minLength" | "maxLength" | "minItems" | "maxItems" | "minProperties"
        | "maxProperties" | "minContains" | "maxContains" => json!(1),
        _ => json!("a"),
    }
}

/// Characters some consumer refuses in a name, tried in order.
const ODD: [char; 6] = ['.', '/', ' ', ':', '@', '-'];

/// A name `rule` refuses for its characters, one for its first character, one for its length.
fn bad_names(rule: &NameRule) -> Vec<String> {
    let mut names: Vec<String> = ODD
        .iter()
        .find(|c| !rule.accepts(&format!("a{c}b")))
        .map(|c| format!("a{c}b"))
        .into_iter()
        .collect();
    if let Some(first) = ['1', '-', '.']
        .iter()
        .find(|c| !rule.accepts(&format!("{c}a")))
    {
        if rule.accepts(&format!("a{first}")) {
            names.push(format!("{first}a"));
        }
    }
    if rule.max < 4096 {
        names.push("x".repeat(rule.max + 1));
    }
    names
}

/// The longest name of `x` `rule` takes (at most 4096 characters).
fn good_name(rule: &NameRule) -> String {
    "x".repeat(rule.max.min(4096))
}

/// A tool whose description has `count` characters.
fn described(count: usize) -> Value {
    json!({"name": "t", "description": "d".repeat(count), "inputSchema": {"type": "object"}})
}

/// An `initialize` result whose `instructions` have `count` characters.
fn initialized(count: usize) -> Value {
    json!({"protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}, "instructions": "i".repeat(count)})
}

/// `tool` in a 2026-07-28 `tools/list` result (it has `resultType`).
fn listed_2026(tool: Value) -> Value {
    json!({"resultType": "complete", "tools": [tool]})
}

/// A closed object schema with one required string property.
fn closed() -> Value {
    json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": false})
}

/// The fixtures of `check`.
pub fn derive(check: &Check) -> Fixture {
    let object = json!({"type": "object"});
    match check {
        Check::Name(rule) => Fixture::new(
            bad_names(rule).iter().map(|n| named(n)).collect(),
            named(&good_name(rule)),
        ),
        Check::McpName => Fixture::new(vec![named("get weather")], named("get.weather")),
        Check::NameHas(chars) => {
            let c = chars.chars().next().unwrap_or('-');
            Fixture::new(vec![named(&format!("a{c}b"))], named("ab"))
        }
        Check::RootObject(field) => {
            let bad = match field {
                Field::Input => json!({"properties": {}}),
                Field::Output => json!({"type": "array", "items": {"type": "string"}}),
            };
            Fixture::new(vec![with_field(*field, bad)], with_field(*field, object))
        }
        // Without a protocol version (2026-07-28 allows any output root).
        Check::McpRoot(field) => Fixture::new(
            vec![with_field(*field, json!({"type": "array"}))],
            with_field(*field, object),
        ),
        Check::RootKeywords(keywords) => {
            let bad = keywords
                .iter()
                .map(|k| {
                    let mut root = json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}});
                    root[k] = keyword_value(k);
                    tool(root)
                })
                .collect();
            let good = tool(
                json!({"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "number"}]}}}),
            );
            Fixture::new(bad, good)
        }
        Check::Keywords(keywords) => Fixture::new(
            keywords.iter().map(|k| property_with(k)).collect(),
            tool(json!({"type": "object", "properties": {"a": {"type": "string"}}})),
        ),
        Check::OnlyKeywords(allowed) => {
            let candidates = ["additionalProperties", "const", "not", "$ref", "x-unknown"];
            let refused = candidates
                .iter()
                .filter(|k| !allowed.iter().any(|a| a == *k));
            Fixture::new(
                refused.map(|k| property_with(k)).collect(),
                tool(json!({"type": "object", "properties": {"a": {"type": "string"}}})),
            )
        }
        Check::TypeArray => Fixture::new(
            vec![tool(
                json!({"type": "object", "properties": {"a": {"type": ["string", "null"]}}}),
            )],
            tool(json!({"type": "object", "properties": {"a": {"type": "string"}}})),
        ),
        // A list of two other types is not such a pair: it passes.
        Check::NullableTypePair => Fixture::new(
            vec![
                tool(json!({"type": "object", "properties": {"a": {"type": ["string", "null"]}}})),
                tool(json!({"type": "object", "properties": {"a": {"type": ["null", "integer"]}}})),
            ],
            tool(
                json!({"type": "object", "properties": {"a": {"type": ["string", "number"]}, "b": {"type": ["string", "number", "null"]}}}),
            ),
        ),
        Check::EnumNotString => Fixture::new(
            vec![
                tool(
                    json!({"type": "object", "properties": {"n": {"type": "integer", "enum": [1, 2]}}}),
                ),
                tool(json!({"type": "object", "properties": {"n": {"enum": ["a", "b"]}}})),
            ],
            tool(
                json!({"type": "object", "properties": {"n": {"type": "string", "enum": ["1", "2"]}}}),
            ),
        ),
        Check::ArrayWithoutItems(scope) => {
            assert!(
                scope
                    .walk
                    .as_ref()
                    .is_none_or(|w| w.iter().any(|k| k == "properties")),
                "a walk without `properties`: give this kind a fixture reached through its walk"
            );
            Fixture::new(
                vec![tool(
                    json!({"type": "object", "properties": {"xs": {"type": "array"}}}),
                )],
                tool(
                    json!({"type": "object", "properties": {"xs": {"type": "array", "items": {"type": "string"}}}}),
                ),
            )
        }
        Check::OpenObject => Fixture::new(
            vec![tool(
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
            )],
            tool(closed()),
        ),
        Check::NotAllRequired => Fixture::new(
            vec![tool(
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}),
            )],
            tool(closed()),
        ),
        Check::FormatNotIn(allowed) | Check::StringFormatNotIn(allowed) => {
            let string_with = |format: &str| {
                tool(
                    json!({"type": "object", "properties": {"a": {"type": "string", "format": format}}}),
                )
            };
            let refused = ["uri", "x-unknown"]
                .into_iter()
                .filter(|f| !allowed.iter().any(|a| a == f));
            let good = allowed
                .iter()
                .find(|f| *f != "enum")
                .map_or_else(|| tool(object.clone()), |f| string_with(f));
            Fixture::new(refused.map(string_with).collect(), good)
        }
        Check::BooleanSubschema(field) => Fixture::new(
            vec![with_field(
                *field,
                json!({"type": "object", "properties": {"a": true}}),
            )],
            with_field(*field, json!({"type": "object", "properties": {"a": {}}})),
        ),
        Check::OutputDialect(allowed) => {
            let draft_07 = "http://json-schema.org/draft-07/schema#";
            assert!(!allowed.iter().any(|a| draft_07.starts_with(a.as_str())));
            Fixture::new(
                vec![output(json!({"$schema": draft_07, "type": "object"}))],
                output(json!({"$schema": allowed[0], "type": "object"})),
            )
        }
        Check::DeclaredDialect(field, dialects) => Fixture::new(
            dialects
                .iter()
                .map(|d| with_field(*field, json!({"$schema": d, "type": "object"})))
                .collect(),
            with_field(*field, object),
        ),
        Check::IgnoredMember(member) => {
            let mut bad = named("t");
            bad[member.as_str()] = object;
            Fixture::new(vec![bad], named("t"))
        }
        Check::DescriptionLength(max) => Fixture::new(vec![described(max + 1)], described(*max)),
        Check::InstructionsLength(max) => {
            Fixture::new(vec![initialized(max + 1)], initialized(*max))
        }
        Check::RequiredUndefined => Fixture::new(
            vec![tool(
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]}),
            )],
            tool(
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
            ),
        ),
        Check::PropertiesNotObject => Fixture::new(
            vec![tool(
                json!({"type": "object", "properties": {"data": {"type": "string", "properties": {"a": {"type": "string"}}}}}),
            )],
            tool(
                json!({"type": "object", "properties": {"data": {"type": "object", "properties": {"a": {"type": "string"}}}}}),
            ),
        ),
        Check::AnyOfSiblings => Fixture::new(
            vec![tool(
                json!({"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "A"}}}),
            )],
            tool(
                json!({"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}),
            ),
        ),
        Check::InvalidSchema(field) => Fixture::new(
            vec![with_field(
                field.unwrap_or(Field::Input),
                json!({"type": "object", "properties": {"n": {"type": "int"}}}),
            )],
            tool(closed()),
        ),
        Check::XMcpHeader => Fixture::new(
            vec![listed_2026(tool(
                json!({"type": "object", "properties": {"n": {"type": "number", "x-mcp-header": "Count"}}}),
            ))],
            listed_2026(tool(
                json!({"type": "object", "properties": {"n": {"type": "integer", "x-mcp-header": "Count"}}}),
            )),
        ),
        // With the server name `g`: 1 + (max - 1) reaches the cap, 1 + (max - 2) does not.
        Check::ServerToolLength(max) => Fixture {
            server: Some("g"),
            ..Fixture::new(
                vec![named(&"x".repeat(max - 1))],
                named(&"x".repeat(max - 2)),
            )
        },
        Check::MaxTools(max) => Fixture::new(vec![many(max + 1, &object)], many(*max, &object)),
        Check::DuplicateName => Fixture::new(
            vec![json!([named("a"), named("a")])],
            json!([named("a"), named("b")]),
        ),
        Check::DuplicateAfterRewrite(rule) => {
            let odd = ODD
                .iter()
                .find(|c| !rule.accepts(&format!("a{c}b")))
                .expect("a character the rule rewrites");
            let rewritten = rule.sanitize(&format!("a{odd}b"));
            Fixture::new(
                vec![json!([named(&format!("a{odd}b")), named(&rewritten)])],
                json!([named(&rewritten), named("ab")]),
            )
        }
        Check::StrictBudget { tools, optional } => {
            let closed = json!({"type": "object", "additionalProperties": false});
            let optional_ones: serde_json::Map<String, Value> = (0..=*optional)
                .map(|i| (format!("p{i}"), json!({"type": "string"})))
                .collect();
            let over = json!({"type": "object", "properties": optional_ones, "additionalProperties": false});
            Fixture::new(
                vec![many(tools + 1, &closed), many(1, &over)],
                many(*tools, &closed),
            )
        }
    }
}
