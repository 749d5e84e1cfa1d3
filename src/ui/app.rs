//! The application: the document and the per-game window state, the dialogs, and the frame
//! that draws them and hands what the user did to the one change path (`change.rs`).

mod announcer;
mod autosaving;
mod board_text;
mod change;
mod command;
mod commands;
mod computer;
mod dialogs;
mod editing;
mod endgames;
mod exercising;
mod feature;
mod files;
mod input;
mod learning;
mod menus;
mod panels;
mod varying;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eframe::egui::{self, Context, ScrollArea, Ui, ViewportCommand};

pub use self::announcer::{Notice, READER_BY_DESCRIPTION};
pub use self::command::Command;
pub use self::dialogs::Dialog;
pub use self::dialogs::new_game::{NewGameForm, POSITION_CHARS};
use super::document::{DocChange, Document};
use super::editor::Editor;
use super::game_view::GameView;
use super::i18n::Language;
use super::settings::{LoadNotice, Player, Settings, Theme};
use super::theme::visuals;
use crate::game::event::{Event, Problem};
use crate::rules::{Color, Game, Move, Position, Square, Variant};
use crate::speech::{Speaker, phrases};

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
    /// Open the course.
    Learn,
}

/// What the system's window was last told, and how the window is laid out.
#[derive(Default)]
struct SystemWindow {
    /// The window may close now: the person has answered what there was to answer.
    allow_close: bool,
    /// The theme last given to egui.
    applied_theme: Option<Theme>,
    /// The interface size last given to egui.
    applied_zoom: Option<f32>,
    /// The window title last given to the system.
    applied_title: Option<String>,
    /// Whether the window had the system's focus in the last frame: the game's file is
    /// looked at again each time it comes back.
    window_focused: Option<bool>,
    /// Whether the window is laid out for a short window (300 %): status beside the board.
    compact: bool,
}

/// The whole window's state.
pub struct DamaApp {
    /// The game and what is saved with it; changed only through [`DamaApp::apply`].
    doc: Document,
    /// What the window shows of the game and is doing with it.
    view: GameView,
    /// The position editor, while it is open: the board shows its position instead of the
    /// game's. A feature (`feature.rs`), as are the problems.
    editor: editing::Editing,
    /// The problems being solved, if a collection is open.
    exercises: exercising::Problems,
    /// The variations: a feature with no state of its own (the variations are the
    /// document's, the one shown is the view's).
    variations: varying::Variations,
    /// The course's lesson being followed, if any. A feature (`feature.rs`).
    learning: learning::Learning,
    /// Settings, and where they are saved (None: not saved).
    pub settings: Settings,
    /// The dialogs: the one open, and the focus around it.
    dialogs: dialogs::DialogHost,
    /// What is said, and how: Dáma's voice, the screen reader, the status bar, sound cues.
    announcer: announcer::Announcer,
    /// The computer: its thinking thread, the question it thinks about, the analysis.
    computer: computer::Computer,
    /// What outlives the window: autosave, the interrupted games to resume, the game's file
    /// as last seen on disk, where settings are kept.
    saving: autosaving::Saving,
    /// The keyboard and the focus: queued commands, the move field, the menus' keys, the
    /// regions and lines Ctrl+F6 and the arrows go through.
    input: input::Input,
    /// What the system's window was last told, and how it is laid out.
    window: SystemWindow,
    /// The endgame databases built in the background.
    endgames: endgames::EndgameBuilds,
}

impl DamaApp {
    /// A new window state with a game of the last chosen rule set; `config_dir` is where
    /// settings live (None keeps them in memory only).
    pub fn new(config_dir: Option<PathBuf>) -> DamaApp {
        // The very first start (no settings yet): the course is offered.
        let first_start = config_dir
            .as_ref()
            .is_some_and(|dir| !dir.join("settings.ron").exists());
        let (settings, notice) = match &config_dir {
            Some(dir) => Settings::load(dir),
            None => (Settings::default(), None),
        };
        if let Some(dir) = &config_dir {
            crate::store::storage::remove_stale_temp_files(dir, Some(&["settings.ron"]));
        }
        // A save that broke off leaves its temporary file beside the user's file: the recent
        // files' folders are where those are.
        for file in &settings.recent_files {
            if let (Some(dir), Some(name)) =
                (file.parent(), file.file_name().and_then(|n| n.to_str()))
            {
                crate::store::storage::remove_stale_temp_files(dir, Some(&[name]));
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
        // A build stopped when the program last closed goes on.
        if let Some(news) = app.endgames.resume() {
            app.tell(&[news], false);
        }
        if first_start && !app.settings.course_offered {
            app.settings.course_offered = true;
            app.save_settings();
            app.tell(&[Event::Course(crate::game::event::Lesson::Offered)], false);
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
            editor: editing::Editing::default(),
            exercises: exercising::Problems::default(),
            variations: varying::Variations,
            learning: learning::Learning::default(),
            settings,
            dialogs: dialogs::DialogHost::default(),
            announcer: announcer::Announcer::new(),
            computer: computer::Computer::default(),
            saving: autosaving::Saving::new(config_dir),
            input: input::Input::default(),
            window: SystemWindow::default(),
            // The folder the program gave the search; none in tests, which build nothing
            // unless they ask.
            endgames: endgames::EndgameBuilds::new(crate::engine::endgame::directory()),
        }
    }

    /// Runs a feature's method `f` on its state (`state` of the window) with its context,
    /// then does what it asked for, in turn (`change.rs`). The state is the feature's own
    /// while `f` runs: `f` sees nothing else of the window.
    fn feature<S: Default, R>(
        &mut self,
        state: fn(&mut DamaApp) -> &mut S,
        f: impl FnOnce(&mut S, &mut feature::FeatureCx) -> R,
    ) -> R {
        let mut own = std::mem::take(state(self));
        let mut cx = feature::FeatureCx::new(&self.doc, &self.settings, &mut self.view);
        let result = f(&mut own, &mut cx);
        let effects = cx.into_effects();
        *state(self) = own;
        self.carry_out(effects);
        result
    }

    /// The position editor, if it is open.
    pub fn editor(&self) -> Option<&Editor> {
        self.editor.editor()
    }

    /// Whether a collection of problems is being solved.
    pub fn exercises(&self) -> Option<&exercising::Exercises> {
        self.exercises.exercises()
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        self.doc.player(color)
    }

    /// Sets who plays `color` (the new-game dialog does this for a new game).
    pub fn set_player(&mut self, color: Color, player: Player) {
        let mut players = [Color::White, Color::Black].map(|c| self.doc.player(c));
        players[color.index()] = player;
        self.apply(DocChange::Players(players));
    }

    /// Whether the computer is thinking (about a move, a claim, a hint or a draw offer).
    pub fn is_thinking(&self) -> bool {
        self.computer.is_thinking()
    }

    /// The suggested move, while it is still about the position on the board.
    pub fn hint(&self) -> Option<Move> {
        self.view.hint
    }

    /// Gives the window a voice (none by default; [`run`](super::run) starts the real one).
    pub fn set_speaker(&mut self, mut speaker: Box<dyn Speaker>) {
        speaker.configure(self.voice());
        self.announcer.set_speaker(&self.settings, speaker);
    }

    /// Plays the sound cues with `player` instead of the sound card (tests record them).
    pub fn set_sound_player(&mut self, player: Box<dyn crate::sound::Player>) {
        self.announcer.set_sound_player(player);
    }

    /// How long the focus must rest on a widget before words are handed to the screen reader
    /// there (tests wait less, or more).
    pub fn set_reader_settle(&mut self, settle: Duration) {
        self.announcer.reader_settle = settle;
    }

    /// Whether words reach the screen reader as the focused widget's description rather than
    /// through the live region ([`READER_BY_DESCRIPTION`] by default; tests try both).
    pub fn set_reader_by_description(&mut self, by_description: bool) {
        self.announcer.reader_by_description = by_description;
    }

    /// Starts the system's speech engine when the own voice is wanted (tests give a
    /// recording speaker instead).
    pub fn start_speech_engine(&mut self) {
        self.announcer.start_speech_engine = true;
    }

    /// The last announcement (what was, or would have been, spoken).
    pub fn announcement(&self) -> &str {
        self.announcer.notice().map_or("", |n| n.text.as_str())
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
        if self.window.applied_title.as_ref() != Some(&title) {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.window.applied_title = Some(title);
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
        self.announcer.notice()
    }

    /// The open dialog, if any.
    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialogs.current()
    }

    /// Whether a save runs in the background (a large file).
    pub fn is_saving(&self) -> bool {
        self.saving.job.is_some()
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
        self.input.queued.push(c);
    }

    fn lang(&self) -> Language {
        self.settings.language()
    }

    fn save_settings(&mut self) {
        if let Some(dir) = self.saving.config_dir.clone()
            && let Err(error) = self.settings.save(&dir)
        {
            log::warn!("cannot save the settings in {}: {error}", dir.display());
            self.complain(&Problem::SaveSettings { dir, error });
        }
    }

    /// The position on the board: the one being set up in the editor, or the game's current
    /// one, or the one looked back at.
    pub fn shown_position(&self) -> &Position {
        if let Some(editor) = self.editor.editor() {
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
        if let Some(editor) = self.editor.editor() {
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
            Ok(doc) => self.apply(DocChange::Replace(
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
        let Some(frames) = self.input.paste_wait else {
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
            Some(_) if self.dialogs.is_open() => self.input.paste_wait = None,
            // Not cut to the field's size: the start of a position may be another position.
            Some(text) if text.chars().nth(POSITION_CHARS).is_some() => {
                self.input.paste_wait = None;
                self.complain(&Problem::ClipboardTooLong {
                    limit: POSITION_CHARS,
                });
            }
            Some(text) if !text.is_empty() => {
                self.input.paste_wait = None;
                self.open_new_game(Some(&text), None);
            }
            Some(_) => {
                self.input.paste_wait = None;
                self.complain(&Problem::ClipboardEmpty);
            }
            None if frames >= 3 => {
                self.input.paste_wait = None;
                self.complain(&Problem::ClipboardEmpty);
            }
            None => {
                self.input.paste_wait = Some(frames + 1);
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
        if self.window.applied_theme != Some(self.settings.theme) {
            ctx.set_visuals(visuals(self.settings.theme));
            self.window.applied_theme = Some(self.settings.theme);
        }
        if self.window.applied_zoom != Some(self.settings.zoom) {
            ctx.set_zoom_factor(zoom_factor(self.settings.zoom));
            self.window.applied_zoom = Some(self.settings.zoom);
            let voice = self.voice();
            self.announcer.configure(voice);
        }
        // egui ignores an extra Shift or Alt when matching: Ctrl+Shift+S must be taken before Ctrl+S.
        // Behind a dialog the game's shortcuts wait (F1 must not replace the resume question),
        // and in the move field holding text the keys that move through text are the field's.
        self.take_paste(&ctx);
        let editing = ctx.text_edit_focused() && !self.input.move_text.is_empty();
        // The editor's keys on the square that has the focus, where nothing else takes them.
        if self.editor.is_open()
            && !self.dialogs.is_open()
            && !ctx.text_edit_focused()
            && !self.menu_is_open(&ctx)
        {
            let focused = ctx.memory(|m| m.focused()).is_some();
            let on = self.focused_square(&ctx);
            self.feature(|a| &mut a.editor, |e, cx| e.keys(cx, &ctx, on, focused));
        }
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
                self.input.queued.push(c);
            }
        }
        self.menu_keys(&ctx);
        // The cursor is where the focus is on the board, the square the screen reader read:
        // after a new game, a set-up position or a lesson's task (the cursor begun anew), and
        // where the focus came to the board by Tab or a click.
        if let Some(id) = ctx.memory(|m| m.focused())
            && let Some(sq) = self.square_of(id)
            && (self.view.cursor.is_none() || !ctx.memory(|m| m.had_focus_last_frame(id)))
        {
            self.view.cursor = Some(sq);
        }
        let in_board_text = ctx
            .memory(|m| m.focused())
            .is_some_and(|id| self.input.board_text_rows.contains(&id));
        if !self.dialogs.is_open()
            && !ctx.text_edit_focused()
            && !self.menu_is_open(&ctx)
            && !in_board_text
        {
            self.type_square(&ctx);
            for key in [
                egui::Key::ArrowUp,
                egui::Key::ArrowDown,
                egui::Key::ArrowLeft,
                egui::Key::ArrowRight,
                egui::Key::Home,
                egui::Key::PageUp,
                egui::Key::End,
                egui::Key::PageDown,
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
        let voice = self.voice();
        if let Some(problem) = self.announcer.check_voice(&self.settings, voice) {
            self.complain(&problem);
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.window.allow_close {
            if let Some(job) = &mut self.saving.job {
                // The save goes on; the window closes once it succeeded (asked first where the
                // game changed meanwhile), and stays open, saying why, where it failed.
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                job.then = Some(Pending::Quit);
                let saving = Event::Saving {
                    path: job.path.clone(),
                    bytes: job.bytes,
                };
                self.tell(&[saving], true);
            } else if self.doc.is_dirty() {
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                self.dialogs.open(Dialog::Unsaved(Pending::Quit));
            } else if let Some(question) = self.only_here(Some(Pending::Quit)) {
                // Saved, but another program or window replaced or removed the file since: the
                // game is nowhere else.
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                self.dialogs.open(question);
            } else {
                self.window.allow_close = true;
            }
        }
        let focused = ctx.input(|i| i.viewport().focused);
        if focused == Some(true) && self.window.window_focused == Some(false) {
            self.check_disk();
        }
        if focused.is_some() {
            self.window.window_focused = focused;
        }
        if let Some(rect) = ctx.input(|i| i.viewport().inner_rect) {
            self.settings.window_size = Some([rect.width(), rect.height()]);
        }

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        // Where the window is short for its interface size (300 % on 1280×900), the status and
        // whose turn it is go beside the board, which takes the whole height: it is then as
        // large as at 100 %.
        let compact = ctx.content_rect().height() < 640.0;
        self.window.compact = compact;
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

        for c in std::mem::take(&mut self.input.queued) {
            self.run(&ctx, c);
        }
        self.drive_computer(&ctx);
        self.follow_endgames(&ctx);
        self.finish_save(false);
        if self.saving.job.is_some() {
            // Its end is told without a key pressed.
            ctx.request_repaint_after(Duration::from_millis(50));
        }
        if self.doc.clock().is_some_and(|c| c.running().is_some()) {
            self.apply(DocChange::Tick(Instant::now(), self.settings.time_calls));
            ctx.request_repaint_after(Duration::from_millis(250));
        }
        // At the start the focus goes to the board (not in egui's unseen first layout), once
        // the window has the keyboard and a screen reader has had a moment with the window's
        // objects: Orca 43 drops the focus of an application it has not met yet
        // ("potentially-defunct source") and said only the window's name. AccessKit comes on
        // when a screen reader asks; without one the focus goes a little later, or at the
        // first key.
        self.place_start_focus(&ctx);
        self.name_window(&ctx);
        self.announcer.hand_to_reader(&ctx, &self.input.move_text);
        let keep_name = !self.settings.reread_square && self.focused_square(&ctx).is_some();
        self.announcer
            .hold_description(&ctx, &self.input.board_text_rows, keep_name);
        if self.window.allow_close && ctx.input(|i| i.viewport().close_requested()) {
            self.save_settings();
        } else if self.window.allow_close {
            self.save_settings();
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
    }

    /// Tells what became of a build of endgame databases, and begins one the first time a
    /// level that uses them plays the game's rule set.
    fn follow_endgames(&mut self, ctx: &egui::Context) {
        if let Some(news) = self.endgames.poll() {
            self.tell(&[news], false);
        }
        let levels = [Color::White, Color::Black].map(|c| self.doc.player(c).level());
        if let Some(variant) = Variant::preset_of(self.doc.game().rules())
            && let Some(news) = self.endgames.wanted_by(variant, levels)
        {
            self.tell(&[news], false);
        }
        if self.endgames.building().is_some() {
            // The dialog's progress moves on, and the end is told, without a key pressed.
            ctx.request_repaint_after(Duration::from_secs(1));
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
        self.computer.shut_down();
        self.endgames.shut_down();
        // A save under way is finished, never cut off.
        self.finish_save(true);
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
