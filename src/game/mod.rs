//! The game's own vocabulary, without the window: what happened and why something did not
//! ([`event`]), and the game clocks ([`clock`]). Pure data and pure functions; the store's
//! typed errors are named here, so the game lies above the store and below speech and the
//! window.

pub mod clock;
pub mod event;
