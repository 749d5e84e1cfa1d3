//! Problems to solve ("úlohy"): a file of games, each a position and its solution, played as
//! exercises. The person plays the solution's moves; Dáma answers with the defence, says
//! whether the move was right, takes a wrong one back, gives hints, and keeps the progress in
//! the settings. A feature of its own ([`Problems`]): its methods take a [`FeatureCx`].

use std::path::{Path, PathBuf};

use super::change::FollowUp;
use super::feature::FeatureCx;
use crate::game::event::{Event, Mover, Problem};
use crate::notation::pdn::{self, PdnGame};
use crate::rules::{Game, Move};
use crate::ui::document::{DocChange, Document, Replaced};
use crate::ui::settings::{Player, Settings};

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

/// The problems as a feature of the window: a collection open, or none.
#[derive(Default)]
pub(super) struct Problems {
    /// The collection being solved, if one is open.
    open: Option<Exercises>,
}

impl Exercises {
    /// The solved problems of this collection (their indices), as the settings keep them.
    fn solved(&self, settings: &Settings) -> Vec<usize> {
        settings
            .solved_problems
            .get(&self.path)
            .cloned()
            .unwrap_or_default()
    }
}

impl Problems {
    /// The collection being solved, if one is open.
    pub(super) fn exercises(&self) -> Option<&Exercises> {
        self.open.as_ref()
    }

    /// Whether a collection of problems is being solved.
    pub(super) fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The collection closed: another game replaced the problem on the board.
    pub(super) fn close(&mut self) {
        self.open = None;
    }

    /// Starts solving the problems of `games`, from the first one not solved yet.
    pub(super) fn solve(&mut self, cx: &mut FeatureCx, path: &Path, games: Vec<(usize, PdnGame)>) {
        let exercises = Exercises::from_games(path, games);
        if exercises.list.is_empty() {
            cx.complain(Problem::NoProblems);
            return;
        }
        let solved = exercises.solved(cx.settings);
        let first = (0..exercises.list.len())
            .find(|i| !solved.contains(i))
            .unwrap_or(0);
        self.open = Some(exercises);
        self.show(cx, first);
    }

    /// Sets problem `index` on the board, as a new game between two people under strict
    /// rules (a capture is never forgotten in a problem).
    pub(super) fn show(&mut self, cx: &mut FeatureCx, index: usize) {
        let Some(ex) = self.open.as_mut() else {
            cx.complain(Problem::NoProblems);
            return;
        };
        let solved = ex.solved(cx.settings).len();
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
            Ok(doc) => cx.apply(DocChange::Replace(
                Box::new(doc),
                Replaced::Problem {
                    number: index + 1,
                    count,
                    solved,
                    title,
                },
            )),
            Err(e) => cx.complain(Problem::Rules(Box::new(e))),
        }
    }

    /// The next problem (`forward`) or the one before, round the collection.
    pub(super) fn step(&mut self, cx: &mut FeatureCx, forward: bool) {
        let Some(ex) = &self.open else {
            cx.complain(Problem::NoProblems);
            return;
        };
        let count = ex.list.len();
        let next = if forward {
            ex.current + 1
        } else {
            ex.current + count - 1
        };
        self.show(cx, next % count);
    }

    /// The solution's move that the person is to find now, and the position it is played in.
    fn expected(&self, doc: &Document) -> Option<(crate::rules::Position, Move)> {
        let ex = self.open.as_ref()?;
        let solution = &ex.list[ex.current].solution;
        let ply = doc.game().moves().len();
        let mv = *solution.moves().get(ply)?;
        Some((*solution.position_at(ply)?, mv))
    }

    /// Judges the person's move just played at ply `ply` of `doc`'s game: the solution's (then
    /// the defence follows, or the problem is solved), or not (then it is taken back). What
    /// follows is returned, to be done after the move's change (this is called from inside
    /// it, so it asks for nothing else).
    pub(super) fn judge(&mut self, doc: &Document, ply: usize) -> Vec<FollowUp> {
        let Some(ex) = self.open.as_mut().filter(|e| !e.done) else {
            return Vec::new();
        };
        let solution = &ex.list[ex.current].solution;
        // Only the solver's moves are judged (the defence played by hand after an undo is not).
        let solver = solution.start().side_to_move();
        if solution.position_at(ply).map(|p| p.side_to_move()) != Some(solver) {
            return Vec::new();
        }
        let played = doc.game().moves().get(ply).copied();
        let right = played.is_some() && solution.moves().get(ply).copied() == played;
        // Another move that wins at once is right too.
        let won = doc.game().outcome().is_some_and(|o| {
            matches!(o, crate::rules::Outcome::Win { winner, .. }
                if Some(winner) == solution.position_at(ply).map(|p| p.side_to_move()))
        });
        if !right && !won {
            return vec![
                FollowUp::Apply(DocChange::Undo.into()),
                FollowUp::Tell(vec![Event::WrongMove]),
            ];
        }
        let defence = solution.moves().get(ply + 1).copied();
        let last = solution.moves().len() <= ply + 2;
        ex.hints = 0;
        match defence {
            Some(mv) if right && doc.game().outcome().is_none() => {
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
                if last {
                    follow_ups.push(FollowUp::ProblemSolved);
                }
                follow_ups
            }
            _ => vec![FollowUp::ProblemSolved],
        }
    }

    /// The problem on the board is solved: kept in the settings, and said.
    pub(super) fn mark_solved(&mut self, cx: &mut FeatureCx) {
        let Some(ex) = self.open.as_mut() else {
            return;
        };
        ex.done = true;
        let (path, current, count) = (ex.path.clone(), ex.current, ex.list.len());
        let mut solved = ex.solved(cx.settings);
        if !solved.contains(&current) {
            solved.push(current);
            solved.sort_unstable();
        }
        let number = solved.len();
        cx.change_settings(move |settings| {
            settings.solved_problems.insert(path, solved);
        });
        cx.tell(
            vec![Event::ProblemSolved {
                number: current + 1,
                solved: number,
                count,
            }],
            false,
        );
    }

    /// A hint for the move to find: first the piece, then the whole move.
    pub(super) fn hint(&mut self, cx: &mut FeatureCx) {
        let Some((before, mv)) = self.expected(cx.doc) else {
            cx.complain(Problem::NoHint);
            return;
        };
        let Some(ex) = self.open.as_mut() else {
            return;
        };
        ex.hints = ex.hints.saturating_add(1);
        let whole = ex.hints > 1;
        cx.tell(
            vec![Event::ProblemHint {
                from: mv.from(),
                mv: whole.then_some((before, mv)),
            }],
            true,
        );
    }
}
