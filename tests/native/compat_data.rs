//! The compatibility data (`compat-data/`): every file valid against its schema by the crate's
//! own engine, every entry read and sourced; resolution by version and date; user data with
//! positioned errors; the data report; targets declared by the data, built in and a user's.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use serde_json::json;

use crate::support;
use support::builtin;

use mcp_json_toolbox::compat::{
    check_compatibility, compare_versions, data::builtin_files, data_report, lower_tool_with,
    parse_targets, read_data, read_user_data, target_infos, CompatOptions, Target, Verdict,
};

/// The committed data files (with their prose), by name.
fn committed() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("compat-data");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .filter(|p| p.file_name().is_some_and(|n| n != "schema.json"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_data_file_is_valid_and_embedded() {
    let files = committed();
    let embedded: Vec<&str> = builtin_files().iter().map(|(n, _)| *n).collect();
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, embedded, "every file in compat-data/ is embedded");
    for (name, text) in &files {
        let entries = read_data(text).unwrap_or_else(|errors| {
            let lines: Vec<String> = errors
                .iter()
                .map(|d| {
                    let at = d.span.map(|s| (s.line, s.column)).unwrap_or_default();
                    format!("{name}:{}:{}: {}", at.0, at.1, d.message)
                })
                .collect();
            panic!("{}", lines.join("\n"))
        });
        assert!(!entries.is_empty(), "{name}");
        for entry in &entries {
            assert!(!entry.evidence.is_empty(), "{}: no evidence", entry.code);
            for e in &entry.evidence {
                assert!(e.url.starts_with("https://"), "{}: {}", entry.code, e.url);
                assert!(
                    e.checked.as_str() <= "2026-12-06",
                    "{}: checked in the future",
                    entry.code
                );
                if let Some(observed) = &e.observed {
                    assert!(
                        observed <= &e.checked,
                        "{}: observed after checked",
                        entry.code
                    );
                }
            }
        }
    }
    // The embedded copies (prose stripped) read the same entries.
    for ((name, text), (_, embedded)) in files.iter().zip(builtin_files()) {
        assert_eq!(read_data(text), read_data(embedded), "{name}");
    }
}

#[test]
fn bad_data_gets_positioned_errors() {
    let text = "{\"entries\": [\n  {\"code\": \"gw/depth\", \"consumer\": \"openai\", \"feature\": \"max-tools\",\n   \"verdict\": \"refused\", \"evidence\": []}\n]}";
    let errors = read_data(text).expect_err("bad data");
    assert!(errors.iter().all(|d| d.code == "compat-data-invalid"));
    let verdict = errors
        .iter()
        .find(|d| d.instance_path.ends_with("/verdict"))
        .expect("the verdict is named");
    let span = verdict.span.expect("a span");
    assert_eq!((span.line, span.column), (3, 15));
    assert!(errors
        .iter()
        .any(|d| d.instance_path.ends_with("/evidence")));
    // `max-tools` needs `with.max`.
    assert!(
        errors.iter().any(|d| d.message.contains("with")),
        "{errors:?}"
    );
    // Not JSON: the parse error.
    let parse = read_data("{\"entries\": [").expect_err("not JSON");
    assert_eq!(parse.len(), 1);
    // Through the options (JavaScript's `data`): one message naming line:column.
    let error = CompatOptions::from_json(json!({"data": text})).expect_err("bad data");
    assert!(error.contains("3:15"), "{error}");
}

/// The data schema's `feature` enum and the crate's reader of an entry's `feature` and `with`
/// (each row's `read` in the kinds table of `src/compat/checks/mod.rs`, which the enum is
/// generated from) are one list: every feature the schema admits is read (none is an
/// "unknown feature"), and the schema asks for `with` exactly where the reader needs it, so a
/// file the schema accepts never fails in the reader (a feature the reader has and the schema
/// lacks fails `every_data_file_is_valid_and_embedded` through the entry that uses it).
#[test]
fn the_data_schemas_features_are_the_features_read() {
    let schema: serde_json::Value =
        serde_json::from_str(mcp_json_toolbox::compat::data::SCHEMA).unwrap();
    let features: Vec<&str> = schema["$defs"]["entry"]["properties"]["feature"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(serde_json::Value::as_str)
        .collect();
    assert!(features.len() > 30, "{features:?}");
    // A `with` holding every member the schema allows, each valid.
    let full = json!({"max": 2, "first": "a-z", "chars": "a-z0-9_", "allowed": "", "field": "inputSchema",
        "keywords": ["format"], "member": "x", "tools": 1, "optional": 0});
    let entry = |feature: &str, with: Option<&serde_json::Value>| {
        let mut entry = json!({"code": format!("gw/{feature}"), "consumer": "openai", "feature": feature,
            "verdict": "rejected", "evidence": [{"url": "https://example.com", "checked": "2026-12-06"}]});
        if let Some(with) = with {
            entry["with"] = with.clone();
        }
        read_data(&json!({"entries": [entry]}).to_string())
    };
    for feature in features {
        let read = entry(feature, Some(&full));
        assert!(read.is_ok(), "{feature}: {read:?}");
        // Without `with`: read, or refused by the schema (positioned at the entry), never by the
        // reader alone (its errors name no position: "`with.max` is needed").
        if let Err(errors) = entry(feature, None) {
            assert!(
                errors.iter().all(|d| d.span.is_some()),
                "{feature}: the reader needs `with` where the schema does not ask for it: {errors:?}"
            );
        }
    }
    let unknown = entry("no-such-feature", Some(&full)).expect_err("not in the enum");
    assert!(unknown.iter().all(|d| d.span.is_some()), "{unknown:?}");
}

/// A user's entry: a gateway that takes at most two tools.
fn gateway(verdict: &str, observed: &str) -> serde_json::Value {
    json!({"entries": [{
        "code": "openai/max-tools", "consumer": "openai", "feature": "max-tools",
        "with": {"max": 2}, "verdict": verdict,
        "evidence": [{"url": "https://example.com/gateway", "observed": observed, "checked": "2026-12-03"}]
    }]})
}

/// The OpenAI verdict on three tools with `options`.
fn three_tools(options: CompatOptions) -> Verdict {
    let text = r#"[{"name": "a", "inputSchema": {"type": "object"}}, {"name": "b", "inputSchema": {"type": "object"}}, {"name": "c", "inputSchema": {"type": "object"}}]"#;
    let options = CompatOptions {
        targets: vec![builtin("openai")],
        ..options
    };
    check_compatibility(text, &options)
        .list
        .get(builtin("openai"))
        .unwrap()
        .verdict
}

#[test]
fn user_data_joins_the_built_in_data_and_the_newest_observation_wins() {
    assert_eq!(three_tools(CompatOptions::default()), Verdict::Accepted);
    // A dated observation of the same rule (a cap of 2) wins over the built-in 128, whose
    // sources are undated.
    let newer = CompatOptions::from_json(json!({"data": gateway("rejected", "2026-11-30")}));
    assert_eq!(three_tools(newer.unwrap()), Verdict::Rejected);
    // Of two observations of different periods, the newest wins, whichever is stricter.
    let both = |old: &str, new: &str| {
        let data = json!({"entries": [
            gateway(old, "2025-01-10")["entries"][0],
            gateway(new, "2026-11-30")["entries"][0]
        ]});
        three_tools(CompatOptions::from_json(json!({ "data": data })).unwrap())
    };
    assert_eq!(both("accepted", "rejected"), Verdict::Rejected);
    assert_eq!(both("rejected", "accepted"), Verdict::Accepted);
}

#[test]
fn same_period_disagreement_is_a_note_naming_both() {
    let data = json!({"entries": [
        gateway("rejected", "2026-11-02")["entries"][0],
        gateway("accepted", "2026-11-20")["entries"][0]
    ]});
    let options = CompatOptions::from_json(json!({"data": data})).unwrap();
    let text = r#"[{"name": "a", "inputSchema": {"type": "object"}}, {"name": "b", "inputSchema": {"type": "object"}}, {"name": "c", "inputSchema": {"type": "object"}}]"#;
    let report = check_compatibility(
        text,
        &CompatOptions {
            targets: vec![builtin("openai")],
            ..options
        },
    );
    let list = report.list.get(builtin("openai")).unwrap();
    assert_eq!(list.verdict, Verdict::Accepted, "a note, not the stricter");
    let note = &list.diagnostics[0];
    assert_eq!(note.severity, mcp_json_toolbox::Severity::Info);
    assert!(note.message.contains("disagree"), "{}", note.message);
    assert!(note.message.contains("rejected") && note.message.contains("accepted"));
}

#[test]
fn targets_take_versions() {
    assert_eq!(
        parse_targets(&["claude-code@2.1.0", "mcp"], &[]),
        Ok(vec![
            (builtin("claude-code"), Some("2.1.0".to_owned())),
            (builtin("mcp"), None)
        ])
    );
    assert!(parse_targets(&["claude-code@latest"], &[]).is_err());
    assert!(parse_targets(&["all@2"], &[]).is_err());
    assert_eq!(
        compare_versions("2.1.84", "2.1.9"),
        std::cmp::Ordering::Greater
    );
    assert_eq!(compare_versions("2.1", "2.1.0"), std::cmp::Ordering::Equal);
    assert_eq!(
        compare_versions("2026-08", "2026-08-18"),
        std::cmp::Ordering::Less
    );
    // Claude Code cuts descriptions since 2.1.84: not before.
    let long = format!(
        r#"{{"name": "t", "description": "{}", "inputSchema": {{"type": "object"}}}}"#,
        "d".repeat(3000)
    );
    let at = |version: &str| {
        let options =
            CompatOptions::from_json(json!({"targets": [format!("claude-code@{version}")]}))
                .unwrap();
        let report = check_compatibility(&long, &options);
        let result = report.tools[0]
            .targets
            .get(options.targets[0].clone())
            .unwrap()
            .clone();
        assert_eq!(result.version.as_deref(), Some(version));
        result.verdict
    };
    assert_eq!(at("2.1.83"), Verdict::Accepted);
    // OpenAI, an API without versions: dates. Its 1,024-character cap was refused in 2025, a
    // note since 2026; `const` at the root is refused since 2026-08.
    let openai = |version: &str, text: &str| {
        let target = format!("openai@{version}");
        let options = CompatOptions::from_json(json!({ "targets": [target] })).unwrap();
        check_compatibility(text, &options).tools[0]
            .targets
            .get(options.targets[0].clone())
            .unwrap()
            .verdict
    };
    let described = format!(
        r#"{{"name": "t", "description": "{}", "inputSchema": {{"type": "object"}}}}"#,
        "d".repeat(1100)
    );
    assert_eq!(openai("2025-06", &described), Verdict::Rejected);
    assert_eq!(openai("2026-09", &described), Verdict::Accepted);
    let root_const = r#"{"name": "t", "inputSchema": {"type": "object", "const": {}}}"#;
    assert_eq!(openai("2026-07", root_const), Verdict::Accepted);
    assert_eq!(openai("2026-08", root_const), Verdict::Rejected);
    assert_eq!(at("2.1.84"), Verdict::Rewritten);
    let newest = check_compatibility(&long, &CompatOptions::default());
    let cut = &newest.tools[0]
        .targets
        .get(builtin("claude-code"))
        .unwrap()
        .diagnostics[0];
    assert_eq!(cut.code, "claude-code/description-cut");
    // The report names the version and the evidence date, and shows the cut.
    assert!(
        cut.message.contains("since 2.1.84 (evidence 2026-08-18)"),
        "{}",
        cut.message
    );
    assert!(cut.message.contains("3000 characters"), "{}", cut.message);
}

/// One consumer asked at two versions is two targets of the report, each judged at its own
/// version and keyed as asked (`--target vscode@1.105,vscode` once showed 1.105's verdict twice).
#[test]
fn one_consumer_at_two_versions_is_two_columns() {
    let tool = r#"{"name": "t", "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}}"#;
    let options = CompatOptions::from_json(json!({"targets": ["vscode@1.105", "vscode"]})).unwrap();
    let names: Vec<&str> = options.targets.iter().map(Target::name).collect();
    assert_eq!(names, ["vscode@1.105", "vscode"]);
    let report = serde_json::to_value(check_compatibility(tool, &options)).unwrap();
    let per = &report["tools"][0]["targets"];
    assert_eq!(per["vscode@1.105"]["verdict"], "dropped", "{per}");
    assert_eq!(per["vscode@1.105"]["version"], "1.105");
    assert_eq!(per["vscode"]["verdict"], "accepted", "{per}");
    assert!(per["vscode"].get("version").is_none());
    assert_eq!(report["worst"]["vscode@1.105"], "dropped");
    assert_eq!(report["worst"]["vscode"], "accepted");
    // The finding names the column it comes from.
    let finding = report["findings"][0]["message"].as_str().unwrap();
    assert!(!finding.contains("vscode, vscode"), "{finding}");
    // The same target at the same version twice is asked once.
    let twice = CompatOptions::from_json(json!({"targets": ["vscode@1.105", "vscode@1.105"]}));
    assert_eq!(twice.unwrap().targets.len(), 1);
}

#[test]
fn the_data_report_lists_the_least_recently_checked_first() {
    let rows = data_report(&[]);
    assert!(rows.len() > 30);
    assert!(rows.windows(2).all(|w| w[0].checked <= w[1].checked));
    assert!(rows.iter().all(|r| !r.urls.is_empty()));
    let extra = read_data(&gateway("rejected", "2026-11-30").to_string()).unwrap();
    assert_eq!(data_report(&extra).len(), rows.len() + 1);
}

#[test]
fn every_built_in_entry_is_run_by_a_declared_target_in_its_version_form() {
    let targets = Target::all();
    let names: Vec<&str> = targets.iter().map(Target::name).collect();
    assert!(names.len() >= 12, "{names:?}");
    for (i, name) in names.iter().enumerate() {
        assert!(!names[..i].contains(name), "{name} declared twice");
    }
    for entry in mcp_json_toolbox::compat::data::builtin() {
        let runs: Vec<&Target> = targets
            .iter()
            .filter(|t| t.consumers().contains(&entry.consumer))
            .collect();
        assert!(
            !runs.is_empty(),
            "{}: no target runs {}",
            entry.code,
            entry.consumer
        );
        // What an entry `replaces` is a rule of a consumer every target running it inherits
        // (a typo would replace nothing).
        for code in &entry.replaces {
            for target in &runs {
                assert!(
                    mcp_json_toolbox::compat::data::builtin()
                        .iter()
                        .any(|e| e.code == *code
                            && e.consumer != entry.consumer
                            && target.consumers().contains(&e.consumer)),
                    "{}: replaces {code}, which {} does not inherit",
                    entry.code,
                    target.name()
                );
            }
        }
        // Where the consumer is a target's own, its since/until are in that target's form.
        let own = targets
            .iter()
            .find(|t| t.consumers().first() == Some(&entry.consumer));
        for version in entry.since.iter().chain(&entry.until) {
            if let Some(own) = own {
                assert!(
                    own.info().versions.fits(version),
                    "{}: {version}",
                    entry.code
                );
            }
        }
    }
}

/// A user's data declaring a consumer the built-in data does not know: a gateway that passes
/// tools on to OpenAI and takes at most two.
fn acme(opt_in: bool) -> serde_json::Value {
    json!({
        "targets": [{"name": "acme-gateway", "label": "Acme gateway", "title": "Acme's MCP gateway (then OpenAI)",
                     "kind": "host", "versions": "numbers", "optIn": opt_in, "inherits": ["openai"]}],
        "entries": [{"code": "acme/max-tools", "consumer": "acme-gateway", "feature": "max-tools",
                     "with": {"max": 2}, "verdict": "rejected", "since": "3.0",
                     "seen": "too many tools", "fix": "split the server",
                     "evidence": [{"url": "https://example.com/acme", "observed": "2026-11-30", "checked": "2026-12-03"}]}]
    })
}

#[test]
fn user_data_adds_a_whole_consumer() {
    let three = r#"[{"name": "a", "inputSchema": {"type": "object"}}, {"name": "b", "inputSchema": {"type": "object"}}, {"name": "c/d", "inputSchema": {"type": "object"}}]"#;
    let options =
        CompatOptions::from_json(json!({"data": acme(false), "targets": ["acme-gateway"]}))
            .unwrap();
    let acme_target = options.targets[0].clone();
    assert_eq!(acme_target.name(), "acme-gateway");
    assert_eq!(acme_target.consumers(), ["acme-gateway", "openai"]);
    let report = check_compatibility(three, &options);
    let list = report.list.get(acme_target.clone()).unwrap();
    assert_eq!(list.verdict, Verdict::Rejected);
    assert_eq!(list.diagnostics[0].code, "acme/max-tools");
    assert!(list.diagnostics[0]
        .message
        .contains("users see: too many tools"));
    // It inherits OpenAI's entries: `c/d` is refused by OpenAI's name rule.
    let tool = report.tools[2].targets.get(acme_target.clone()).unwrap();
    assert_eq!(tool.diagnostics[0].code, "openai/name");
    // Serialized under its name, like a built-in target.
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["list"]["acme-gateway"]["verdict"], "rejected");
    // A version in its form: before 3.0 the cap does not hold; a date is the wrong form.
    let at = |version: &str| {
        let options = CompatOptions::from_json(
            json!({"data": acme(false), "targets": [format!("acme-gateway@{version}")]}),
        )?;
        let report = check_compatibility(three, &options);
        Ok::<_, String>(report.list.get(options.targets[0].clone()).unwrap().verdict)
    };
    assert_eq!(at("2.9"), Ok(Verdict::Rejected), "the inherited name rule");
    let before =
        CompatOptions::from_json(json!({"data": acme(false), "targets": ["acme-gateway@2.9"]}))
            .unwrap();
    let list = check_compatibility(three, &before).list;
    assert!(list
        .get(before.targets[0].clone())
        .unwrap()
        .diagnostics
        .is_empty());
    let error = at("2026-08").unwrap_err();
    assert!(error.contains("takes a version such as 2.1.84"), "{error}");
    // Not opt-in: among the default targets (after the built-in hosts, before the spec) and
    // in `all`; opt-in: only when named or with `all`.
    let defaults = CompatOptions::from_json(json!({"data": acme(false)})).unwrap();
    let names: Vec<String> = check_compatibility(three, &defaults)
        .list
        .0
        .iter()
        .map(|(t, _)| t.name().to_owned())
        .collect();
    assert_eq!(names[names.len() - 2..], ["acme-gateway", "mcp"]);
    let opt_in = CompatOptions::from_json(json!({"data": acme(true)})).unwrap();
    let list = check_compatibility(three, &opt_in).list;
    assert!(list.get(acme_target.clone()).is_none());
    let all = CompatOptions::from_json(json!({"data": acme(true), "targets": "all"})).unwrap();
    assert_eq!(all.targets.len(), Target::all().len() + 1);
    // What `compatTargets(dataText)` lists, and lowering for it.
    let infos = target_infos(&opt_in.declared);
    let info = infos.iter().find(|i| i.name == "acme-gateway").unwrap();
    assert_eq!((info.label.as_str(), info.opt_in), ("Acme gateway", true));
    let lowered = lower_tool_with(
        r#"{"name": "c/d", "inputSchema": {"type": "object"}}"#,
        acme_target,
        &opt_in,
    );
    assert_eq!(lowered.tool.unwrap()["name"], "c_d");
    assert!(lowered.unresolved.is_empty());
    // Without the data the name is unknown.
    let unknown = CompatOptions::from_json(json!({"targets": ["acme-gateway"]})).unwrap_err();
    assert!(
        unknown.contains("unknown target \"acme-gateway\""),
        "{unknown}"
    );
}

#[test]
fn bad_targets_in_user_data_get_positioned_errors() {
    let at = |text: &str, pointer: &str| {
        let errors = read_user_data(text).expect_err("bad data");
        let found = errors
            .iter()
            .find(|d| d.instance_path == pointer)
            .unwrap_or_else(|| panic!("{pointer}: {errors:?}"));
        assert_eq!(found.code, "compat-data-invalid");
        let span = found.span.expect("a span");
        (span.line, span.column, found.message.clone())
    };
    // A built-in target declared again.
    let text = "{\"targets\": [\n  {\"name\": \"openai\", \"label\": \"O\", \"title\": \"O\", \"kind\": \"api\", \"versions\": \"dates\"}\n], \"entries\": []}";
    let (line, column, message) = at(text, "/targets/0/name");
    assert_eq!((line, column), (2, 12));
    assert!(message.contains("built in"), "{message}");
    // An entry for a consumer no target runs (a typo).
    let text = "{\"entries\": [\n  {\"code\": \"gw/max\", \"consumer\": \"opneai\", \"feature\": \"max-tools\", \"with\": {\"max\": 2},\n   \"verdict\": \"rejected\", \"evidence\": [{\"url\": \"https://example.com\", \"checked\": \"2026-12-03\"}]}\n]}";
    let (line, column, message) = at(text, "/entries/0/consumer");
    assert_eq!((line, column), (2, 34));
    assert!(
        message.contains("no target runs consumer \"opneai\""),
        "{message}"
    );
    assert!(message.contains("openai"), "{message}");
    // Inheriting a consumer nobody runs; a target declared twice.
    let target = |name: &str, inherits: &str| {
        format!("{{\"name\": \"{name}\", \"label\": \"G\", \"title\": \"G\", \"kind\": \"host\", \"versions\": \"numbers\", \"inherits\": [\"{inherits}\"]}}")
    };
    let text = format!(
        "{{\"targets\": [\n{},\n{}\n], \"entries\": []}}",
        target("gw", "nobody"),
        target("gw", "anthropic")
    );
    let (line, _, message) = at(&text, "/targets/0/inherits/0");
    assert_eq!(line, 2);
    assert!(message.contains("\"nobody\""), "{message}");
    let (line, _, message) = at(&text, "/targets/1/name");
    assert_eq!(line, 3);
    assert!(message.contains("declared twice"), "{message}");
    // Schema errors: a kind the schema does not know, a name that is not one.
    let text = "{\"targets\": [{\"name\": \"Big Gateway\", \"label\": \"G\", \"title\": \"G\", \"kind\": \"proxy\", \"versions\": \"numbers\"}], \"entries\": []}";
    let errors = read_user_data(text).expect_err("bad data");
    assert!(
        errors.iter().any(|d| d.instance_path == "/targets/0/kind"),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|d| d.instance_path == "/targets/0/name"),
        "{errors:?}"
    );
    assert!(errors.iter().all(|d| d.span.is_some()));
    // Through the options: one TypeError-ready message naming line:column.
    let error = CompatOptions::from_json(json!({"data": text})).unwrap_err();
    assert!(error.starts_with("bad compatibility data: 1:"), "{error}");
    // The data report (`compat --data-report`, `compatDataReport`) reports it the same way.
    let report = mcp_json_toolbox::compat::data_report_of(Some(text));
    assert!(!report.diagnostics.is_empty());
}
