//! The course ("Učení"): short lessons that teach a rule set and Dáma itself by ear, each a few
//! sentences and then tasks on a real board, checked by the rules core. A course is data
//! (`assets/lessons/<variant>.ron`), so that a teacher adds a lesson without code: positions as
//! FEN, words in Czech and English, and the accepted answers in numeric notation.
//! `tests/course.rs` replays every accepted answer through the rules core.

mod attempt;

pub use attempt::{Attempt, Miss, Next, Verdict};

use serde::Deserialize;

use crate::language::Language;
use crate::notation::{MoveTextError, parse_move};
use crate::rules::{FenError, Move, Position, RuleSet, Square, Variant};

/// Words in both languages of the program.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct Text {
    /// In Czech.
    pub cs: String,
    /// In English.
    pub en: String,
}

impl Text {
    /// The words in `lang`.
    pub fn get(&self, lang: Language) -> &str {
        match lang {
            Language::Czech => &self.cs,
            Language::English => &self.en,
        }
    }
}

/// The lessons of one rule set, in the order they are taught.
#[derive(Clone, Debug, Deserialize)]
pub struct Course {
    /// The lessons.
    pub lessons: Vec<Lesson>,
}

/// One lesson: what is said, then the tasks.
#[derive(Clone, Debug, Deserialize)]
pub struct Lesson {
    /// A name that stays when the words change: progress is kept under it.
    pub id: String,
    /// Its title.
    pub title: Text,
    /// What is said before the tasks, a paragraph each.
    pub say: Vec<Text>,
    /// The tasks, one to five.
    pub tasks: Vec<Task>,
}

/// A task on the board.
#[derive(Clone, Debug, Deserialize)]
pub struct Task {
    /// The position, in FEN (the side to move first).
    pub fen: String,
    /// What the task asks.
    pub ask: Text,
    /// A hint, said on request (the next move of an answer is said after it).
    pub hint: Text,
    /// What answers it.
    pub goal: Goal,
    /// Squares the board marks for sighted helpers (the pieces the lesson is about).
    #[serde(default)]
    pub marks: Vec<u8>,
    /// Arrows the board draws for sighted helpers, from a square to a square.
    #[serde(default)]
    pub arrows: Vec<(u8, u8)>,
}

/// What answers a task.
#[derive(Clone, Debug, Deserialize)]
pub enum Goal {
    /// One of these lines of moves, in numeric notation: the person's moves, with the
    /// opponent's replies between them (played by the lesson).
    Play(Vec<Vec<String>>),
    /// One of these squares, chosen on the board (the cursor and Enter) or typed.
    Square(Vec<u8>),
    /// A command of the window, by its name (`ReadPosition` for F3): the lesson on Dáma itself
    /// practises the keys. Other commands used meanwhile are neither right nor wrong.
    Command(String),
}

/// Why a course cannot be used: its data is broken (found by `tests/course.rs` before a user
/// meets it).
#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    /// The file is not a course.
    #[error("the course of {variant:?} is not valid RON: {message}")]
    Data {
        /// Whose course.
        variant: Variant,
        /// What the reader said.
        message: String,
    },
    /// A task's position is not a position.
    #[error("{lesson}, task {task}: the position: {error}")]
    Position {
        /// The lesson's id.
        lesson: String,
        /// The task's number, from 1.
        task: usize,
        /// Why.
        error: FenError,
    },
    /// A move of an accepted answer is not legal, or names several moves.
    #[error("{lesson}, task {task}: answer {answer}, move {text:?}: {error}")]
    Move {
        /// The lesson's id.
        lesson: String,
        /// The task's number, from 1.
        task: usize,
        /// The answer's number, from 1.
        answer: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: MoveTextError,
    },
    /// A square of an answer is not a square of the board.
    #[error("{lesson}, task {task}: {square} is not a square of the board")]
    Square {
        /// The lesson's id.
        lesson: String,
        /// The task's number, from 1.
        task: usize,
        /// The number written.
        square: u8,
    },
    /// A task with no answer, a lesson with no task or more than five, or an answer that is
    /// empty or ends with the opponent's reply.
    #[error("{lesson}: {what}")]
    Shape {
        /// The lesson's id.
        lesson: String,
        /// What is wrong.
        what: String,
    },
}

/// A task made ready for the board: its position and its answers as moves.
#[derive(Clone, Debug)]
pub struct Ready {
    /// The position the task starts from.
    pub position: Position,
    /// What answers it.
    pub answer: Answer,
}

/// The accepted answers of a task, checked against the rules core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Lines of moves: the person's, with the replies between them.
    Lines(Vec<Vec<Move>>),
    /// Squares.
    Squares(Vec<Square>),
    /// A command's name.
    Command(String),
}

impl Course {
    /// The course of `variant`, if it has one.
    ///
    /// # Errors
    /// The course's data is broken.
    pub fn of(variant: Variant) -> Option<Result<Course, CourseError>> {
        let text = match variant {
            Variant::Czech => include_str!("../../assets/lessons/czech.ron"),
            Variant::TwoTowers => include_str!("../../assets/lessons/two-towers.ron"),
            Variant::English => include_str!("../../assets/lessons/english.ron"),
            Variant::International => include_str!("../../assets/lessons/international.ron"),
            // The book variant shares the Czech game; its own course is not written yet.
            Variant::CzechBook => return None,
        };
        Some(Course::parse(variant, text))
    }

    /// Reads a course and checks every task against `variant`'s rules.
    ///
    /// # Errors
    /// The text is not a course, or a task is not sound ([`CourseError`]).
    pub fn parse(variant: Variant, text: &str) -> Result<Course, CourseError> {
        let course: Course = ron::from_str(text).map_err(|e| CourseError::Data {
            variant,
            message: e.to_string(),
        })?;
        for lesson in &course.lessons {
            let shape = |what: &str| CourseError::Shape {
                lesson: lesson.id.clone(),
                what: what.to_string(),
            };
            if lesson.tasks.is_empty() || lesson.tasks.len() > 5 {
                return Err(shape("a lesson has one to five tasks"));
            }
            for (i, task) in lesson.tasks.iter().enumerate() {
                task.ready(variant.rules(), &lesson.id, i + 1)?;
            }
        }
        Ok(course)
    }
}

impl Task {
    /// The task's position and answers, checked against `rules`: every move of every answer
    /// must be legal where it is played and name one move only. `lesson` and `number` name
    /// the task in an error.
    ///
    /// # Errors
    /// See [`CourseError`].
    pub fn ready(
        &self,
        rules: &RuleSet,
        lesson: &str,
        number: usize,
    ) -> Result<Ready, CourseError> {
        let position = rules
            .parse_fen(&self.fen)
            .map_err(|error| CourseError::Position {
                lesson: lesson.to_string(),
                task: number,
                error,
            })?;
        let shape = |what: String| CourseError::Shape {
            lesson: lesson.to_string(),
            what: format!("task {number}: {what}"),
        };
        let answer = match &self.goal {
            Goal::Play(lines) if lines.is_empty() => return Err(shape("no answer".into())),
            Goal::Square(squares) if squares.is_empty() => {
                return Err(shape("no answer".into()));
            }
            Goal::Command(name) if name.is_empty() => return Err(shape("no answer".into())),
            Goal::Command(name) => Answer::Command(name.clone()),
            Goal::Play(lines) => {
                let mut out = Vec::new();
                for (a, line) in lines.iter().enumerate() {
                    // The person moves first and last: a line is the person's moves with the
                    // replies between them.
                    if line.len() % 2 == 0 {
                        return Err(shape(format!(
                            "answer {} must end with the person's move",
                            a + 1
                        )));
                    }
                    let mut pos = position;
                    let mut moves = Vec::new();
                    for text in line {
                        let (mv, loose) =
                            parse_move(&pos, rules, text).map_err(|error| CourseError::Move {
                                lesson: lesson.to_string(),
                                task: number,
                                answer: a + 1,
                                text: text.clone(),
                                error,
                            })?;
                        // The words of a lesson name a move as PDN writes it.
                        if let Some(loose) = loose {
                            return Err(shape(format!("answer {}, {text}: {loose}", a + 1)));
                        }
                        pos.play_unchecked(&mv);
                        moves.push(mv);
                    }
                    out.push(moves);
                }
                Answer::Lines(out)
            }
            Goal::Square(squares) => {
                let board = position.board();
                let mut out = Vec::new();
                for &n in squares {
                    let sq = board.square(n).ok_or_else(|| CourseError::Square {
                        lesson: lesson.to_string(),
                        task: number,
                        square: n,
                    })?;
                    out.push(sq);
                }
                Answer::Squares(out)
            }
        };
        Ok(Ready { position, answer })
    }
}
