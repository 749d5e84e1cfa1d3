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
    /// No speech: why.
    Unavailable(String),
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

/// Speech through the `tts` crate (speech-dispatcher on Linux), on its own thread.
pub struct TtsSpeaker {
    tx: Sender<Message>,
    status: Arc<Mutex<SpeechStatus>>,
    voices: Arc<Mutex<Vec<String>>>,
    started: Instant,
}

/// How long the engine may take to start before it counts as unavailable.
const START_TIMEOUT: Duration = Duration::from_secs(4);

impl TtsSpeaker {
    /// Starts the engine on a new thread and returns at once.
    pub fn start(voice: Voice) -> TtsSpeaker {
        let (tx, rx) = mpsc::channel();
        let status = Arc::new(Mutex::new(SpeechStatus::Starting));
        let shared = Arc::clone(&status);
        let voices = Arc::new(Mutex::new(Vec::new()));
        let voice_list = Arc::clone(&voices);
        let spawned = std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || {
                let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    speech_thread(voice, &rx, &shared, &voice_list)
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

fn speech_thread(
    voice: Voice,
    rx: &Receiver<Message>,
    status: &Mutex<SpeechStatus>,
    voice_list: &Mutex<Vec<String>>,
) {
    let mut tts = match tts::Tts::default() {
        Ok(t) => t,
        Err(e) => {
            log::warn!("no speech engine: {e}");
            *status.lock().expect("status lock") = SpeechStatus::Unavailable(e.to_string());
            return;
        }
    };
    if tts.supported_features().voice
        && let Ok(voices) = tts.voices()
    {
        let mut names: Vec<String> = voices.iter().map(|v| v.name()).collect();
        names.sort();
        names.dedup();
        *voice_list.lock().expect("voice lock") = names;
    }
    apply(&mut tts, &voice);
    log::info!(
        "speech engine started ({} voices)",
        voice_list.lock().expect("voice lock").len()
    );
    *status.lock().expect("status lock") = SpeechStatus::Ready;
    let mut failures = 0u32;
    let can_stop = tts.supported_features().stop;
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
                Message::Configure(v) => apply(&mut tts, &v),
                Message::Say(text, interrupt) if i >= start => {
                    if interrupt && can_stop {
                        let _ = tts.stop();
                    }
                    if let Err(e) = tts.speak(text, false) {
                        // Once as a warning; a broken engine would otherwise repeat it per move.
                        if failures == 0 {
                            log::warn!("speech failed: {e}");
                        } else {
                            log::debug!("speech failed: {e}");
                        }
                        failures += 1;
                    }
                }
                Message::Say(..) => {}
            }
        }
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
