//! A game of many thousands of moves (a program's file, or an autosave of one) keeps the window
//! responsive: only the move list's rows in view are laid out (a regression: 200,000 plies took
//! 1.8 s a frame, so the window used a whole core, and undo took seconds).

mod common;

use dama::rules::{Game, GameTree, Move, Position, Variant};
use dama::store::autosave::{Autosave, SessionRef};
use dama::ui::{DamaApp, Language, MAX_ROWS_DRAWN};
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

/// Two kings going to and fro for `plies` plies, under Czech rules without draw rules.
fn shuffle(plies: usize) -> Game {
    let mut rules = Variant::Czech.rules().clone();
    rules.draw.repetition = None;
    rules.draw.quiet_moves = None;
    let start = Position::from_fen(rules.board, "W:WK32:BK1").unwrap();
    let mut g = Game::from_position(rules, start);
    let out: Vec<Move> = ["32-28", "1-5"]
        .iter()
        .map(|t| {
            let m = dama::notation::parse_move(g.position(), g.rules(), t)
                .unwrap()
                .0;
            g.play(m).unwrap();
            m
        })
        .collect();
    for i in 2..plies {
        let m = out[i % 2];
        let (from, to) = if (i / 2) % 2 == 1 {
            (m.to(), m.from())
        } else {
            (m.from(), m.to())
        };
        let back = *g
            .legal_moves()
            .iter()
            .find(|m| m.from() == from && m.to() == to)
            .unwrap();
        g.play(back).unwrap();
    }
    g
}

#[test]
fn a_game_of_twenty_thousand_plies_lays_out_only_the_rows_in_view() {
    let plies = 20_000;
    let data = common::temp_dir("long_game", "data");
    let game = shuffle(plies);
    // With a variation too: its rows must not make the list lay out every row.
    let mut tree = GameTree::from_moves(game.moves());
    let other = game
        .start()
        .legal_moves(game.rules())
        .into_iter()
        .find(|m| *m != game.moves()[0])
        .unwrap();
    tree.vary(&[0], other).unwrap();
    let session = SessionRef {
        game: &game,
        names: ["", ""],
        tags: &[],
        file: None,
        place: None,
        dirty: true,
        computer: [None, None],
        tree: &tree,
        lead: &[],
    };
    Autosave::new(&data).update(1, session).unwrap();
    let mut app = DamaApp::with_settings(common::settings(Language::English, Variant::Czech), None);
    app.start_autosave(&data);
    let mut h = common::window(app);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().game().moves().len(), plies);
    assert!(h.state().document().has_variations());
    let rows = |h: &egui_kittest::Harness<'_, DamaApp>| {
        ["32-28", "28-32"]
            .map(|t| h.query_all_by_label(t).count())
            .iter()
            .sum::<usize>()
    };
    let drawn = rows(&h);
    assert!(
        (1..MAX_ROWS_DRAWN / 4).contains(&drawn),
        "{drawn} of {} white moves drawn",
        plies / 2
    );
    // The list stays at its end, where the last move is.
    assert!(h.query_by_label("10000.").is_some());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().game().moves().len(), plies - 1);
    assert!(h.query_by_label("10000.").is_some());
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

/// A game of ordinary length keeps every move a widget, which Tab and the screen reader reach.
#[test]
fn an_ordinary_game_lists_every_move() {
    let data = common::temp_dir("long_game", "short");
    let game = shuffle(2 * MAX_ROWS_DRAWN);
    let session = SessionRef {
        game: &game,
        names: ["", ""],
        tags: &[],
        file: None,
        place: None,
        dirty: true,
        computer: [None, None],
        tree: &GameTree::EMPTY,
        lead: &[],
    };
    Autosave::new(&data).update(1, session).unwrap();
    let mut app = DamaApp::with_settings(common::settings(Language::English, Variant::Czech), None);
    app.start_autosave(&data);
    let mut h = common::window(app);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(h.query_by_label("1.").is_some(), "the first row too");
    assert_eq!(h.query_all_by_label("32-28").count(), MAX_ROWS_DRAWN / 2);
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}
