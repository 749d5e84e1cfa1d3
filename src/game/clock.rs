//! Game clocks: a time control, and two clocks that run in turn. Pure: the time is always given
//! (`now`), so that the window passes the real one and the tests any they like.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::rules::Color;

/// How much time the players get.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeControl {
    /// A time for the whole game, and an increment added after each move ("5 min + 3 s").
    Fischer {
        /// Each side's time at the start.
        base: Duration,
        /// Added to the mover's time after each move.
        increment: Duration,
    },
    /// The same time for every move, not carried over.
    PerMove(Duration),
}

/// The time controls offered in the new-game dialog.
pub const PRESETS: [TimeControl; 8] = [
    fischer(1, 1),
    fischer(3, 2),
    fischer(5, 3),
    fischer(10, 5),
    fischer(15, 10),
    fischer(30, 0),
    TimeControl::PerMove(Duration::from_secs(10)),
    TimeControl::PerMove(Duration::from_secs(30)),
];

const fn fischer(minutes: u64, increment: u64) -> TimeControl {
    TimeControl::Fischer {
        base: Duration::from_secs(minutes * 60),
        increment: Duration::from_secs(increment),
    }
}

/// At which times left the side to move is told how much it has: a player's choice (a blind
/// player who cannot glance at the clock may want it more often).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeCalls {
    /// Never (the flag's fall is still told).
    Off,
    /// At one minute and at ten seconds.
    #[default]
    LastMinute,
    /// At every fifth minute, then at one minute and ten seconds.
    EveryFiveMinutes,
    /// At every minute, then at thirty and ten seconds.
    EveryMinute,
}

impl TimeCalls {
    /// Every choice, in the order offered.
    pub const ALL: [TimeCalls; 4] = [
        TimeCalls::Off,
        TimeCalls::LastMinute,
        TimeCalls::EveryFiveMinutes,
        TimeCalls::EveryMinute,
    ];

    /// The time to call with `left` on the clock, of those below `below` (the time the move
    /// began with, or the time called last in it): the smallest one `left` has reached, so
    /// that a clock that jumped past several (a slow frame) says only where it is now.
    pub fn due(self, left: Duration, below: Duration) -> Option<Duration> {
        let (every, fixed): (Option<u64>, &[u64]) = match self {
            TimeCalls::Off => return None,
            TimeCalls::LastMinute => (None, &[60, 10]),
            TimeCalls::EveryFiveMinutes => (Some(300), &[60, 10]),
            TimeCalls::EveryMinute => (Some(60), &[30, 10]),
        };
        // The multiple of `every` seconds that `left` has just reached (rounded up).
        let round = every.map(|step| {
            let step_nanos = u128::from(step) * 1_000_000_000;
            let steps = left.as_nanos().div_ceil(step_nanos).max(1);
            Duration::from_secs(u64::try_from(steps).unwrap_or(u64::MAX / step) * step)
        });
        fixed
            .iter()
            .map(|&secs| Duration::from_secs(secs))
            .chain(round)
            .filter(|&t| left <= t && t < below)
            .min()
    }
}

impl TimeControl {
    /// Each side's time at the start (and at each move, for a time per move).
    pub fn start_time(self) -> Duration {
        match self {
            TimeControl::Fischer { base, .. } => base,
            TimeControl::PerMove(t) => t,
        }
    }

    /// Whether the times are ones a game can be played with: at least a second, at most a day,
    /// an increment of at most an hour (a settings file edited by hand may say anything).
    pub fn is_playable(self) -> bool {
        let day = Duration::from_secs(24 * 3600);
        let increment = match self {
            TimeControl::Fischer { increment, .. } => increment,
            TimeControl::PerMove(_) => Duration::ZERO,
        };
        (Duration::from_secs(1)..=day).contains(&self.start_time())
            && increment <= Duration::from_secs(3600)
    }

    /// The PDN `TimeControl` tag, as PGN writes it: `300+3` (seconds and increment), `1/60`
    /// (one move in 60 seconds, again and again).
    pub fn tag(self) -> String {
        match self {
            TimeControl::Fischer { base, increment } => {
                format!("{}+{}", base.as_secs(), increment.as_secs())
            }
            TimeControl::PerMove(t) => format!("1/{}", t.as_secs()),
        }
    }

    /// Reads a `TimeControl` tag as [`Self::tag`] writes it.
    pub fn from_tag(tag: &str) -> Option<TimeControl> {
        let tag = tag.trim();
        if let Some((moves, secs)) = tag.split_once('/') {
            return (moves.trim() == "1")
                .then(|| secs.trim().parse().ok())
                .flatten()
                .filter(|&s: &u64| s > 0)
                .map(|s| TimeControl::PerMove(Duration::from_secs(s)));
        }
        let (base, inc) = tag.split_once('+').unwrap_or((tag, "0"));
        let base: u64 = base.trim().parse().ok().filter(|&b| b > 0)?;
        let inc: u64 = inc.trim().parse().ok()?;
        Some(TimeControl::Fischer {
            base: Duration::from_secs(base),
            increment: Duration::from_secs(inc),
        })
    }
}

/// `left` in whole seconds as a clock shows it: rounded up, so that a clock showing 0 has run
/// out.
pub fn shown_seconds(left: Duration) -> u64 {
    left.as_secs() + u64::from(left.subsec_nanos() > 0)
}

/// Something the clocks did that is to be said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tick {
    /// `color`, to move, has no more than `left` (a time of the [`TimeCalls`] chosen).
    Low {
        /// Whose clock.
        color: Color,
        /// The threshold passed.
        left: Duration,
    },
    /// `color`'s time ran out.
    Flagged(Color),
}

/// Two clocks: the time each side has left, and whose runs since when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    left: [Duration; 2],
    /// The side whose clock runs, and since when; `None` before the first move, while paused
    /// and after the game.
    running: Option<(Color, Instant)>,
    /// Paused with this side to move.
    paused: Option<Color>,
    /// The time called last in the running side's current move.
    called: Option<Duration>,
    /// Whose time ran out.
    flagged: Option<Color>,
}

impl Clock {
    /// Clocks set to `control`'s start; they start with the first move.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.start_time(); 2],
            running: None,
            paused: None,
            called: None,
            flagged: None,
        }
    }

    /// Clocks of a game going on again (opened, resumed) with `left` for White and Black;
    /// like new ones they start with the next move.
    pub fn with_times(control: TimeControl, left: [Duration; 2]) -> Clock {
        Clock {
            left,
            ..Clock::new(control)
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time `color` has left at `now`.
    pub fn left(&self, color: Color, now: Instant) -> Duration {
        let left = self.left[color.index()];
        match self.running {
            Some((c, since)) if c == color => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// Whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Whether the clocks are paused.
    pub fn is_paused(&self) -> bool {
        self.paused.is_some()
    }

    /// Whose time ran out.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// `mover` has moved at `now`: their clock stops (with the increment, or set again for a
    /// time per move), and `!mover`'s starts. The mover's time left after the move.
    pub fn moved(&mut self, mover: Color, now: Instant) -> Duration {
        let i = mover.index();
        // The other side's clock, if it ran (a move after an undo), is charged too.
        if let Some((c, _)) = self.running
            && c != mover
        {
            self.left[c.index()] = self.left(c, now);
        }
        self.left[i] = self.left(mover, now);
        match self.control {
            TimeControl::Fischer { increment, .. } => self.left[i] += increment,
            TimeControl::PerMove(t) => self.left[i] = t,
        }
        if self.flagged.is_none() {
            if self.paused.is_some() {
                self.paused = Some(!mover);
            } else {
                self.running = Some((!mover, now));
            }
        }
        self.called = None;
        self.left[i]
    }

    /// `side` is to move now without a move having been made (an undo, a redo, a claim): the
    /// clock that ran is charged, and `side`'s runs (or waits, while paused).
    pub fn to_move(&mut self, side: Color, now: Instant) {
        match (self.running, self.paused) {
            (Some((c, _)), _) if c != side => {
                self.left[c.index()] = self.left(c, now);
                self.running = Some((side, now));
                self.called = None;
            }
            (None, Some(_)) => self.paused = Some(side),
            _ => {}
        }
    }

    /// Stops the clocks for good (the game is over).
    pub fn stop(&mut self, now: Instant) {
        if let Some((c, _)) = self.running {
            self.left[c.index()] = self.left(c, now);
        }
        self.running = None;
        self.paused = None;
    }

    /// Pauses the clocks, or starts them again; whether they are paused now. Before the first
    /// move and after the game nothing runs, and pausing does nothing.
    pub fn toggle_pause(&mut self, now: Instant) -> bool {
        match (self.running, self.paused) {
            (Some((c, _)), None) => {
                self.left[c.index()] = self.left(c, now);
                self.running = None;
                self.paused = Some(c);
            }
            (None, Some(c)) => {
                self.running = Some((c, now));
                self.paused = None;
            }
            _ => {}
        }
        self.paused.is_some()
    }

    /// What the clocks did up to `now`: a time of `calls` reached by the running side, or
    /// its flag falling (then the clocks stop).
    pub fn tick(&mut self, now: Instant, calls: TimeCalls) -> Option<Tick> {
        let (color, _) = self.running?;
        let left = self.left(color, now);
        if left.is_zero() {
            self.stop(now);
            self.flagged = Some(color);
            return Some(Tick::Flagged(color));
        }
        // Only times below the one the move began with, and below the last called, are said.
        let start = self.left[color.index()];
        let below = self.called.map_or(start, |c| c.min(start));
        let due = calls.due(left, below)?;
        self.called = Some(due);
        Some(Tick::Low { color, left: due })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    #[test]
    fn fischer_clocks_run_in_turn_with_the_increment() {
        let t0 = Instant::now();
        let mut c = Clock::new(fischer(5, 3));
        assert_eq!(
            c.left(Color::White, t0 + s(100)),
            s(300),
            "not before the first move"
        );
        assert_eq!(c.moved(Color::White, t0), s(303));
        assert_eq!(c.running(), Some(Color::Black));
        assert_eq!(c.left(Color::Black, t0 + s(20)), s(280));
        assert_eq!(c.moved(Color::Black, t0 + s(20)), s(283));
        assert_eq!(c.left(Color::White, t0 + s(30)), s(293));
        // Paused for a minute: nothing runs.
        assert!(c.toggle_pause(t0 + s(30)));
        assert_eq!(c.left(Color::White, t0 + s(90)), s(293));
        assert!(!c.toggle_pause(t0 + s(90)));
        assert_eq!(c.left(Color::White, t0 + s(100)), s(283));
    }

    #[test]
    fn thresholds_and_the_flag() {
        let t0 = Instant::now();
        let mut c = Clock::new(fischer(1, 1));
        c.moved(Color::White, t0);
        // Black starts with 60 s: the minute is not said, ten seconds are, once.
        assert_eq!(c.tick(t0 + s(30), TimeCalls::LastMinute), None);
        assert_eq!(
            c.tick(t0 + s(51), TimeCalls::LastMinute),
            Some(Tick::Low {
                color: Color::Black,
                left: s(10)
            })
        );
        assert_eq!(c.tick(t0 + s(52), TimeCalls::LastMinute), None);
        assert_eq!(
            c.tick(t0 + s(60), TimeCalls::LastMinute),
            Some(Tick::Flagged(Color::Black))
        );
        assert_eq!(c.flagged(), Some(Color::Black));
        assert_eq!(c.running(), None);
        assert_eq!(c.tick(t0 + s(61), TimeCalls::LastMinute), None);
    }

    /// Each choice of calls, from a move begun with 10:30 on the clock: what is said, second by
    /// second, once each, and never a time above the one the move began with.
    #[test]
    fn the_times_called_follow_the_choice() {
        let heard = |calls: TimeCalls| {
            let t0 = Instant::now();
            let mut c = Clock::with_times(fischer(15, 0), [s(630), s(630)]);
            c.moved(Color::White, t0);
            (0..=630)
                .filter_map(|secs| match c.tick(t0 + s(secs), calls) {
                    Some(Tick::Low { left, .. }) => Some(left.as_secs()),
                    Some(Tick::Flagged(_)) => Some(0),
                    None => None,
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(heard(TimeCalls::Off), [0]);
        assert_eq!(heard(TimeCalls::LastMinute), [60, 10, 0]);
        assert_eq!(heard(TimeCalls::EveryFiveMinutes), [600, 300, 60, 10, 0]);
        assert_eq!(
            heard(TimeCalls::EveryMinute),
            [600, 540, 480, 420, 360, 300, 240, 180, 120, 60, 30, 10, 0]
        );
        // A clock that jumped past several times (a slow frame, a suspended machine) calls
        // only where it is now, and nothing above it afterwards.
        let t0 = Instant::now();
        let mut c = Clock::with_times(fischer(15, 0), [s(630), s(630)]);
        c.moved(Color::White, t0);
        let black = Color::Black;
        assert_eq!(
            c.tick(t0 + s(400), TimeCalls::EveryMinute),
            Some(Tick::Low {
                color: black,
                left: s(240)
            })
        );
        assert_eq!(c.tick(t0 + s(401), TimeCalls::EveryMinute), None);
        // Fractions of a second: 59.5 s left has reached the minute.
        assert_eq!(
            TimeCalls::EveryMinute.due(Duration::from_millis(59_500), s(600)),
            Some(s(60))
        );
        assert_eq!(TimeCalls::EveryMinute.due(s(61), s(600)), Some(s(120)));
        assert_eq!(TimeCalls::EveryMinute.due(s(61), s(120)), None);
    }

    #[test]
    fn an_undo_gives_the_clock_back_to_the_side_to_move() {
        let t0 = Instant::now();
        let mut c = Clock::new(fischer(5, 0));
        c.moved(Color::White, t0);
        // Black thought 20 s, then White's move was taken back: White's clock runs.
        c.to_move(Color::White, t0 + s(20));
        assert_eq!(c.running(), Some(Color::White));
        assert_eq!(c.left(Color::Black, t0 + s(50)), s(280));
        assert_eq!(c.left(Color::White, t0 + s(50)), s(270));
        // White moves again: Black's clock runs from there.
        c.moved(Color::White, t0 + s(50));
        assert_eq!(c.left(Color::Black, t0 + s(60)), s(270));
    }

    #[test]
    fn a_time_per_move_is_set_again_after_each_move() {
        let t0 = Instant::now();
        let mut c = Clock::new(TimeControl::PerMove(s(30)));
        c.moved(Color::White, t0);
        assert_eq!(c.moved(Color::Black, t0 + s(25)), s(30));
        assert_eq!(
            c.tick(t0 + s(45), TimeCalls::LastMinute),
            Some(Tick::Low {
                color: Color::White,
                left: s(10)
            })
        );
    }

    #[test]
    fn only_playable_times_are_taken() {
        assert!(PRESETS.iter().all(|c| c.is_playable()));
        assert!(!TimeControl::PerMove(Duration::ZERO).is_playable());
        assert!(!fischer(100_000, 0).is_playable());
        assert!(!fischer(5, 100_000).is_playable());
    }

    #[test]
    fn tags_read_back() {
        for control in PRESETS {
            assert_eq!(TimeControl::from_tag(&control.tag()), Some(control));
        }
        assert_eq!(fischer(5, 3).tag(), "300+3");
        assert_eq!(TimeControl::PerMove(s(10)).tag(), "1/10");
        assert_eq!(TimeControl::from_tag("600"), Some(fischer(10, 0)));
        for bad in ["", "-", "40/9000", "0+3", "x+1", "1/0"] {
            assert_eq!(TimeControl::from_tag(bad), None, "{bad}");
        }
    }
}
