//! What the match tools share: their options, and the book files' lines.

/// Says what is wrong with the command line or a file named on it, on one line, and ends the
/// tool with exit code 2: a tool's mistake by its user is no panic.
pub fn fail(message: impl std::fmt::Display) -> ! {
    let tool = std::env::args()
        .next()
        .and_then(|a| {
            std::path::Path::new(&a)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    eprintln!("{tool}: {message}");
    std::process::exit(2)
}

/// The value of `--name` in `args`, removed from them.
pub fn option(args: &mut Vec<String>, name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    let value = args
        .get(i + 1)
        .cloned()
        .unwrap_or_else(|| fail(format!("{name}: a value")));
    args.drain(i..=i + 1);
    Some(value)
}

/// The positions (FEN) of a book file with their line numbers: one a line, `#` starts a
/// comment.
pub fn book_lines(path: &str) -> Vec<(usize, String)> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| fail(format!("{path}: {e}")))
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim().to_string()))
        .filter(|(_, l)| !l.is_empty())
        .collect()
}
