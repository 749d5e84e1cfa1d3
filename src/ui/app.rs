//! The application: the document and the per-game window state, the dialogs, and the frame
//! that draws them and hands what the user did to the one change path (`change.rs`).

mod autosaving;
mod availability;
mod board_text;
mod change;
mod computer;
mod dialogs;
mod editing;
mod exercising;
mod files;
mod input;
mod menus;
mod panels;
mod varying;
pub use dialogs::Dialog;
pub use panels::MAX_ROWS_DRAWN;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eframe::egui::{self, Context, ScrollArea, Ui, ViewportCommand};

use self::change::Change;
use self::computer::Thinking;
use super::commands::Command;
use super::document::Document;
use super::editor::Editor;
use super::game_view::GameView;
use super::i18n::Language;
use super::settings::{LoadNotice, Player, Settings, SpeechMode, Theme};
use super::theme::visuals;
use crate::engine::Worker;
use crate::event::{Event, Problem};
use crate::rules::{Color, FenError, Game, Move, Position, RuleSet, Square, Variant};
use crate::speech::{Speaker, SpeechStatus, phrases};

/// The most characters the new-game dialog's position field holds. The longest position of a
/// 10×10 board, every square listed with a king's mark (`W:WK1,K2,…`), takes about 250, piece
/// lists with spaces about 300; beyond this a paste is refused, so the field never grows with
/// what is pasted and its error quotes no more than an excerpt.
pub const POSITION_CHARS: usize = 1000;

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
    /// The position to start from, as typed: a FEN or piece lists (`W: 32, 28; B: 12`), the
    /// side to move of the latter being who starts; empty for the rule set's own start.
    pub position: String,
    /// Why the typed position was refused, shown under it until Start is pressed again.
    pub position_error: Option<FenError>,
    /// Put the focus on the position field at the next frame (after a refusal).
    pub focus_position: bool,
    /// The position checked when Start was pressed (`None`: the rule set's own start).
    pub start: Option<Position>,
    /// The time control (`None`: no clock).
    pub clock: Option<crate::clock::TimeControl>,
}

impl NewGameForm {
    /// The form as it was left: the rule set, table rules (where it has a claim), names and
    /// players chosen last.
    fn new(
        variant: Variant,
        table_rules: Option<bool>,
        white: &str,
        black: &str,
        players: [Player; 2],
    ) -> NewGameForm {
        let rules = variant.rules();
        NewGameForm {
            variant,
            rules: rules.clone(),
            white: white.into(),
            black: black.into(),
            table_rules: table_rules
                .filter(|_| rules.claim.is_some())
                .unwrap_or(rules.table_rules_by_default),
            players,
            position: String::new(),
            position_error: None,
            focus_position: false,
            start: None,
            clock: None,
        }
    }

    /// The position typed, checked against the rules chosen; `None` for their own start.
    ///
    /// # Errors
    /// What cannot be read, or no game of these rules reaches.
    pub fn start_position(&self) -> Result<Option<Position>, FenError> {
        if self.position.trim().is_empty() {
            return Ok(None);
        }
        self.rules
            .parse_setup(&self.position, self.rules.first)
            .map(Some)
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

/// How words reach the screen reader. Where it is reached through AT-SPI (Linux and the other
/// free desktops), as the description of the focused widget: Orca 43 (Debian 12's) presents a
/// change of the focused object's description and ignores live regions, and Orca 46 and newer
/// present both, so the description alone is heard once by each. Elsewhere (Windows' UI
/// Automation, macOS), through the live region, which NVDA, JAWS, Narrator and VoiceOver read
/// and a description change they do not.
pub const READER_BY_DESCRIPTION: bool = cfg!(all(unix, not(target_os = "macos")));

/// How long words handed to the screen reader stay the focused widget's description.
pub const READER_HOLD: Duration = Duration::from_secs(2);

/// How long after a screen reader has first asked for the window's objects the focus goes to
/// the board at the start: the screen reader first meets the window (it is told of the
/// window's objects some time after it asked).
const START_SETTLE: Duration = Duration::from_millis(1000);

/// How long the window has the keyboard before the focus goes to the board at the start when
/// no screen reader has asked for the window's objects.
const START_ALONE: Duration = Duration::from_millis(2500);

/// Since when the focus has been waiting to go to the board at the start.
#[derive(Clone, Copy, Debug, Default)]
struct StartFocus {
    /// Since when the window has had the keyboard.
    window: Option<Instant>,
    /// Since when the window has had the keyboard with a screen reader reading it.
    reader: Option<Instant>,
}

impl StartFocus {
    /// How much longer to wait, with the window's keyboard and a screen reader as they are
    /// now.
    fn left(&mut self, window: bool, reader: bool) -> Duration {
        if !window {
            *self = Self::default();
            return START_ALONE;
        }
        let now = Instant::now();
        let since_window = self.window.get_or_insert(now).elapsed();
        match reader {
            true => START_SETTLE.saturating_sub(self.reader.get_or_insert(now).elapsed()),
            false => START_ALONE.saturating_sub(since_window),
        }
    }
}

/// `text` as words for the screen reader that last had `old`: the same words again are a change
/// too (the screen reader reads a description or a live region as it changes), so every other
/// time they end in an invisible space.
fn again(old: Option<&str>, text: String) -> String {
    match old {
        Some(old) if old.trim_end_matches('\u{a0}') == text && !old.ends_with('\u{a0}') => {
            format!("{text}\u{a0}")
        }
        _ => text,
    }
}

/// The widget whose description carries words for the screen reader: the focused one, the
/// window when none has the focus.
fn reader_target(ctx: &Context) -> egui::Id {
    ctx.memory(|m| m.focused())
        .filter(|&id| ctx.has_accesskit_node(id))
        .unwrap_or_else(egui::accesskit_root_id)
}

/// The last announcement: shown in the status bar, and spoken with Dáma's own voice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What was said.
    pub text: String,
    /// Whether it reports a refusal or a failure.
    pub error: bool,
}

/// The whole window's state.
pub struct DamaApp {
    /// The game and what is saved with it; changed only through [`DamaApp::apply`].
    doc: Document,
    /// What the window shows of the game and is doing with it.
    view: GameView,
    /// The position editor, while it is open: the board shows its position instead of the
    /// game's.
    editor: Option<Editor>,
    /// The problems being solved, if a collection is open.
    exercises: Option<exercising::Exercises>,
    /// Whether analysis follows the position shown.
    analysis_on: bool,
    /// What analysis last found: the position and the search's report.
    analysis: Option<(Position, crate::engine::Report)>,
    /// Say the analysis of the position shown when it is found.
    say_analysis: bool,
    /// Settings, and where they are saved (None: not saved).
    pub settings: Settings,
    config_dir: Option<PathBuf>,
    /// The last announcement.
    said: Option<Notice>,
    /// The dialogs: the one open, and the focus around it.
    dialogs: dialogs::DialogHost,
    queued: Vec<Command>,
    allow_close: bool,
    applied_theme: Option<Theme>,
    applied_zoom: Option<f32>,
    speaker: Option<Box<dyn Speaker>>,
    speech_problem_shown: bool,
    /// Text of the move field.
    move_text: String,
    focus_move_field: bool,
    /// Whether to start the system's speech engine when speech is wanted and there is no
    /// speaker (off in tests, which give a recording speaker).
    pub start_speech_engine: bool,
    /// The computer's thinking thread, started when first needed.
    worker: Option<Worker>,
    /// The question the computer is thinking about.
    thinking: Option<Thinking>,
    /// Where the game is saved after every change (None: not autosaved).
    autosave: Option<crate::autosave::Autosave>,
    /// The last autosave failed (said once until one succeeds again).
    autosave_failed: bool,
    /// Interrupted games still to be offered after the one asked about.
    resume_queue: Vec<crate::autosave::Interrupted>,
    /// A file given on the command line, opened once every resume question is answered.
    after_resume: Option<PathBuf>,
    /// Whether this window took up an interrupted game (the next ones can only be put aside
    /// or left for another window).
    resumed_here: bool,
    /// Notices from before there was a voice (a damaged file at start), said when it comes.
    unspoken: Vec<String>,
    /// What the screen reader is to present at the end of this frame.
    for_reader: Option<String>,
    /// The words last handed to the screen reader through the live region (where that is the
    /// channel), as [`again`] made them.
    live_text: Option<String>,
    /// The window title last given to the system.
    applied_title: Option<String>,
    /// Frames since "Paste position" asked for the clipboard, while its text has not come.
    paste_wait: Option<u8>,
    /// Whether the window had the system's focus in the last frame: the game's file is
    /// looked at again each time it comes back.
    window_focused: Option<bool>,
    /// The state of the game's file last told about (`None` in it: the file was gone), so
    /// that a change made elsewhere is asked about once.
    disk_seen: Option<Option<crate::collection::Stamp>>,
    /// The menus' keyboard.
    menus: menus::MenuKeys,
    /// Where Ctrl+F6 goes in the side panel, as last drawn.
    regions: input::Regions,
    /// Whether the first frame has been shown (the focus is to go to the board).
    focus_placed: bool,
    /// While the focus waits to go to the board at the start.
    start_focus: Option<StartFocus>,
    /// Whether the window is laid out for a short window (300 %): status beside the board.
    compact: bool,
    /// The lines of the board as text, as last drawn (none: hidden).
    board_text_rows: Vec<egui::Id>,
    /// Whether the board as text is to take the focus.
    focus_board_text: bool,
    /// What had the focus as the screen reader was last handed words, and since when.
    reader_focus: (Option<egui::Id>, Instant),
    /// The move field's text as last seen, and since when: words wait a third of
    /// [`DamaApp::reader_settle`] for it to rest.
    reader_field: (String, Instant),
    /// The words handed over as a description: the widget, the words, since when.
    described: Option<(egui::Id, String, Instant)>,
    /// The sound cues' player (opens the sound device on the first cue).
    sounds: Box<dyn crate::sound::Player>,
    /// That sounds cannot be played has been said (once a run).
    sound_problem_shown: bool,
    /// When the last preview of the sound volume played.
    last_preview: Option<Instant>,
    /// How long the focus must rest on a widget before words are handed to the screen reader
    /// there: Orca presents a newly focused widget with its description as it is when Orca gets
    /// to it (some 80 ms later, 400 ms on a busy machine), and then again as the description
    /// changes; words handed over sooner are said twice.
    pub reader_settle: Duration,
    /// Whether words reach the screen reader as the focused widget's description rather than
    /// through the live region: [`READER_BY_DESCRIPTION`] (tests try the other channel too).
    pub reader_by_description: bool,
}

impl DamaApp {
    /// A new window state with a game of the last chosen rule set; `config_dir` is where
    /// settings live (None keeps them in memory only).
    pub fn new(config_dir: Option<PathBuf>) -> DamaApp {
        let (settings, notice) = match &config_dir {
            Some(dir) => Settings::load(dir),
            None => (Settings::default(), None),
        };
        if let Some(dir) = &config_dir {
            log_removed(crate::storage::remove_stale_temp_files(
                dir,
                Some(&["settings.ron"]),
            ));
        }
        // A save that broke off leaves its temporary file beside the user's file: the recent
        // files' folders are where those are.
        for file in &settings.recent_files {
            if let (Some(dir), Some(name)) =
                (file.parent(), file.file_name().and_then(|n| n.to_str()))
            {
                log_removed(crate::storage::remove_stale_temp_files(dir, Some(&[name])));
            }
        }
        let mut app = DamaApp::with_settings(settings, config_dir);
        if let Some(LoadNotice {
            kept_as,
            damage,
            error,
        }) = notice
        {
            log::warn!("settings file kept as {}: {error}", kept_as.display());
            app.add_notice(&Problem::SettingsDamaged { kept_as, damage });
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
        let rules = variant.rules();
        let table_rules = settings
            .last_table_rules
            .filter(|_| rules.claim.is_some())
            .unwrap_or(rules.table_rules_by_default);
        let doc = Document::new_game(rules.clone(), table_rules, names, players, None)
            .expect("presets are valid");
        DamaApp {
            doc,
            view: GameView::default(),
            editor: None,
            exercises: None,
            analysis_on: false,
            analysis: None,
            say_analysis: false,
            settings,
            config_dir,
            said: None,
            dialogs: dialogs::DialogHost::default(),
            queued: Vec::new(),
            allow_close: false,
            applied_theme: None,
            applied_zoom: None,
            speaker: None,
            speech_problem_shown: false,
            move_text: String::new(),
            focus_move_field: false,
            start_speech_engine: false,
            worker: None,
            thinking: None,
            autosave: None,
            autosave_failed: false,
            unspoken: Vec::new(),
            resume_queue: Vec::new(),
            after_resume: None,
            resumed_here: false,
            for_reader: None,
            live_text: None,
            applied_title: None,
            paste_wait: None,
            window_focused: None,
            disk_seen: None,
            menus: menus::MenuKeys::default(),
            regions: input::Regions::default(),
            focus_placed: false,
            start_focus: None,
            compact: false,
            board_text_rows: Vec::new(),
            focus_board_text: false,
            sounds: Box::new(crate::sound::Sounds::new()),
            sound_problem_shown: false,
            last_preview: None,
            reader_focus: (None, Instant::now()),
            reader_field: (String::new(), Instant::now()),
            described: None,
            reader_settle: Duration::from_millis(600),
            reader_by_description: READER_BY_DESCRIPTION,
        }
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        self.doc.player(color)
    }

    /// Sets who plays `color` (the new-game dialog does this for a new game).
    pub fn set_player(&mut self, color: Color, player: Player) {
        let mut players = [Color::White, Color::Black].map(|c| self.doc.player(c));
        players[color.index()] = player;
        self.apply(Change::Players(players));
    }

    /// Whether the computer is thinking (about a move, a claim, a hint or a draw offer).
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The suggested move, while it is still about the position on the board.
    pub fn hint(&self) -> Option<Move> {
        self.view.hint
    }

    /// Gives the window a voice (none by default; [`run`](super::run) starts the real one).
    pub fn set_speaker(&mut self, mut speaker: Box<dyn Speaker>) {
        speaker.configure(self.voice());
        // Handed to the screen reader already (see `add_notice`): only the own voice says them.
        let own = self.settings.speech && self.settings.speech_mode != SpeechMode::ScreenReader;
        for text in std::mem::take(&mut self.unspoken) {
            if own {
                speaker.say(&text, false);
            }
        }
        self.speaker = Some(speaker);
    }

    /// Plays the sound cues with `player` instead of the sound card (tests record them).
    pub fn set_sound_player(&mut self, player: Box<dyn crate::sound::Player>) {
        self.sounds = player;
    }

    /// The last announcement (what was, or would have been, spoken).
    pub fn announcement(&self) -> &str {
        self.said.as_ref().map_or("", |n| n.text.as_str())
    }

    /// The keyboard cursor.
    pub fn cursor(&self) -> Option<Square> {
        self.view.cursor
    }

    /// The variation the board shows: its branches from the game, and the ply of it shown
    /// (from 1).
    pub fn shown_variation(&self) -> Option<(&[crate::rules::Branch], usize)> {
        self.view
            .variation
            .as_ref()
            .map(|v| (v.branches.as_slice(), v.ply))
    }

    /// The ply looked back at: the board shows the position after that many plies
    /// ([`DamaApp::shown_position`]); `None` while it shows the current one.
    pub fn shown_ply(&self) -> Option<usize> {
        self.view.ply
    }

    fn voice(&self) -> crate::speech::Voice {
        crate::speech::Voice {
            language: self.lang(),
            ..self.settings.voice.clone()
        }
    }

    /// Speaks `text` as the speech mode says: with Dáma's own voice, or through the screen
    /// reader, or both without saying the same thing twice. `focus_says_it`: the screen reader
    /// says it anyway, as it reads the widget that takes the focus (a square the cursor moved
    /// to).
    fn speak(&mut self, text: &str, interrupt: bool, focus_says_it: bool) {
        if !self.settings.speech {
            return;
        }
        let (own, reader) = match self.settings.speech_mode {
            SpeechMode::OwnVoice => (true, false),
            SpeechMode::ScreenReader => (false, !focus_says_it),
            SpeechMode::Both => (!focus_says_it, false),
        };
        if own {
            match self.speaker.as_mut() {
                Some(s) => s.say(text, interrupt),
                // The voice starts with the first frame: what is said before it (the file named
                // on the command line, opened before the window) is said when it comes.
                None if !self.focus_placed => self.unspoken.push(text.to_string()),
                None => {}
            }
        }
        if reader {
            let pending = self.for_reader.get_or_insert_with(String::new);
            if !pending.is_empty() {
                pending.push(' ');
            }
            pending.push_str(text);
        }
    }

    /// Says `text`: spoken (see [`DamaApp::speak`]), shown in the status bar and in the live
    /// region.
    fn say(&mut self, text: String, error: bool, interrupt: bool, focus_says_it: bool) {
        self.speak(&text, interrupt, focus_says_it);
        self.said = Some(Notice { text, error });
    }

    /// [`DamaApp::say`] of what the focus does not say anyway.
    fn announce(&mut self, text: String, error: bool, interrupt: bool) {
        self.say(text, error, interrupt, false);
    }

    /// The words for `events`, said; `interrupt` cuts short what is being said (not for the
    /// computer's reply, which follows the person's move).
    fn tell(&mut self, events: &[Event], interrupt: bool) {
        let text = phrases::events(&self.words(), events);
        if text.is_empty() {
            return;
        }
        let focus_says_it = events.iter().all(|e| matches!(e, Event::Cursor(_)));
        self.say(text, false, interrupt, focus_says_it);
        self.sound(&crate::sound::cues(events));
    }

    /// The window's name, for the title bar, the task bar and the screen reader (which says it
    /// when the window gets the focus): "Dáma – Česká dáma – partie.pdn (neuloženo)".
    pub fn title(&self) -> String {
        let lang = self.lang();
        let mut title = format!(
            "Dáma – {}",
            phrases::rules_name(lang, self.doc.game().rules())
        );
        if let Some(file) = self.doc.file() {
            title.push_str(" – ");
            match self.doc.place().filter(|p| p.in_collection()) {
                Some(p) => title.push_str(&phrases::game_of_file(lang, p.number, p.games, file)),
                None => title.push_str(&phrases::events::file_name(file)),
            }
            if self.doc.is_dirty() {
                title.push_str(super::i18n::T::UnsavedMark.get(lang));
            }
        }
        title
    }

    fn name_window(&mut self, ctx: &Context) {
        let title = self.title();
        ctx.accesskit_node_builder(egui::accesskit_root_id(), |node| {
            node.set_label(title.clone())
        });
        if self.applied_title.as_ref() != Some(&title) {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.applied_title = Some(title);
        }
    }

    /// Hands what was said this frame to the screen reader, by the one channel the platform's
    /// screen readers each present once ([`DamaApp::reader_by_description`]): as the description of
    /// the widget that has the focus (the window when none has), or as the text of the live
    /// region.
    fn hand_to_reader(&mut self, ctx: &Context) {
        // A pass egui will discard never reaches the screen reader: the words wait for the next.
        if ctx.will_discard() {
            return;
        }
        // The screen reader ignores a window without the keyboard (at start, before the desktop
        // gives it the focus, the notices of a damaged file were lost): the words wait for it.
        if ctx.input(|i| i.viewport().focused) == Some(false) {
            return;
        }
        let focused = ctx.memory(|m| m.focused());
        // A move typed and played empties the field: Orca 46+ reads the field again as its
        // text changes and takes the description it finds then as already said, so the words
        // wait for the field to rest as they wait for the focus.
        if focused != self.reader_focus.0 {
            self.reader_focus = (focused, Instant::now());
        }
        if self.move_text != self.reader_field.0 {
            self.reader_field = (self.move_text.clone(), Instant::now());
        }
        // Where the focus has just moved (a dialog closed, the board as text hidden), the
        // screen reader reads the newly focused widget first: the words wait until it has.
        let wait = self
            .reader_settle
            .saturating_sub(self.reader_focus.1.elapsed())
            .max((self.reader_settle / 3).saturating_sub(self.reader_field.1.elapsed()));
        let new = focused.is_some_and(|id| !ctx.memory(|m| m.had_focus_last_frame(id)));
        if new || !wait.is_zero() {
            if self.for_reader.is_some() {
                ctx.request_repaint_after(wait);
            }
            return;
        }
        let Some(text) = self.for_reader.take() else {
            return;
        };
        if self.reader_by_description {
            let target = reader_target(ctx);
            let old = self
                .described
                .as_ref()
                .filter(|(t, ..)| *t == target)
                .map(|(_, old, _)| old.as_str());
            self.described = Some((target, again(old, text), Instant::now()));
        } else {
            self.live_text = Some(again(self.live_text.as_deref(), text));
        }
        ctx.request_repaint();
    }

    /// Keeps the words last handed over as the focused widget's description for a while
    /// ([`READER_HOLD`]), and takes them away when the focus moves. Orca reads its events in
    /// its own time: a description set and cleared again before it gets to them was dropped as
    /// outdated (Orca 48: "obsoleted by"), and "Zrušeno." after a dialog was unheard.
    fn hold_description(&mut self, ctx: &Context) {
        let Some((target, text, since)) = &self.described else {
            return;
        };
        // A line of the board as text has words of its own as its description: they are not
        // put back while the focus stays (the screen reader would say them again).
        let own = self.board_text_rows.contains(target);
        if *target != reader_target(ctx) || (since.elapsed() >= READER_HOLD && !own) {
            self.described = None;
            ctx.request_repaint();
            return;
        }
        ctx.accesskit_node_builder(*target, |node| node.set_description(text.clone()));
        if !own {
            ctx.request_repaint_after(READER_HOLD.saturating_sub(since.elapsed()));
        }
    }

    /// Why something did not happen, said; a refused move or action also sounds.
    fn complain(&mut self, problem: &Problem) {
        let text = phrases::problem(self.lang(), self.settings.notation, problem);
        self.announce(text, true, true);
        if refused(problem) {
            self.sound(&[crate::sound::Cue::Refused]);
        }
    }

    /// Plays `cues` where the user wants sounds; says once a run that they cannot be played.
    fn sound(&mut self, cues: &[crate::sound::Cue]) {
        if !self.settings.sounds || cues.is_empty() {
            return;
        }
        if !self.sounds.play_all(cues, self.settings.sound_volume) && !self.sound_problem_shown {
            self.sound_problem_shown = true;
            self.complain(&Problem::SoundUnavailable);
        }
    }

    /// A cue at the volume chosen, as the volume changes (not more often than every 150 ms
    /// while a slider is dragged).
    fn preview_sound(&mut self) {
        if self
            .last_preview
            .is_some_and(|t| t.elapsed() < Duration::from_millis(150))
        {
            return;
        }
        self.last_preview = Some(Instant::now());
        self.sound(&[crate::sound::Cue::Selected]);
    }

    /// What the words depend on now.
    fn words(&self) -> phrases::Context<'_> {
        phrases::Context {
            lang: self.lang(),
            rules: match &self.editor {
                Some(editor) => editor.variant.rules(),
                None => self.doc.game().rules(),
            },
            verbosity: self.settings.verbosity,
            notation: self.settings.notation,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.doc.game()
    }

    /// The game and what is saved with it.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// The status-bar message: the last announcement.
    pub fn notice(&self) -> Option<&Notice> {
        self.said.as_ref()
    }

    /// The open dialog, if any.
    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialogs.current()
    }

    /// Whether the game has changes not saved to a file.
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    /// The file the game came from or was saved to.
    pub fn file(&self) -> Option<&Path> {
        self.doc.file()
    }

    /// Queues a command, as a menu item or shortcut does.
    pub fn command(&mut self, c: Command) {
        self.queued.push(c);
    }

    fn lang(&self) -> Language {
        self.settings.language()
    }

    fn save_settings(&mut self) {
        if let Some(dir) = self.config_dir.clone()
            && let Err(error) = self.settings.save(&dir)
        {
            log::warn!("cannot save the settings in {}: {error}", dir.display());
            self.complain(&Problem::SaveSettings { dir, error });
        }
    }

    /// The position on the board: the one being set up in the editor, or the game's current
    /// one, or the one looked back at.
    pub fn shown_position(&self) -> &Position {
        if let Some(editor) = &self.editor {
            return &editor.position;
        }
        if let Some(v) = &self.view.variation {
            return &v.line.positions[v.shown()];
        }
        let game = self.doc.game();
        match self.view.ply {
            Some(ply) => game.position_at(ply).unwrap_or(game.position()),
            None => game.position(),
        }
    }

    /// The moves that can be made on the board as shown: those the player may make now, or in
    /// an earlier position looked at. Under table rules they include those that ignore a
    /// capture, also looking back: an earlier position must not show that a capture was due
    /// there (nor so that a move after it forgot one).
    fn moves_shown(&self) -> Vec<Move> {
        if let Some(editor) = &self.editor {
            return editor.position.legal_moves(editor.variant.rules());
        }
        let game = self.doc.game();
        if self.view.variation.is_some() {
            // A variation is a line considered, not played under table rules.
            return self.shown_position().legal_moves(game.rules());
        }
        match self.view.ply {
            None => game.allowed_moves(),
            Some(_) if self.table_rules() => self.shown_position().table_moves(game.rules()),
            Some(_) => self.shown_position().legal_moves(game.rules()),
        }
    }

    /// Whether table rules apply (and so nothing points out a capture). A game is under table
    /// rules only where its rule set has a claim (`Game::set_enforcement`).
    fn table_rules(&self) -> bool {
        self.doc.game().enforcement() == crate::rules::Enforcement::TableRules
    }

    /// Starts the game of the new-game form, and remembers its choices for the next one.
    fn start_game(&mut self, form: &NewGameForm) {
        self.settings.last_rules = form.variant.id().to_string();
        self.settings.last_table_rules = form.rules.claim.is_some().then_some(form.table_rules);
        self.settings.last_clock = form.clock;
        self.settings.white_name = form.white.clone();
        self.settings.black_name = form.black.clone();
        self.settings.white_player = form.players[0];
        self.settings.black_player = form.players[1];
        self.save_settings();
        let names = side_names(
            self.lang(),
            [form.white.as_str(), form.black.as_str()],
            form.players,
        );
        match Document::new_timed_game(
            form.rules.clone(),
            form.table_rules,
            names,
            form.players,
            form.start,
            form.clock,
        ) {
            Ok(doc) => self.apply(Change::Replace(
                Box::new(doc),
                super::document::Replaced::NewGame,
            )),
            Err(e) => self.complain(&Problem::Rules(Box::new(e))),
        }
    }

    // ----- drawing -----

    /// "Paste position" waits for the clipboard's text (the system gives it a frame later) and
    /// opens the new-game dialog with it; after a few frames without it, says there is none.
    fn take_paste(&mut self, ctx: &Context) {
        let Some(frames) = self.paste_wait else {
            return;
        };
        let pasted = ctx.input_mut(|i| {
            let at = i
                .events
                .iter()
                .position(|e| matches!(e, egui::Event::Paste(_)))?;
            match i.events.remove(at) {
                egui::Event::Paste(text) => Some(text),
                _ => None,
            }
        });
        match pasted.map(|text| pasted_position(&text)) {
            // A dialog that opened meanwhile (a question about the autosave) is not replaced.
            Some(_) if self.dialogs.is_open() => self.paste_wait = None,
            // Not cut to the field's size: the start of a position may be another position.
            Some(text) if text.chars().nth(POSITION_CHARS).is_some() => {
                self.paste_wait = None;
                self.complain(&Problem::ClipboardTooLong {
                    limit: POSITION_CHARS,
                });
            }
            Some(text) if !text.is_empty() => {
                self.paste_wait = None;
                self.open_new_game(Some(&text), None);
            }
            Some(_) => {
                self.paste_wait = None;
                self.complain(&Problem::ClipboardEmpty);
            }
            None if frames >= 3 => {
                self.paste_wait = None;
                self.complain(&Problem::ClipboardEmpty);
            }
            None => {
                self.paste_wait = Some(frames + 1);
                ctx.request_repaint();
            }
        }
    }

    /// Opens the new-game dialog as it was left, with `position` in its position field and the
    /// focus there when given, and the rules of `variant` when given.
    pub(super) fn open_new_game(&mut self, position: Option<&str>, variant: Option<Variant>) {
        let v =
            variant.unwrap_or_else(|| self.settings.last_rules.parse().unwrap_or(Variant::Czech));
        let mut form = NewGameForm::new(
            v,
            self.settings.last_table_rules,
            &self.settings.white_name,
            &self.settings.black_name,
            Color::ALL.map(|c| self.doc.player(c)),
        );
        // The clock chosen last (times a hand-edited file gives that no game can use: none).
        form.clock = self.settings.last_clock.filter(|c| c.is_playable());
        if let Some(text) = position {
            form.position = text.to_string();
            form.focus_position = true;
        }
        self.dialogs.open(Dialog::NewGame(Box::new(form)));
    }

    /// Draws the window into `ui` and applies what the user did.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.applied_theme != Some(self.settings.theme) {
            ctx.set_visuals(visuals(self.settings.theme));
            self.applied_theme = Some(self.settings.theme);
        }
        if self.applied_zoom != Some(self.settings.zoom) {
            ctx.set_zoom_factor(zoom_factor(self.settings.zoom));
            self.applied_zoom = Some(self.settings.zoom);
            let voice = self.voice();
            if let Some(s) = self.speaker.as_mut() {
                s.configure(voice);
            }
        }
        // egui ignores an extra Shift or Alt when matching: Ctrl+Shift+S must be taken before Ctrl+S.
        // Behind a dialog the game's shortcuts wait (F1 must not replace the resume question),
        // and in the move field holding text the keys that move through text are the field's.
        self.take_paste(&ctx);
        let editing = ctx.text_edit_focused() && !self.move_text.is_empty();
        self.editor_keys(&ctx);
        let mut shortcuts: Vec<_> = Command::ALL
            .iter()
            .copied()
            .filter(|_| !self.dialogs.is_open())
            .filter_map(|c| Some((c, c.shortcut()?)))
            .filter(|(_, sc)| !(editing && moves_in_text(sc)))
            .collect();
        shortcuts.sort_by_key(|(_, sc)| {
            std::cmp::Reverse(u8::from(sc.modifiers.shift) + u8::from(sc.modifiers.alt))
        });
        for (c, sc) in shortcuts {
            if ctx.input_mut(|i| i.consume_shortcut(&sc)) {
                self.queued.push(c);
            }
        }
        self.menu_keys(&ctx);
        let in_board_text = ctx
            .memory(|m| m.focused())
            .is_some_and(|id| self.board_text_rows.contains(&id));
        if !self.dialogs.is_open()
            && !ctx.text_edit_focused()
            && !self.menu_is_open(&ctx)
            && !in_board_text
        {
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
            if self.view.picker.from.is_some() || self.view.offenders.is_some() {
                let escape =
                    ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
                if escape {
                    // A selection, or the choice of the piece to remove: the claim stands.
                    self.view.picker.clear();
                    self.view.offenders = None;
                    self.tell(&[Event::Deselected], true);
                }
            }
        }
        let own_voice =
            self.settings.speech && self.settings.speech_mode != SpeechMode::ScreenReader;
        if own_voice && self.speaker.is_none() && self.start_speech_engine {
            self.set_speaker(Box::new(crate::speech::TtsSpeaker::start(self.voice())));
        }
        if own_voice && !self.speech_problem_shown {
            let problem = match self.speaker.as_ref().map(|s| s.status()) {
                Some(SpeechStatus::Unavailable(why)) => Some(Problem::SpeechUnavailable(why)),
                Some(SpeechStatus::Lost(why)) => Some(Problem::SpeechLost(why)),
                _ => None,
            };
            if let Some(problem) = problem {
                log::warn!("speech is not available: {problem:?}");
                self.speech_problem_shown = true;
                self.complain(&problem);
            }
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close {
            if self.doc.is_dirty() {
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                self.dialogs.open(Dialog::Unsaved(Pending::Quit));
            } else if let Some(path) = self.only_here() {
                // Saved, but another program or window replaced the file since: the game is
                // nowhere else.
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                self.dialogs
                    .open(Dialog::ChangedOnDisk(path, Some(Pending::Quit)));
            } else {
                self.allow_close = true;
            }
        }
        let focused = ctx.input(|i| i.viewport().focused);
        if focused == Some(true) && self.window_focused == Some(false) {
            self.check_disk();
        }
        if focused.is_some() {
            self.window_focused = focused;
        }
        if let Some(rect) = ctx.input(|i| i.viewport().inner_rect) {
            self.settings.window_size = Some([rect.width(), rect.height()]);
        }

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        // Where the window is short for its interface size (300 % on 1280×900), the status and
        // whose turn it is go beside the board, which takes the whole height: it is then as
        // large as at 100 %.
        let compact = ctx.content_rect().height() < 640.0;
        self.compact = compact;
        if !compact {
            egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        }
        let width = ui.available_width();
        let height = ui.available_height();
        let side = if compact {
            // The board is square: the panel gets the width the board cannot use (less the
            // panels' margins).
            (width - height - 32.0).max(120.0).min(width * 0.5)
        } else {
            // The board keeps most of the width.
            220.0f32.min(width * 0.3)
        };
        let salt = if compact { "moves-beside" } else { "moves" };
        // egui names the splitter of a resizable panel "Resize panel", in English: the window
        // names it in its own language (egui's id of the handle: the panel's, then "__resize").
        let splitter = ui.scope_id().with(salt).with("__resize");
        let panel = egui::Panel::right(salt);
        let panel = if compact {
            // Of one width: no splitter to move.
            panel.exact_size(side).resizable(false)
        } else {
            panel
                .resizable(true)
                .default_size(side)
                .max_size((width * 0.5).max(120.0))
        };
        panel.show(ui, |ui| {
            if compact {
                // Beside the board at 300 % the panel is taller than the window: it scrolls,
                // and follows the focus (the board as text, the move field).
                ScrollArea::both()
                    .id_salt("beside")
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        self.banner(ui);
                        self.status_bar(ui);
                        ui.separator();
                        self.side_panel(ui);
                    });
            } else {
                self.side_panel(ui);
            }
        });
        if ctx.has_accesskit_node(splitter) {
            let name = super::i18n::T::ResizePanel.get(self.lang());
            ctx.accesskit_node_builder(splitter, |node| node.set_label(name));
        }
        let frame = egui::Frame::central_panel(&ctx.global_style());
        let frame = if compact {
            frame.inner_margin(2.0)
        } else {
            frame
        };
        egui::CentralPanel::default().frame(frame).show(ui, |ui| {
            if !compact {
                ui.vertical_centered(|ui| self.banner(ui));
            }
            self.board_panel(ui);
        });
        self.dialogs(&ctx);

        for c in std::mem::take(&mut self.queued) {
            self.run(&ctx, c);
        }
        self.drive_computer(&ctx);
        if self.doc.clock().is_some_and(|c| c.running().is_some()) {
            self.apply(Change::Tick(Instant::now()));
            ctx.request_repaint_after(Duration::from_millis(250));
        }
        // At the start the focus goes to the board (not in egui's unseen first layout), once
        // the window has the keyboard and a screen reader has had a moment with the window's
        // objects: Orca 43 drops the focus of an application it has not met yet
        // ("potentially-defunct source") and said only the window's name. AccessKit comes on
        // when a screen reader asks; without one the focus goes a little later, or at the
        // first key.
        if !self.focus_placed && !ctx.will_discard() {
            self.focus_placed = true;
            self.start_focus = Some(StartFocus::default());
        }
        if let Some(mut wait) = self.start_focus.take() {
            let window = ctx.input(|i| i.viewport().focused);
            let reader = ctx
                .accesskit_node_builder(egui::accesskit_root_id(), |_| ())
                .is_some();
            let key = ctx.input(|i| {
                i.events
                    .iter()
                    .any(|e| matches!(e, egui::Event::Key { pressed: true, .. }))
            });
            let left = wait.left(window == Some(true), reader);
            if window.is_none() || (window == Some(true) && (key || left.is_zero())) {
                if !self.dialogs.is_open() && ctx.memory(|m| m.focused()).is_none() {
                    self.focus_board(&ctx);
                }
            } else {
                self.start_focus = Some(wait);
                if window == Some(true) {
                    ctx.request_repaint_after(left);
                }
            }
        }
        self.name_window(&ctx);
        self.hand_to_reader(&ctx);
        self.hold_description(&ctx);
        if self.allow_close && ctx.input(|i| i.viewport().close_requested()) {
            self.save_settings();
        } else if self.allow_close {
            self.save_settings();
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
    }

    /// The shortcut of `c` as the menus write it ("Ctrl+Shift+M").
    fn shortcut_text(&self, c: Command) -> String {
        c.shortcut_text(self.lang())
    }

    /// The shortcuts that accept and decline a draw, as the help shows them.
    fn draw_answer_keys(&self) -> [String; 2] {
        [Command::AcceptDraw, Command::DeclineDraw].map(|c| self.shortcut_text(c))
    }
}

/// Logs the temporary files of writes that broke off, removed at start.
pub(super) fn log_removed(files: Vec<PathBuf>) {
    for f in files {
        log::info!("removed {}, left by a write that broke off", f.display());
    }
}

/// The zoom given to egui: a value outside 1 to 3, or not a number, would make the window's
/// scale factor invalid, which winit refuses by stopping the program.
fn zoom_factor(zoom: f32) -> f32 {
    if zoom.is_finite() {
        zoom.clamp(1.0, 3.0)
    } else {
        1.0
    }
}

/// The move field's widget id, the same every frame: Ctrl+M asks whether the focus is there.
/// Here, not with the field's drawing in `panels`: the commands and the keyboard ask it too,
/// and `panels` itself uses the change path.
fn move_field_id() -> egui::Id {
    egui::Id::unique("dama-move-field")
}

/// Whether `problem` refuses what the user tried (a move, a claim, a step through the game),
/// as opposed to a failure of the system: the refusal has a sound cue. Every variant is
/// decided here, with no wildcard, so that a new one cannot go without its cue unnoticed.
fn refused(problem: &Problem) -> bool {
    match problem {
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
        | Problem::NotEditing
        | Problem::NotReviewed(_)
        | Problem::NoMistakes
        | Problem::NothingToReview
        | Problem::NoClock
        | Problem::NoProblems
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

/// The position in pasted text: the FEN of a PDN `[FEN "…"]` tag when the text holds one (a game
/// copied from another program), else its lines that are not empty, one part each (piece lists
/// written a colour a line).
fn pasted_position(text: &str) -> String {
    if let Some(start) = text.find("[FEN \"")
        && let Some(len) = text[start + 6..].find('"')
    {
        return text[start + 6..start + 6 + len].trim().to_string();
    }
    text.lines()
        .map(|l| l.trim().trim_end_matches(';'))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Whether `sc` is a key a text field uses to move through its text (Ctrl+arrows, Ctrl+Home,
/// Ctrl+End): in the move field or a path field they edit, not step through the game.
fn moves_in_text(sc: &egui::KeyboardShortcut) -> bool {
    use egui::Key;
    matches!(
        sc.logical_key,
        Key::ArrowLeft | Key::ArrowRight | Key::Home | Key::End
    )
}

/// The players' names as saved in PDN: a computer side without a name is called by its
/// level, "Dáma – Klubový hráč (3)".
fn side_names(lang: Language, names: [&str; 2], players: [Player; 2]) -> [String; 2] {
    [0, 1].map(|i| {
        let name = names[i].trim();
        match players[i] {
            Player::Computer(level) if name.is_empty() => {
                format!("Dáma – {}", phrases::level_name(lang, level))
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

#[cfg(test)]
mod tests {
    use super::pasted_position;

    #[test]
    fn a_pasted_position_is_its_first_line_or_a_pdn_fen_tag() {
        assert_eq!(pasted_position("\n  W:W21:B9  \n"), "W:W21:B9");
        assert_eq!(
            pasted_position("Bílé: 32, 28;\r\n  Černé: 12, 19\n"),
            "Bílé: 32, 28; Černé: 12, 19"
        );
        assert_eq!(
            pasted_position("[Event \"x\"]\r\n[FEN \" B:W21:B9 \"]\r\n1. 21-17 *"),
            "B:W21:B9"
        );
        assert_eq!(pasted_position("W: 32, 28; B: 12"), "W: 32, 28; B: 12");
        assert_eq!(pasted_position(" \n "), "");
    }
}
