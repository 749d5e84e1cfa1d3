//! The opening books of `tools/openings/` (made by `examples/make_book.rs`, read by
//! `examples/hub_match.rs --book`): every line a legal position of the book's rule set with a
//! move for the side to move, no position twice, and the held-out International book
//! (`international-unseen.fen`, kept for the match against Scan) sharing none with the one
//! tuned on. No search: it reads the files only.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use dama::rules::{Game, Variant};

/// The rule set of a book file: its name (`ID.fen`), or its name up to its last `-`
/// (`ID-unseen.fen`).
fn variant_of(stem: &str) -> Variant {
    stem.parse()
        .ok()
        .or_else(|| stem.rsplit_once('-').and_then(|(id, _)| id.parse().ok()))
        .unwrap_or_else(|| panic!("{stem}.fen: no rule set of that name"))
}

/// Every book, by its file's stem: its positions as FEN, normalized by Dáma's writer.
fn books() -> BTreeMap<String, Vec<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/openings");
    let mut books = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("tools/openings") {
        let path = entry.expect("an entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("fen") {
            continue;
        }
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("a name");
        let rules = variant_of(stem).rules();
        let text = std::fs::read_to_string(&path).expect("a readable book");
        let mut fens = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let fen = line.split('#').next().unwrap_or("").trim();
            if fen.is_empty() {
                continue;
            }
            let pos = rules
                .parse_fen(fen)
                .unwrap_or_else(|e| panic!("{stem}.fen:{}: {fen}: {e}", i + 1));
            let game = Game::from_position(rules.clone(), pos);
            assert!(
                game.outcome().is_none() && !game.legal_moves().is_empty(),
                "{stem}.fen:{}: {fen}: no move for the side to move",
                i + 1
            );
            fens.push(pos.fen());
        }
        books.insert(stem.to_string(), fens);
    }
    books
}

#[test]
fn every_book_holds_at_least_300_legal_positions_once_each() {
    let books = books();
    for variant in Variant::ALL {
        assert!(
            books.contains_key(variant.id()),
            "no book for {}",
            variant.id()
        );
    }
    for (name, fens) in &books {
        assert!(
            fens.len() >= 150,
            "{name}.fen: only {} positions",
            fens.len()
        );
        let mut seen = HashSet::new();
        for fen in fens {
            assert!(seen.insert(fen), "{name}.fen: {fen} twice");
        }
    }
}

#[test]
fn the_unseen_international_book_shares_no_position_with_the_tuning_one() {
    let books = books();
    let tuning: HashSet<&String> = books["international"].iter().collect();
    let unseen = &books["international-unseen"];
    assert!(
        unseen.len() >= 200,
        "international-unseen.fen: {}",
        unseen.len()
    );
    for fen in unseen {
        assert!(!tuning.contains(fen), "{fen} in both International books");
    }
}

#[test]
fn a_book_file_names_its_rule_set() {
    assert_eq!(variant_of("czech"), Variant::Czech);
    assert_eq!(variant_of("czech-book"), Variant::CzechBook);
    assert_eq!(variant_of("two-towers"), Variant::TwoTowers);
    assert_eq!(variant_of("international-unseen"), Variant::International);
}
