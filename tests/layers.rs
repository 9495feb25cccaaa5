//! The layer order of `src/lib.rs`, checked: every `crate::…` reference in a module of `src/`
//! (`use crate::…` lines, `use crate::{a::b, c}` groups, `crate::x::y` paths in code) must name a
//! module of a lower layer. An import from a lower layer to a higher one, between two modules of
//! one layer, or around a circle fails with the offending edge as `file:line`. `super::` stays
//! inside a module and is not an edge; comments (and doc links) are not read.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The layers, lowest first (keep in step with the doc of `src/lib.rs`). Modules of one layer
/// must not import each other.
const LAYERS: &[&[&str]] = &[
    &["diagnostic"],
    &["json"],
    &["format"],
    &["protocol"],
    &["validate"],
    &["lint"],
    &["validator"],
    &["compat"],
    &["classify", "host"],
    &["wasm_format"],
    &["wasm"],
];

/// One reference from a module to another.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    from: String,
    to: String,
    file: String,
    line: usize,
}

impl Edge {
    fn show(&self) -> String {
        format!("{}:{}: {} -> {}", self.file, self.line, self.from, self.to)
    }
}

/// The top-level module a file under `src/` belongs to (`host/call.rs` → `host`); `None` for
/// `lib.rs`, the crate root.
fn module_of(relative: &str) -> Option<String> {
    let first = relative.split('/').next()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (name != "lib").then(|| name.to_owned())
}

/// The names the crate root re-exports, with the module each comes from
/// (`pub use validator::{validate_arguments, Validator};` → `Validator` → `validator`).
fn root_exports(lib: &str) -> BTreeMap<String, String> {
    let mut exports = BTreeMap::new();
    for statement in use_statements(lib) {
        let Some(path) = statement.text.strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, rest)) = path.split_once("::") else {
            continue;
        };
        let names = rest.trim_start_matches('{').trim_end_matches('}');
        for name in names.split(',') {
            let name = name.trim();
            if !name.is_empty() {
                exports.insert(name.to_owned(), module.to_owned());
            }
        }
    }
    exports
}

/// A `use` statement joined onto one line, with the lines it spans.
struct UseStatement {
    text: String,
    line: usize,
    last_line: usize,
}

/// The `use` statements of a file (possibly spanning lines), comments removed.
fn use_statements(source: &str) -> Vec<UseStatement> {
    let mut found = Vec::new();
    let mut open: Option<UseStatement> = None;
    for (index, raw) in source.lines().enumerate() {
        let line = code_of(raw).trim();
        if let Some(statement) = open.as_mut() {
            statement.text.push_str(line);
            statement.last_line = index + 1;
        } else if line.starts_with("use ")
            || line.starts_with("pub use ")
            || line.starts_with("pub(crate) use ")
        {
            open = Some(UseStatement {
                text: line.to_owned(),
                line: index + 1,
                last_line: index + 1,
            });
        }
        if open.as_ref().is_some_and(|s| s.text.ends_with(';')) {
            if let Some(mut statement) = open.take() {
                statement.text.pop();
                found.push(statement);
            }
        }
    }
    found
}

/// A line without its `//` comment (a `//` inside a string literal is rare enough in `src/`
/// not to matter here: it only hides the rest of that line).
fn code_of(line: &str) -> &str {
    line.split("//").next().unwrap_or(line)
}

/// The first segments of the paths a `crate::{…}` group names (`{a::b, c::{d, e}}` → a, c).
fn group_heads(group: &str) -> Vec<String> {
    let inner = group
        .strip_prefix('{')
        .and_then(|g| g.strip_suffix('}'))
        .unwrap_or(group);
    let mut heads = Vec::new();
    let mut depth = 0usize;
    let mut item = String::new();
    for c in inner.chars().chain(std::iter::once(',')) {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if c == ',' && depth == 0 {
            let head = item
                .trim()
                .split("::")
                .next()
                .unwrap_or("")
                .trim()
                .to_owned();
            if !head.is_empty() {
                heads.push(head);
            }
            item.clear();
        } else {
            item.push(c);
        }
    }
    heads
}

/// The identifiers following each `crate::` in a line of code (`crate::host::check` → host).
fn crate_paths(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let (head, tail) = rest.split_at(at);
        let before = head.chars().next_back();
        rest = tail.strip_prefix("crate::").unwrap_or(tail);
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        if rest.starts_with('{') {
            let end = matching_brace(rest).unwrap_or(rest.len());
            let (group, tail) = rest.split_at(end);
            found.extend(group_heads(group));
            rest = tail;
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            found.push(name);
        }
    }
    found
}

/// The end (exclusive) of the `{…}` group `text` starts with.
fn matching_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Every reference from one top-level module to another in `files` (path relative to `src/`,
/// text); `crate::Name` of a root re-export counts as a reference to its module, an item
/// `src/lib.rs` defines itself (`crate::version`) as none.
fn edges(files: &BTreeMap<String, String>) -> Vec<Edge> {
    let exports = files
        .get("lib.rs")
        .map(|lib| root_exports(lib))
        .unwrap_or_default();
    let modules: BTreeSet<String> = files.keys().filter_map(|f| module_of(f)).collect();
    let mut found = BTreeSet::new();
    for (relative, source) in files {
        let Some(from) = module_of(relative) else {
            continue;
        };
        let mut add = |name: &str, line: usize| {
            let Some(to) = exports
                .get(name)
                .map(String::as_str)
                .or_else(|| modules.contains(name).then_some(name))
            else {
                return;
            };
            if to != from {
                found.insert(Edge {
                    from: from.clone(),
                    to: to.to_owned(),
                    file: format!("src/{relative}"),
                    line,
                });
            }
        };
        let statements = use_statements(source);
        for statement in &statements {
            for name in crate_paths(&statement.text) {
                add(&name, statement.line);
            }
        }
        let in_statement = |line: usize| {
            statements
                .iter()
                .any(|s| (s.line..=s.last_line).contains(&line))
        };
        for (index, raw) in source.lines().enumerate() {
            if in_statement(index + 1) {
                continue;
            }
            for name in crate_paths(code_of(raw)) {
                add(&name, index + 1);
            }
        }
    }
    found.into_iter().collect()
}

/// The layer of each module named in `layers` (0 is the lowest).
fn layer_of(layers: &[&[&str]]) -> BTreeMap<String, usize> {
    layers
        .iter()
        .enumerate()
        .flat_map(|(level, modules)| modules.iter().map(move |m| ((*m).to_owned(), level)))
        .collect()
}

/// Every edge that breaks the order: to a module of the same or a higher layer, or from or to
/// a module the order does not list.
fn violations(edges: &[Edge], layers: &[&[&str]]) -> Vec<String> {
    let level = layer_of(layers);
    edges
        .iter()
        .filter_map(|edge| {
            let why = match (level.get(&edge.from), level.get(&edge.to)) {
                (None, _) => format!("{} is not in the layer order", edge.from),
                (_, None) => format!("{} is not in the layer order", edge.to),
                (Some(from), Some(to)) if to == from => "a module of the same layer".to_owned(),
                (Some(from), Some(to)) if to > from => "a module of a higher layer".to_owned(),
                _ => return None,
            };
            Some(format!("{} ({why})", edge.show()))
        })
        .collect()
}

/// A circle of imports, if there is one, as its edges in order.
fn circle(edges: &[Edge]) -> Option<Vec<Edge>> {
    let mut out: BTreeMap<&str, Vec<&Edge>> = BTreeMap::new();
    for edge in edges {
        out.entry(edge.from.as_str()).or_default().push(edge);
    }
    // Depth-first search; `path` holds the edges from the start to the current module.
    fn visit<'e>(
        module: &'e str,
        out: &BTreeMap<&'e str, Vec<&'e Edge>>,
        path: &mut Vec<&'e Edge>,
        done: &mut BTreeSet<&'e str>,
    ) -> Option<Vec<Edge>> {
        if let Some(start) = path.iter().position(|e| e.from == module) {
            return Some(path[start..].iter().map(|e| (*e).clone()).collect());
        }
        if !done.insert(module) {
            return None;
        }
        for edge in out.get(module).map(Vec::as_slice).unwrap_or_default() {
            path.push(edge);
            if let Some(found) = visit(&edge.to, out, path, done) {
                return Some(found);
            }
            path.pop();
        }
        None
    }
    let mut done = BTreeSet::new();
    let starts: Vec<&str> = out.keys().copied().collect();
    starts
        .into_iter()
        .find_map(|start| visit(start, &out, &mut Vec::new(), &mut done))
}

/// What is wrong with the import graph of `files` under `layers`, one line per finding.
fn problems(files: &BTreeMap<String, String>, layers: &[&[&str]]) -> Vec<String> {
    let edges = edges(files);
    let mut found = violations(&edges, layers);
    if let Some(circle) = circle(&edges) {
        let shown: Vec<String> = circle.iter().map(Edge::show).collect();
        found.push(format!("import circle: {}", shown.join(", then ")));
    }
    found
}

/// Every `.rs` file under `dir`, by its path relative to `root`.
fn read_sources(root: &Path, dir: &Path, files: &mut BTreeMap<String, String>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            read_sources(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            files.insert(relative, fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn src_modules_import_only_lower_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    read_sources(&root, &root, &mut files);
    // The graph is read at all: the host imports the protocol vocabulary, the façade the lint.
    let found = edges(&files);
    for (from, to) in [
        ("host", "protocol"),
        ("validator", "lint"),
        ("wasm", "wasm_format"),
    ] {
        assert!(
            found.iter().any(|e| e.from == from && e.to == to),
            "no edge {from} -> {to} found: the reader misses imports"
        );
    }
    let problems = problems(&files, LAYERS);
    assert!(
        problems.is_empty(),
        "imports against the layer order of src/lib.rs:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_layer_order_is_the_one_lib_rs_states() {
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let stated: Vec<String> = LAYERS
        .iter()
        .map(|layer| {
            layer
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(" and ")
        })
        .collect();
    let line = format!("//! {}", stated.join(" < "));
    assert!(
        lib.contains(&line),
        "src/lib.rs does not state the order:\n{line}"
    );
}

fn synthetic(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(path, text)| ((*path).to_owned(), (*text).to_owned()))
        .collect()
}

#[test]
fn the_checker_reports_a_circle_and_an_upward_import_with_file_and_line() {
    const ORDER: &[&[&str]] = &[&["low"], &["mid"], &["high", "peer"]];
    let files = synthetic(&[
        ("lib.rs", "pub mod low;\npub use mid::{Thing, other};\npub fn version() {}\n"),
        (
            "low.rs",
            "//! Mentions crate::high in a comment only.\nfn f() {\n    let _ = crate::Thing::new(crate::version());\n}\n",
        ),
        ("mid/mod.rs", "use crate::{\n    low::X,\n    high::{Y, Z},\n};\n"),
        ("high.rs", "use crate::mid::Thing;\nuse super::Sibling;\n"),
        ("peer.rs", "use crate::high::Y;\n"),
    ]);
    let found = problems(&files, ORDER);
    assert_eq!(
        found,
        [
            "src/low.rs:3: low -> mid (a module of a higher layer)",
            "src/mid/mod.rs:1: mid -> high (a module of a higher layer)",
            "src/peer.rs:1: peer -> high (a module of the same layer)",
            "import circle: src/high.rs:1: high -> mid, then src/mid/mod.rs:1: mid -> high",
        ]
    );
    // A clean graph passes, and a module outside the order is named.
    let clean = synthetic(&[("mid.rs", "use crate::low::X;\n"), ("low.rs", "")]);
    assert!(problems(&clean, ORDER).is_empty());
    let stray = synthetic(&[("extra.rs", "use crate::low::X;\n"), ("low.rs", "")]);
    assert_eq!(
        problems(&stray, ORDER),
        ["src/extra.rs:1: extra -> low (extra is not in the layer order)"]
    );
}
