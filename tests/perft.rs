//! Every perft table in tests/data/perft, up to a node budget per line that keeps CI fast
//! (deeper lines are for `cargo bench` and `dama perft`).

use std::path::Path;

use dama::rules::Variant;

/// Largest node count checked here.
const NODE_BUDGET: u64 = 25_000_000;

struct Entry {
    id: String,
    variant: Variant,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn read_tables() -> Vec<Entry> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("perft data directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    let mut entries: Vec<Entry> = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable perft file");
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = || format!("{}:{}", file.display(), n + 1);
            let (key, value) = line.split_once(' ').unwrap_or_else(|| panic!("{}", at()));
            match key {
                "id" => entries.push(Entry {
                    id: value.to_string(),
                    variant: Variant::English,
                    fen: String::new(),
                    counts: Vec::new(),
                }),
                "variant" => entries.last_mut().unwrap().variant = value.parse().unwrap(),
                "fen" => entries.last_mut().unwrap().fen = value.to_string(),
                "perft" => {
                    let (d, nodes) = value.split_once(' ').unwrap_or_else(|| panic!("{}", at()));
                    entries
                        .last_mut()
                        .unwrap()
                        .counts
                        .push((d.parse().unwrap(), nodes.parse().unwrap()));
                }
                _ => panic!("{}: unknown key {key}", at()),
            }
        }
    }
    entries
}

#[test]
fn perft_tables() {
    let entries = read_tables();
    assert!(entries.len() >= 8, "all tables read");
    let mut checked = 0;
    for e in &entries {
        let rules = e.variant.rules();
        let pos = rules
            .parse_fen(&e.fen)
            .unwrap_or_else(|err| panic!("{}: {err}", e.id));
        for &(depth, nodes) in &e.counts {
            if nodes > NODE_BUDGET {
                continue;
            }
            assert_eq!(pos.perft(rules, depth), nodes, "{} perft {depth}", e.id);
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} perft lines checked");
}

/// The start positions of the data files are the presets' own.
#[test]
fn tables_start_from_the_presets() {
    for e in read_tables().iter().filter(|e| e.id.ends_with("-initial")) {
        assert_eq!(e.variant.start_position().fen(), e.fen, "{}", e.id);
    }
}
