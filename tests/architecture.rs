//! The shape of the code, checked on its source: the layers import only what lies below them
//! (shared/design.md), no modules import one another round a cycle, and in the window the game
//! is changed in one module only, the document, reached through the one change path.

use std::collections::{BTreeMap, BTreeSet};
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

/// The layers of src/, bottom first: each folder (or leaf file) with the top-level modules
/// its code may import besides itself. The window (`ui`) lies on top and may import them all.
const LAYERS: &[(&str, &[&str])] = &[
    // The rules core imports nothing of the others.
    ("rules", &[]),
    ("language.rs", &[]),
    // Opening only regular files: a leaf that every layer reading a file may use.
    ("regular_file.rs", &[]),
    ("logging.rs", &[]),
    ("notation", &["rules"]),
    ("engine", &["rules", "regular_file"]),
    // Files on disk: the store knows the rules, the notation and the engine (its databases).
    (
        "store",
        &["rules", "notation", "engine", "language", "regular_file"],
    ),
    // The course: lessons as data, checked by the rules core and the notation.
    (
        "course",
        &["rules", "notation", "engine", "language", "regular_file"],
    ),
    // The game's vocabulary names the store's errors and what a lesson judged.
    (
        "game",
        &[
            "rules",
            "notation",
            "engine",
            "language",
            "regular_file",
            "store",
            "course",
        ],
    ),
    ("sound.rs", &["rules", "notation", "game"]),
    // Speech turns the game's events and every layer's errors into words.
    (
        "speech",
        &[
            "rules",
            "notation",
            "engine",
            "language",
            "regular_file",
            "store",
            "course",
            "game",
        ],
    ),
];

#[test]
fn layers_import_only_what_lies_below() {
    let mut bad = Vec::new();
    for (part, allowed) in LAYERS {
        bad.extend(layer(part, allowed));
    }
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
    let document = src("ui/document");
    let mut bad = Vec::new();
    for file in sources(&src("ui")) {
        if file.starts_with(&document) {
            continue;
        }
        for (n, line) in code(&file) {
            let calls = MUTATORS.iter().any(|m| line.contains(&format!(".{m}(")));
            if calls || line.contains("&mut Game") || line.contains("Game::new(") {
                bad.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "the game changed outside the document:\n{}",
        bad.join("\n")
    );
    // The document changes by `apply` alone: its other methods that change it are private
    // (the compiler holds the window to them), and it is applied from the change path only.
    let mut open = Vec::new();
    let mut private = Vec::new();
    for file in sources(&document) {
        // In the parts of the document, `pub(super)` is the document module itself.
        let part = file != document.join("mod.rs");
        for (name, visibility) in mutating_methods(&file) {
            let seen = match visibility.as_str() {
                "" => false,
                "pub(super)" => !part,
                _ => true,
            };
            let place = format!("{}: {visibility} fn {name}", file.display());
            if seen {
                open.push(place)
            } else {
                private.push(name)
            }
        }
    }
    assert!(
        open.len() == 1 && open[0].ends_with("mod.rs: pub(super) fn apply"),
        "the document changes only by `apply`, yet these change it from outside:\n{}",
        open.join("\n")
    );
    for m in ["play", "undo", "tick", "vary", "replace"] {
        assert!(
            private.iter().any(|p| p == m),
            "{m} is not read: {private:?}"
        );
    }
    let path = src("ui/app/change.rs");
    let mut callers = Vec::new();
    for file in sources(&src("ui")) {
        if file.starts_with(&document) || file == path {
            continue;
        }
        for (n, line) in code(&file) {
            if line.contains("doc.apply(") {
                callers.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(
        callers.is_empty(),
        "the document changed outside the change path:\n{}",
        callers.join("\n")
    );
}

/// The methods of `path`'s code that take `&mut self`, each with its visibility as written
/// (`""` for private, `pub`, `pub(super)`, …); a signature may run over several lines.
fn mutating_methods(path: &Path) -> Vec<(String, String)> {
    let lines = code(path);
    let text: String = lines.iter().map(|(_, l)| format!("{l}\n")).collect();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("fn ").map(|i| i + from) {
        from = i + "fn ".len();
        let before = &text[..i];
        let line_start = before.rfind('\n').map_or(0, |j| j + 1);
        let head = before[line_start..].trim();
        // Only a declaration: `fn` first on its line, after a visibility at most.
        if !(head.is_empty() || head.starts_with("pub")) {
            continue;
        }
        let end = text[from..]
            .find(['{', ';'])
            .map_or(text.len(), |j| j + from);
        let signature = &text[from..end];
        if signature.contains("&mut self") {
            let name: String = signature
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push((name, head.to_string()));
        }
    }
    out
}

/// A module of the crate by its path: `["ui", "app", "change"]` for src/ui/app/change.rs,
/// `["ui"]` for src/ui/mod.rs, `[]` for src/lib.rs.
type Module = Vec<String>;

/// The module a file of src/ is.
fn module_of(file: &Path) -> Module {
    let rel = file.strip_prefix(src("")).unwrap().with_extension("");
    let mut parts: Module = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The paths a use tree stands for: `a::{b, c::{d, e}}` is `a::b`, `a::c::d` and `a::c::e`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or("");
        return vec![path.split("::").map(|s| s.trim().to_string()).collect()];
    };
    let head: Vec<String> = tree[..open]
        .split("::")
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    // The items of the braces, split at the commas outside inner braces.
    let (mut items, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    let mut out = Vec::new();
    for item in items.into_iter().filter(|i| !i.trim().is_empty()) {
        for tail in expand(item) {
            out.push(head.iter().cloned().chain(tail).collect());
        }
    }
    out
}

/// The path trees of `code` that start at `crate::`, `super::` or `self::`, each with where it
/// starts (in `use` lines and in the code alike; a tree in braces may run over several lines).
fn path_trees(code: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start).map(|i| i + from) {
            from = i + start.len();
            if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
                continue;
            }
            // `super::super::x` is read once, from its first `super`.
            if i >= 7 && bytes[i - 7..i] == *b"super::" {
                continue;
            }
            let (mut end, mut depth) = (i, 0);
            for (j, c) in code[i..].char_indices() {
                let ok = match c {
                    '{' => {
                        depth += 1;
                        true
                    }
                    '}' if depth > 0 => {
                        depth -= 1;
                        true
                    }
                    c if c.is_alphanumeric() || c == '_' || c == ':' || c == '*' => true,
                    ',' | ' ' | '\n' if depth > 0 => true,
                    _ => false,
                };
                if !ok {
                    break;
                }
                end = i + j + c.len_utf8();
            }
            out.push((i, code[i..end].trim_end_matches(':').to_string()));
        }
    }
    out
}

/// The modules a path tree of `module`'s code names: each path resolved from `crate`, `super`
/// or `self`, to the longest start of it that is a module of the crate (the module it imports
/// from).
fn dependencies(module: &Module, tree: &str, modules: &BTreeSet<Module>) -> Vec<Module> {
    let mut out = Vec::new();
    for path in expand(tree) {
        let mut at: Module = Vec::new();
        let mut rest = path.iter().peekable();
        match rest.next().map(String::as_str) {
            Some("crate") => {}
            Some("self") => at = module.clone(),
            Some("super") => at = module[..module.len().saturating_sub(1)].to_vec(),
            _ => continue,
        }
        while rest.peek().is_some_and(|s| *s == "super") {
            rest.next();
            at.pop();
        }
        let mut found = at.clone();
        for segment in rest {
            at.push(segment.clone());
            if modules.contains(&at) {
                found = at.clone();
            }
        }
        if found != *module {
            out.push(found);
        }
    }
    out
}

/// The graph of imports between the modules of src/: an edge for each module that one
/// module's code names, lifted to the level where the two are apart. A module and the
/// modules inside it are one part seen from outside: an import between two modules that
/// neither contains is an edge between the children of their nearest common ancestor that
/// hold them (ui::app::change → ui::document is ui::app → ui::document). A module's imports
/// from its own ancestors or descendants are not edges: a child module is a part of its
/// parent (it sees the parent's private items; the window's `DamaApp` is implemented across
/// the files of ui/app/), and the parent declares its parts and uses them.
///
/// So every level must be without cycles: the children of each module among themselves, and
/// the top-level modules. Paths are read from `crate::`, `super::` and `self::` (a bare path
/// names a child, or another crate); the unit tests at a file's end are not read. The edge's
/// value is where it was first seen.
fn import_graph() -> BTreeMap<Module, BTreeMap<Module, String>> {
    let files: Vec<PathBuf> = sources(&src(""))
        .into_iter()
        // The binary (main.rs and its cli/) is a crate of its own, which uses the library by
        // its name.
        .filter(|f| {
            *f != src("main.rs") && !f.starts_with(src("cli")) && !f.starts_with(src("bin"))
        })
        .collect();
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(f)).collect();
    let mut graph: BTreeMap<Module, BTreeMap<Module, String>> = BTreeMap::new();
    for file in &files {
        let module = module_of(file);
        let lines = code(file);
        let text: String = lines.iter().map(|(_, l)| format!("{l}\n")).collect();
        for (at, tree) in path_trees(&text) {
            let n = lines[text[..at].matches('\n').count()].0;
            for to in dependencies(&module, &tree, &modules) {
                let common = module.iter().zip(&to).take_while(|(a, b)| a == b).count();
                if common == module.len() || common == to.len() {
                    continue;
                }
                let (from, to) = (module[..=common].to_vec(), to[..=common].to_vec());
                graph
                    .entry(from)
                    .or_default()
                    .entry(to)
                    .or_insert_with(|| format!("{}:{n}", file.display()));
            }
        }
    }
    graph
}

/// A cycle of `graph`, as the modules along it with where each edge was seen, if it has one.
fn find_cycle(graph: &BTreeMap<Module, BTreeMap<Module, String>>) -> Option<Vec<String>> {
    fn visit(
        m: &Module,
        graph: &BTreeMap<Module, BTreeMap<Module, String>>,
        done: &mut BTreeSet<Module>,
        path: &mut Vec<Module>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == m) {
            let mut cycle = path[at..].to_vec();
            cycle.push(m.clone());
            return Some(
                cycle
                    .windows(2)
                    .map(|w| {
                        format!(
                            "{} → {} ({})",
                            w[0].join("::"),
                            w[1].join("::"),
                            graph[&w[0]][&w[1]]
                        )
                    })
                    .collect(),
            );
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.clone());
        for next in graph.get(m).into_iter().flat_map(|e| e.keys()) {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(m.clone());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| visit(m, graph, &mut done, &mut Vec::new()))
}

#[test]
fn modules_import_one_another_without_cycles() {
    let graph = import_graph();
    // The graph is read: the window imports its document and the rules.
    let ui = |m: &str| vec!["ui".to_string(), m.to_string()];
    assert!(graph[&ui("app")].contains_key(&ui("document")));
    assert!(graph[&vec!["ui".to_string()]].contains_key(&vec!["rules".to_string()]));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("modules that import one another:\n{}", cycle.join("\n"));
    }
}
