//! The computer opponent: evaluation, alpha-beta search with a transposition table, playing
//! levels, claims under table rules, and a thinking thread for the window.
//!
//! Like [`notation`](crate::notation), it stands on the public surface of
//! [`rules`](crate::rules) alone and knows nothing of the window.
//!
//! # Examples
//! ```
//! use dama::engine::{Limits, Searcher};
//! use dama::rules::Variant;
//!
//! // White to move takes the man on 18 and then the one on 11: two for nothing.
//! let rules = Variant::English.rules();
//! let pos = rules.parse_fen("W:W22,K32:B18,11,1").unwrap();
//! let mut searcher = Searcher::new(rules, 1);
//! let report = searcher.search(&[pos], Limits::depth(4), &mut |_| {});
//! assert_eq!(report.best.unwrap().capture_count(), 2);
//! ```

pub mod endgame;
mod eval;
pub mod hub;
pub mod learned;
mod play;
pub mod review;
mod search;
pub mod sprt;
pub mod train;
mod tt;
mod worker;

pub use eval::{Evaluator, MAN};
pub use play::{ClaimChoice, Level, choose_claim, choose_move, game_positions, make_claim};
pub use search::{KNOWN_WIN, Limits, MATE, MATE_BOUND, Report, Searcher};
pub use worker::{Answer, Task, Worker};
