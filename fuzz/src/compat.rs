//! Provider compatibility: `check_compatibility` over arbitrary text (every target, a server
//! name drawn from a hash of the input), then `lower_tool` for every target, whose output must
//! pass that target, or say in `unresolved` what it could not fix. Must never panic or hang; every span lies in the input.

use super::{check_diagnostics, Dice};
use mcp_json_toolbox::compat::{check_compatibility, lower_tool, CompatOptions, Target, Verdict};

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut dice = Dice::from_bytes(data);
    let server_name = (dice.below(2) == 0).then(|| "s".repeat(dice.below(70) as usize));
    let options = CompatOptions {
        targets: Target::all().to_vec(),
        server_name,
        ..CompatOptions::default()
    };
    let report = check_compatibility(text, &options);
    check_diagnostics(text, None, &report.diagnostics);
    for tool in &report.tools {
        assert_eq!(tool.targets.0.len(), Target::all().len());
        for (_, result) in &tool.targets.0 {
            check_diagnostics(text, None, &result.diagnostics);
        }
    }
    for (_, result) in &report.list.0 {
        check_diagnostics(text, None, &result.diagnostics);
    }
    for target in Target::all() {
        let lowered = lower_tool(text, target.clone());
        check_diagnostics(text, None, &lowered.diagnostics);
        let Some(tool) = lowered.tool else {
            continue;
        };
        let Ok(out) = serde_json::to_string(&tool) else {
            continue;
        };
        let options = CompatOptions {
            targets: vec![target.clone()],
            ..CompatOptions::default()
        };
        let again = check_compatibility(&out, &options);
        // Lowering may nest deeper than the reader's default limit (nullable wrappers, inlined
        // definitions); such output is not re-read here.
        if again.diagnostics.iter().any(|d| d.code == "depth-limit") {
            continue;
        }
        assert!(
            again.diagnostics.is_empty(),
            "{target:?} {out}: {:?}",
            again.diagnostics
        );
        // Accepted, or what lowering cannot fix is said (and only then).
        for tool in &again.tools {
            let verdict = tool.targets.get(target.clone()).map(|r| r.verdict);
            assert_eq!(
                verdict == Some(Verdict::Accepted),
                lowered.unresolved.is_empty(),
                "{target:?} on its lowering {out}: {:?}; unresolved {:?}",
                tool.targets,
                lowered.unresolved
            );
        }
    }
}
