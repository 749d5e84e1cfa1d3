//! The shape of the code, checked on its source: the layers import only what lies below them
//! (shared/design.md), and in the window the game is changed in one module only, the document,
//! reached through the one change path.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The lines of `path` that are code: comments and the unit tests at the end are left out.
fn code(path: &Path) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .enumerate()
        .take_while(|(_, l)| !l.starts_with("#[cfg(test)]"))
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect()
}

fn src(part: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(part)
}

/// The top-level modules of the crate that `path`'s code names (`crate::rules`, …).
fn imports(path: &Path) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in code(path) {
        let mut rest = line.as_str();
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.push((n, name));
        }
    }
    out
}

/// Checks that the code of `part` (a folder or a file of src/) imports only `allowed`.
fn layer(part: &str, allowed: &[&str]) -> Vec<String> {
    let path = src(part);
    let files = if path.is_dir() {
        sources(&path)
    } else {
        vec![path]
    };
    let own = part.trim_end_matches(".rs");
    let mut bad = Vec::new();
    for file in files {
        for (n, name) in imports(&file) {
            if name != own && !allowed.contains(&name.as_str()) {
                bad.push(format!("{}:{n}: crate::{name}", file.display()));
            }
        }
    }
    bad
}

#[test]
fn layers_import_only_what_lies_below() {
    let services = [
        "autosave",
        "clock",
        "collection",
        "game_file",
        "storage",
        "dirs",
        "logging",
        "event",
    ];
    let mut bad = Vec::new();
    bad.extend(layer("rules", &[]));
    bad.extend(layer("language.rs", &[]));
    bad.extend(layer("notation", &["rules"]));
    bad.extend(layer("engine", &["rules"]));
    let below_services = ["rules", "notation", "engine", "language"];
    for s in services {
        let mut allowed = below_services.to_vec();
        allowed.extend(services);
        bad.extend(layer(&format!("{s}.rs"), &allowed));
    }
    let mut below_speech = below_services.to_vec();
    below_speech.extend(services);
    bad.extend(layer("speech", &below_speech));
    assert!(
        bad.is_empty(),
        "imports against the layers:\n{}",
        bad.join("\n")
    );
}

/// The methods that change a `Game`.
const MUTATORS: &[&str] = &[
    "play",
    "undo",
    "redo",
    "claim_huff",
    "claim_take_back",
    "resign",
    "agree_draw",
    "claim_draw",
    "set_enforcement",
    "set_automatic_draws",
];

#[test]
fn in_the_window_the_game_changes_in_the_document_only() {
    let document = src("ui/document.rs");
    let mut bad = Vec::new();
    for file in sources(&src("ui")) {
        if file == document {
            continue;
        }
        for (n, line) in code(&file) {
            for m in MUTATORS {
                let call = format!(".{m}(");
                let mut rest = line.as_str();
                while let Some(i) = rest.find(&call) {
                    // The document's own methods of the same names are the way in.
                    if !rest[..i].ends_with("self.doc") {
                        bad.push(format!("{}:{n}: {}", file.display(), line.trim()));
                    }
                    rest = &rest[i + call.len()..];
                }
            }
            if line.contains("&mut Game") || line.contains("Game::new(") {
                bad.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "the game changed outside the document:\n{}",
        bad.join("\n")
    );
    // And the document is reached only through the change path.
    let path = src("ui/app/change.rs");
    let mut callers = Vec::new();
    for file in sources(&src("ui")) {
        if file == document || file == path {
            continue;
        }
        for (n, line) in code(&file) {
            let document_changes = [
                "claim",
                "huff",
                "offer_draw",
                "answer_draw",
                "set_players",
                "replace",
                "saved",
            ];
            for m in MUTATORS.iter().chain(&document_changes) {
                if line.contains(&format!("self.doc.{m}(")) {
                    callers.push(format!("{}:{n}: {}", file.display(), line.trim()));
                }
            }
        }
    }
    assert!(
        callers.is_empty(),
        "the document changed outside the change path:\n{}",
        callers.join("\n")
    );
}
