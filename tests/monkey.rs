//! A monkey at the window: in every rule set, thousands of random key presses and clicks
//! (seeded, so that a failure can be run again), and after every one of them the window must
//! not panic; every [`CHECK_EVERY`] steps and at the end the autosave, read back as the app
//! reads it at start, must replay to the game the window holds and to the position it shows.
//!
//! The inputs are those of a person at the window: the keys the program uses (arrows, Enter,
//! Space, Escape, Tab, Shift+Tab, F1–F10, Home, End, Delete, Backspace, letters, digits, '-',
//! every shortcut of the command table, Alt with a letter), clicks on squares of the board and
//! on the widgets a screen reader finds (buttons, menu items, check boxes, radio buttons,
//! combo boxes and their options, fields, sliders, list items). Now and then a legal move is
//! played, clicked on the board or typed in the move field, so that games get somewhere.
//!
//! What a person could do but a test must not: the Browse button (it opens the system's file
//! dialog) is never clicked nor pressed, and Quit is not chosen (in the harness it does not
//! end anything, and a window told it may close is in no state a person sees). A path field
//! of the Save or Open dialog that does not point into the test's own folder is given a path
//! there first (as a person types one), so that nothing is written elsewhere.
//!
//! `DAMA_MONKEY_SEED` (a number) and `DAMA_MONKEY_STEPS` run the monkey with another seed or
//! for longer. A run with the same seed does the same unless the computer plays: its answers
//! come from a thread of their own, in their own time.

mod common;

use std::collections::VecDeque;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};
use std::time::Instant;

use dama::notation::pdn;
use dama::rules::{Branch, Enforcement, Game, GameTree, Outcome, Position, Variant, WinReason};
use dama::sound::CueRecording;
use dama::store::autosave::{Autosave, Found, Session};
use dama::ui::{Command, DamaApp, Dialog, Language, Pending, T};
use eframe::egui::{self, Key, Modifiers, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// Random actions per rule set.
const STEPS: usize = 600;
/// The autosave is checked after this many steps (and at the end).
const CHECK_EVERY: usize = 10;
/// Frames an action may take before the window settles.
const MAX_FRAMES: usize = 8;
/// Actions shown when something fails.
const HISTORY: usize = 30;

/// splitmix64: small, fast, and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// 0..n (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, V>(&mut self, items: &'a [V]) -> &'a V {
        &items[self.below(items.len())]
    }
}

/// A step of a plan of several actions.
#[derive(Clone, Debug)]
enum Step {
    /// A click or key of a move begun.
    Move(Action),
    /// A choice in the open dialog.
    InDialog(Pick),
}

/// A choice in the new-game dialog, found when it is made.
#[derive(Clone, Copy, Debug)]
enum Pick {
    /// The list of who plays White (0) or Black (1).
    Players(usize),
    /// Its `n`th choice: a person, then the computer's levels from the weakest.
    Player(usize),
    /// Start.
    Start,
    /// Discard (the changes of the game, which a new one replaces).
    Discard,
}

/// One thing done to the window.
#[derive(Clone, Debug, PartialEq)]
enum Action {
    /// A key with modifiers, and the character it types (a letter, a digit, '-', a space).
    Key(Modifiers, Key, Option<char>),
    /// A click on square `n` of the board.
    Square(u8),
    /// A click on the `nth` widget with this role and accessible name.
    Widget(Role, String, usize),
    /// The field of the open path dialog given this text (focused, all selected, typed over).
    Path(String),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Key(m, k, _) => {
                for (on, name) in [
                    (m.ctrl || m.command, "Ctrl+"),
                    (m.alt, "Alt+"),
                    (m.shift, "Shift+"),
                ] {
                    if on {
                        f.write_str(name)?;
                    }
                }
                write!(f, "{}", k.name())
            }
            Action::Square(n) => write!(f, "click square {n}"),
            Action::Widget(role, label, nth) => write!(f, "click {role:?} {label:?} #{nth}"),
            Action::Path(text) => write!(f, "path field := {text:?}"),
        }
    }
}

fn key(k: Key) -> Action {
    Action::Key(Modifiers::NONE, k, None)
}

fn ctrl(k: Key) -> Action {
    Action::Key(Modifiers::COMMAND, k, None)
}

/// The key that types `c`, with `c`.
fn char_key(c: char) -> Action {
    let k = match c {
        '-' => Key::Minus,
        ' ' => Key::Space,
        c => Key::from_name(&c.to_ascii_uppercase().to_string()).expect("a letter or digit"),
    };
    Action::Key(Modifiers::NONE, k, Some(c))
}

/// The keys without a modifier that the program uses, apart from those that type.
const PLAIN_KEYS: [Key; 12] = [
    Key::ArrowUp,
    Key::ArrowDown,
    Key::ArrowLeft,
    Key::ArrowRight,
    Key::Enter,
    Key::Escape,
    Key::Tab,
    Key::Home,
    Key::End,
    Key::Delete,
    Key::Backspace,
    Key::Space,
];

const F_KEYS: [Key; 10] = [
    Key::F1,
    Key::F2,
    Key::F3,
    Key::F4,
    Key::F5,
    Key::F6,
    Key::F7,
    Key::F8,
    Key::F9,
    Key::F10,
];

/// What a key of the move field types: squares in numbers and in algebraic names.
const MOVE_CHARS: &str = "0123456789-x abcdefghij";

/// Panics of any thread (the computer thinks on its own), recorded by the hook.
static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn record_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current();
            let at = info
                .location()
                .map_or(String::new(), |l| format!(" at {l}"));
            let payload = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            PANICS
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(format!(
                    "thread {:?} panicked{at}: {payload}",
                    thread.name().unwrap_or("?")
                ));
            default(info);
        }));
    });
}

/// Panics recorded in threads other than the tests' own (those fail their test directly).
fn foreign_panics() -> Vec<String> {
    let panics = PANICS.lock().unwrap_or_else(|e| e.into_inner());
    panics
        .iter()
        .filter(|p| !p.starts_with("thread \"monkey"))
        .filter(|p| !p.starts_with("thread \"regression"))
        .cloned()
        .collect()
}

/// The window, its folders, the dice and what was done.
struct Monkey {
    h: Harness<'static, DamaApp>,
    variant: Variant,
    seed: u64,
    rng: Rng,
    /// The test's own folder: the autosave, and `files/` for saved and opened games.
    dir: common::TempDir,
    files: PathBuf,
    /// The last actions, with their step numbers.
    history: VecDeque<(usize, Action)>,
    step: usize,
    /// What is still to do of a legal move begun (and the plies when it began), or of a new
    /// game against the computer.
    planned: VecDeque<Step>,
    planned_at: usize,
    /// Legal moves still to play one after another.
    burst: usize,
    checks: usize,
    /// What the run got to: the most plies, games ended, the dialogs seen.
    most_plies: usize,
    ended: usize,
    over: bool,
    /// Actions after which the computer was thinking.
    thinking: usize,
    /// States of the window reached.
    seen: Vec<&'static str>,
    dialogs: Vec<String>,
}

impl Monkey {
    fn new(variant: Variant, seed: u64, name: &str) -> Monkey {
        record_panics();
        let dir = common::temp_dir("monkey", &format!("{name}-{}", variant.id()));
        let files = dir.join("files");
        std::fs::create_dir_all(&files).unwrap();
        write_two_games(variant, &files.join("two.pdn"));
        let mut app = DamaApp::with_settings(common::settings(Language::English, variant), None);
        common::listen(&mut app);
        app.set_sound_player(Box::new(CueRecording::new()));
        app.start_autosave(&dir);
        let mut h = common::window(app);
        h.run();
        Monkey {
            h,
            variant,
            seed,
            rng: Rng(seed),
            dir,
            files,
            history: VecDeque::new(),
            step: 0,
            planned: VecDeque::new(),
            planned_at: 0,
            burst: 0,
            checks: 0,
            most_plies: 0,
            ended: 0,
            over: false,
            thinking: 0,
            seen: Vec::new(),
            dialogs: Vec::new(),
        }
    }

    fn app(&self) -> &DamaApp {
        self.h.state()
    }

    /// What was done, for the failure message.
    fn report(&self, what: &str) -> String {
        let mut text = format!(
            "monkey failed: rule set {}, seed {:#x}, step {} ({} checks passed), folder {}\n\
             (again: DAMA_MONKEY_SEED={:#x} DAMA_MONKEY_STEPS={} cargo test --test monkey \
             monkey_{})\n{what}\nlast actions:\n",
            self.variant.id(),
            self.seed,
            self.step,
            self.checks,
            self.dir.display(),
            self.seed,
            self.step,
            self.variant.id().replace('-', "_"),
        );
        for (step, a) in &self.history {
            text.push_str(&format!("  {step:5}: {a}    // {a:?}\n"));
        }
        text
    }

    fn fail(&self, what: &str) -> ! {
        panic!("{}", self.report(what));
    }

    /// Does `a` and runs the window until it settles (a few frames while the computer thinks).
    fn act(&mut self, a: Action) {
        self.history.push_back((self.step, a.clone()));
        if self.history.len() > HISTORY {
            self.history.pop_front();
        }
        let result = panic::catch_unwind(AssertUnwindSafe(|| {
            self.input(&a);
            self.settle();
        }));
        if let Err(e) = result {
            eprintln!("{}", self.report("the window panicked (message above)"));
            panic::resume_unwind(e);
        }
        self.thinking += usize::from(self.h.state().is_thinking());
        let app = self.h.state();
        let game = app.game();
        for (seen, what) in [
            (app.file().is_some() && !app.is_dirty(), "saved or opened"),
            (game.pending_huff().is_some(), "huff to choose"),
            (game.pending_take_back().is_some(), "take back pending"),
            (game.last_violation().is_some(), "capture ignored"),
            (app.shown_ply().is_some(), "looking back"),
            (app.document().draw_offer().is_some(), "draw offered"),
            (
                app.document().computer_levels().iter().any(Option::is_some),
                "computer player",
            ),
        ] {
            if seen && !self.seen.contains(&what) {
                self.seen.push(what);
            }
        }
        let game = self.h.state().game();
        self.most_plies = self.most_plies.max(game.moves().len());
        if game.outcome().is_some() != self.over {
            self.over = !self.over;
            self.ended += usize::from(self.over);
        }
        if let Some(d) = self.h.state().dialog() {
            let name = format!("{d:?}");
            let name = name.split(['(', ' ']).next().unwrap_or("").to_string();
            if !self.dialogs.contains(&name) {
                self.dialogs.push(name);
            }
        }
        let foreign = foreign_panics();
        if !foreign.is_empty() {
            self.fail(&format!("another thread panicked:\n{}", foreign.join("\n")));
        }
    }

    /// Gives the window the events of `a`, all in the next frame (as a window gets them when
    /// keys and clicks come faster than frames).
    fn input(&mut self, a: &Action) {
        let h = &mut self.h;
        let events = match a {
            Action::Key(m, k, text) => {
                // A real keyboard's Ctrl is both Ctrl and the command key.
                let m = Modifiers {
                    ctrl: m.ctrl || m.command,
                    ..*m
                };
                let event = |pressed| egui::Event::Key {
                    key: *k,
                    physical_key: None,
                    pressed,
                    repeat: false,
                    modifiers: m,
                };
                let mut events = vec![egui::Event::ModifiersChanged(m), event(true)];
                events.extend(text.map(|c| egui::Event::Text(c.to_string())));
                events.extend([event(false), egui::Event::ModifiersChanged(Modifiers::NONE)]);
                events
            }
            Action::Square(n) => match square(h, *n) {
                Some(node) => click_events(node.rect().center()),
                None => return,
            },
            Action::Widget(role, label, nth) => {
                let node = h
                    .query_all_by(|n| n.role() == *role && n.label().as_deref() == Some(label))
                    .nth(*nth);
                match node {
                    Some(node) => click_events(node.rect().center()),
                    None => return,
                }
            }
            Action::Path(text) => {
                let lang = h.state().settings.language();
                let Some(field) = h.query_by_label(T::Path.get(lang)) else {
                    return;
                };
                field.focus();
                h.step();
                let all = Modifiers {
                    ctrl: true,
                    ..Modifiers::COMMAND
                };
                let select = |pressed| egui::Event::Key {
                    key: Key::A,
                    physical_key: None,
                    pressed,
                    repeat: false,
                    modifiers: all,
                };
                vec![
                    egui::Event::ModifiersChanged(all),
                    select(true),
                    select(false),
                    egui::Event::ModifiersChanged(Modifiers::NONE),
                    egui::Event::Text(text.clone()),
                ]
            }
        };
        h.input_mut().events.extend(events);
    }

    /// Runs the frame with the input, then the window until it settles (while the computer
    /// thinks, a spinner turns: then a frame more). A window that keeps asking for frames
    /// fails, as `Harness::run` does; every settled window must name its widgets.
    fn settle(&mut self) {
        let mut frames = 0;
        loop {
            self.h.step();
            frames += 1;
            let delay = self.h.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay;
            if !delay.is_zero() {
                break;
            }
            if self.app().is_thinking() && frames >= 2 {
                return;
            }
            if frames > MAX_FRAMES {
                self.fail(&format!(
                    "the window does not settle after {MAX_FRAMES} frames: {:?}",
                    self.h.ctx.repaint_causes()
                ));
            }
        }
        self.h.check_accessibility();
    }

    /// The next action: one the safety rules call for, one of a legal move begun, or a new
    /// random one.
    fn next_action(&mut self) -> Action {
        if let Some(a) = self.guard() {
            self.planned.clear();
            self.burst = 0;
            return a;
        }
        if let Some(a) = self.planned_action() {
            return self.safe(a);
        }
        let a = self.random_action();
        self.safe(a)
    }

    /// The next action of a plan begun, while the plan still fits the window.
    fn planned_action(&mut self) -> Option<Action> {
        let step = self.planned.pop_front()?;
        let app = self.h.state();
        let lang = app.settings.language();
        let action = match step {
            // Unless the move was played (or refused and something else happened): the rest of
            // it would be clicks on another position.
            Step::Move(a) => Some(a)
                .filter(|_| app.game().moves().len() == self.planned_at && app.dialog().is_none()),
            Step::InDialog(pick) if app.dialog().is_some() => {
                let (role, nth, label): (Role, usize, Option<&str>) = match pick {
                    Pick::Players(side) => (Role::ComboBox, side, None),
                    Pick::Player(n) => (Role::ListBoxOption, n, None),
                    Pick::Start => (Role::Button, 0, Some(T::Start.get(lang))),
                    Pick::Discard => (Role::Button, 0, Some(T::Discard.get(lang))),
                };
                let played_by = T::PlayedBy.get(lang);
                let node = self
                    .h
                    .query_all_by(|n| {
                        n.role() == role
                            && n.label().is_some_and(|l| match (label, role) {
                                (Some(label), _) => l == label,
                                (None, Role::ComboBox) => l.contains(played_by),
                                _ => true,
                            })
                    })
                    .nth(nth);
                node.map(|node| {
                    let label = node.accesskit_node().label().unwrap_or_default();
                    let nth = self
                        .h
                        .query_all_by(|n| n.role() == role && n.label().as_deref() == Some(&label))
                        .position(|n| n.rect() == node.rect())
                        .unwrap_or(0);
                    Action::Widget(role, label, nth)
                })
            }
            Step::InDialog(_) => None,
        };
        if action.is_none() {
            self.planned.clear();
        }
        action
    }

    /// What must be done before anything else: a path field pointing out of the test's
    /// folder is given a path inside it; the question "save before quitting?" is cancelled.
    fn guard(&mut self) -> Option<Action> {
        let prefix = format!("{}/", self.files.display());
        match self.app().dialog() {
            Some(Dialog::SavePath(text, _) | Dialog::OpenPath(text))
                if !text.trim().starts_with(&prefix) || text.contains("..") =>
            {
                let name = *self.rng.pick(&["one.pdn", "two.pdn", "three.pdn"]);
                Some(Action::Path(self.files.join(name).display().to_string()))
            }
            Some(Dialog::Unsaved(Pending::Quit)) => Some(key(Key::Escape)),
            _ => None,
        }
    }

    /// `a`, unless it would press Browse or Quit: then Tab instead.
    fn safe(&self, a: Action) -> Action {
        let pressing = matches!(
            a,
            Action::Key(m, Key::Enter | Key::Space, _) if !m.any()
        );
        let focused = self
            .h
            .query_by(|n| n.is_focused())
            .and_then(|n| n.accesskit_node().label());
        if pressing && focused.is_some_and(|l| forbidden(&l)) {
            return key(Key::Tab);
        }
        a
    }

    fn random_action(&mut self) -> Action {
        if self.burst > 0 {
            self.burst -= 1;
            return self.legal_move();
        }
        // In a dialog most keys do nothing: its own widgets are clicked more often.
        if self.app().dialog().is_some() && self.rng.below(100) < 40 {
            return self.widget(true);
        }
        match self.rng.below(100) {
            0..12 => key(*self.rng.pick(&PLAIN_KEYS)),
            12..14 => Action::Key(Modifiers::SHIFT, Key::Tab, None),
            14..22 => key(*self.rng.pick(&F_KEYS)),
            22..34 => {
                let commands: Vec<Command> = Command::ALL
                    .iter()
                    .copied()
                    .filter(|&c| c != Command::Quit)
                    .collect();
                let sc = self.rng.pick(&commands).shortcut().expect("a shortcut");
                Action::Key(sc.modifiers, sc.logical_key, None)
            }
            34..42 => {
                let c = MOVE_CHARS.as_bytes()[self.rng.below(MOVE_CHARS.len())] as char;
                char_key(c)
            }
            42..45 => {
                let letter = (b'A' + self.rng.below(26) as u8) as char;
                let k = Key::from_name(&letter.to_string()).expect("a letter");
                Action::Key(Modifiers::ALT, k, None)
            }
            45..55 => {
                let squares = self.variant.rules().board.squares();
                Action::Square(1 + self.rng.below(usize::from(squares)) as u8)
            }
            55..78 => self.legal_move(),
            78..79 => {
                // A new game where the computer plays a side (or both, or neither), at the
                // levels that answer at once.
                self.planned = [
                    Step::InDialog(Pick::Players(self.rng.below(2))),
                    Step::InDialog(Pick::Player(self.rng.below(4))),
                    Step::InDialog(Pick::Start),
                    Step::InDialog(Pick::Discard),
                ]
                .into();
                ctrl(Key::N)
            }
            79..81 => {
                // Several moves in a row: games get to their ends.
                self.burst = 5 + self.rng.below(40);
                self.legal_move()
            }
            _ => self.widget(false),
        }
    }

    /// A legal move of the position shown, clicked square by square (or typed, now and then);
    /// its first action, the rest planned.
    fn legal_move(&mut self) -> Action {
        let app = self.h.state();
        let pos = *app.shown_position();
        let rules = app.game().rules().clone();
        // Under table rules a move may ignore a capture (and the opponent claim it).
        let table = app.game().enforcement() == Enforcement::TableRules;
        let moves = if table {
            pos.table_moves(&rules)
        } else {
            pos.legal_moves(&rules)
        };
        let over = app.game().outcome().is_some() && app.shown_ply().is_none();
        if moves.is_empty() || over || app.dialog().is_some() {
            self.burst = 0;
            return self.widget(false);
        }
        let m = *self.rng.pick(&moves);
        let mut actions: VecDeque<Action> = VecDeque::new();
        if self.rng.below(4) == 0 {
            actions.push_back(ctrl(Key::M));
            actions.extend(m.to_string().chars().map(char_key));
            actions.push_back(key(Key::Enter));
        } else {
            actions.push_back(Action::Square(m.from().number()));
            let path = if m.is_capture() {
                pos.capture_path(&rules, &m)
            } else {
                vec![m.to()]
            };
            actions.extend(path.into_iter().map(|s| Action::Square(s.number())));
        }
        let first = actions.pop_front().expect("an action");
        self.planned = actions.into_iter().map(Step::Move).collect();
        self.planned_at = self.app().game().moves().len();
        first
    }

    /// A click on a widget that a screen reader finds, other than a square; `in_dialog`: one of
    /// the open dialog (or of a list opened there).
    fn widget(&mut self, in_dialog: bool) -> Action {
        let mut seen: Vec<(Role, String)> = Vec::new();
        let mut found: Vec<Action> = Vec::new();
        for node in self.h.query_all_by(|n| CLICKABLE.contains(&n.role())) {
            let node = node.accesskit_node();
            let role = node.role();
            let Some(label) = node.label().filter(|l| !l.is_empty()) else {
                continue;
            };
            if forbidden(&label) {
                continue;
            }
            let nth = seen.iter().filter(|s| s.0 == role && s.1 == label).count();
            seen.push((role, label.clone()));
            let inside = role == Role::ListBoxOption
                || std::iter::successors(node.parent(), |n| n.parent()).any(|n| n.is_modal());
            if inside || !in_dialog {
                found.push(Action::Widget(role, label, nth));
            }
        }
        if found.is_empty() {
            return key(Key::Escape);
        }
        self.rng.pick(&found).clone()
    }

    /// The autosave, read back as the app reads it at start, replays to the game the window
    /// holds, and to the position the board shows.
    /// And a game saved (not changed since) opens from its file as the window holds it.
    fn check(&mut self) {
        let checked = check_autosave(self.app(), &self.dir).and_then(|()| check_file(self.app()));
        if let Err(what) = checked {
            self.fail(&what);
        }
        self.checks += 1;
    }

    /// `steps` random actions, checked every [`CHECK_EVERY`] and at the end.
    fn run(&mut self, steps: usize) {
        self.check();
        for step in 1..=steps {
            self.step = step;
            let a = self.next_action();
            self.act(a);
            if step % CHECK_EVERY == 0 {
                self.check();
            }
        }
        self.check();
    }

    /// Does `actions` one by one, checking the autosave after each (a regression test).
    fn replay(&mut self, actions: &[Action]) {
        self.check();
        for (i, a) in actions.iter().enumerate() {
            self.step = i + 1;
            self.act(a.clone());
            self.check();
        }
    }

    /// Closes the window and removes the test's folder.
    fn finish(self) {
        let dir = self.dir.to_path_buf();
        drop(self.h);
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The roles of widgets a person clicks.
const CLICKABLE: [Role; 13] = [
    Role::Button,
    Role::MenuItem,
    Role::MenuItemCheckBox,
    Role::MenuItemRadio,
    Role::CheckBox,
    Role::RadioButton,
    Role::ComboBox,
    Role::ListBoxOption,
    Role::TextInput,
    Role::Slider,
    Role::ListItem,
    Role::Link,
    Role::Tab,
];

/// The Browse button (the system's file dialog) and the Quit menu item, in either language.
fn forbidden(label: &str) -> bool {
    Language::ALL.iter().any(|&l| {
        label == T::Browse.get(l)
            || label == T::Quit.get(l)
            || label.starts_with(&format!("{} Ctrl+Q", T::Quit.get(l)))
    })
}

/// A click at `pos`: the pointer moves there, presses and releases.
fn click_events(pos: egui::Pos2) -> Vec<egui::Event> {
    let button = |pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    vec![egui::Event::PointerMoved(pos), button(true), button(false)]
}

/// Square `n` of the board, as the screen reader finds it ("22, c3, white man").
fn square<'h>(h: &'h Harness<'_, DamaApp>, n: u8) -> Option<egui_kittest::Node<'h>> {
    let prefix = format!("{n}, ");
    h.query_by(move |node| {
        node.role() == Role::Cell && node.label().is_some_and(|l| l.starts_with(&prefix))
    })
}

/// A file of two short games of `variant`, to open (a choice of games).
fn write_two_games(variant: Variant, path: &Path) {
    let games: Vec<_> = (1..=2)
        .map(|plies| {
            let mut game = Game::new(variant.rules().clone()).unwrap();
            for _ in 0..plies {
                let m = game.legal_moves()[0];
                game.play(m).unwrap();
            }
            pdn::to_pdn(&game, &[], ["Monkey", "Test"])
        })
        .collect();
    let mut bytes = Vec::new();
    pdn::write_games(&games, &mut bytes).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// The autosave of `app`, read back as the app reads it at start ([`Autosave::find`], on a copy:
/// it removes a file with nothing to resume), against the window's game: the same rules, start,
/// moves, positions and result. The board shows the current position or, looking back through
/// the moves, an earlier one: that is the replayed game's position after as many plies.
fn check_autosave(app: &DamaApp, dir: &Path) -> Result<(), String> {
    let path = app.autosave_path().ok_or("no autosave")?;
    let copy = dir.join("check");
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(&copy).unwrap();
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::write(copy.join(dama::store::autosave::AUTOSAVE_FILE), &text).unwrap();
    let text = String::from_utf8_lossy(&text);
    let game = app.game();
    let ply = app.shown_ply();
    let variation = app.shown_variation().map(|(b, p)| (b.to_vec(), p));
    // Behind the position editor, the game is where it was looked at.
    let in_variation = |vars: &GameTree, game: &Game| {
        let (branches, ply) = variation.as_ref()?;
        variation_position(vars, game, branches, *ply)
    };
    let shown = match (app.editor(), ply) {
        (None, _) => *app.shown_position(),
        (Some(_), _) if variation.is_some() => {
            in_variation(app.document().tree(), game).expect("the variation shown")
        }
        (Some(_), Some(p)) => *game.position_at(p).unwrap_or(game.position()),
        (Some(_), None) => *game.position(),
    };
    let context = || {
        format!(
            "window: {} plies {:?}, result {:?}, position {}; shows ply {ply:?}: {}\nautosave:\n{text}",
            game.moves().len(),
            game.moves(),
            game.outcome(),
            game.position().fen(),
            shown.fen(),
        )
    };
    let (replayed, variations) = match Autosave::new(&copy).find() {
        Found::Interrupted(session) => (session.game, session.tree),
        Found::Nothing => {
            // Nothing to resume: the window's game must be a new one, not yet played.
            let session = Session {
                game: game.clone(),
                names: Default::default(),
                tags: Vec::new(),
                file: None,
                place: None,
                dirty: false,
                computer: [None, None],
                tree: GameTree::default(),
                lead: Vec::new(),
            };
            if session.worth_resuming() || ply.is_some() {
                return Err(format!(
                    "the autosave has nothing to resume, the window a game\n{}",
                    context()
                ));
            }
            return Ok(());
        }
        Found::Damaged { error, .. } => {
            return Err(format!(
                "the autosave cannot be read: {error}\n{}",
                context()
            ));
        }
    };
    let mut differences = differences(&replayed, game);
    let replayed_shown = match ply {
        _ if variation.is_some() => in_variation(&variations, &replayed),
        Some(p) => replayed.position_at(p).copied(),
        None => Some(*replayed.position()),
    };
    if replayed_shown != Some(shown) {
        differences.push(format!(
            "position shown (ply {ply:?}) {:?} / {}",
            replayed_shown.map(|p| p.fen()),
            shown.fen()
        ));
    }
    if differences.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the autosave replays to another game (autosave / window):\n  {}\n{}",
            differences.join("\n  "),
            context()
        ))
    }
}

/// The position after `ply` moves of the variation `branches` leads to in `game`, its
/// record's tree `tree`.
fn variation_position(
    tree: &GameTree,
    game: &Game,
    branches: &[Branch],
    ply: usize,
) -> Option<Position> {
    let from = branches.first()?.at;
    if from >= game.moves().len() {
        return None;
    }
    let moves = tree.line(&tree.path(branches, ply)?)?;
    let mut pos = *game.position_at(from)?;
    for m in moves.get(from..)? {
        pos.play_unchecked(m);
    }
    Some(pos)
}

/// What must be the same in a game read back and the window's: rules, enforcement, start,
/// moves, every position, the result and a claim pending; "" when all is.
fn differences(back: &Game, game: &Game) -> Vec<String> {
    let mut differences = Vec::new();
    let mut differ = |what: &str, a: String, b: String| {
        if a != b {
            differences.push(format!("{what} {a} / {b}"));
        }
    };
    differ(
        "rules",
        format!("{:?}", back.rules()),
        format!("{:?}", game.rules()),
    );
    differ(
        "enforcement",
        format!("{:?}", back.enforcement()),
        format!("{:?}", game.enforcement()),
    );
    differ("start", back.start().fen(), game.start().fen());
    differ(
        "moves",
        format!("{:?}", back.moves()),
        format!("{:?}", game.moves()),
    );
    let fens = |g: &Game| {
        (0..=g.moves().len())
            .map(|p| g.position_at(p).map(|p| p.fen()))
            .collect::<Vec<_>>()
    };
    differ(
        "positions",
        format!("{:?}", fens(back)),
        format!("{:?}", fens(game)),
    );
    differ("position", back.position().fen(), game.position().fen());
    differ(
        "result",
        format!("{:?}", back.outcome()),
        format!("{:?}", game.outcome()),
    );
    differ(
        "claim",
        format!("{:?} {:?}", back.pending_huff(), back.pending_take_back()),
        format!("{:?} {:?}", game.pending_huff(), game.pending_take_back()),
    );
    differences
}

/// A game the window has saved and not changed since (its file, not dirty) opens from the file
/// as the app opens it (`game_file::read_file_games`, then `pdn::replay`) to the same game: one
/// of the file's games, since a file of several opens on the one chosen. Only for the preset
/// rule sets: options chosen in the new-game dialog have no PDN tag (the autosave keeps them in
/// a tag of its own). A result that does not follow from the moves (a resignation, a draw agreed
/// or claimed) is only in the Result tag, and a file opens with the result after its moves (as
/// the README says of a Result tag that disagrees): such a game opens as not over.
fn check_file(app: &DamaApp) -> Result<(), String> {
    let (Some(path), false) = (app.file(), app.is_dirty()) else {
        return Ok(());
    };
    let game = app.game();
    if !Variant::ALL.iter().any(|v| v.rules() == game.rules()) {
        return Ok(());
    }
    let games = dama::store::game_file::read_file_games(path)
        .map_err(|e| format!("the saved game's file does not open: {e}"))?;
    let mut found = Vec::new();
    for (number, mut pdn) in games.good {
        let replayed = pdn::replay(&mut pdn, number, None, None)
            .map_err(|e| format!("game {number} of {} does not replay: {e}", path.display()))?;
        let decided = matches!(
            game.outcome(),
            Some(
                Outcome::Win {
                    reason: WinReason::Resignation,
                    ..
                } | Outcome::Draw(_)
            )
        ) && replayed.game.outcome().is_none();
        let mut differences = differences(&replayed.game, game);
        differences.retain(|d| !(decided && d.starts_with("result ")));
        if differences.is_empty() {
            return Ok(());
        }
        found.push(format!("game {number}:\n  {}", differences.join("\n  ")));
    }
    Err(format!(
        "the window's game, saved in {} and not changed since, is not in the file \
         (file / window):\n{}\nfile:\n{}",
        path.display(),
        found.join("\n"),
        std::fs::read_to_string(path).unwrap_or_default()
    ))
}

/// The seed of a rule set's run: fixed, or `DAMA_MONKEY_SEED`.
fn seed(variant: Variant) -> u64 {
    match std::env::var("DAMA_MONKEY_SEED") {
        Ok(s) => s
            .strip_prefix("0x")
            .map_or_else(|| s.parse(), |hex| u64::from_str_radix(hex, 16))
            .expect("DAMA_MONKEY_SEED: a number"),
        Err(_) => 0xDA3A_0000 + variant as u64,
    }
}

fn steps() -> usize {
    std::env::var("DAMA_MONKEY_STEPS").map_or(STEPS, |s| s.parse().expect("DAMA_MONKEY_STEPS"))
}

fn monkey(variant: Variant) {
    let start = Instant::now();
    let mut m = Monkey::new(variant, seed(variant), "random");
    let steps = steps();
    m.run(steps);
    eprintln!(
        "monkey {}: {steps} actions, {} checks, {} plies at the end, {} at most, {} games ended, computer thinking after {} actions, dialogs {:?}, seen {:?}, {:.1} s",
        variant.id(),
        m.checks,
        m.app().game().moves().len(),
        m.most_plies,
        m.ended,
        m.thinking,
        m.dialogs,
        m.seen,
        start.elapsed().as_secs_f64()
    );
    m.finish();
}

#[test]
fn monkey_czech() {
    monkey(Variant::Czech);
}

#[test]
fn monkey_czech_book() {
    monkey(Variant::CzechBook);
}

#[test]
fn monkey_english() {
    monkey(Variant::English);
}

#[test]
fn monkey_two_towers() {
    monkey(Variant::TwoTowers);
}

#[test]
fn monkey_international() {
    monkey(Variant::International);
}

#[test]
fn every_rule_set_has_a_monkey() {
    // The tests above, one per rule set: a new rule set needs one too.
    assert_eq!(Variant::ALL.len(), 5);
}

/// Found by the monkey (Czech draughts, seed 201, step 900): under table rules a flying king
/// may ignore a capture and move to the square where the capture would end (d8-a5 beside
/// d8:f6:c3:a5). The writer writes the plain move `d8-a5`, as it should; the reader took only
/// the start and end squares, found both moves, and refused the autosave as ambiguous ("d8-a5
/// is ambiguous: it could be 2-13 or 2x11x22x13") — on the next start the interrupted game
/// was put aside as damaged, and the game saved to a file did not open.
#[test]
fn regression_king_move_where_a_capture_ends() {
    let mut m = Monkey::new(Variant::Czech, 0, "regression-king");
    let file = m.files.join("king.pdn");
    std::fs::write(
        &file,
        "[GameType \"29\"]\n[Enforcement \"table\"]\n[FEN \"W:WK2:B7,15,17\"]\n*\n",
    )
    .unwrap();
    m.h.state_mut().open_path(&file);
    m.settle();
    assert_eq!(m.app().game().enforcement(), Enforcement::TableRules);
    // The king's plain move, clicked: d8, then a5.
    m.replay(&[Action::Square(2), Action::Square(13)]);
    assert_eq!(
        m.app().game().moves().len(),
        1,
        "{}",
        m.app().announcement()
    );
    assert!(!m.app().game().moves()[0].is_capture());
    // Saved and opened again: the same game.
    m.replay(&[ctrl(Key::S)]);
    assert_eq!(m.app().file(), Some(file.as_path()));
    assert!(!m.app().is_dirty(), "{}", m.app().announcement());
    m.finish();
}

/// Under table rules a capture may stop short. Here Black's king d6 takes e5 and stops on f4
/// (10x19), beside the legal d6:b2:c1:f4 (10x21x30x19): the autosave said `d6:f4`, which read
/// back as "ambiguous: it could be 10x21x30x19 or 10x19", so the game could be neither resumed
/// nor opened (found by the monkey). A violation is now told apart from every move table rules
/// allow, and a written path that is exactly one capture's whole path means that capture.
#[test]
fn regression_short_capture_where_a_longer_one_ends() {
    let mut m = Monkey::new(Variant::Czech, 0, "regression-short");
    let file = m.files.join("short.pdn");
    std::fs::write(
        &file,
        "[GameType \"29\"]\n[Enforcement \"table\"]\n\
         [FEN \"B:WK14,K15,16,20,23,25:B5,K10,12,13\"]\n*\n",
    )
    .unwrap();
    m.h.state_mut().open_path(&file);
    m.settle();
    assert_eq!(m.app().game().enforcement(), Enforcement::TableRules);
    // The king's capture of e5 alone, clicked: d6, then f4 (the capture could go on from
    // there: f4 again ends it).
    m.replay(&[Action::Square(10), Action::Square(19), Action::Square(19)]);
    m.finish();
}
