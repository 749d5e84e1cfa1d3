//! Saying text aloud off the window's thread.
//!
//! speech-dispatcher can hang (no audio device, a stuck daemon): the `Tts` lives on a thread of
//! its own, the window only sends it messages and never waits, and a speaker that has not
//! started after a few seconds counts as unavailable.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::language::Language;

/// How the voice sounds.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Voice {
    /// 0 slowest, 0.5 the engine's normal rate, 1 fastest.
    pub rate: f32,
    /// 0 quietest, 1 loudest.
    pub volume: f32,
    /// Picks a voice of this language where the engine has one.
    pub language: Language,
    /// A voice chosen by name; `None` takes the first voice of the language.
    pub name: Option<String>,
}

impl Default for Voice {
    fn default() -> Voice {
        Voice {
            rate: 0.5,
            volume: 1.0,
            language: Language::Czech,
            name: None,
        }
    }
}

/// Whether a speaker can speak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpeechStatus {
    /// The engine is being started.
    Starting,
    /// Speaking works.
    Ready,
    /// No speech: why. Connecting is tried again, now and then, as text comes.
    Unavailable(String),
    /// Speech worked, then the engine was lost (speech-dispatcher restarted or stopped) and
    /// could not be reached again: why. Connecting is tried again, now and then, as text
    /// comes; the status goes back to `Ready` when it succeeds.
    Lost(String),
}

/// Something that says text. Implementations never block the caller.
pub trait Speaker {
    /// Says `text`; with `interrupt`, what is being said stops first.
    fn say(&mut self, text: &str, interrupt: bool);
    /// Changes rate, volume and language.
    fn configure(&mut self, voice: Voice);
    /// Whether speech works.
    fn status(&self) -> SpeechStatus;
    /// Names of the voices the engine offers (empty until it has started, or when it has none).
    fn voices(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A speaker that writes down what it is asked to say, for tests.
#[derive(Clone, Debug, Default)]
pub struct Recording {
    spoken: Arc<Mutex<Vec<String>>>,
}

impl Recording {
    /// A new, empty recording.
    pub fn new() -> Recording {
        Recording::default()
    }

    /// Everything said so far, in order.
    pub fn spoken(&self) -> Vec<String> {
        self.spoken.lock().expect("recording lock").clone()
    }

    /// Forgets what was said.
    pub fn clear(&self) {
        self.spoken.lock().expect("recording lock").clear();
    }
}

impl Speaker for Recording {
    fn say(&mut self, text: &str, _interrupt: bool) {
        self.spoken
            .lock()
            .expect("recording lock")
            .push(text.to_string());
    }
    fn configure(&mut self, _voice: Voice) {}
    fn status(&self) -> SpeechStatus {
        SpeechStatus::Ready
    }
}

enum Message {
    Say(String, bool),
    Configure(Voice),
}

/// What the speech thread talks to: the system's speech (`tts::Tts`), or a stand-in in tests.
/// Made on a thread of its own and then used on the speech thread, hence `Send`.
pub trait Engine: Send {
    /// Queues `text`; an error says the engine is gone (speech-dispatcher restarted: "Value
    /// not received").
    ///
    /// # Errors
    /// The engine did not take the text; its message.
    fn speak(&mut self, text: &str) -> Result<(), String>;
    /// Stops what is being said, where the engine can.
    fn stop(&mut self);
    /// Sets rate, volume and voice.
    fn configure(&mut self, voice: &Voice);
    /// The names of the voices offered.
    fn voices(&mut self) -> Vec<String>;
}

/// Makes a new engine, connected: called at start and again after the engine is lost.
pub type Connect = Arc<dyn Fn() -> Result<Box<dyn Engine>, String> + Send + Sync>;

/// Speech through the `tts` crate (speech-dispatcher on Linux), on its own thread.
pub struct TtsSpeaker {
    tx: Sender<Message>,
    status: Arc<Mutex<SpeechStatus>>,
    voices: Arc<Mutex<Vec<String>>>,
    started: Instant,
}

/// How long the engine may take to start before it counts as unavailable.
const START_TIMEOUT: Duration = Duration::from_secs(4);

/// The first wait before connecting again after a connection failed; it doubles at each
/// failure up to a minute, so that a missing daemon is not asked at every move.
pub const FIRST_RETRY: Duration = Duration::from_secs(1);
/// The longest wait between two connections tried.
const MOST_RETRY: Duration = Duration::from_secs(60);

impl TtsSpeaker {
    /// Starts the engine on a new thread and returns at once.
    pub fn start(voice: Voice) -> TtsSpeaker {
        TtsSpeaker::with_engine(voice, Arc::new(connect_tts), FIRST_RETRY)
    }

    /// Starts a speaker whose engines `connect` makes, on a new thread, and returns at once.
    /// When the engine fails to speak (its server restarted), it is dropped and a new one is
    /// connected to say the text again; a connection that fails is tried again after
    /// `first_retry`, then after twice as long each time (at most a minute), at the next
    /// text. Until it comes back, [`Speaker::status`] says [`SpeechStatus::Lost`].
    pub fn with_engine(voice: Voice, connect: Connect, first_retry: Duration) -> TtsSpeaker {
        let (tx, rx) = mpsc::channel();
        let status = Arc::new(Mutex::new(SpeechStatus::Starting));
        let voices = Arc::new(Mutex::new(Vec::new()));
        let mut link = Link {
            connect,
            engine: None,
            pending: None,
            next_try: Instant::now(),
            first_retry,
            retry: first_retry,
            voice,
            connected_once: false,
            failures: 0,
            status: Arc::clone(&status),
            voice_list: Arc::clone(&voices),
        };
        let shared = Arc::clone(&status);
        let spawned = std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || {
                let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    link.run(&rx);
                }));
                if let Err(e) = run {
                    let why = e
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| e.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "speech engine failed".into());
                    log::error!("the speech engine failed: {why}");
                    *shared.lock().expect("status lock") = SpeechStatus::Unavailable(why);
                }
            });
        if let Err(e) = spawned {
            log::warn!("cannot start the speech thread: {e}");
            *status.lock().expect("status lock") = SpeechStatus::Unavailable(e.to_string());
        }
        TtsSpeaker {
            tx,
            status,
            voices,
            started: Instant::now(),
        }
    }
}

fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t.clamp(0.0, 1.0)
}

/// The system's speech.
struct TtsEngine(tts::Tts);

/// Connects to the system's speech (blocks while speech-dispatcher does not answer).
fn connect_tts() -> Result<Box<dyn Engine>, String> {
    match tts::Tts::default() {
        Ok(tts) => Ok(Box::new(TtsEngine(tts))),
        Err(e) => Err(e.to_string()),
    }
}

impl Engine for TtsEngine {
    fn speak(&mut self, text: &str) -> Result<(), String> {
        self.0
            .speak(text, false)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn stop(&mut self) {
        if self.0.supported_features().stop {
            let _ = self.0.stop();
        }
    }

    fn configure(&mut self, voice: &Voice) {
        apply(&mut self.0, voice);
    }

    fn voices(&mut self) -> Vec<String> {
        // `Tts::voice()` panics on speech-dispatcher: only the list is asked for.
        if !self.0.supported_features().voice {
            return Vec::new();
        }
        let mut names: Vec<String> = self
            .0
            .voices()
            .map(|v| v.iter().map(|v| v.name()).collect())
            .unwrap_or_default();
        names.sort();
        names.dedup();
        names
    }
}

fn apply(tts: &mut tts::Tts, voice: &Voice) {
    let features = tts.supported_features();
    if features.rate {
        let rate = if voice.rate < 0.5 {
            lerp(tts.min_rate(), tts.normal_rate(), voice.rate * 2.0)
        } else {
            lerp(tts.normal_rate(), tts.max_rate(), voice.rate * 2.0 - 1.0)
        };
        let _ = tts.set_rate(rate);
    }
    if features.volume {
        let _ = tts.set_volume(lerp(tts.min_volume(), tts.max_volume(), voice.volume));
    }
    if features.voice
        && let Ok(voices) = tts.voices()
        && let Some(v) = voices
            .iter()
            .find(|v| voice.name.as_deref() == Some(v.name().as_str()))
            .or_else(|| {
                voices
                    .iter()
                    .find(|v| v.language().as_str().starts_with(voice.language.tag()))
            })
    {
        let _ = tts.set_voice(v);
    }
}

/// The speech thread's engine: connected at start, and again when it is lost.
struct Link {
    connect: Connect,
    engine: Option<Box<dyn Engine>>,
    /// A connection that had not answered within [`START_TIMEOUT`]: its answer is waited for
    /// instead of starting another (a stuck daemon would otherwise gather stuck threads).
    pending: Option<Receiver<Result<Box<dyn Engine>, String>>>,
    /// No connection is tried before this.
    next_try: Instant,
    first_retry: Duration,
    /// The wait after the next failure.
    retry: Duration,
    /// The voice chosen last, given to each new engine.
    voice: Voice,
    /// Whether an engine was ever connected: a failure after that is a loss, not a start that
    /// failed.
    connected_once: bool,
    /// Failures since speech last worked (the first is logged as a warning).
    failures: u32,
    status: Arc<Mutex<SpeechStatus>>,
    voice_list: Arc<Mutex<Vec<String>>>,
}

impl Link {
    fn run(&mut self, rx: &Receiver<Message>) {
        self.connect_now();
        while let Ok(first) = rx.recv() {
            // Whatever queued up while the engine was busy: configure with all of it, but say
            // only what is still current (the last interrupting utterance and what follows it).
            let mut batch = vec![first];
            while let Ok(m) = rx.try_recv() {
                batch.push(m);
            }
            let start = batch
                .iter()
                .rposition(|m| matches!(m, Message::Say(_, true)))
                .unwrap_or(0);
            for (i, m) in batch.into_iter().enumerate() {
                match m {
                    Message::Configure(v) => {
                        if let Some(engine) = self.engine.as_mut() {
                            engine.configure(&v);
                        }
                        self.voice = v;
                    }
                    Message::Say(text, interrupt) if i >= start => self.say(&text, interrupt),
                    Message::Say(..) => {}
                }
            }
        }
    }

    /// Says `text`; an engine that fails is replaced by a new one, which says it again.
    fn say(&mut self, text: &str, interrupt: bool) {
        for attempt in 0..2 {
            if self.engine.is_none() {
                if Instant::now() < self.next_try {
                    // Not yet connected again: this text goes unsaid.
                    return;
                }
                self.connect_now();
            }
            let Some(engine) = self.engine.as_mut() else {
                return;
            };
            if interrupt {
                engine.stop();
            }
            match engine.speak(text) {
                Ok(()) => {
                    if self.failures > 0 {
                        log::info!("speech works again");
                    }
                    self.failures = 0;
                    self.retry = self.first_retry;
                    return;
                }
                Err(e) => {
                    self.note_failure(&format!("speech failed: {e}"));
                    // Dropped off this thread: closing a connection to a daemon that died
                    // must not hold up speech.
                    if let Some(old) = self.engine.take() {
                        let _ = std::thread::Builder::new()
                            .name("speech-drop".into())
                            .spawn(move || drop(old));
                    }
                    if attempt == 0 {
                        // The server restarted: a new connection at once.
                        self.next_try = Instant::now();
                    } else {
                        // A new engine that fails at once: wait before the next.
                        self.lost(e);
                    }
                }
            }
        }
    }

    /// Connects a new engine, waiting [`START_TIMEOUT`] at most.
    fn connect_now(&mut self) {
        let rx = match self.pending.take() {
            Some(rx) => rx,
            None => {
                let (tx, rx) = mpsc::channel();
                let connect = Arc::clone(&self.connect);
                let spawned = std::thread::Builder::new()
                    .name("speech-connect".into())
                    .spawn(move || {
                        let _ = tx.send(connect());
                    });
                if let Err(e) = spawned {
                    self.lost(e.to_string());
                    return;
                }
                rx
            }
        };
        match rx.recv_timeout(START_TIMEOUT) {
            Ok(Ok(mut engine)) => {
                *self.voice_list.lock().expect("voice lock") = engine.voices();
                engine.configure(&self.voice);
                log::info!(
                    "speech engine {} ({} voices)",
                    if self.connected_once {
                        "connected again"
                    } else {
                        "started"
                    },
                    self.voice_list.lock().expect("voice lock").len()
                );
                self.connected_once = true;
                self.engine = Some(engine);
                *self.status.lock().expect("status lock") = SpeechStatus::Ready;
            }
            Ok(Err(why)) => {
                self.note_failure(&format!("no speech engine: {why}"));
                self.lost(why);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                self.pending = Some(rx);
                let why = "the speech engine did not answer".to_string();
                self.note_failure(&why);
                self.lost(why);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let why = "the speech engine failed to start".to_string();
                self.note_failure(&why);
                self.lost(why);
            }
        }
    }

    /// Logs a failure: once as a warning, then quietly (a broken engine would repeat it at
    /// every move).
    fn note_failure(&mut self, what: &str) {
        if self.failures == 0 {
            log::warn!("{what}");
        } else {
            log::debug!("{what}");
        }
        self.failures += 1;
    }

    /// No engine for now: the status says why, and the next connection waits.
    fn lost(&mut self, why: String) {
        *self.status.lock().expect("status lock") = if self.connected_once {
            SpeechStatus::Lost(why)
        } else {
            SpeechStatus::Unavailable(why)
        };
        self.next_try = Instant::now() + self.retry;
        self.retry = (self.retry * 2).min(MOST_RETRY);
    }
}

impl Speaker for TtsSpeaker {
    fn say(&mut self, text: &str, interrupt: bool) {
        let _ = self.tx.send(Message::Say(text.to_string(), interrupt));
    }

    fn configure(&mut self, voice: Voice) {
        let _ = self.tx.send(Message::Configure(voice));
    }

    fn status(&self) -> SpeechStatus {
        let status = self.status.lock().expect("status lock").clone();
        if status == SpeechStatus::Starting && self.started.elapsed() > START_TIMEOUT {
            return SpeechStatus::Unavailable("the speech engine did not start".into());
        }
        status
    }

    fn voices(&self) -> Vec<String> {
        self.voices.lock().expect("voice lock").clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for speech-dispatcher: it can be restarted (the connections made before
    /// fail, as "Value not received") and stopped.
    #[derive(Clone, Default)]
    struct Daemon(Arc<Mutex<State>>);

    #[derive(Default)]
    struct State {
        down: bool,
        generation: u32,
        connects: u32,
        /// When each connection was tried.
        tried: Vec<Instant>,
        heard: Vec<String>,
    }

    struct Client {
        daemon: Daemon,
        generation: u32,
    }

    impl Engine for Client {
        fn speak(&mut self, text: &str) -> Result<(), String> {
            let mut d = self.daemon.0.lock().unwrap();
            if d.down || d.generation != self.generation {
                return Err("Value not received".into());
            }
            d.heard.push(format!("{}: {text}", self.generation));
            Ok(())
        }
        fn stop(&mut self) {}
        fn configure(&mut self, _voice: &Voice) {}
        fn voices(&mut self) -> Vec<String> {
            vec!["espeak".into()]
        }
    }

    impl Daemon {
        fn speaker(&self, first_retry: Duration) -> TtsSpeaker {
            let daemon = self.clone();
            let connect: Connect = Arc::new(move || {
                let mut d = daemon.0.lock().unwrap();
                d.connects += 1;
                d.tried.push(Instant::now());
                if d.down {
                    return Err("cannot connect to speech-dispatcher".into());
                }
                Ok(Box::new(Client {
                    daemon: daemon.clone(),
                    generation: d.generation,
                }))
            });
            TtsSpeaker::with_engine(Voice::default(), connect, first_retry)
        }
        fn restart(&self) {
            self.0.lock().unwrap().generation += 1;
        }
        fn set_down(&self, down: bool) {
            let mut d = self.0.lock().unwrap();
            d.down = down;
            d.generation += 1;
        }
        fn heard(&self) -> Vec<String> {
            self.0.lock().unwrap().heard.clone()
        }
        fn connects(&self) -> u32 {
            self.0.lock().unwrap().connects
        }
        fn tried(&self) -> Vec<Instant> {
            self.0.lock().unwrap().tried.clone()
        }
    }

    /// Waits (5 s at most) until `done`.
    fn wait_for(what: &str, done: impl Fn() -> bool) {
        let start = Instant::now();
        while !done() {
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "waited for {what}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn after_the_server_restarts_the_text_is_said_on_a_new_connection() {
        let daemon = Daemon::default();
        let mut speaker = daemon.speaker(FIRST_RETRY);
        wait_for("the start", || speaker.status() == SpeechStatus::Ready);
        speaker.say("one", false);
        wait_for("one", || daemon.heard().len() == 1);
        daemon.restart();
        speaker.say("two", true);
        wait_for("two", || daemon.heard().len() == 2);
        assert_eq!(daemon.heard(), ["0: one", "1: two"]);
        assert_eq!(daemon.connects(), 2);
        assert_eq!(speaker.status(), SpeechStatus::Ready);
        speaker.say("three", false);
        wait_for("three", || daemon.heard().len() == 3);
        assert_eq!(daemon.connects(), 2, "the new connection is kept");
    }

    #[test]
    fn a_server_that_is_gone_is_not_asked_at_every_text_and_is_found_again() {
        let daemon = Daemon::default();
        let retry = Duration::from_millis(600);
        let mut speaker = daemon.speaker(retry);
        wait_for("the start", || speaker.status() == SpeechStatus::Ready);
        daemon.set_down(true);
        speaker.say("lost", false);
        wait_for("the loss", || {
            matches!(speaker.status(), SpeechStatus::Lost(_))
        });
        let failed_at = Instant::now();
        assert_eq!(
            speaker.status(),
            SpeechStatus::Lost("cannot connect to speech-dispatcher".into())
        );
        assert_eq!(daemon.connects(), 2, "one new connection tried at once");
        for text in ["a", "b", "c"] {
            speaker.say(text, false);
        }
        std::thread::sleep(Duration::from_millis(100));
        assert!(
            failed_at.elapsed() < retry,
            "the machine is too slow for this test"
        );
        assert_eq!(daemon.connects(), 2, "not again before the wait is over");
        daemon.set_down(false);
        std::thread::sleep(retry.saturating_sub(failed_at.elapsed()));
        speaker.say("back", false);
        wait_for("back", || !daemon.heard().is_empty());
        assert_eq!(daemon.heard(), ["2: back"]);
        assert_eq!(daemon.connects(), 3);
        assert_eq!(speaker.status(), SpeechStatus::Ready);
    }

    #[test]
    fn the_wait_doubles_while_the_server_stays_away() {
        let daemon = Daemon::default();
        daemon.set_down(true);
        let retry = Duration::from_millis(300);
        let mut speaker = daemon.speaker(retry);
        wait_for("the failed start", || {
            matches!(speaker.status(), SpeechStatus::Unavailable(_))
        });
        assert_eq!(daemon.connects(), 1);
        // A text every 20 ms until the third retry, whenever a loaded machine lets it come.
        let start = Instant::now();
        let mut texts = 0;
        while daemon.connects() < 4 {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{} tries",
                daemon.connects()
            );
            speaker.say("x", false);
            texts += 1;
            std::thread::sleep(Duration::from_millis(20));
        }
        // Tried again after 0.3 s, then 0.6 s later, then 1.2 s later (as the daemon saw the
        // tries, so that a slow loop here cannot shorten a gap), where every text would have
        // tried once, 20 ms apart.
        let tried = daemon.tried();
        let gaps: Vec<Duration> = tried.windows(2).map(|w| w[1] - w[0]).collect();
        let least = [290, 590, 1190].map(Duration::from_millis);
        assert!(
            gaps.iter().zip(least).all(|(gap, least)| *gap >= least),
            "{gaps:?}"
        );
        assert!(texts > tried.len(), "{texts} texts");
    }
}
