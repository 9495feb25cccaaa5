//! Lowering: one tool rewritten so that a target's profile accepts it, with each change and each
//! constraint the consumer no longer enforces (the server must check those itself).
//!
//! Deterministic: the passes run in a fixed order, each one only when the profile has the rule it
//! answers, over the subschemas in document order.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::diagnostic::{Diagnostic, LineIndex};
use crate::json::tree::escape_pointer_token;
use crate::json::{parse, ReadOptions};
use crate::schema::ANNOTATIONS;

use super::check::optional_properties;
use super::locate::is_tool;
use super::locate_tools;
use super::mcp;
use super::rule::{Check, Field, NameRule};
use super::tools_generation;
use super::walk::{is_object_schema, is_unusual_boolean, subschemas, types};
use super::Target;
use crate::protocol::Generation;

/// One change lowering made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// JSON Pointer, in the lowered tool, of what changed.
    pub pointer: String,
    /// What changed, in a sentence.
    pub message: String,
}

/// One constraint the consumer no longer enforces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lost {
    /// JSON Pointer, in the original tool, of the constraint.
    pub pointer: String,
    /// The keyword (or member) it was.
    pub keyword: String,
    /// What the server must now check itself.
    pub message: String,
}

/// What [`lower_tool`] returns.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Lowered {
    /// The lowered tool, or `None` when the text holds no single tool.
    pub tool: Option<Value>,
    /// Each change, in the order made.
    pub changes: Vec<Change>,
    /// Each constraint the consumer will no longer enforce.
    pub lost: Vec<Lost>,
    /// Why there is no tool: a parse error, not a tool, or more than one.
    pub diagnostics: Vec<Diagnostic>,
}

/// Most schema nodes `$ref` inlining may copy in all (recursive or fanned-out definitions stop
/// there; the refs left are dropped and listed as lost).
const INLINE_BUDGET: usize = 100_000;

/// Rounds of `$ref` inlining (a definition that refers to another is inlined in the next round).
const INLINE_ROUNDS: usize = 8;

/// Lowers the one tool in `text` (a `Tool`, or a list or `tools/list` result holding one) for
/// `target`.
#[inline(never)]
pub fn lower_tool(text: &str, target: Target) -> Lowered {
    let doc = match parse(text, ReadOptions::default()) {
        Ok(doc) => doc,
        Err(error) => {
            return Lowered {
                diagnostics: vec![error.to_diagnostic(&LineIndex::new(text))],
                ..Lowered::default()
            }
        }
    };
    let pointers = locate_tools(&doc, "").unwrap_or_default();
    let tool = match pointers.as_slice() {
        // Only what reads as a tool standing alone, so the lowered tool does too.
        [one] => doc.pointer(one).filter(|n| is_tool(n)),
        _ => None,
    };
    let Some(tool) = tool else {
        let message = if pointers.len() > 1 {
            format!("{} tools: lower one tool at a time", pointers.len())
        } else {
            "not a tool definition (an object with `name` and `inputSchema`)".to_owned()
        };
        let diagnostic =
            Diagnostic::error("not-a-tool", message).with_span(Some(doc.span(doc.root.range)));
        return Lowered {
            diagnostics: vec![diagnostic],
            ..Lowered::default()
        };
    };
    let generation = tools_generation(&doc, "", &pointers);
    let mut lowering = Lowering {
        checks: target.rules().map(|r| r.check).collect(),
        changes: Vec::new(),
        lost: Vec::new(),
    };
    let mut value = doc.value_of(tool);
    lowering.run(&mut value, generation);
    Lowered {
        tool: Some(value),
        changes: lowering.changes,
        lost: lowering.lost,
        diagnostics: Vec::new(),
    }
}

/// The state of one lowering.
struct Lowering {
    /// The checks of the target's rules.
    checks: Vec<Check>,
    /// Changes so far.
    changes: Vec<Change>,
    /// Lost constraints so far.
    lost: Vec<Lost>,
}

/// Calls `f` on every object subschema of `root`, root first, in document order (a subschema an
/// earlier call removed is skipped).
#[inline(never)]
fn each_schema(root: &mut Value, f: &mut dyn FnMut(&str, &mut Map<String, Value>)) {
    let pointers: Vec<String> = subschemas(root)
        .into_iter()
        .filter(|s| s.value.is_object())
        .map(|s| s.pointer)
        .collect();
    for pointer in pointers {
        if let Some(Value::Object(schema)) = root.pointer_mut(&pointer) {
            f(&pointer, schema);
        }
    }
}

/// `map[key] = value`: one out-of-line copy of the map insertion (and of the drop of what it
/// replaces) for every pass, instead of one inlined at each call site (this crate is built at
/// opt-level 3).
#[inline(never)]
fn put(map: &mut Map<String, Value>, key: &str, value: Value) {
    map.insert(key.to_owned(), value);
}

/// `map[key] = value`, returning what it replaces (out of line, like [`put`]).
#[inline(never)]
fn replace(map: &mut Map<String, Value>, key: &str, value: Value) -> Option<Value> {
    map.insert(key.to_owned(), value)
}

/// Removes `key` from `map` and returns its value (out of line, like [`put`]).
#[inline(never)]
fn take(map: &mut Map<String, Value>, key: &str) -> Option<Value> {
    map.remove(key)
}

/// Removes `key` from `map`; whether it was there (out of line, like [`put`]).
#[inline(never)]
fn discard(map: &mut Map<String, Value>, key: &str) -> bool {
    map.remove(key).is_some()
}

/// `/inputSchema` + `pointer` + `/key`.
#[inline(never)]
fn input_at(pointer: &str, key: &str) -> String {
    format!("/inputSchema{pointer}/{}", escape_pointer_token(key))
}

impl Lowering {
    /// Whether the profile has a check `test` accepts.
    #[inline(never)]
    fn has(&self, test: fn(&Check) -> bool) -> bool {
        self.checks.iter().any(test)
    }

    /// Whether the profile refuses `keyword` in `inputSchema` subschemas.
    #[inline(never)]
    fn forbids(&self, keyword: &str) -> bool {
        self.checks.iter().any(|check| match check {
            Check::Keywords(list) => list.contains(&keyword),
            Check::OnlyKeywords(allowed) => !allowed.contains(&keyword),
            _ => false,
        })
    }

    /// Records a change.
    #[inline]
    fn change(&mut self, pointer: String, message: impl Into<String>) {
        self.push_change(pointer, message.into());
    }

    /// Records a change (one copy of the push for every message type).
    #[inline(never)]
    fn push_change(&mut self, pointer: String, message: String) {
        self.changes.push(Change { pointer, message });
    }

    /// Records a lost constraint.
    #[inline]
    fn lose(&mut self, pointer: String, keyword: &str, message: impl Into<String>) {
        self.push_lost(pointer, keyword, message.into());
    }

    /// Records a lost constraint (one copy of the push for every message type).
    #[inline(never)]
    fn push_lost(&mut self, pointer: String, keyword: &str, message: String) {
        self.lost.push(Lost {
            pointer,
            keyword: keyword.to_owned(),
            message,
        });
    }

    /// Every pass, in order.
    #[inline(never)]
    fn run(&mut self, tool: &mut Value, generation: Option<Generation>) {
        self.ensure_input(tool);
        if let Some(input) = tool.get_mut("inputSchema") {
            if self.has(|c| matches!(c, Check::OnlyKeywords(_))) {
                self.booleans(input, Field::Input);
            }
            if self.forbids("$ref") {
                self.inline_refs(input);
            }
            self.merge_combinators(input);
            if self.has(|c| matches!(c, Check::TypeArray)) {
                self.type_arrays(input);
            }
            self.convert_keywords(input);
            if self.has(|c| matches!(c, Check::EnumNotString)) {
                self.string_enums(input);
            }
            self.strip_keywords(input);
            self.root_object(input);
            self.formats(input);
            if self.has(|c| matches!(c, Check::ArrayWithoutItems)) {
                self.array_items(input);
            }
            if self.needs_all_required(input) {
                self.all_required(input);
            }
            if self.has(|c| matches!(c, Check::OpenObject)) {
                self.close_objects(input);
            }
        }
        self.output(tool, generation);
        self.ignored_members(tool);
        self.name(tool);
    }

    /// A missing or boolean `inputSchema` becomes an object schema when a root rule needs one.
    #[inline(never)]
    fn ensure_input(&mut self, tool: &mut Value) {
        let needs = self.has(|c| {
            matches!(
                c,
                Check::RootObject(Field::Input) | Check::McpRoot(Field::Input)
            )
        });
        let Some(members) = tool.as_object_mut() else {
            return;
        };
        match members.get("inputSchema") {
            Some(Value::Object(_)) => {}
            None if needs => {
                put(
                    members,
                    "inputSchema",
                    serde_json::json!({"type": "object"}),
                );
                self.change(
                    "/inputSchema".into(),
                    "added an `inputSchema` of type object",
                );
            }
            Some(other) if needs => {
                if *other == Value::Bool(false) {
                    self.lose(
                        "/inputSchema".into(),
                        "inputSchema",
                        "the schema accepted nothing",
                    );
                }
                put(
                    members,
                    "inputSchema",
                    serde_json::json!({"type": "object"}),
                );
                self.change(
                    "/inputSchema".into(),
                    "replaced a non-object `inputSchema` with an object schema",
                );
            }
            _ => {}
        }
    }

    /// Boolean subschemas of `field` become objects: `true` is `{}`, `false` `{"not": {}}` (or
    /// `{}` with a lost constraint when `not` is refused too).
    #[inline(never)]
    fn booleans(&mut self, schema: &mut Value, field: Field) {
        let pointers: Vec<(String, bool)> = subschemas(schema)
            .into_iter()
            .filter(is_unusual_boolean)
            .filter_map(|s| s.value.as_bool().map(|b| (s.pointer, b)))
            .collect();
        let no_not = field == Field::Input && self.forbids("not");
        for (pointer, accepts) in pointers {
            let Some(slot) = schema.pointer_mut(&pointer) else {
                continue;
            };
            let at = format!("/{}{pointer}", field.key());
            *slot = if accepts || no_not {
                serde_json::json!({})
            } else {
                serde_json::json!({"not": {}})
            };
            if !accepts && no_not {
                self.lose(at.clone(), "false", "this value must be absent or rejected");
            }
            self.change(
                at,
                format!("the boolean schema `{accepts}` is now an object schema"),
            );
        }
    }

    /// Inlines local `$ref`s (`#/...`) so no `$ref` is left; what cannot be inlined (recursion,
    /// a dangling ref, the copy budget) is dropped and listed as lost.
    #[inline(never)]
    fn inline_refs(&mut self, input: &mut Value) {
        let mut budget = INLINE_BUDGET;
        let mut inlined = Vec::new();
        for _ in 0..INLINE_ROUNDS {
            let original = input.clone();
            let before = inlined.len();
            each_schema(input, &mut |pointer, schema| {
                let Some(Value::String(reference)) = schema.get("$ref") else {
                    return;
                };
                let target = reference
                    .strip_prefix('#')
                    .filter(|frag| !frag.is_empty() && !pointer.starts_with(frag))
                    .and_then(|frag| original.pointer(frag));
                let size = target.map_or(0, count_nodes);
                let Some(Value::Object(definition)) = target.filter(|_| size <= budget) else {
                    return;
                };
                budget -= size;
                inlined.push((pointer.to_owned(), reference.clone()));
                discard(schema, "$ref");
                for (key, value) in definition {
                    schema.entry(key.clone()).or_insert_with(|| value.clone());
                }
            });
            if inlined.len() == before {
                break;
            }
        }
        for (pointer, reference) in inlined {
            self.change(input_at(&pointer, "$ref"), format!("inlined {reference}"));
        }
        // What is left is recursive, dangling or over budget.
        let mut left = Vec::new();
        each_schema(input, &mut |pointer, schema| {
            if let Some(reference) = take(schema, "$ref") {
                left.push((pointer.to_owned(), reference));
            }
        });
        for (pointer, reference) in left {
            let message = format!("{reference} could not be inlined (recursive, dangling or too large): the value is no longer checked");
            self.lose(input_at(&pointer, "$ref"), "$ref", message);
        }
    }

    /// Root combinators the profile refuses (Anthropic) and `allOf` anywhere it is refused are
    /// merged into their schema; `oneOf` becomes `anyOf` where only `oneOf` is refused.
    #[inline(never)]
    fn merge_combinators(&mut self, input: &mut Value) {
        let root_refused: Vec<&'static str> = self
            .checks
            .iter()
            .filter_map(|c| match c {
                Check::RootKeywords(list) => Some(*list),
                _ => None,
            })
            .flatten()
            .copied()
            .collect();
        if let Value::Object(root) = input {
            for keyword in root_refused {
                self.merge(root, "", keyword);
            }
        }
        let one_to_any = self.forbids("oneOf") && !self.forbids("anyOf");
        let merge_all = self.forbids("allOf");
        let mut found = Vec::new();
        each_schema(input, &mut |pointer, schema| {
            if one_to_any {
                if let Some(branches) = take(schema, "oneOf") {
                    schema.entry("anyOf").or_insert(branches);
                    found.push((pointer.to_owned(), "oneOf"));
                }
            }
            if merge_all && schema.contains_key("allOf") {
                found.push((pointer.to_owned(), "allOf"));
            }
        });
        for (pointer, keyword) in found {
            if keyword == "oneOf" {
                self.lose(
                    input_at(&pointer, "oneOf"),
                    "oneOf",
                    "exactly one branch must match: now any branch may (`anyOf`)",
                );
                continue;
            }
            if let Some(Value::Object(schema)) = input.pointer_mut(&pointer) {
                self.merge(schema, &pointer, keyword);
            }
        }
    }

    /// Merges the object branches of `schema[keyword]` into `schema`: properties joined,
    /// `required` the intersection (`anyOf`/`oneOf`) or the union (`allOf`).
    #[inline(never)]
    fn merge(&mut self, schema: &mut Map<String, Value>, pointer: &str, keyword: &str) {
        let Some(Value::Array(branches)) = take(schema, keyword) else {
            return;
        };
        let mut properties = match take(schema, "properties") {
            Some(Value::Object(p)) => p,
            _ => Map::new(),
        };
        let mut required: Option<Vec<Value>> = None;
        for branch in &branches {
            if let Some(Value::Object(more)) = branch.get("properties") {
                for (key, value) in more {
                    properties
                        .entry(key.clone())
                        .or_insert_with(|| value.clone());
                }
            }
            let names = branch
                .get("required")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            required = Some(match (required, keyword) {
                (None, _) => names,
                (Some(mut all), "allOf") => {
                    all.extend(
                        names
                            .into_iter()
                            .filter(|n| !all.contains(n))
                            .collect::<Vec<_>>(),
                    );
                    all
                }
                (Some(all), _) => all.into_iter().filter(|n| names.contains(n)).collect(),
            });
        }
        let mut own = schema
            .remove("required")
            .and_then(|r| r.as_array().cloned())
            .unwrap_or_default();
        for name in required.unwrap_or_default() {
            if !own.contains(&name) {
                own.push(name);
            }
        }
        if !properties.is_empty() {
            put(schema, "properties", Value::Object(properties));
        }
        if !own.is_empty() {
            put(schema, "required", Value::Array(own));
        }
        let at = input_at(pointer, keyword);
        self.change(
            at.clone(),
            format!(
                "merged the {} branches of `{keyword}` into one schema",
                branches.len()
            ),
        );
        let message = if keyword == "allOf" {
            "the branches' other constraints (beyond their properties and required lists)"
        } else {
            "which combinations of properties are allowed (one branch must match)"
        };
        self.lose(at, keyword, format!("{message} are no longer checked"));
    }

    /// `type` lists become one type and `nullable`, or an `anyOf` of types.
    #[inline(never)]
    fn type_arrays(&mut self, input: &mut Value) {
        let mut done = Vec::new();
        each_schema(input, &mut |pointer, schema| {
            let Some(Value::Array(list)) = schema.get("type") else {
                return;
            };
            let names: Vec<Value> = list
                .iter()
                .filter(|t| t.as_str() != Some("null"))
                .cloned()
                .collect();
            let nullable = names.len() < list.len();
            discard(schema, "type");
            match names.as_slice() {
                [] => {}
                [one] => {
                    put(schema, "type", one.clone());
                }
                many => {
                    let branches = many
                        .iter()
                        .map(|t| serde_json::json!({"type": t}))
                        .collect();
                    put(schema, "anyOf", Value::Array(branches));
                }
            }
            if nullable {
                put(schema, "nullable", Value::Bool(true));
            }
            done.push(pointer.to_owned());
        });
        for pointer in done {
            self.change(
                input_at(&pointer, "type"),
                "a `type` list is now one type (`nullable` for null, `anyOf` for several)",
            );
        }
    }

    /// `const` becomes a one-value `enum`, and exclusive bounds inclusive ones, where refused.
    #[inline(never)]
    fn convert_keywords(&mut self, input: &mut Value) {
        let const_to_enum = self.forbids("const") && !self.forbids("enum");
        let exclusive: Vec<(&str, &str)> = [
            ("exclusiveMinimum", "minimum"),
            ("exclusiveMaximum", "maximum"),
        ]
        .into_iter()
        .filter(|(from, to)| self.forbids(from) && !self.forbids(to))
        .collect();
        let mut changed = Vec::new();
        each_schema(input, &mut |pointer, schema| {
            if const_to_enum {
                if let Some(value) = take(schema, "const") {
                    put(schema, "enum", Value::Array(vec![value]));
                    changed.push((pointer.to_owned(), "const", false));
                }
            }
            for (from, to) in &exclusive {
                if schema.get(*from).is_some_and(Value::is_number) && !schema.contains_key(*to) {
                    if let Some(bound) = take(schema, from) {
                        put(schema, to, bound);
                        changed.push((pointer.to_owned(), from, true));
                    }
                }
            }
        });
        for (pointer, keyword, lossy) in changed {
            let at = input_at(&pointer, keyword);
            if lossy {
                self.lose(at.clone(), keyword, "the bound itself is now allowed");
            }
            self.change(
                at,
                format!("`{keyword}` rewritten with a supported keyword"),
            );
        }
    }

    /// `enum` values become strings on a string schema (null becomes `nullable`).
    #[inline(never)]
    fn string_enums(&mut self, input: &mut Value) {
        let mut done = Vec::new();
        each_schema(input, &mut |pointer, schema| {
            let Some(Value::Array(values)) = schema.get("enum") else {
                return;
            };
            let declared = types(&Value::Object(schema.clone())).len();
            let strings = values.iter().all(Value::is_string);
            let typed = schema.get("type").and_then(Value::as_str);
            if strings && (declared == 0 || typed == Some("string")) {
                return;
            }
            let nullable = values.iter().any(Value::is_null);
            let converted: Vec<Value> = values
                .iter()
                .filter(|v| !v.is_null())
                .map(|v| match v {
                    Value::String(s) => Value::String(s.clone()),
                    other => Value::String(other.to_string()),
                })
                .collect();
            put(schema, "enum", Value::Array(converted));
            put(schema, "type", Value::String("string".into()));
            discard(schema, "anyOf");
            if nullable {
                put(schema, "nullable", Value::Bool(true));
            }
            done.push(pointer.to_owned());
        });
        for pointer in done {
            let at = input_at(&pointer, "enum");
            self.change(at.clone(), "the enum is now a string enum");
            self.lose(
                at,
                "enum",
                "the values arrive as strings: convert them back in the server",
            );
        }
    }

    /// Removes every keyword the profile refuses.
    #[inline(never)]
    fn strip_keywords(&mut self, input: &mut Value) {
        let mut removed = Vec::new();
        let refused: Vec<String> = subschemas(input)
            .iter()
            .filter_map(|s| s.value.as_object())
            .flat_map(|m| m.keys())
            .filter(|k| self.forbids(k))
            .cloned()
            .collect();
        if refused.is_empty() {
            return;
        }
        each_schema(input, &mut |pointer, schema| {
            let keys: Vec<String> = schema
                .keys()
                .filter(|k| refused.contains(k))
                .cloned()
                .collect();
            for key in keys {
                discard(schema, &key);
                removed.push((pointer.to_owned(), key));
            }
        });
        for (pointer, key) in removed {
            let at = input_at(&pointer, &key);
            if ANNOTATIONS.contains(&key.as_str()) && key != "format" {
                self.change(at, format!("removed `{key}` (an annotation)"));
            } else {
                self.lose(at, &key, format!("`{key}` is no longer enforced"));
            }
        }
    }

    /// Removes formats outside the profile's list.
    #[inline(never)]
    fn formats(&mut self, input: &mut Value) {
        let Some(allowed) = self.checks.iter().find_map(|c| match c {
            Check::FormatNotIn(list) => Some(*list),
            _ => None,
        }) else {
            return;
        };
        let mut removed = Vec::new();
        each_schema(input, &mut |pointer, schema| {
            let refused = schema
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| !allowed.contains(&f));
            if refused {
                if let Some(format) = take(schema, "format") {
                    removed.push((pointer.to_owned(), format));
                }
            }
        });
        for (pointer, format) in removed {
            self.lose(
                input_at(&pointer, "format"),
                "format",
                format!("format {format} is no longer checked"),
            );
        }
    }

    /// Arrays without `items` get `items: {}`.
    #[inline(never)]
    fn array_items(&mut self, input: &mut Value) {
        let mut added = Vec::new();
        each_schema(input, &mut |pointer, schema| {
            let is_array = types(&Value::Object(schema.clone())).contains(&"array");
            if is_array && !schema.contains_key("items") {
                put(schema, "items", serde_json::json!({}));
                added.push(pointer.to_owned());
            }
        });
        for pointer in added {
            self.change(input_at(&pointer, "items"), "added `items: {}` (any item)");
        }
    }

    /// Whether optional parameters must become required: strict modes that require all, or an
    /// optional-parameter budget this tool alone exceeds.
    #[inline(never)]
    fn needs_all_required(&self, input: &Value) -> bool {
        let budget = self.checks.iter().find_map(|c| match c {
            Check::StrictBudget { optional, .. } => Some(*optional),
            _ => None,
        });
        let optional = || -> usize {
            subschemas(input)
                .iter()
                .map(|s| optional_properties(s.value).len())
                .sum()
        };
        self.has(|c| matches!(c, Check::NotAllRequired)) || budget.is_some_and(|b| optional() > b)
    }

    /// Every property becomes required; an optional one becomes nullable.
    #[inline(never)]
    fn all_required(&mut self, input: &mut Value) {
        let mut made = Vec::new();
        each_schema(input, &mut |pointer, schema| {
            let optional = optional_properties(&Value::Object(schema.clone()));
            if optional.is_empty() {
                return;
            }
            if let Some(Value::Object(properties)) = schema.get_mut("properties") {
                for name in &optional {
                    if let Some(property) = properties.get_mut(name) {
                        make_nullable(property);
                    }
                }
            }
            let mut required = schema
                .get("required")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            required.retain(Value::is_string);
            required.extend(optional.iter().map(|n| Value::String(n.clone())));
            put(schema, "required", Value::Array(required));
            made.push((pointer.to_owned(), optional));
        });
        for (pointer, names) in made {
            for name in names {
                let at = format!(
                    "/inputSchema{pointer}/properties/{}",
                    escape_pointer_token(&name)
                );
                self.change(at.clone(), format!("`{name}` is now required and nullable"));
                self.lose(at, "required", format!("`{name}` was optional: the model now sends null for it; treat null as absent"));
            }
        }
    }

    /// Every object schema gets `additionalProperties: false`.
    #[inline(never)]
    fn close_objects(&mut self, input: &mut Value) {
        let mut closed = Vec::new();
        each_schema(input, &mut |pointer, schema| {
            let object = is_object_schema(&Value::Object(schema.clone()));
            if !object || schema.get("additionalProperties") == Some(&Value::Bool(false)) {
                return;
            }
            let before = replace(schema, "additionalProperties", Value::Bool(false));
            closed.push((pointer.to_owned(), before));
        });
        for (pointer, before) in closed {
            let at = input_at(&pointer, "additionalProperties");
            self.change(
                at.clone(),
                "closed the object (`additionalProperties: false`)",
            );
            if before.is_some_and(|b| b != Value::Bool(false)) {
                self.lose(
                    at,
                    "additionalProperties",
                    "other properties were allowed: the model can no longer send them",
                );
            }
        }
    }

    /// The `inputSchema` root becomes `type: "object"` where a root rule needs it.
    #[inline(never)]
    fn root_object(&mut self, input: &mut Value) {
        let needs = self.has(|c| {
            matches!(
                c,
                Check::RootObject(Field::Input) | Check::McpRoot(Field::Input)
            )
        });
        let Some(root) = input.as_object_mut().filter(|_| needs) else {
            return;
        };
        if root.get("type").and_then(Value::as_str) == Some("object") {
            return;
        }
        if let Some(before) = replace(root, "type", Value::String("object".into())) {
            self.lose(
                "/inputSchema/type".into(),
                "type",
                format!("the root type was {before}"),
            );
        }
        self.change(
            "/inputSchema/type".into(),
            "the root is now `type: \"object\"`",
        );
    }

    /// `outputSchema`: boolean subschemas become objects; a root that is not an object, where
    /// refused, removes it.
    #[inline(never)]
    fn output(&mut self, tool: &mut Value, generation: Option<Generation>) {
        let refuses_root = self.checks.iter().any(|c| match c {
            Check::RootObject(Field::Output) => true,
            Check::McpRoot(Field::Output) => {
                mcp::root_severity(generation, Field::Output).is_some()
            }
            _ => false,
        });
        let Some(members) = tool.as_object_mut() else {
            return;
        };
        if self.has(|c| matches!(c, Check::BooleanSubschema(Field::Output))) {
            if let Some(output) = members.get_mut("outputSchema") {
                self.booleans(output, Field::Output);
            }
        }
        let not_object = members
            .get("outputSchema")
            .is_some_and(|s| s.get("type").and_then(Value::as_str) != Some("object"));
        if refuses_root && not_object {
            discard(members, "outputSchema");
            self.change(
                "/outputSchema".into(),
                "removed `outputSchema` (its root is not an object)",
            );
            self.lose("/outputSchema".into(), "outputSchema", "the result's structure is no longer declared: check `structuredContent` in the server");
        }
    }

    /// Members the consumer does not read are removed.
    #[inline(never)]
    fn ignored_members(&mut self, tool: &mut Value) {
        let ignored: Vec<&'static str> = self
            .checks
            .iter()
            .filter_map(|c| match c {
                Check::IgnoredMember(key) => Some(*key),
                _ => None,
            })
            .collect();
        let Some(members) = tool.as_object_mut() else {
            return;
        };
        for key in ignored {
            if discard(members, key) {
                let at = format!("/{}", escape_pointer_token(key));
                self.change(
                    at.clone(),
                    format!("removed `{key}`, which the consumer does not read"),
                );
                self.lose(at, key, format!("`{key}` is not enforced by the consumer"));
            }
        }
    }

    /// The name follows every name rule of the profile.
    #[inline(never)]
    fn name(&mut self, tool: &mut Value) {
        let rules: Vec<NameRule> = self
            .checks
            .iter()
            .filter_map(|c| match c {
                Check::Name(rule) => Some(*rule),
                Check::McpName => Some(NameRule {
                    max: mcp::MAX_NAME_CHARS,
                    first: mcp::name_char,
                    rest: mcp::name_char,
                    allowed: "",
                }),
                _ => None,
            })
            .collect();
        if rules.is_empty() {
            return;
        }
        let Some(members) = tool.as_object_mut() else {
            return;
        };
        let before = members
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let after = rules.iter().fold(before.clone(), |name, rule| {
            if rule.accepts(&name) {
                name
            } else {
                rule.sanitize(&name)
            }
        });
        if after != before || members.get("name").and_then(Value::as_str).is_none() {
            put(members, "name", Value::String(after.clone()));
            self.change(
                "/name".into(),
                format!("renamed {before:?} to {after:?}: call it by this name"),
            );
        }
    }
}

/// Makes a property schema accept null as well.
#[inline(never)]
fn make_nullable(property: &mut Value) {
    match property {
        Value::Object(schema) => {
            match schema.get_mut("type") {
                Some(Value::String(name)) if name != "null" => {
                    let list = vec![Value::String(name.clone()), Value::String("null".into())];
                    put(schema, "type", Value::Array(list));
                }
                Some(Value::Array(list)) => {
                    if !list.iter().any(|t| t.as_str() == Some("null")) {
                        list.push(Value::String("null".into()));
                    }
                }
                Some(_) => {}
                None => {
                    let inner = Value::Object(std::mem::take(schema));
                    put(
                        schema,
                        "anyOf",
                        serde_json::json!([inner, {"type": "null"}]),
                    );
                    return;
                }
            }
            if let Some(Value::Array(values)) = schema.get_mut("enum") {
                if !values.contains(&Value::Null) {
                    values.push(Value::Null);
                }
            }
        }
        other => *other = serde_json::json!({}),
    }
}

/// How many values `value` holds (itself included), without recursion.
#[inline(never)]
fn count_nodes(value: &Value) -> usize {
    let mut count = 0;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        count += 1;
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(members) => stack.extend(members.values()),
            _ => {}
        }
    }
    count
}
