//! The widgets the dialogs are made of: the row of answers with its safe default, combo
//! boxes and radio rows a screen reader reads as GTK's, form layout, percent sliders, and the
//! scroll that follows the focus. The combo box is also the position editor's.

use std::time::{Duration, Instant};

use eframe::egui::{self, Ui};

use crate::ui::i18n::{self, Language, T};

/// A row of buttons, one for each of `choices` in their order, that answers with the choice
/// clicked. The focus starts (`focus_now`) on `safe`, never on a button that loses something:
/// one Enter must not lose a game, a file or a move. The dialog's frame does the rest of a
/// question's keyboard: Escape cancels, Tab stays in the dialog.
pub(super) fn choice_row<A: Copy + PartialEq>(
    ui: &mut Ui,
    lang: Language,
    choices: &[(T, A)],
    safe: A,
    focus_now: bool,
) -> Option<A> {
    let mut answer = None;
    ui.horizontal_wrapped(|ui| {
        for &(t, choice) in choices {
            let button = ui.button(t.get(lang));
            if focus_now && choice == safe {
                button.request_focus();
            }
            if button.clicked() {
                answer = Some(choice);
            }
        }
    });
    answer
}

/// Scrolls the scroll area of `ui` to the widget that has just taken the focus, so that what
/// Tab reaches is seen, also at 300 %.
pub(super) fn follow_focus(ui: &Ui) {
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

/// Whether a form is to be laid out as one column, labels above their controls: at a large
/// interface size two columns would not fit the window.
pub(super) fn is_narrow(ui: &Ui) -> bool {
    ui.available_width() < 560.0
}

/// A form of labels and controls: two columns, or one where `narrow`.
pub(super) fn form_rows(ui: &mut Ui, id: &str, narrow: bool, rows: impl FnOnce(&mut Ui)) {
    if narrow {
        ui.vertical(rows);
    } else {
        egui::Grid::new(id).num_columns(2).show(ui, rows);
    }
}

/// The empty label cell of a row in two columns; nothing in one.
pub(super) fn empty_cell(ui: &mut Ui, narrow: bool) {
    if !narrow {
        ui.label("");
    }
}

/// A grid row with one choice among `options`: `heading`, then a [`radio_group`] in a row.
pub(super) fn radio_row<'a, V: PartialEq + Copy>(
    ui: &mut Ui,
    heading: &str,
    current: &mut V,
    options: impl IntoIterator<Item = (V, &'a str)>,
) {
    control_label(ui, heading);
    ui.horizontal_wrapped(|ui| radio_group(ui, heading, current, options));
    ui.end_row();
}

/// A label that names the control beside it (given to it by `labelled_by`, or as each radio
/// button's description): drawn, and left out of the screen reader's tree, where the control
/// carries its words. AccessKit gives AT-SPI no label-for relation, and Orca 43 reads every
/// label of three words or more that it cannot relate to a control as a dialog opens, after
/// the dialog's purpose ("Vlákna počítače (úrovně 4 a 5)", the position field's syntax).
pub(in crate::ui::app) fn control_label(ui: &mut Ui, text: &str) -> egui::Response {
    let label = ui.label(text);
    hide_from_reader(ui, label)
}

/// Leaves the text drawn as `shown` out of the screen reader's tree, where a control carries
/// its words (see [`control_label`]).
pub(in crate::ui::app) fn hide_from_reader(ui: &Ui, shown: egui::Response) -> egui::Response {
    ui.ctx()
        .accesskit_node_builder(shown.id, |node| node.set_hidden());
    shown
}

/// One choice among `options`, as radio buttons in `ui`'s layout, behaving as on the desktop:
/// the group is one Tab stop (the option checked), and the arrows choose the option before or
/// after it, the focus going along (so that every screen reader reads the choice, Orca 43 too).
/// Each button carries `heading` as its description, so that a screen reader says what the
/// option answers ("Black, radio button, Who starts"), not only "Black". Returns whether the
/// choice changed.
pub(in crate::ui::app) fn radio_group<V: PartialEq + Copy, S: AsRef<str>>(
    ui: &mut Ui,
    heading: &str,
    current: &mut V,
    options: impl IntoIterator<Item = (V, S)>,
) -> bool {
    let options: Vec<(V, S)> = options.into_iter().collect();
    let checked = options.iter().position(|(v, _)| v == current);
    let mut changed = false;
    let mut ids = Vec::with_capacity(options.len());
    for (i, (value, name)) in options.iter().enumerate() {
        let stop = checked.map_or(i == 0, |c| c == i);
        let r = radio(ui, value == current, name.as_ref(), stop);
        describe(ui, &r, heading);
        if r.clicked() && value != current {
            *current = *value;
            changed = true;
        }
        ids.push(r.id);
    }
    let focused = ui.memory(|m| m.focused());
    if let Some(i) = ids.iter().position(|&id| Some(id) == focused) {
        let n = ids.len();
        ui.memory_mut(|m| {
            m.set_focus_lock_filter(
                ids[i],
                egui::EventFilter {
                    horizontal_arrows: true,
                    vertical_arrows: true,
                    ..Default::default()
                },
            )
        });
        let pressed = |key| ui.input_mut(|inp| inp.consume_key(egui::Modifiers::NONE, key));
        let back = pressed(egui::Key::ArrowLeft) | pressed(egui::Key::ArrowUp);
        let on = pressed(egui::Key::ArrowRight) | pressed(egui::Key::ArrowDown);
        let to = match (back, on) {
            (true, false) => Some((i + n - 1) % n),
            (false, true) => Some((i + 1) % n),
            _ => None,
        };
        if let Some(j) = to {
            *current = options[j].0;
            changed = true;
            ui.memory_mut(|m| m.request_focus(ids[j]));
            // The buttons were drawn with the choice before: the screen reader, reading the
            // newly focused one, is told its check already in this frame.
            let ctx = ui.ctx();
            for (k, &id) in ids.iter().enumerate() {
                let toggled = if k == j {
                    egui::accesskit::Toggled::True
                } else {
                    egui::accesskit::Toggled::False
                };
                ctx.accesskit_node_builder(id, |node| node.set_toggled(toggled));
            }
        }
    }
    changed
}

/// A radio button that is a Tab stop only where `stop` (the group's checked option): egui's
/// own is always one.
fn radio(ui: &mut Ui, checked: bool, text: &str, stop: bool) -> egui::Response {
    let spacing = ui.spacing();
    let icon_width = spacing.icon_width;
    let gap = spacing.icon_spacing;
    let height = spacing.interact_size.y.max(icon_width);
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        None,
        (ui.available_width() - icon_width - gap).max(0.0),
        egui::TextStyle::Button,
    );
    let size = egui::vec2(
        icon_width + gap + galley.size().x,
        height.max(galley.size().y),
    );
    let sense = if stop {
        egui::Sense::click()
    } else {
        egui::Sense::CLICK
    };
    let (rect, response) = ui.allocate_exact_size(size, sense);
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::RadioButton, ui.is_enabled(), checked, text)
    });
    if ui.is_rect_visible(rect) {
        let visuals = *ui.style().interact(&response);
        let icon = egui::Rect::from_min_size(
            egui::pos2(rect.min.x, rect.center().y - icon_width / 2.0),
            egui::vec2(icon_width, icon_width),
        );
        let (small, big) = ui.spacing().icon_rectangles(icon);
        let painter = ui.painter();
        painter.circle(
            big.center(),
            big.width() / 2.0 + visuals.expansion,
            visuals.bg_fill,
            visuals.bg_stroke,
        );
        if checked {
            painter.circle_filled(small.center(), small.width() / 3.0, visuals.fg_stroke.color);
        }
        let at = egui::pos2(icon.max.x + gap, rect.center().y - galley.size().y / 2.0);
        painter.galley(at, galley, visuals.text_color());
    }
    response
}

/// A combo box of `choices` for `current`, named by its label, its choice as its value. Its choices are list options
/// (selected or not) for the screen reader. As in GTK, the list opens on the current choice,
/// each opening is a list of its own (Orca 43 is silent on objects it saw go away), Enter on a
/// choice takes it and Escape closes the list alone; either way the focus goes back to the box.
/// Returns the box's id.
pub(in crate::ui::app) fn combo<V: PartialEq + Clone>(
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
pub(in crate::ui::app) fn describe(ui: &Ui, response: &egui::Response, description: &str) {
    ui.ctx().accesskit_node_builder(response.id, |node| {
        node.set_description(description.to_string());
    });
}

/// A slider for a share kept as a fraction (`1.0` is 100 %), shown, typed and handed to the
/// screen reader as whole percent ([`i18n::percent`]): AT-SPI gives Orca only the slider's
/// number, which it would say "0.5" to a Czech user; "50" is the same in both languages.
/// `range` and `step` are in percent.
pub(super) fn percent_slider(
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
    // The number beside it changes by whole steps too: its accessible step is its drag speed,
    // from which Orca 43 takes how many decimals to read ("100.0" with egui's own speed).
    .drag_value_speed(step)
    .custom_formatter(move |n, _| i18n::percent(lang, n))
    .custom_parser(i18n::read_percent)
}
