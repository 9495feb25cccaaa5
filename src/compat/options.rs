//! What a compatibility check is asked: the targets, their versions, the server's name and extra
//! data ([`CompatOptions`], read from JavaScript by [`CompatOptions::from_json`]).

use serde_json::Value;

use super::data::Entry;
use super::target::{every_target, parse_targets, Target, TargetVersion};
use super::user_data::read_user_data;
use crate::diagnostic::Diagnostic;

/// What [`check_compatibility`] checks against (from JavaScript: `{ targets?, serverName?, data? }`,
/// read by [`CompatOptions::from_json`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CompatOptions {
    /// The targets, in the order reported; empty means the default ones
    /// ([`CompatOptions::default_targets`]: the consumers that take a tool without opt-in).
    pub targets: Vec<Target>,
    /// The server's name as the host knows it (Cursor's name-length rule needs it).
    pub server_name: Option<String>,
    /// The consumer version asked for per target (`claude-code@2.0`); a target not named here
    /// is checked at its newest known behaviour.
    pub versions: Vec<(Target, String)>,
    /// Extra entries of compatibility data (read by [`read_user_data`]): a gateway's own limits.
    pub data: Vec<Entry>,
    /// The targets the extra data declares (a consumer the built-in data does not know).
    pub declared: Vec<Target>,
}

impl CompatOptions {
    /// The version asked for `target`, if any.
    pub fn version_of(&self, target: &Target) -> Option<&str> {
        self.versions
            .iter()
            .find(|(t, _)| t == target)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the targets (and their versions) from [`parse_targets`]' answer: a target asked at
    /// a version is its own target named as asked (`vscode@1.105`), so that one consumer asked at
    /// two versions (`vscode@1.105,vscode`) is two columns and two keys of the report, each
    /// judged at its own version.
    pub fn set_targets(&mut self, asked: Vec<TargetVersion>) {
        let asked: Vec<TargetVersion> = asked
            .into_iter()
            .map(|(t, v)| match v {
                Some(v) => (t.at_version(&v), Some(v)),
                None => (t, None),
            })
            .collect();
        self.targets = asked.iter().map(|(t, _)| t.clone()).collect();
        self.versions = asked
            .into_iter()
            .filter_map(|(t, v)| v.map(|v| (t, v)))
            .collect();
    }

    /// The targets checked when none are named: every built-in or declared one that is not
    /// opt-in, in report order.
    pub fn default_targets(&self) -> Vec<Target> {
        every_target(&self.declared)
            .into_iter()
            .filter(|t| !t.opt_in())
            .collect()
    }

    /// The options from their JSON form: `targets` (an array of target names, `"all"` among
    /// them standing for every target, `name@version` for an older behaviour; or the string
    /// `"all"`), `serverName` (a string, or `null` for none) and `data` (extra compatibility
    /// data: the text of a data file, or its value; the targets it declares may be named in
    /// `targets`), each optional; any other member, or a member of another type, is an error
    /// that names it (bad data: each positioned error). Written by hand rather than derived:
    /// the derived decoder cost the full build 382 B more brotli (README, "Size").
    pub fn from_json(value: Value) -> Result<Self, String> {
        let Value::Object(members) = value else {
            return Err(format!("expected an object, found {value}"));
        };
        let mut options = Self::default();
        // The data first: the targets it declares may be named.
        if let Some(value) = members.get("data").filter(|v| !v.is_null()) {
            let text = match value {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            let data = read_user_data(&text).map_err(|errors| data_errors(&errors))?;
            options.data = data.entries;
            options.declared = data.targets;
        }
        for (key, value) in members {
            match (key.as_str(), value) {
                ("targets", Value::Array(names)) => {
                    let mut strings = Vec::new();
                    for name in names {
                        let Value::String(name) = name else {
                            return Err(format!("a target is a string, found {name}"));
                        };
                        strings.push(name);
                    }
                    options.set_targets(parse_targets(&strings, &options.declared)?);
                }
                ("targets", Value::String(all)) if all == "all" => {
                    options.targets = every_target(&options.declared);
                }
                ("serverName", Value::String(name)) => options.server_name = Some(name),
                ("serverName", Value::Null) | ("data", _) => {}
                ("targets", other) => {
                    return Err(format!(
                        "`targets` is an array of target names (or \"all\"), found {other}"
                    ))
                }
                ("serverName", other) => {
                    return Err(format!("`serverName` is a string, found {other}"))
                }
                (other, _) => {
                    return Err(format!(
                        "unknown field `{other}`, expected `targets`, `serverName` or `data`"
                    ))
                }
            }
        }
        Ok(options)
    }
}

/// Diagnostics about compatibility data as one message: each `line:column: message`.
pub fn data_errors(errors: &[Diagnostic]) -> String {
    let lines: Vec<String> = errors
        .iter()
        .map(|d| match d.span {
            Some(span) => format!("{}:{}: {}", span.line, span.column, d.message),
            None => d.message.clone(),
        })
        .collect();
    format!("bad compatibility data: {}", lines.join("; "))
}
