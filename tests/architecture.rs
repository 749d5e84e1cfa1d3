//! The shape of the code, checked on its source: the layers import only what lies below them
//! (shared/design.md), no modules import one another round a cycle, and in the window the game
//! is changed in one module only, the document, reached through the one change path; the
//! window's features are types of their own, `impl DamaApp` standing in three files only.

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
            // `&mut Game` itself, not a type named after it (`&mut GameView`).
            let mut_game = line.match_indices("&mut Game").any(|(i, m)| {
                !line[i + m.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            });
            if calls || mut_game || line.contains("Game::new(") {
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

/// A module of a crate by its path: `["ui", "app", "change"]` for src/ui/app/change.rs,
/// `["ui"]` for src/ui/mod.rs, `[]` for src/lib.rs (and src/main.rs, the binary's root).
type Module = Vec<String>;

/// The module a file of src/ is.
fn module_of(file: &Path) -> Module {
    let rel = file.strip_prefix(src("")).unwrap().with_extension("");
    let mut parts: Module = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The paths a use tree stands for, each with the name it brings into scope:
/// `a::{b, c::{d as e, self}}` is `a::b` (b), `a::c::d` (e) and `a::c` (c).
fn expand(tree: &str) -> Vec<(Vec<String>, String)> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let mut parts = tree.split(" as ");
        let mut path: Vec<String> = parts
            .next()
            .unwrap_or("")
            .split("::")
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        if path.last().is_some_and(|s| s == "self") && path.len() > 1 {
            path.pop();
        }
        let name = match parts.next() {
            Some(alias) => alias.trim().to_string(),
            None => path.last().cloned().unwrap_or_default(),
        };
        return vec![(path, name)];
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
        for (tail, name) in expand(item) {
            let path: Vec<String> = head.iter().cloned().chain(tail).collect();
            // `a::{self}` names `a`.
            let name = if name == "self" {
                head.last().cloned().unwrap_or_default()
            } else {
                name
            };
            out.push((path, name));
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

/// What the module-level `use` declarations of one file bring into scope: names with the
/// path each stands for, and the paths of its glob imports (`use x::*`).
#[derive(Default)]
struct Uses {
    names: BTreeMap<String, Vec<String>>,
    globs: Vec<Vec<String>>,
}

/// One file of a crate, read: its module, its code (comments and unit tests left out), the
/// names it imports and the names it defines.
struct Source {
    file: PathBuf,
    module: Module,
    lines: Vec<(usize, String)>,
    text: String,
    uses: Uses,
    defined: BTreeSet<String>,
}

impl Source {
    fn read(file: &Path) -> Source {
        let lines = code(file);
        let text: String = lines.iter().map(|(_, l)| format!("{l}\n")).collect();
        let mut uses = Uses::default();
        let mut defined = BTreeSet::new();
        // Module-level items start their line (after a visibility at most).
        let mut from = 0;
        while from < text.len() {
            let end = text[from..].find('\n').map_or(text.len(), |i| i + from);
            let line = &text[from..end];
            let item = strip_visibility(line);
            if let Some(rest) = item.strip_prefix("use ") {
                let stop = text[from..].find(';').map_or(text.len(), |i| i + from);
                let tree = &text[from + (line.len() - rest.len())..stop];
                for (path, name) in expand(tree) {
                    if name == "*" {
                        uses.globs.push(path[..path.len() - 1].to_vec());
                    } else {
                        uses.names.insert(name, path);
                    }
                }
            } else {
                for keyword in [
                    "fn ",
                    "struct ",
                    "enum ",
                    "const ",
                    "static ",
                    "type ",
                    "trait ",
                    "mod ",
                    "union ",
                    "macro_rules! ",
                    "async fn ",
                    "const fn ",
                    "unsafe fn ",
                ] {
                    if let Some(rest) = item.strip_prefix(keyword) {
                        let name: String = rest
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        defined.insert(name);
                    }
                }
            }
            from = end + 1;
        }
        Source {
            module: module_of(file),
            file: file.to_path_buf(),
            lines,
            text,
            uses,
            defined,
        }
    }
}

/// A line of code without its visibility (`pub`, `pub(crate)`, `pub(in crate::ui)`, …); a
/// line that does not start an item at column 0 is returned empty.
fn strip_visibility(line: &str) -> &str {
    if line.starts_with(' ') {
        return "";
    }
    let Some(rest) = line.strip_prefix("pub") else {
        return line;
    };
    let rest = match rest.strip_prefix('(') {
        Some(inner) => inner.find(')').map_or("", |i| &inner[i + 1..]),
        None => rest,
    };
    rest.trim_start()
}

/// The files of one crate, read, by module.
struct Crate {
    sources: BTreeMap<Module, Source>,
}

impl Crate {
    fn read(files: &[PathBuf]) -> Crate {
        let sources = files
            .iter()
            .map(|f| {
                let s = Source::read(f);
                (s.module.clone(), s)
            })
            .collect();
        Crate { sources }
    }

    fn is_module(&self, m: &Module) -> bool {
        self.sources.contains_key(m)
    }

    /// The module that defines what `path` names, read from `module`: the path followed
    /// through the modules it names, then through the `use` declarations (re-exports and
    /// private imports alike, as a child sees both of its parent) to the module whose own code
    /// defines the name. `None` for another crate's item.
    fn resolve(&self, module: &Module, path: &[String], depth: usize) -> Option<Module> {
        let mut at: Module;
        let mut rest = path.iter().peekable();
        match rest.peek().map(|s| s.as_str()) {
            Some("crate") => {
                rest.next();
                at = Vec::new();
            }
            Some("self") => {
                rest.next();
                at = module.clone();
            }
            Some("super") => {
                at = module.clone();
                while rest.peek().is_some_and(|s| *s == "super") {
                    rest.next();
                    at.pop();
                }
            }
            Some(first) => {
                // A bare path: a child module, or a name imported into `module`.
                let mut child = module.clone();
                child.push(first.to_string());
                if self.is_module(&child) {
                    at = module.clone();
                } else {
                    let imported = self.sources.get(module)?.uses.names.get(first)?;
                    if imported.len() == 1 && imported[0] == *first || depth > 16 {
                        return None;
                    }
                    rest.next();
                    let whole: Vec<String> =
                        imported.iter().cloned().chain(rest.cloned()).collect();
                    return self.resolve(module, &whole, depth + 1);
                }
            }
            None => return None,
        }
        for segment in rest {
            let mut child = at.clone();
            child.push(segment.clone());
            if self.is_module(&child) {
                at = child;
            } else if segment == "*" {
                return Some(at);
            } else {
                return Some(self.definer(&at, segment, depth));
            }
        }
        Some(at)
    }

    /// The module whose own code defines `name`, as seen in module `at`.
    fn definer(&self, at: &Module, name: &str, depth: usize) -> Module {
        let Some(source) = self.sources.get(at) else {
            return at.clone();
        };
        if depth > 16 || source.defined.contains(name) {
            return at.clone();
        }
        if let Some(path) = source.uses.names.get(name) {
            // Another crate's item, brought in under this module's name, stays here.
            return self
                .resolve(at, path, depth + 1)
                .unwrap_or_else(|| at.clone());
        }
        for glob in &source.uses.globs {
            if let Some(g) = self.resolve(at, glob, depth + 1)
                && g != *at
                && self
                    .sources
                    .get(&g)
                    .is_some_and(|s| s.defined.contains(name) || s.uses.names.contains_key(name))
            {
                return self.definer(&g, name, depth + 1);
            }
        }
        at.clone()
    }

    /// The modules that `source`'s code imports from, each with the line that names it: every
    /// path from `crate::`, `super::` or `self::` resolved to the module that defines its name;
    /// a glob import from an ancestor (`use super::*`) counts each name of the ancestor that
    /// the code uses.
    fn imports(&self, source: &Source) -> Vec<(Module, usize)> {
        let mut out = Vec::new();
        for (at, tree) in path_trees(&source.text) {
            let n = source.lines[source.text[..at].matches('\n').count()].0;
            for (path, _) in expand(&tree) {
                let glob = path.last().is_some_and(|s| s == "*");
                let Some(to) = self.resolve(&source.module, &path, 0) else {
                    continue;
                };
                let ancestor = source.module.starts_with(&to) && to != source.module;
                if glob && ancestor {
                    let names = &self.sources[&to];
                    let used = names
                        .uses
                        .names
                        .keys()
                        .filter(|name| mentions(&source.text, name));
                    for name in used {
                        out.push((self.definer(&to, name, 0), n));
                    }
                } else {
                    out.push((to, n));
                }
            }
        }
        out
    }
}

/// Whether `text` has `name` as a whole word.
fn mentions(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(i, _)| {
        !text[..i].chars().next_back().is_some_and(word)
            && !text[i + name.len()..].chars().next().is_some_and(word)
    })
}

/// The graph of imports between the modules of one crate: an edge for each module that one
/// module's code imports a name from, found where the name is defined (a re-export is looked
/// through: `super::Dialog`, re-exported by ui::app, is ui::app::dialogs's), lifted to the
/// level where the two are apart. A module and the modules inside it are one part seen from
/// outside: an import between two modules that neither contains is an edge between the
/// children of their nearest common ancestor that hold them (ui::app::change → ui::document
/// is ui::app → ui::document). A name defined in the code of a module's own ancestor is no
/// edge, nor is a parent's use of its parts: a child module is a part of its parent (it sees
/// the parent's private items; the window's `DamaApp` is implemented across the files of
/// ui/app/), and the parent declares its parts.
///
/// So every level must be without cycles: the children of each module among themselves, and
/// the top-level modules. The unit tests at a file's end are not read. The edge's value is
/// where it was first seen.
fn import_graph(krate: &Crate) -> BTreeMap<Module, BTreeMap<Module, String>> {
    let mut graph: BTreeMap<Module, BTreeMap<Module, String>> = BTreeMap::new();
    for source in krate.sources.values() {
        let module = &source.module;
        for (to, n) in krate.imports(source) {
            let common = module.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common == module.len() || common == to.len() {
                continue;
            }
            let (from, to) = (module[..=common].to_vec(), to[..=common].to_vec());
            graph
                .entry(from)
                .or_default()
                .entry(to)
                .or_insert_with(|| format!("{}:{n}", source.file.display()));
        }
    }
    graph
}

/// The library's files: src/ without the binary (src/main.rs and its src/cli/).
fn library() -> Crate {
    let files: Vec<PathBuf> = sources(&src(""))
        .into_iter()
        .filter(|f| {
            *f != src("main.rs") && !f.starts_with(src("cli")) && !f.starts_with(src("bin"))
        })
        .collect();
    Crate::read(&files)
}

/// The binary's files: src/main.rs and src/cli/ (it uses the library by its name).
fn binary() -> Crate {
    let mut files = vec![src("main.rs")];
    files.extend(sources(&src("cli")));
    Crate::read(&files)
}

/// The cycles of `graph`: each set of modules that import one another round a cycle (a
/// strongly connected component of more than one module), with the edges between them and
/// where each was seen.
fn cycles(graph: &BTreeMap<Module, BTreeMap<Module, String>>) -> Vec<Vec<String>> {
    let reach = |from: &Module| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flat_map(|e| e.keys()) {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&Module, BTreeSet<Module>> =
        graph.keys().map(|m| (m, reach(m))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for m in graph.keys() {
        if done.contains(m) || !reached[m].contains(m) {
            continue;
        }
        let component: BTreeSet<&Module> = reached[m]
            .iter()
            .filter(|o| reached.get(o).is_some_and(|r| r.contains(m)))
            .collect();
        let mut edges = Vec::new();
        for from in &component {
            done.insert((*from).clone());
            for (to, at) in &graph[*from] {
                if component.contains(to) {
                    edges.push(format!("{} → {} ({at})", from.join("::"), to.join("::")));
                }
            }
        }
        out.push(edges);
    }
    out
}

#[test]
fn names_are_found_where_they_are_defined() {
    let krate = library();
    let module = |m: &str| -> Module { m.split("::").map(String::from).collect() };
    let path = |p: &str| -> Vec<String> { p.split("::").map(String::from).collect() };
    let cases = [
        // A re-export of the parent is its child's.
        ("ui::app::commands", "super::Dialog", "ui::app::dialogs"),
        // A re-export with a bare path, and one renamed.
        ("speech", "crate::ui::Settings", "ui::settings"),
        ("ui", "crate::notation::pdn::Error", "notation::pdn::error"),
        // The parent's own item.
        ("ui::app::commands", "super::DamaApp", "ui::app"),
        // A module.
        ("ui::app::dialogs", "super::files", "ui::app::files"),
    ];
    for (from, p, to) in cases {
        assert_eq!(
            krate.resolve(&module(from), &path(p), 0),
            Some(module(to)),
            "{p} from {from}"
        );
    }
}

#[test]
fn modules_import_one_another_without_cycles() {
    let graph = import_graph(&library());
    // The graph is read: the window imports its document and the rules.
    let ui = |m: &str| vec!["ui".to_string(), m.to_string()];
    assert!(graph[&ui("app")].contains_key(&ui("document")));
    assert!(graph[&vec!["ui".to_string()]].contains_key(&vec!["rules".to_string()]));
    let binary = import_graph(&binary());
    assert!(
        binary[&vec!["cli".to_string(), "endgame".to_string()]]
            .contains_key(&vec!["cli".to_string(), "output".to_string()])
    );
    let found: Vec<String> = cycles(&graph)
        .into_iter()
        .chain(cycles(&binary))
        .map(|c| c.join("\n"))
        .collect();
    assert!(
        found.is_empty(),
        "{} sets of modules that import one another:\n\n{}",
        found.len(),
        found.join("\n\n")
    );
}

/// The files where `impl DamaApp` may stand: the window itself, the one change path and the
/// commands. A feature (the editor, the problems, …) is a type of its own whose methods take a
/// `FeatureCx` (`src/ui/app/feature.rs`), never `&mut DamaApp`.
const DAMA_APP_FILES: &[&str] = &["ui/app.rs", "ui/app/change.rs", "ui/app/commands.rs"];

/// The files not converted yet, which still hold `impl DamaApp` (issue 83). This list only
/// shrinks: a file converted leaves it, and no file joins it.
const NOT_YET_FEATURES: &[&str] = &[
    "ui/app/announcer.rs",
    "ui/app/autosaving.rs",
    "ui/app/computer.rs",
    "ui/app/dialogs/mod.rs",
    "ui/app/files.rs",
    "ui/app/input.rs",
    "ui/app/menus.rs",
    "ui/app/panels.rs",
];

#[test]
fn dama_app_is_implemented_in_the_window_the_change_path_and_the_commands_only() {
    let root = src("");
    let mut holders = BTreeSet::new();
    for file in sources(&root) {
        let name = file
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let implements = code(&file).iter().any(|(_, line)| {
            let line = line.trim_start();
            [
                "impl DamaApp",
                "impl<'a> DamaApp",
                "impl crate::ui::DamaApp",
            ]
            .iter()
            .any(|i| line.starts_with(&format!("{i} ")) || line.starts_with(&format!("{i}{{")))
        });
        if implements {
            holders.insert(name);
        }
    }
    let bad: Vec<_> = holders
        .iter()
        .filter(|f| {
            !DAMA_APP_FILES.contains(&f.as_str()) && !NOT_YET_FEATURES.contains(&f.as_str())
        })
        .collect();
    assert!(
        bad.is_empty(),
        "`impl DamaApp` outside app.rs, change.rs and commands.rs: make a feature of it \
         (a type of its own taking a FeatureCx, src/ui/app/feature.rs):\n{bad:?}"
    );
    // A file converted leaves the list: it can only shrink.
    let stale: Vec<_> = NOT_YET_FEATURES
        .iter()
        .filter(|f| !holders.contains(**f))
        .collect();
    assert!(
        stale.is_empty(),
        "these files no longer implement DamaApp: take them off NOT_YET_FEATURES:\n{stale:?}"
    );
    for f in DAMA_APP_FILES {
        assert!(holders.contains(*f), "{f} is read: {holders:?}");
    }
}
