//! Problems to solve ("úlohy"): a file of games, each a position and its solution, played as
//! exercises. The person plays the solution's moves; Dáma answers with the defence, says
//! whether the move was right, takes a wrong one back, gives hints, and keeps the progress in
//! the settings.

use std::path::{Path, PathBuf};

use super::DamaApp;
use super::change::FollowUp;
use crate::game::event::{Event, Mover, Problem};
use crate::notation::pdn::{self, PdnGame};
use crate::rules::{Game, Move};
use crate::ui::document::{DocChange, Document, Replaced};
use crate::ui::settings::Player;

/// One problem: what it asks, and its solution as a game from its position.
#[derive(Clone, Debug)]
pub struct Exercise {
    /// What it asks ("Bílý táhne a vyhraje"): the file's first comment, else its Event tag.
    pub title: String,
    /// The position and the solution's moves, the person's and the defence's in turn.
    pub solution: Game,
}

/// A collection of problems being solved.
#[derive(Clone, Debug)]
pub struct Exercises {
    /// The file.
    pub path: PathBuf,
    /// Its problems.
    pub list: Vec<Exercise>,
    /// The one on the board (an index).
    pub current: usize,
    /// Hints asked for the move to find now.
    pub hints: u8,
    /// The problem on the board is solved: later moves are not judged.
    pub done: bool,
}

impl Exercises {
    /// The problems of a file's games: each game that replays and has a solution.
    pub fn from_games(path: &Path, games: Vec<(usize, PdnGame)>) -> Exercises {
        let list = games
            .into_iter()
            .filter_map(|(number, mut g)| {
                let title = g
                    .moves
                    .comments
                    .first()
                    .cloned()
                    .or_else(|| g.tag("Event").map(str::to_string))
                    .unwrap_or_default();
                let replayed = pdn::replay(&mut g, number, None, None).ok()?;
                (!replayed.game.moves().is_empty()).then_some(Exercise {
                    title,
                    solution: replayed.game,
                })
            })
            .collect();
        Exercises {
            path: path.to_path_buf(),
            list,
            current: 0,
            hints: 0,
            done: false,
        }
    }
}

impl DamaApp {
    /// Whether a collection of problems is being solved.
    pub fn exercises(&self) -> Option<&Exercises> {
        self.exercises.as_ref()
    }

    /// The solved problems of the collection open (their indices).
    fn solved(&self) -> Vec<usize> {
        self.exercises
            .as_ref()
            .and_then(|e| self.settings.solved_problems.get(&e.path).cloned())
            .unwrap_or_default()
    }

    /// Starts solving the problems of `games`, from the first one not solved yet.
    pub(super) fn solve_problems(&mut self, path: &Path, games: Vec<(usize, PdnGame)>) {
        let exercises = Exercises::from_games(path, games);
        if exercises.list.is_empty() {
            self.complain(&Problem::NoProblems);
            return;
        }
        self.exercises = Some(exercises);
        let solved = self.solved();
        let first = (0..self.exercises.as_ref().map_or(0, |e| e.list.len()))
            .find(|i| !solved.contains(i))
            .unwrap_or(0);
        self.show_problem(first);
    }

    /// Sets problem `index` on the board, as a new game between two people under strict
    /// rules (a capture is never forgotten in a problem).
    pub(super) fn show_problem(&mut self, index: usize) {
        let solved = self.solved().len();
        let Some(ex) = self.exercises.as_mut() else {
            self.complain(&Problem::NoProblems);
            return;
        };
        let count = ex.list.len();
        let index = index % count;
        ex.current = index;
        ex.hints = 0;
        ex.done = false;
        let problem = &ex.list[index];
        let title = problem.title.clone();
        let rules = problem.solution.rules().clone();
        let start = *problem.solution.start();
        match Document::new_game(
            rules,
            false,
            [String::new(), String::new()],
            [Player::Human; 2],
            Some(start),
        ) {
            Ok(doc) => self.apply(DocChange::Replace(
                Box::new(doc),
                Replaced::Problem {
                    number: index + 1,
                    count,
                    solved,
                    title,
                },
            )),
            Err(e) => self.complain(&Problem::Rules(Box::new(e))),
        }
    }

    /// The next problem (`forward`) or the one before, round the collection.
    pub(super) fn step_problem(&mut self, forward: bool) {
        let Some(ex) = &self.exercises else {
            self.complain(&Problem::NoProblems);
            return;
        };
        let count = ex.list.len();
        let next = if forward {
            ex.current + 1
        } else {
            ex.current + count - 1
        };
        self.show_problem(next % count);
    }

    /// The solution's move that the person is to find now, and the position it is played in.
    fn expected(&self) -> Option<(crate::rules::Position, Move)> {
        let ex = self.exercises.as_ref()?;
        let solution = &ex.list[ex.current].solution;
        let ply = self.doc.game().moves().len();
        let mv = *solution.moves().get(ply)?;
        Some((*solution.position_at(ply)?, mv))
    }

    /// Judges the person's move just played at ply `ply`: the solution's (then the defence
    /// follows, or the problem is solved), or not (then it is taken back). What follows is
    /// returned, to be done after the move's change.
    pub(super) fn judge_problem_move(&mut self, ply: usize) -> Vec<FollowUp> {
        let Some(ex) = self.exercises.as_ref().filter(|e| !e.done) else {
            return Vec::new();
        };
        let solution = ex.list[ex.current].solution.clone();
        // Only the solver's moves are judged (the defence played by hand after an undo is not).
        let solver = solution.start().side_to_move();
        if solution.position_at(ply).map(|p| p.side_to_move()) != Some(solver) {
            return Vec::new();
        }
        let played = self.doc.game().moves().get(ply).copied();
        let right = played.is_some() && solution.moves().get(ply).copied() == played;
        // Another move that wins at once is right too.
        let won = self.doc.game().outcome().is_some_and(|o| {
            matches!(o, crate::rules::Outcome::Win { winner, .. }
                if Some(winner) == solution.position_at(ply).map(|p| p.side_to_move()))
        });
        if !right && !won {
            return vec![
                FollowUp::Apply(DocChange::Undo.into()),
                FollowUp::Tell(vec![Event::WrongMove]),
            ];
        }
        if let Some(ex) = self.exercises.as_mut() {
            ex.hints = 0;
        }
        let defence = solution.moves().get(ply + 1).copied();
        match defence {
            Some(mv) if right && self.doc.game().outcome().is_none() => {
                let mut follow_ups = vec![
                    FollowUp::Tell(vec![Event::RightMove]),
                    FollowUp::Apply(
                        DocChange::Play {
                            mv,
                            from_ply: None,
                            by: Mover::Computer,
                        }
                        .into(),
                    ),
                ];
                if solution.moves().len() <= ply + 2 {
                    follow_ups.push(FollowUp::ProblemSolved);
                }
                follow_ups
            }
            _ => vec![FollowUp::ProblemSolved],
        }
    }

    /// The problem on the board is solved: kept in the settings, and said.
    pub(super) fn problem_solved(&mut self) {
        let Some(ex) = self.exercises.as_mut() else {
            return;
        };
        ex.done = true;
        let (path, current, count) = (ex.path.clone(), ex.current, ex.list.len());
        let solved = self.settings.solved_problems.entry(path).or_default();
        if !solved.contains(&current) {
            solved.push(current);
            solved.sort_unstable();
        }
        let solved = solved.len();
        self.save_settings();
        self.tell(
            &[Event::ProblemSolved {
                number: current + 1,
                solved,
                count,
            }],
            false,
        );
    }

    /// A hint for the move to find: first the piece, then the whole move.
    pub(super) fn problem_hint(&mut self) {
        let Some((before, mv)) = self.expected() else {
            self.complain(&Problem::NoHint);
            return;
        };
        let Some(ex) = self.exercises.as_mut() else {
            return;
        };
        ex.hints = ex.hints.saturating_add(1);
        let whole = ex.hints > 1;
        self.tell(
            &[Event::ProblemHint {
                from: mv.from(),
                mv: whole.then_some((before, mv)),
            }],
            true,
        );
    }
}
