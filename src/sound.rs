//! Optional sound cues: short synthesized tones for a piece picked up, a refused move, a move,
//! a capture, a crowning and the end of the game, as accessible draughts apps on phones play
//! them. A cue is heard at once, before or under the spoken words, so a player who does not
//! look at the board knows what happened without waiting for the sentence.
//!
//! [`cues`](crate::sound::cues) says which cues a batch of [`Event`](crate::game::event::Event)s
//! sounds, [`samples`](crate::sound::samples) synthesizes a cue (pure, no audio device), and
//! [`Sounds`](crate::sound::Sounds) plays them through the default output device with `rodio`.
//! (The links are written out: this text is read in the crate root too, after `lib.rs`'s line.)

use std::num::NonZero;
use std::sync::atomic::{AtomicBool, Ordering};

use rodio::buffer::SamplesBuffer;
use rodio::{DeviceSinkBuilder, MixerDeviceSink};

use crate::game::event::{Event, Sounding};
use crate::rules::{Position, Role};

/// A sound cue. Each is distinct in pitch and rhythm, so that it can be told apart without
/// words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A piece was picked up (selected): a soft high blip.
    Selected,
    /// A click or a typed move was refused: a low buzz. [`cues`] never returns it: the caller
    /// plays it for a refusal ([`crate::game::event::Problem::Click`], an illegal move, …).
    Refused,
    /// A quiet move: a short low tick.
    Moved,
    /// A move that captures: two quick descending notes.
    Capture,
    /// A move that crowns the piece: a rising three-note arpeggio.
    Promotion,
    /// The game ended (a win, a resignation, a draw): a two-chord cadence.
    GameOver,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 6] = [
        Cue::Selected,
        Cue::Refused,
        Cue::Moved,
        Cue::Capture,
        Cue::Promotion,
        Cue::GameOver,
    ];
}

/// The cues a batch of events (one change of the window) sounds, in the order to play them.
///
/// At most two: the cue of the batch's move (the most telling one of its moves if it has
/// several: [`Cue::Promotion`] before [`Cue::Capture`] before [`Cue::Moved`]) or else
/// [`Cue::Selected`], then [`Cue::GameOver`] once when the game ends in the batch (after a move,
/// a resignation or an accepted draw: [`Event::Resigned`] and [`Event::Ended`] come together and
/// sound once). Opening or resuming a game that is already over sounds nothing: nothing
/// happened at the board. Undo, redo, looking through the game, the cursor and the menus are
/// silent: they are spoken.
pub fn cues(events: &[Event]) -> Vec<Cue> {
    let loaded = events.iter().any(|e| e.sounding() == Sounding::Loaded);
    let mut moved: Option<Cue> = None;
    let mut selected = false;
    let mut over = false;
    for event in events {
        match event.sounding() {
            Sounding::Move { before, mv } => {
                let cue = move_cue(before, mv);
                if moved.is_none_or(|m| rank(cue) > rank(m)) {
                    moved = Some(cue);
                }
            }
            Sounding::Selected => selected = true,
            Sounding::GameOver => over |= !loaded,
            Sounding::Loaded | Sounding::Silent => {}
        }
    }
    let first = moved.or(selected.then_some(Cue::Selected));
    first
        .into_iter()
        .chain(over.then_some(Cue::GameOver))
        .collect()
}

/// The cue of `mv` played in `before`: a crowning, a capture or a quiet move.
fn move_cue(before: &Position, mv: &crate::rules::Move) -> Cue {
    let was_king = before
        .piece_at(mv.from())
        .is_some_and(|p| p.role == Role::King);
    let mut after = *before;
    after.play_unchecked(mv);
    let is_king = after
        .piece_at(mv.to())
        .is_some_and(|p| p.role == Role::King);
    if is_king && !was_king {
        Cue::Promotion
    } else if mv.is_capture() {
        Cue::Capture
    } else {
        Cue::Moved
    }
}

/// How telling a move's cue is.
fn rank(cue: Cue) -> u8 {
    match cue {
        Cue::Promotion => 2,
        Cue::Capture => 1,
        Cue::Moved => 0,
        // Not cues of a move: never compared.
        Cue::Selected | Cue::Refused | Cue::GameOver => 0,
    }
}

/// The loudest a cue gets before the volume: gentle, under the speech.
const PEAK: f32 = 0.5;

/// How a note sounds.
#[derive(Clone, Copy)]
enum Wave {
    /// A pure tone.
    Sine,
    /// A tone with a little octave and twelfth: rounder, like a bell or wood.
    Bell,
    /// A band-limited square (odd harmonics 1–7): a buzz without aliasing.
    Square,
}

/// One note: frequencies sounded together (a chord), start and length in seconds, and whether
/// it fades away (plucked) or holds (sustained) between its attack and release.
struct Note {
    freqs: &'static [f32],
    start: f32,
    length: f32,
    wave: Wave,
    decay: bool,
}

/// A note of `freqs` from `start`, `length` seconds long.
const fn note(freqs: &'static [f32], start: f32, length: f32, wave: Wave, decay: bool) -> Note {
    Note {
        freqs,
        start,
        length,
        wave,
        decay,
    }
}

/// The notes of a cue.
fn score(cue: Cue) -> &'static [Note] {
    use Wave::*;
    // E6, 70 ms.
    const SELECTED: &[Note] = &[note(&[1318.5], 0.0, 0.07, Sine, true)];
    // Two detuned low squares (D3 and a little above): a rough 200 ms buzz.
    const REFUSED: &[Note] = &[note(&[146.8, 155.6], 0.0, 0.2, Square, false)];
    // D4, 80 ms: a wooden tock.
    const MOVED: &[Note] = &[note(&[293.7], 0.0, 0.08, Bell, true)];
    // A5 then E5, 230 ms.
    const CAPTURE: &[Note] = &[
        note(&[880.0], 0.0, 0.09, Bell, true),
        note(&[659.3], 0.1, 0.13, Bell, true),
    ];
    // C5 E5 G5, the last one held longer: 380 ms.
    const PROMOTION: &[Note] = &[
        note(&[523.3], 0.0, 0.09, Bell, true),
        note(&[659.3], 0.1, 0.09, Bell, true),
        note(&[784.0], 0.2, 0.18, Bell, true),
    ];
    // G major then C major: a perfect cadence, 650 ms.
    const GAME_OVER: &[Note] = &[
        note(&[392.0, 493.9, 587.3], 0.0, 0.2, Bell, false),
        note(&[523.3, 659.3, 784.0], 0.22, 0.43, Bell, true),
    ];
    match cue {
        Cue::Selected => SELECTED,
        Cue::Refused => REFUSED,
        Cue::Moved => MOVED,
        Cue::Capture => CAPTURE,
        Cue::Promotion => PROMOTION,
        Cue::GameOver => GAME_OVER,
    }
}

/// Seconds of the attack and of the release: short enough to be crisp, long enough not to
/// click.
const ATTACK: f32 = 0.004;
const RELEASE: f32 = 0.015;

/// The samples of `cue`, mono, at `sample_rate` (none at a rate of 0): at most 400 ms
/// ([`Cue::GameOver`] 650 ms), peak at most 0.5, starting and ending at silence.
///
/// Pure, so that the sounds are tested without an audio device.
pub fn samples(cue: Cue, sample_rate: u32) -> Vec<f32> {
    if sample_rate == 0 {
        return Vec::new();
    }
    let rate = sample_rate as f32;
    let notes = score(cue);
    let end = notes.iter().map(|n| n.start + n.length).fold(0.0, f32::max);
    let mut out = vec![0.0f32; (end * rate).ceil() as usize];
    for n in notes {
        let first = (n.start * rate).round() as usize;
        let len = ((n.length * rate).round() as usize).min(out.len() - first);
        let attack = (ATTACK * rate).max(1.0);
        let release = (RELEASE * rate).max(1.0);
        let voices = n.freqs.len() as f32;
        for i in 0..len {
            let t = i as f32 / rate;
            // Linear attack from silence, linear release to silence at the last sample.
            let edge = (i as f32 / attack)
                .min((len - 1 - i) as f32 / release)
                .min(1.0);
            let body = if n.decay {
                (-t * 4.0 / n.length).exp()
            } else {
                1.0
            };
            let tone: f32 = n.freqs.iter().map(|&f| wave(n.wave, f, t, rate)).sum();
            out[first + i] += tone / voices * edge * body;
        }
    }
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if peak > 0.0 {
        let gain = PEAK / peak;
        out.iter_mut().for_each(|s| *s *= gain);
    }
    out
}

/// One sample of `wave` at frequency `f`, time `t`; harmonics at or above Nyquist are left out.
fn wave(wave: Wave, f: f32, t: f32, rate: f32) -> f32 {
    let partial = |k: f32, a: f32| {
        if f * k < rate / 2.0 {
            a * (std::f32::consts::TAU * f * k * t).sin()
        } else {
            0.0
        }
    };
    match wave {
        Wave::Sine => partial(1.0, 1.0),
        Wave::Bell => partial(1.0, 1.0) + partial(2.0, 0.3) + partial(3.0, 0.1),
        Wave::Square => [1.0, 3.0, 5.0, 7.0]
            .iter()
            .map(|&k| partial(k, 1.0 / k))
            .sum(),
    }
}

/// What plays cues: [`Sounds`] through the sound card, [`CueRecording`] into a list for tests.
pub trait Player {
    /// Plays `cues` one after another at `volume` (0 to 1); `false` when sound is unavailable.
    fn play_all(&mut self, cues: &[Cue], volume: f32) -> bool;
}

impl Player for Sounds {
    fn play_all(&mut self, cues: &[Cue], volume: f32) -> bool {
        Sounds::play_all(self, cues, volume)
    }
}

/// A player that writes down the cues it is asked to play, for tests; it can also act as a
/// machine without a sound card.
#[derive(Clone, Debug, Default)]
pub struct CueRecording {
    played: std::sync::Arc<std::sync::Mutex<Vec<(Cue, f32)>>>,
    /// Whether it answers as a machine without a sound device.
    pub unavailable: bool,
}

impl CueRecording {
    /// A new, empty recording.
    pub fn new() -> CueRecording {
        CueRecording::default()
    }

    /// Every cue asked for so far, with its volume, in order.
    pub fn played(&self) -> Vec<(Cue, f32)> {
        self.played.lock().expect("recording lock").clone()
    }

    /// Just the cues.
    pub fn cues(&self) -> Vec<Cue> {
        self.played().into_iter().map(|(c, _)| c).collect()
    }
}

impl Player for CueRecording {
    fn play_all(&mut self, cues: &[Cue], volume: f32) -> bool {
        if self.unavailable {
            return false;
        }
        let mut played = self.played.lock().expect("recording lock");
        played.extend(cues.iter().map(|&c| (c, volume)));
        true
    }
}

/// Silence between the cues of one batch, in seconds.
const GAP: f32 = 0.04;

/// The sound player. Creating it does nothing: the default output device is opened on the
/// first cue, so that tests, CI and a window with sounds off need no sound card.
///
/// When no device can be opened, that is logged once and sounds stay off for the rest of the
/// run. Sounds play in rodio's own thread, mixed with each other; playing never blocks for the
/// length of a sound (opening the device on the first cue may take a moment).
#[derive(Default)]
pub struct Sounds {
    output: Output,
}

/// Whether the device has been opened.
#[derive(Default)]
enum Output {
    /// Not tried yet.
    #[default]
    Closed,
    /// Open; playback lasts while this lives.
    Open(MixerDeviceSink),
    /// Opening failed; not tried again.
    Failed,
}

impl Sounds {
    /// A player that has not opened any device.
    pub fn new() -> Sounds {
        Sounds::default()
    }

    /// Plays `cue` at `volume` (0 to 1, clamped; not a number is 0). Returns `false` when sound
    /// is unavailable: no output device could be opened, now or earlier in this run. Silence
    /// (volume 0) opens nothing.
    pub fn play(&mut self, cue: Cue, volume: f32) -> bool {
        self.play_all(&[cue], volume)
    }

    /// Plays `cues` one after another (what [`cues`] returns for a batch), like
    /// [`Sounds::play`].
    pub fn play_all(&mut self, cues: &[Cue], volume: f32) -> bool {
        let volume = if volume.is_nan() {
            0.0
        } else {
            volume.clamp(0.0, 1.0)
        };
        if cues.is_empty() || volume == 0.0 {
            return !matches!(self.output, Output::Failed);
        }
        let Some(sink) = self.sink() else {
            return false;
        };
        let rate = sink.config().sample_rate();
        let gap = (GAP * rate.get() as f32) as usize;
        let mut data = Vec::new();
        for (i, &cue) in cues.iter().enumerate() {
            if i > 0 {
                data.resize(data.len() + gap, 0.0);
            }
            data.extend(samples(cue, rate.get()).into_iter().map(|s| s * volume));
        }
        sink.mixer()
            .add(SamplesBuffer::new(NonZero::<u16>::MIN, rate, data));
        true
    }

    /// The open device, opening it on first use.
    fn sink(&mut self) -> Option<&MixerDeviceSink> {
        if matches!(self.output, Output::Closed) {
            self.output = match open() {
                Ok(mut sink) => {
                    // Closing at exit is expected: no "Dropping DeviceSink" on stderr.
                    sink.log_on_drop(false);
                    log::info!("sound cues: output opened ({:?})", sink.config());
                    Output::Open(sink)
                }
                Err(e) => {
                    log::warn!("sound cues are off: {}", chain(&e));
                    Output::Failed
                }
            };
        }
        match &self.output {
            Output::Open(sink) => Some(sink),
            _ => None,
        }
    }
}

/// Opens the default output device in its default configuration, or another one it supports.
fn open() -> Result<MixerDeviceSink, rodio::DeviceSinkError> {
    DeviceSinkBuilder::from_default_device()?
        .with_error_callback(stream_error as fn(rodio::CpalError))
        .open_sink_or_fallback()
}

/// An error of the running stream (an underrun, a device unplugged): logged instead of rodio's
/// print to stderr; a warning the first time, then at debug level, as they can repeat.
fn stream_error(err: rodio::CpalError) {
    static WARNED: AtomicBool = AtomicBool::new(false);
    if WARNED.swap(true, Ordering::Relaxed) {
        log::debug!("sound cues: audio stream error: {err}");
    } else {
        log::warn!("sound cues: audio stream error: {err}");
    }
}

/// An error and its sources, "a: b: c".
fn chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::event::{Marks, Mover, SquareView};
    use crate::rules::{Color, Game, Outcome, Square, SquareSet, Variant, WinReason};

    const RATE: u32 = 44_100;

    /// The events of playing `text` (numeric notation) in `game`, as the window reports them.
    fn play(game: &mut Game, text: &str) -> Vec<Event> {
        let before = *game.position();
        let mv = crate::notation::parse_move(&before, game.rules(), text)
            .unwrap()
            .0;
        let played = game.play(mv).unwrap();
        let mut events = vec![Event::Moved {
            before,
            mv,
            by: Mover::Person,
        }];
        events.extend(played.outcome.map(Event::Ended));
        events
    }

    fn game(fen: &str) -> Game {
        let rules = Variant::Czech.rules();
        Game::from_position(rules.clone(), rules.parse_fen(fen).unwrap())
    }

    #[test]
    fn quiet_move_capture_and_promotion() {
        let mut g = Game::new(Variant::Czech.rules().clone()).unwrap();
        assert_eq!(cues(&play(&mut g, "22-18")), [Cue::Moved]);
        assert_eq!(cues(&play(&mut g, "11-15")), [Cue::Moved]);
        assert_eq!(cues(&play(&mut g, "18x11")), [Cue::Capture]);

        // A man reaching the last row is crowned.
        let mut g = game("W:W6,29:B4");
        assert_eq!(cues(&play(&mut g, "6-2")), [Cue::Promotion]);
        assert_eq!(cues(&play(&mut g, "4-8")), [Cue::Moved]);
        // A king moving on is a quiet move again.
        assert_eq!(cues(&play(&mut g, "2-7")), [Cue::Moved]);

        // A capture that crowns sounds the crowning only.
        let mut g = game("W:W10,29:B6,4");
        let crowning = play(&mut g, "10x1");
        assert_eq!(cues(&crowning), [Cue::Promotion]);

        // Several moves in one batch sound the most telling one, once.
        let mut g = Game::new(Variant::Czech.rules().clone()).unwrap();
        let mut events = play(&mut g, "22-18");
        events.extend(play(&mut g, "11-15"));
        events.extend(play(&mut g, "18x11"));
        events.extend(play(&mut g, "7x16"));
        assert_eq!(cues(&events), [Cue::Capture]);
        events.extend(crowning);
        events.extend(play(&mut g, "23-18"));
        assert_eq!(cues(&events), [Cue::Promotion]);
    }

    #[test]
    fn the_end_sounds_once_after_the_move() {
        // White takes Black's last piece.
        let mut g = game("W:W22:B18");
        let events = play(&mut g, "22x15");
        assert!(matches!(events.last(), Some(Event::Ended(_))));
        assert_eq!(cues(&events), [Cue::Capture, Cue::GameOver]);

        // A resignation reports Resigned and Ended: one cue.
        let outcome = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        };
        let events = [Event::Resigned(Color::White), Event::Ended(outcome)];
        assert_eq!(cues(&events), [Cue::GameOver]);

        // An accepted draw.
        let events = [
            Event::DrawAnswered {
                by: Color::Black,
                accepted: true,
                mover: Mover::Computer,
            },
            Event::Ended(Outcome::Draw(crate::rules::DrawReason::Agreement)),
        ];
        assert_eq!(cues(&events), [Cue::GameOver]);

        // Opening a finished game is not the end happening.
        let events = [
            Event::Resumed { plies: 40 },
            Event::Ended(Outcome::Draw(crate::rules::DrawReason::Agreement)),
        ];
        assert!(cues(&events).is_empty());
    }

    #[test]
    fn selection_and_silent_events() {
        let g = Game::new(Variant::Czech.rules().clone()).unwrap();
        let pos = g.position();
        let square = Square::new(22).unwrap();
        let view = SquareView::new(pos, square, Marks::default());
        let selected = Event::Selected {
            square: view,
            targets: SquareSet::EMPTY,
            at_cursor: false,
        };
        assert_eq!(cues(&[selected]), [Cue::Selected]);
        assert!(cues(&[Event::Cursor(view)]).is_empty());
        assert!(cues(&[Event::Deselected, Event::ToMove(Color::White)]).is_empty());
        assert!(cues(&[]).is_empty());
    }

    #[test]
    fn samples_are_short_gentle_and_without_clicks() {
        for rate in [8_000, 22_050, RATE, 48_000] {
            for cue in Cue::ALL {
                let s = samples(cue, rate);
                let seconds = s.len() as f32 / rate as f32;
                let limit = if cue == Cue::GameOver { 0.7 } else { 0.4 };
                assert!(
                    seconds > 0.05 && seconds <= limit,
                    "{cue:?} lasts {seconds} s"
                );
                let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
                assert!((0.3..=0.5001).contains(&peak), "{cue:?} peaks at {peak}");
                assert!(s.iter().all(|x| x.is_finite()));
                // The envelope starts and ends at silence.
                assert!(s[0].abs() < 1e-3 && s[s.len() - 1].abs() < 1e-3, "{cue:?}");
                if rate == RATE {
                    // No jump between neighbouring samples (a click) anywhere, note joins
                    // included.
                    let step = s.windows(2).fold(0.0f32, |m, w| m.max((w[1] - w[0]).abs()));
                    assert!(step < 0.2, "{cue:?} jumps by {step}");
                    // The attack is quick: the sound is heard within 15 ms.
                    let early = s[..(RATE as usize * 15 / 1000)]
                        .iter()
                        .fold(0.0f32, |m, x| m.max(x.abs()));
                    assert!(early > 0.1, "{cue:?} starts late");
                }
            }
        }
        assert!(samples(Cue::Moved, 0).is_empty());
    }

    #[test]
    fn cues_differ() {
        let all: Vec<Vec<f32>> = Cue::ALL.iter().map(|&c| samples(c, RATE)).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                // Different lengths, or clearly different waveforms.
                let n = a.len().min(b.len());
                let diff: f32 = a[..n].iter().zip(&b[..n]).map(|(x, y)| (x - y).abs()).sum();
                assert!(a.len() != b.len() || diff / n as f32 > 0.01);
            }
        }
        // Capture descends, Promotion rises: compare where each note's energy lies by counting
        // zero crossings in the first and last thirds.
        let crossings = |s: &[f32]| s.windows(2).filter(|w| w[0] * w[1] < 0.0).count();
        let pitch = |s: &[f32]| {
            let third = s.len() / 3;
            (crossings(&s[..third]), crossings(&s[2 * third..]))
        };
        let (start, end) = pitch(&samples(Cue::Capture, RATE));
        assert!(start > end, "capture: {start} then {end}");
        let (start, end) = pitch(&samples(Cue::Promotion, RATE));
        assert!(start < end, "promotion: {start} then {end}");
    }

    #[test]
    fn a_new_player_opens_nothing() {
        let mut sounds = Sounds::new();
        assert!(matches!(sounds.output, Output::Closed));
        // Silence neither opens a device nor fails.
        assert!(sounds.play(Cue::Moved, 0.0));
        assert!(sounds.play(Cue::Moved, f32::NAN));
        assert!(sounds.play_all(&[], 1.0));
        assert!(matches!(sounds.output, Output::Closed));
        assert!(matches!(Sounds::default().output, Output::Closed));
        // Once opening failed, nothing is tried again.
        sounds.output = Output::Failed;
        assert!(!sounds.play(Cue::Moved, 1.0));
        assert!(!sounds.play(Cue::Moved, 0.0));
        assert!(matches!(sounds.output, Output::Failed));
    }

    /// Plays every cue on the default output device, for a person to listen to:
    /// `cargo test --lib sound -- --ignored --nocapture`.
    #[test]
    #[ignore = "needs an audio output device"]
    fn plays_on_the_default_device() {
        let mut sounds = Sounds::new();
        for cue in Cue::ALL {
            println!("{cue:?}");
            assert!(sounds.play(cue, 0.8), "no audio output device");
            std::thread::sleep(std::time::Duration::from_millis(900));
        }
        assert!(sounds.play_all(&[Cue::Capture, Cue::GameOver], 0.8));
        std::thread::sleep(std::time::Duration::from_millis(1200));
    }
}
