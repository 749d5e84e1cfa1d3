//! The position editor, driven through the window as a user would: by keyboard and by mouse,
//! with what is spoken checked word for word in both languages.

mod common;

use common::{click, label};
use dama::ui::{DamaApp, Language, T};
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn last(voice: &dama::speech::Recording) -> String {
    voice.spoken().last().cloned().unwrap_or_default()
}

fn typed(h: &mut Harness<'_, DamaApp>, text: &str) {
    h.event(egui::Event::Text(text.into()));
    h.run();
}

struct Words {
    lang: Language,
    opened: &'static str,
    /// Letters for a white king and a black man.
    white_king: &'static str,
    black_man: &'static str,
    put_king: &'static str,
    label_king: &'static str,
    emptied: &'static str,
    click_man: &'static str,
    no_black: &'static str,
    black_to_move: &'static str,
    started: &'static str,
    refused: &'static str,
    left: &'static str,
}

const WORDS: [Words; 2] = [
    Words {
        lang: Language::English,
        opened: "Position editor: Czech draughts. White to move. Arrows to a square, then W a \
                 white man, B a black man, with Shift a king. Delete empties it, Space puts the \
                 piece chosen on the right. Ctrl+Enter starts a game from the position, Escape \
                 leaves the editor.",
        white_king: "W",
        black_man: "b",
        put_king: "21: white king",
        label_king: "21, a3, white king",
        emptied: "21: empty",
        click_man: "22: white man",
        no_black: "A game cannot start from this position. Black has no pieces: the game would be \
                   over before it starts.",
        black_to_move: "Black to move",
        started: "New game from a set-up position: Czech draughts, table rules. White: 1 man, \
                  1 king. Black: 1 man. Black to move",
        refused: "Not while setting up a position: Ctrl+Enter plays from it, Escape leaves the \
                  editor.",
        left: "Position editor closed; the game is as it was.",
    },
    Words {
        lang: Language::Czech,
        opened: "Editor postavení: Česká dáma. Na tahu je bílý. Šipkami na pole, pak B bílý \
                 kámen, Č nebo C černý kámen, se Shiftem dáma. Delete pole vyprázdní, mezerník \
                 položí figuru zvolenou vpravo. Ctrl+Enter začne hru z postavení, Escape editor \
                 opustí.",
        white_king: "B",
        black_man: "č",
        put_king: "21: bílá dáma",
        label_king: "21, a3, bílá dáma",
        emptied: "21: prázdné",
        click_man: "22: bílý kámen",
        no_black: "Z tohoto postavení nelze začít. Černý nemá na desce žádný kámen: hra by skončila \
                   dřív, než začne.",
        black_to_move: "Na tahu je černý",
        started: "Nová hra ze zadaného postavení: Česká dáma, pravidla od stolu. Bílý: \
                  1 kámen, 1 dáma. Černý: 1 kámen. Na tahu je černý",
        refused: "Ne během stavění postavení: hrát z něj začnete Ctrl+Enter, editor opustíte \
                  Escapem.",
        left: "Editor postavení zavřen, partie zůstala, jak byla.",
    },
];

#[test]
fn a_position_is_set_up_by_keyboard_and_mouse_and_played() {
    for w in WORDS {
        let lang = w.lang;
        let (mut h, voice) = common::harness(lang);
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::E);
        h.run();
        assert_eq!(last(&voice), w.opened, "{lang:?}");
        // The board shows the game's position, ready to change.
        assert_eq!(
            h.state().editor().unwrap().position.fen(),
            h.state().game().position().fen()
        );
        h.get_by_label(T::ClearBoard.get(lang)).click();
        h.run();
        assert!(h.state().shown_position().occupied().is_empty());
        // The cursor is where it was (21, the first piece that could move). The focus goes
        // back to it in the window; a click through AccessKit leaves it nowhere here, so the
        // arrows take it there.
        assert_eq!(h.state().cursor().map(|s| s.number()), Some(21));
        for k in [Key::ArrowUp, Key::ArrowDown] {
            h.key_press(k);
            h.run();
        }
        let focused = h
            .query_by(|n| n.is_focused())
            .and_then(|n| n.accesskit_node().label());
        assert_eq!(focused.as_deref(), Some(label(&h, 21).as_str()), "{lang:?}");
        // A letter puts a piece on the square, Delete takes it off.
        typed(&mut h, w.white_king);
        assert_eq!(last(&voice), w.put_king, "{lang:?}");
        assert_eq!(label(&h, 21), w.label_king);
        h.key_press(Key::Delete);
        h.run();
        assert_eq!(last(&voice), w.emptied, "{lang:?}");
        typed(&mut h, w.white_king);
        // A click puts the piece chosen in the panel (a white man at first).
        click(&mut h, 22);
        assert_eq!(last(&voice), w.click_man, "{lang:?}");
        // Commands about the game wait.
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
        assert_eq!(last(&voice), w.refused, "{lang:?}");
        // Ctrl+Enter: no game starts without Black.
        h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
        h.run();
        assert_eq!(last(&voice), w.no_black, "{lang:?}");
        assert!(h.state().dialog().is_none());
        // A black man on 5 (the cursor goes there by arrows), and Black to move.
        for k in [Key::ArrowUp, Key::ArrowUp, Key::ArrowUp, Key::ArrowUp] {
            h.key_press(k);
            h.run();
        }
        let on = h.state().cursor().unwrap().number();
        typed(&mut h, w.black_man);
        let black = match lang {
            Language::Czech => "Černý",
            Language::English => "Black",
        };
        h.get_by_label(black).click();
        h.run();
        assert_eq!(last(&voice), w.black_to_move, "{lang:?}");
        let fen = h.state().editor().unwrap().position.fen();
        assert_eq!(fen, format!("B:WK21,22:B{on}"), "{lang:?}");
        // Ctrl+Enter opens the new-game dialog with the position; Enter there starts it.
        h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
        h.run();
        h.run();
        assert!(h.state().dialog().is_some(), "{lang:?}");
        h.key_press(Key::Enter);
        h.run();
        assert!(h.state().dialog().is_none(), "{lang:?}");
        assert!(h.state().editor().is_none(), "{lang:?}: the editor closed");
        assert_eq!(last(&voice), w.started, "{lang:?}");
        assert_eq!(h.state().game().start().fen(), fen);
    }
}

#[test]
fn escape_leaves_the_editor_and_the_game_is_untouched() {
    for w in WORDS {
        let lang = w.lang;
        let (mut h, voice) = common::harness(lang);
        h.run();
        click(&mut h, 22);
        click(&mut h, 18);
        let before = h.state().game().position().fen();
        h.key_press_modifiers(Modifiers::COMMAND, Key::E);
        h.run();
        h.get_by_label(T::ClearBoard.get(lang)).click();
        h.run();
        h.key_press(Key::Escape);
        h.run();
        assert_eq!(last(&voice), w.left, "{lang:?}");
        assert!(h.state().editor().is_none());
        assert_eq!(h.state().shown_position().fen(), before);
        assert_eq!(h.state().game().moves().len(), 1);
    }
}
