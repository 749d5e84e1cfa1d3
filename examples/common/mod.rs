//! What the match tools share: their options, and the book files' lines.

/// The value of `--name` in `args`, removed from them.
pub fn option(args: &mut Vec<String>, name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    let value = args
        .get(i + 1)
        .cloned()
        .unwrap_or_else(|| panic!("{name}: a value"));
    args.drain(i..=i + 1);
    Some(value)
}

/// The positions (FEN) of a book file with their line numbers: one a line, `#` starts a
/// comment.
pub fn book_lines(path: &str) -> Vec<(usize, String)> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim().to_string()))
        .filter(|(_, l)| !l.is_empty())
        .collect()
}
