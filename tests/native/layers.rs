//! The layer order of `src/lib.rs`, checked: every `crate::…` reference in a module of `src/`
//! (`use crate::…` lines, `use crate::{a::b, c}` groups, `crate::x::y` paths in code) must name a
//! module of a lower layer. An import from a lower layer to a higher one, between two modules of
//! one layer, or around a circle fails with the offending edge as `file:line`. Inside a layer's
//! folder (`src/host/session/`, `src/wasm/`, …) the files must not import each other around a
//! circle either (through `super::`, `crate::…` or a name the folder's `mod.rs` re-exports); the
//! `mod.rs` is one of those files: it uses a file when it names it in a private `use` or in its
//! code (declaring it, `mod x;`, and re-exporting its names, `pub use x::Y;`, are not uses), and
//! a file uses it when it names an item `mod.rs` defines. Comments (and doc links) are not read.
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
    &["format", "docs_example"],
    &["schema"],
    &["protocol"],
    &["validate"],
    &["lint"],
    &["validator"],
    &["compat"],
    &["classify"],
    &["host"],
    &["wasm", "ts_types"],
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

/// The items of a `{…}` group, split at its top-level commas (`{a::b, c::{d, e}}` → a::b,
/// c::{d, e}).
fn group_items(group: &str) -> Vec<String> {
    let inner = group
        .strip_prefix('{')
        .and_then(|g| g.strip_suffix('}'))
        .unwrap_or(group);
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut item = String::new();
    for c in inner.chars().chain(std::iter::once(',')) {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if c == ',' && depth == 0 {
            if !item.trim().is_empty() {
                items.push(item.trim().to_owned());
            }
            item.clear();
        } else {
            item.push(c);
        }
    }
    items
}

/// The first segments of the paths a `crate::{…}` group names (`{a::b, c::{d, e}}` → a, c).
fn group_heads(group: &str) -> Vec<String> {
    group_items(group)
        .iter()
        .filter_map(|item| item.split("::").next())
        .map(|head| head.trim().to_owned())
        .filter(|head| !head.is_empty())
        .collect()
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
    for (folder, edges) in folder_edges(files) {
        if let Some(circle) = circle(&edges) {
            let shown: Vec<String> = circle.iter().map(Edge::show).collect();
            found.push(format!(
                "import circle in src/{}/: {}",
                folder.join("/"),
                shown.join(", then ")
            ));
        }
    }
    found
}

/// The module path of a file under `src/` (`host/session/input.rs` → host, session, input;
/// `host/session/mod.rs` → host, session; `lib.rs` → nothing).
fn module_path(relative: &str) -> Vec<String> {
    let mut path: Vec<String> = relative
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if path
        .last()
        .is_some_and(|last| last == "mod" || last == "lib")
    {
        path.pop();
    }
    path
}

/// The paths `code` names, each as its segments after its first one (`crate`, `super`, `self`
/// or, in a `use` of a `mod.rs`, a child's name), `{…}` groups expanded (`a::{b, c::d}` → a::b,
/// a::c::d), `as` renames dropped.
fn paths_from(code: &str) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let mut segments = Vec::new();
    let mut rest = code.trim();
    loop {
        let name: String = rest.chars().take_while(|c| ident(*c)).collect();
        if name.is_empty() {
            break;
        }
        segments.push(name.clone());
        rest = rest.get(name.len()..).unwrap_or_default();
        let Some(tail) = rest.strip_prefix("::") else {
            break;
        };
        rest = tail;
        if rest.starts_with('{') {
            let end = matching_brace(rest).unwrap_or(rest.len());
            for item in group_items(rest.get(..end).unwrap_or_default()) {
                for tail in paths_from(&item) {
                    let tail: Vec<String> = tail.into_iter().filter(|s| s != "self").collect();
                    found.push([segments.clone(), tail].concat());
                }
            }
            return found;
        }
    }
    if !segments.is_empty() {
        found.push(segments);
    }
    found
}

/// Every path `code` names from the crate root, resolved from the module at `here`:
/// `crate::a::b`, `super::b` and `self::b` (each `super` one module up).
fn absolute_paths(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = ["crate::", "super::", "self::"]
        .iter()
        .filter_map(|start| rest.find(start))
        .min()
    {
        let (head, text) = rest.split_at(at);
        let before = head.chars().next_back();
        rest = text.get(5..).unwrap_or_default();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        for path in paths_from(text) {
            let mut base: Vec<String> = match path.first().map(String::as_str) {
                Some("crate") => Vec::new(),
                _ => here.to_vec(),
            };
            let mut segments = path.into_iter().skip_while(|s| s == "crate").peekable();
            while let Some(step) = segments.next_if(|s| s == "super" || s == "self") {
                if step == "super" {
                    base.pop();
                }
            }
            base.extend(segments);
            found.push(base);
        }
    }
    found
}

/// The import edges between the files of each folder of `src/` (a module with a `mod.rs`), by
/// folder: file `a` → file `b` when `a` names `b` (or anything in it, or a name the folder's
/// `mod.rs` re-exports from it); a subfolder counts as one file of its parent.
fn folder_edges(files: &BTreeMap<String, String>) -> BTreeMap<Vec<String>, Vec<Edge>> {
    let paths: BTreeMap<&String, Vec<String>> = files.keys().map(|f| (f, module_path(f))).collect();
    let folders: BTreeSet<Vec<String>> = files
        .keys()
        .filter(|f| f.ends_with("/mod.rs"))
        .map(|f| module_path(f))
        .collect();
    let mut found: BTreeMap<Vec<String>, BTreeSet<Edge>> = BTreeMap::new();
    for folder in &folders {
        let child_of = |path: &[String]| -> Option<String> {
            (path.len() > folder.len() && path.starts_with(folder))
                .then(|| path[folder.len()].clone())
        };
        let children: BTreeSet<String> = paths.values().filter_map(|p| child_of(p)).collect();
        // What the folder's mod.rs re-exports (`pub use input::Pending;`), by name.
        let mod_rs = format!("{}/mod.rs", folder.join("/"));
        let mut reexports: BTreeMap<String, String> = BTreeMap::new();
        for statement in use_statements(files.get(&mod_rs).map_or("", String::as_str)) {
            let text = statement
                .text
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub ");
            let text = text.trim_start_matches("use ").trim_start_matches("self::");
            for path in paths_from(text) {
                if let (Some(first), Some(last)) = (path.first(), path.last()) {
                    if children.contains(first) && path.len() > 1 {
                        reexports.insert(last.clone(), first.clone());
                    }
                }
            }
        }
        let show = |child: &str| [folder.as_slice(), &[child.to_owned()]].concat().join("::");
        // What mod.rs uses of its files beyond declaring and re-exporting them.
        for (line, child) in mod_rs_uses(files.get(&mod_rs).map_or("", String::as_str), &children) {
            found.entry(folder.clone()).or_default().insert(Edge {
                from: show(MOD_RS),
                to: show(&child),
                file: format!("src/{mod_rs}"),
                line,
            });
        }
        for (file, source) in files {
            let Some(from) = child_of(&paths[file]) else {
                continue;
            };
            let here = &paths[file];
            let statements = use_statements(source);
            let mut lines: Vec<(usize, String)> = statements
                .iter()
                .map(|s| (s.line, s.text.clone()))
                .collect();
            for (index, raw) in source.lines().enumerate() {
                if !statements
                    .iter()
                    .any(|s| (s.line..=s.last_line).contains(&(index + 1)))
                {
                    lines.push((index + 1, code_of(raw).to_owned()));
                }
            }
            for (line, code) in lines {
                for path in absolute_paths(&code, here) {
                    let Some(next) = child_of(&path) else {
                        continue;
                    };
                    let to = if children.contains(&next) {
                        next
                    } else if let Some(child) = reexports.get(&next) {
                        child.clone()
                    } else {
                        // An item of the folder's mod.rs itself.
                        MOD_RS.to_owned()
                    };
                    if to != from {
                        found.entry(folder.clone()).or_default().insert(Edge {
                            from: show(&from),
                            to: show(&to),
                            file: format!("src/{file}"),
                            line,
                        });
                    }
                }
            }
        }
    }
    found
        .into_iter()
        .map(|(folder, edges)| (folder, edges.into_iter().collect()))
        .collect()
}

/// The name a folder's `mod.rs` has among its files in the folder's import graph.
const MOD_RS: &str = "mod";

/// The files of its folder a `mod.rs` (`source`) uses, with the line: in a private `use` or a
/// path in code (`child::f()`, `self::child::X`). Declaring a file (`mod child;`) and re-exporting
/// its names (`pub use child::X;`, the folder's façade) are not uses.
fn mod_rs_uses(source: &str, children: &BTreeSet<String>) -> Vec<(usize, String)> {
    let statements = use_statements(source);
    let mut found = Vec::new();
    for statement in &statements {
        if statement.text.starts_with("pub use ") || statement.text.starts_with("pub(crate) use ") {
            continue;
        }
        let text = statement
            .text
            .trim_start_matches("use ")
            .trim_start_matches("self::");
        for path in paths_from(text) {
            if let Some(first) = path.first().filter(|f| children.contains(*f)) {
                found.push((statement.line, first.clone()));
            }
        }
    }
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    for (index, raw) in source.lines().enumerate() {
        let line = index + 1;
        if statements
            .iter()
            .any(|s| (s.line..=s.last_line).contains(&line))
        {
            continue;
        }
        let code = code_of(raw);
        for child in children {
            let needle = format!("{child}::");
            let named = code.match_indices(&needle).any(|(at, _)| {
                let before = code.get(..at).unwrap_or_default();
                let head = before.chars().next_back();
                head.is_none_or(|c| !ident(c) && c != ':') || before.ends_with("self::")
            });
            if named {
                found.push((line, child.clone()));
            }
        }
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
    // The graph is read at all: the host imports the protocol vocabulary, the façade the lint,
    // the lint, the engine and the compatibility checks the JSON Schema vocabulary.
    let found = edges(&files);
    for (from, to) in [
        ("host", "protocol"),
        ("validator", "lint"),
        ("lint", "schema"),
        ("validate", "schema"),
        ("compat", "schema"),
        ("wasm", "format"),
    ] {
        assert!(
            found.iter().any(|e| e.from == from && e.to == to),
            "no edge {from} -> {to} found: the reader misses imports"
        );
    }
    // And inside the folders: the wasm exports use the shared conversions, the session's files
    // each other and the `Session` struct's file (through the name mod.rs re-exports).
    let inside = folder_edges(&files);
    for (folder, from, to) in [
        ("wasm", "wasm::full", "wasm::conversions"),
        ("wasm", "wasm::core", "wasm::conversions"),
        (
            "host/session",
            "host::session::tasks",
            "host::session::dispatch",
        ),
        (
            "host/session",
            "host::session::dispatch",
            "host::session::checker",
        ),
    ] {
        let folder: Vec<String> = folder.split('/').map(str::to_owned).collect();
        assert!(
            inside
                .get(&folder)
                .is_some_and(|edges| edges.iter().any(|e| e.from == from && e.to == to)),
            "no edge {from} -> {to} found inside the folder: the reader misses imports"
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
    // Inside a folder: two files importing each other (one through a name mod.rs re-exports)
    // are a circle; a file naming mod.rs's own items, and mod.rs naming its files, are not.
    let folder = synthetic(&[
        ("low.rs", ""),
        (
            "mid/mod.rs",
            "mod a;\nmod b;\nmod c;\npub use b::Bee;\nuse a::Ay;\npub struct Root;\n",
        ),
        (
            "mid/a.rs",
            "use super::Root;\nuse crate::low::X;\nfn f() -> super::Bee { todo!() }\n",
        ),
        ("mid/b.rs", "use crate::mid::{a::Ay, Root};\n"),
        ("mid/c.rs", "use super::{a::Ay, b::Bee};\n"),
    ]);
    assert_eq!(
        problems(&folder, ORDER),
        ["import circle in src/mid/: src/mid/a.rs:3: mid::a -> mid::b, then src/mid/b.rs:1: mid::b -> mid::a"]
    );
    // mod.rs is one of its folder's files: using a file's item in its own code while the file
    // uses one of mod.rs's is a circle; declaring and re-exporting its files is not a use.
    let through_mod = synthetic(&[
        (
            "mid/mod.rs",
            "mod a;\nmod b;\nuse a::Ay;\npub struct Root;\n",
        ),
        ("mid/a.rs", "use super::{b::Bee, Root};\n"),
        ("mid/b.rs", "use super::Root;\n"),
    ]);
    assert_eq!(
        problems(&through_mod, ORDER),
        ["import circle in src/mid/: src/mid/a.rs:1: mid::a -> mid::b, then src/mid/b.rs:1: mid::b -> mid::mod, then src/mid/mod.rs:3: mid::mod -> mid::a"]
    );
    let in_code = synthetic(&[
        (
            "mid/mod.rs",
            "mod a;\npub struct Root;\nfn f() { a::go(); }\n",
        ),
        ("mid/a.rs", "pub fn go(_: crate::mid::Root) {}\n"),
    ]);
    assert_eq!(
        problems(&in_code, ORDER),
        ["import circle in src/mid/: src/mid/a.rs:1: mid::a -> mid::mod, then src/mid/mod.rs:3: mid::mod -> mid::a"]
    );
    let no_circle = synthetic(&[
        (
            "mid/mod.rs",
            "mod a;\nmod b;\nmod root;\npub use a::Ay;\npub(crate) use root::Root;\n",
        ),
        ("mid/a.rs", "use super::{b::Bee, Root};\n"),
        ("mid/b.rs", "use super::Root;\n"),
        ("mid/root.rs", "pub struct Root;\n"),
    ]);
    assert!(problems(&no_circle, ORDER).is_empty());

    // A clean graph passes, and a module outside the order is named.
    let clean = synthetic(&[("mid.rs", "use crate::low::X;\n"), ("low.rs", "")]);
    assert!(problems(&clean, ORDER).is_empty());
    let stray = synthetic(&[("extra.rs", "use crate::low::X;\n"), ("low.rs", "")]);
    assert_eq!(
        problems(&stray, ORDER),
        ["src/extra.rs:1: extra -> low (extra is not in the layer order)"]
    );
}
