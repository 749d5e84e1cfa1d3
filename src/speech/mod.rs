//! Speech: the words for every event ([`phrases`]) and a [`Speaker`] that says them without
//! ever holding up the window.

pub mod phrases;
mod speaker;

pub use speaker::{
    Connect, Engine, FIRST_RETRY, Recording, Speaker, SpeechStatus, TtsSpeaker, Voice,
};
