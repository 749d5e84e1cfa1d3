//! The menu bar, and its keyboard as on the desktop: F10 or Alt with a menu's underlined
//! letter opens a menu with the focus on its first item, Up and Down move through the items
//! (egui), Left and Right go to the neighbouring menus, Enter activates, Escape closes; a
//! closed menu gives the focus back to where it was. For the screen reader the bar is a menu
//! bar, its buttons menus, their entries menu items (disabled ones disabled) named with their
//! shortcuts.

use eframe::egui::{self, Button, Context, Id, Key, Modifiers, Ui};

use super::{DamaApp, Pending};
use crate::ui::Command;
use crate::ui::i18n::{Language, T};

use super::commands::MENUS;

/// What the keyboard did with the menus, kept between frames.
#[derive(Default)]
pub(super) struct MenuKeys {
    /// The bar's menu buttons as last drawn.
    buttons: Vec<Id>,
    /// The submenu button of recent files as last drawn (Right opens it, not the next menu).
    recent: Option<Id>,
    /// A menu just opened from the keyboard, and for how many more frames its first item
    /// may still take the focus (egui lays a new popup out unseen first).
    opening: Option<(usize, u8)>,
    /// Whether one of the menus was open at the end of the last frame.
    was_open: bool,
    /// What had the focus at the start of this frame, before a menu could take it.
    focus_at_start: Option<Id>,
    /// What had the focus before the open menu opened (taken when the bar finds a menu newly
    /// open, by key or click); it gets it back when the menu closes.
    focus_before: Option<Id>,
    /// Whether the first enabled item of the menu being drawn is to take the focus.
    focus_first: bool,
    /// The menu shown in the last frame, and how many times menus have opened: each opening
    /// draws its items anew under ids of their own, as GTK makes a menu's items anew, for Orca
    /// 43 holds an object it saw go away for dead when it comes back and stays silent on it.
    shown: Option<usize>,
    openings: u64,
}

/// The letter that opens menu `t` with Alt: its first, without accents (Ú opens Úpravy).
fn access_key(lang: Language, t: T) -> Option<Key> {
    let first = t.get(lang).chars().next()?;
    let plain = match first {
        'Á' => 'A',
        'É' | 'Ě' => 'E',
        'Í' => 'I',
        'Ó' => 'O',
        'Ú' | 'Ů' => 'U',
        'Ý' => 'Y',
        c => c,
    };
    Key::from_name(&plain.to_string())
}

/// A menu's title with its access letter underlined.
fn title(ui: &Ui, lang: Language, t: T) -> egui::text::LayoutJob {
    let text = t.get(lang);
    let split = text.chars().next().map_or(0, char::len_utf8);
    let font = egui::TextStyle::Button.resolve(ui.style());
    let color = ui.visuals().text_color();
    let mut job = egui::text::LayoutJob::default();
    let format = egui::TextFormat::simple(font, color);
    job.append(
        &text[..split],
        0.0,
        egui::TextFormat {
            underline: egui::Stroke::new(1.0, color),
            ..format.clone()
        },
    );
    job.append(&text[split..], 0.0, format);
    job
}

/// The popup of the menu button `button` (as [`egui::Popup::menu`] names it).
fn popup_id(button: Id) -> Id {
    button.with("popup")
}

impl DamaApp {
    /// The open menu of the bar, if any.
    fn open_menu(&self, ctx: &Context) -> Option<usize> {
        self.input
            .menus
            .buttons
            .iter()
            .position(|&b| egui::Popup::is_id_open(ctx, popup_id(b)))
    }

    /// Whether a menu of the bar is open: the arrows are then the menu's, not the board's.
    pub(super) fn menu_is_open(&self, ctx: &Context) -> bool {
        self.open_menu(ctx).is_some()
    }

    /// What had the focus at the start of this frame, or before the menu that is open (or has
    /// just been closed by a click on one of its items) took it.
    pub(super) fn focus_outside_menus(&self) -> Option<Id> {
        self.input.menus.focus_at_start
    }

    /// Opens menu `i` with the focus on its first item.
    fn open_menu_at(&mut self, ctx: &Context, i: usize) {
        let Some(&button) = self.input.menus.buttons.get(i) else {
            return;
        };
        egui::Popup::open_id(ctx, popup_id(button));
        // The menu's own button holds the focus until its first item is drawn.
        ctx.memory_mut(|m| {
            m.move_focus(egui::FocusDirection::None);
            m.request_focus(button);
        });
        self.input.menus.opening = Some((i, 3));
        ctx.request_repaint();
    }

    /// F10, Alt+letter, and Left and Right in an open menu; before the menu bar is drawn.
    pub(super) fn menu_keys(&mut self, ctx: &Context) {
        let open = self.open_menu(ctx);
        if open.is_none() {
            self.input.menus.focus_at_start = ctx.memory(|m| m.focused());
        }
        if self.dialogs.is_open() {
            return;
        }
        let lang = self.lang();
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F10)) {
            match open {
                Some(_) => egui::Popup::close_all(ctx),
                None => self.open_menu_at(ctx, 0),
            }
            return;
        }
        for (i, &(t, _)) in MENUS.iter().enumerate() {
            if let Some(key) = access_key(lang, t)
                && ctx.input_mut(|inp| inp.consume_key(Modifiers::ALT, key))
            {
                self.open_menu_at(ctx, i);
                return;
            }
        }
        let Some(open) = open else {
            return;
        };
        let n = MENUS.len();
        let focused = ctx.memory(|m| m.focused());
        // In the submenu of recent files, or on its button, Left and Right are egui's.
        let in_recent = self.input.menus.recent.is_some_and(|r| {
            let sub = egui::containers::menu::SubMenu::id_from_widget_id(r);
            focused.is_some_and(|f| {
                ctx.viewport(|v| {
                    v.prev_pass
                        .widgets
                        .get(f)
                        .is_some_and(|w| w.layer_id.id == sub)
                })
            })
        });
        let on_recent = focused.is_some() && focused == self.input.menus.recent;
        let key = |k| move |i: &mut egui::InputState| i.consume_key(Modifiers::NONE, k);
        if !in_recent && !on_recent && ctx.input_mut(key(Key::ArrowRight)) {
            self.open_menu_at(ctx, (open + 1) % n);
        } else if !in_recent && ctx.input_mut(key(Key::ArrowLeft)) {
            self.open_menu_at(ctx, (open + n - 1) % n);
        }
    }

    /// Gives the focus back to where it was before the menu opened, unless something else
    /// (a dialog, a click on the board) has taken it.
    fn menu_closed(&mut self, ctx: &Context) {
        let before = self.input.menus.focus_before.take();
        self.input.menus.opening = None;
        // The Enter (or Space) that chose an item is the menu's: the widget that gets the focus
        // back now must not take it as a click of its own (the board would select a piece).
        ctx.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Enter);
            i.consume_key(Modifiers::NONE, Key::Space);
        });
        if self.dialogs.is_open() {
            return;
        }
        let focused = ctx.memory(|m| m.focused());
        let in_menus = focused.is_none_or(|id| {
            self.input.menus.buttons.contains(&id)
                || ctx.viewport(|v| {
                    v.this_pass
                        .widgets
                        .get(id)
                        .is_some_and(|w| w.layer_id.order == egui::Order::Foreground)
                })
        });
        if in_menus {
            match before {
                Some(id) => ctx.memory_mut(|m| m.request_focus(id)),
                // From nowhere to the board: the screen reader then says what was done.
                None => {
                    self.focus_board(ctx);
                }
            }
        }
    }

    /// One entry of a menu: the command's text and shortcut (both in its accessible name),
    /// disabled where the command cannot be used now ([`DamaApp::availability`]), with a check
    /// mark and a state where it is on or off ([`DamaApp::checked`]).
    fn menu_item(&mut self, ui: &mut Ui, c: Command) {
        let enabled = self.availability(c).is_ok();
        let checked = self.checked(c);
        let lang = self.lang();
        let shortcut = c.shortcut_text(lang);
        let name = c.text().get(lang);
        // A mark shows the state, not a colour alone (√: the bundled font has no check mark);
        // the screen reader hears the state.
        let text = match checked {
            Some(true) => format!("√ {name}"),
            _ => name.to_string(),
        };
        let button = Button::new(text).shortcut_text(shortcut.clone());
        // Only an entry that is on or off has a state: the others are not "not checked".
        let button = match checked {
            Some(on) => button.selected(on),
            None => button,
        };
        let item = ui.add_enabled(enabled, button);
        ui.ctx().accesskit_node_builder(item.id, |node| {
            match checked {
                None => node.set_role(egui::accesskit::Role::MenuItem),
                Some(on) => {
                    node.set_label(format!("{name} {shortcut}").trim_end());
                    node.set_role(egui::accesskit::Role::MenuItemCheckBox);
                    node.set_toggled(if on {
                        egui::accesskit::Toggled::True
                    } else {
                        egui::accesskit::Toggled::False
                    });
                }
            }
            if !shortcut.is_empty() {
                node.set_keyboard_shortcut(shortcut);
            }
        });
        if enabled && std::mem::take(&mut self.input.menus.focus_first) {
            item.request_focus();
            self.input.menus.opening = None;
        }
        if item.clicked() {
            self.input.queued.push(c);
            ui.close();
        }
    }

    /// One menu of the bar.
    fn menu(&mut self, ui: &mut Ui, i: usize, content: impl FnOnce(&mut Self, &mut Ui)) {
        let lang = self.lang();
        let t = MENUS[i].0;
        let focus_first = matches!(self.input.menus.opening, Some((at, n)) if at == i && n > 0);
        let title = title(ui, lang, t);
        let response = ui
            .menu_button(title, |ui| {
                // Not in the unseen first layout: the screen reader would find no item there.
                self.input.menus.focus_first = focus_first && !ui.is_sizing_pass();
                if self.input.menus.shown != Some(i) {
                    self.input.menus.shown = Some(i);
                    self.input.menus.openings += 1;
                }
                ui.push_id(self.input.menus.openings, |ui| content(self, ui));
                self.input.menus.focus_first = false;
                // The items belong to the menu button, as in GTK: the popup holding them is
                // only their frame (a menu of its own would be said again after the button).
                ui.ctx().accesskit_node_builder(ui.layer_id().id, |node| {
                    node.set_role(egui::accesskit::Role::GenericContainer);
                });
            })
            .response;
        let expanded = egui::Popup::is_id_open(ui.ctx(), popup_id(response.id));
        ui.ctx().accesskit_node_builder(response.id, |node| {
            node.set_role(egui::accesskit::Role::Menu);
            node.set_has_popup(egui::accesskit::HasPopup::Menu);
            node.set_expanded(expanded);
        });
        if self.input.menus.buttons.len() <= i {
            self.input.menus.buttons.resize(i + 1, Id::NULL);
        }
        self.input.menus.buttons[i] = response.id;
    }

    pub(super) fn menu_bar(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        egui::MenuBar::new().ui(ui, |ui| {
            // egui's bar is a row around a menu of the menus: the menu is the bar, which Orca
            // would otherwise say as a nameless "nabídka" before every menu.
            ui.ctx().accesskit_node_builder(ui.unique_id(), |node| {
                node.set_role(egui::accesskit::Role::MenuBar);
            });
            for (i, (_, groups)) in MENUS.iter().enumerate() {
                self.menu(ui, i, |app, ui| {
                    for (g, group) in groups.iter().enumerate() {
                        if g > 0 {
                            ui.separator();
                        }
                        for &c in group.iter() {
                            app.menu_item(ui, c);
                            if c == Command::Open {
                                app.recent_files(ui, lang);
                            }
                        }
                    }
                });
            }
        });
        if let Some((i, n)) = self.input.menus.opening {
            self.input.menus.opening = (n > 1).then_some((i, n - 1));
        }
        let open = self.menu_is_open(ui.ctx());
        if open && !self.input.menus.was_open && self.input.menus.focus_before.is_none() {
            self.input.menus.focus_before = self.input.menus.focus_at_start;
        }
        if self.input.menus.was_open && !open {
            self.menu_closed(ui.ctx());
        }
        if !open {
            self.input.menus.shown = None;
        }
        self.input.menus.was_open = open;
    }

    /// The submenu of recent files (greyed while there are none).
    fn recent_files(&mut self, ui: &mut Ui, lang: Language) {
        let recent = self.settings.recent_files.clone();
        ui.add_enabled_ui(!recent.is_empty(), |ui| {
            let sub = ui.menu_button(T::RecentFiles.get(lang), |ui| {
                for path in recent {
                    let item = ui.button(path.display().to_string());
                    ui.ctx().accesskit_node_builder(item.id, |node| {
                        node.set_role(egui::accesskit::Role::MenuItem);
                    });
                    if item.clicked() {
                        self.guard(Pending::OpenFile(path));
                        ui.close();
                    }
                }
            });
            self.input.menus.recent = Some(sub.response.id);
            ui.ctx().accesskit_node_builder(sub.response.id, |node| {
                node.set_role(egui::accesskit::Role::Menu);
                node.set_has_popup(egui::accesskit::HasPopup::Menu);
            });
        });
    }
}
