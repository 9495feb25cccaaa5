//! Times reading and replaying one log natively (bench/logs.bench.mjs runs it beside the wasm
//! build): `cargo run --release --example replay_log -- FILE [ROUNDS]` prints one JSON line
//! `{"bytes", "messages", "readMs", "replayMs", "peakKiB"}` (medians of ROUNDS; peak resident
//! memory of the process, from /proc/self/status, 0 where there is none).

use std::time::Instant;

use mcp_json_toolbox::host::logs::{read_log, replay_log};

/// The median of `rounds` timings of `run`, in milliseconds.
fn median(rounds: usize, mut run: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..rounds.max(1))
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// Peak resident memory (VmHWM) in KiB.
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: replay_log FILE [ROUNDS]");
        std::process::exit(2);
    };
    let rounds = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("{path}: {error}");
            std::process::exit(2);
        }
    };
    let mut messages = 0;
    let read_ms = median(rounds, || messages = read_log(&text, None).entries.len());
    let replay_ms = median(rounds, || {
        std::hint::black_box(replay_log(&text, None));
    });
    println!(
        "{{\"bytes\": {}, \"messages\": {messages}, \"readMs\": {read_ms:.1}, \"replayMs\": {replay_ms:.1}, \"peakKiB\": {}}}",
        text.len(),
        peak_kib()
    );
}
