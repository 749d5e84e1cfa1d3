//! The clocks of a game played on time: restored with a game going on again, ticking, paused,
//! following the side to move.

use std::time::Instant;

use crate::game::clock::{Clock, Tick, TimeCalls, TimeControl};
use crate::game::event::{Event, Problem};
use crate::rules::Color;

use super::{Applied, Document};

impl Document {
    /// The clocks of a game going on again, where its `TimeControl` tag gives times Dáma can
    /// keep: each side's time as the last `[%clk]` of its moves left it (its start time where
    /// there is none). They start with the next move.
    /// Without such a tag the marks read are not kept (nor saved again), nor those after the
    /// game's moves.
    pub(super) fn restore_clock(&mut self) {
        let control = self
            .tags
            .iter()
            .find(|(n, _)| n == "TimeControl")
            .and_then(|(_, v)| TimeControl::from_tag(v))
            .filter(|c| c.is_playable());
        let plies = self.game.moves().len();
        let mut left = control.map(|c| [c.start_time(); 2]);
        let game = &self.game;
        self.tree.for_main_nodes(|ply, node| {
            match (node.clock, left.as_mut(), game.position_at(ply)) {
                (Some(t), Some(left), Some(pos)) if ply < plies => {
                    left[pos.side_to_move().index()] = t;
                }
                _ => node.clock = None,
            }
        });
        if let (Some(control), Some(left)) = (control, left) {
            self.clock = Some(Clock::with_times(control, left));
        }
    }

    /// The clocks, in a game played on time.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// What the clocks did up to `now`: a time of `calls` reached, or the flag of the side to
    /// move falling, which ends the game.
    pub(super) fn tick(&mut self, now: Instant, calls: TimeCalls) -> Applied {
        let Some(clock) = self.clock.as_mut() else {
            return Ok(Vec::new());
        };
        if self.game.outcome().is_some() {
            clock.stop(now);
            return Ok(Vec::new());
        }
        match clock.tick(now, calls) {
            None => Ok(Vec::new()),
            Some(Tick::Low { color, left }) => Ok(vec![Event::ClockLow { color, left }]),
            Some(Tick::Flagged(color)) => {
                self.game.lose_on_time(color).map_err(Problem::Game)?;
                self.draw_offer = None;
                self.touch_game();
                let outcome = self.game.outcome().expect("a game lost on time is over");
                Ok(vec![Event::Flagged(color), Event::Ended(outcome)])
            }
        }
    }

    /// Pauses the clocks or starts them again; before the first move and after the game,
    /// when nothing runs, says the clocks instead.
    pub(super) fn toggle_pause(&mut self, now: Instant) -> Applied {
        let clock = self.clock.as_mut().ok_or(Problem::NoClock)?;
        if (clock.running().is_none() && !clock.is_paused()) || self.game.outcome().is_some() {
            return self.clocks(now);
        }
        Ok(vec![Event::ClockPaused(clock.toggle_pause(now))])
    }

    /// After any change of the game: the clock of the side to move runs (an undo, a redo, a
    /// claim change it without a move), and none after the end ([`Document::apply`] calls it).
    pub(super) fn follow_clock(&mut self, now: Instant) {
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if self.game.outcome().is_some() {
            clock.stop(now);
        } else {
            clock.to_move(self.game.position().side_to_move(), now);
        }
    }

    /// Whether the clocks run (not before the first move, not while paused, not after the end).
    pub fn clock_runs(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.running().is_some())
    }

    /// The clocks, to be said.
    pub fn clocks(&self, now: Instant) -> Applied {
        let clock = self.clock.as_ref().ok_or(Problem::NoClock)?;
        Ok(vec![Event::Clocks {
            left: Color::ALL.map(|c| clock.left(c, now)),
            running: clock.running(),
            paused: clock.is_paused(),
        }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::event::Mover;
    use crate::ui::settings::Player;
    use std::time::Duration;

    #[test]
    fn a_timed_game_is_lost_on_time_and_saved_with_its_clock() {
        use crate::game::clock::TimeControl;
        let control = TimeControl::Fischer {
            base: Duration::from_secs(300),
            increment: Duration::from_secs(3),
        };
        let rules = crate::rules::Variant::Czech.rules().clone();
        let mut doc = Document::new_timed_game(
            rules,
            true,
            [String::new(), String::new()],
            [Player::Human; 2],
            None,
            Some(control),
        )
        .unwrap();
        let mv = doc.game().legal_moves()[0];
        doc.play(mv, None, Mover::Person).unwrap();
        let now = Instant::now();
        assert!(doc.tick(now, TimeCalls::LastMinute).unwrap().is_empty());
        let low = doc
            .tick(now + Duration::from_secs(241), TimeCalls::LastMinute)
            .unwrap();
        assert!(matches!(
            low[..],
            [Event::ClockLow {
                color: Color::Black,
                ..
            }]
        ));
        let flagged = doc
            .tick(now + Duration::from_secs(301), TimeCalls::LastMinute)
            .unwrap();
        assert!(matches!(
            flagged[..],
            [
                Event::Flagged(Color::Black),
                Event::Ended(crate::rules::Outcome::Win {
                    winner: Color::White,
                    reason: crate::rules::WinReason::Time
                })
            ]
        ));
        // The flag that fell stays down: the loss is not undone, nothing changes.
        let revision = doc.revision();
        assert!(matches!(doc.undo(), Err(Problem::LostOnTime)));
        assert_eq!(doc.revision(), revision);
        assert!(doc.game().outcome().is_some());
        let pdn = doc.to_pdn();
        assert_eq!(pdn.tag("TimeControl"), Some("300+3"));
        assert_eq!(pdn.moves.nodes[0].comments, ["[%clk 0:05:03]"]);
        assert_eq!(pdn.tag("Result"), Some("1-0"));
    }
}
