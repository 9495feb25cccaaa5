//! Compiling a schema into the checks the fast path runs, or refusing it: a schema is taken only
//! when every keyword of every subschema is in the subset below, so that the checks can give
//! the engine's verdict on any text.
//!
//! The subset: `type`, `enum` and `const` of strings, booleans and `null`, `minLength`,
//! `maxLength`, `pattern` and `format` (both asked of the engine on the string), `minimum`,
//! `maximum`, `exclusiveMinimum`, `exclusiveMaximum` and `multipleOf` (integers compared here,
//! anything else asked of the engine on the number), `properties`, `required`,
//! `additionalProperties`, `minProperties`, `maxProperties`, `items` (one schema), `minItems`,
//! `maxItems`, `allOf`, `anyOf`, `oneOf`, `not`, boolean schemas, and the annotations
//! (`title`, `description`, `default`, `examples`, ...). `$schema` and `$id` only at the root;
//! `$defs`/`definitions` only when nothing refers to them (there is no `$ref`).

use jsonschema::Draft;
use serde_json::{Map, Value};

use super::super::tape::TapeJson;
use super::pattern::Simple;

/// The keywords that never change a verdict.
const ANNOTATIONS: [&str; 10] = [
    "title",
    "description",
    "default",
    "examples",
    "$comment",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$defs",
    "definitions",
];

/// The most property names one object check tracks (a bit each).
pub const MAX_NAMES: usize = 64;

/// JSON types, a bit each.
pub mod types {
    /// `null`.
    pub const NULL: u8 = 1;
    /// `true` and `false`.
    pub const BOOLEAN: u8 = 2;
    /// Numbers that are integers.
    pub const INTEGER: u8 = 4;
    /// Every number.
    pub const NUMBER: u8 = 8;
    /// Strings.
    pub const STRING: u8 = 16;
    /// Arrays.
    pub const ARRAY: u8 = 32;
    /// Objects.
    pub const OBJECT: u8 = 64;
    /// Any value.
    pub const ANY: u8 = 127;
}

/// A value `enum` or `const` may list.
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A string.
    Str(String),
}

/// A compiled schema: an index into [`Program::checks`].
pub type CheckId = usize;

/// What one subschema asks of a value.
pub enum Check {
    /// `true` or `{}` (annotations only): every value.
    Any,
    /// `false`: no value.
    Never,
    /// Keywords.
    Rules(Box<Rules>),
}

/// The keywords of one subschema.
#[derive(Default)]
pub struct Rules {
    /// The types allowed ([`types`] bits; `types::ANY` without `type`).
    pub types: u8,
    /// Each `enum` / `const` as the list of values allowed (all must hold).
    pub allowed: Vec<Vec<Scalar>>,
    /// `minLength`, `maxLength` in code points.
    pub min_length: Option<u64>,
    /// See `min_length`.
    pub max_length: Option<u64>,
    /// `pattern` and `format`, asked of the engine on the string.
    pub string_engine: Option<jsonschema::Validator<TapeJson>>,
    /// `pattern` when it is simple enough to be matched here (the engine decides only when
    /// the match takes too many steps).
    pub simple_pattern: Option<Simple>,
    /// Whether every string must be asked of `string_engine` (a `format`, or a pattern that is
    /// not simple).
    pub engine_always: bool,
    /// Numeric keywords and `type` when they must be asked of the engine (a limit that is not
    /// an `i64`, or an integer-only type for a number written with a fraction or exponent).
    pub number_engine: Option<jsonschema::Validator<TapeJson>>,
    /// Whether every numeric limit is an `i64` (then integers written plainly are checked here).
    pub exact_limits: bool,
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, as integers.
    pub minimum: Option<i64>,
    /// See `minimum`.
    pub maximum: Option<i64>,
    /// See `minimum`.
    pub exclusive_minimum: Option<i64>,
    /// See `minimum`.
    pub exclusive_maximum: Option<i64>,
    /// `multipleOf`, a positive integer.
    pub multiple_of: Option<i64>,
    /// Object keywords, if any.
    pub object: Option<ObjectRules>,
    /// `items` (one schema for every element).
    pub items: Option<CheckId>,
    /// `minItems`, `maxItems`.
    pub min_items: Option<u64>,
    /// See `min_items`.
    pub max_items: Option<u64>,
    /// `allOf`, `anyOf`, `oneOf`, `not`.
    pub all_of: Vec<CheckId>,
    /// See `all_of`.
    pub any_of: Vec<CheckId>,
    /// See `all_of`.
    pub one_of: Vec<CheckId>,
    /// See `all_of`.
    pub not: Option<CheckId>,
    /// Whether any of `allOf`, `anyOf`, `oneOf`, `not` is present.
    pub combines: bool,
}

/// What an object subschema asks.
#[derive(Default)]
pub struct ObjectRules {
    /// The names `properties` and `required` mention, at most [`MAX_NAMES`].
    pub names: Vec<String>,
    /// The schema of each name's value (`None`: only required, its value goes to `additional`).
    pub schemas: Vec<Option<CheckId>>,
    /// Bit `i`: `names[i]` is required.
    pub required: u64,
    /// `additionalProperties` (`None`: absent, any value).
    pub additional: Option<CheckId>,
    /// `minProperties`, `maxProperties`.
    pub min_properties: Option<u64>,
    /// See `min_properties`.
    pub max_properties: Option<u64>,
}

/// A schema compiled for the fast path.
pub struct Program {
    /// Every subschema; the root is the first.
    pub checks: Vec<Check>,
}

/// How the fast path asks the engine for a validator of a few keywords (same options as the
/// schema's own validator).
pub type Build<'b> = &'b dyn Fn(&Value) -> Option<jsonschema::Validator<TapeJson>>;

/// Compiles `schema` (of `draft`), or `None` if some keyword is outside the subset.
pub fn compile(schema: &Value, draft: Draft, engine: Build<'_>) -> Option<Program> {
    let mut compiler = Compiler {
        checks: Vec::new(),
        draft,
        engine,
        dialect: schema.get("$schema").cloned(),
    };
    compiler.check(schema, true)?;
    Some(Program {
        checks: compiler.checks,
    })
}

struct Compiler<'b> {
    checks: Vec<Check>,
    draft: Draft,
    engine: Build<'b>,
    /// The root's `$schema`, copied into the schemas built for the engine.
    dialect: Option<Value>,
}

impl Compiler<'_> {
    /// Compiles one subschema; returns its id.
    fn check(&mut self, schema: &Value, root: bool) -> Option<CheckId> {
        let id = self.checks.len();
        self.checks.push(Check::Any);
        let check = match schema {
            Value::Bool(true) => Check::Any,
            Value::Bool(false) => Check::Never,
            Value::Object(map) => self.rules(map, root)?,
            _ => return None,
        };
        if let Some(slot) = self.checks.get_mut(id) {
            *slot = check;
        }
        Some(id)
    }

    fn rules(&mut self, map: &Map<String, Value>, root: bool) -> Option<Check> {
        let mut rules = Rules {
            types: types::ANY,
            exact_limits: true,
            ..Rules::default()
        };
        let mut any = true;
        let mut string_keywords = Map::new();
        let mut number_keywords = Map::new();
        let mut object = ObjectRules::default();
        let mut has_object = false;
        let (properties, required) = (map.get("properties"), map.get("required"));
        if properties.is_some() || required.is_some() {
            has_object = true;
            self.names(&mut object, properties, required)?;
        }
        for (key, value) in map {
            match key.as_str() {
                k if ANNOTATIONS.contains(&k) => continue,
                "$schema" | "$id" if root => continue,
                "properties" | "required" => {}
                "type" => rules.types = type_bits(value)?,
                "enum" => rules.allowed.push(scalars(value.as_array()?)?),
                "const" if self.draft != Draft::Draft4 => {
                    rules.allowed.push(scalars(std::slice::from_ref(value))?);
                }
                "minLength" => rules.min_length = Some(value.as_u64()?),
                "maxLength" => rules.max_length = Some(value.as_u64()?),
                "pattern" => {
                    rules.simple_pattern = Simple::compile(value.as_str()?);
                    rules.engine_always |= rules.simple_pattern.is_none();
                    string_keywords.insert(key.clone(), value.clone());
                }
                "format" => {
                    rules.engine_always = true;
                    string_keywords.insert(key.clone(), value.clone());
                }
                "minimum" | "maximum" | "multipleOf" => {
                    self.limit(&mut rules, key, value)?;
                    number_keywords.insert(key.clone(), value.clone());
                }
                "exclusiveMinimum" | "exclusiveMaximum" if value.is_number() => {
                    if self.draft == Draft::Draft4 {
                        return None;
                    }
                    self.limit(&mut rules, key, value)?;
                    number_keywords.insert(key.clone(), value.clone());
                }
                "additionalProperties" => {
                    has_object = true;
                    object.additional = Some(self.check(value, false)?);
                }
                "minProperties" => {
                    has_object = true;
                    object.min_properties = Some(value.as_u64()?);
                }
                "maxProperties" => {
                    has_object = true;
                    object.max_properties = Some(value.as_u64()?);
                }
                "items" if value.is_object() || value.is_boolean() => {
                    rules.items = Some(self.check(value, false)?);
                }
                "minItems" => rules.min_items = Some(value.as_u64()?),
                "maxItems" => rules.max_items = Some(value.as_u64()?),
                "allOf" => rules.all_of = self.list(value)?,
                "anyOf" => rules.any_of = self.list(value)?,
                "oneOf" => rules.one_of = self.list(value)?,
                "not" => rules.not = Some(self.check(value, false)?),
                _ => return None,
            }
            any = false;
        }
        rules.combines = !rules.all_of.is_empty()
            || !rules.any_of.is_empty()
            || !rules.one_of.is_empty()
            || rules.not.is_some();
        if has_object {
            rules.object = Some(object);
        }
        if !string_keywords.is_empty() {
            rules.string_engine = Some(self.engine(string_keywords)?);
        }
        // An integer-only type decides on numbers like `1.0` as the engine does.
        if rules.types & types::INTEGER != 0 && rules.types & types::NUMBER == 0 {
            if let Some(kind) = map.get("type") {
                number_keywords.insert("type".to_owned(), kind.clone());
            }
        }
        if !number_keywords.is_empty() {
            rules.number_engine = Some(self.engine(number_keywords)?);
        }
        if any {
            return Some(Check::Any);
        }
        Some(Check::Rules(Box::new(rules)))
    }

    /// `properties` and `required` into `object`.
    fn names(
        &mut self,
        object: &mut ObjectRules,
        properties: Option<&Value>,
        required: Option<&Value>,
    ) -> Option<()> {
        if let Some(properties) = properties {
            for (name, schema) in properties.as_object()? {
                let check = self.check(schema, false)?;
                object.names.push(name.clone());
                object.schemas.push(Some(check));
            }
        }
        if let Some(required) = required {
            for name in required.as_array()? {
                let name = name.as_str()?;
                let at = match object.names.iter().position(|n| n == name) {
                    Some(at) => at,
                    None => {
                        object.names.push(name.to_owned());
                        object.schemas.push(None);
                        object.names.len() - 1
                    }
                };
                object.required |= 1u64.checked_shl(u32::try_from(at).ok()?)?;
            }
        }
        (object.names.len() <= MAX_NAMES).then_some(())
    }

    /// A numeric keyword: kept as an integer when it is one, else the engine decides numbers.
    fn limit(&self, rules: &mut Rules, key: &str, value: &Value) -> Option<()> {
        let number = value.as_number()?;
        let Some(limit) = number.as_i64() else {
            rules.exact_limits = false;
            return Some(());
        };
        let slot = match key {
            "minimum" => &mut rules.minimum,
            "maximum" => &mut rules.maximum,
            "exclusiveMinimum" => &mut rules.exclusive_minimum,
            "exclusiveMaximum" => &mut rules.exclusive_maximum,
            _ if limit > 0 => &mut rules.multiple_of,
            _ => return None,
        };
        *slot = Some(limit);
        Some(())
    }

    fn list(&mut self, value: &Value) -> Option<Vec<CheckId>> {
        let items = value.as_array()?;
        if items.is_empty() {
            return None;
        }
        items.iter().map(|item| self.check(item, false)).collect()
    }

    /// The engine's validator for `keywords` alone, in the root's dialect and options.
    fn engine(&self, mut keywords: Map<String, Value>) -> Option<jsonschema::Validator<TapeJson>> {
        if let Some(dialect) = &self.dialect {
            keywords.insert("$schema".to_owned(), dialect.clone());
        }
        (self.engine)(&Value::Object(keywords))
    }
}

/// The [`types`] bits of a `type` value.
fn type_bits(value: &Value) -> Option<u8> {
    let one = |name: &Value| match name.as_str()? {
        "null" => Some(types::NULL),
        "boolean" => Some(types::BOOLEAN),
        "integer" => Some(types::INTEGER),
        "number" => Some(types::NUMBER | types::INTEGER),
        "string" => Some(types::STRING),
        "array" => Some(types::ARRAY),
        "object" => Some(types::OBJECT),
        _ => None,
    };
    match value {
        Value::Array(names) => names
            .iter()
            .try_fold(0, |bits, name| Some(bits | one(name)?)),
        name => one(name),
    }
}

/// The values of an `enum` or `const`, if all are scalars other than numbers.
fn scalars(values: &[Value]) -> Option<Vec<Scalar>> {
    values
        .iter()
        .map(|value| match value {
            Value::Null => Some(Scalar::Null),
            Value::Bool(b) => Some(Scalar::Bool(*b)),
            Value::String(s) => Some(Scalar::Str(s.clone())),
            _ => None,
        })
        .collect()
}
