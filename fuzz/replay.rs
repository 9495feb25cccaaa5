//! The fuzz corpora, replayed: every committed input of `fuzz/seeds/<target>/` through the checks
//! its libFuzzer target runs (fuzz/src), on the stable toolchain, with debug assertions and
//! overflow checks on. No exploration: the same commit always gives the same verdict.
//!
//! - **Crash**: a panic (failed check, overflow, debug assertion) fails the input.
//! - **Leak**: each input runs again and must not hold more heap afterwards than before (a counting
//!   allocator, tests/support/heap.rs); a leak repeats on every run, so growth counts only if a
//!   third run grows the heap again (a cache filled once does not).
//! - **Hang**: an input still running after [`LIMIT`] aborts the whole run, naming it.
//!
//! `make test-fuzz-replay` runs it (`cargo test --test fuzz_replay -- --nocapture`, not part of a
//! plain `cargo test`); `FUZZ_TARGETS="reader classify"` replays only those targets.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

#[path = "src/lib.rs"]
mod fuzz;
#[path = "../tests/support/heap.rs"]
mod heap;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use std::{fs, thread};

/// The committed corpora, one folder per target.
const SEEDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/seeds");

/// How long one input may run (unoptimised build) before it counts as a hang. libFuzzer's
/// `-timeout=10` applies to the optimised build `fuzz/run.sh` makes.
const LIMIT: Duration = Duration::from_secs(60);

/// The input each target is running and since when, for the watchdog.
type Running = Mutex<Vec<Option<(PathBuf, Instant)>>>;

/// What replaying one target's corpus found.
struct Replayed {
    inputs: usize,
    elapsed: Duration,
    slowest: Duration,
    failures: Vec<String>,
}

/// The targets to replay: all of them, or those `FUZZ_TARGETS` names.
fn selected() -> Vec<fuzz::Target> {
    let only = std::env::var("FUZZ_TARGETS").ok();
    let chosen: Vec<_> = fuzz::TARGETS
        .iter()
        .copied()
        .filter(|(name, _)| {
            only.as_deref()
                .is_none_or(|o| o.split_whitespace().any(|n| n == *name))
        })
        .collect();
    assert!(!chosen.is_empty(), "FUZZ_TARGETS={only:?} names no target");
    chosen
}

/// The files of `fuzz/seeds/<target>/`, sorted.
fn corpus(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(SEEDS).join(target);
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (every target needs a committed corpus)",
            dir.display()
        )
    });
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Runs `run` on `data`; the panic message if it panicked.
fn crash(run: fn(&[u8]), data: &[u8]) -> Option<String> {
    let outcome = catch_unwind(AssertUnwindSafe(|| run(data))).err()?;
    let message = outcome
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| outcome.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "(no message)".to_owned());
    Some(message)
}

/// Bytes one more run of `data` leaves held on this thread.
fn growth(run: fn(&[u8]), data: &[u8]) -> i64 {
    let before = heap::held();
    run(data);
    heap::held() - before
}

/// Replays every input of `target`, recording the one running in `running[slot]`.
fn replay(target: &str, run: fn(&[u8]), running: &Running, slot: usize) -> Replayed {
    let files = corpus(target);
    let mut replayed = Replayed {
        inputs: files.len(),
        elapsed: Duration::ZERO,
        slowest: Duration::ZERO,
        failures: Vec::new(),
    };
    if files.is_empty() {
        replayed
            .failures
            .push(format!("fuzz/seeds/{target}/ is empty"));
    }
    let started = Instant::now();
    for path in files {
        let data = fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let input_started = Instant::now();
        running.lock().unwrap()[slot] = Some((path.clone(), input_started));
        if let Some(message) = crash(run, &data) {
            replayed
                .failures
                .push(format!("{target}/{name}: panicked: {message}"));
        } else if growth(run, &data) > 0 {
            let again = growth(run, &data);
            if again > 0 {
                replayed
                    .failures
                    .push(format!("{target}/{name}: leaks {again} bytes on every run"));
            }
        }
        replayed.slowest = replayed.slowest.max(input_started.elapsed());
    }
    running.lock().unwrap()[slot] = None;
    replayed.elapsed = started.elapsed();
    replayed
}

/// Aborts the process when an input has run longer than [`LIMIT`], until `done`.
fn watchdog(running: &Running, names: &[&str], done: &AtomicBool) {
    while !done.load(Ordering::Relaxed) {
        thread::sleep(Duration::from_millis(200));
        for (slot, current) in running.lock().unwrap().iter().enumerate() {
            if let Some((path, since)) = current {
                if since.elapsed() > LIMIT {
                    eprintln!(
                        "fuzz replay: {} ran {} for over {LIMIT:?}: a hang",
                        names[slot],
                        path.display()
                    );
                    std::process::abort();
                }
            }
        }
    }
}

#[test]
fn every_seed_folder_belongs_to_a_target() {
    let names: Vec<&str> = fuzz::TARGETS.iter().map(|(name, _)| *name).collect();
    let strays: Vec<String> = fs::read_dir(SEEDS)
        .unwrap_or_else(|e| panic!("{SEEDS}: {e}"))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|folder| !names.contains(&folder.as_str()))
        .collect();
    assert!(
        strays.is_empty(),
        "fuzz/seeds/ has folders of no target in fuzz::TARGETS (fuzz/src/lib.rs), so nothing \
         would replay them: {strays:?}"
    );
}

#[test]
fn run_sh_and_fuzz_targets_have_every_target() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz");
    let names: Vec<&str> = fuzz::TARGETS.iter().map(|(name, _)| *name).collect();
    let script = fs::read_to_string(format!("{dir}/run.sh")).unwrap();
    let line = script
        .lines()
        .find(|line| line.starts_with("TARGETS="))
        .expect("fuzz/run.sh has no TARGETS= line");
    let listed: Vec<&str> = line
        .split('"')
        .nth(1)
        .unwrap_or("")
        .split_whitespace()
        .collect();
    assert_eq!(
        listed, names,
        "fuzz/run.sh TARGETS and fuzz::TARGETS (fuzz/src/lib.rs) differ"
    );
    for name in names {
        let entry = format!("{dir}/fuzz_targets/{name}.rs");
        assert!(Path::new(&entry).is_file(), "{entry} is missing");
    }
}

#[test]
fn every_committed_input_passes_its_target() {
    let targets = selected();
    let names: Vec<&str> = targets.iter().map(|(name, _)| *name).collect();
    let running: Running = Mutex::new(vec![None; targets.len()]);
    let done = AtomicBool::new(false);
    let results: Vec<Replayed> = thread::scope(|scope| {
        scope.spawn(|| watchdog(&running, &names, &done));
        let workers: Vec<_> = targets
            .iter()
            .enumerate()
            .map(|(slot, &(name, run))| {
                let running = &running;
                scope.spawn(move || replay(name, run, running, slot))
            })
            .collect();
        let results = workers.into_iter().map(|w| w.join().unwrap()).collect();
        done.store(true, Ordering::Relaxed);
        results
    });
    let mut failures = Vec::new();
    eprintln!("target               inputs   seconds   slowest input (s)   verdict");
    for (name, replayed) in names.iter().zip(results) {
        eprintln!(
            "{name:<20} {:>6} {:>9.1} {:>19.2}   {}",
            replayed.inputs,
            replayed.elapsed.as_secs_f64(),
            replayed.slowest.as_secs_f64(),
            if replayed.failures.is_empty() {
                "ok"
            } else {
                "FAILED"
            }
        );
        failures.extend(replayed.failures);
    }
    assert!(
        failures.is_empty(),
        "fuzz replay failures:\n{}",
        failures.join("\n")
    );
}
