//! The course in words: a lesson and its task as they begin, right and wrong answers, hints,
//! and a lesson done. The lesson's own words come from the course's data; these are the words
//! around them.

use crate::course::Miss;
use crate::game::event::{Hinted, Lesson};
use crate::language::Language;

use super::errors::counted;
use super::{Context, join, spoken_move};

use Language::{Czech, English};

/// "3 hvězdy", "3 stars".
fn stars(lang: Language, n: usize) -> String {
    let forms = match lang {
        Czech => ["hvězda", "hvězdy", "hvězd"],
        English => ["star", "stars", "stars"],
    };
    counted(lang, n, forms)
}

/// "Lekce 2 z 8", "Lesson 2 of 8": the lesson's number in its course, as its title begins.
pub fn lesson_number(lang: Language, number: usize, count: usize) -> String {
    match lang {
        Czech => format!("Lekce {number} z {count}"),
        English => format!("Lesson {number} of {count}"),
    }
}

/// The stars won at each task of a lesson, as the panel's line is read: "Hvězdy za úlohy: 3, 1,
/// 0 ze 3."
pub fn task_stars(lang: Language, won: &[u8]) -> String {
    let list: Vec<String> = won.iter().map(u8::to_string).collect();
    match lang {
        Czech => format!("Hvězdy za úlohy: {} ze 3.", list.join(", ")),
        English => format!("Stars for the tasks: {} of 3.", list.join(", ")),
    }
}

/// The words for what happened in a lesson.
pub fn lesson(cx: &Context<'_>, e: &Lesson) -> String {
    let lang = cx.lang;
    match e {
        Lesson::Offered => match lang {
            Czech => "Vítejte v Dámě! Pravidla hry i ovládání programu vás naučí Učení: klávesy \
                      Ctrl+L, nebo nabídka Nápověda."
                .into(),
            English => "Welcome to Dáma! The course teaches you the rules and how to use the \
                        program: Ctrl+L, or the Help menu."
                .into(),
        },
        Lesson::Task {
            opened,
            number,
            count,
            ask,
        } => {
            let mut parts = Vec::new();
            if let Some(o) = opened {
                parts.push(format!(
                    "{}: {}",
                    lesson_number(lang, o.number, o.count),
                    o.title
                ));
                parts.extend(o.say.iter().cloned());
            }
            parts.push(match lang {
                Czech => format!("Úloha {number} z {count}: {ask}"),
                English => format!("Task {number} of {count}: {ask}"),
            });
            join(parts)
        }
        Lesson::Right(None) => match lang {
            Czech => "Správně.".into(),
            English => "Right.".into(),
        },
        Lesson::Right(Some(n)) => match lang {
            Czech => format!("Správně! Úloha splněna: {} ze 3.", stars(lang, usize::from(*n))),
            English => format!("Right! Task done: {} of 3.", stars(lang, usize::from(*n))),
        },
        Lesson::Wrong(miss) => match (lang, miss) {
            (Czech, Miss::NotThisMove) => {
                "Tento tah úlohu neřeší, je vrácen. Zkuste jiný, nebo si řekněte o nápovědu klávesou F8."
                    .into()
            }
            (English, Miss::NotThisMove) => {
                "That move does not answer the task; it is taken back. Try another, or ask for a hint with F8."
                    .into()
            }
            (Czech, Miss::NotThisSquare) => {
                "To není ono. Zkuste jiné pole, nebo si řekněte o nápovědu klávesou F8.".into()
            }
            (English, Miss::NotThisSquare) => {
                "Not that one. Try another square, or ask for a hint with F8.".into()
            }
            (Czech, Miss::WantsSquare) => {
                "Tato úloha chce pole: najděte ho kurzorem a stiskněte Enter.".into()
            }
            (English, Miss::WantsSquare) => {
                "This task asks for a square: find it with the cursor and press Enter.".into()
            }
            (Czech, Miss::WantsCommand) => "Tato úloha chce stisknout klávesu.".into(),
            (English, Miss::WantsCommand) => "This task asks for a key to be pressed.".into(),
            (Czech, Miss::WantsMove) => "Tato úloha chce tah.".into(),
            (English, Miss::WantsMove) => "This task asks for a move.".into(),
            (Czech, Miss::Illegal) => "Tento tah pravidla nedovolují.".into(),
            (English, Miss::Illegal) => "The rules do not allow that move.".into(),
            (Czech, Miss::Solved) => "Úloha je už splněna. Další: Ctrl+Page Down.".into(),
            (English, Miss::Solved) => "The task is done already. Next: Ctrl+Page Down.".into(),
        },
        Lesson::Hint { words, next } => {
            let next = next.as_ref().map(|n| match (lang, n) {
                (Czech, Hinted::Move(before, mv)) => {
                    format!("Tah: {}.", spoken_move(lang, cx.notation, before, cx.rules, mv))
                }
                (English, Hinted::Move(before, mv)) => {
                    format!("The move: {}.", spoken_move(lang, cx.notation, before, cx.rules, mv))
                }
                (Czech, Hinted::Square(sq)) => format!("Je to pole {sq}."),
                (English, Hinted::Square(sq)) => format!("It is square {sq}."),
                (Czech, Hinted::Key(key)) => format!("Stiskněte {key}."),
                (English, Hinted::Key(key)) => format!("Press {key}."),
            });
            let head = match lang {
                Czech => format!("Nápověda: {words}"),
                English => format!("Hint: {words}"),
            };
            join([head, next.unwrap_or_default()])
        }
        Lesson::Done { stars: won, of, next } => {
            let won = stars(lang, *won as usize);
            let done = match lang {
                Czech => format!("Lekce hotova: {won} z {of}."),
                English => format!("Lesson done: {won} of {of}."),
            };
            let then = match (lang, next) {
                (Czech, Some(title)) => format!("Další lekce, {title}: Ctrl+Page Down."),
                (English, Some(title)) => format!("Next lesson, {title}: Ctrl+Page Down."),
                (Czech, None) => "To byla poslední lekce. Gratulujeme!".into(),
                (English, None) => "That was the last lesson. Well done!".into(),
            };
            join([done, then])
        }
    }
}
