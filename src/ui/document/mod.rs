//! The document: the game and everything saved or autosaved with it (names, who plays, the
//! file's tags, the file, the unsaved flag, a standing draw offer), with a revision counter.
//!
//! `Game` is changed here and nowhere else in the window, and the document changes in one
//! way only: [`Document::apply`] with a [`DocChange`], which carries everything the change
//! needs. Every other method that changes the document is private to this module (in its
//! parts, `pub(super)` is this module), so the compiler holds the window to that one way in;
//! the window calls it from its one change path (`DamaApp::apply` in `app/change.rs`), which
//! does what follows every change. `apply` returns what happened as [`Event`]s, or the
//! [`Problem`] when nothing changed, and the change counts in two revisions:
//! [`Document::revision`] grows with anything that is saved (the autosave writes each once),
//! [`Document::play_revision`] only when the game or who plays changed (an answer the
//! computer found for an older one is stale, and the board's selection, hint and earlier
//! position shown were about the game as it was). Saving or a draw offer leaves the play as
//! it is.
//!
//! The record is two things kept in step here, once: the [`Game`] plays the rules along the
//! game's line, and the [`GameTree`] holds every move recorded with it (the game's moves are
//! its main line from the root, followed by moves taken back, to come back when played again),
//! with what was written after each, the clock, and the variations. After every change of the
//! game, [`Document::follow_game`] brings the tree's main line to the game's moves.
//!
//! The kinds of change live in the parts: `play` (moves, claims, resigning, draws, who plays),
//! `undo` (undo and redo), `clock` (the clocks) and `variations` (lines considered, notes).

mod clock;
mod play;
mod undo;
mod variations;

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::engine::Level;
use crate::game::clock::{Clock, TimeControl};
use crate::game::event::{Event, Mover, Problem};
use crate::notation::pdn::{self, PdnGame, Warning};
use crate::rules::{
    Branch, Color, Enforcement, Game, GameTree, Move, Note, Position, RuleSet, RuleSetError, Square,
};
use crate::store::autosave::{Session, SessionRef};
use crate::store::collection::Place;

use super::settings::Player;

/// The game and what is saved with it.
#[derive(Clone, Debug)]
pub struct Document {
    game: Game,
    names: [String; 2],
    players: [Player; 2],
    /// Tags of the file the game came from, kept when saving.
    tags: Vec<(String, String)>,
    file: Option<PathBuf>,
    /// Where the game stands in `file`: which game of how many, and what the file held.
    place: Option<Place>,
    dirty: bool,
    draw_offer: Option<Color>,
    revision: u64,
    play_revision: u64,
    /// The clocks, in a game played on time.
    clock: Option<Clock>,
    /// Every move recorded with the game: its main line starts with the game's moves; a
    /// node's note, its clock (the mover's time left, saved as `[%clk]`), the variations.
    tree: GameTree,
    /// What an annotator wrote before the first move, in the file the game came from.
    lead: Vec<String>,
}

/// How a document came to replace the one before.
#[derive(Debug)]
pub enum Replaced {
    /// A new game from the new-game dialog.
    NewGame,
    /// A game opened from a file.
    Opened {
        /// The file.
        path: PathBuf,
        /// The game's number in the file, from 1.
        number: usize,
        /// What the file had that is not quite PDN.
        warnings: Vec<Warning>,
    },
    /// The game of an interrupted run.
    Resumed,
    /// A task of the course: what is said as it is set.
    Lesson(crate::game::event::Lesson),
    /// A problem of a collection, to be solved.
    Problem {
        /// Its number in the collection, from 1.
        number: usize,
        /// How many the collection has.
        count: usize,
        /// How many of them are solved.
        solved: usize,
        /// What it asks ("Bílý táhne a vyhraje"), from the file.
        title: String,
    },
}

/// A line of the game or of its variations, replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Every move from the start to the line's end.
    pub moves: Vec<Move>,
    /// The position before each move, and after the last.
    pub positions: Vec<Position>,
    /// How many of the moves come before the line's own first one.
    pub base: usize,
}

/// What [`Document::apply`] returns: the events of a change applied, or the problem that
/// refused it (not the game's [`Outcome`](crate::rules::Outcome), its result).
pub type Applied = Result<Vec<Event>, Problem>;

/// A change of the document, carrying everything it needs: the one way the document changes
/// ([`Document::apply`]).
#[derive(Debug)]
pub enum DocChange {
    /// A move, by a person or by the computer.
    Play {
        /// The move.
        mv: Move,
        /// The earlier position it is played at (the ply shown on the board): the game's
        /// later moves are dropped first. `None` at the current position.
        from_ply: Option<usize>,
        /// Who plays it.
        by: Mover,
    },
    /// Claim the opponent's forgotten capture.
    Claim(Mover),
    /// Remove this offender (a huff, after the choice among several).
    Huff(Square, Mover),
    /// Take back the last action.
    Undo,
    /// Play again what was taken back.
    Redo,
    /// Resign.
    Resign,
    /// Offer a draw; the shortcuts that answer it, to be said.
    OfferDraw([String; 2]),
    /// Answer the standing draw offer.
    AnswerDraw {
        /// Accept it.
        accept: bool,
        /// Who answers.
        by: Mover,
    },
    /// Who plays White and Black.
    Players([Player; 2]),
    /// A new game, an opened or a resumed one, a problem to solve.
    Replace(Box<Document>, Replaced),
    /// The game was written to a file.
    Saved {
        /// The file.
        path: PathBuf,
        /// The tags written.
        tags: Vec<(String, String)>,
        /// Where the game stands in the file now.
        place: Place,
        /// The document's [`Document::revision`] when the game written was taken from it: a
        /// save in the background leaves the changes made since it began unsaved.
        revision: u64,
    },
    /// The clocks at this moment, with the times the player wants called: one to say, or a
    /// flag fallen.
    Tick(Instant, crate::game::clock::TimeCalls),
    /// Pause the clocks at this moment, or run them again.
    PauseClock(Instant),
    /// A move played in the line `branches` leads to (the game's own for none), after its
    /// first `ply` moves: a new variation, or added to the one there (in place of its later
    /// moves, with `replace`).
    Vary {
        /// The line.
        branches: Vec<Branch>,
        /// How many of its moves come before.
        ply: usize,
        /// The move.
        mv: Move,
        /// The line's later moves go.
        replace: bool,
    },
    /// Delete the variation of these branches.
    RemoveVariation(Vec<Branch>),
    /// Make the variation of these branches the line it hangs from.
    PromoteVariation(Vec<Branch>),
}

impl Document {
    /// Applies `change`: what happened, or the problem that refused it (and then nothing
    /// changed). After any change of the game or of who plays, the clock of the side to move
    /// runs (an undo, a redo, a claim change it without a move), and none after the end.
    pub(super) fn apply(&mut self, change: DocChange) -> Applied {
        let play_revision = self.play_revision;
        let applied = match change {
            DocChange::Play { mv, from_ply, by } => self.play(mv, from_ply, by),
            DocChange::Claim(by) => self.claim(by),
            DocChange::Huff(square, by) => self.huff(square, by),
            DocChange::Undo => self.undo(),
            DocChange::Redo => self.redo(),
            DocChange::Resign => self.resign(),
            DocChange::OfferDraw(keys) => self.offer_draw(keys),
            DocChange::AnswerDraw { accept, by } => self.answer_draw(accept, by),
            DocChange::Players(players) => self.set_players(players),
            DocChange::Replace(doc, how) => self.replace(*doc, how),
            DocChange::Saved {
                path,
                tags,
                place,
                revision,
            } => self.saved(path, tags, place, revision),
            DocChange::Tick(now, calls) => self.tick(now, calls),
            DocChange::PauseClock(now) => self.toggle_pause(now),
            DocChange::Vary {
                branches,
                ply,
                mv,
                replace,
            } => self.vary(&branches, ply, mv, replace),
            DocChange::RemoveVariation(branches) => self.remove_variation(&branches),
            DocChange::PromoteVariation(branches) => self.promote_variation(&branches),
        };
        if self.play_revision != play_revision {
            self.follow_clock(Instant::now());
        }
        applied
    }

    /// A new game with `rules`, from `start` or else the rule set's own starting position,
    /// under table rules where chosen and possible.
    ///
    /// # Errors
    /// The rule set's starting position does not fit its board.
    pub fn new_game(
        rules: RuleSet,
        table_rules: bool,
        names: [String; 2],
        players: [Player; 2],
        start: Option<Position>,
    ) -> Result<Document, RuleSetError> {
        Document::new_timed_game(rules, table_rules, names, players, start, None)
    }

    /// [`Document::new_game`], on `clock` where given: its `TimeControl` tag is saved, and the
    /// clocks start with the first move.
    ///
    /// # Errors
    /// The rule set's starting position does not fit its board.
    pub fn new_timed_game(
        rules: RuleSet,
        table_rules: bool,
        names: [String; 2],
        players: [Player; 2],
        start: Option<Position>,
        clock: Option<TimeControl>,
    ) -> Result<Document, RuleSetError> {
        let mut game = match start {
            Some(pos) => Game::from_position(rules, pos),
            None => Game::new(rules)?,
        };
        game.set_enforcement(if table_rules {
            Enforcement::TableRules
        } else {
            Enforcement::Strict
        });
        let mut doc = Document::with_game(game, names, players);
        if let Some(control) = clock {
            doc.clock = Some(Clock::new(control));
            doc.tags.push(("TimeControl".into(), control.tag()));
        }
        Ok(doc)
    }

    /// A game opened from `path`, named as its tags say and played by `players` (as its tags
    /// say too: [`crate::store::game_file::players_of`]).
    pub fn opened(
        game: Game,
        pdn: &PdnGame,
        path: &Path,
        place: Place,
        players: [Player; 2],
    ) -> Document {
        let names = ["White", "Black"].map(|t| pdn.tag(t).unwrap_or("").to_string());
        let mut doc = Document::with_game(game, names, players);
        doc.tags = pdn.tags.clone();
        doc.file = Some(path.to_path_buf());
        doc.place = Some(place);
        doc.tree = pdn::record_of(pdn, &doc.game);
        doc.lead = pdn::lead_of(pdn);
        doc.follow_game();
        doc.restore_clock();
        doc
    }

    /// The game of an interrupted run, as the autosave kept it.
    pub fn resumed(s: Session) -> Document {
        let players = s
            .computer
            .map(|c| c.map_or(Player::Human, Player::Computer));
        let mut doc = Document::with_game(s.game, s.names, players);
        doc.tags = s.tags;
        (doc.tree, doc.lead) = (s.tree, s.lead);
        doc.follow_game();
        doc.restore_clock();
        // A game found only in the autosave is unsaved work, whatever its flag said.
        doc.dirty = s.dirty || s.file.is_none();
        doc.file = s.file;
        doc.place = s.place;
        doc
    }

    fn with_game(game: Game, names: [String; 2], players: [Player; 2]) -> Document {
        Document {
            tree: GameTree::from_moves(game.moves()),
            game,
            names,
            players,
            tags: Vec::new(),
            file: None,
            place: None,
            dirty: false,
            draw_offer: None,
            revision: 0,
            play_revision: 0,
            clock: None,
            lead: Vec::new(),
        }
    }

    /// The game record.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// White's and Black's names, as saved in PDN.
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        self.players[color.index()]
    }

    /// Who plays White and Black: a person (`None`) or the computer at a level.
    pub fn computer_levels(&self) -> [Option<Level>; 2] {
        self.players.map(Player::level)
    }

    /// The file the game came from or was saved to.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Where the game stands in its file (game 4 of 25), and what the file held when the game
    /// was read or saved; `None` without a file, or for a game resumed from an older autosave.
    pub fn place(&self) -> Option<Place> {
        self.place
    }

    /// Whether the game has changes not saved to its file.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// Who offers a draw that has not been answered.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Grows with every change of the document, a replacement included.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Grows when the game record or who plays changes, a replacement included.
    pub fn play_revision(&self) -> u64 {
        self.play_revision
    }

    /// The side that resigns on Resign, and offers a draw: the person's against the computer,
    /// else the side to move.
    pub fn acting_side(&self) -> Color {
        self.human_side()
            .unwrap_or(self.game.position().side_to_move())
    }

    /// The side a single person plays against the computer.
    pub fn human_side(&self) -> Option<Color> {
        match self.players {
            [Player::Human, Player::Computer(_)] => Some(Color::White),
            [Player::Computer(_), Player::Human] => Some(Color::Black),
            _ => None,
        }
    }

    /// The level of the computer to move, if the computer is to move in a game going on.
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.game.outcome().is_some() {
            return None;
        }
        self.player(self.game.position().side_to_move()).level()
    }

    /// The game as PDN, with the file's tags, the names and who plays.
    pub fn to_pdn(&self) -> PdnGame {
        let mut pdn = pdn::to_pdn(&self.game, &self.tags, [&self.names[0], &self.names[1]]);
        crate::store::game_file::set_players(&mut pdn, self.computer_levels());
        // The notes, variations, and the time left after each timed move as PGN programs
        // write it.
        pdn::add_record(&mut pdn, &self.game, &self.tree, &self.lead);
        pdn
    }

    /// The document as autosave writes it.
    pub fn session(&self) -> SessionRef<'_> {
        SessionRef {
            game: &self.game,
            names: [&self.names[0], &self.names[1]],
            tags: &self.tags,
            file: self.file.as_deref(),
            place: self.place,
            dirty: self.dirty,
            computer: self.computer_levels(),
            tree: &self.tree,
            lead: &self.lead,
        }
    }

    /// Brings the tree's main line to the game's moves after a change of the game: the moves
    /// taken back stay in it, a move played in place of another replaces it (see
    /// [`GameTree::follow`]). Where the position at the game's end changed without a move (a
    /// piece huffed, or come back with its huff undone), the variations kept to later moves
    /// were to positions that are no more, and go.
    fn follow_game(&mut self) {
        self.tree.follow(self.game.moves());
    }

    /// [`Document::follow_game`] after a change of the position at the game's end without a
    /// move.
    fn follow_changed_position(&mut self) {
        self.follow_game();
        let end = vec![0; self.game.moves().len()];
        self.tree.drop_variations_after(&end);
    }

    /// Marks a change of the game record: unsaved work.
    fn touch_game(&mut self) {
        self.touch_players();
        self.dirty = true;
    }

    /// Marks a change of who plays (the game itself is as it was).
    fn touch_players(&mut self) {
        self.play_revision += 1;
        self.touch_saved();
    }

    /// Marks a change of what is saved besides the play: the file, a draw offer.
    fn touch_saved(&mut self) {
        self.revision += 1;
    }

    /// Puts `doc` in the place of this document: a new game, an opened file, a resumed game.
    fn replace(&mut self, doc: Document, how: Replaced) -> Applied {
        let (revision, play_revision) = (self.revision + 1, self.play_revision + 1);
        *self = doc;
        self.revision = revision;
        self.play_revision = play_revision;
        let to_move = Event::ToMove(self.game.position().side_to_move());
        let event = match how {
            Replaced::NewGame => Event::NewGame {
                table_rules: self.game.enforcement() == Enforcement::TableRules,
                players: self.computer_levels(),
                set_up: Some(*self.game.start())
                    .filter(|s| self.game.rules().start_position().ok() != Some(*s)),
                clock: self.clock.as_ref().map(Clock::control),
            },
            Replaced::Opened {
                path,
                number,
                warnings,
            } => Event::Opened {
                path,
                number,
                plies: self.game.moves().len(),
                players: self.computer_levels(),
                warnings,
            },
            Replaced::Resumed => Event::Resumed {
                plies: self.game.moves().len(),
            },
            Replaced::Lesson(lesson) => Event::Course(lesson),
            Replaced::Problem {
                number,
                count,
                solved,
                title,
            } => Event::ProblemShown {
                number,
                count,
                solved,
                title,
            },
        };
        let opened = matches!(event, Event::Opened { .. });
        // A lesson's task says what to do; whose move it is goes without saying.
        let lesson = matches!(event, Event::Course(_));
        let mut events = vec![event];
        // What the file says before the first move: the game's title, often, or its source.
        if opened && !self.lead.is_empty() {
            events.push(Event::Note(Note {
                nags: Vec::new(),
                comments: self.lead.clone(),
            }));
        }
        match self.game.outcome() {
            Some(o) => events.push(Event::Ended(o)),
            None if lesson => {}
            None => events.push(to_move),
        }
        Ok(events)
    }

    /// What an annotator wrote before the first move of the file the game came from.
    pub fn lead(&self) -> &[String] {
        &self.lead
    }

    /// The game as it was at `revision` was written to `path` with `tags`, at `place`: it is
    /// the document's file now (what the file holds, to tell another program's change from
    /// this save), and saved unless it changed since.
    fn saved(
        &mut self,
        path: PathBuf,
        tags: Vec<(String, String)>,
        place: Place,
        revision: u64,
    ) -> Applied {
        self.file = Some(path.clone());
        self.place = Some(place);
        self.tags = tags;
        if self.revision == revision {
            self.dirty = false;
        }
        self.touch_saved();
        Ok(vec![Event::Saved(path)])
    }
}

/// Whether `game` was lost on time (a result no undo takes back).
fn lost_on_time(game: &Game) -> bool {
    matches!(
        game.ending(),
        Some(crate::rules::Outcome::Win {
            reason: crate::rules::WinReason::Time,
            ..
        })
    )
}

#[cfg(test)]
mod tests {
    //! `apply` itself, and what the parts' tests share: games to start from, moves by text.

    use super::*;
    use crate::engine::Level;
    use crate::rules::Variant;

    /// A Czech game from `fen`, White a person and Black the computer.
    pub(super) fn against_the_computer(fen: &str) -> Document {
        let rules = Variant::Czech.rules();
        let mut game = Game::from_position(rules.clone(), rules.parse_fen(fen).unwrap());
        game.set_enforcement(Enforcement::TableRules);
        Document::with_game(
            game,
            [String::new(), String::new()],
            [Player::Human, Player::Computer(Level::Club)],
        )
    }

    pub(super) fn mv(doc: &Document, text: &str) -> Move {
        let game = doc.game();
        let pos = game.position();
        crate::notation::MoveText::parse(pos.board(), text)
            .and_then(|t| t.resolve_among(pos, game.rules(), text, &game.allowed_moves()))
            .unwrap()
            .0
    }

    /// Two people under table rules from `fen`.
    pub(super) fn by_hand(fen: &str) -> Document {
        let mut doc = against_the_computer(fen);
        doc.players = [Player::Human; 2];
        doc
    }

    #[test]
    fn a_game_against_the_computer_comes_back_from_its_file_with_its_players() {
        use crate::store::game_file::{Played, players_of};
        let rules = Variant::Czech.rules().clone();
        let names = ["Jana".to_string(), "Dáma – Klubový hráč (3)".to_string()];
        let players = [Player::Human, Player::Computer(Level::Club)];
        let mut doc = Document::new_game(rules, false, names.clone(), players, None).unwrap();
        let first = doc.game().legal_moves()[0];
        doc.apply(DocChange::Play {
            mv: first,
            from_ply: None,
            by: Mover::Person,
        })
        .unwrap();
        let mut text = Vec::new();
        pdn::write_game(&doc.to_pdn(), &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.contains(
                "[White \"Jana\"]\n[Black \"Dáma – Klubový hráč (3)\"]\n[Result \"*\"]\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("[WhiteType \"human\"]\n[BlackType \"program\"]\n[BlackLevel \"3\"]\n"),
            "{text}"
        );
        let mut game = pdn::Reader::new(text.as_bytes()).next().unwrap().unwrap();
        let replayed = pdn::replay(&mut game, 1, None, None).unwrap();
        let (played, warnings) = players_of(&game, 1);
        assert!(warnings.is_empty());
        assert_eq!(
            played,
            [Played::Person, Played::Computer(Some(Level::Club))]
        );
        let back = played.map(|p| match p {
            Played::Person => Player::Human,
            Played::Computer(level) => Player::Computer(level.unwrap()),
        });
        let place = Place {
            number: 1,
            games: 1,
            stamp: None,
            mark: None,
        };
        let opened = Document::opened(replayed.game, &game, Path::new("a.pdn"), place, back);
        assert_eq!(opened.player(Color::White), Player::Human);
        assert_eq!(opened.player(Color::Black), Player::Computer(Level::Club));
        assert_eq!(opened.names(), &names);
        assert_eq!(opened.computer_to_move(), Some(Level::Club));
        // Saved again, the tags are as they were: none twice.
        let again = opened.to_pdn();
        assert_eq!(again.tags.iter().filter(|t| t.0 == "BlackType").count(), 1);
        assert_eq!(again.tags, doc.to_pdn().tags);
    }

    #[test]
    fn a_change_applied_runs_the_clock_of_the_side_to_move() {
        let control = TimeControl::PerMove(std::time::Duration::from_secs(10));
        let rules = Variant::Czech.rules().clone();
        let names = [String::new(), String::new()];
        let players = [Player::Human; 2];
        let mut doc =
            Document::new_timed_game(rules, false, names, players, None, Some(control)).unwrap();
        let first = doc.game().legal_moves()[0];
        doc.apply(DocChange::Play {
            mv: first,
            from_ply: None,
            by: Mover::Person,
        })
        .unwrap();
        assert_eq!(doc.clock().and_then(Clock::running), Some(Color::Black));
        // An undo gives White the move without one: White's clock runs.
        doc.apply(DocChange::Undo).unwrap();
        assert_eq!(doc.clock().and_then(Clock::running), Some(Color::White));
        // A refused change changes nothing.
        let revision = doc.revision();
        assert!(doc.apply(DocChange::Undo).is_err());
        assert_eq!(doc.revision(), revision);
    }
}
