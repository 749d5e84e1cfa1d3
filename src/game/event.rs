//! What happened, as data: the window's one change path returns [`Event`]s, and every refusal
//! or failure is a [`Problem`] that carries the typed error of the layer it came from.
//! [`crate::speech::phrases`] turns both into Czech or English words; nothing here is a
//! sentence.
//!
//! Events carry the position a move was played in (a [`Position`] is small and `Copy`), so
//! that the words can name captures and crownings without looking at the game again.

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use crate::engine::Level;
use crate::engine::review::{Judged, Mark};
use crate::notation::MoveTextError;
use crate::notation::pdn::{PdnError, Warning};
use crate::rules::{
    Board, Color, FenError, GameError, Move, Outcome, Piece, Position, RuleSetError, Square,
    SquareSet, Variant,
};
use crate::store::autosave::AutosaveError;
use crate::store::game_file::ReadError;

/// Who made a move or answered: the words differ ("Počítač remízu odmítá"), and the computer's
/// reply is queued behind what is being said instead of cutting it short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// A person at this computer.
    Person,
    /// The computer opponent.
    Computer,
}

/// What the person asked to be told ([`Event::Info`]). A kind added here is said (its words
/// in [`crate::speech::phrases`]) and, being only told, plays no sound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// The game at a glance: who plays, where it stands, its file.
    Game {
        /// Who plays each side: a person (`None`) or the computer at a level.
        players: [Option<Level>; 2],
        /// How it stands: the number of the next move and the side to play it, or how it
        /// ended.
        stand: Result<(usize, Color), Outcome>,
        /// The game's file (none: not saved in one), with its place in a file of several
        /// games (the game's number and how many there are).
        file: Option<(PathBuf, Option<(usize, usize)>)>,
        /// Whether it has changes not saved.
        unsaved: bool,
    },
    /// Nothing has been said yet: nothing to say again, no history to list.
    NothingSaid,
    /// Whether the side to move must capture, and with what: the captures of the position
    /// shown (none: no capture is due). Under table rules (`table`) nothing points a capture
    /// out (rules.md §5).
    Captures {
        /// The position shown.
        before: Position,
        /// Its captures.
        moves: Vec<Move>,
        /// Whether the game is played under table rules.
        table: bool,
    },
    /// Where one side's pieces stand in the position shown.
    Pieces {
        /// The position shown.
        pos: Position,
        /// The side asked about.
        side: Color,
    },
    /// The moves of the piece on a square (the keyboard cursor's) in the position shown.
    PieceMoves {
        /// The position shown.
        before: Position,
        /// The square.
        square: Square,
        /// The moves from it the side to move may make.
        moves: Vec<Move>,
    },
    /// The last moves of the game up to the position shown, oldest first: each its ply
    /// (counted from the rule set's first player's first move, as the move list numbers them),
    /// the position before it and the move.
    LastMoves(Vec<(usize, Position, Move)>),
    /// How to go to a square: type its number on the board, then Enter.
    TypeSquare,
}

/// What becomes of a build of endgame databases in the background
/// ([`crate::store::endgame_files`]): begun, done, stopped, failed, removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Endgames {
    /// A build began (or went on from where it was stopped): what it will take, said before
    /// anything large is written.
    Started {
        /// The rule set.
        variant: Variant,
        /// The most pieces.
        pieces: u32,
        /// The finished files' size.
        bytes: u64,
        /// About how long it takes.
        time: Duration,
        /// Materials solved before (a stopped build going on).
        done: usize,
        /// The databases on disk were damaged: the build sets them aside and makes them again.
        damaged: bool,
    },
    /// The databases are built and the computer uses them from its next move.
    Built {
        /// The rule set.
        variant: Variant,
        /// The most pieces.
        pieces: u32,
        /// Their size on disk.
        bytes: u64,
    },
    /// The build was stopped; what it solved is kept for the next.
    Stopped {
        /// The rule set.
        variant: Variant,
        /// Materials solved.
        done: usize,
        /// Materials in all.
        of: usize,
    },
    /// The databases were removed from the disk.
    Removed(Variant),
    /// They could not be written: a file, and the system's error.
    Failed {
        /// The rule set.
        variant: Variant,
        /// The file or folder.
        path: PathBuf,
        /// The kind of error, its number, and the system's words (said in English only).
        error: (std::io::ErrorKind, Option<i32>, String),
    },
    /// Another program (another window of Dáma, `dama endgame`) is building or removing the
    /// same databases: this one left them alone.
    Busy(Variant),
    /// A level that plays better with databases was chosen, but they are large: where to
    /// build them.
    Offered {
        /// The rule set.
        variant: Variant,
        /// Their size.
        bytes: u64,
    },
}

/// What happens in a lesson of the course ([`crate::course`]). The lesson's own words come
/// from the course's data in the language of the window; the words around them from
/// [`crate::speech::phrases`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lesson {
    /// The course offered at the very first start.
    Offered,
    /// A task is on the board; `opened`: the lesson begins with it, and its words come first.
    Task {
        /// The lesson, when it begins here.
        opened: Option<LessonOpened>,
        /// The task's number in the lesson, from 1.
        number: usize,
        /// How many tasks the lesson has.
        count: usize,
        /// What the task asks.
        ask: String,
    },
    /// The answer was right; the stars when it solved the task.
    Right(Option<u8>),
    /// The answer was wrong: nothing was played (a move is taken back).
    Wrong(crate::course::Miss),
    /// A hint: its words, and what comes next in the answer.
    Hint {
        /// The task's hint.
        words: String,
        /// The next move, in the position it is played in, or the square: at the second asking.
        next: Option<Hinted>,
    },
    /// The last task of the lesson is solved: its stars, of how many, and the next lesson's
    /// title (none: the course is done).
    Done {
        /// The stars won.
        stars: u32,
        /// The stars there are.
        of: u32,
        /// The next lesson's title.
        next: Option<String>,
    },
}

/// A lesson as it begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonOpened {
    /// Its number in the course, from 1.
    pub number: usize,
    /// How many lessons the course has.
    pub count: usize,
    /// Its title.
    pub title: String,
    /// What it says before the tasks.
    pub say: Vec<String>,
}

/// What a hint names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hinted {
    /// This move, played in this position.
    Move(Position, Move),
    /// This square.
    Square(Square),
    /// This key (its shortcut as the window writes it: "F3").
    Key(String),
}

/// Something that happened in the game or the window.
#[derive(Debug)]
pub enum Event {
    /// A move was played in the position `before`.
    Moved {
        /// The position the move was played in.
        before: Position,
        /// The move.
        mv: Move,
        /// Who played it.
        by: Mover,
    },
    /// The game ended (after a move, a resignation or an agreed draw).
    Ended(Outcome),
    /// Whose turn it is now (after undo, redo or a take-back, when it is not obvious).
    ToMove(Color),
    /// A move made from an earlier position dropped the later moves.
    Truncated {
        /// How many plies were dropped.
        dropped: usize,
    },
    /// A draw offer lapsed: a move was made instead of an answer.
    DrawOfferLapsed,
    /// A forgotten capture was claimed: the offending piece was removed.
    Huffed {
        /// The piece removed.
        piece: Piece,
        /// Where it stood.
        square: Square,
    },
    /// A forgotten capture was claimed and several pieces offended: the claimer picks one.
    ChooseOffender(SquareSet),
    /// A forgotten capture was claimed: the violating move was taken back, and its player must
    /// now capture.
    TakenBack {
        /// The position the move had been played in.
        before: Position,
        /// The move taken back.
        mv: Move,
    },
    /// Undo took something back.
    Undone(Undone),
    /// Redo played a move again.
    Redone {
        /// The position it was played in.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// The board shows another position of the game.
    Looked(Look),
    /// A draw was offered.
    DrawOffered {
        /// Who offers it.
        by: Color,
        /// The shortcuts that accept and decline it, when a person is to answer.
        keys: Option<[String; 2]>,
    },
    /// A draw offer was answered.
    DrawAnswered {
        /// Who answered.
        by: Color,
        /// Whether the draw was accepted.
        accepted: bool,
        /// Whether the computer answered.
        mover: Mover,
    },
    /// A side resigned.
    Resigned(Color),
    /// A new game started (the rule set is the game's).
    NewGame {
        /// Whether table rules apply.
        table_rules: bool,
        /// Who plays White and Black: a person (`None`) or the computer.
        players: [Option<Level>; 2],
        /// The position it starts from, where it is not the rule set's own start.
        set_up: Option<Position>,
        /// The time control, in a game on time.
        clock: Option<crate::game::clock::TimeControl>,
    },
    /// Who plays the sides changed.
    PlayersChanged([Option<Level>; 2]),
    /// A game was opened from a file.
    Opened {
        /// The file.
        path: PathBuf,
        /// Its number in the file, from 1.
        number: usize,
        /// How many plies it has.
        plies: usize,
        /// Who plays White and Black, as its tags say: a person (`None`) or the computer.
        players: [Option<Level>; 2],
        /// What was accepted although not quite PDN.
        warnings: Vec<Warning>,
    },
    /// The game of an interrupted run continues.
    Resumed {
        /// How many plies it has.
        plies: usize,
    },
    /// The game was saved.
    Saved(PathBuf),
    /// A save into a large file began in the background (the window goes on meanwhile):
    /// the file, and how many bytes it holds.
    Saving {
        /// The file.
        path: PathBuf,
        /// Its size before the save.
        bytes: u64,
    },
    /// The interrupted game was not resumed: it was put aside in this file.
    PutAside(PathBuf),
    /// An interrupted game was left where it is, for the next start or another window.
    LeftForLater(PathBuf),
    /// The position shown was put on the clipboard, as this FEN.
    PositionCopied(String),
    /// The board was turned round.
    Flipped {
        /// Black is now at the bottom.
        black_at_bottom: bool,
    },
    /// The keyboard cursor is on a square.
    Cursor(SquareView),
    /// A piece was selected; it can go to `targets`.
    Selected {
        /// The square and what it holds.
        square: SquareView,
        /// Where a click takes the move further.
        targets: SquareSet,
        /// The square is the keyboard cursor's, whose name the screen reader has just read
        /// (and reads again as "selected" joins it): the words say only what is new.
        at_cursor: bool,
    },
    /// A landing square was added to the capture path being built; more follow.
    Extended(Square),
    /// The selected piece was let go.
    Deselected,
    /// The computer suggests a move.
    Hint {
        /// The position it is for.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// The computer was asked for a hint and is thinking.
    ThinkingAboutHint,
    /// The computer has been thinking about its move (or a claim, or a draw offer) long
    /// enough for the wait to be said.
    ComputerThinking,
    /// The cursor is in the move field.
    MoveField,
    /// What the person asked to be told: said, never sounded, and nothing changed.
    Info(Info),
    /// The board as text (for braille displays) was shown, with the focus in it, or hidden.
    BoardText {
        /// Whether it is shown now.
        shown: bool,
    },
    /// A dialog was cancelled.
    Cancelled,
    /// A dialog was closed.
    Closed,
    /// Something changed in the position editor.
    Edited(Edit),
    /// Analysis follows the position shown from now on, or no longer.
    AnalysisMode(bool),
    /// The computer is analysing the position shown; what it finds is said when it is done.
    Analysing,
    /// What the analysis found in `pos`.
    Analysed {
        /// The position analysed.
        pos: Position,
        /// Its score for the side to move, in hundredths of a man.
        score: i32,
        /// The line expected, from the best move.
        line: Vec<Move>,
    },
    /// The computer started going through the game.
    Reviewing {
        /// Moves to judge.
        moves: usize,
        /// About how long it takes, in seconds.
        seconds: u64,
    },
    /// The review was stopped before it was done (the computer had to move, the editor opened).
    ReviewStopped,
    /// The review is done.
    Reviewed {
        /// Inaccuracies, mistakes, blunders.
        counts: [usize; 3],
        /// The shortcut that goes to the next mistake.
        key: String,
    },
    /// The side to move has no more than `left` on its clock.
    ClockLow {
        /// Whose clock.
        color: Color,
        /// The threshold passed.
        left: std::time::Duration,
    },
    /// `Color`'s time ran out (the game ends with it).
    Flagged(Color),
    /// The clocks were paused, or run again.
    ClockPaused(bool),
    /// The clocks, said on request.
    Clocks {
        /// White's and Black's time left.
        left: [std::time::Duration; 2],
        /// Whose clock runs (`None`: before the first move, or after the game).
        running: Option<Color>,
        /// Whether they are paused.
        paused: bool,
    },
    /// A problem of a collection was set on the board.
    ProblemShown {
        /// Its number, from 1.
        number: usize,
        /// How many the collection has.
        count: usize,
        /// How many of them are solved.
        solved: usize,
        /// What it asks, from the file (may be empty).
        title: String,
    },
    /// The move played is the solution's.
    RightMove,
    /// The move played is not the solution's; it was taken back.
    WrongMove,
    /// The problem is solved.
    ProblemSolved {
        /// Its number, from 1.
        number: usize,
        /// How many of the collection are solved now.
        solved: usize,
        /// How many the collection has.
        count: usize,
    },
    /// A hint for the problem: the piece to move, then (asked again) the move in `before`.
    ProblemHint {
        /// The square of the piece to move.
        from: Square,
        /// The whole move, at the second asking.
        mv: Option<(Position, Move)>,
    },
    /// Something of the course ("Učení").
    Course(Lesson),
    /// Something of the endgame databases built in the background.
    Endgames(Endgames),
    /// A move the review judged, shown: the board is at the position it was played in.
    Judged {
        /// Its number, as the move list numbers it.
        number: usize,
        /// The position it was played in.
        before: Position,
        /// The judgement.
        judged: Judged,
    },
    /// A move at an earlier position started a variation (the game is as it was).
    VariationStarted {
        /// The position it was played in.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// A move was played in a variation.
    VariationMoved {
        /// The position it was played in.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// A move in a variation replaced its later moves.
    VariationCut {
        /// How many plies were dropped.
        dropped: usize,
    },
    /// A variation was deleted.
    VariationRemoved {
        /// How many moves it held, its own variations included.
        moves: usize,
    },
    /// A variation took the place of the line it hung from: of the game itself (`game`), or
    /// of the variation it was in.
    VariationPromoted {
        /// Whether it became the game.
        game: bool,
    },
    /// What an annotator wrote after the move shown.
    Note(crate::rules::Note),
    /// The position shown has variations to its next move.
    Choices {
        /// The position.
        at: Position,
        /// The line's own next move.
        next: Option<Move>,
        /// The first moves of the variations to it.
        variations: Vec<Move>,
    },
}

/// What an event is to the sound cues: [`crate::sound::cues`] picks a batch's cues from these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sounding<'a> {
    /// A move played, from `before`.
    Move {
        /// The position it was played in.
        before: &'a Position,
        /// The move.
        mv: &'a Move,
    },
    /// A piece picked up.
    Selected,
    /// The game ended (a resignation comes with its end, and sounds once).
    GameOver,
    /// A game opened or resumed: nothing happened at the board, so its end sounds nothing.
    Loaded,
    /// Spoken only.
    Silent,
}

impl Event {
    /// What the event is to the sound cues. Every variant is decided here, with no wildcard,
    /// so that a new one cannot go without its decision unnoticed.
    pub fn sounding(&self) -> Sounding<'_> {
        match self {
            Event::Moved { before, mv, .. } => Sounding::Move { before, mv },
            Event::Selected { .. } => Sounding::Selected,
            Event::Ended(_) | Event::Resigned(_) => Sounding::GameOver,
            Event::Opened { .. } | Event::Resumed { .. } => Sounding::Loaded,
            // The game's own changes that are spoken, not sounded (a loss on time sounds with
            // its `Ended`; a move in a variation is a move looked at, as before).
            Event::ToMove(_)
            | Event::Truncated { .. }
            | Event::DrawOfferLapsed
            | Event::Huffed { .. }
            | Event::ChooseOffender(_)
            | Event::TakenBack { .. }
            | Event::Undone(_)
            | Event::Redone { .. }
            | Event::DrawOffered { .. }
            | Event::DrawAnswered { .. }
            | Event::NewGame { .. }
            | Event::PlayersChanged(_)
            | Event::Flagged(_)
            | Event::VariationStarted { .. }
            | Event::VariationMoved { .. }
            | Event::VariationCut { .. }
            | Event::VariationRemoved { .. }
            | Event::VariationPromoted { .. } => Sounding::Silent,
            // Looking through the game, the cursor, files, menus and dialogs, the computer's
            // help, the clocks and problems: spoken only.
            Event::Looked(_)
            | Event::Saved(_)
            | Event::Saving { .. }
            | Event::PutAside(_)
            | Event::LeftForLater(_)
            | Event::PositionCopied(_)
            | Event::Flipped { .. }
            | Event::Cursor(_)
            | Event::Extended(_)
            | Event::Deselected
            | Event::Hint { .. }
            | Event::ThinkingAboutHint
            | Event::ComputerThinking
            | Event::MoveField
            | Event::BoardText { .. }
            | Event::Info(_)
            | Event::Cancelled
            | Event::Closed
            | Event::Edited(_)
            | Event::AnalysisMode(_)
            | Event::Analysing
            | Event::Analysed { .. }
            | Event::Reviewing { .. }
            | Event::ReviewStopped
            | Event::Reviewed { .. }
            | Event::ClockLow { .. }
            | Event::ClockPaused(_)
            | Event::Clocks { .. }
            | Event::ProblemShown { .. }
            | Event::RightMove
            | Event::WrongMove
            | Event::Course(_)
            | Event::Endgames(_)
            | Event::ProblemSolved { .. }
            | Event::ProblemHint { .. }
            | Event::Judged { .. }
            | Event::Note(_)
            | Event::Choices { .. } => Sounding::Silent,
        }
    }
}

/// A change in the position editor (the board being set up is not the game: these change
/// nothing that is saved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The editor opened, on a position of these rules with this side to move.
    Opened {
        /// The rules.
        variant: Variant,
        /// Who is to move.
        side: Color,
    },
    /// A piece was put on a square or taken off it: the square as it is now.
    Put(SquareView),
    /// A piece was dragged to another square.
    Moved {
        /// The piece.
        piece: Piece,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The piece a click puts.
    Brush(Piece),
    /// The side to move.
    Side(Color),
    /// Other rules were chosen.
    Rules {
        /// The rules.
        variant: Variant,
        /// Their board is another size, so their starting position was put.
        reset: bool,
    },
    /// Every piece was taken off.
    Cleared,
    /// The rules' starting position was put.
    StartPosition,
    /// The editor was left without starting a game.
    Left,
}

/// What undo took back.
#[derive(Debug)]
pub enum Undone {
    /// A move, played in `before`.
    Move {
        /// The position it was played in.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// A resignation or an agreed draw.
    Ending(Outcome),
    /// A huff not yet followed by the claimer's move: the piece is back.
    Huff {
        /// Where it stands.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// A take-back claim not yet followed by the capture: the violating move stands again.
    TakeBack {
        /// The position it was played in.
        before: Position,
        /// The move.
        mv: Move,
    },
}

/// Which position the board shows.
#[derive(Debug)]
pub enum Look {
    /// The starting position of a game of `plies` plies.
    Start {
        /// The length of the game.
        plies: usize,
        /// The board showed the current position before.
        entered: bool,
    },
    /// The position after ply `ply` (from 1) of `plies`.
    After {
        /// The ply shown, from 1.
        ply: usize,
        /// The length of the game.
        plies: usize,
        /// The move number as the move list writes it.
        number: usize,
        /// The position the move was played in.
        before: Position,
        /// The move.
        mv: Move,
        /// The board showed the current position before.
        entered: bool,
        /// The move's mark from the review of the game, where it is not a good move.
        mark: Option<Mark>,
    },
    /// The current position again.
    Live {
        /// The game's last move, where the board stepped forward onto it.
        onto: Option<Box<Look>>,
    },
    /// The position after ply `ply` (from 1) of a variation of `len` plies.
    Variation {
        /// How deep it is: 1 for a variation to the game's own moves.
        depth: usize,
        /// Which of the variations to the same move, from 1.
        index: usize,
        /// How many variations that move has.
        count: usize,
        /// The ply shown, from 1.
        ply: usize,
        /// The length of the variation.
        len: usize,
        /// The move number as the move list writes it.
        number: usize,
        /// The position the move was played in.
        before: Position,
        /// The move.
        mv: Move,
    },
}

/// A square as the board shows it: what stands there and the marks on it, the same facts
/// as its accessible name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareView {
    /// The square.
    pub square: Square,
    /// The board it is on (for its algebraic name).
    pub board: Board,
    /// The piece on it.
    pub piece: Option<Piece>,
    /// The marks on it.
    pub marks: Marks,
}

impl SquareView {
    /// Square `square` of `pos`, with `marks`.
    pub fn new(pos: &Position, square: Square, marks: Marks) -> SquareView {
        SquareView {
            square,
            board: pos.board(),
            piece: pos.piece_at(square),
            marks,
        }
    }
}

/// What the board marks on a square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The selected piece.
    pub selected: bool,
    /// A piece that can move.
    pub can_move: bool,
    /// A piece that must capture (strict rules only).
    pub must_capture: bool,
    /// A square a click takes the move to.
    pub destination: bool,
    /// Start or end of the last move.
    pub last_move: bool,
    /// Start or end of the computer's suggestion.
    pub hint: bool,
    /// A piece the claimer may remove (a huff with several offenders).
    pub offender: bool,
}

/// Why a click on the board did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The square holds a piece of the side not to move.
    NotYourPiece,
    /// Nothing is selected and the square is empty.
    EmptySquare,
    /// The piece has no legal move, and no capture is pending elsewhere.
    CannotMove,
    /// Another piece must capture (capture is mandatory).
    MustCapture,
    /// No move of the selected piece goes there.
    NotADestination,
    /// Several captures of the selected piece end there: the landing squares must be clicked.
    AmbiguousEnd,
}

/// A refusal or a failure, with the typed error it comes from.
#[derive(Debug)]
pub enum Problem {
    /// A click on the board did nothing.
    Click(Refusal),
    /// The rules core refused.
    Game(GameError),
    /// Typed move text that could not be played.
    MoveText(MoveTextError),
    /// The person tried to move, or claim, while it is the computer's turn.
    ComputerToMove,
    /// The computer is still thinking (about a hint or a draw offer).
    StillThinking,
    /// A draw answered when none was offered.
    NoDrawOffer,
    /// A draw offer is answered by the opponent of the side that offered it: a person cannot
    /// answer for the computer, nor the computer for a person.
    NotYourDrawAnswer,
    /// The board already shows the start of the game.
    AtStart,
    /// The board already shows the current position.
    AtLive,
    /// The computer cannot suggest a move now (the game is over).
    NoHint,
    /// A file could not be opened.
    Open {
        /// The file.
        path: PathBuf,
        /// Why (boxed: a syntax error carries its place and data).
        error: Box<ReadError>,
    },
    /// A game of a file could not be replayed.
    Replay {
        /// The file.
        path: PathBuf,
        /// Where and why.
        error: Box<PdnError>,
    },
    /// The game could not be saved (the file on disk is as it was).
    Save {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The game could not be written back into its collection, or added to a file (the file
    /// is as it was).
    SaveInCollection {
        /// The file.
        path: PathBuf,
        /// The game's number in it; `None` for a game added after the last.
        number: Option<usize>,
        /// Why.
        error: crate::store::collection::SpliceError,
    },
    /// The settings could not be saved.
    SaveSettings {
        /// Their folder.
        dir: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The settings file could not be used as it was; it was kept aside.
    SettingsDamaged {
        /// Where the file as it was was put.
        kept_as: PathBuf,
        /// What was wrong, and what is used instead.
        damage: SettingsDamage,
    },
    /// The autosaved game was damaged; a new game starts.
    AutosaveDamaged {
        /// Where the damaged file was put.
        kept_as: PathBuf,
        /// Why it could not be read.
        error: Box<AutosaveError>,
    },
    /// Every autosave slot is held by another window.
    AutosaveBusy,
    /// The data folder cannot be used: play goes on without autosave.
    DataFolder {
        /// The folder.
        dir: PathBuf,
        /// What is in the way.
        problem: crate::store::dirs::FolderProblem,
    },
    /// Writing the autosave failed.
    AutosaveFailed {
        /// The autosave file.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The interrupted game could not be put aside.
    PutAsideFailed {
        /// The autosave file.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The speech engine could not start.
    SpeechUnavailable(String),
    /// The own voice worked, then its engine was lost (speech-dispatcher restarted) and could
    /// not be reached again: the engine's reason, for the log. Connecting is tried again.
    SpeechLost(String),
    /// No sound device could be opened for the sound cues.
    SoundUnavailable,
    /// "Paste position" found no text on the clipboard.
    ClipboardEmpty,
    /// "Paste position" found a text longer than any position (in characters): it is not put
    /// into the position field, whose size it would exceed.
    ClipboardTooLong {
        /// The most characters a position may have.
        limit: usize,
    },
    /// A rule set chosen in the new-game dialog does not make a game.
    Rules(Box<RuleSetError>),
    /// The starting position typed in the new-game dialog (a FEN or piece lists) cannot be
    /// read, or no game of the chosen rules reaches it.
    Setup(FenError),
    /// A command about the game while the position editor is open.
    Editing,
    /// A save or another game while a save runs in the background: it would write over the
    /// save, or replace the game being saved.
    SaveUnderWay,
    /// "Play from this position" while the position editor is not open.
    NotEditing,
    /// "Next mistake" before the game was reviewed; the shortcut that reviews it.
    NotReviewed(String),
    /// The review found no mistakes to go to.
    NoMistakes,
    /// A review of a game without moves.
    NothingToReview,
    /// A clock command in a game without clocks.
    NoClock,
    /// A problem command while no collection of problems is open.
    NoProblems,
    /// The course's data cannot be used (found by its tests before a release).
    NoCourse,
    /// Endgame databases asked for a game whose rules are changed from a preset's: they are
    /// built for the presets only.
    NoEndgames,
    /// A tower put on the board of rules without towers.
    NoTowers,
    /// An arrow key would take the keyboard cursor off the board.
    BoardEdge,
    /// The move shown has no variation to go to (nor a line it is a variation to).
    NoVariation,
    /// A variation command while the board shows the game's own moves.
    NotInVariation,
    /// The board already shows the last move of the variation.
    EndOfVariation,
    /// An undo of a loss on time: the clocks cannot be taken back.
    LostOnTime,
    /// The game's moves to be made a variation hold a forgotten capture or a claim, which a
    /// variation cannot.
    ClaimsInLine,
}

impl Problem {
    /// Whether it refuses what the user tried (a move, a claim, a step through the game), as
    /// opposed to a failure of the system: a refusal has a sound cue. Every variant is decided
    /// here, with no wildcard, so that a new one cannot go without its cue unnoticed.
    pub fn is_refusal(&self) -> bool {
        match self {
            Problem::Click(_)
            | Problem::Game(_)
            | Problem::MoveText(_)
            | Problem::ComputerToMove
            | Problem::StillThinking
            | Problem::NoDrawOffer
            | Problem::NotYourDrawAnswer
            | Problem::AtStart
            | Problem::AtLive
            | Problem::NoHint
            | Problem::ClipboardEmpty
            | Problem::ClipboardTooLong { .. }
            | Problem::Editing
            | Problem::SaveUnderWay
            | Problem::NotEditing
            | Problem::NotReviewed(_)
            | Problem::NoMistakes
            | Problem::NothingToReview
            | Problem::NoClock
            | Problem::NoProblems
            | Problem::NoCourse
            | Problem::NoEndgames
            | Problem::NoTowers
            | Problem::BoardEdge
            | Problem::NoVariation
            | Problem::NotInVariation
            | Problem::EndOfVariation
            | Problem::ClaimsInLine => true,
            // The undo of a loss on time is an undo refused, as the undo at the start is.
            Problem::LostOnTime => true,
            // Files, settings, the autosave, speech and sound failed: the system, not the user.
            Problem::Open { .. }
            | Problem::Replay { .. }
            | Problem::Save { .. }
            | Problem::SaveInCollection { .. }
            | Problem::SaveSettings { .. }
            | Problem::SettingsDamaged { .. }
            | Problem::AutosaveDamaged { .. }
            | Problem::AutosaveBusy
            | Problem::DataFolder { .. }
            | Problem::AutosaveFailed { .. }
            | Problem::PutAsideFailed { .. }
            | Problem::SpeechUnavailable(_)
            | Problem::SpeechLost(_)
            | Problem::SoundUnavailable => false,
            // Rules or a starting position that make no game (the new-game form's, the editor's, a
            // problem file's): what is to be mended stays open and is said, no action on the game
            // was refused; silent as before.
            Problem::Rules(_) | Problem::Setup(_) => false,
        }
    }
}

/// A setting that `Settings::load` found out of range, or of a value this version cannot read,
/// and replaced, named for the notice (in this order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SettingField {
    /// The interface scale.
    Zoom,
    /// The sound cues' volume.
    SoundVolume,
    /// The voice's rate.
    VoiceRate,
    /// The voice's volume.
    VoiceVolume,
    /// The voice's name.
    VoiceName,
    /// The window size.
    WindowSize,
    /// The recent files.
    RecentFiles,
    /// The rule set chosen last.
    LastRules,
    /// The player names.
    PlayerNames,
    /// The computer's threads.
    EngineThreads,
    /// The interface language.
    Language,
    /// The colours.
    Theme,
    /// How moves are written.
    Notation,
    /// Square numbers on the 8×8 board.
    SquareNumbers,
    /// Letters and numbers around the board.
    Coordinates,
    /// Black at the bottom.
    Flipped,
    /// The board as text.
    BoardText,
    /// Table rules chosen last.
    TableRules,
    /// Who played each side last.
    Players,
    /// Whether Dáma speaks.
    Speech,
    /// Own voice or screen reader.
    SpeechMode,
    /// The voice as a whole (its rate, volume, language and name).
    Voice,
    /// How much is said about a square.
    Verbosity,
    /// The sound cues on or off.
    Sounds,
    /// The time control chosen last.
    Clock,
    /// The problems solved.
    SolvedProblems,
    /// The stars of the course's tasks.
    CourseStars,
}

/// Why the settings file could not be used as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsDamage {
    /// It did not parse, at this line and column when known; defaults are used.
    Syntax(Option<(usize, usize)>),
    /// It is larger than the settings size limit; defaults are used.
    TooLarge(u64),
    /// It is not UTF-8 (an old editor saved it in another encoding). `Some`: it was read in
    /// the encoding named, and its values are used; `None`: it could not be read even so.
    NotUtf8(Option<&'static str>),
    /// Values out of range or invalid (a `NaN` zoom would stop the window at every start), or
    /// that this version cannot read (`theme: Sepia` from a newer one, a typo): these were
    /// replaced by defaults or the nearest valid value; the rest are used.
    OutOfRange(Vec<SettingField>),
}
