//! The data schema's part that the table of detector kinds gives: an entry's `feature` enum (every
//! row's name, in table order) and its `allOf` rules (the `with` members each feature needs), in
//! `compat-data/schema.json`. `UPDATE_SCHEMA=1 cargo test --lib compat` rewrites them; the rest of
//! the file (and the vocabulary of `with` members) is written by hand.

use super::FEATURES;

/// The schema's text with its `feature` line and its entry's `allOf` block as the table gives
/// them (`None`: the file lost the lines this replaces).
fn generated(text: &str) -> Option<String> {
    let names: Vec<String> = FEATURES.iter().map(|(name, _)| quoted(name)).collect();
    let feature = format!(
        "        \"feature\": {{\"enum\": [{}], \"description\": \"The detector kind: a row of the \
         table in src/compat/checks/mod.rs, which this enum and the allOf rules below come from \
         (UPDATE_SCHEMA=1 cargo test --lib compat).\"}},",
        names.join(", ")
    );
    // The features that need the same `with` members share a rule, in the order of the first.
    let mut rules: Vec<(&[&str], Vec<&str>)> = Vec::new();
    for (name, with) in FEATURES.iter().filter(|(_, with)| !with.is_empty()) {
        match rules.iter_mut().find(|(needs, _)| needs == with) {
            Some((_, names)) => names.push(name),
            None => rules.push((with, vec![name])),
        }
    }
    let rules: Vec<String> = rules
        .iter()
        .map(|(needs, names)| {
            let which = match names.as_slice() {
                [one] => format!("{{\"const\": {}}}", quoted(one)),
                many => format!("{{\"enum\": [{}]}}", list(many)),
            };
            format!(
                "        {{\"if\": {{\"properties\": {{\"feature\": {which}}}}}, \"then\": \
                 {{\"required\": [\"with\"], \"properties\": {{\"with\": {{\"required\": [{}]}}}}}}}}",
                list(needs)
            )
        })
        .collect();
    let mut lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("\"feature\": {"))?;
    lines[at] = &feature;
    let start = lines.iter().position(|l| *l == "      \"allOf\": [")?;
    let end = start + lines[start..].iter().position(|l| *l == "      ]")?;
    let block = rules.join(",\n");
    lines.drain(start + 1..end);
    lines.insert(start + 1, &block);
    Some(lines.join("\n") + "\n")
}

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// `items` as the members of a JSON array of strings.
fn list(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| quoted(i)).collect();
    quoted.join(", ")
}

/// `compat-data/schema.json`'s `feature` enum and `with` rules are the table's: a row added,
/// renamed or given other `with` members fails here until the file is rewritten
/// (`UPDATE_SCHEMA=1`). That the reader and the schema agree on each feature (every feature
/// reads, `with` asked for where a row's `read` needs it) is `tests/native/compat_data.rs`'s
/// `the_data_schemas_features_are_the_features_read`.
#[test]
fn the_data_schema_is_the_kinds_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("compat-data/schema.json");
    let text = std::fs::read_to_string(&path).expect("compat-data/schema.json");
    let want = generated(&text).expect("the schema's `feature` line and entry `allOf` block");
    if text == want {
        return;
    }
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, want).expect("the schema written");
        return;
    }
    panic!(
        "compat-data/schema.json's `feature` enum or `with` rules differ from the table of \
         src/compat/checks/mod.rs: run `UPDATE_SCHEMA=1 cargo test --lib compat`"
    );
}
