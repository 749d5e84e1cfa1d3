//! The application: state, panels, dialogs, and the commands that change them.

mod autosaving;

use std::path::{Path, PathBuf};

use eframe::egui::{
    self, Align, Button, Context, Layout, RichText, ScrollArea, Ui, ViewportCommand,
};

use super::board_view::{BoardInput, BoardView, Highlights, shows_numbers, square_id};
use super::commands::Command;
use super::i18n::{self, Language, T};
use super::picker::{Click, Picker, Refusal};
use super::settings::{LoadNotice, Player, Settings, SpeechMode, Theme};
use super::theme::{Palette, visuals};
use crate::engine::{Answer, ClaimChoice, Level, Task, Worker};
use crate::notation::pdn::{self, PdnGame};
use crate::notation::{Notation, write};
use crate::rules::{
    Claim, Color, Enforcement, Game, KingRange, Move, Position, Precedence, RuleSet, Square,
    SquareSet, Variant,
};
use crate::speech::{Speaker, SpeechStatus, phrases};

/// The new-game dialog's choices.
#[derive(Clone, Debug)]
pub struct NewGameForm {
    /// The preset the choices start from.
    pub variant: Variant,
    /// The rule set as changed by the options.
    pub rules: RuleSet,
    /// Names.
    pub white: String,
    /// Names.
    pub black: String,
    /// Table rules (where the rule set has a claim).
    pub table_rules: bool,
    /// Who plays White and Black.
    pub players: [Player; 2],
}

impl NewGameForm {
    fn new(variant: Variant, white: &str, black: &str, players: [Player; 2]) -> NewGameForm {
        NewGameForm {
            variant,
            rules: variant.rules().clone(),
            white: white.into(),
            black: black.into(),
            table_rules: variant.rules().table_rules_by_default,
            players,
        }
    }
}

/// What the computer is thinking about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Thought {
    /// Its own move.
    Move,
    /// Whether to claim a forgotten capture.
    Claim,
    /// A move to suggest to a person.
    Hint,
    /// Whether to accept a draw offered by `Color`.
    Draw(Color),
}

/// A question put to the thinking thread, and the game state it was about.
#[derive(Clone, Copy, Debug)]
struct Thinking {
    id: u64,
    thought: Thought,
    stamp: Stamp,
}

/// Identifies a state of the game: answers about an earlier state are dropped.
type Stamp = (usize, u64, bool);

/// How long the computer thinks about a hint or a draw offer.
const ADVICE_TIME: std::time::Duration = std::time::Duration::from_millis(1500);

/// What waits for the answer to "save changes?".
#[derive(Clone, Debug)]
pub enum Pending {
    /// Start the game of the form.
    NewGame(Box<NewGameForm>),
    /// Show the open dialog.
    Open,
    /// Open this file.
    OpenFile(PathBuf),
    /// Close the window.
    Quit,
}

/// A dialog on top of the window.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// Rule set, options and names.
    NewGame(Box<NewGameForm>),
    /// A path to open, typed or browsed.
    OpenPath(String),
    /// A path to save to.
    SavePath(String),
    /// Several games in a file: which one.
    ChooseGame(PathBuf, Vec<PdnGame>),
    /// Save, discard or cancel before `Pending`.
    Unsaved(Pending),
    /// "Really resign?"
    ConfirmResign,
    /// Preferences.
    Settings,
    /// The keyboard shortcuts.
    Help,
    /// "Resume the interrupted game?", and a file to open after the answer.
    Resume(Box<crate::autosave::Session>, Option<PathBuf>),
}

/// A message in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What to say.
    pub text: String,
    /// Whether it reports a failure.
    pub error: bool,
}

/// The whole window's state.
pub struct DamaApp {
    game: Game,
    names: [String; 2],
    /// Tags of the loaded file, kept when saving.
    tags: Vec<(String, String)>,
    /// The ply shown when looking back (None: the current position).
    view: Option<usize>,
    picker: Picker,
    /// Settings, and where they are saved (None: not saved).
    pub settings: Settings,
    config_dir: Option<PathBuf>,
    file: Option<PathBuf>,
    dirty: bool,
    notice: Option<Notice>,
    dialog: Option<Dialog>,
    draw_offer: Option<Color>,
    queued: Vec<Command>,
    allow_close: bool,
    applied_theme: Option<Theme>,
    applied_zoom: Option<f32>,
    speaker: Option<Box<dyn Speaker>>,
    speech_problem_shown: bool,
    /// The last thing announced, shown in a live region that screen readers read.
    announcement: String,
    /// The keyboard cursor on the board.
    cursor: Option<Square>,
    /// A huff claimed with several offenders: the next board choice removes one of these.
    choosing_offender: Option<SquareSet>,
    /// Text of the move field.
    move_text: String,
    focus_move_field: bool,
    /// Which dialog was shown last frame (a new one focuses its first field).
    last_dialog: Option<std::mem::Discriminant<Dialog>>,
    /// Whether to start the system's speech engine when speech is wanted and there is no
    /// speaker (off in tests, which give a recording speaker).
    pub start_speech_engine: bool,
    /// Who plays White and Black.
    players: [Player; 2],
    /// The computer's thinking thread, started when first needed.
    worker: Option<Worker>,
    /// The question the computer is thinking about.
    thinking: Option<Thinking>,
    /// The game state in which the computer last decided about a claim.
    claim_considered: Option<Stamp>,
    /// A suggested move, for the game state it was found in.
    hint: Option<(Move, Stamp)>,
    /// Where the game is saved after every change (None: not autosaved).
    autosave: Option<crate::autosave::Autosave>,
    /// The last autosave failed (said once until one succeeds again).
    autosave_failed: bool,
    /// Notices from before there was a voice (a damaged file at start), said when it comes.
    unspoken: Vec<String>,
}

impl DamaApp {
    /// A new window state with a game of the last chosen rule set; `config_dir` is where
    /// settings live (None keeps them in memory only).
    pub fn new(config_dir: Option<PathBuf>) -> DamaApp {
        let (settings, notice) = match &config_dir {
            Some(dir) => Settings::load(dir),
            None => (Settings::default(), None),
        };
        let mut app = DamaApp::with_settings(settings, config_dir);
        if let Some(LoadNotice::Corrupt { kept_as, error }) = notice {
            log::warn!(
                "settings file damaged, kept as {}: {error}",
                kept_as.display()
            );
            let text = format!(
                "{} ({}: {error})",
                T::SettingsReset.get(app.lang()),
                kept_as.display()
            );
            app.add_notice(text);
        }
        app
    }

    /// A window state with given settings.
    pub fn with_settings(settings: Settings, config_dir: Option<PathBuf>) -> DamaApp {
        let variant = settings.last_rules.parse().unwrap_or(Variant::Czech);
        let players = [settings.white_player, settings.black_player];
        let names = side_names(
            settings.language(),
            [&settings.white_name, &settings.black_name],
            players,
        );
        DamaApp {
            game: Game::new(variant.rules().clone()).expect("presets are valid"),
            names,
            tags: Vec::new(),
            view: None,
            picker: Picker::default(),
            settings,
            config_dir,
            file: None,
            dirty: false,
            notice: None,
            dialog: None,
            draw_offer: None,
            queued: Vec::new(),
            allow_close: false,
            applied_theme: None,
            applied_zoom: None,
            speaker: None,
            speech_problem_shown: false,
            announcement: String::new(),
            cursor: None,
            choosing_offender: None,
            move_text: String::new(),
            focus_move_field: false,
            start_speech_engine: false,
            last_dialog: None,
            players,
            worker: None,
            thinking: None,
            claim_considered: None,
            hint: None,
            autosave: None,
            autosave_failed: false,
            unspoken: Vec::new(),
        }
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        self.players[color.index()]
    }

    /// Sets who plays `color` (the new-game dialog does this for a new game).
    pub fn set_player(&mut self, color: Color, player: Player) {
        self.players[color.index()] = player;
        self.cancel_thinking();
    }

    /// Whether the computer is thinking (about a move, a claim, a hint or a draw offer).
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The suggested move, while it is still about the position on the board.
    pub fn hint(&self) -> Option<Move> {
        self.hint
            .filter(|&(_, stamp)| stamp == self.stamp())
            .map(|(m, _)| m)
    }

    /// Gives the window a voice (none by default; [`run`](super::run) starts the real one).
    pub fn set_speaker(&mut self, mut speaker: Box<dyn Speaker>) {
        speaker.configure(self.voice());
        self.speaker = Some(speaker);
        for text in std::mem::take(&mut self.unspoken) {
            self.announce(text, false);
        }
    }

    /// The last announcement (what was, or would have been, spoken).
    pub fn announcement(&self) -> &str {
        &self.announcement
    }

    /// The keyboard cursor.
    pub fn cursor(&self) -> Option<Square> {
        self.cursor
    }

    fn voice(&self) -> crate::speech::Voice {
        crate::speech::Voice {
            language: self.lang(),
            ..self.settings.voice.clone()
        }
    }

    /// Says `text` (when speech is on and Dáma speaks itself) and shows it in the live region
    /// that screen readers announce.
    fn announce(&mut self, text: impl Into<String>, interrupt: bool) {
        let text = text.into();
        if self.settings.speech
            && self.settings.speech_mode == SpeechMode::OwnVoice
            && let Some(s) = self.speaker.as_mut()
        {
            s.say(&text, interrupt);
        }
        self.announcement = text;
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The status-bar message.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The open dialog, if any.
    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialog.as_ref()
    }

    /// Whether the game has changes not saved to a file.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// The file the game came from or was saved to.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Queues a command, as a menu item or shortcut does.
    pub fn command(&mut self, c: Command) {
        self.queued.push(c);
    }

    fn lang(&self) -> Language {
        self.settings.language()
    }

    /// Shows a message in the status bar and announces it.
    fn say(&mut self, text: impl Into<String>, error: bool) {
        let text = text.into();
        self.announce(text.clone(), true);
        self.notice = Some(Notice { text, error });
    }

    fn save_settings(&mut self) {
        if let Some(dir) = &self.config_dir
            && let Err(e) = self.settings.save(dir)
        {
            log::warn!("cannot save the settings in {}: {e}", dir.display());
            let text = format!("{}: {e}", dir.display());
            self.say(text, true);
        }
    }

    /// The position on the board: the current one or the one looked back at.
    fn shown_position(&self) -> &Position {
        match self.view {
            Some(ply) => self.game.position_at(ply).unwrap_or(self.game.position()),
            None => self.game.position(),
        }
    }

    // ----- game actions -----

    fn start_game(&mut self, form: &NewGameForm) {
        match Game::new(form.rules.clone()) {
            Ok(mut game) => {
                game.set_enforcement(if form.table_rules {
                    Enforcement::TableRules
                } else {
                    Enforcement::Strict
                });
                self.cancel_thinking();
                self.game = game;
                self.players = form.players;
                self.names = side_names(
                    self.lang(),
                    [form.white.as_str(), form.black.as_str()],
                    form.players,
                );
                self.tags.clear();
                self.file = None;
                self.dirty = false;
                self.view = None;
                self.picker.clear();
                self.draw_offer = None;
                self.notice = None;
                self.settings.last_rules = form.variant.id().to_string();
                self.settings.white_name = form.white.clone();
                self.settings.black_name = form.black.clone();
                self.settings.white_player = form.players[0];
                self.settings.black_player = form.players[1];
                self.save_settings();
            }
            Err(e) => self.say(e.to_string(), true),
        }
    }

    /// Plays `m` in the position shown: looking back, the later moves are taken back first.
    fn play(&mut self, m: Move) {
        self.cancel_thinking();
        if let Some(ply) = self.view.take() {
            while self.game.moves().len() > ply {
                if self.game.undo().is_err() {
                    break;
                }
            }
        }
        self.play_now(m, true);
    }

    /// Plays `m` in the current position and says it; `interrupt` cuts short what is being
    /// said (not for the computer's reply, which follows the person's move).
    fn play_now(&mut self, m: Move, interrupt: bool) {
        let before = *self.game.position();
        match self.game.play(m) {
            Ok(played) => {
                self.dirty = true;
                self.draw_offer = None;
                self.notice = None;
                let lang = self.lang();
                let mut text = phrases::spoken_move(lang, &before, self.game.rules(), &m);
                if let Some(o) = played.outcome {
                    text.push_str(". ");
                    text.push_str(&phrases::outcome(lang, o));
                }
                self.announce(text, interrupt);
                self.cursor = Some(m.to());
            }
            Err(e) => self.say(e.to_string(), true),
        }
    }

    // ----- the computer -----

    /// The game state now, to tell whether an answer is still about it.
    fn stamp(&self) -> Stamp {
        (
            self.game.moves().len(),
            self.game.position().key(),
            self.game.outcome().is_some(),
        )
    }

    /// The level of the computer to move, if the computer is to move in a game going on.
    fn computer_to_move(&self) -> Option<Level> {
        if self.game.outcome().is_some() {
            return None;
        }
        match self.player(self.game.position().side_to_move()) {
            Player::Computer(level) => Some(level),
            Player::Human => None,
        }
    }

    /// The side a single person plays against the computer.
    fn human_side(&self) -> Option<Color> {
        match self.players {
            [Player::Human, Player::Computer(_)] => Some(Color::White),
            [Player::Computer(_), Player::Human] => Some(Color::Black),
            _ => None,
        }
    }

    /// Stops the computer thinking: its answer, when it comes, is dropped.
    fn cancel_thinking(&mut self) {
        if self.thinking.take().is_some()
            && let Some(w) = self.worker.as_mut()
        {
            w.cancel();
        }
    }

    fn ask(&mut self, ctx: &Context, task: Task, thought: Thought) {
        let worker = self.worker.get_or_insert_with(|| {
            let ctx = ctx.clone();
            Worker::new(move || ctx.request_repaint())
        });
        let id = worker.ask(&self.game, task);
        self.thinking = Some(Thinking {
            id,
            thought,
            stamp: self.stamp(),
        });
    }

    /// Takes the computer's answers and, when it is to move, sets it thinking.
    fn drive_computer(&mut self, ctx: &Context) {
        let polled = self.worker.as_mut().and_then(Worker::poll);
        if let Some((id, answer)) = polled
            && let Some(t) = self.thinking.take_if(|t| t.id == id)
            && t.stamp == self.stamp()
        {
            self.answer(t.thought, answer);
        }
        if self.worker.as_ref().is_none_or(|w| !w.busy()) {
            self.thinking = None;
        }
        if self.thinking.is_some() {
            return;
        }
        let Some(level) = self.computer_to_move() else {
            return;
        };
        if self.game.claim_offer().is_some() && self.claim_considered != Some(self.stamp()) {
            self.claim_considered = Some(self.stamp());
            self.ask(ctx, Task::Claim(level), Thought::Claim);
        } else {
            self.ask(ctx, Task::Move(level), Thought::Move);
        }
    }

    fn answer(&mut self, thought: Thought, answer: Answer) {
        let lang = self.lang();
        match (thought, answer) {
            (Thought::Move, Answer::Move(Some(report))) => {
                if let Some(m) = report.best {
                    self.picker.clear();
                    self.play_now(m, false);
                }
            }
            (Thought::Claim, Answer::Claim(Some(claim))) => match claim {
                ClaimChoice::Huff(sq) => self.huff(sq),
                ClaimChoice::TakeBack => self.claim(),
            },
            (Thought::Hint, Answer::Hint(Some(report))) => {
                if let Some(m) = report.best {
                    self.hint = Some((m, self.stamp()));
                    let pos = *self.game.position();
                    let text = phrases::hint(lang, &pos, self.game.rules(), &m);
                    self.say(text, false);
                }
            }
            (Thought::Draw(by), Answer::Judge(Some(score))) => {
                // The score is for the side to move; the computer accepts when it is not
                // better off.
                let to_move = self.game.position().side_to_move();
                let computer_score = if to_move == by { -score } else { score };
                let accepted = computer_score <= 0 && self.draw_offer == Some(by);
                if accepted && self.game.agree_draw().is_ok() {
                    self.dirty = true;
                }
                self.draw_offer = None;
                self.say(phrases::draw_answer(lang, accepted), false);
            }
            _ => {}
        }
    }

    /// A move for the person to move, found by the computer and spoken.
    fn ask_hint(&mut self, ctx: &Context) {
        if self.game.outcome().is_some() {
            return;
        }
        if self.computer_to_move().is_some() {
            self.say(phrases::computer_to_move(self.lang()), false);
            return;
        }
        self.look(None);
        self.ask(ctx, Task::Hint(ADVICE_TIME), Thought::Hint);
    }

    fn board_input(&mut self, input: BoardInput) {
        if let (Some(offenders), BoardInput::Click(sq)) = (self.choosing_offender, input) {
            if offenders.contains(sq) {
                self.huff(sq);
            } else {
                let text = phrases::choose_offender(self.lang(), offenders);
                self.announce(text, true);
            }
            return;
        }
        if self.view.is_none() && self.computer_to_move().is_some() {
            self.say(phrases::computer_to_move(self.lang()), false);
            return;
        }
        let pos = *self.shown_position();
        let legal = match self.view {
            Some(_) => pos.legal_moves(self.game.rules()),
            None => self.game.allowed_moves(),
        };
        let rules = self.game.rules().clone();
        let mut clicks = match input {
            BoardInput::Click(sq) => vec![sq],
            BoardInput::Drag(from, to) => {
                self.picker.clear();
                vec![from, to]
            }
        };
        for sq in clicks.drain(..) {
            match self.picker.click(&pos, &rules, &legal, sq) {
                Click::Play(m) => {
                    self.play(m);
                    return;
                }
                Click::Rejected(r) => {
                    let t = match r {
                        Refusal::NotYourPiece => T::NotYourPiece,
                        Refusal::CannotMove => T::CannotMoveNotice,
                        Refusal::MustCapture => T::MustCaptureNotice,
                        Refusal::NotADestination => T::NotADestination,
                        Refusal::AmbiguousEnd => T::AmbiguousEnd,
                    };
                    self.say(t.get(self.lang()), false);
                }
                Click::Selected => {
                    self.notice = None;
                    let text = format!(
                        "{}, {}",
                        phrases::square(self.lang(), &pos, sq),
                        T::Selected.get(self.lang())
                    );
                    self.announce(text, true);
                }
                Click::Extended => {
                    self.notice = None;
                    self.announce(sq.to_string(), true);
                }
                Click::Deselected => {
                    self.notice = None;
                    self.announce(T::Cancelled.get(self.lang()), true);
                }
            }
        }
    }

    fn run(&mut self, ctx: &Context, c: Command) {
        match c {
            Command::NewGame => {
                let v = self.settings.last_rules.parse().unwrap_or(Variant::Czech);
                let form = NewGameForm::new(
                    v,
                    &self.settings.white_name,
                    &self.settings.black_name,
                    self.players,
                );
                self.dialog = Some(Dialog::NewGame(Box::new(form)));
            }
            Command::Open => self.guard(Pending::Open),
            Command::Save => match self.file.clone() {
                Some(path) => self.save_to(&path),
                None => self.dialog = Some(Dialog::SavePath(self.suggested_path())),
            },
            Command::SaveAs => self.dialog = Some(Dialog::SavePath(self.suggested_path())),
            Command::Quit => ctx.send_viewport_cmd(ViewportCommand::Close),
            Command::Undo => {
                self.cancel_thinking();
                self.view = None;
                self.picker.clear();
                self.choosing_offender = None;
                if self.game.undo().is_ok() {
                    self.dirty = true;
                    // Against the computer, back to the person's own move.
                    if self.game.outcome().is_none()
                        && self.human_side().is_some()
                        && self.computer_to_move().is_some()
                    {
                        let _ = self.game.undo();
                    }
                }
            }
            Command::Redo => {
                self.cancel_thinking();
                self.view = None;
                self.picker.clear();
                if self.game.redo().is_ok() {
                    self.dirty = true;
                    if self.human_side().is_some()
                        && self.computer_to_move().is_some()
                        && self.game.can_redo()
                    {
                        let _ = self.game.redo();
                    }
                }
            }
            Command::FlipBoard => {
                self.settings.flipped = !self.settings.flipped;
                self.save_settings();
            }
            Command::Settings => self.dialog = Some(Dialog::Settings),
            Command::Resign => {
                if self.game.outcome().is_none() {
                    self.dialog = Some(Dialog::ConfirmResign);
                }
            }
            Command::OfferDraw => {
                if self.game.outcome().is_none() {
                    let by = self
                        .human_side()
                        .unwrap_or(self.game.position().side_to_move());
                    self.draw_offer = Some(by);
                    if matches!(self.player(!by), Player::Computer(_)) {
                        self.ask(ctx, Task::Judge(ADVICE_TIME), Thought::Draw(by));
                    }
                }
            }
            Command::FirstPosition => self.look(Some(0)),
            Command::PreviousPosition => {
                let now = self.view.unwrap_or(self.game.moves().len());
                self.look(Some(now.saturating_sub(1)));
            }
            Command::NextPosition => {
                let now = self.view.unwrap_or(self.game.moves().len());
                self.look(Some(now + 1));
            }
            Command::LivePosition => self.look(None),
            Command::RepeatLastMove => {
                let text = phrases::last_move(self.lang(), &self.game);
                self.announce(text, true);
            }
            Command::ReadPosition => {
                let text = phrases::position(self.lang(), self.shown_position());
                self.announce(text, true);
            }
            Command::ReadMoves => {
                let pos = *self.shown_position();
                let text = phrases::legal_moves(self.lang(), &pos, self.game.rules());
                self.announce(text, true);
            }
            Command::ReadMaterial => {
                let text = phrases::material(self.lang(), self.shown_position());
                self.announce(text, true);
            }
            Command::WhoseTurn => {
                let lang = self.lang();
                let text = match self.game.outcome() {
                    Some(o) => phrases::outcome(lang, o),
                    None => phrases::to_move(lang, self.game.position().side_to_move()),
                };
                self.announce(text, true);
            }
            Command::ReadMoveList => {
                let text = phrases::move_list(self.lang(), &self.game);
                self.announce(text, true);
            }
            Command::MoveField => self.focus_move_field = true,
            Command::Help => self.dialog = Some(Dialog::Help),
            Command::Claim => self.claim(),
            Command::Hint => self.ask_hint(ctx),
        }
    }

    /// "Zapomněl jsi skákat!": takes back the opponent's violating move, or huffs its
    /// offending piece (asking which when there are several).
    fn claim(&mut self) {
        self.look(None);
        let Some(offer) = self.game.claim_offer() else {
            return;
        };
        let lang = self.lang();
        match offer.kind {
            Claim::TakeBack => {
                let ply = self.game.moves().len() - 1;
                let before = *self.game.position_at(ply).expect("a position per move");
                if let Ok(m) = self.game.claim_take_back() {
                    self.dirty = true;
                    let text = phrases::taken_back(lang, &before, self.game.rules(), &m);
                    self.announce(text, true);
                }
            }
            Claim::Huff if offer.offenders.len() == 1 => {
                let sq = offer.offenders.iter().next().expect("one offender");
                self.huff(sq);
            }
            Claim::Huff => {
                self.choosing_offender = Some(offer.offenders);
                self.announce(phrases::choose_offender(lang, offer.offenders), true);
            }
        }
    }

    fn huff(&mut self, sq: Square) {
        self.choosing_offender = None;
        let piece = self.game.position().piece_at(sq);
        if let (Some(piece), Ok(())) = (piece, self.game.claim_huff(sq)) {
            self.dirty = true;
            self.picker.clear();
            self.announce(phrases::huffed(self.lang(), piece, sq), true);
        }
    }

    /// Plays a move typed in the move field: `32-28`, `32 28`, `3228`, `c3-d4`, `28x19`.
    pub fn typed_move(&mut self, text: &str) {
        if self.view.is_none() && self.computer_to_move().is_some() {
            self.move_text.clear();
            self.say(phrases::computer_to_move(self.lang()), false);
            return;
        }
        let pos = *self.shown_position();
        let rules = self.game.rules().clone();
        let lang = self.lang();
        let t = text.trim();
        let mut tries: Vec<String> = Vec::new();
        if t.contains(char::is_whitespace) {
            tries.push(t.split_whitespace().collect::<Vec<_>>().join("-"));
        } else if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            for cut in 1..t.len() {
                tries.push(format!("{}-{}", &t[..cut], &t[cut..]));
            }
            // Two-digit squares first: 3228 is 32-28.
            tries.sort_by_key(|x| (x.find('-') != Some(t.len() / 2), x.clone()));
        } else {
            tries.push(t.to_string());
        }
        let mut first_error = None;
        for attempt in &tries {
            match crate::notation::parse_move(&pos, &rules, attempt) {
                Ok((m, _)) => {
                    if self.view.is_none() && self.game.outcome().is_some() {
                        break;
                    }
                    self.move_text.clear();
                    self.picker.clear();
                    self.play(m);
                    return;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        let quiet_but_must_capture = pos.has_capture(&rules)
            && tries.iter().any(|a| {
                crate::notation::MoveText::parse(pos.board(), a)
                    .is_ok_and(|mt| !mt.capture && pos.piece_at(mt.squares[0]).is_some())
            });
        self.move_text.clear();
        let message = if quiet_but_must_capture {
            phrases::must_capture(lang).to_string()
        } else {
            match first_error {
                Some(e) => e.to_string(),
                None => T::NotADestination.get(lang).to_string(),
            }
        };
        self.say(message, true);
    }

    /// Moves the keyboard cursor one step; arrows follow the board as it is shown.
    fn move_cursor(&mut self, ctx: &Context, key: egui::Key) {
        let pos = *self.shown_position();
        let board = pos.board();
        let size = board.size() as i16;
        let start = self.cursor.unwrap_or_else(|| {
            pos.legal_moves(self.game.rules())
                .first()
                .map(|m| m.from())
                .unwrap_or_else(|| board.square(1).expect("square 1"))
        });
        let (file, rank) = board.coords(start);
        let (mut f, mut r) = (file as i16, rank as i16);
        let flip = if self.settings.flipped { -1 } else { 1 };
        match key {
            egui::Key::ArrowLeft => f -= 2 * flip,
            egui::Key::ArrowRight => f += 2 * flip,
            egui::Key::ArrowUp => {
                r += flip;
                f ^= 1;
            }
            egui::Key::ArrowDown => {
                r -= flip;
                f ^= 1;
            }
            _ => {}
        }
        let next = if (0..size).contains(&f) && (1..=size).contains(&r) {
            board.square_at(f as u8, r as u8).unwrap_or(start)
        } else {
            start
        };
        self.cursor = Some(next);
        ctx.memory_mut(|m| {
            // The cursor moves by the board's geometry, not egui's nearest-widget search.
            m.move_focus(egui::FocusDirection::None);
            m.request_focus(square_id(next));
        });
        let text = phrases::square(self.lang(), &pos, next);
        self.announce(text, true);
    }

    fn look(&mut self, ply: Option<usize>) {
        self.picker.clear();
        self.view = ply.filter(|&p| p < self.game.moves().len());
    }

    /// Asks to save unsaved changes before `then`, or does it at once.
    fn guard(&mut self, then: Pending) {
        if self.dirty {
            self.dialog = Some(Dialog::Unsaved(then));
        } else {
            self.proceed(then);
        }
    }

    fn proceed(&mut self, then: Pending) {
        match then {
            Pending::NewGame(form) => self.start_game(&form),
            Pending::Open => {
                let dir = self
                    .file
                    .as_ref()
                    .and_then(|f| f.parent())
                    .map(|d| format!("{}/", d.display()))
                    .unwrap_or_default();
                self.dialog = Some(Dialog::OpenPath(dir));
            }
            Pending::OpenFile(path) => self.open_path(&path),
            Pending::Quit => {
                self.allow_close = true;
            }
        }
    }

    fn suggested_path(&self) -> String {
        self.file
            .as_ref()
            .map(|f| f.display().to_string())
            .unwrap_or_else(|| {
                let dir = directories::UserDirs::new()
                    .and_then(|u| u.document_dir().map(Path::to_path_buf))
                    .unwrap_or_default();
                dir.join("dama.pdn").display().to_string()
            })
    }

    /// Opens a PDN file: one game at once, several through a choice. Any failure leaves the
    /// current game as it is and says why.
    pub fn open_path(&mut self, path: &Path) {
        match crate::game_file::read_games(path) {
            Ok(mut games) if games.len() == 1 => {
                let game = games.pop().expect("one game");
                self.load_game(path, game, 1);
            }
            Ok(games) => self.dialog = Some(Dialog::ChooseGame(path.to_path_buf(), games)),
            Err(e) => {
                log::warn!("cannot open {}: {e}", path.display());
                let text = i18n::read_error(self.lang(), path, &e);
                self.say(text, true);
            }
        }
    }

    fn load_game(&mut self, path: &Path, mut game: PdnGame, number: usize) {
        match pdn::replay(&mut game, number, None, None) {
            Ok(replayed) => {
                log::info!(
                    "opened {} (game {number}: {}, {} moves)",
                    path.display(),
                    replayed.game.rules().id,
                    replayed.game.moves().len()
                );
                self.names = [
                    game.tag("White").unwrap_or("").to_string(),
                    game.tag("Black").unwrap_or("").to_string(),
                ];
                self.tags = game.tags.clone();
                self.cancel_thinking();
                self.players = [Player::Human; 2];
                self.game = replayed.game;
                self.file = Some(path.to_path_buf());
                self.dirty = false;
                self.view = None;
                self.picker.clear();
                self.draw_offer = None;
                self.settings.add_recent(path);
                self.save_settings();
                // The status bar shows the file; only what was accepted leniently is said.
                self.notice = None;
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default();
                let text = phrases::loaded(self.lang(), &name);
                self.announce(text, true);
                if let Some(first) = replayed.warnings.first() {
                    let text = format!("{} × {}", replayed.warnings.len(), first.message);
                    self.say(text, false);
                }
            }
            Err(e) => {
                log::warn!("cannot replay {}:{e}", path.display());
                let reason = T::GameInvalid.get(self.lang());
                self.say(format!("{reason}: {}:{e}", path.display()), true);
            }
        }
    }

    /// Saves the game to `path` atomically; a failure keeps the file and the game as they were.
    pub fn save_to(&mut self, path: &Path) {
        let names = [self.names[0].as_str(), self.names[1].as_str()];
        let game = pdn::to_pdn(&self.game, &self.tags, names);
        let mut bytes = Vec::new();
        let written = pdn::write_game(&game, &mut bytes)
            .and_then(|()| crate::storage::write_atomically(path, &bytes));
        match written {
            Ok(()) => {
                log::info!(
                    "saved {} ({} moves)",
                    path.display(),
                    self.game.moves().len()
                );
                self.file = Some(path.to_path_buf());
                self.tags = game.tags;
                self.dirty = false;
                self.settings.add_recent(path);
                self.save_settings();
                self.say(
                    format!("{}: {}", T::Saved.get(self.lang()), path.display()),
                    false,
                );
            }
            Err(e) => {
                log::error!("cannot save {}: {e}", path.display());
                let reason = T::CannotSave.get(self.lang());
                self.say(format!("{reason}: {}: {e}", path.display()), true);
            }
        }
    }

    // ----- drawing -----

    /// Draws the window into `ui` and applies what the user did.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.applied_theme != Some(self.settings.theme) {
            ctx.set_visuals(visuals(self.settings.theme));
            self.applied_theme = Some(self.settings.theme);
        }
        if self.applied_zoom != Some(self.settings.zoom) {
            ctx.set_zoom_factor(self.settings.zoom.clamp(1.0, 3.0));
            self.applied_zoom = Some(self.settings.zoom);
            let voice = self.voice();
            if let Some(s) = self.speaker.as_mut() {
                s.configure(voice);
            }
        }
        // egui ignores an extra Shift or Alt when matching: Ctrl+Shift+S must be taken before Ctrl+S.
        let mut shortcuts: Vec<_> = Command::ALL
            .into_iter()
            .filter_map(|c| Some((c, c.shortcut()?)))
            .collect();
        shortcuts.sort_by_key(|(_, sc)| {
            std::cmp::Reverse(u8::from(sc.modifiers.shift) + u8::from(sc.modifiers.alt))
        });
        for (c, sc) in shortcuts {
            if ctx.input_mut(|i| i.consume_shortcut(&sc)) {
                self.queued.push(c);
            }
        }
        if self.dialog.is_none() && !ctx.text_edit_focused() {
            for key in [
                egui::Key::ArrowUp,
                egui::Key::ArrowDown,
                egui::Key::ArrowLeft,
                egui::Key::ArrowRight,
            ] {
                if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key)) {
                    self.move_cursor(&ctx, key);
                }
            }
            if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
                && self.picker.from.is_some()
            {
                self.picker.clear();
                self.announce(T::Cancelled.get(self.lang()), true);
            }
        }
        if self.settings.speech
            && self.settings.speech_mode == SpeechMode::OwnVoice
            && self.speaker.is_none()
            && self.start_speech_engine
        {
            self.set_speaker(Box::new(crate::speech::TtsSpeaker::start(self.voice())));
        }
        if self.settings.speech
            && self.settings.speech_mode == SpeechMode::OwnVoice
            && !self.speech_problem_shown
            && let Some(SpeechStatus::Unavailable(why)) = self.speaker.as_ref().map(|s| s.status())
        {
            log::warn!("speech is not available: {why}");
            self.speech_problem_shown = true;
            self.notice = Some(Notice {
                text: format!("{}: {why}", T::SpeechUnavailable.get(self.lang())),
                error: true,
            });
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close {
            if self.dirty {
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                self.dialog = Some(Dialog::Unsaved(Pending::Quit));
            } else {
                self.allow_close = true;
            }
        }
        if let Some(rect) = ctx.input(|i| i.viewport().inner_rect) {
            self.settings.window_size = Some([rect.width(), rect.height()]);
        }

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        // The board keeps most of the width, at any interface size.
        let width = ui.available_width();
        egui::Panel::right("moves")
            .resizable(true)
            .default_size(220.0f32.min(width * 0.3))
            .max_size((width * 0.4).max(120.0))
            .show(ui, |ui| self.side_panel(ui));
        egui::CentralPanel::default().show(ui, |ui| self.board_panel(ui));
        self.dialogs(&ctx);

        for c in std::mem::take(&mut self.queued) {
            self.run(&ctx, c);
        }
        self.drive_computer(&ctx);
        self.autosave_now();
        if self.allow_close && ctx.input(|i| i.viewport().close_requested()) {
            self.save_settings();
        } else if self.allow_close {
            self.save_settings();
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
    }

    fn menu_item(&mut self, ui: &mut Ui, c: Command, enabled: bool) {
        let lang = self.lang();
        let shortcut = c
            .shortcut()
            .map(|s| ui.ctx().format_shortcut(&s))
            .unwrap_or_default();
        if ui
            .add_enabled(
                enabled,
                Button::new(c.text().get(lang)).shortcut_text(shortcut),
            )
            .clicked()
        {
            self.queued.push(c);
            ui.close();
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(T::Game.get(lang), |ui| {
                self.menu_item(ui, Command::NewGame, true);
                self.menu_item(ui, Command::Open, true);
                let recent = self.settings.recent_files.clone();
                ui.add_enabled_ui(!recent.is_empty(), |ui| {
                    ui.menu_button(T::RecentFiles.get(lang), |ui| {
                        for path in recent {
                            if ui.button(path.display().to_string()).clicked() {
                                self.guard(Pending::OpenFile(path));
                                ui.close();
                            }
                        }
                    });
                });
                self.menu_item(ui, Command::Save, true);
                self.menu_item(ui, Command::SaveAs, true);
                ui.separator();
                let over = self.game.outcome().is_some();
                let can_claim = self.game.claim_offer().is_some();
                self.menu_item(ui, Command::Claim, can_claim);
                let can_hint = !over && self.computer_to_move().is_none();
                self.menu_item(ui, Command::Hint, can_hint);
                self.menu_item(ui, Command::OfferDraw, !over);
                self.menu_item(ui, Command::Resign, !over);
                ui.separator();
                self.menu_item(ui, Command::Quit, true);
            });
            ui.menu_button(T::Edit.get(lang), |ui| {
                let can_undo = self.game.can_undo();
                let can_redo = self.game.can_redo();
                self.menu_item(ui, Command::Undo, can_undo);
                self.menu_item(ui, Command::Redo, can_redo);
                ui.separator();
                self.menu_item(ui, Command::Settings, true);
            });
            ui.menu_button(T::View.get(lang), |ui| {
                self.menu_item(ui, Command::FlipBoard, true);
                ui.separator();
                self.menu_item(ui, Command::FirstPosition, true);
                self.menu_item(ui, Command::PreviousPosition, true);
                self.menu_item(ui, Command::NextPosition, true);
                self.menu_item(ui, Command::LivePosition, true);
            });
            ui.menu_button(T::Help.get(lang), |ui| {
                egui::Grid::new("shortcuts").show(ui, |ui| {
                    for c in Command::ALL {
                        ui.label(c.text().get(lang));
                        if let Some(sc) = c.shortcut() {
                            ui.label(ui.ctx().format_shortcut(&sc));
                        }
                        ui.end_row();
                    }
                });
            });
        });
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        // The live region: screen readers announce what changes here.
        let live = ui.label(RichText::new(&self.announcement).small());
        ui.ctx().accesskit_node_builder(live.id, |node| {
            node.set_live(egui::accesskit::Live::Polite);
        });
        ui.horizontal(|ui| {
            let rules = i18n::rules_name(lang, self.game.rules()).to_string();
            ui.label(rules);
            ui.separator();
            // Where it never moves the board: the thinking indicator.
            if self.thinking.is_some() {
                ui.add(egui::Spinner::new());
                ui.label(RichText::new(T::Thinking.get(lang)).strong());
                ui.separator();
            }
            if let Some(file) = &self.file {
                let mark = if self.dirty { " •" } else { "" };
                ui.label(format!("{}{mark}", file.display()));
                ui.separator();
            }
            if let Some(n) = &self.notice {
                let text = RichText::new(&n.text);
                let text = if n.error {
                    text.color(ui.visuals().error_fg_color).strong()
                } else {
                    text
                };
                ui.label(text);
            }
        });
    }

    fn move_text(&self, ply: usize) -> String {
        let pos = self.game.position_at(ply).expect("a position per move");
        let m = &self.game.moves()[ply];
        write(pos, self.game.rules(), m, self.settings.notation)
    }

    fn side_panel(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        ui.heading(T::Moves.get(lang));
        for (color, name) in [
            (Color::White, &self.names[0]),
            (Color::Black, &self.names[1]),
        ] {
            if !name.is_empty() {
                ui.label(format!("{}: {name}", i18n::side_name(lang, color)));
            }
        }
        ui.horizontal(|ui| {
            for (c, icon) in [
                (Command::FirstPosition, "|<"),
                (Command::PreviousPosition, "<"),
                (Command::NextPosition, ">"),
                (Command::LivePosition, ">|"),
            ] {
                let b = ui.button(icon).on_hover_text(c.text().get(lang));
                let label = c.text().get(lang).to_string();
                b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
                if b.clicked() {
                    self.queued.push(c);
                }
            }
        });
        let can_hint = self.game.outcome().is_none() && self.computer_to_move().is_none();
        if ui
            .add_enabled(
                can_hint && self.thinking.is_none(),
                Button::new(T::Hint.get(lang)),
            )
            .on_hover_text(
                Command::Hint
                    .shortcut()
                    .map(|s| ui.ctx().format_shortcut(&s))
                    .unwrap_or_default(),
            )
            .clicked()
        {
            self.queued.push(Command::Hint);
        }
        if self.game.claim_offer().is_some() && self.view.is_none() {
            let text = RichText::new(T::Claim.get(lang)).strong();
            if ui.button(text).clicked() {
                self.queued.push(Command::Claim);
            }
        }
        ui.horizontal(|ui| {
            let label = ui.label(T::MoveField.get(lang));
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.move_text)
                        .hint_text(T::MoveFieldHint.get(lang))
                        .desired_width(120.0),
                )
                .labelled_by(label.id);
            if std::mem::take(&mut self.focus_move_field) {
                edit.request_focus();
            }
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                let text = self.move_text.clone();
                self.typed_move(&text);
                edit.request_focus();
            }
        });
        ui.separator();
        let plies = self.game.moves().len();
        let start_side = self.game.start().side_to_move();
        let first = self.game.rules().first;
        // Move numbers count pairs from the rule set's first player.
        let offset = usize::from(start_side != first);
        let viewing = self.view.unwrap_or(plies);
        ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                egui::Grid::new("move-list")
                    .num_columns(3)
                    .striped(true)
                    .show(ui, |ui| {
                        let mut ply = 0;
                        while ply < plies {
                            let number = (ply + offset) / 2 + 1;
                            ui.label(format!("{number}."));
                            if (ply + offset) % 2 == 1 && ply == 0 {
                                ui.label("…");
                            }
                            loop {
                                let text = self.move_text(ply);
                                let shown = viewing == ply + 1;
                                if ui.selectable_label(shown, text).clicked() {
                                    self.look(Some(ply + 1));
                                }
                                ply += 1;
                                if ply >= plies || (ply + offset) % 2 == 0 {
                                    break;
                                }
                            }
                            ui.end_row();
                        }
                    });
            });
    }

    fn highlights(&self, pos: &Position) -> Highlights {
        let rules = self.game.rules();
        let live = self.view.is_none();
        if live && self.game.outcome().is_some() {
            return Highlights {
                last_move: self.game.moves().last().map(|m| (m.from(), m.to())),
                ..Highlights::default()
            };
        }
        if let Some(offenders) = self.choosing_offender {
            return Highlights {
                targets: offenders,
                ..Highlights::default()
            };
        }
        // Under table rules nobody points out a capture: the board shows every piece that can
        // move and no must-capture marks (rules.md §5).
        let table = live && self.game.enforcement() == Enforcement::TableRules;
        let legal = if live {
            self.game.allowed_moves()
        } else {
            pos.legal_moves(rules)
        };
        let movable: SquareSet = legal.iter().map(|m| m.from()).collect();
        let must_capture = if !table && legal.first().is_some_and(|m| m.is_capture()) {
            movable
        } else {
            SquareSet::EMPTY
        };
        let shown_ply = self.view.unwrap_or(self.game.moves().len());
        let hint = self.hint().filter(|_| live).map(|m| (m.from(), m.to()));
        Highlights {
            hint,
            movable,
            must_capture,
            selected: self.picker.from,
            targets: self
                .picker
                .targets(pos, rules, &legal)
                .into_iter()
                .collect(),
            path: self.picker.path.clone(),
            last_move: shown_ply
                .checked_sub(1)
                .and_then(|i| self.game.moves().get(i))
                .map(|m| (m.from(), m.to())),
        }
    }

    fn board_panel(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        let pos = *self.shown_position();
        let outcome = self.game.outcome();
        ui.vertical_centered(|ui| {
            let banner = match (self.view, outcome) {
                (None, Some(o)) => RichText::new(i18n::outcome(lang, o)).heading().strong(),
                (Some(_), _) => RichText::new(T::ViewingHistory.get(lang)).italics(),
                (None, None) => RichText::new(i18n::to_move(lang, pos.side_to_move())).heading(),
            };
            ui.label(banner);
            if let Some(offer) = self.draw_offer
                && outcome.is_none()
            {
                ui.horizontal(|ui| {
                    ui.label(i18n::draw_offer(lang, offer));
                    if ui.button(T::AcceptDraw.get(lang)).clicked() {
                        let _ = self.game.agree_draw();
                        self.draw_offer = None;
                        self.dirty = true;
                    }
                    if ui.button(T::DeclineDraw.get(lang)).clicked() {
                        self.draw_offer = None;
                    }
                });
            }
        });
        let highlights = self.highlights(&pos);
        let view = BoardView {
            pos: &pos,
            lang,
            palette: Palette::of(self.settings.theme),
            flipped: self.settings.flipped,
            numbers: shows_numbers(pos.board(), self.settings.numbers_on_8x8),
            coordinates: self.settings.coordinates,
            highlights: &highlights,
            enabled: self.view.is_some() || outcome.is_none(),
        };
        if let Some(input) = view.show(ui) {
            self.board_input(input);
        }
    }

    fn dialogs(&mut self, ctx: &Context) {
        let Some(dialog) = self.dialog.take() else {
            self.last_dialog = None;
            return;
        };
        let fresh = self.last_dialog != Some(std::mem::discriminant(&dialog));
        self.last_dialog = Some(std::mem::discriminant(&dialog));
        let lang = self.lang();
        let mut keep = Some(dialog);
        let modal = egui::Modal::new(egui::Id::unique("dama-dialog"));
        let response = modal.show(ctx, |ui| {
            ui.set_min_width(360.0);
            match keep.as_mut().expect("a dialog") {
                Dialog::NewGame(form) => {
                    if let Some(start) = new_game_ui(ui, lang, form) {
                        if start {
                            let form = form.clone();
                            keep = None;
                            self.guard(Pending::NewGame(form));
                        } else {
                            keep = None;
                        }
                    }
                }
                Dialog::OpenPath(text) => {
                    ui.heading(T::OpenFile.get(lang));
                    if let Some(answer) = path_ui(ui, lang, text, T::OpenButton, false, fresh) {
                        keep = None;
                        if let Some(path) = answer {
                            self.open_path(&path);
                        }
                    }
                }
                Dialog::SavePath(text) => {
                    ui.heading(T::SaveFile.get(lang));
                    if let Some(answer) = path_ui(ui, lang, text, T::Save, true, fresh) {
                        keep = None;
                        if let Some(path) = answer {
                            self.save_to(&path);
                        }
                    }
                }
                Dialog::ChooseGame(path, games) => {
                    ui.heading(T::ChooseGame.get(lang));
                    let mut chosen = None;
                    ScrollArea::vertical().max_height(400.0).show(ui, |ui| {
                        for (i, g) in games.iter().enumerate() {
                            let title = format!(
                                "{}. {} – {}  {}  {}",
                                i + 1,
                                g.tag("White").unwrap_or("?"),
                                g.tag("Black").unwrap_or("?"),
                                g.result_text(),
                                g.tag("Event").unwrap_or("")
                            );
                            if ui.button(title).clicked() {
                                chosen = Some(i);
                            }
                        }
                    });
                    if ui.button(T::Cancel.get(lang)).clicked() {
                        keep = None;
                    } else if let Some(i) = chosen {
                        let path = path.clone();
                        let game = games.swap_remove(i);
                        keep = None;
                        self.load_game(&path, game, i + 1);
                    }
                }
                Dialog::Unsaved(then) => {
                    ui.heading(T::UnsavedTitle.get(lang));
                    ui.label(T::UnsavedText.get(lang));
                    let then = then.clone();
                    let mut choice = None;
                    ui.horizontal(|ui| {
                        for (t, c) in [(T::SaveChanges, 0), (T::Discard, 1), (T::Cancel, 2)] {
                            if ui.button(t.get(lang)).clicked() {
                                choice = Some(c);
                            }
                        }
                    });
                    match choice {
                        Some(0) => {
                            keep = None;
                            match self.file.clone() {
                                Some(path) => {
                                    self.save_to(&path);
                                    if !self.dirty {
                                        self.proceed(then);
                                    }
                                }
                                None => keep = Some(Dialog::SavePath(self.suggested_path())),
                            }
                        }
                        Some(1) => {
                            keep = None;
                            self.dirty = false;
                            self.proceed(then);
                        }
                        Some(_) => keep = None,
                        None => {}
                    }
                }
                Dialog::ConfirmResign => {
                    ui.heading(T::ConfirmResign.get(lang));
                    ui.horizontal(|ui| {
                        if ui.button(T::Yes.get(lang)).clicked() {
                            keep = None;
                            let side = self
                                .human_side()
                                .unwrap_or(self.game.position().side_to_move());
                            self.cancel_thinking();
                            if self.game.resign(side).is_ok() {
                                self.dirty = true;
                            }
                        }
                        if ui.button(T::No.get(lang)).clicked() {
                            keep = None;
                        }
                    });
                }
                Dialog::Help => {
                    ui.heading(T::KeyboardHelp.get(lang));
                    ui.label(T::BoardKeys.get(lang));
                    egui::Grid::new("help-keys").striped(true).show(ui, |ui| {
                        for c in Command::ALL {
                            ui.label(c.text().get(lang));
                            if let Some(sc) = c.shortcut() {
                                ui.label(ui.ctx().format_shortcut(&sc));
                            }
                            ui.end_row();
                        }
                    });
                    if ui.button(T::Close.get(lang)).clicked() {
                        keep = None;
                    }
                }
                Dialog::Resume(session, then) => {
                    if fresh {
                        let text = autosaving::question(lang, session);
                        self.announce(text, true);
                    }
                    if let Some(resume) = autosaving::resume_ui(ui, lang, session, fresh) {
                        let session = session.clone();
                        let then = then.take();
                        keep = None;
                        if resume {
                            self.resume(*session);
                        } else {
                            self.discard_interrupted();
                        }
                        if let Some(path) = then {
                            self.guard(Pending::OpenFile(path));
                        }
                    }
                }
                Dialog::Settings => {
                    let voices = self
                        .speaker
                        .as_ref()
                        .map(|s| s.voices())
                        .unwrap_or_default();
                    if settings_ui(ui, lang, &mut self.settings, &voices) {
                        self.save_settings();
                        self.applied_zoom = None;
                    }
                    if ui.button(T::Close.get(lang)).clicked() {
                        keep = None;
                    }
                }
            }
        });
        // The resume question must be answered: Escape would leave it neither resumed nor put
        // aside.
        if response.should_close() && keep.is_some() && !matches!(keep, Some(Dialog::Resume(..))) {
            keep = None;
        }
        if self.dialog.is_none() {
            self.dialog = keep;
        }
    }
}

/// The players' names as saved in PDN: a computer side without a name is called by its
/// level, "Dáma – Klubový hráč (3)".
fn side_names(lang: Language, names: [&str; 2], players: [Player; 2]) -> [String; 2] {
    [0, 1].map(|i| {
        let name = names[i].trim();
        match players[i] {
            Player::Computer(level) if name.is_empty() => {
                format!("Dáma – {}", i18n::level_name(lang, level))
            }
            _ => name.to_string(),
        }
    })
}

/// The new-game form; `Some(true)` to start, `Some(false)` to cancel.
fn new_game_ui(ui: &mut Ui, lang: Language, form: &mut NewGameForm) -> Option<bool> {
    ui.heading(T::NewGame.get(lang).trim_end_matches('…'));
    egui::Grid::new("new-game").num_columns(2).show(ui, |ui| {
        let label = ui.label(T::RuleSet.get(lang));
        let before = form.variant;
        egui::ComboBox::from_id_salt("rules")
            .selected_text(i18n::rules_name(lang, form.variant.rules()))
            .show_ui(ui, |ui| {
                for v in Variant::ALL {
                    ui.selectable_value(&mut form.variant, v, i18n::rules_name(lang, v.rules()));
                }
            })
            .response
            .labelled_by(label.id);
        if form.variant != before {
            form.rules = form.variant.rules().clone();
            form.table_rules = form.rules.table_rules_by_default;
        }
        ui.end_row();
        ui.label(T::WhoStarts.get(lang));
        ui.horizontal(|ui| {
            for c in Color::ALL {
                ui.radio_value(&mut form.rules.first, c, i18n::side_name(lang, c));
            }
        });
        ui.end_row();
        ui.label(T::CaptureChoice.get(lang));
        ui.horizontal(|ui| {
            for (p, t) in [
                (Precedence::Free, T::PrecedenceFree),
                (Precedence::KingPriority, T::PrecedenceKing),
                (Precedence::Quantity, T::PrecedenceQuantity),
            ] {
                ui.radio_value(&mut form.rules.precedence, p, t.get(lang));
            }
        });
        ui.end_row();
        ui.label("");
        ui.checkbox(
            &mut form.rules.men_capture_backward,
            T::MenCaptureBackward.get(lang),
        );
        ui.end_row();
        ui.label("");
        let mut flying = form.rules.king == KingRange::Flying;
        if ui.checkbox(&mut flying, T::FlyingKings.get(lang)).changed() {
            form.rules.king = if flying {
                KingRange::Flying
            } else {
                KingRange::Short
            };
        }
        ui.end_row();
        ui.label("");
        ui.add_enabled(
            form.rules.claim.is_some(),
            egui::Checkbox::new(&mut form.table_rules, T::TableRules.get(lang)),
        );
        ui.end_row();
        for (i, color) in Color::ALL.into_iter().enumerate() {
            let label = ui.label(format!(
                "{}: {}",
                i18n::side_name(lang, color),
                T::PlayedBy.get(lang)
            ));
            let player = &mut form.players[i];
            egui::ComboBox::from_id_salt(("player", i))
                .selected_text(i18n::player_name(lang, *player))
                .width(240.0)
                .show_ui(ui, |ui| {
                    let choices = std::iter::once(Player::Human)
                        .chain(Level::ALL.into_iter().map(Player::Computer));
                    for p in choices {
                        ui.selectable_value(player, p, i18n::player_name(lang, p));
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            let (t, name) = match color {
                Color::White => (T::WhitePlayer, &mut form.white),
                Color::Black => (T::BlackPlayer, &mut form.black),
            };
            let label = ui.label(t.get(lang));
            ui.text_edit_singleline(name).labelled_by(label.id);
            ui.end_row();
        }
    });
    let mut answer = None;
    ui.with_layout(Layout::right_to_left(Align::Min), |ui| {
        if ui.button(T::Cancel.get(lang)).clicked() {
            answer = Some(false);
        }
        if ui.button(T::Start.get(lang)).clicked() {
            answer = Some(true);
        }
    });
    answer
}

/// A path field with a Browse button (the native dialog, where there is one). `Some(None)`:
/// cancelled; `Some(Some(path))`: chosen.
fn path_ui(
    ui: &mut Ui,
    lang: Language,
    text: &mut String,
    action: T,
    save: bool,
    focus: bool,
) -> Option<Option<PathBuf>> {
    let mut answer = None;
    ui.horizontal(|ui| {
        let label = ui.label(T::Path.get(lang));
        let edit = ui
            .add(egui::TextEdit::singleline(text).desired_width(320.0))
            .labelled_by(label.id);
        if focus {
            edit.request_focus();
        }
        if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) && !text.is_empty() {
            answer = Some(Some(PathBuf::from(text.trim())));
        }
        if ui.button(T::Browse.get(lang)).clicked() {
            let dialog = rfd::FileDialog::new().add_filter("PDN", &["pdn", "PDN"]);
            let picked = if save {
                dialog.set_file_name("dama.pdn").save_file()
            } else {
                dialog.pick_file()
            };
            if let Some(p) = picked {
                *text = p.display().to_string();
            }
        }
    });
    ui.with_layout(Layout::right_to_left(Align::Min), |ui| {
        if ui.button(T::Cancel.get(lang)).clicked() {
            answer = Some(None);
        }
        if ui
            .add_enabled(!text.trim().is_empty(), Button::new(action.get(lang)))
            .clicked()
        {
            answer = Some(Some(PathBuf::from(text.trim())));
        }
    });
    answer
}

/// The settings controls; true when something changed.
fn settings_ui(ui: &mut Ui, lang: Language, s: &mut Settings, voices: &[String]) -> bool {
    let before = s.clone();
    ui.heading(T::Settings.get(lang).trim_end_matches('…'));
    egui::Grid::new("settings").num_columns(2).show(ui, |ui| {
        ui.label(T::Language.get(lang));
        ui.horizontal(|ui| {
            for l in Language::ALL {
                ui.radio_value(&mut s.language, Some(l), l.name());
            }
        });
        ui.end_row();
        ui.label(T::Theme.get(lang));
        ui.horizontal(|ui| {
            for (t, name) in [
                (Theme::Light, T::ThemeLight),
                (Theme::Dark, T::ThemeDark),
                (Theme::HighContrast, T::ThemeContrast),
            ] {
                ui.radio_value(&mut s.theme, t, name.get(lang));
            }
        });
        ui.end_row();
        ui.label(T::Notation.get(lang));
        ui.horizontal(|ui| {
            ui.radio_value(&mut s.notation, Notation::Numeric, T::Numeric.get(lang));
            ui.radio_value(&mut s.notation, Notation::Algebraic, T::Algebraic.get(lang));
        });
        ui.end_row();
        ui.label(T::Board.get(lang));
        ui.vertical(|ui| {
            ui.checkbox(&mut s.numbers_on_8x8, T::NumbersOn8x8.get(lang));
            ui.checkbox(&mut s.coordinates, T::Coordinates.get(lang));
            ui.checkbox(&mut s.flipped, T::FlipBoard.get(lang));
        });
        ui.end_row();
        ui.label(T::Speech.get(lang));
        ui.vertical(|ui| {
            ui.checkbox(&mut s.speech, T::SpeechOn.get(lang));
            ui.radio_value(
                &mut s.speech_mode,
                SpeechMode::OwnVoice,
                T::OwnVoice.get(lang),
            );
            ui.radio_value(
                &mut s.speech_mode,
                SpeechMode::ScreenReader,
                T::ScreenReaderVoice.get(lang),
            );
            ui.horizontal(|ui| {
                let label = ui.label(T::VoiceName.get(lang));
                let shown = s
                    .voice
                    .name
                    .clone()
                    .unwrap_or_else(|| T::AutomaticVoice.get(lang).to_string());
                egui::ComboBox::from_id_salt("voice")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut s.voice.name, None, T::AutomaticVoice.get(lang));
                        for v in voices {
                            ui.selectable_value(&mut s.voice.name, Some(v.clone()), v);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            ui.add(egui::Slider::new(&mut s.voice.rate, 0.0..=1.0).text(T::Rate.get(lang)));
            ui.add(egui::Slider::new(&mut s.voice.volume, 0.0..=1.0).text(T::Volume.get(lang)));
        });
        ui.end_row();
        ui.label(T::Zoom.get(lang));
        ui.add(egui::Slider::new(&mut s.zoom, 1.0..=3.0).step_by(0.25));
        ui.end_row();
    });
    *s != before
}

impl eframe::App for DamaApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.cancel_thinking();
        self.worker = None;
        self.save_settings();
        self.finish_autosave();
    }
}
