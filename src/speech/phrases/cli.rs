//! The command line's words for what an endgame build takes and how far it is (`dama
//! endgame`): a material, a count, a size and a time as people read them, in English (the
//! command line's one language; the window says its own, in [`super::endgames`]).

/// A material as people say it, White's pieces first: "king and man against two men".
pub fn material_words(m: &crate::engine::endgame::Material) -> String {
    use crate::rules::{Color, Role};
    let side = |color| {
        let parts: Vec<String> = [
            (Role::King, "king", "kings"),
            (Role::Tower, "tower", "towers"),
            (Role::Man, "man", "men"),
        ]
        .into_iter()
        .filter_map(|(role, one, many)| match m.count(color, role) {
            0 => None,
            1 => Some(one.to_string()),
            n => Some(format!("{} {many}", number_words(n))),
        })
        .collect();
        match parts.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    };
    format!("{} against {}", side(Color::White), side(Color::Black))
}

/// A small number in words, as a material is said.
fn number_words(n: u32) -> String {
    const WORDS: [&str; 9] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// A count as people read it: 16.6 million.
pub fn count_words(n: u64) -> String {
    match n {
        0..1_000_000 => n.to_string(),
        1_000_000..1_000_000_000 => format!("{:.1} million", n as f64 / 1e6),
        _ => format!("{:.1} billion", n as f64 / 1e9),
    }
}

/// A size in bytes as people read it: 4.1 MB.
pub fn bytes_words(n: u64) -> String {
    indicatif::DecimalBytes(n).to_string()
}

/// A time as people read it: 40 s, 3 min, 2 h 10 min.
pub fn duration_words(d: std::time::Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{} s", s.max(1)),
        60..3600 => format!("{} min", (s + 30) / 60),
        _ => format!("{} h {} min", s / 3600, (s % 3600) / 60),
    }
}
