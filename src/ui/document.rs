//! The document: the game and everything saved or autosaved with it (names, who plays, the
//! file's tags, the file, the unsaved flag, a standing draw offer), with a revision counter.
//!
//! `Game` is changed here and nowhere else in the window. Each method below is one kind of
//! change; the window calls them only from its one change path (`DamaApp::apply` in
//! `app/change.rs`), which does what follows every change. Each returns what happened as
//! [`Event`]s, or the [`Problem`] when nothing changed, and counts the change in two
//! revisions: [`Document::revision`] grows with anything that is saved (the autosave writes
//! each once), [`Document::play_revision`] only when the game or who plays changed (an answer
//! the computer found for an older one is stale, and the board's selection, hint and earlier
//! position shown were about the game as it was). Saving or a draw offer leaves the play as it
//! is.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::autosave::{Session, SessionRef};
use crate::clock::{Clock, Tick, TimeControl};
use crate::collection::Place;
use crate::engine::Level;
use crate::event::{Event, Mover, Problem, Undone};
use crate::notation::pdn::{self, PdnGame, Warning};
use crate::rules::{
    Branch, Color, Enforcement, Game, GameError, Move, Note, Position, RuleSet, RuleSetError,
    Square, Variation, Variations,
};
use crate::rules::{GameTree, Node};

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
    /// The mover's time left after each move (saved as `[%clk]` comments), where it was timed.
    clock_marks: Vec<Option<Duration>>,
    /// Lines considered instead of the game's moves.
    variations: Variations,
    /// What an annotator wrote before the first move, in the file the game came from.
    lead: Vec<String>,
    /// What was written after each move of the file's game, kept while the game's moves are
    /// those moves.
    notes: Vec<(Move, Note)>,
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

/// What the window's change path returns: the events of a change applied, or the problem
/// that refused it (not the game's [`Outcome`](crate::rules::Outcome), its result).
pub type Applied = Result<Vec<Event>, Problem>;

impl Document {
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

    /// A game opened from `path`: played by people, named as its tags say.
    pub fn opened(game: Game, pdn: &PdnGame, path: &Path, place: Place) -> Document {
        let names = ["White", "Black"].map(|t| pdn.tag(t).unwrap_or("").to_string());
        let mut doc = Document::with_game(game, names, [Player::Human; 2]);
        doc.tags = pdn.tags.clone();
        doc.file = Some(path.to_path_buf());
        doc.place = Some(place);
        doc.variations = pdn::variations_of(pdn, &doc.game);
        (doc.lead, doc.notes) = pdn::notes_of(pdn);
        doc.restore_clock(pdn.clock_marks());
        doc
    }

    /// The game of an interrupted run, as the autosave kept it.
    pub fn resumed(s: Session) -> Document {
        let players = s
            .computer
            .map(|c| c.map_or(Player::Human, Player::Computer));
        let mut doc = Document::with_game(s.game, s.names, players);
        doc.tags = s.tags;
        doc.variations = s.variations;
        (doc.lead, doc.notes) = (s.lead, s.notes);
        doc.restore_clock(s.clock_marks);
        // A game found only in the autosave is unsaved work, whatever its flag said.
        doc.dirty = s.dirty || s.file.is_none();
        doc.file = s.file;
        doc.place = s.place;
        doc
    }

    /// The clocks of a game going on again, where its `TimeControl` tag gives times Dáma can
    /// keep: each side's time as the last `[%clk]` of its moves left it (its start time where
    /// there is none). They start with the next move.
    fn restore_clock(&mut self, mut marks: Vec<Option<Duration>>) {
        let control = self
            .tags
            .iter()
            .find(|(n, _)| n == "TimeControl")
            .and_then(|(_, v)| TimeControl::from_tag(v))
            .filter(|c| c.is_playable());
        let Some(control) = control else {
            return;
        };
        marks.truncate(self.game.moves().len());
        let mut left = [control.start_time(); 2];
        for (ply, mark) in marks.iter().enumerate() {
            if let (Some(t), Some(pos)) = (mark, self.game.position_at(ply)) {
                left[pos.side_to_move().index()] = *t;
            }
        }
        self.clock = Some(Clock::with_times(control, left));
        self.clock_marks = marks;
    }

    fn with_game(game: Game, names: [String; 2], players: [Player; 2]) -> Document {
        Document {
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
            clock_marks: Vec::new(),
            variations: Variations::default(),
            lead: Vec::new(),
            notes: Vec::new(),
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

    /// The game as PDN, with the file's tags and the names.
    pub fn to_pdn(&self) -> PdnGame {
        let mut pdn = pdn::to_pdn(&self.game, &self.tags, [&self.names[0], &self.names[1]]);
        pdn::add_variations(&mut pdn, &self.game, &self.variations);
        pdn::add_notes(&mut pdn, &self.lead, &self.notes);
        // The time left after each timed move, as PGN programs write it.
        pdn::add_clock_marks(&mut pdn, &self.clock_marks);
        pdn
    }

    /// The clocks, in a game played on time.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// What the clocks did up to `now`: a threshold said, or the flag of the side to move
    /// falling, which ends the game.
    pub(super) fn tick(&mut self, now: Instant) -> Applied {
        let Some(clock) = self.clock.as_mut() else {
            return Ok(Vec::new());
        };
        if self.game.outcome().is_some() {
            clock.stop(now);
            return Ok(Vec::new());
        }
        match clock.tick(now) {
            None => Ok(Vec::new()),
            Some(Tick::Low { color, left }) => Ok(vec![Event::ClockLow { color, left }]),
            Some(Tick::Flagged(color)) => {
                self.game.lose_on_time(color).map_err(Problem::Game)?;
                self.draw_offer = None;
                self.touch_game();
                let outcome = self.game.outcome().expect("a game lost on time is over");
                Ok(vec![Event::Flagged(color), Event::Ended(outcome)])
            }
        }
    }

    /// Pauses the clocks or starts them again; before the first move and after the game,
    /// when nothing runs, says the clocks instead.
    pub(super) fn toggle_pause(&mut self, now: Instant) -> Applied {
        let clock = self.clock.as_mut().ok_or(Problem::NoClock)?;
        if (clock.running().is_none() && !clock.is_paused()) || self.game.outcome().is_some() {
            return self.clocks(now);
        }
        Ok(vec![Event::ClockPaused(clock.toggle_pause(now))])
    }

    /// After any change of the game: the clock of the side to move runs (an undo, a redo, a
    /// claim change it without a move), and none after the end.
    pub(super) fn follow_clock(&mut self, now: Instant) {
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if self.game.outcome().is_some() {
            clock.stop(now);
        } else {
            clock.to_move(self.game.position().side_to_move(), now);
        }
    }

    /// Whether the clocks run (not before the first move, not while paused, not after the end).
    pub fn clock_runs(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.running().is_some())
    }

    /// The clocks, to be said.
    pub(super) fn clocks(&self, now: Instant) -> Applied {
        let clock = self.clock.as_ref().ok_or(Problem::NoClock)?;
        Ok(vec![Event::Clocks {
            left: Color::ALL.map(|c| clock.left(c, now)),
            running: clock.running(),
            paused: clock.is_paused(),
        }])
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
            variations: &self.variations,
            clock_marks: &self.clock_marks,
            lead: &self.lead,
            notes: &self.notes,
        }
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

    /// Plays `mv` by `by`. With `from_ply` (the board shows an earlier position), the later
    /// moves are dropped first; nothing is dropped when the move is refused.
    pub(super) fn play(&mut self, mv: Move, from_ply: Option<usize>, by: Mover) -> Applied {
        let mut game = self.game.clone();
        let mut events = Vec::new();
        if let Some(ply) = from_ply.filter(|&p| p < game.moves().len()) {
            // Dropping the later moves would take back the result, and a flag that fell
            // stays down.
            if lost_on_time(&game) {
                return Err(Problem::LostOnTime);
            }
            let dropped = game.moves().len() - ply;
            while game.moves().len() > ply {
                if game.undo().is_err() {
                    break;
                }
            }
            events.push(Event::Truncated { dropped });
        }
        let before = *game.position();
        let played = game.play(mv).map_err(Problem::Game)?;
        self.game = game;
        self.touch_game();
        if let Some(clock) = self.clock.as_mut()
            && clock.flagged().is_none()
        {
            let now = Instant::now();
            let left = clock.moved(before.side_to_move(), now);
            if played.outcome.is_some() {
                clock.stop(now);
            }
            self.clock_marks.resize(self.game.moves().len() - 1, None);
            self.clock_marks.push(Some(left));
        }
        events.push(Event::Moved { before, mv, by });
        if self.draw_offer.take().is_some() {
            events.push(Event::DrawOfferLapsed);
        }
        if let Some(o) = played.outcome {
            events.push(Event::Ended(o));
        }
        Ok(events)
    }

    /// Whether `by` may act for the side to move: a person only where a person plays it.
    fn may_act(&self, by: Mover) -> Result<(), Problem> {
        match (by, self.computer_to_move()) {
            (Mover::Person, Some(_)) => Err(Problem::ComputerToMove),
            _ => Ok(()),
        }
    }

    /// "Zapomněl jsi skákat!": takes back the opponent's violating move, or removes its only
    /// offending piece; with several offenders the claimer is asked to choose
    /// ([`Event::ChooseOffender`], nothing changes yet). The side to move claims: a person
    /// cannot claim for the computer (nor learn so that it forgot a capture).
    pub(super) fn claim(&mut self, by: Mover) -> Applied {
        self.may_act(by)?;
        let offer = self
            .game
            .claim_offer()
            .ok_or(Problem::Game(GameError::NoClaim))?;
        match offer.kind {
            crate::rules::Claim::TakeBack => {
                let ply = self.game.moves().len() - 1;
                let before = *self.game.position_at(ply).expect("a position per move");
                let mv = self.game.claim_take_back().map_err(Problem::Game)?;
                self.touch_game();
                Ok(vec![Event::TakenBack { before, mv }])
            }
            crate::rules::Claim::Huff if offer.offenders.len() == 1 => {
                let square = offer.offenders.iter().next().expect("one offender");
                self.huff(square, by)
            }
            crate::rules::Claim::Huff => Ok(vec![Event::ChooseOffender(offer.offenders)]),
        }
    }

    /// Removes the offending piece on `square` (a huff).
    pub(super) fn huff(&mut self, square: Square, by: Mover) -> Applied {
        self.may_act(by)?;
        let piece = self.game.position().piece_at(square);
        self.game.claim_huff(square).map_err(Problem::Game)?;
        self.touch_game();
        let piece = piece.expect("an offender is a piece");
        Ok(vec![Event::Huffed { piece, square }])
    }

    /// Takes back the last action; against the computer, back to the person's own move (past
    /// the computer's move and a claim it made before it).
    pub(super) fn undo(&mut self) -> Applied {
        let mut events = vec![Event::Undone(self.undo_one()?)];
        while self.human_side().is_some() && self.computer_to_move().is_some() {
            match self.undo_one() {
                Ok(u) => events.push(Event::Undone(u)),
                Err(_) => break,
            }
        }
        self.draw_offer = None;
        self.touch_game();
        events.push(Event::ToMove(self.game.position().side_to_move()));
        Ok(events)
    }

    fn undo_one(&mut self) -> Result<Undone, Problem> {
        let g = &self.game;
        let undone = if let Some(o) = g.ending() {
            // The clocks cannot be taken back: a flag that fell stays down.
            if lost_on_time(g) {
                return Err(Problem::LostOnTime);
            }
            Undone::Ending(o)
        } else if let Some(square) = g.pending_huff() {
            // The piece comes back: it is on the board after the undo.
            self.game.undo().map_err(Problem::Game)?;
            let piece = self.game.position().piece_at(square);
            let piece = piece.expect("a huffed piece comes back");
            return Ok(Undone::Huff { square, piece });
        } else if let Some(mv) = g.pending_take_back() {
            Undone::TakeBack {
                before: *g.position(),
                mv,
            }
        } else {
            let ply = g
                .moves()
                .len()
                .checked_sub(1)
                .ok_or(Problem::Game(GameError::NothingToUndo))?;
            Undone::Move {
                before: *g.position_at(ply).expect("a position per move"),
                mv: g.moves()[ply],
            }
        };
        self.game.undo().map_err(Problem::Game)?;
        Ok(undone)
    }

    /// Plays again the move taken back; against the computer, its reply too.
    pub(super) fn redo(&mut self) -> Applied {
        let mut events = Vec::new();
        self.redo_one(&mut events)?;
        if self.human_side().is_some() && self.computer_to_move().is_some() && self.game.can_redo()
        {
            // The person's move is redone even when the computer's reply cannot be.
            let _ = self.redo_one(&mut events);
        }
        self.draw_offer = None;
        self.touch_game();
        if self.game.outcome().is_none() {
            events.push(Event::ToMove(self.game.position().side_to_move()));
        }
        Ok(events)
    }

    fn redo_one(&mut self, events: &mut Vec<Event>) -> Result<(), Problem> {
        let before = *self.game.position();
        let played = self.game.redo().map_err(Problem::Game)?;
        events.push(Event::Redone {
            before,
            mv: played.mv,
        });
        if let Some(o) = played.outcome {
            events.push(Event::Ended(o));
        }
        Ok(())
    }

    /// The person resigns (against the computer), or the side to move does.
    pub(super) fn resign(&mut self) -> Applied {
        let side = self
            .human_side()
            .unwrap_or(self.game.position().side_to_move());
        self.game.resign(side).map_err(Problem::Game)?;
        self.draw_offer = None;
        self.touch_game();
        let outcome = self.game.outcome().expect("a resigned game is over");
        Ok(vec![Event::Resigned(side), Event::Ended(outcome)])
    }

    /// The person (against the computer), or the side to move, offers a draw; `keys` are the
    /// shortcuts that answer it, said when a person answers.
    pub(super) fn offer_draw(&mut self, keys: [String; 2]) -> Applied {
        if self.game.outcome().is_some() {
            return Err(Problem::Game(GameError::GameOver));
        }
        let by = self
            .human_side()
            .unwrap_or(self.game.position().side_to_move());
        self.draw_offer = Some(by);
        self.touch_saved();
        let keys = (self.player(!by) == Player::Human).then_some(keys);
        Ok(vec![Event::DrawOffered { by, keys }])
    }

    /// The opponent of the side that offered a draw answers it: a person, or the computer.
    pub(super) fn answer_draw(&mut self, accept: bool, mover: Mover) -> Applied {
        let offer = self.draw_offer.ok_or(Problem::NoDrawOffer)?;
        let by = !offer;
        let computer_answers = matches!(self.player(by), Player::Computer(_));
        if computer_answers != (mover == Mover::Computer) {
            return Err(Problem::NotYourDrawAnswer);
        }
        let mut events = vec![Event::DrawAnswered {
            by,
            accepted: accept,
            mover,
        }];
        if accept {
            self.game.agree_draw().map_err(Problem::Game)?;
            events.push(Event::Ended(
                self.game.outcome().expect("an agreed draw ends the game"),
            ));
        }
        self.draw_offer = None;
        if accept {
            self.touch_game();
        } else {
            self.touch_saved();
        }
        Ok(events)
    }

    /// Who plays White and Black from now on.
    pub(super) fn set_players(&mut self, players: [Player; 2]) -> Applied {
        self.players = players;
        self.touch_players();
        Ok(vec![Event::PlayersChanged(self.computer_levels())])
    }

    /// The variations kept with the game.
    pub fn variations(&self) -> &Variations {
        &self.variations
    }

    /// The line `branches` leads to (the game's own for none): every move from the start to
    /// its end, the position before each and after the last, and how many of the moves come
    /// before its own first; `None` where the branches lead nowhere.
    pub fn line(&self, branches: &[Branch]) -> Option<Line> {
        let game = &self.game;
        let (moves, base) = self.variations.line(game, branches)?;
        // The game's positions up to the first branch (claims change them without a move),
        // then the variation's moves played on.
        let from = branches.first().map_or(game.moves().len(), |b| b.at);
        let mut positions: Vec<Position> = (0..=from)
            .map(|p| *game.position_at(p).expect("a position per ply"))
            .collect();
        for m in &moves[from..] {
            let mut pos = *positions.last().expect("a start");
            pos.play_unchecked(m);
            positions.push(pos);
        }
        Some(Line {
            moves,
            positions,
            base,
        })
    }

    /// What an annotator wrote after move `ply` (from 1) of the line `branches` leads to, if
    /// anything.
    pub fn note(&self, branches: &[Branch], ply: usize) -> Option<&Note> {
        let i = ply.checked_sub(1)?;
        if branches.is_empty() {
            return self.notes().get(i).copied().filter(|n| !n.is_empty());
        }
        self.variation(branches)?.note(i)
    }

    /// What an annotator wrote after each of the game's moves, as far as they are the moves
    /// of the file it came from.
    pub fn notes(&self) -> Vec<&Note> {
        self.notes
            .iter()
            .zip(self.game.moves())
            .take_while(|((m, _), played)| m == *played)
            .map(|((_, n), _)| n)
            .collect()
    }

    /// How many of the notes are still the game's: as long as its moves are the file's.
    fn kept_notes(&self) -> usize {
        self.notes
            .iter()
            .zip(self.game.moves())
            .take_while(|((m, _), played)| m == *played)
            .count()
    }

    /// The game's moves with their notes and clock marks and the variations to them, as one
    /// tree (for the operations that work on the record as a whole).
    fn record_tree(&self) -> GameTree {
        let notes: Vec<Note> = self.notes()[..].iter().map(|n| (*n).clone()).collect();
        let groups: Vec<_> = self
            .variations
            .of_game(&self.game)
            .map(|(ply, group)| (ply, group.to_vec()))
            .collect();
        GameTree::from_record(self.game.moves(), &notes, &self.clock_marks, &groups)
    }

    /// Keeps the variations of `tree`, the game's record changed by an operation on the
    /// variations alone (the game's moves are the tree's main line).
    fn keep_variations(&mut self, tree: &GameTree) {
        let mut groups = tree.variations().into_iter().peekable();
        for ply in 0..self.game.moves().len() {
            let group = groups.next_if(|(p, _)| *p == ply).map(|(_, g)| g);
            self.variations
                .set(&self.game, ply, group.unwrap_or_default());
        }
    }

    /// The variation `branches` leads to.
    pub fn variation(&self, branches: &[Branch]) -> Option<&Variation> {
        self.variations.get(&self.game, branches)
    }

    /// A move played in the line `branches` leads to, after its first `ply` moves: a new
    /// variation to the move there, or the next move of a variation at its end, or one in
    /// place of the variation's later moves (`replace`, which drops them). Only legal moves:
    /// a variation is a line considered, not played under table rules.
    pub(super) fn vary(
        &mut self,
        branches: &[Branch],
        ply: usize,
        mv: Move,
        replace: bool,
    ) -> Applied {
        let line = self.line(branches).ok_or(Problem::NoVariation)?;
        let before = *line
            .positions
            .get(line.base + ply)
            .ok_or(Problem::NoVariation)?;
        if !before.legal_moves(self.game.rules()).contains(&mv) {
            return Err(Problem::Game(GameError::IllegalMove(mv)));
        }
        let len = line.moves.len() - line.base;
        let game = &self.game;
        let mut events = Vec::new();
        if branches.is_empty() || (ply < len && !replace) {
            self.variations
                .add(game, branches, ply, mv)
                .ok_or(Problem::NoVariation)?;
            events.push(Event::VariationStarted { before, mv });
        } else {
            if ply < len {
                self.variations.truncate(game, branches, ply);
                events.push(Event::VariationCut { dropped: len - ply });
            }
            self.variations.extend(game, branches, mv);
            events.push(Event::VariationMoved { before, mv });
        }
        self.dirty = true;
        self.touch_saved();
        Ok(events)
    }

    /// Deletes the variation `branches` leads to, with the variations in it.
    pub(super) fn remove_variation(&mut self, branches: &[Branch]) -> Applied {
        let mut tree = self.record_tree();
        let path = tree.path(branches, 1).ok_or(Problem::NotInVariation)?;
        let removed = tree.remove(&path).ok_or(Problem::NotInVariation)?;
        self.keep_variations(&tree);
        self.dirty = true;
        self.touch_saved();
        Ok(vec![Event::VariationRemoved {
            moves: removed.iter().map(Node::size).sum(),
        }])
    }

    /// Makes the variation `branches` leads to the line it hangs from, that line's moves from
    /// there a variation in its place. A variation to the game's own moves becomes the game:
    /// its later moves become the variation, and a result by resignation or agreement is taken
    /// back with them. Not where those moves hold what a variation cannot (a forgotten capture,
    /// a claim), nor after a loss on time.
    pub(super) fn promote_variation(&mut self, branches: &[Branch]) -> Applied {
        let [first] = branches else {
            // A variation in a variation: the game's line stays, the variations change.
            let mut tree = self.record_tree();
            let path = tree.path(branches, 1).ok_or(Problem::NotInVariation)?;
            tree.promote(&path).ok_or(Problem::NotInVariation)?;
            self.keep_variations(&tree);
            self.dirty = true;
            self.touch_saved();
            return Ok(vec![Event::VariationPromoted { game: false }]);
        };
        let at = first.at;
        let mut tree = self.record_tree();
        let path = tree.path(branches, 1).ok_or(Problem::NotInVariation)?;
        let old = &self.game;
        if lost_on_time(old) {
            return Err(Problem::LostOnTime);
        }
        let len = old.moves().len();
        let claimed = (at..len).any(|ply| {
            old.violation_at(ply).is_some()
                || (ply > at
                    && (old.huff_before(ply).is_some() || old.taken_back_before(ply).is_some()))
        }) || old.pending_huff().is_some()
            || old.pending_take_back().is_some();
        if claimed {
            return Err(Problem::ClaimsInLine);
        }
        tree.promote(&path).ok_or(Problem::NotInVariation)?;
        let main = tree.main_nodes();
        let mut game = old.clone();
        while game.moves().len() > at || game.ending().is_some() {
            game.undo().map_err(Problem::Game)?;
        }
        for node in &main[at..] {
            game.play(node.mv()).map_err(Problem::Game)?;
        }
        // The old moves from `at`, with the variations to them and what was written after
        // them, are a variation now; the chosen one's notes went with its moves into the game,
        // where the notes reached its first move.
        let kept = self.kept_notes();
        self.notes = main.iter().map(|n| (n.mv(), n.note.clone())).collect();
        if kept < at {
            self.notes.truncate(kept);
        }
        for ply in at..len {
            self.variations.set(old, ply, Vec::new());
        }
        for (ply, group) in tree.variations().into_iter().filter(|(p, _)| *p >= at) {
            self.variations.set(&game, ply, group);
        }
        self.game = game;
        self.clock_marks.truncate(at);
        self.draw_offer = None;
        self.touch_game();
        Ok(vec![Event::VariationPromoted { game: true }])
    }

    /// Puts `doc` in the place of this document: a new game, an opened file, a resumed game.
    pub(super) fn replace(&mut self, doc: Document, how: Replaced) -> Applied {
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
                warnings,
            },
            Replaced::Resumed => Event::Resumed {
                plies: self.game.moves().len(),
            },
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
            None => events.push(to_move),
        }
        Ok(events)
    }

    /// What an annotator wrote before the first move of the file the game came from.
    pub fn lead(&self) -> &[String] {
        &self.lead
    }

    /// The game was written to `path` with `tags`, at `place`: it is the document's file now,
    /// and saved.
    pub(super) fn saved(
        &mut self,
        path: PathBuf,
        tags: Vec<(String, String)>,
        place: Place,
    ) -> Applied {
        self.file = Some(path.clone());
        self.place = Some(place);
        self.tags = tags;
        self.dirty = false;
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
    use super::*;
    use crate::engine::Level;
    use crate::rules::Variant;

    /// A Czech game from `fen`, White a person and Black the computer.
    fn against_the_computer(fen: &str) -> Document {
        let rules = Variant::Czech.rules();
        let mut game = Game::from_position(rules.clone(), rules.parse_fen(fen).unwrap());
        game.set_enforcement(Enforcement::TableRules);
        Document::with_game(
            game,
            [String::new(), String::new()],
            [Player::Human, Player::Computer(Level::Club)],
        )
    }

    fn mv(doc: &Document, text: &str) -> Move {
        let game = doc.game();
        let pos = game.position();
        crate::notation::MoveText::parse(pos.board(), text)
            .and_then(|t| t.resolve_among(pos, game.rules(), text, &game.allowed_moves()))
            .unwrap()
            .0
    }

    #[test]
    fn undo_goes_back_to_the_persons_move_past_the_computers_claim() {
        // White forgets to capture 26 (30x21 was due) and plays 32-28; the computer huffs the
        // man on 30 and plays 1-5.
        let mut doc = against_the_computer("W:W30,32:B26,1");
        let forgot = mv(&doc, "32-28");
        doc.play(forgot, None, Mover::Person).unwrap();
        doc.huff(Square::new(30).unwrap(), Mover::Computer).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Computer).unwrap();
        let events = doc.undo().unwrap();
        let undone: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                Event::Undone(u) => Some(format!("{u:?}")),
                _ => None,
            })
            .collect();
        assert_eq!(undone.len(), 3, "{undone:?}");
        assert!(doc.game().moves().is_empty());
        assert_eq!(doc.computer_to_move(), None, "the person is to move");
        assert!(
            doc.game()
                .position()
                .piece_at(Square::new(30).unwrap())
                .is_some()
        );
    }

    #[test]
    fn a_person_cannot_claim_for_the_computer() {
        let mut doc = against_the_computer("W:W30,32:B26,1");
        let forgot = mv(&doc, "32-28");
        doc.play(forgot, None, Mover::Person).unwrap();
        let revision = doc.revision();
        assert!(matches!(
            doc.claim(Mover::Person),
            Err(Problem::ComputerToMove)
        ));
        assert!(matches!(
            doc.huff(Square::new(30).unwrap(), Mover::Person),
            Err(Problem::ComputerToMove)
        ));
        assert_eq!(doc.revision(), revision, "nothing changed");
        assert!(doc.claim(Mover::Computer).is_ok());
    }

    #[test]
    fn redo_plays_the_persons_move_and_the_computers_reply() {
        let mut doc = against_the_computer("W:W21,22:B1,2");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Computer).unwrap();
        doc.undo().unwrap();
        assert!(doc.game().moves().is_empty());
        doc.redo().unwrap();
        assert_eq!(doc.game().moves().len(), 2, "both redone");
    }

    #[test]
    fn saving_and_draw_offers_leave_the_play_as_it_is() {
        let mut doc = against_the_computer("W:W21,22:B1,2");
        let play = doc.play_revision();
        doc.offer_draw([String::new(), String::new()]).unwrap();
        doc.saved("/a.pdn".into(), Vec::new(), Place::in_bytes(b"", 1))
            .unwrap();
        assert_eq!(doc.play_revision(), play);
        assert_eq!(doc.revision(), 2);
        // The person cannot answer for the computer, and the computer answers.
        assert!(matches!(
            doc.answer_draw(true, Mover::Person),
            Err(Problem::NotYourDrawAnswer)
        ));
        doc.answer_draw(false, Mover::Computer).unwrap();
        assert_eq!(doc.draw_offer(), None);
        assert_eq!(doc.play_revision(), play, "a declined draw changes no play");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        assert!(doc.play_revision() > play);
        assert!(doc.is_dirty());
    }

    #[test]
    fn a_timed_game_is_lost_on_time_and_saved_with_its_clock() {
        use crate::clock::TimeControl;
        let control = TimeControl::Fischer {
            base: Duration::from_secs(300),
            increment: Duration::from_secs(3),
        };
        let rules = crate::rules::Variant::Czech.rules().clone();
        let mut doc = Document::new_timed_game(
            rules,
            true,
            [String::new(), String::new()],
            [Player::Human; 2],
            None,
            Some(control),
        )
        .unwrap();
        let mv = doc.game().legal_moves()[0];
        doc.play(mv, None, Mover::Person).unwrap();
        let now = Instant::now();
        assert!(doc.tick(now).unwrap().is_empty());
        let low = doc.tick(now + Duration::from_secs(241)).unwrap();
        assert!(matches!(
            low[..],
            [Event::ClockLow {
                color: Color::Black,
                ..
            }]
        ));
        let flagged = doc.tick(now + Duration::from_secs(301)).unwrap();
        assert!(matches!(
            flagged[..],
            [
                Event::Flagged(Color::Black),
                Event::Ended(crate::rules::Outcome::Win {
                    winner: Color::White,
                    reason: crate::rules::WinReason::Time
                })
            ]
        ));
        // The flag that fell stays down: the loss is not undone, nothing changes.
        let revision = doc.revision();
        assert!(matches!(doc.undo(), Err(Problem::LostOnTime)));
        assert_eq!(doc.revision(), revision);
        assert!(doc.game().outcome().is_some());
        let pdn = doc.to_pdn();
        assert_eq!(pdn.tag("TimeControl"), Some("300+3"));
        assert_eq!(pdn.moves.nodes[0].comments, ["[%clk 0:05:03]"]);
        assert_eq!(pdn.tag("Result"), Some("1-0"));
    }

    /// Two people under table rules from `fen`.
    fn by_hand(fen: &str) -> Document {
        let mut doc = against_the_computer(fen);
        doc.players = [Player::Human; 2];
        doc
    }

    #[test]
    fn the_games_moves_with_a_forgotten_capture_stay_the_game() {
        // White forgets 30x21 with 32-28; a variation with the capture cannot take the game's
        // place: the forgotten capture would have to become a variation, which holds only
        // moves by the rules.
        let mut doc = by_hand("W:W30,32:B26,1");
        let forgot = mv(&doc, "32-28");
        doc.play(forgot, None, Mover::Person).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Person).unwrap();
        let capture = doc.game().start().legal_moves(doc.game().rules())[0];
        doc.vary(&[], 0, capture, false).unwrap();
        let branch = [Branch { at: 0, index: 0 }];
        let moves = doc.game().moves().to_vec();
        assert!(matches!(
            doc.promote_variation(&branch),
            Err(Problem::ClaimsInLine)
        ));
        assert_eq!(doc.game().moves(), moves);
        // Without the violation it does, and the game's moves are the variation.
        let mut doc = by_hand("W:W21,22:B1,2");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        let other = mv(&doc, "1-5");
        doc.play(other, None, Mover::Person).unwrap();
        let instead = doc.game().start().legal_moves(doc.game().rules())[0];
        let instead = if instead == first {
            doc.game().start().legal_moves(doc.game().rules())[1]
        } else {
            instead
        };
        doc.vary(&[], 0, instead, false).unwrap();
        doc.promote_variation(&branch).unwrap();
        assert_eq!(doc.game().moves(), [instead]);
        let v = doc.variations().alternatives(doc.game(), &[], 0);
        assert_eq!(v[0].moves, [first, other]);
    }

    #[test]
    fn a_promoted_variation_takes_its_notes_into_the_game_and_leaves_the_games_behind() {
        let note = |text: &str| Note {
            nags: vec![1],
            comments: vec![text.to_string()],
        };
        let mut doc = by_hand("W:W21,22:B1,2");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Person).unwrap();
        doc.notes = vec![(first, note("the game's")), (reply, note("its reply"))];
        let at_one = *doc.game().position_at(1).unwrap();
        let instead = at_one
            .legal_moves(doc.game().rules())
            .into_iter()
            .find(|m| *m != reply)
            .unwrap();
        doc.vary(&[], 1, instead, false).unwrap();
        let mut with_note = doc
            .variation(&[Branch { at: 1, index: 0 }])
            .unwrap()
            .clone();
        with_note.notes = vec![note("instead")];
        doc.variations.set(&doc.game, 1, vec![with_note]);
        doc.promote_variation(&[Branch { at: 1, index: 0 }])
            .unwrap();
        assert_eq!(doc.game().moves(), [first, instead]);
        let notes: Vec<&Note> = doc.notes();
        assert_eq!(notes, [&note("the game's"), &note("instead")]);
        let v = &doc.variations().alternatives(doc.game(), &[], 1)[0];
        assert_eq!(v.moves, [reply]);
        assert_eq!(v.notes, [note("its reply")]);
    }

    #[test]
    fn a_variation_in_a_variation_is_promoted_in_its_place() {
        let mut doc = by_hand("W:W21,22:B1,2");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Person).unwrap();
        let rules = doc.game().rules().clone();
        let outer = [Branch { at: 0, index: 0 }];
        let other = |line: &Line, ply: usize, not: Move| {
            let pos = line.positions[ply];
            let moves = pos.legal_moves(&rules);
            moves.into_iter().find(|m| *m != not).unwrap()
        };
        let start = doc.line(&[]).unwrap();
        doc.vary(&[], 0, other(&start, 0, first), false).unwrap();
        let line = doc.line(&outer).unwrap();
        let second = line.positions[1].legal_moves(&rules)[0];
        doc.vary(&outer, 1, second, false).unwrap();
        let line = doc.line(&outer).unwrap();
        let instead = other(&line, 1, second);
        doc.vary(&outer, 1, instead, false).unwrap();
        let inner = [outer[0], Branch { at: 1, index: 0 }];
        let events = doc.promote_variation(&inner).unwrap();
        assert!(matches!(
            events[..],
            [Event::VariationPromoted { game: false }]
        ));
        assert_eq!(doc.game().moves(), [first, reply]);
        let v = doc.variation(&outer).unwrap();
        assert_eq!(v.moves[1..], [instead]);
        assert_eq!(v.at(1)[0].moves, [second]);
    }

    #[test]
    fn a_loss_on_time_is_not_taken_back_by_a_variation_nor_by_replacing_moves() {
        use crate::clock::TimeControl;
        let control = TimeControl::PerMove(Duration::from_secs(10));
        let rules = Variant::Czech.rules().clone();
        let mut doc = Document::new_timed_game(
            rules,
            false,
            [String::new(), String::new()],
            [Player::Human; 2],
            None,
            Some(control),
        )
        .unwrap();
        let first = doc.game().legal_moves()[0];
        doc.play(first, None, Mover::Person).unwrap();
        doc.tick(Instant::now() + Duration::from_secs(11)).unwrap();
        assert!(doc.game().outcome().is_some(), "Black lost on time");
        let other = doc.game().start().legal_moves(doc.game().rules())[1];
        assert!(matches!(
            doc.play(other, Some(0), Mover::Person),
            Err(Problem::LostOnTime)
        ));
        doc.vary(&[], 0, other, false).unwrap();
        assert!(matches!(
            doc.promote_variation(&[Branch { at: 0, index: 0 }]),
            Err(Problem::LostOnTime)
        ));
        assert_eq!(doc.game().moves(), [first]);
        // Saved, the loss says how it came.
        assert_eq!(doc.to_pdn().tag("Termination"), Some("time forfeit"));
    }
}
