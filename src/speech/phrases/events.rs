//! Events in words: what the window says after each change, in Czech and English.

use crate::game::event::{Event, Info, Mover, Undone};
use crate::language::Language;
use crate::rules::{Color, DrawReason, Outcome, Square, WinReason};

use super::browsing::{choices, looked};
use super::editor::edited;
use super::errors::{counted, plural};
pub use super::files::{file_name, saving};
pub use super::join;
use super::moves::{half_moves, hint};
use super::names::{
    color_name, material, piece_name, players, rules_name, side_genitive, side_name, square,
    time_control,
};
use super::pdn::pdn_warning;
use super::play::{choose_offender, draw_answer, draw_offer, huffed, outcome, taken_back, to_move};
use super::{Context, list, spoken_move};

use Language::{Czech, English};

/// The words for a run of events (one change can make several: a move and the end of the
/// game), joined into sentences.
pub fn events(cx: &Context<'_>, events: &[Event]) -> String {
    join(events.iter().map(|e| event(cx, e)))
}

/// Who made a move, after a colon: "černý", "Black".
fn mover(lang: Language, c: Color) -> &'static str {
    match lang {
        Czech => color_name(lang, c),
        English => side_name(lang, c),
    }
}

/// The words for what the person asked to be told.
fn info(cx: &Context<'_>, info: &Info) -> String {
    let lang = cx.lang;
    if let Some(answer) = super::questions::answer(cx, info) {
        return answer;
    }
    match info {
        // "Česká dáma. Hrají dva lidé. Tah 12, na tahu je bílý. Soubor partie.pdn, neuložené
        // změny."
        Info::Game {
            players: who,
            stand,
            file,
            unsaved,
        } => {
            let who = players(lang, *who).unwrap_or_else(|| {
                match lang {
                    Czech => "Hrají dva lidé.",
                    English => "Two people play.",
                }
                .into()
            });
            let stand = match *stand {
                Ok((number, side)) => match lang {
                    Czech => format!("Tah {number}, {}.", to_move(lang, side).to_lowercase()),
                    English => format!("Move {number}, {}.", to_move(lang, side)),
                },
                Err(o) => outcome(lang, o),
            };
            let file = match (file, unsaved) {
                (None, _) => match lang {
                    Czech => "Partie není uložena v souboru.".to_string(),
                    English => "The game is not saved in a file.".to_string(),
                },
                (Some((path, place)), unsaved) => {
                    let name = match place {
                        Some((number, games)) => {
                            super::files::game_of_file(lang, *number, *games, path)
                        }
                        None => match lang {
                            Czech => format!("soubor {}", file_name(path)),
                            English => format!("file {}", file_name(path)),
                        },
                    };
                    let changes = match (lang, unsaved) {
                        (_, false) => "",
                        (Czech, true) => ", neuložené změny",
                        (English, true) => ", unsaved changes",
                    };
                    format!("{}{changes}.", super::capitalized(&name))
                }
            };
            join([format!("{}.", rules_name(lang, cx.rules)), who, stand, file])
        }
        // Said by `questions::answer`.
        Info::NothingSaid
        | Info::Captures { .. }
        | Info::Pieces { .. }
        | Info::PieceMoves { .. }
        | Info::LastMoves(_)
        | Info::TypeSquare => String::new(),
    }
}

/// The words for one event.
pub fn event(cx: &Context<'_>, e: &Event) -> String {
    let lang = cx.lang;
    let rules = cx.rules;
    match e {
        Event::Moved {
            before,
            mv,
            by: Mover::Person,
        } => spoken_move(lang, cx.notation, before, rules, mv),
        // The reply is told from the person's own move: "Počítač: 11 na 15".
        Event::Moved {
            before,
            mv,
            by: Mover::Computer,
        } => {
            let spoken = spoken_move(lang, cx.notation, before, rules, mv);
            match lang {
                Czech => format!("Počítač: {spoken}"),
                English => format!("Computer: {spoken}"),
            }
        }
        Event::Ended(o) => outcome(lang, *o),
        Event::ToMove(c) => to_move(lang, *c),
        Event::Truncated { dropped } => match lang {
            Czech => format!(
                "Partie pokračuje z dřívější pozice, {} {}",
                counted(
                    lang,
                    *dropped,
                    ["pozdější tah", "pozdější tahy", "pozdějších tahů"]
                ),
                plural(lang, *dropped, ["smazán", "smazány", "smazáno"])
            ),
            English => format!(
                "Play goes on from an earlier position: {} dropped",
                counted(lang, *dropped, ["later move", "later moves", "later moves"])
            ),
        },
        Event::DrawOfferLapsed => match lang {
            Czech => "Nabídka remízy zanikla.".into(),
            English => "The draw offer lapsed.".into(),
        },
        Event::Huffed { piece, square } => huffed(lang, *piece, *square),
        Event::ChooseOffender(set) => choose_offender(lang, *set),
        Event::TakenBack { before, mv } => taken_back(lang, cx.notation, before, rules, mv),
        Event::Undone(u) => undone(cx, u),
        Event::Redone { before, mv } => {
            let side = mover(lang, before.side_to_move());
            let spoken = spoken_move(lang, cx.notation, before, rules, mv);
            match lang {
                Czech => format!("Znovu zahráno: {side} {spoken}"),
                English => format!("Redone: {side} {spoken}"),
            }
        }
        Event::Looked(look) => looked(cx, look),
        Event::DrawOffered { by, keys } => {
            let offer = draw_offer(lang, *by);
            match (lang, keys) {
                (_, None) => offer,
                (Czech, Some([accept, decline])) => {
                    format!("{offer} Přijmout: {accept}, odmítnout: {decline}.")
                }
                (English, Some([accept, decline])) => {
                    format!("{offer} Accept: {accept}, decline: {decline}.")
                }
            }
        }
        Event::DrawAnswered {
            accepted,
            mover: Mover::Computer,
            ..
        } => draw_answer(lang, *accepted).into(),
        Event::DrawAnswered {
            by,
            accepted,
            mover: Mover::Person,
        } => {
            let side = side_name(lang, *by);
            match (lang, accepted) {
                (Czech, true) => format!("{side} remízu přijímá."),
                (Czech, false) => format!("{side} remízu odmítá."),
                (English, true) => format!("{side} accepts the draw."),
                (English, false) => format!("{side} declines the draw."),
            }
        }
        Event::Resigned(c) => {
            let side = side_name(lang, *c);
            match lang {
                Czech => format!("{side} se vzdává."),
                English => format!("{side} resigns."),
            }
        }
        Event::NewGame {
            table_rules,
            players: who,
            set_up,
            clock,
        } => {
            let name = rules_name(lang, rules);
            let mut table = match (lang, table_rules) {
                (_, false) => "",
                (Czech, true) => ", pravidla od stolu",
                (English, true) => ", table rules",
            }
            .to_string();
            if let Some(c) = clock {
                table.push_str(", ");
                table.push_str(&time_control(lang, *c));
            }
            let mut text = match (lang, set_up) {
                (Czech, None) => format!("Nová hra: {name}{table}."),
                (English, None) => format!("New game: {name}{table}."),
                (Czech, Some(pos)) => format!(
                    "Nová hra ze zadaného postavení: {name}{table}. {}",
                    material(lang, pos)
                ),
                (English, Some(pos)) => format!(
                    "New game from a set-up position: {name}{table}. {}",
                    material(lang, pos)
                ),
            };
            if let Some(p) = players(lang, *who) {
                text.push(' ');
                text.push_str(&p);
            }
            text
        }
        Event::PlayersChanged(who) => players(lang, *who).unwrap_or_else(|| match lang {
            Czech => "Obě strany hrají lidé.".into(),
            English => "People play both sides.".into(),
        }),
        Event::Opened {
            path,
            number,
            plies,
            players: who,
            warnings,
        } => {
            let name = file_name(path);
            let mut text = match (lang, *number > 1) {
                (Czech, false) => format!("Partie načtena: {name}"),
                (Czech, true) => format!("Partie načtena: {name}, partie č. {number}"),
                (English, false) => format!("Game loaded: {name}"),
                (English, true) => format!("Game loaded: {name}, game {number}"),
            };
            if *plies > 0 {
                text.push_str(", ");
                text.push_str(&half_moves(lang, *plies));
            }
            // Who plays, where the computer plays a side (as the file's tags say).
            if let Some(p) = players(lang, *who) {
                text.push_str(". ");
                text.push_str(&p);
            }
            if let Some(first) = warnings.first() {
                if !text.ends_with('.') {
                    text.push('.');
                }
                text.push(' ');
                let n = warnings.len();
                let first = pdn_warning(lang, first);
                text.push_str(&match lang {
                    Czech => format!(
                        "{} od PDN, první: {first}",
                        counted(lang, n, ["odchylka", "odchylky", "odchylek"])
                    ),
                    English => format!(
                        "{} from PDN, the first: {first}",
                        counted(lang, n, ["deviation", "deviations", "deviations"])
                    ),
                });
            }
            text
        }
        Event::Resumed { .. } => match lang {
            Czech => "Přerušená partie obnovena.".into(),
            English => "The interrupted game is resumed.".into(),
        },
        Event::Saved(path) => match lang {
            Czech => format!("Uloženo: {}", file_name(path)),
            English => format!("Saved: {}", file_name(path)),
        },
        Event::Saving { path, bytes } => saving(lang, path, *bytes),
        Event::LeftForLater(path) => match lang {
            Czech => format!(
                "Přerušená partie zůstává v souboru {} a nabídne se v příštím okně Dámy.",
                path.display()
            ),
            English => format!(
                "The interrupted game stays in {} and the next Dáma window offers it.",
                path.display()
            ),
        },
        Event::PutAside(path) => match lang {
            Czech => format!(
                "Přerušená partie byla odložena do souboru {}",
                path.display()
            ),
            English => format!(
                "The interrupted game was put aside in the file {}",
                path.display()
            ),
        },
        Event::PositionCopied(fen) => match lang {
            Czech => format!("Postavení je ve schránce: {fen}"),
            English => format!("Position copied to the clipboard: {fen}"),
        },
        Event::Flipped { black_at_bottom } => {
            let side = mover(
                lang,
                if *black_at_bottom {
                    Color::Black
                } else {
                    Color::White
                },
            );
            match lang {
                Czech => format!("Deska otočena: dole je {side}."),
                English => format!("Board flipped: {side} at the bottom."),
            }
        }
        Event::Cursor(view) => square(lang, view, cx.verbosity),
        Event::Selected {
            square: view,
            targets,
            at_cursor,
        } if !targets.is_empty() => {
            let here = match (at_cursor, lang) {
                (false, _) => square(lang, view, cx.verbosity),
                (true, Czech) => "Vybráno".into(),
                (true, English) => "Selected".into(),
            };
            let n = targets.len();
            match lang {
                Czech => format!(
                    "{here}. {}: {}.",
                    plural(lang, n, ["Cíl tahu", "Cíle tahu", "Cíle tahu"]),
                    list(*targets)
                ),
                English => format!(
                    "{here}. {}: {}.",
                    plural(lang, n, ["Destination", "Destinations", "Destinations"]),
                    list(*targets)
                ),
            }
        }
        Event::Selected {
            at_cursor: true, ..
        } => match lang {
            Czech => "Vybráno.".into(),
            English => "Selected.".into(),
        },
        Event::Selected { square: view, .. } => square(lang, view, cx.verbosity),
        Event::Extended(sq) => landing(lang, *sq),
        Event::Deselected => match lang {
            Czech => "Výběr zrušen.".into(),
            English => "Selection cancelled.".into(),
        },
        Event::Hint { before, mv } => hint(lang, cx.notation, before, rules, mv),
        Event::ThinkingAboutHint => match lang {
            Czech => "Počítač hledá doporučený tah…".into(),
            English => "The computer is looking for a hint…".into(),
        },
        Event::ComputerThinking => match lang {
            Czech => "Počítač přemýšlí…".into(),
            English => "The computer is thinking…".into(),
        },
        Event::MoveField => match lang {
            Czech => "Zadejte tah, například 32-28, a stiskněte Enter.".into(),
            English => "Type a move, for example 32-28, and press Enter.".into(),
        },
        Event::Info(info) => self::info(cx, info),
        Event::BoardText { shown } => match (lang, shown) {
            (Czech, true) => "Deska jako text, řádek po řádku.".into(),
            (Czech, false) => "Deska jako text skryta.".into(),
            (English, true) => "Board as text, line by line.".into(),
            (English, false) => "Board as text hidden.".into(),
        },
        Event::Cancelled => match lang {
            Czech => "Zrušeno.".into(),
            English => "Cancelled.".into(),
        },
        Event::Closed => match lang {
            Czech => "Zavřeno.".into(),
            English => "Closed.".into(),
        },
        Event::Edited(edit) => edited(lang, edit),
        Event::AnalysisMode(on) => match (lang, on) {
            (Czech, true) => "Analýza zapnuta: počítač hodnotí každou zobrazenou pozici.".into(),
            (Czech, false) => "Analýza vypnuta.".into(),
            (English, true) => "Analysis on: the computer judges each position shown.".into(),
            (English, false) => "Analysis off.".into(),
        },
        Event::Analysing => match lang {
            Czech => "Počítač rozebírá pozici…".into(),
            English => "The computer is analysing the position…".into(),
        },
        Event::Analysed { pos, score, line } => {
            super::analysis::analysis(lang, cx.notation, pos, rules, *score, line)
        }
        Event::Reviewing { moves, seconds } => match lang {
            Czech => format!(
                "Počítač prochází partii: {}, asi {} s.",
                counted(lang, *moves, ["tah", "tahy", "tahů"]),
                seconds
            ),
            English => format!(
                "The computer is going through the game: {}, about {} s.",
                counted(lang, *moves, ["move", "moves", "moves"]),
                seconds
            ),
        },
        Event::ReviewStopped => match lang {
            Czech => "Rozbor partie přerušen.".into(),
            English => "Game review stopped.".into(),
        },
        Event::Reviewed { counts, key } => super::analysis::reviewed(lang, *counts, key),
        Event::Judged {
            number,
            before,
            judged,
        } => super::analysis::judged(lang, cx.notation, *number, before, rules, judged),
        Event::ProblemShown {
            number,
            count,
            solved,
            title,
        } => {
            let title = title.trim();
            let title = if title.is_empty() {
                String::new()
            } else {
                format!(": {}", title.trim_end_matches('.'))
            };
            match lang {
                Czech => format!("Úloha {number} z {count} (vyřešeno {solved}){title}"),
                English => format!("Problem {number} of {count} ({solved} solved){title}"),
            }
        }
        Event::RightMove => match lang {
            Czech => "Správně.".into(),
            English => "Right.".into(),
        },
        Event::WrongMove => match lang {
            Czech => "To není řešení; tah je vrácen, zkuste jiný.".into(),
            English => "That is not the solution; the move is taken back, try another.".into(),
        },
        Event::ProblemSolved {
            number,
            solved,
            count,
        } => match lang {
            Czech => format!(
                "Úloha {number} vyřešena! Vyřešeno {solved} z {count}. Další úloha: Ctrl+Page Down."
            ),
            English => format!(
                "Problem {number} solved! {solved} of {count} solved. Next problem: Ctrl+Page Down."
            ),
        },
        Event::Course(lesson) => super::course::lesson(cx, lesson),
        Event::Endgames(e) => super::endgames::news(lang, e),
        Event::ProblemHint { from, mv: None } => match lang {
            Czech => format!("Nápověda: táhněte figurou z pole {from}."),
            English => format!("Hint: move the piece on {from}."),
        },
        Event::ProblemHint {
            mv: Some((before, mv)),
            ..
        } => {
            let spoken = spoken_move(lang, cx.notation, before, rules, mv);
            match lang {
                Czech => format!("Řešení: {spoken}"),
                English => format!("The solution: {spoken}"),
            }
        }
        Event::VariationStarted { before, mv } => {
            let spoken = spoken_move(lang, cx.notation, before, rules, mv);
            match lang {
                Czech => format!("Nová varianta: {spoken}"),
                English => format!("New variation: {spoken}"),
            }
        }
        Event::VariationMoved { before, mv } => spoken_move(lang, cx.notation, before, rules, mv),
        Event::VariationCut { dropped } => match lang {
            Czech => format!(
                "Varianta pokračuje jinak, {} {}",
                counted(
                    lang,
                    *dropped,
                    ["pozdější tah", "pozdější tahy", "pozdějších tahů"]
                ),
                plural(lang, *dropped, ["smazán", "smazány", "smazáno"])
            ),
            English => format!(
                "The variation goes on differently: {} dropped",
                counted(lang, *dropped, ["later move", "later moves", "later moves"])
            ),
        },
        Event::VariationRemoved { moves } => match lang {
            Czech => format!(
                "Varianta smazána ({}).",
                counted(lang, *moves, ["tah", "tahy", "tahů"])
            ),
            English => format!(
                "Variation deleted ({}).",
                counted(lang, *moves, ["move", "moves", "moves"])
            ),
        },
        Event::VariationPromoted { game: true } => match lang {
            Czech => "Varianta je teď partií; dřívější tahy partie jsou variantou.".into(),
            English => "The variation is now the game; the game's moves are a variation.".into(),
        },
        Event::VariationPromoted { game: false } => match lang {
            Czech => "Varianta je teď hlavním pokračováním varianty nad ní.".into(),
            English => "The variation is now the main line of the variation above it.".into(),
        },
        Event::Choices {
            at,
            next,
            variations,
        } => choices(cx, at, next.as_ref(), variations),
        Event::Note(note) => super::moves::note(lang, note),
        Event::ClockLow { color, left } => {
            let side = side_dative(lang, *color);
            match lang {
                Czech => format!("{side} zbývá {}", time_left(lang, *left)),
                English => format!("{side} has {} left", time_left(lang, *left)),
            }
        }
        Event::Flagged(color) => match lang {
            Czech => format!("{} došel čas.", side_dative(lang, *color)),
            English => format!("{} time ran out.", side_genitive(lang, *color)),
        },
        Event::ClockPaused(paused) => match (lang, paused) {
            (Czech, true) => "Hodiny zastaveny.".into(),
            (Czech, false) => "Hodiny znovu běží.".into(),
            (English, true) => "Clocks paused.".into(),
            (English, false) => "Clocks running again.".into(),
        },
        Event::Clocks {
            left,
            running,
            paused,
        } => {
            let [white, black] = left.map(|d| time_left(lang, d));
            let state = match (lang, running, paused) {
                (Czech, _, true) => "hodiny stojí".to_string(),
                (English, _, true) => "the clocks are paused".to_string(),
                (Czech, Some(c), false) => format!("běží hodiny {}", side_genitive(lang, *c)),
                (English, Some(c), false) => format!("{} clock runs", side_genitive(lang, *c)),
                (Czech, None, false) => "hodiny stojí".to_string(),
                (English, None, false) => "the clocks are not running".to_string(),
            };
            match lang {
                Czech => format!("Bílému zbývá {white}, černému {black}; {state}."),
                English => format!("White has {white} left, Black {black}; {state}."),
            }
        }
    }
}

/// The side in the dative, as in "bílému zbývá": "Bílému", "White" (English says "White
/// has").
fn side_dative(lang: Language, c: Color) -> &'static str {
    match (lang, c) {
        (Czech, Color::White) => "Bílému",
        (Czech, Color::Black) => "Černému",
        (English, Color::White) => "White",
        (English, Color::Black) => "Black",
    }
}

/// A time left in words, in whole seconds (rounded up: a clock that shows 0 has run out):
/// "jedna minuta", "4 minuty 57 sekund", "10 seconds".
pub fn time_left(lang: Language, left: std::time::Duration) -> String {
    let secs = crate::game::clock::shown_seconds(left);
    let (m, s) = ((secs / 60) as usize, (secs % 60) as usize);
    let minutes = match (lang, m) {
        (Czech, 1) => "jedna minuta".to_string(),
        (English, 1) => "one minute".to_string(),
        (Czech, _) => counted(lang, m, ["minuta", "minuty", "minut"]),
        (English, _) => counted(lang, m, ["minute", "minutes", "minutes"]),
    };
    let seconds = counted(
        lang,
        s,
        match lang {
            Czech => ["sekunda", "sekundy", "sekund"],
            English => ["second", "seconds", "seconds"],
        },
    );
    match (m, s) {
        (0, _) => seconds,
        (_, 0) => minutes,
        _ => format!("{minutes} {seconds}"),
    }
}

fn landing(lang: Language, sq: Square) -> String {
    match lang {
        Czech => format!("Doskok na {sq}, pokračujte dalším polem."),
        English => format!("Landing on {sq}; go on with the next square."),
    }
}

fn undone(cx: &Context<'_>, u: &Undone) -> String {
    let lang = cx.lang;
    match u {
        Undone::Move { before, mv } => {
            let side = mover(lang, before.side_to_move());
            let spoken = spoken_move(lang, cx.notation, before, cx.rules, mv);
            match lang {
                Czech => format!("Vrácen tah: {side} {spoken}"),
                English => format!("Undone: {side} {spoken}"),
            }
        }
        Undone::Ending(o) => match (lang, o) {
            (
                Czech,
                Outcome::Win {
                    reason: WinReason::Resignation,
                    ..
                },
            ) => "Vzdání vzato zpět.".into(),
            (
                English,
                Outcome::Win {
                    reason: WinReason::Resignation,
                    ..
                },
            ) => "Resignation taken back.".into(),
            (Czech, Outcome::Draw(DrawReason::Agreement)) => "Remíza dohodou vzata zpět.".into(),
            (English, Outcome::Draw(DrawReason::Agreement)) => "Agreed draw taken back.".into(),
            (Czech, _) => "Konec partie vzat zpět.".into(),
            (English, _) => "End of the game taken back.".into(),
        },
        Undone::Huff { square, piece } => {
            let name = piece_name(lang, *piece);
            match lang {
                Czech => format!("Odebrání vzato zpět: {name} na {square} je zpět na desce."),
                English => format!("Huff undone: the {name} on {square} is back on the board."),
            }
        }
        Undone::TakeBack { before, mv } => {
            let spoken = spoken_move(lang, cx.notation, before, cx.rules, mv);
            match lang {
                Czech => format!("Vrácení tahu zrušeno: tah {spoken} opět platí."),
                English => format!("Take-back undone: {spoken} stands again."),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::event::Look;
    use crate::rules::Variant;
    use std::time::Duration;

    /// The words for `e` under `rules`, in numeric notation, squares said in full.
    fn say(lang: Language, rules: &crate::rules::RuleSet, e: Event) -> String {
        let cx = Context {
            lang,
            rules,
            verbosity: super::super::Verbosity::Full,
            notation: crate::notation::Notation::Numeric,
        };
        event(&cx, &e)
    }

    #[test]
    fn golden_silent_events() {
        use crate::engine::review::Mark;
        use crate::rules::Position;
        let rules = Variant::Czech.rules();
        let say = |lang, e: Event| say(lang, rules, e);
        let before = Position::from_fen(rules.board, "W:W22,31:B11").unwrap();
        let mv = before
            .legal_moves(rules)
            .into_iter()
            .find(|m| m.from().number() == 31 && m.to().number() == 27)
            .unwrap();
        let black = Position::from_fen(rules.board, "B:W32:B11").unwrap();
        let reply = black
            .legal_moves(rules)
            .into_iter()
            .find(|m| m.from().number() == 11)
            .unwrap();
        let computer = || Event::Moved {
            before: black,
            mv: reply,
            by: Mover::Computer,
        };
        assert_eq!(say(Czech, computer()), "Počítač: 11 na 15");
        assert_eq!(say(English, computer()), "Computer: 11 to 15");
        let person = || Event::Moved {
            before: black,
            mv: reply,
            by: Mover::Person,
        };
        assert_eq!(say(Czech, person()), "11 na 15");
        assert_eq!(say(English, person()), "11 to 15");
        assert_eq!(say(Czech, Event::ComputerThinking), "Počítač přemýšlí…");
        assert_eq!(
            say(English, Event::ComputerThinking),
            "The computer is thinking…"
        );
        let looked = |mark| {
            Event::Looked(Look::After {
                ply: 1,
                plies: 2,
                number: 1,
                before,
                mv,
                entered: false,
                mark,
            })
        };
        assert_eq!(
            say(Czech, looked(Some(Mark::Blunder))),
            "Po 1. tahu bílého: 31 na 27, hrubá chyba (1 z 2)."
        );
        assert_eq!(
            say(English, looked(Some(Mark::Blunder))),
            "After White's move 1: 31 to 27, a blunder (1 of 2)."
        );
        assert_eq!(
            say(Czech, looked(Some(Mark::Inaccuracy))),
            "Po 1. tahu bílého: 31 na 27, nepřesnost (1 z 2)."
        );
        assert_eq!(
            say(Czech, looked(None)),
            "Po 1. tahu bílého: 31 na 27 (1 z 2)."
        );
        // Stepping forward onto the game's last move says the move too.
        let onto = |mark| {
            let Event::Looked(after) = looked(mark) else {
                unreachable!()
            };
            Event::Looked(Look::Live {
                onto: Some(Box::new(after)),
            })
        };
        assert_eq!(
            say(Czech, onto(Some(Mark::Mistake))),
            "Po 1. tahu bílého: 31 na 27, chyba (1 z 2). Aktuální pozice."
        );
        assert_eq!(
            say(English, onto(None)),
            "After White's move 1: 31 to 27 (1 of 2). The current position."
        );
        assert_eq!(
            say(Czech, Event::Looked(Look::Live { onto: None })),
            "Zpět v aktuální pozici."
        );
        let edge = crate::game::event::Problem::BoardEdge;
        assert_eq!(
            super::super::problem(Czech, crate::notation::Notation::Numeric, &edge),
            "Okraj desky."
        );
        assert_eq!(
            super::super::problem(English, crate::notation::Notation::Numeric, &edge),
            "Edge of the board."
        );
    }

    #[test]
    fn golden_clock_words() {
        let rules = Variant::Czech.rules();
        let say = |lang, e: Event| say(lang, rules, e);
        let minute = || Event::ClockLow {
            color: Color::White,
            left: Duration::from_secs(60),
        };
        let ten = || Event::ClockLow {
            color: Color::Black,
            left: Duration::from_secs(10),
        };
        assert_eq!(say(Czech, minute()), "Bílému zbývá jedna minuta");
        assert_eq!(say(English, minute()), "White has one minute left");
        assert_eq!(say(Czech, ten()), "Černému zbývá 10 sekund");
        assert_eq!(say(English, ten()), "Black has 10 seconds left");
        assert_eq!(
            say(Czech, Event::Flagged(Color::Black)),
            "Černému došel čas."
        );
        assert_eq!(
            say(English, Event::Flagged(Color::Black)),
            "Black's time ran out."
        );
        assert_eq!(
            time_left(Czech, Duration::from_millis(121_200)),
            "2 minuty 2 sekundy"
        );
        assert_eq!(
            time_left(English, Duration::from_secs(61)),
            "one minute 1 second"
        );
    }

    #[test]
    fn an_opened_game_says_who_plays_where_the_computer_does() {
        use crate::engine::Level;
        use crate::notation::pdn::{TextPos, Warning, WarningKind};
        use crate::rules::Color;
        let rules = Variant::Czech.rules();
        let opened = |players, warnings| Event::Opened {
            path: "/hry/partie.pdn".into(),
            number: 1,
            plies: 4,
            players,
            warnings,
        };
        let e = opened([None, Some(Level::Club)], Vec::new());
        assert_eq!(
            say(Czech, rules, e),
            "Partie načtena: partie.pdn, 4 půltahy. Bílý: člověk, černý: počítač – Klubový hráč \
             (3)."
        );
        let e = opened([None, Some(Level::Club)], Vec::new());
        assert_eq!(
            say(English, rules, e),
            "Game loaded: partie.pdn, 4 half-moves. White: human, Black: computer – Club player \
             (3)."
        );
        // People alone: as before, nothing said of them.
        let e = opened([None, None], Vec::new());
        assert_eq!(
            say(English, rules, e),
            "Game loaded: partie.pdn, 4 half-moves"
        );
        let warning = Warning {
            pos: TextPos { line: 2, col: 1 },
            game: 1,
            kind: WarningKind::UnknownPlayer {
                tag: "WhiteLevel".into(),
                value: "0".into(),
                side: Color::White,
            },
        };
        let e = opened([None, Some(Level::Master)], vec![warning.clone()]);
        assert_eq!(
            say(Czech, rules, e),
            "Partie načtena: partie.pdn, 4 půltahy. Bílý: člověk, černý: počítač – Mistr (5). \
             1 odchylka od PDN, první: Partie 1, řádek 2, sloupec 1: Značka WhiteLevel „0“ \
             neudává hráče, kterého Dáma zná; za bílého proto hraje člověk."
        );
        let e = opened([None, None], vec![warning]);
        assert_eq!(
            say(English, rules, e),
            "Game loaded: partie.pdn, 4 half-moves. 1 deviation from PDN, the first: Game 1, \
             line 2, column 1: The tag WhiteLevel “0” names no player Dáma knows, so a person \
             plays White."
        );
    }

    #[test]
    fn the_game_at_a_glance_in_both_languages() {
        use crate::engine::Level;
        use crate::game::event::Info;
        use crate::rules::{Color, Outcome, Variant, WinReason};
        let rules = Variant::Czech.rules();
        let cx = |lang| Context {
            lang,
            rules,
            verbosity: crate::speech::phrases::Verbosity::default(),
            notation: crate::notation::Notation::default(),
        };
        let said = |info: Info| {
            let e = Event::Info(info);
            [Czech, English].map(|l| event(&cx(l), &e))
        };
        let new = Info::Game {
            players: [None, None],
            stand: Ok((1, Color::White)),
            file: None,
            unsaved: false,
        };
        assert_eq!(
            said(new),
            [
                "Česká dáma. Hrají dva lidé. Tah 1, na tahu je bílý. Partie není uložena v \
                 souboru.",
                "Czech draughts. Two people play. Move 1, White to move. The game is not saved \
                 in a file.",
            ]
        );
        let level = Level::ALL[0];
        let saved = Info::Game {
            players: [None, Some(level)],
            stand: Ok((12, Color::Black)),
            file: Some(("/hry/partie.pdn".into(), None)),
            unsaved: true,
        };
        let [cs, en] = said(saved);
        assert!(
            cs.starts_with("Česká dáma. Bílý: člověk, černý: počítač – "),
            "{cs}"
        );
        assert!(
            cs.ends_with(". Tah 12, na tahu je černý. Soubor partie.pdn, neuložené změny."),
            "{cs}"
        );
        assert!(
            en.starts_with("Czech draughts. White: human, Black: computer – "),
            "{en}"
        );
        assert!(
            en.ends_with(". Move 12, Black to move. File partie.pdn, unsaved changes."),
            "{en}"
        );
        let over = Info::Game {
            players: [None, None],
            stand: Err(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Resignation,
            }),
            file: Some(("/hry/sbírka.pdn".into(), Some((2, 5)))),
            unsaved: false,
        };
        assert_eq!(
            said(over),
            [
                "Česká dáma. Hrají dva lidé. Bílý vyhrál: soupeř se vzdal. Partie 2 z 5 v souboru \
                 sbírka.pdn.",
                "Czech draughts. Two people play. White wins: the opponent resigned. Game 2 of 5 \
                 in sbírka.pdn.",
            ]
        );
    }
}
