//! The parameters the checks take ([`Field`], [`NameRule`], [`ArrayScope`]): below the checks
//! (`checks/`), the spec's own rules (`mcp.rs`) and the rules that hold a check (`rule.rs`), so
//! that none of them imports another in a circle.

/// A schema field of a tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `inputSchema`.
    Input,
    /// `outputSchema`.
    Output,
}

impl Field {
    /// The member name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Input => "inputSchema",
            Self::Output => "outputSchema",
        }
    }
}

/// Which tool names a consumer takes: character classes written as in a regular expression
/// class without brackets (`A-Za-z0-9_-`: ranges and single characters; a `-` first or last is
/// itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameRule {
    /// Most characters.
    pub max: usize,
    /// The characters the first one may be (`None`: as any other).
    pub first: Option<String>,
    /// The characters any one may be.
    pub rest: String,
    /// The allowed characters in words, for messages.
    pub allowed: String,
}

/// Whether `c` is in the character class `class` (`A-Za-z0-9_-`).
#[inline(never)]
pub fn in_class(class: &str, c: char) -> bool {
    let mut rest: &[char] = &class.chars().collect::<Vec<char>>();
    loop {
        match rest {
            [low, '-', high, tail @ ..] => {
                if (*low..=*high).contains(&c) {
                    return true;
                }
                rest = tail;
            }
            [one, tail @ ..] => {
                if *one == c {
                    return true;
                }
                rest = tail;
            }
            [] => return false,
        }
    }
}

impl NameRule {
    /// Whether `c` may come first.
    fn first_ok(&self, c: char) -> bool {
        in_class(self.first.as_deref().unwrap_or(&self.rest), c)
    }

    /// Whether `name` follows the rule.
    pub fn accepts(&self, name: &str) -> bool {
        let count = name.chars().count();
        count >= 1
            && count <= self.max
            && name.chars().all(|c| in_class(&self.rest, c))
            && name.chars().next().is_some_and(|c| self.first_ok(c))
    }

    /// `name` made to follow the rule: a character the rule refuses becomes `_` (no consumer
    /// whose source we read changes case: VS Code's sanitiser is case-insensitive), or goes where
    /// the rule refuses `_` too; an empty name becomes `tool`; a refused first character gets a
    /// `_` before it where `_` may come first, else goes; then it is cut to `max`.
    pub fn sanitize(&self, name: &str) -> String {
        let keep = |c: char| in_class(&self.rest, c);
        let filler = keep('_').then_some('_');
        let mut out: String = name
            .chars()
            .filter_map(|c| if keep(c) { Some(c) } else { filler })
            .collect();
        if out.is_empty() {
            out = "tool".chars().filter(|c| keep(*c)).collect();
        }
        if !out.chars().next().is_some_and(|c| self.first_ok(c)) {
            if self.first_ok('_') && keep('_') {
                out.insert(0, '_');
            } else {
                out = out.trim_start_matches(|c| !self.first_ok(c)).to_owned();
            }
        }
        out.chars().take(self.max).collect()
    }
}

/// Which subschemas an array rule walks, and which `type` it reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArrayScope {
    /// Only subschemas reached through these keywords (a consumer's own walk, such as VS
    /// Code's `forEachSchemaNode`); `None`: every subschema.
    pub walk: Option<Vec<String>>,
    /// Whether only a string `type: "array"` counts (not a list holding `"array"`).
    pub string_type: bool,
}
