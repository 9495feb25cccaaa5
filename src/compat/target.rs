//! The consumers a tool can be checked against: declared by the data (each data file's `targets`
//! section: name, label, title, kind, how its versions are written, opt-in, the consumers whose
//! entries it runs), read once; a [`Target`] is a handle on one declaration. A user's data may
//! declare more ([`declared_in`]), checked against these by `user_data.rs`.

use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;
use serde_json::{Map, Value};

use super::data::{builtin, builtin_files, Entry};
use super::resolve;
use super::rule::Rule;

/// What a target is: reports list APIs, then hosts, then specifications.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "CompatTargetKind"))]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A model API a host passes tools to (Anthropic, OpenAI, Gemini…).
    Api,
    /// A host: an MCP client with its own checks (Claude Code, Cursor, VS Code…).
    Host,
    /// A specification's own rules (MCP).
    Spec,
}

/// How a consumer's versions are written (what `name@version` and `since`/`until` take).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "CompatVersionStyle"))]
#[serde(rename_all = "lowercase")]
pub enum Versions {
    /// Release numbers: `2.1.84`.
    Numbers,
    /// Dates, for an API without versions: `2026-08`.
    Dates,
}

impl Versions {
    /// Whether `version` is written this way.
    pub fn fits(self, version: &str) -> bool {
        let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        match self {
            Self::Numbers => version.split('.').all(digits),
            Self::Dates => {
                let widths = [4, 2, 2];
                let parts: Vec<&str> = version.split('-').collect();
                parts.len() <= widths.len()
                    && parts
                        .iter()
                        .zip(widths)
                        .all(|(p, width)| digits(p) && p.len() == width)
            }
        }
    }

    /// An example of the form, for messages.
    pub fn example(self) -> &'static str {
        match self {
            Self::Numbers => "a version such as 2.1.84",
            Self::Dates => "a date such as 2026-08",
        }
    }
}

/// A target as the data declares it (and as the wasm export `compatTargets()` lists it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "CompatTargetInfo"))]
pub struct TargetInfo {
    /// The name `targets` and `--target` take.
    // The open name type declared by hand in src/wasm/full.rs (any name extra data declares).
    #[cfg_attr(test, ts(type = "CompatTarget"))]
    pub name: String,
    /// Whether it is checked only when named (or with `all`).
    #[serde(rename = "optIn")]
    pub opt_in: bool,
    /// What it is, in a few words.
    pub title: String,
    /// Its short name for a column header or a badge (`Gemini JSON Schema`).
    pub label: String,
    /// What kind of consumer it is.
    pub kind: Kind,
    /// How its versions are written.
    pub versions: Versions,
    /// The consumers whose entries it runs: its own first (a version asked for applies to it),
    /// then those it inherits.
    pub consumers: Vec<String>,
}

/// A consumer of MCP tools (a model API, a host, the spec): a cheap handle on its declaration,
/// read from the data once. Two handles are equal when they name the same target.
#[derive(Clone)]
pub struct Target(Arc<TargetInfo>);

impl PartialEq for Target {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.name == other.0.name
    }
}

impl Eq for Target {}

impl std::fmt::Debug for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.name)
    }
}

impl Target {
    /// A target of `info`.
    pub fn new(info: TargetInfo) -> Self {
        Self(Arc::new(info))
    }

    /// Every built-in target, in report order (APIs, then hosts, then specifications; in data
    /// file order within each).
    pub fn all() -> &'static [Target] {
        static ALL: OnceLock<Vec<Target>> = OnceLock::new();
        ALL.get_or_init(|| {
            let files: Vec<Target> = builtin_files()
                .iter()
                .flat_map(|(_, text)| {
                    // The files are held to the schema and read by a test
                    // (`tests/native/compat_data.rs`), so nothing is left out here.
                    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
                    declared_in(&value).unwrap_or_default()
                })
                .collect();
            by_kind(files.iter())
        })
    }

    /// The built-in target called `name`, if any.
    pub fn parse(name: &str) -> Option<Self> {
        Self::all().iter().find(|t| t.name() == name).cloned()
    }

    /// The target asked at `version`: the same declaration named `name@version`, a target of
    /// its own (two versions of one consumer are two targets of a report, each its key).
    pub fn at_version(&self, version: &str) -> Self {
        Self::new(TargetInfo {
            name: format!("{}@{version}", self.name()),
            ..self.info().clone()
        })
    }

    /// Its declaration.
    pub fn info(&self) -> &TargetInfo {
        &self.0
    }

    /// Its name: `anthropic`, `openai-strict`, `claude-code`… (`claude-code@2.1.83` when asked at a
    /// version: [`Target::at_version`]).
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// Its short name for a column header or a badge.
    pub fn label(&self) -> &str {
        &self.0.label
    }

    /// What it is, in a few words.
    pub fn title(&self) -> &str {
        &self.0.title
    }

    /// What kind of consumer it is.
    pub fn kind(&self) -> Kind {
        self.0.kind
    }

    /// Whether it is checked only when named (or with `all`): a mode a host or the author turns
    /// on (strict tool use, Gemini's `parameters`, WebMCP).
    pub fn opt_in(&self) -> bool {
        self.0.opt_in
    }

    /// The consumers of the data whose entries it runs, its own first (a version asked for
    /// applies to it).
    pub fn consumers(&self) -> &[String] {
        &self.0.consumers
    }

    /// The target's rules at `version` (`None`: the newest known behaviour), from the built-in
    /// data and `extra` entries. Without `extra`, resolved once per consumers and version (a
    /// replayed session judges every `tools/list` page with the same rules: resolving them each
    /// time was a fifth of a 50 MB log's replay).
    pub fn rules(&self, version: Option<&str>, extra: &[Entry]) -> Arc<[Rule]> {
        if extra.is_empty() {
            return builtin_rules(self.consumers(), version);
        }
        resolve_rules(extra, self.consumers(), version)
    }
}

/// At most this many consumers-and-version pairs keep their built-in rules (versions come from
/// users: past it, rules are resolved each time instead).
const RULES_KEPT: usize = 64;

/// The rules of `consumers` at `version` from the built-in data alone, resolved the first time
/// they are asked for (the data never changes while the module runs).
fn builtin_rules(consumers: &[String], version: Option<&str>) -> Arc<[Rule]> {
    type Kept = Vec<(Vec<String>, Option<String>, Arc<[Rule]>)>;
    static KEPT: Mutex<Kept> = Mutex::new(Vec::new());
    let Ok(mut kept) = KEPT.lock() else {
        return resolve_rules(&[], consumers, version);
    };
    if let Some((_, _, rules)) = kept
        .iter()
        .find(|(c, v, _)| c.as_slice() == consumers && v.as_deref() == version)
    {
        return rules.clone();
    }
    let rules = resolve_rules(&[], consumers, version);
    if kept.len() < RULES_KEPT {
        kept.push((
            consumers.to_vec(),
            version.map(str::to_owned),
            rules.clone(),
        ));
    }
    rules
}

/// The rules of `consumers` at `version` resolved from the built-in data and `extra` entries.
fn resolve_rules(extra: &[Entry], consumers: &[String], version: Option<&str>) -> Arc<[Rule]> {
    let entries: Vec<&Entry> = builtin().iter().chain(extra).collect();
    resolve::rules(&entries, consumers, version).into()
}

/// A target and the consumer version asked for (`claude-code@2.0`; `None`: the newest known
/// behaviour).
pub type TargetVersion = (Target, Option<String>);

/// Every target: the built-in ones, then those of `declared` (a user's data), in report order.
pub fn every_target(declared: &[Target]) -> Vec<Target> {
    by_kind(Target::all().iter().chain(declared))
}

/// `targets` in report order: APIs, then hosts, then specifications, in the given order within
/// each (three passes rather than a sort: each sort instantiation costs the wasm build
/// kilobytes).
fn by_kind<'a>(targets: impl Iterator<Item = &'a Target> + Clone) -> Vec<Target> {
    [Kind::Api, Kind::Host, Kind::Spec]
        .into_iter()
        .flat_map(|kind| targets.clone().filter(move |t| t.kind() == kind))
        .cloned()
        .collect()
}

/// The targets `names` name, in order, among the built-in ones and `declared` (a user's data):
/// `all` stands for every one (in its place, once); `name@version` asks for the behaviour of
/// that version (or date, for an API without versions: the target's `versions` says which); an
/// unknown name or a version of the wrong form is an error that says so.
pub fn parse_targets<S: AsRef<str>>(
    names: &[S],
    declared: &[Target],
) -> Result<Vec<TargetVersion>, String> {
    let every = every_target(declared);
    let mut out: Vec<TargetVersion> = Vec::new();
    for name in names {
        let (name, version) = match name.as_ref().split_once('@') {
            Some((name, version)) => (name, Some(version)),
            None => (name.as_ref(), None),
        };
        let found = match name {
            "all" if version.is_some() => {
                return Err(format!(
                    "bad target version {}: all takes no version",
                    name.to_owned() + "@" + version.unwrap_or_default()
                ))
            }
            "all" => every.clone(),
            one => {
                let Some(target) = every.iter().find(|t| t.name() == one) else {
                    let names: Vec<&str> = every.iter().map(Target::name).collect();
                    return Err(format!(
                        "unknown target {one:?}: one of {}, or all",
                        names.join(", ")
                    ));
                };
                if let Some(v) = version.filter(|v| !target.0.versions.fits(v)) {
                    return Err(format!(
                        "bad target version {one}@{v}: {one} takes {} after the @",
                        target.0.versions.example()
                    ));
                }
                vec![target.clone()]
            }
        };
        for target in found {
            let asked = (target, version.map(str::to_owned));
            if !out.contains(&asked) {
                out.push(asked);
            }
        }
    }
    Ok(out)
}

impl TryFrom<String> for Target {
    type Error = String;

    /// The built-in target called `name`.
    fn try_from(name: String) -> Result<Self, String> {
        let mut found = parse_targets(&[&name], &[])?;
        match found.pop() {
            Some((target, None)) if found.is_empty() => Ok(target),
            _ => Err(format!("{name:?}: one target name, without a version")),
        }
    }
}

/// Every target (the built-in ones and `declared`), in report order, as [`TargetInfo`] (the
/// wasm export `compatTargets()`).
pub fn target_infos(declared: &[Target]) -> Vec<TargetInfo> {
    every_target(declared)
        .iter()
        .map(|t| t.info().clone())
        .collect()
}

/// The targets a data file declares (its `targets` section; none when it has none), from a
/// value already valid against the data schema; an error names the member at fault
/// (`/targets/0/kind: …`).
pub fn declared_in(file: &Value) -> Result<Vec<Target>, String> {
    let Some(items) = file.get("targets").and_then(Value::as_array) else {
        return Ok(Vec::new());
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            item.as_object()
                .ok_or_else(|| "a target is an object".to_owned())
                .and_then(declaration)
                .map(Target::new)
                .map_err(|e| format!("/targets/{i}: {e}"))
        })
        .collect()
}

/// One target's declaration.
fn declaration(map: &Map<String, Value>) -> Result<TargetInfo, String> {
    let text = |key: &str| {
        map.get(key)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| format!("`{key}` is needed"))
    };
    let name = text("name")?;
    let mut consumers = vec![text("consumer").unwrap_or_else(|_| name.clone())];
    let inherits = map.get("inherits").and_then(Value::as_array);
    consumers.extend(
        inherits
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_owned),
    );
    Ok(TargetInfo {
        opt_in: map.get("optIn") == Some(&Value::Bool(true)),
        label: text("label")?,
        title: text("title")?,
        kind: match text("kind")?.as_str() {
            "api" => Kind::Api,
            "host" => Kind::Host,
            "spec" => Kind::Spec,
            other => return Err(format!("unknown kind {other:?}")),
        },
        versions: match text("versions")?.as_str() {
            "numbers" => Versions::Numbers,
            "dates" => Versions::Dates,
            other => return Err(format!("unknown versions {other:?}")),
        },
        name,
        consumers,
    })
}
