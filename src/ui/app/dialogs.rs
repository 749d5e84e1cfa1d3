//! The dialogs on top of the window: new game, open and save paths, the choice of a game in
//! a file, unsaved changes, resigning, help, resuming and settings. Apart from the panels,
//! as each is a form of its own.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use eframe::egui::{self, Align, Button, Context, Layout, ScrollArea, Ui};

use super::{DamaApp, Dialog, NewGameForm, POSITION_CHARS, Pending, autosaving, files};
use crate::engine::Level;
use crate::event::Event;
use crate::notation::Notation;
use crate::rules::{Color, KingRange, Precedence, Variant};
use crate::speech::phrases::{self, Verbosity};
use crate::ui::Command;
use crate::ui::document::DocChange;
use crate::ui::i18n::{self, Language, T};
use crate::ui::settings::{MAX_ENGINE_THREADS, MAX_NAME};
use crate::ui::settings::{Player, Settings, SpeechMode, Theme};

/// The most characters a path field holds: Linux's longest path (`PATH_MAX`).
const PATH_CHARS: usize = 4096;

impl DamaApp {
    pub(super) fn dialogs(&mut self, ctx: &Context) {
        let Some(dialog) = self.dialog.take() else {
            self.last_dialog = None;
            // The next interrupted game is asked about in a dialog of its own, a frame later,
            // so that it opens, takes the focus and is read as new.
            if self.next_resume_question() {
                return;
            }
            // The window behind a dialog takes no focus in the frame after it closed (egui
            // keeps the modal layer a frame longer): the focus is given back once more.
            if let Some(id) = self.focus_back.take()
                && ctx.memory(|m| m.focused()).is_none()
            {
                ctx.memory_mut(|m| m.request_focus(id));
            }
            return;
        };
        let kind = std::mem::discriminant(&dialog);
        self.last_dialog_before = self.last_dialog;
        let fresh = self.last_dialog != Some(kind);
        self.dialogs_opened += u64::from(fresh);
        self.dialog_frames = if fresh { 0 } else { self.dialog_frames + 1 };
        // The focus goes in once the dialog is drawn where it stays: egui lays a new dialog out
        // unseen first, and a screen reader would lose the focus with that first layout.
        let focus_now = self.dialog_frames == 1;
        self.last_dialog = Some(std::mem::discriminant(&dialog));
        let lang = self.lang();
        let (title, mut question) = dialog_name(lang, &dialog);
        if let (Dialog::Resume(_), Some(q)) = (&dialog, question.as_mut()) {
            // What the dialog says besides the game: more to come, or why not Resume.
            if !self.saving.resume_queue.is_empty() {
                q.push_str(". ");
                q.push_str(&phrases::more_interrupted(
                    lang,
                    self.saving.resume_queue.len(),
                ));
            }
            if self.saving.resumed_here {
                q.push_str(if self.saving.resume_queue.is_empty() {
                    ". "
                } else {
                    " "
                });
                q.push_str(T::ResumeElsewhere.get(lang));
            }
        }
        if fresh {
            // A dialog says what it asks as it opens, and takes the focus (given back when it
            // closes); the screen reader reads the dialog itself as the focus enters it.
            let text = phrases::events::join([title.clone(), question.clone().unwrap_or_default()]);
            self.say(text, false, true, true);
            // A dialog that follows another (the unsaved-changes question, then Save) gives the
            // focus back to where the first found it, not to a button of the one gone.
            if self.last_dialog_before.is_none() {
                self.focus_before_dialog = ctx.memory(|m| m.focused());
            }
        }
        let mut keep = Some(dialog);
        // How the dialog was left without an answer: cancelled or closed.
        let mut left: Option<Event> = None;
        // A dialog of its own for each opening: the screen reader announces a new one (the
        // unsaved-changes question after the new-game form), and the same question asked
        // again (Orca is silent about a dialog whose objects it has met before).
        let modal_id = egui::Id::unique("dama-dialog").with(self.dialogs_opened);
        if !fresh {
            keep_tab_inside(ctx, modal_id);
        }
        let modal = egui::Modal::new(modal_id);
        // At any interface size the dialog fits the window; what does not fit scrolls, and
        // the scroll follows the focus.
        let room = ctx.content_rect().size() - egui::vec2(64.0, 64.0);
        let response = modal.show(ctx, |ui| {
            ui.set_max_width(room.x);
            ScrollArea::vertical().max_height(room.y).show(ui, |ui| {
                ui.set_min_width(360.0f32.min(room.x));
                self.dialog_body(ui, &mut keep, &mut left, focus_now, room);
                follow_focus(ui);
            });
        });
        // The modal is a dialog for the screen reader: named by its title, its question as the
        // description, read as the focus enters it.
        ctx.accesskit_node_builder(modal_id, |node| {
            node.set_modal();
            node.set_label(title);
            if let Some(q) = question {
                node.set_description(q);
            }
        });
        // The resume question must be answered: Escape would leave it neither resumed nor put
        // aside.
        if response.should_close()
            && let Some(open) = keep.take_if(|d| !matches!(d, Dialog::Resume(..)))
        {
            left = Some(match open {
                // Nothing was asked: the window is closed.
                Dialog::Help | Dialog::Settings => Event::Closed,
                // A question left unanswered, or a form not used: cancelled.
                Dialog::NewGame(_)
                | Dialog::OpenPath(_)
                | Dialog::SavePath(..)
                | Dialog::ConfirmReplace(..)
                | Dialog::ChooseGame(..)
                | Dialog::ChangedOnDisk(..)
                | Dialog::Unsaved(_)
                | Dialog::ConfirmResign
                | Dialog::Resume(_)
                | Dialog::Branch { .. }
                | Dialog::RemoveVariation(..) => Event::Cancelled,
            });
        }
        if let Some(e) = left {
            self.tell(&[e], true);
        }
        if self.dialog.is_none() {
            self.dialog = keep;
        }
        if self.dialog.is_none() {
            // Back where the focus was, or to the board where it was nowhere.
            // Only to a widget the window still has (a panel's button may be gone).
            let there = |id: egui::Id| ctx.viewport(|v| v.prev_pass.widgets.get(id).is_some());
            let id = match self.focus_before_dialog.take().filter(|&id| there(id)) {
                Some(id) => {
                    ctx.memory_mut(|m| m.request_focus(id));
                    id
                }
                None => self.focus_board(ctx),
            };
            self.focus_back = Some(id);
        }
    }

    /// The inside of the open dialog `keep`: its controls, and what its answer does. An
    /// answer sets `keep` to None (or to the dialog that follows), and `left` to how the
    /// dialog was left without one.
    fn dialog_body(
        &mut self,
        ui: &mut Ui,
        keep: &mut Option<Dialog>,
        left: &mut Option<Event>,
        focus_now: bool,
        room: egui::Vec2,
    ) {
        let lang = self.lang();
        match keep.as_mut().expect("a dialog") {
            Dialog::NewGame(form) => {
                match new_game_ui(ui, lang, form, self.dialog_frames) {
                    Some(true) => match form.start_position() {
                        Ok(start) => {
                            form.start = start;
                            let form = form.clone();
                            *keep = None;
                            self.guard(Pending::NewGame(form));
                        }
                        // A position that cannot start a game keeps the dialog open, the field
                        // in focus.
                        Err(e) => {
                            form.position_error = Some(e.clone());
                            form.focus_position = true;
                            self.complain(&crate::event::Problem::Setup(e));
                        }
                    },
                    Some(false) => {
                        *keep = None;
                        *left = Some(Event::Cancelled);
                    }
                    None => {}
                }
            }
            Dialog::OpenPath(text) => {
                ui.heading(T::OpenFile.get(lang));
                if let Some(answer) = path_ui(ui, lang, text, T::OpenButton, false, focus_now) {
                    *keep = None;
                    match answer {
                        Some(path) => self.open_path(&path),
                        None => *left = Some(Event::Cancelled),
                    }
                }
            }
            Dialog::SavePath(text, then) => {
                ui.heading(T::SaveFile.get(lang));
                // A game of a collection: saved under the same name, it goes back in its place.
                if let (Some(file), Some(place)) = (self.doc.file(), self.doc.place())
                    && place.in_collection()
                {
                    let place = phrases::game_of_file(lang, place.number, place.games, file);
                    ui.add(egui::Label::new(phrases::save_collection_hint(lang, &place)).wrap());
                }
                if let Some(answer) = path_ui(ui, lang, text, T::Save, true, focus_now) {
                    let then = then.take();
                    *keep = None;
                    match answer {
                        Some(path) => *keep = self.save_or_confirm(path, then),
                        None => *left = Some(Event::Cancelled),
                    }
                }
            }
            Dialog::ConfirmReplace(path, then, games) => {
                ui.heading(T::ReplaceTitle.get(lang));
                ui.add(
                    egui::Label::new(phrases::replace_question(
                        lang,
                        path,
                        files::read_only(path),
                        *games,
                    ))
                    .wrap(),
                );
                // A PDN file of games can take this one after its last, all of them kept.
                let mut answers = vec![(T::Replace, Some(false)), (T::Cancel, None)];
                if *games > 0 {
                    answers.insert(0, (T::AddToFile, Some(true)));
                }
                let mut answer = None;
                ui.horizontal_wrapped(|ui| {
                    for (t, add) in answers {
                        let button = ui.button(t.get(lang));
                        // Cancel, never Replace: one Enter must not lose the other file.
                        if focus_now && add.is_none() {
                            button.request_focus();
                        }
                        if button.clicked() {
                            answer = Some(add);
                        }
                    }
                });
                match answer {
                    Some(Some(add)) => {
                        let (path, then) = (path.clone(), then.take());
                        *keep = None;
                        self.save_then(&path, then, add);
                    }
                    Some(None) => {
                        *keep = None;
                        *left = Some(Event::Cancelled);
                    }
                    None => {}
                }
            }
            Dialog::ChooseGame(path, file) => {
                let (games, bad, left_out) = (&mut file.good, &file.bad, &file.left_out);
                ui.heading(T::ChooseGame.get(lang));
                if let Some(left) = left_out {
                    ui.label(phrases::games_left_out(lang, left));
                }
                let mut chosen = None;
                ScrollArea::vertical().max_height(400.0).show(ui, |ui| {
                    for (i, (number, g)) in games.iter().enumerate() {
                        let title = format!(
                            "{number}. {} – {}  {}  {}",
                            g.tag("White").unwrap_or("?"),
                            g.tag("Black").unwrap_or("?"),
                            g.result_text().trim(),
                            g.tag("Event").unwrap_or("")
                        );
                        let button = ui.button(title);
                        if focus_now && i == 0 {
                            button.request_focus();
                        }
                        if button.clicked() {
                            chosen = Some(i);
                        }
                    }
                    // The games that cannot be opened, each a line the screen reader reads:
                    // which and why.
                    if !bad.is_empty() {
                        ui.separator();
                        ui.label(egui::RichText::new(T::BadGames.get(lang)).strong());
                        for e in bad.iter() {
                            help_row(ui, &phrases::pdn::pdn_error(lang, e), None, None);
                        }
                    }
                });
                let (solve, cancel) = ui
                    .horizontal(|ui| {
                        let solve = ui.button(T::SolveAsProblems.get(lang)).clicked();
                        (solve, ui.button(T::Cancel.get(lang)).clicked())
                    })
                    .inner;
                if cancel {
                    *keep = None;
                    *left = Some(Event::Cancelled);
                } else if solve {
                    let path = path.clone();
                    let games = std::mem::take(games);
                    *keep = None;
                    self.solve_problems(&path, games);
                } else if let Some(i) = chosen {
                    let path = path.clone();
                    let (count, stamp) = (file.count(), file.stamp);
                    let (number, game) = file.good.swap_remove(i);
                    *keep = None;
                    self.load_game(&path, game, number, count, stamp);
                }
            }
            Dialog::ChangedOnDisk(path, then) => {
                ui.heading(T::ChangedOnDiskTitle.get(lang));
                ui.add(
                    egui::Label::new(phrases::changed_on_disk(lang, path, then.is_some())).wrap(),
                );
                // Save as first and in focus: it loses nothing, neither the other program's
                // file nor this game. Then Overwrite, then Reload (or, before closing or
                // another game, leaving the game unsaved), then Cancel.
                let third = if then.is_some() {
                    T::Discard
                } else {
                    T::Reload
                };
                let choices = [
                    (T::SaveAsNew, Answer::SaveAs),
                    (T::Overwrite, Answer::Overwrite),
                    (third, Answer::Third),
                    (T::Cancel, Answer::Cancel),
                ];
                let mut choice = None;
                ui.horizontal_wrapped(|ui| {
                    for (t, c) in choices {
                        let button = ui.button(t.get(lang));
                        if focus_now && c == Answer::SaveAs {
                            button.request_focus();
                        }
                        if button.clicked() {
                            choice = Some(c);
                        }
                    }
                });
                if let Some(choice) = choice {
                    let (path, then) = (path.clone(), then.take());
                    *keep = None;
                    match choice {
                        Answer::SaveAs => {
                            let other = files::another_name(&path);
                            *keep = Some(Dialog::SavePath(other.display().to_string(), then));
                        }
                        Answer::Overwrite => self.save_then(&path, then, false),
                        Answer::Third => match then {
                            Some(then) => self.proceed(then),
                            None => self.reload(),
                        },
                        Answer::Cancel => *left = Some(Event::Cancelled),
                    }
                }
            }
            Dialog::Unsaved(then) => {
                ui.heading(T::UnsavedTitle.get(lang));
                ui.label(T::UnsavedText.get(lang));
                let then = then.clone();
                let mut choice = None;
                ui.horizontal(|ui| {
                    for (t, c) in [(T::SaveChanges, 0), (T::Discard, 1), (T::Cancel, 2)] {
                        let button = ui.button(t.get(lang));
                        // Save, never Discard: one Enter must not lose the game.
                        if focus_now && c == 0 {
                            button.request_focus();
                        }
                        if button.clicked() {
                            choice = Some(c);
                        }
                    }
                });
                match choice {
                    Some(0) => {
                        *keep = None;
                        match self.doc.file().map(|f| f.to_path_buf()) {
                            Some(path) => *keep = self.save_or_confirm(path, Some(then)),
                            None => {
                                *keep = Some(Dialog::SavePath(self.suggested_path(), Some(then)))
                            }
                        }
                    }
                    Some(1) => {
                        *keep = None;
                        self.proceed(then);
                    }
                    Some(_) => {
                        *keep = None;
                        *left = Some(Event::Cancelled);
                    }
                    None => {}
                }
            }
            Dialog::Branch { spot, mv, question } => {
                ui.heading(T::BranchTitle.get(lang));
                ui.add(egui::Label::new(question.as_str()).wrap());
                let mut choice = None;
                ui.horizontal_wrapped(|ui| {
                    for (t, c) in [(T::NewVariation, 0), (T::ReplaceMoves, 1), (T::Cancel, 2)] {
                        let button = ui.button(t.get(lang));
                        // A new variation, never the replacement: one Enter loses no move.
                        if focus_now && c == 0 {
                            button.request_focus();
                        }
                        if button.clicked() {
                            choice = Some(c);
                        }
                    }
                });
                match choice {
                    Some(2) => {
                        *keep = None;
                        *left = Some(Event::Cancelled);
                    }
                    Some(c) => {
                        let (spot, mv) = (spot.clone(), *mv);
                        *keep = None;
                        if c == 1 && spot.branches.is_empty() {
                            // The game's later moves go (the document drops them), from
                            // where the move was asked about.
                            self.apply(DocChange::Play {
                                mv,
                                from_ply: Some(spot.ply),
                                by: crate::event::Mover::Person,
                            });
                        } else {
                            self.apply(DocChange::Vary {
                                branches: spot.branches,
                                ply: spot.ply,
                                mv,
                                replace: c == 1,
                            });
                        }
                    }
                    None => {}
                }
            }
            Dialog::RemoveVariation(branches, question) => {
                ui.heading(T::DeleteVariationTitle.get(lang));
                ui.add(egui::Label::new(question.as_str()).wrap());
                let (yes, no) = ui
                    .horizontal(|ui| {
                        let yes = ui.button(T::Delete.get(lang));
                        let no = ui.button(T::Cancel.get(lang));
                        // Cancel: one Enter deletes nothing.
                        if focus_now {
                            no.request_focus();
                        }
                        (yes.clicked(), no.clicked())
                    })
                    .inner;
                if yes {
                    let branches = branches.clone();
                    *keep = None;
                    self.apply(DocChange::RemoveVariation(branches));
                } else if no {
                    *keep = None;
                    *left = Some(Event::Cancelled);
                }
            }
            Dialog::ConfirmResign => {
                ui.heading(T::ConfirmResign.get(lang));
                ui.horizontal(|ui| {
                    let yes = ui.button(T::Yes.get(lang));
                    let no = ui.button(T::No.get(lang));
                    // No: Enter on the question does not end the game.
                    if focus_now {
                        no.request_focus();
                    }
                    if yes.clicked() {
                        *keep = None;
                        self.apply(DocChange::Resign);
                    }
                    if no.clicked() {
                        *keep = None;
                        *left = Some(Event::Cancelled);
                    }
                });
            }
            Dialog::Help => {
                ui.heading(T::KeyboardHelp.get(lang));
                // A command that cannot be used now is shown (and read) as unavailable, as its
                // menu item is.
                let rows = std::iter::once((T::BoardKeys.get(lang).to_string(), None, true))
                    .chain(Command::ALL.iter().map(|&c| {
                        let key = c.shortcut().map(|_| c.shortcut_text(lang));
                        (
                            c.text().get(lang).to_string(),
                            key,
                            self.availability(c).is_ok(),
                        )
                    }))
                    .collect::<Vec<_>>();
                // The lines scroll, the Close button stays in sight.
                let lines = (room.y - 160.0).max(120.0);
                ScrollArea::vertical().max_height(lines).show(ui, |ui| {
                    let mut ids = Vec::new();
                    for (i, (text, key, enabled)) in rows.into_iter().enumerate() {
                        let not_now = (!enabled).then(|| T::NotNow.get(lang));
                        let row = help_row(ui, &text, key.as_deref(), not_now);
                        // The focus starts on the first line, read at once; Up,
                        // Down and Tab go through the rest.
                        if focus_now && i == 0 {
                            row.request_focus();
                        }
                        ids.push(row.id);
                    }
                    step_through_rows(ui, &ids);
                    follow_focus(ui);
                });
                let close = ui.button(T::Close.get(lang));
                if close.clicked() {
                    *keep = None;
                    *left = Some(Event::Closed);
                }
            }
            Dialog::Resume(found) => {
                let more = self.saving.resume_queue.len();
                let here = !self.saving.resumed_here;
                if let Some(answer) = autosaving::resume_ui(ui, lang, found, here, more, focus_now)
                {
                    let found = (**found).clone();
                    *keep = None;
                    self.answer_resume(found, answer);
                }
            }
            Dialog::Settings => {
                let voices = self.announcer.voices();
                let before = (self.settings.sounds, self.settings.sound_volume);
                if settings_ui(ui, lang, &mut self.settings, &voices) {
                    self.save_settings();
                    self.window.applied_zoom = None;
                    // Sounds turned on, or their volume changed: one to hear how loud.
                    let after = (self.settings.sounds, self.settings.sound_volume);
                    if after.0 && after != before {
                        self.preview_sound();
                    }
                }
                let close = ui.button(T::Close.get(lang));
                if focus_now {
                    close.request_focus();
                }
                if close.clicked() {
                    *keep = None;
                    *left = Some(Event::Closed);
                }
            }
        }
    }
}

/// One line of the keyboard help: a command and its keys, a line the focus can rest on, so
/// that a screen reader reads the help line by line. The text is painted, not made of labels:
/// the screen reader would read stray labels with the dialog. A line of a command not usable
/// now is greyed with `not_now` written after it, and read as unavailable.
fn help_row(ui: &mut Ui, text: &str, key: Option<&str>, not_now: Option<&str>) -> egui::Response {
    let enabled = not_now.is_none();
    let name = match key {
        Some(key) => format!("{text}: {key}"),
        None => text.to_string(),
    };
    let mut job = egui::text::LayoutJob::default();
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = if enabled {
        ui.visuals().text_color()
    } else {
        ui.visuals().weak_text_color()
    };
    job.append(text, 0.0, egui::TextFormat::simple(font.clone(), color));
    if let Some(key) = key {
        let strong = ui.visuals().strong_text_color();
        job.append(key, 12.0, egui::TextFormat::simple(font.clone(), strong));
    }
    // Not by the grey alone: the words too (the screen reader hears the state).
    if let Some(not_now) = not_now {
        let italic = egui::TextFormat {
            italics: true,
            ..egui::TextFormat::simple(font, color)
        };
        job.append(&format!("({not_now})"), 12.0, italic);
    }
    job.wrap.max_width = ui.available_width();
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let (rect, row) = ui.allocate_exact_size(
        galley.size() + egui::vec2(0.0, 4.0),
        egui::Sense::focusable_noninteractive(),
    );
    row.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ListItem, enabled, &name));
    ui.painter()
        .galley(rect.min + egui::vec2(0.0, 2.0), galley, color);
    if row.has_focus() {
        let stroke = ui.visuals().selection.stroke;
        ui.painter()
            .rect_stroke(rect.expand(2.0), 2.0, stroke, egui::StrokeKind::Outside);
    }
    row
}

/// Up and Down move the focus to the row before or after the focused one of `rows`, in
/// their order. egui's own search for the nearest widget goes by the rectangles the scroll
/// area clips: from the last row in sight Down went to the Close button under the list, and
/// from there to the row after the next ("Následující pozice" was never read going down).
fn step_through_rows(ui: &Ui, rows: &[egui::Id]) {
    let Some(at) = ui
        .memory(|m| m.focused())
        .and_then(|id| rows.iter().position(|&r| r == id))
    else {
        return;
    };
    let (down, up) = ui.input(|i| {
        (
            i.modifiers.is_none() && i.key_pressed(egui::Key::ArrowDown),
            i.modifiers.is_none() && i.key_pressed(egui::Key::ArrowUp),
        )
    });
    let next = match (down, up) {
        (true, false) => rows.get(at + 1),
        (false, true) => at.checked_sub(1).and_then(|i| rows.get(i)),
        _ => None,
    };
    // Past either end, egui's search goes on as before (below the last row: Close).
    if let Some(&next) = next {
        ui.memory_mut(|m| {
            m.move_focus(egui::FocusDirection::None);
            m.request_focus(next);
        });
    }
}

/// Scrolls the scroll area of `ui` to the widget that has just taken the focus, so that what
/// Tab reaches is seen, also at 300 %.
fn follow_focus(ui: &Ui) {
    let Some(id) = ui.memory(|m| m.focused()) else {
        return;
    };
    if ui.memory(|m| m.had_focus_last_frame(id)) {
        return;
    }
    if let Some(rect) = ui
        .ctx()
        .viewport(|v| v.this_pass.widgets.get(id).map(|w| w.rect))
    {
        ui.scroll_to_rect(rect, None);
    }
}

/// Tab and Shift+Tab go round the dialog's controls, in one step. egui would leave the focus
/// nowhere for a frame on the way round (a screen reader then reads the window behind the
/// dialog), and moves it back with Shift+Tab only in the next frame.
fn keep_tab_inside(ctx: &Context, modal_id: egui::Id) {
    let layer = egui::LayerId::new(egui::Order::Foreground, modal_id);
    let ring: Vec<egui::Id> = ctx.viewport(|v| {
        v.prev_pass
            .widgets
            .get_layer(layer)
            .filter(|w| w.enabled && w.sense.is_focusable())
            .map(|w| w.id)
            .collect()
    });
    if ring.is_empty() {
        return;
    }
    let tab = |shift: bool| {
        ctx.input(|i| {
            i.events.iter().any(|e| {
                matches!(e, egui::Event::Key { key: egui::Key::Tab, pressed: true, modifiers, .. }
                    if if shift { modifiers.shift_only() } else { !modifiers.any() })
            })
        })
    };
    let n = ring.len();
    let at = ctx
        .memory(|m| m.focused())
        .and_then(|f| ring.iter().position(|&id| id == f));
    let target = if tab(false) {
        at.map_or(0, |k| (k + 1) % n)
    } else if tab(true) {
        at.map_or(n - 1, |k| (k + n - 1) % n)
    } else {
        return;
    };
    ctx.memory_mut(|m| {
        m.move_focus(egui::FocusDirection::None);
        m.request_focus(ring[target]);
    });
}

/// The answers to "the file has changed on disk".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// Save the game under another name: nothing is lost.
    SaveAs,
    /// Write the game into the file as it is now.
    Overwrite,
    /// Read the file again (or, when something waits, go on without saving).
    Third,
    /// Leave everything as it is.
    Cancel,
}

/// A dialog's title and, where it asks one, its question: its name and description for the
/// screen reader, and what is said as it opens.
fn dialog_name(lang: Language, dialog: &Dialog) -> (String, Option<String>) {
    let title = |t: T| t.get(lang).trim_end_matches('…').to_string();
    match dialog {
        Dialog::NewGame(_) => (title(T::NewGame), None),
        Dialog::OpenPath(_) => (title(T::OpenFile), None),
        Dialog::SavePath(..) => (title(T::SaveFile), None),
        Dialog::ConfirmReplace(path, _, games) => (
            title(T::ReplaceTitle),
            Some(phrases::replace_question(
                lang,
                path,
                files::read_only(path),
                *games,
            )),
        ),
        Dialog::ChooseGame(_, file) => {
            let (games, bad, left_out) = (&file.good, &file.bad, &file.left_out);
            let words = match lang {
                Language::Czech => ["partie", "partie", "partií"],
                Language::English => ["game", "games", "games"],
            };
            let count = phrases::errors::counted(lang, games.len(), words);
            let question = (!bad.is_empty()).then(|| match lang {
                Language::Czech => format!(
                    "Partie, které nelze otevřít: {}. Proč, je uvedeno pod seznamem.",
                    bad.len()
                ),
                Language::English => format!(
                    "Games that cannot be opened: {}. Why is listed below the games.",
                    bad.len()
                ),
            });
            let left = left_out.map(|left| phrases::games_left_out(lang, &left));
            let question = match (question, left) {
                (Some(q), Some(l)) => Some(format!("{q} {l}")),
                (q, l) => q.or(l),
            };
            (format!("{}: {count}", title(T::ChooseGame)), question)
        }
        Dialog::ChangedOnDisk(path, then) => (
            title(T::ChangedOnDiskTitle),
            Some(phrases::changed_on_disk(lang, path, then.is_some())),
        ),
        Dialog::Unsaved(_) => (
            title(T::UnsavedTitle),
            Some(T::UnsavedText.get(lang).to_string()),
        ),
        Dialog::ConfirmResign => (title(T::ConfirmResign), None),
        Dialog::Branch { question, .. } => (title(T::BranchTitle), Some(question.clone())),
        Dialog::RemoveVariation(_, question) => {
            (title(T::DeleteVariationTitle), Some(question.clone()))
        }
        Dialog::Settings => (title(T::Settings), None),
        Dialog::Help => (title(T::KeyboardHelp), None),
        Dialog::Resume(found) => (
            title(T::ResumeTitle),
            Some(format!(
                "{} {}",
                T::ResumeText.get(lang),
                phrases::interrupted_game(lang, &found.session)
            )),
        ),
    }
}

/// The new-game form; `Some(true)` to start, `Some(false)` to cancel. It opens with the focus on
/// Start: Enter starts a game like the last one, Tab goes through the choices; Enter in a text
/// field starts too.
fn new_game_ui(ui: &mut Ui, lang: Language, form: &mut NewGameForm, frames: u32) -> Option<bool> {
    ui.heading(T::NewGame.get(lang).trim_end_matches('…'));
    let narrow = is_narrow(ui);
    // The focus goes in at the dialog's second frame (see `dialogs`); a pasted position puts it
    // on its field instead of on Start.
    let focus = frames == 1 && !form.focus_position;
    let mut entered = false;
    let mut enter_in = |ui: &Ui, field: &egui::Response| {
        entered |= field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    };
    form_rows(ui, "new-game", narrow, |ui| {
        let label = ui.label(T::RuleSet.get(lang));
        let before = form.variant;
        let choices = Variant::ALL.map(|v| (v, phrases::rules_name(lang, v.rules()).to_string()));
        combo(
            ui,
            "rules",
            label.id,
            T::RuleSet.get(lang),
            &mut form.variant,
            &choices,
            None,
        );
        if form.variant != before {
            form.rules = form.variant.rules().clone();
            form.table_rules = form.rules.table_rules_by_default;
            // A refusal was for the rules before.
            form.position_error = None;
        }
        ui.end_row();
        radio_row(
            ui,
            T::WhoStarts.get(lang),
            &mut form.rules.first,
            Color::ALL.map(|c| (c, phrases::side_name(lang, c))),
        );
        let label = ui.label(T::Clock.get(lang));
        let mut choices = vec![(None, T::NoClock.get(lang).to_string())];
        choices.extend(crate::clock::PRESETS.map(|c| (Some(c), phrases::time_control(lang, c))));
        combo(
            ui,
            "clock",
            label.id,
            T::Clock.get(lang),
            &mut form.clock,
            &choices,
            None,
        );
        ui.end_row();
        let label = ui.label(T::SetupPosition.get(lang));
        ui.vertical(|ui| {
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut form.position)
                        .char_limit(POSITION_CHARS)
                        .hint_text(T::SetupPositionHint.get(lang))
                        .desired_width(320.0),
                )
                .labelled_by(label.id);
            enter_in(ui, &field);
            // Not in the dialog's first, unseen frame (see `dialogs`).
            if form.focus_position && frames > 0 {
                form.focus_position = false;
                field.request_focus();
            }
            if field.changed() {
                form.position_error = None;
            }
            // Always a line here, so that a refusal does not make the dialog grow (a modal keeps
            // the size it had, and would hide its buttons): why the position was refused, or
            // who moves first from it.
            match &form.position_error {
                Some(e) => {
                    let text = phrases::pdn::fen_error(lang, e);
                    ui.label(egui::RichText::new(text).color(ui.visuals().error_fg_color));
                }
                None => {
                    ui.weak(T::SetupPositionNote.get(lang));
                }
            }
        });
        ui.end_row();
        radio_row(
            ui,
            T::CaptureChoice.get(lang),
            &mut form.rules.precedence,
            [
                (Precedence::Free, T::PrecedenceFree.get(lang)),
                (Precedence::KingPriority, T::PrecedenceKing.get(lang)),
                (Precedence::Quantity, T::PrecedenceQuantity.get(lang)),
            ],
        );
        empty_cell(ui, narrow);
        ui.checkbox(
            &mut form.rules.men_capture_backward,
            T::MenCaptureBackward.get(lang),
        );
        ui.end_row();
        empty_cell(ui, narrow);
        let mut flying = form.rules.king == KingRange::Flying;
        if ui.checkbox(&mut flying, T::FlyingKings.get(lang)).changed() {
            form.rules.king = if flying {
                KingRange::Flying
            } else {
                KingRange::Short
            };
        }
        ui.end_row();
        empty_cell(ui, narrow);
        ui.add_enabled(
            form.rules.claim.is_some(),
            egui::Checkbox::new(&mut form.table_rules, T::TableRules.get(lang)),
        );
        ui.end_row();
        for (i, color) in Color::ALL.into_iter().enumerate() {
            let played_by = format!(
                "{}: {}",
                phrases::side_name(lang, color),
                T::PlayedBy.get(lang)
            );
            let label = ui.label(&played_by);
            let choices: Vec<(Player, String)> = std::iter::once(Player::Human)
                .chain(Level::ALL.into_iter().map(Player::Computer))
                .map(|p| (p, phrases::player_name(lang, p.level())))
                .collect();
            let player = &mut form.players[i];
            combo(
                ui,
                ("player", i),
                label.id,
                &played_by,
                player,
                &choices,
                Some(240.0),
            );
            ui.end_row();
            let (t, name) = match color {
                Color::White => (T::WhitePlayer, &mut form.white),
                Color::Black => (T::BlackPlayer, &mut form.black),
            };
            let label = ui.label(t.get(lang));
            let field = ui
                .add(egui::TextEdit::singleline(name).char_limit(MAX_NAME))
                .labelled_by(label.id);
            enter_in(ui, &field);
            ui.end_row();
        }
    });
    let mut answer = entered.then_some(true);
    ui.with_layout(Layout::right_to_left(Align::Min), |ui| {
        if ui.button(T::Cancel.get(lang)).clicked() {
            answer = Some(false);
        }
        let start = ui.button(T::Start.get(lang));
        if focus {
            start.request_focus();
        }
        if start.clicked() {
            answer = Some(true);
        }
    });
    answer
}

/// Whether a form is to be laid out as one column, labels above their controls: at a large
/// interface size two columns would not fit the window.
fn is_narrow(ui: &Ui) -> bool {
    ui.available_width() < 560.0
}

/// A form of labels and controls: two columns, or one where `narrow`.
fn form_rows(ui: &mut Ui, id: &str, narrow: bool, rows: impl FnOnce(&mut Ui)) {
    if narrow {
        ui.vertical(rows);
    } else {
        egui::Grid::new(id).num_columns(2).show(ui, rows);
    }
}

/// The empty label cell of a row in two columns; nothing in one.
fn empty_cell(ui: &mut Ui, narrow: bool) {
    if !narrow {
        ui.label("");
    }
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
    // The field takes what width there is: at 300 % the Browse button goes below it.
    let width = (ui.available_width() - 24.0).min(320.0);
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(T::Path.get(lang));
        let edit = ui
            .add(
                egui::TextEdit::singleline(text)
                    .char_limit(PATH_CHARS)
                    .desired_width(width),
            )
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

/// A grid row with one choice among `options`: `heading`, then a radio button per option.
/// Each button also carries the heading as its description, so that a screen reader says what
/// the option answers ("Black, radio button, Who starts"), not only "Black".
fn radio_row<'a, V: PartialEq + Copy>(
    ui: &mut Ui,
    heading: &str,
    current: &mut V,
    options: impl IntoIterator<Item = (V, &'a str)>,
) {
    ui.label(heading);
    ui.horizontal_wrapped(|ui| {
        for (value, name) in options {
            let r = ui.radio_value(current, value, name);
            describe(ui, &r, heading);
        }
    });
    ui.end_row();
}

/// A combo box of `choices` for `current`, named by its label, its choice as its value. Its choices are list options
/// (selected or not) for the screen reader. As in GTK, the list opens on the current choice,
/// each opening is a list of its own (Orca 43 is silent on objects it saw go away), Enter on a
/// choice takes it and Escape closes the list alone; either way the focus goes back to the box.
/// Returns the box's id.
pub(super) fn combo<V: PartialEq + Clone>(
    ui: &mut Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    label: egui::Id,
    name: &str,
    current: &mut V,
    choices: &[(V, String)],
    width: Option<f32>,
) -> egui::Id {
    // The words of the choice `current` holds.
    let words = |current: &V| {
        choices
            .iter()
            .find(|(v, _)| v == current)
            .map(|(_, text)| text.clone())
            .unwrap_or_default()
    };
    let shown = words(current);
    // The box's id as egui makes it (its list is the popup of that id).
    let button = ui.make_persistent_id(egui::IdSalt::new(&salt));
    let popup = button.with("popup");
    let ctx = ui.ctx().clone();
    let beside = ui.unique_id();
    let was_open = egui::Popup::is_id_open(&ctx, popup);
    // Escape is the open list's, not the dialog's.
    let mut back_to_box =
        was_open && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    if back_to_box {
        egui::Popup::close_id(&ctx, popup);
    }
    // (openings, open in the last frame, the current choice still to take the focus)
    let state_id = button.with("dama-list");
    let (mut openings, last_open, mut focus_choice) = ctx.data(|d| {
        d.get_temp::<(u64, bool, bool)>(state_id)
            .unwrap_or_default()
    });
    let mut combo = egui::ComboBox::from_id_salt(salt).selected_text(&shown);
    if let Some(width) = width {
        combo = combo.width(width);
    }
    let response = combo
        .show_ui(ui, |ui| {
            // Drawn while the list is open: the first time, a new opening.
            if !last_open {
                openings += 1;
                focus_choice = true;
            }
            ui.push_id(openings, |ui| {
                // The options that were and are now chosen, when one is clicked.
                let mut was = None;
                let mut now = None;
                for (value, text) in choices {
                    let selected = value == current;
                    let option = ui.selectable_label(selected, text);
                    ui.ctx().accesskit_node_builder(option.id, |node| {
                        node.set_role(egui::accesskit::Role::ListBoxOption);
                        node.clear_toggled();
                        node.set_selected(selected);
                    });
                    // Not in egui's unseen first layout of a new popup.
                    if selected && focus_choice && !ui.is_sizing_pass() {
                        option.request_focus();
                        focus_choice = false;
                    }
                    if selected {
                        was = Some(option.id);
                    }
                    if option.clicked() {
                        now = Some((option.id, value.clone()));
                    }
                }
                // The screen reader reads the box as the focus goes back to it in this frame:
                // its list already says the new choice.
                if let Some((id, value)) = now {
                    let text = words(&value);
                    ui.ctx().data_mut(|d| {
                        d.insert_temp(button.with("dama-gone"), (id, text, Instant::now()))
                    });
                    *current = value;
                    for (id, on) in [(was, false), (Some(id), true)] {
                        if let Some(id) = id {
                            ui.ctx().accesskit_node_builder(id, |n| n.set_selected(on));
                        }
                    }
                    back_to_box = true;
                    ui.close();
                }
            });
        })
        .response
        .labelled_by(label);
    debug_assert_eq!(response.id, button);
    // The choice as it is now (one may have been taken in this frame).
    let shown = words(current);
    let open = egui::Popup::is_id_open(&ctx, popup);
    ctx.data_mut(|d| d.insert_temp(state_id, (openings, open, focus_choice && open)));
    if back_to_box {
        response.request_focus();
    }
    ui.ctx().accesskit_node_builder(response.id, |node| {
        node.set_label(name);
        node.set_value(shown.clone());
    });
    // The box holds a list of its choice alone, as a GTK combo box does: the screen readers of
    // AT-SPI, which do not get the value, say the choice from it ("Pravidla kombo box Česká
    // dáma"; Orca 46 and newer would say the name again without it). The same objects all
    // along: a list added anew would be announced as a list of one.
    let list = button.with("dama-choice-list");
    let choice = list.with(0);
    // Where the box is (every node has its place on the screen).
    let r = response.rect;
    let bounds = egui::accesskit::Rect {
        x0: r.min.x.into(),
        y0: r.min.y.into(),
        x1: r.max.x.into(),
        y1: r.max.y.into(),
    };
    adopt(&ctx, button, list, |n| {
        n.set_role(egui::accesskit::Role::ListBox);
        n.set_bounds(bounds);
    });
    adopt(&ctx, list, choice, |n| {
        n.set_role(egui::accesskit::Role::ListBoxOption);
        n.set_bounds(bounds);
        n.set_label(shown);
        n.set_selected(true);
    });
    // The option just chosen stays a while in the box's list after its own list has closed:
    // Orca 43 looks at the object the focus left as it reads the box, and said nothing when it
    // was gone ("Unknown object").
    let gone = button.with("dama-gone");
    if let Some((option, text, since)) =
        ctx.data(|d| d.get_temp::<(egui::Id, String, Instant)>(gone))
    {
        if since.elapsed() >= GONE_KEPT {
            ctx.data_mut(|d| d.remove::<(egui::Id, String, Instant)>(gone));
        } else if !ctx.has_accesskit_node(option) {
            // (Once its list has gone: a node has one parent.) Beside the box: Orca 48 said
            // "a list of two" of an option added to the box's list, and Orca 43 read the
            // dialog again of one under the window.
            adopt(&ctx, beside, option, |n| {
                n.set_role(egui::accesskit::Role::ListBoxOption);
                n.set_bounds(bounds);
                n.set_label(text);
            });
            ctx.request_repaint_after(GONE_KEPT.saturating_sub(since.elapsed()));
        }
    }
    button
}

/// How long an option chosen stays in its combo box's list after its list has closed.
const GONE_KEPT: Duration = Duration::from_secs(1);

/// Builds the accessibility node `child` under `parent` (egui puts a node that is no widget's
/// under the window).
fn adopt(
    ctx: &egui::Context,
    parent: egui::Id,
    child: egui::Id,
    build: impl FnOnce(&mut egui::accesskit::Node),
) {
    // Not under a parent without a node (a box scrolled out of sight has none): the child
    // would be nobody's.
    if ctx.accesskit_node_builder(parent, |_| ()).is_none()
        || ctx.accesskit_node_builder(child, build).is_none()
    {
        return;
    }
    let id = child.accesskit_id();
    ctx.accesskit_node_builder(egui::accesskit_root_id(), |root| {
        let others: Vec<_> = root
            .children()
            .iter()
            .copied()
            .filter(|&c| c != id)
            .collect();
        root.set_children(others);
    });
    ctx.accesskit_node_builder(parent, |node| {
        if !node.children().contains(&id) {
            node.push_child(id);
        }
    });
}

/// Gives the widget of `response` an accessible description.
pub(super) fn describe(ui: &Ui, response: &egui::Response, description: &str) {
    ui.ctx().accesskit_node_builder(response.id, |node| {
        node.set_description(description.to_string());
    });
}

/// The settings controls; true when something changed.
fn settings_ui(ui: &mut Ui, lang: Language, s: &mut Settings, voices: &[String]) -> bool {
    let before = s.clone();
    ui.heading(T::Settings.get(lang).trim_end_matches('…'));
    let narrow = is_narrow(ui);
    form_rows(ui, "settings", narrow, |ui| {
        radio_row(
            ui,
            T::Language.get(lang),
            &mut s.language,
            // Following the system is a choice of its own: one button is always checked.
            std::iter::once((None, T::SystemLanguage.get(lang)))
                .chain(Language::ALL.map(|l| (Some(l), l.name()))),
        );
        radio_row(
            ui,
            T::Theme.get(lang),
            &mut s.theme,
            [
                (Theme::Light, T::ThemeLight.get(lang)),
                (Theme::Dark, T::ThemeDark.get(lang)),
                (Theme::HighContrast, T::ThemeContrast.get(lang)),
            ],
        );
        radio_row(
            ui,
            T::Notation.get(lang),
            &mut s.notation,
            [
                (Notation::Numeric, T::Numeric.get(lang)),
                (Notation::Algebraic, T::Algebraic.get(lang)),
            ],
        );
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
            for (mode, name) in [
                (SpeechMode::OwnVoice, T::OwnVoice),
                (SpeechMode::ScreenReader, T::ScreenReaderVoice),
                (SpeechMode::Both, T::BothVoices),
            ] {
                let r = ui.radio_value(&mut s.speech_mode, mode, name.get(lang));
                describe(ui, &r, T::Speech.get(lang));
            }
            ui.horizontal(|ui| {
                let label = ui.label(T::VoiceName.get(lang));
                // The chosen voice stays a choice (and is shown) while the list of voices
                // lacks it (no speech engine started).
                let chosen = s.voice.name.clone().filter(|v| !voices.contains(v));
                let choices: Vec<(Option<String>, String)> =
                    std::iter::once((None, T::AutomaticVoice.get(lang).to_string()))
                        .chain(
                            chosen
                                .iter()
                                .chain(voices)
                                .map(|v| (Some(v.clone()), v.clone())),
                        )
                        .collect();
                let name = T::VoiceName.get(lang);
                combo(
                    ui,
                    "voice",
                    label.id,
                    name,
                    &mut s.voice.name,
                    &choices,
                    None,
                );
            });
            ui.add(
                percent_slider(lang, &mut s.voice.rate, 0.0..=100.0, 1.0).text(T::Rate.get(lang)),
            );
            ui.add(
                percent_slider(lang, &mut s.voice.volume, 0.0..=100.0, 1.0)
                    .text(T::Volume.get(lang)),
            );
        });
        ui.end_row();
        ui.label(T::Sounds.get(lang));
        ui.vertical(|ui| {
            let what = T::SoundsWhat.get(lang);
            let on = ui
                .checkbox(&mut s.sounds, T::SoundsOn.get(lang))
                .on_hover_text(what);
            describe(ui, &on, what);
            ui.add_enabled(
                s.sounds,
                percent_slider(lang, &mut s.sound_volume, 0.0..=100.0, 1.0)
                    .text(T::SoundVolume.get(lang)),
            );
        });
        ui.end_row();
        radio_row(
            ui,
            T::SquareWords.get(lang),
            &mut s.verbosity,
            [
                (Verbosity::Brief, T::BriefWords.get(lang)),
                (Verbosity::Full, T::FullWords.get(lang)),
            ],
        );
        let label = ui.label(T::Zoom.get(lang));
        ui.add(percent_slider(lang, &mut s.zoom, 100.0..=300.0, 25.0))
            .labelled_by(label.id);
        ui.end_row();
        let label = ui.label(T::EngineThreads.get(lang));
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
        let most = cores.max(s.engine_threads).min(MAX_ENGINE_THREADS);
        ui.add(egui::Slider::new(&mut s.engine_threads, 1..=most))
            .labelled_by(label.id);
        ui.end_row();
    });
    *s != before
}

/// A slider for a share kept as a fraction (`1.0` is 100 %), shown, typed and handed to the
/// screen reader as whole percent ([`i18n::percent`]): AT-SPI gives Orca only the slider's
/// number, which it would say "0.5" to a Czech user; "50" is the same in both languages.
/// `range` and `step` are in percent.
fn percent_slider(
    lang: Language,
    share: &mut f32,
    range: std::ops::RangeInclusive<f64>,
    step: f64,
) -> egui::Slider<'_> {
    egui::Slider::from_get_set(range, move |set| {
        if let Some(percent) = set {
            *share = (percent / 100.0) as f32;
        }
        (f64::from(*share) * 100.0).round()
    })
    .step_by(step)
    .custom_formatter(move |n, _| i18n::percent(lang, n))
    .custom_parser(i18n::read_percent)
}
