//! A check that no English reaches a Czech user: the words of a text that are English and not
//! Czech. The tests run every Czech message through it; one place keeps the list.

/// English words that are not Czech ones ("to", "no" and "a" are Czech words too, and left out).
const ENGLISH: &[&str] = &[
    "the",
    "is",
    "are",
    "not",
    "expected",
    "cannot",
    "can't",
    "file",
    "move",
    "moves",
    "game",
    "found",
    "must",
    "legal",
    "illegal",
    "error",
    "square",
    "board",
    "tag",
    "value",
    "line",
    "column",
    "unterminated",
    "longer",
    "than",
    "bytes",
    "byte",
    "without",
    "with",
    "and",
    "or",
    "of",
    "here",
    "there",
    "such",
    "denied",
    "space",
    "device",
    "read",
    "write",
    "invalid",
    "unknown",
    "empty",
    "folder",
    "directory",
    "permission",
    "variation",
    "comment",
    "result",
    "number",
    "ambiguous",
    "could",
    "be",
    "it",
    "for",
    "from",
    "this",
    "that",
    "which",
    "rules",
    "rule",
    "set",
    "setup",
    "table",
    "too",
    "long",
    "large",
    "binary",
    "damaged",
    "failed",
    "saved",
    "speech",
    "available",
    "os",
    "at",
    "most",
    "white",
    "black",
    "man",
    "king",
    "piece",
    "tower",
    "position",
    "starting",
    "current",
    "already",
    "nothing",
    "claim",
    "capture",
    "takes",
    "draw",
    "offer",
    "turn",
    "computer",
    "unexpected",
    "missing",
    "strength",
    "nested",
    "deep",
    "before",
    "after",
    "draughts",
    "written",
    "plain",
    "glued",
    "kept",
    "listed",
    "twice",
    "should",
    "start",
    "undone",
];

/// The words of `text` that are English and not Czech, in order (paths, words with a `/`, and
/// names with a `.` or `_` inside, a file's or a field's, are left out: they are no sentence).
pub fn english_words(text: &str) -> Vec<String> {
    let name = |w: &str| {
        let inner = w.trim_matches(|c: char| !c.is_alphanumeric());
        inner.contains(['.', '_'])
    };
    text.split_whitespace()
        .filter(|w| !w.contains('/') && !name(w))
        .flat_map(|w| w.split(|c: char| !c.is_alphanumeric() && c != '\''))
        .map(str::to_lowercase)
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_english_from_czech() {
        assert_eq!(
            english_words("Soubor /nikde/a.pdn: 1:9: game 1: unexpected ','"),
            ["game", "unexpected"]
        );
        assert!(english_words("Tah 21-14 tu zahrát nelze. Možné tahy: 21-17.").is_empty());
        assert!(english_words("Pole draw.quiet_moves (v settings.ron).").is_empty());
        assert_eq!(english_words("A draw. Then"), ["draw"]);
        assert!(english_words("To je ono: na disku není místo (řádek 1, sloupec 9).").is_empty());
    }
}
