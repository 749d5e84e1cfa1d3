//! The announcer: what is said, and how it reaches the person — Dáma's own voice, the screen
//! reader (the focused widget's description, or the live region), the status bar, and the sound
//! cues. A part of the window with its own state; the window hands it words
//! ([`DamaApp::say`](super::DamaApp)) and, once a frame, the context to hand them over in.
//! The words themselves are made in [`crate::speech::phrases`], never here.

use std::time::{Duration, Instant};

use eframe::egui::{self, Context};

use super::DamaApp;
use crate::game::event::{Event, Problem};
use crate::speech::{Speaker, SpeechStatus, Voice, phrases};
use crate::ui::settings::{Settings, SpeechMode};

/// How words reach the screen reader. Where it is reached through AT-SPI (Linux and the other
/// free desktops), as the description of the focused widget: Orca 43 (Debian 12's) presents a
/// change of the focused object's description and ignores live regions, and Orca 46 and newer
/// present both, so the description alone is heard once by each. Elsewhere (Windows' UI
/// Automation, macOS), through the live region, which NVDA, JAWS, Narrator and VoiceOver read
/// and a description change they do not.
pub const READER_BY_DESCRIPTION: bool = cfg!(all(unix, not(target_os = "macos")));

/// How long words handed to the screen reader stay the focused widget's description.
pub const READER_HOLD: Duration = Duration::from_secs(2);

/// How long after words are handed over as the focused widget's description a change of that
/// widget's name waits (a square whose piece the reply took). Orca 48 presents a change of the
/// focused widget's name by taking the widget as focused again, and saves its description as
/// it finds it then: words already set there came after as "the same description" and were
/// dropped (the computer's reply went unheard). Name changes sent after the words reach Orca
/// after them, in order.
pub const NAME_AFTER_WORDS: Duration = Duration::from_millis(250);

/// The least time between two sets of words handed to the same widget as its description.
/// Orca drops a description change still queued when a newer one of the same widget comes
/// ("obsoleted by"): the person's move went unheard where the computer's reply came within a
/// frame or two of it.
pub const WORDS_APART: Duration = Duration::from_millis(300);

/// The last announcement: shown in the status bar, and spoken with Dáma's own voice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What was said.
    pub text: String,
    /// Whether it reports a problem (shown in the error colour).
    pub error: bool,
}

/// How many announcements the history keeps (the oldest go first).
pub const HISTORY: usize = 50;

/// What is said and how it reaches the person (see the module's documentation).
pub(super) struct Announcer {
    /// The last announcement.
    said: Option<Notice>,
    /// The last [`HISTORY`] announcements, oldest first (a repeat is not one of them).
    history: std::collections::VecDeque<Notice>,
    /// Dáma's own voice, once it has started.
    speaker: Option<Box<dyn Speaker>>,
    /// That the own voice cannot speak has been said (once a run).
    speech_problem_shown: bool,
    /// Whether to start the system's speech engine when speech is wanted and there is no
    /// speaker (off in tests, which give a recording speaker).
    pub(super) start_speech_engine: bool,
    /// Notices from before there was a voice (a damaged file at start), said when it comes.
    unspoken: Vec<String>,
    /// What the screen reader is to present at the end of this frame.
    for_reader: Option<String>,
    /// The words last handed to the screen reader through the live region (where that is the
    /// channel), as [`again`] made them.
    live_text: Option<String>,
    /// What had the focus as the screen reader was last handed words, and since when.
    reader_focus: (Option<egui::Id>, Instant),
    /// The move field's text as last seen, and since when: words wait a third of
    /// `reader_settle` for it to rest.
    reader_field: (String, Instant),
    /// The words handed over as a description: the widget, the words, since when.
    described: Option<(egui::Id, String, Instant)>,
    /// The name the screen reader was last given for the widget words go to: a change of it
    /// waits while words wait and [`NAME_AFTER_WORDS`] after they went.
    named: Option<(egui::Id, String)>,
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
    pub(super) reader_settle: Duration,
    /// Whether words reach the screen reader as the focused widget's description rather than
    /// through the live region: [`READER_BY_DESCRIPTION`] (tests try the other channel too).
    pub(super) reader_by_description: bool,
}

/// Whether the person hears Dáma's own voice.
fn own_voice(settings: &Settings) -> bool {
    settings.speech && settings.speech_mode != SpeechMode::ScreenReader
}

impl Announcer {
    /// Nothing said yet, no voice yet, the sound card as the cues' player.
    pub(super) fn new() -> Announcer {
        Announcer {
            said: None,
            history: std::collections::VecDeque::new(),
            speaker: None,
            speech_problem_shown: false,
            start_speech_engine: false,
            unspoken: Vec::new(),
            for_reader: None,
            live_text: None,
            reader_focus: (None, Instant::now()),
            reader_field: (String::new(), Instant::now()),
            described: None,
            named: None,
            sounds: Box::new(crate::sound::Sounds::new()),
            sound_problem_shown: false,
            last_preview: None,
            reader_settle: Duration::from_millis(600),
            reader_by_description: READER_BY_DESCRIPTION,
        }
    }

    /// The last announcement.
    pub(super) fn notice(&self) -> Option<&Notice> {
        self.said.as_ref()
    }

    /// Gives the own voice: what was said before it came is said now (where the person hears
    /// the own voice; the screen reader had it already).
    pub(super) fn set_speaker(&mut self, settings: &Settings, mut speaker: Box<dyn Speaker>) {
        for text in std::mem::take(&mut self.unspoken) {
            if own_voice(settings) {
                speaker.say(&text, false);
            }
        }
        self.speaker = Some(speaker);
    }

    /// The voices the own voice can speak with (none before it has come).
    pub(super) fn voices(&self) -> Vec<String> {
        self.speaker
            .as_ref()
            .map(|s| s.voices())
            .unwrap_or_default()
    }

    /// Whether the own voice has come.
    pub(super) fn has_voice(&self) -> bool {
        self.speaker.is_some()
    }

    /// The voice's language, speed and volume changed.
    pub(super) fn configure(&mut self, voice: Voice) {
        if let Some(s) = self.speaker.as_mut() {
            s.configure(voice);
        }
    }

    /// Plays the cues with `player` instead of the sound card.
    pub(super) fn set_sound_player(&mut self, player: Box<dyn crate::sound::Player>) {
        self.sounds = player;
    }

    /// Once a frame: starts the system's speech engine where the own voice is wanted, and
    /// answers, once a run, why it cannot speak.
    pub(super) fn check_voice(&mut self, settings: &Settings, voice: Voice) -> Option<Problem> {
        if !own_voice(settings) {
            return None;
        }
        if self.speaker.is_none() && self.start_speech_engine {
            let speaker = crate::speech::TtsSpeaker::start(voice);
            self.set_speaker(settings, Box::new(speaker));
        }
        if self.speech_problem_shown {
            return None;
        }
        let problem = match self.speaker.as_ref().map(|s| s.status()) {
            Some(SpeechStatus::Unavailable(why)) => Problem::SpeechUnavailable(why),
            Some(SpeechStatus::Lost(why)) => Problem::SpeechLost(why),
            _ => return None,
        };
        log::warn!("speech is not available: {problem:?}");
        self.speech_problem_shown = true;
        Some(problem)
    }

    /// Speaks `text` as the speech mode says: with Dáma's own voice, or through the screen
    /// reader, or both without saying the same thing twice. `focus_says_it`: the screen reader
    /// says it anyway, as it reads the widget that takes the focus (a square the cursor moved
    /// to). `shown`: the window has shown a frame (before it, what the own voice is to say
    /// waits for the voice).
    pub(super) fn speak(
        &mut self,
        settings: &Settings,
        text: &str,
        interrupt: bool,
        focus_says_it: bool,
        shown: bool,
    ) {
        if !settings.speech {
            return;
        }
        let (own, reader) = match settings.speech_mode {
            SpeechMode::OwnVoice => (true, false),
            SpeechMode::ScreenReader => (false, !focus_says_it),
            SpeechMode::Both => (!focus_says_it, false),
        };
        if own {
            match self.speaker.as_mut() {
                Some(s) => s.say(text, interrupt),
                // The voice starts with the first frame: what is said before it (the file named
                // on the command line, opened before the window) is said when it comes.
                None if !shown => self.unspoken.push(text.to_string()),
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

    /// Makes `notice` the last announcement, shown in the status bar, and keeps it in the
    /// history where it is `news` (not a square the cursor came to, which the focus says).
    pub(super) fn show(&mut self, notice: Notice, news: bool) {
        if news {
            self.remember(notice.clone());
        }
        self.said = Some(notice);
    }

    /// Keeps `notice` in the history, the oldest dropped past [`HISTORY`].
    fn remember(&mut self, notice: Notice) {
        if self.history.len() == HISTORY {
            self.history.pop_front();
        }
        self.history.push_back(notice);
    }

    /// What was said, newest first (at most [`HISTORY`] announcements).
    pub(super) fn history(&self) -> impl Iterator<Item = &Notice> {
        self.history.iter().rev()
    }

    /// A problem found at start, added after the one in the status bar (the settings and the
    /// autosave may both be damaged) and spoken: now, or when the own voice comes.
    pub(super) fn add_notice(&mut self, settings: &Settings, text: String, shown: bool) {
        // The screen reader gets it as the focus first settles; the own voice, when it comes.
        self.speak(settings, &text, false, false, shown);
        // (Before the first frame `speak` has kept it for the voice already.)
        if self.speaker.is_none() && shown {
            self.unspoken.push(text.clone());
        }
        self.remember(Notice {
            text: text.clone(),
            error: true,
        });
        let text = match self.said.take() {
            Some(n) if n.error => format!("{} {text}", n.text),
            _ => text,
        };
        self.said = Some(Notice { text, error: true });
    }

    /// Plays `cues` where the person wants sounds. `false` the first time they cannot be
    /// played (to be said once a run).
    pub(super) fn play_cues(&mut self, settings: &Settings, cues: &[crate::sound::Cue]) -> bool {
        if !settings.sounds || cues.is_empty() {
            return true;
        }
        if !self.sounds.play_all(cues, settings.sound_volume) && !self.sound_problem_shown {
            self.sound_problem_shown = true;
            return false;
        }
        true
    }

    /// Whether a preview of the volume is due: not more often than every 150 ms while a slider
    /// is dragged.
    pub(super) fn preview_due(&mut self) -> bool {
        if self
            .last_preview
            .is_some_and(|t| t.elapsed() < Duration::from_millis(150))
        {
            return false;
        }
        self.last_preview = Some(Instant::now());
        true
    }

    /// The status bar's text for the screen reader where the live region is its channel
    /// (`None` where words go as descriptions).
    pub(super) fn live_text(&self) -> Option<String> {
        (!self.reader_by_description).then(|| self.live_text.clone().unwrap_or_default())
    }

    /// Hands what was said this frame to the screen reader, by the one channel the platform's
    /// screen readers each present once (`reader_by_description`): as the description of the
    /// widget that has the focus (the window when none has), or as the text of the live
    /// region. `move_text`: the move field's text now.
    pub(super) fn hand_to_reader(&mut self, ctx: &Context, move_text: &str) {
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
        if move_text != self.reader_field.0 {
            self.reader_field = (move_text.to_string(), Instant::now());
        }
        // Where the focus has just moved (a dialog closed, the board as text hidden), the
        // screen reader reads the newly focused widget first: the words wait until it has.
        let wait = self
            .reader_settle
            .saturating_sub(self.reader_focus.1.elapsed())
            .max((self.reader_settle / 3).saturating_sub(self.reader_field.1.elapsed()));
        let new = focused.is_some_and(|id| !ctx.memory(|m| m.had_focus_last_frame(id)));
        // Words handed to the same widget a moment ago: these wait until the screen reader has
        // taken those.
        let target = reader_target(ctx);
        let wait = match &self.described {
            Some((t, _, since)) if self.reader_by_description && *t == target => {
                wait.max(WORDS_APART.saturating_sub(since.elapsed()))
            }
            _ => wait,
        };
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
    /// `own_words`: widgets whose description is words of their own (the lines of the board as
    /// text), kept while the focus stays (the screen reader would say their words again).
    /// `keep_name`: the focused widget keeps the name the screen reader had while the focus
    /// stays on it (a square, where the player chose not to hear it again after each move).
    pub(super) fn hold_description(
        &mut self,
        ctx: &Context,
        own_words: &[egui::Id],
        keep_name: bool,
    ) {
        self.hold_name(ctx, keep_name);
        let Some((target, text, since)) = &self.described else {
            return;
        };
        let own = own_words.contains(target);
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
}

impl Announcer {
    /// Keeps the name of the widget words go to as the screen reader last had it while words
    /// wait for it and for [`NAME_AFTER_WORDS`] after they went, so that the change of name
    /// (a move on the focused square) reaches the screen reader after the words that tell it;
    /// with `keep_name`, for as long as the focus stays on it.
    fn hold_name(&mut self, ctx: &Context, keep_name: bool) {
        if !self.reader_by_description || ctx.will_discard() {
            return;
        }
        let target = reader_target(ctx);
        let Some(name) = ctx
            .accesskit_node_builder(target, |node| node.label().map(str::to_owned))
            .flatten()
        else {
            self.named = None;
            return;
        };
        let since_words = self
            .described
            .as_ref()
            .filter(|(t, ..)| *t == target)
            .map(|(.., since)| since.elapsed());
        let waits = keep_name
            || self.for_reader.is_some()
            || since_words.is_some_and(|e| e < NAME_AFTER_WORDS);
        match &self.named {
            Some((id, old)) if *id == target && *old != name && waits => {
                let old = old.clone();
                ctx.accesskit_node_builder(target, |node| node.set_label(old));
                let left =
                    since_words.map_or(NAME_AFTER_WORDS, |e| NAME_AFTER_WORDS.saturating_sub(e));
                ctx.request_repaint_after(left);
            }
            _ => self.named = Some((target, name)),
        }
    }
}

/// The window's side of the announcer: events and problems become words here (through
/// [`phrases`]) and go to the announcer.
impl DamaApp {
    pub(super) fn voice(&self) -> crate::speech::Voice {
        crate::speech::Voice {
            language: self.lang(),
            ..self.settings.voice.clone()
        }
    }

    /// Speaks `text` (see [`announcer::Announcer::speak`]).
    pub(super) fn speak(&mut self, text: &str, interrupt: bool, focus_says_it: bool) {
        let shown = self.input.start.shown();
        self.announcer
            .speak(&self.settings, text, interrupt, focus_says_it, shown);
    }

    /// Says `text`: spoken (see [`DamaApp::speak`]), shown in the status bar and in the live
    /// region.
    pub(super) fn say(&mut self, text: String, error: bool, interrupt: bool, focus_says_it: bool) {
        self.speak(&text, interrupt, focus_says_it);
        // The squares the cursor comes to are not kept in the history: walking back through
        // it would be walking back over the board.
        self.announcer.show(Notice { text, error }, !focus_says_it);
    }

    /// Says the last announcement again, by the way it was said (the own voice, the screen
    /// reader), cutting short what is being said; it stays in the status bar and is not added
    /// to the history a second time (walking back through it would meet it twice).
    pub(super) fn repeat_announcement(&mut self) {
        match self.announcer.notice().map(|n| n.text.clone()) {
            Some(text) => self.speak(&text, true, false),
            None => self.tell(&[Event::Info(crate::game::event::Info::NothingSaid)], true),
        }
    }

    /// [`DamaApp::say`] of what the focus does not say anyway.
    pub(super) fn announce(&mut self, text: String, error: bool, interrupt: bool) {
        self.say(text, error, interrupt, false);
    }

    /// The words for `events`, said; `interrupt` cuts short what is being said (not for the
    /// computer's reply, which follows the person's move).
    pub(super) fn tell(&mut self, events: &[Event], interrupt: bool) {
        let text = phrases::events(&self.words(), events);
        if text.is_empty() {
            return;
        }
        let focus_says_it = events.iter().all(|e| matches!(e, Event::Cursor(_)));
        self.say(text, false, interrupt, focus_says_it);
        self.sound(&crate::sound::cues(events));
    }

    /// Why something did not happen, said; a refused move or action also sounds.
    pub(super) fn complain(&mut self, problem: &Problem) {
        let text = phrases::problem(self.lang(), self.settings.notation, problem);
        self.announce(text, true, true);
        if problem.is_refusal() {
            self.sound(&[crate::sound::Cue::Refused]);
        }
    }

    /// Plays `cues` where the user wants sounds; says once a run that they cannot be played.
    pub(super) fn sound(&mut self, cues: &[crate::sound::Cue]) {
        if !self.announcer.play_cues(&self.settings, cues) {
            self.complain(&Problem::SoundUnavailable);
        }
    }

    /// A cue at the volume chosen, as the volume changes (not more often than every 150 ms
    /// while a slider is dragged).
    pub(super) fn preview_sound(&mut self) {
        if self.announcer.preview_due() {
            self.sound(&[crate::sound::Cue::Selected]);
        }
    }

    /// What the words depend on now.
    pub(super) fn words(&self) -> phrases::Context<'_> {
        phrases::Context {
            lang: self.lang(),
            rules: match self.editor.editor() {
                Some(editor) => editor.variant.rules(),
                None => self.doc.game().rules(),
            },
            verbosity: self.settings.verbosity,
            notation: self.settings.notation,
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
