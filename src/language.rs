//! The languages Dáma speaks and shows.

use serde::{Deserialize, Serialize};

/// A language of the user interface and of speech.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    /// Čeština.
    #[default]
    Czech,
    /// English.
    English,
}

impl Language {
    /// Both languages, Czech first.
    pub const ALL: [Language; 2] = [Language::Czech, Language::English];

    /// Czech when the system language is Czech (or Slovak, whose speakers read Czech), else
    /// English.
    pub fn system() -> Language {
        match sys_locale::get_locale() {
            Some(l) if l.starts_with("cs") || l.starts_with("sk") => Language::Czech,
            _ => Language::English,
        }
    }

    /// The language's own name.
    pub fn name(self) -> &'static str {
        match self {
            Language::Czech => "Čeština",
            Language::English => "English",
        }
    }

    /// The BCP 47 primary tag, for choosing a voice: `cs` or `en`.
    pub fn tag(self) -> &'static str {
        match self {
            Language::Czech => "cs",
            Language::English => "en",
        }
    }
}
