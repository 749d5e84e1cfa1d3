//! One try at a task: the person's moves or square checked against the accepted answers, the
//! lesson's replies played, mistakes and hints counted for the stars.

use super::{Answer, Ready};
use crate::rules::{Move, Position, RuleSet, Square};

/// A task being solved.
#[derive(Clone, Debug)]
pub struct Attempt {
    /// The task's position and answers.
    ready: Ready,
    /// The rules it is played by.
    rules: RuleSet,
    /// The position now.
    position: Position,
    /// The moves played so far: the person's, and the replies.
    played: Vec<Move>,
    /// Wrong answers given.
    mistakes: u32,
    /// Whether a hint was asked for.
    hinted: bool,
    /// Whether it is solved.
    solved: bool,
}

/// What an answer was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right. `reply`: the move the lesson plays for the opponent (none at the end of the
    /// answer); `solved`: the task is done.
    Right {
        /// The opponent's reply, played.
        reply: Option<Move>,
        /// Whether the task is solved.
        solved: bool,
    },
    /// Wrong: nothing was played.
    Wrong(Miss),
}

/// Why an answer was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// The move is not legal here (the window says why before it gets here; this is the
    /// rules core's last word).
    Illegal,
    /// A legal move, but not one that answers the task.
    NotThisMove,
    /// A square that does not answer the task.
    NotThisSquare,
    /// The task asks for a square, not a move.
    WantsSquare,
    /// The task asks for a move, not a square.
    WantsMove,
    /// The task asks for a key to press, not a move or a square.
    WantsCommand,
    /// The task is solved already.
    Solved,
}

/// What comes next in an answer, as a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// This move.
    Move(Move),
    /// This square.
    Square(Square),
    /// This command (by its name).
    Command(String),
}

impl Attempt {
    /// A fresh try at the task `ready`, played by `rules`.
    pub fn new(ready: Ready, rules: &RuleSet) -> Attempt {
        Attempt {
            position: ready.position,
            ready,
            rules: rules.clone(),
            played: Vec::new(),
            mistakes: 0,
            hinted: false,
            solved: false,
        }
    }

    /// The position on the board now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far, the replies among them.
    pub fn played(&self) -> &[Move] {
        &self.played
    }

    /// Whether the task is solved.
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// Wrong answers given so far.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// The answers still open: the lines that begin with the moves played.
    fn live_lines(&self) -> impl Iterator<Item = &Vec<Move>> {
        let lines = match &self.ready.answer {
            Answer::Lines(lines) => lines.as_slice(),
            Answer::Squares(_) | Answer::Command(_) => &[],
        };
        lines
            .iter()
            .filter(|line| line.len() > self.played.len() && line.starts_with(&self.played))
    }

    /// The person plays `mv`: right when an answer goes on with it (the lesson then plays the
    /// reply of that answer), wrong otherwise (nothing is played).
    pub fn try_move(&mut self, mv: Move) -> Verdict {
        if self.solved {
            return Verdict::Wrong(Miss::Solved);
        }
        match self.ready.answer {
            Answer::Squares(_) => return self.wrong(Miss::WantsSquare),
            Answer::Command(_) => return self.wrong(Miss::WantsCommand),
            Answer::Lines(_) => {}
        }
        if !self.position.legal_moves(&self.rules).contains(&mv) {
            return self.wrong(Miss::Illegal);
        }
        let at = self.played.len();
        let Some(line) = self.live_lines().find(|line| line[at] == mv).cloned() else {
            return self.wrong(Miss::NotThisMove);
        };
        self.play(mv);
        let reply = line.get(at + 1).copied();
        if let Some(reply) = reply {
            self.play(reply);
        }
        // Solved where an answer ends here; another answer may go on, but one is enough.
        self.solved = line.len() == self.played.len();
        Verdict::Right {
            reply,
            solved: self.solved,
        }
    }

    /// The person chooses `sq`.
    pub fn try_square(&mut self, sq: Square) -> Verdict {
        if self.solved {
            return Verdict::Wrong(Miss::Solved);
        }
        match &self.ready.answer {
            Answer::Lines(_) => self.wrong(Miss::WantsMove),
            Answer::Command(_) => self.wrong(Miss::WantsCommand),
            Answer::Squares(squares) if squares.contains(&sq) => {
                self.solved = true;
                Verdict::Right {
                    reply: None,
                    solved: true,
                }
            }
            Answer::Squares(_) => self.wrong(Miss::NotThisSquare),
        }
    }

    /// The command named `name` was used: right when the task asks for it; `None` when the
    /// task asks for something else (a command used on the way is no answer, nor a mistake).
    pub fn try_command(&mut self, name: &str) -> Option<Verdict> {
        match &self.ready.answer {
            Answer::Command(wanted) if !self.solved && wanted == name => {
                self.solved = true;
                Some(Verdict::Right {
                    reply: None,
                    solved: true,
                })
            }
            Answer::Command(_) | Answer::Lines(_) | Answer::Squares(_) => None,
        }
    }

    /// What comes next in the first answer still open (counted against the stars).
    pub fn hint(&mut self) -> Option<Next> {
        if self.solved {
            return None;
        }
        self.hinted = true;
        match &self.ready.answer {
            Answer::Squares(squares) => squares.first().copied().map(Next::Square),
            Answer::Command(name) => Some(Next::Command(name.clone())),
            Answer::Lines(_) => {
                let at = self.played.len();
                self.live_lines().next().map(|line| Next::Move(line[at]))
            }
        }
    }

    /// The stars of a solved task: three without a mistake or a hint, two with one of them,
    /// one otherwise; none while it is not solved.
    pub fn stars(&self) -> u8 {
        if !self.solved {
            return 0;
        }
        match self.mistakes + u32::from(self.hinted) {
            0 => 3,
            1 => 2,
            _ => 1,
        }
    }

    fn play(&mut self, mv: Move) {
        self.position.play_unchecked(&mv);
        self.played.push(mv);
    }

    fn wrong(&mut self, miss: Miss) -> Verdict {
        self.mistakes += 1;
        Verdict::Wrong(miss)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{Goal, Task, Text};
    use crate::notation::parse_move;
    use crate::rules::{SquareSet, Variant};

    fn task(fen: &str, goal: Goal) -> Attempt {
        let rules = Variant::Czech.rules();
        let task = Task {
            fen: fen.into(),
            ask: Text::default(),
            hint: Text::default(),
            goal,
            marks: Vec::new(),
            arrows: Vec::new(),
        };
        Attempt::new(task.ready(rules, "test", 1).unwrap(), rules)
    }

    fn mv(a: &Attempt, text: &str) -> Move {
        parse_move(a.position(), Variant::Czech.rules(), text)
            .unwrap()
            .0
    }

    fn lines(lines: &[&[&str]]) -> Goal {
        Goal::Play(
            lines
                .iter()
                .map(|l| l.iter().map(|m| m.to_string()).collect())
                .collect(),
        )
    }

    #[test]
    fn a_line_is_played_with_its_replies_and_solved_at_its_end() {
        // White man 22, Black man 1: walk the man up while Black waits on the other side.
        let mut a = task("W:W22:B1", lines(&[&["22-18", "1-5", "18-14"]]));
        let first = mv(&a, "22-18");
        let reply = mv(
            &{
                let mut b = a.clone();
                b.play(first);
                b
            },
            "1-5",
        );
        assert_eq!(
            a.try_move(first),
            Verdict::Right {
                reply: Some(reply),
                solved: false
            }
        );
        let last = mv(&a, "18-14");
        assert_eq!(
            a.try_move(last),
            Verdict::Right {
                reply: None,
                solved: true
            }
        );
        assert_eq!(a.stars(), 3);
        assert_eq!(a.try_move(last), Verdict::Wrong(Miss::Solved));
    }

    #[test]
    fn a_legal_move_off_the_answers_is_wrong_and_costs_a_star() {
        let mut a = task("W:W22:B1", lines(&[&["22-18", "1-5", "18-14"]]));
        let aside = mv(&a, "22-17");
        assert_eq!(a.try_move(aside), Verdict::Wrong(Miss::NotThisMove));
        assert_eq!(a.played(), &[] as &[Move], "nothing is played");
        assert_eq!(a.hint(), Some(Next::Move(mv(&a, "22-18"))));
        let first = mv(&a, "22-18");
        a.try_move(first);
        let last = mv(&a, "18-14");
        a.try_move(last);
        assert!(a.is_solved());
        assert_eq!(a.stars(), 1, "a mistake and a hint");
    }

    #[test]
    fn either_answer_is_right() {
        let mut a = task("W:W22:B1", lines(&[&["22-18"], &["22-17"]]));
        let m = mv(&a, "22-17");
        assert_eq!(
            a.try_move(m),
            Verdict::Right {
                reply: None,
                solved: true
            }
        );
        assert_eq!(a.stars(), 3);
    }

    #[test]
    fn a_square_answers_a_square_task() {
        let mut a = task("W:W22:B1", Goal::Square(vec![22]));
        let m = mv(&a, "22-18");
        assert_eq!(a.try_move(m), Verdict::Wrong(Miss::WantsSquare));
        let board = a.position().board();
        assert_eq!(
            a.try_square(board.square(18).unwrap()),
            Verdict::Wrong(Miss::NotThisSquare)
        );
        assert_eq!(
            a.try_square(board.square(22).unwrap()),
            Verdict::Right {
                reply: None,
                solved: true
            }
        );
        assert_eq!(a.stars(), 1);
    }

    #[test]
    fn a_move_the_rules_forbid_is_illegal() {
        // A capture is due: 22x15.
        let mut a = task("W:W22:B18", lines(&[&["22x15"]]));
        let board = a.position().board();
        let sideways = Move::new(
            board,
            board.square(22).unwrap(),
            board.square(17).unwrap(),
            SquareSet::EMPTY,
        );
        assert_eq!(a.try_move(sideways), Verdict::Wrong(Miss::Illegal));
    }
}
