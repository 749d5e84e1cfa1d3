//! The application: state, panels, dialogs, and the commands that change them.

mod autosaving;
mod computer;
mod dialogs;
mod files;
mod input;
mod panels;

use std::path::{Path, PathBuf};

use eframe::egui::{self, Context, Ui, ViewportCommand};

use self::computer::{ADVICE_TIME, Stamp, Thinking, Thought};
use super::commands::Command;
use super::i18n::{self, Language, T};
use super::picker::Picker;
use super::settings::{LoadNotice, Player, Settings, SpeechMode, Theme};
use super::theme::visuals;
use crate::engine::{Task, Worker};
use crate::notation::pdn::PdnGame;
use crate::rules::{
    Claim, Color, Enforcement, Game, Move, Position, RuleSet, Square, SquareSet, Variant,
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

    fn look(&mut self, ply: Option<usize>) {
        self.picker.clear();
        self.view = ply.filter(|&p| p < self.game.moves().len());
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
