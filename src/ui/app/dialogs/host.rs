//! The dialog host: which dialog is open, how long it has been shown, where the focus was
//! before it, and the frame every dialog is drawn in (a modal of its own for each opening,
//! named for the screen reader, Tab kept inside, the scroll following the focus).

use std::mem::Discriminant;

use eframe::egui::{self, Context, ScrollArea, Ui};

use super::Dialog;
use super::widgets::follow_focus;

/// The dialogs' plumbing, apart from what each dialog asks: the window opens a dialog through
/// [`DialogHost::open`], and draws it once a frame through `DamaApp::dialogs`.
#[derive(Debug, Default)]
pub(in crate::ui::app) struct DialogHost {
    /// The open dialog (taken out while it is drawn).
    open: Option<Dialog>,
    /// Which dialog was shown last frame (a new one is announced and focuses its first field).
    last: Option<Discriminant<Dialog>>,
    /// `last` as this frame's dialog began: none when it opened on the window, not after
    /// another dialog.
    last_before: Option<Discriminant<Dialog>>,
    /// Frames the dialog has been shown, from 0.
    frames: u32,
    /// How many dialogs have opened: each opening is a dialog of its own for the screen
    /// reader (Orca says nothing of a dialog whose objects it met before).
    opened: u64,
    /// What had the focus when the dialog opened: it gets it back when the dialog closes.
    focus_before: Option<egui::Id>,
    /// The focus given back as a dialog closed, to give back again in the next frame.
    focus_back: Option<egui::Id>,
}

/// A dialog's frame as it begins: what its drawing and its announcement depend on.
#[derive(Clone, Copy, Debug)]
pub(in crate::ui::app) struct Opening {
    /// The dialog is new this frame (announced, and takes the focus a frame later).
    pub fresh: bool,
    /// Frames it has been shown before this one.
    pub frames: u32,
    /// The modal's id: new for each opening.
    pub modal_id: egui::Id,
}

impl DialogHost {
    /// Opens `dialog`, in place of the one open.
    pub fn open(&mut self, dialog: Dialog) {
        self.open = Some(dialog);
    }

    /// Opens `dialog` in place of the one open; `None` closes the open one.
    pub fn set(&mut self, dialog: Option<Dialog>) {
        self.open = dialog;
    }

    /// The open dialog, if any.
    pub fn current(&self) -> Option<&Dialog> {
        self.open.as_ref()
    }

    /// Whether a dialog is open.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Takes the open dialog out to draw it; none open, the last one is forgotten.
    pub fn take(&mut self) -> Option<Dialog> {
        let dialog = self.open.take();
        if dialog.is_none() {
            self.last = None;
        }
        dialog
    }

    /// Puts the dialog drawn back, unless its answer opened another.
    pub fn keep(&mut self, dialog: Dialog) {
        if self.open.is_none() {
            self.open = Some(dialog);
        }
    }

    /// Counts `dialog`'s frames as its frame begins: a dialog of another kind than last
    /// frame's is a new opening.
    pub fn begin(&mut self, dialog: &Dialog) -> Opening {
        let kind = std::mem::discriminant(dialog);
        self.last_before = self.last;
        let fresh = self.last != Some(kind);
        self.opened += u64::from(fresh);
        self.frames = if fresh { 0 } else { self.frames + 1 };
        self.last = Some(kind);
        // A dialog of its own for each opening: the screen reader announces a new one (the
        // unsaved-changes question after the new-game form), and the same question asked
        // again (Orca is silent about a dialog whose objects it has met before).
        let modal_id = egui::Id::unique("dama-dialog").with(self.opened);
        Opening {
            fresh,
            frames: self.frames,
            modal_id,
        }
    }

    /// Remembers where the focus is as a dialog opens, to give it back as it closes. A
    /// dialog that follows another (the unsaved-changes question, then Save) gives the focus
    /// back to where the first found it, not to a button of the one gone.
    pub fn remember_focus(&mut self, ctx: &Context) {
        if self.last_before.is_none() {
            self.focus_before = ctx.memory(|m| m.focused());
        }
    }

    /// As the last dialog has closed: gives the focus back to where it was, if the window
    /// still has that widget (a panel's button may be gone); `None` where it has to go
    /// somewhere else (the window then calls [`DialogHost::gave_focus_to`]).
    pub fn give_focus_back(&mut self, ctx: &Context) -> Option<egui::Id> {
        let there = |id: egui::Id| ctx.viewport(|v| v.prev_pass.widgets.get(id).is_some());
        let id = self.focus_before.take().filter(|&id| there(id))?;
        ctx.memory_mut(|m| m.request_focus(id));
        Some(id)
    }

    /// Where the focus went as the dialog closed, to give it there once more in the next
    /// frame.
    pub fn gave_focus_to(&mut self, id: egui::Id) {
        self.focus_back = Some(id);
    }

    /// In the frame after a dialog closed: the window behind it takes no focus (egui keeps
    /// the modal layer a frame longer), so the focus is given back once more.
    pub fn focus_again(&mut self, ctx: &Context) {
        if let Some(id) = self.focus_back.take()
            && ctx.memory(|m| m.focused()).is_none()
        {
            ctx.memory_mut(|m| m.request_focus(id));
        }
    }
}

/// The room the window leaves a dialog: at any interface size the dialog fits the window,
/// and what does not fit scrolls.
pub(in crate::ui::app) fn room(ctx: &Context) -> egui::Vec2 {
    ctx.content_rect().size() - egui::vec2(64.0, 64.0)
}

/// Shows the modal of `opening` with `body` inside: it fits the window at any interface size
/// (what does not fit scrolls, and the scroll follows the focus), Tab stays in it, and for
/// the screen reader it is a dialog named `title` and described by `question`. Returns what
/// `body` returned, and whether the modal was asked to close (Escape, a click beside it).
pub(in crate::ui::app) fn modal<R>(
    ctx: &Context,
    opening: Opening,
    title: String,
    question: Option<String>,
    body: impl FnOnce(&mut Ui) -> R,
) -> (R, bool) {
    let modal_id = opening.modal_id;
    if !opening.fresh {
        keep_tab_inside(ctx, modal_id);
    }
    let modal = egui::Modal::new(modal_id);
    let room = room(ctx);
    let response = modal.show(ctx, |ui| {
        ui.set_max_width(room.x);
        ScrollArea::vertical()
            .max_height(room.y)
            .show(ui, |ui| {
                ui.set_min_width(360.0f32.min(room.x));
                let answer = body(ui);
                follow_focus(ui);
                answer
            })
            .inner
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
    let close = response.should_close();
    (response.inner, close)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dialog_of_another_kind_is_a_new_opening() {
        let mut host = DialogHost::default();
        let first = host.begin(&Dialog::Help);
        assert!(first.fresh);
        assert_eq!(first.frames, 0);
        let again = host.begin(&Dialog::Help);
        assert!(!again.fresh);
        assert_eq!(again.frames, 1);
        assert_eq!(again.modal_id, first.modal_id);
        let next = host.begin(&Dialog::Settings);
        assert!(next.fresh);
        assert_eq!(next.frames, 0);
        assert_ne!(next.modal_id, first.modal_id);
    }

    #[test]
    fn a_dialog_kept_gives_way_to_one_its_answer_opened() {
        let mut host = DialogHost::default();
        host.open(Dialog::Help);
        let shown = host.take().expect("open");
        host.open(Dialog::ConfirmResign);
        host.keep(shown);
        assert!(matches!(host.current(), Some(Dialog::ConfirmResign)));
        assert!(host.take().is_some());
        assert!(host.take().is_none());
        // Closed, the same kind opens anew.
        assert!(host.begin(&Dialog::ConfirmResign).fresh);
    }
}
