//! Dáma: draughts for Czech players.
//!
//! [`rules`] is the rules core; the layers above it (notation, engine, speech, window) use only
//! its public surface.

#![warn(missing_docs)]

pub mod course;
pub mod engine;
pub mod game;
pub mod language;
pub mod logging;
pub mod notation;
pub mod regular_file;
pub mod rules;
/// Optional sound cues (a move, a capture, a crowning, the end): synthesized tones played with
/// rodio, for players who do not look at the board.
pub mod sound;
pub mod speech;
pub mod store;
pub mod ui;
