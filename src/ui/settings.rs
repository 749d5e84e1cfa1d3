//! Settings saved between runs (serde + RON in the platform's configuration directory).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use crate::game::event::{SettingField as Field, SettingsDamage as Damage};
use crate::language::Language;
use crate::notation::Notation;
pub use crate::store::dirs::config_dir;

/// Colours of the board and window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Theme {
    /// Light window, wooden board.
    #[default]
    Light,
    /// Dark window and board.
    Dark,
    /// Black, white and yellow at 7:1 contrast or more.
    HighContrast,
}

impl Theme {
    /// All themes.
    pub const ALL: [Theme; 3] = [Theme::Light, Theme::Dark, Theme::HighContrast];
}

/// Who speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpeechMode {
    /// Dáma speaks with its own voice (speech-dispatcher).
    #[default]
    OwnVoice,
    /// Dáma stays silent and leaves speech to the screen reader, which reads the accessible
    /// announcements.
    ScreenReader,
    /// Dáma's own voice says what happens in the game; the screen reader reads the window (the
    /// squares the cursor moves to, the controls), and nothing is said by both.
    Both,
}

/// Who plays a side: a person at this computer, or the computer at a level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Player {
    /// A person moves.
    #[default]
    Human,
    /// The computer moves, at this strength.
    Computer(crate::engine::Level),
}

impl Player {
    /// The computer's level; `None` for a person.
    pub fn level(self) -> Option<crate::engine::Level> {
        match self {
            Player::Human => None,
            Player::Computer(level) => Some(level),
        }
    }
}

/// Most recent files kept.
pub const MAX_RECENT: usize = 8;

/// What the user chose; every field has a default so that old or partial files still load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `None` follows the system language.
    pub language: Option<Language>,
    /// Colours.
    pub theme: Theme,
    /// How moves are written in the move list.
    pub notation: Notation,
    /// Square numbers on the 8×8 board (10×10 boards always show them).
    pub numbers_on_8x8: bool,
    /// File letters and rank numbers around the board.
    pub coordinates: bool,
    /// Black at the bottom.
    pub flipped: bool,
    /// The board as text beside the move list, for braille displays.
    pub board_text: bool,
    /// Inner size of the window, in points.
    pub window_size: Option<[f32; 2]>,
    /// Most recent first. A path that is not UTF-8 text is left out of the file (RON writes
    /// paths as strings): it is kept for this run only, and nothing else fails to save.
    #[serde(serialize_with = "utf8_paths")]
    pub recent_files: Vec<PathBuf>,
    /// The rule set chosen last in the new-game dialog.
    pub last_rules: String,
    /// Whether table rules were chosen with it (None: the rule set's default).
    pub last_table_rules: Option<bool>,
    /// Player names chosen last.
    pub white_name: String,
    /// Player names chosen last.
    pub black_name: String,
    /// Who played White last.
    pub white_player: Player,
    /// Who played Black last.
    pub black_player: Player,
    /// Whether moves and messages are spoken.
    pub speech: bool,
    /// Own voice or screen reader.
    pub speech_mode: SpeechMode,
    /// Rate and volume of the own voice (its language follows the interface's).
    pub voice: crate::speech::Voice,
    /// How much is said about a square (the cursor, a selection).
    pub verbosity: crate::speech::phrases::Verbosity,
    /// Whether "Počítač přemýšlí…" is said when the computer thinks longer than half a second
    /// (it is shown either way).
    pub say_thinking: bool,
    /// Whether the square under the cursor is renamed for the screen reader when a move changes
    /// it, which Orca 46 and later read aloud again; off, its new name comes when the cursor
    /// comes to it (braille shows the old one until then).
    pub reread_square: bool,
    /// At which times left a player on the clock is told the time.
    pub time_calls: crate::game::clock::TimeCalls,
    /// Interface scale, 1 to 3.
    pub zoom: f32,
    /// Short sounds for a selection, a refused move, a capture, a promotion and the end of the
    /// game: off unless chosen.
    pub sounds: bool,
    /// Their volume, 0 to 1, apart from the voice's.
    pub sound_volume: f32,
    /// Threads the computer thinks on at levels 4 and 5 and for hints (1 to
    /// `MAX_ENGINE_THREADS`); the weaker levels use one.
    pub engine_threads: u32,
    /// The time control chosen last in the new-game dialog (`None`: no clock).
    pub last_clock: Option<crate::game::clock::TimeControl>,
    /// The problems solved in each file of problems (their indices in the file); files whose
    /// path is not UTF-8 text are left out of the file, as for `recent_files`.
    #[serde(serialize_with = "utf8_keys")]
    pub solved_problems: std::collections::BTreeMap<PathBuf, Vec<usize>>,
    /// The best stars won at each task of the course, under "rule set/lesson/task" (the
    /// lesson's id, the task's number from 1).
    pub course_stars: std::collections::BTreeMap<String, u8>,
    /// Whether the course was offered at the first start.
    pub course_offered: bool,
    /// Fields this version does not know (written by a newer one), each with its value as
    /// written: saved again as they were, so that running an older version loses nothing.
    #[serde(skip)]
    pub other_fields: Vec<(String, String)>,
}

/// The paths that RON can write (UTF-8 ones).
fn utf8_paths<S: serde::Serializer>(paths: &[PathBuf], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(paths.iter().filter(|p| p.to_str().is_some()))
}

/// The entries whose path RON can write (UTF-8 ones).
fn utf8_keys<S: serde::Serializer>(
    map: &std::collections::BTreeMap<PathBuf, Vec<usize>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(map.iter().filter(|(p, _)| p.to_str().is_some()))
}

/// Most threads the computer may be given.
pub const MAX_ENGINE_THREADS: u32 = 64;

/// Half the processor's cores, at most 8: strong play without taking the whole machine.
pub fn default_engine_threads() -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    (cores / 2).clamp(1, 8)
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: None,
            theme: Theme::Light,
            notation: Notation::Numeric,
            numbers_on_8x8: false,
            coordinates: true,
            flipped: false,
            board_text: false,
            window_size: None,
            recent_files: Vec::new(),
            last_rules: crate::rules::Variant::Czech.id().into(),
            last_table_rules: None,
            white_name: String::new(),
            black_name: String::new(),
            white_player: Player::Human,
            black_player: Player::Human,
            speech: true,
            speech_mode: SpeechMode::OwnVoice,
            voice: crate::speech::Voice::default(),
            verbosity: crate::speech::phrases::Verbosity::default(),
            say_thinking: true,
            reread_square: true,
            time_calls: crate::game::clock::TimeCalls::default(),
            zoom: 1.0,
            sounds: false,
            sound_volume: 0.5,
            engine_threads: default_engine_threads(),
            last_clock: None,
            solved_problems: Default::default(),
            course_stars: Default::default(),
            course_offered: false,
            other_fields: Vec::new(),
        }
    }
}

/// The settings file in `dir`.
pub fn settings_file(dir: &Path) -> PathBuf {
    dir.join("settings.ron")
}

/// Largest settings file read (a real one is under 2 KiB): a bigger one is damaged, and
/// reading it whole could exhaust the memory.
pub const MAX_SETTINGS_FILE: u64 = 1 << 20;

/// Longest player name or voice name kept, in characters.
pub const MAX_NAME: usize = 200;

/// Why the settings could not be read as they were: the file was kept aside and the notice
/// says where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadNotice {
    /// Where the file as it was now is (its own path if even the rename failed).
    pub kept_as: PathBuf,
    /// What was wrong.
    pub damage: Damage,
    /// The parser's or reader's message, for the log.
    pub error: String,
}

impl Settings {
    /// The language in use.
    pub fn language(&self) -> Language {
        self.language.unwrap_or_else(Language::system)
    }

    /// Reads the settings in `dir`. A missing file gives defaults. A file that cannot be used
    /// as it is (too large, not UTF-8, not parsing, values out of range) is renamed
    /// (`settings.ron.damaged`, or with a number when that exists), so that nothing the user
    /// had is lost without a copy; what can be read of it is used (and saved at once, so that a
    /// crash before the next save does not lose it), and the notice says what happened.
    pub fn load(dir: &Path) -> (Settings, Option<LoadNotice>) {
        use std::io::Read;
        let file = settings_file(dir);
        // Only a regular file: a FIFO or device at its place would hang the start.
        let f = match crate::regular_file::open(&file) {
            Ok(f) => f,
            Err(e) => {
                if e.kind() != std::io::ErrorKind::NotFound {
                    log::warn!("cannot read {}: {e}", file.display());
                }
                return (Settings::default(), None);
            }
        };
        let mut bytes = Vec::new();
        if let Err(e) = f.take(MAX_SETTINGS_FILE + 1).read_to_end(&mut bytes) {
            // Unreadable (a directory, no permission): nothing to keep aside or overwrite
            // blindly, but the user should know why the settings are gone.
            log::warn!("cannot read {}: {e}", file.display());
            return (Settings::default(), None);
        }
        let (settings, damage, error) = parse(&bytes);
        let Some(damage) = damage else {
            return (settings, None);
        };
        // Should the rename fail, the damaged file stays and is replaced at the next save: the
        // notice then names where it was.
        let kept_as = crate::store::storage::keep_aside(&file).unwrap_or_else(|_| file.clone());
        if settings != Settings::default()
            && let Err(e) = settings.save(dir)
        {
            log::warn!("cannot save the repaired settings: {e}");
        }
        (
            settings,
            Some(LoadNotice {
                kept_as,
                damage,
                error,
            }),
        )
    }

    /// Replaces every value out of its range (not finite, too large, unknown) by the nearest
    /// valid one or the default; returns the settings that were replaced.
    pub fn validate(&mut self) -> Vec<Field> {
        let mut fixed = Vec::new();
        let d = Settings::default();
        let mut unit = |value: &mut f32, default: f32, lo: f32, hi: f32, field: Field| {
            let valid = if value.is_finite() {
                value.clamp(lo, hi)
            } else {
                default
            };
            if valid != *value {
                *value = valid;
                fixed.push(field);
            }
        };
        unit(&mut self.zoom, d.zoom, 1.0, 3.0, Field::Zoom);
        unit(
            &mut self.sound_volume,
            d.sound_volume,
            0.0,
            1.0,
            Field::SoundVolume,
        );
        unit(
            &mut self.voice.rate,
            d.voice.rate,
            0.0,
            1.0,
            Field::VoiceRate,
        );
        unit(
            &mut self.voice.volume,
            d.voice.volume,
            0.0,
            1.0,
            Field::VoiceVolume,
        );
        if let Some(name) = &self.voice.name
            && (name.chars().count() > MAX_NAME || name.chars().any(char::is_control))
        {
            self.voice.name = None;
            fixed.push(Field::VoiceName);
        }
        if let Some([w, h]) = self.window_size
            && !(valid_extent(w) && valid_extent(h))
        {
            self.window_size = None;
            fixed.push(Field::WindowSize);
        }
        if self.recent_files.len() > MAX_RECENT
            || self.recent_files.iter().any(|p| p.as_os_str().is_empty())
        {
            self.recent_files.retain(|p| !p.as_os_str().is_empty());
            self.recent_files.truncate(MAX_RECENT);
            fixed.push(Field::RecentFiles);
        }
        if self.last_rules.parse::<crate::rules::Variant>().is_err() {
            self.last_rules = d.last_rules;
            fixed.push(Field::LastRules);
        }
        let mut names_fixed = false;
        for name in [&mut self.white_name, &mut self.black_name] {
            if name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
                *name = name
                    .chars()
                    .filter(|c| !c.is_control())
                    .take(MAX_NAME)
                    .collect();
                names_fixed = true;
            }
        }
        if names_fixed {
            fixed.push(Field::PlayerNames);
        }
        if !(1..=MAX_ENGINE_THREADS).contains(&self.engine_threads) {
            self.engine_threads = d.engine_threads;
            fixed.push(Field::EngineThreads);
        }
        fixed
    }

    /// Writes the settings to `dir` (created if needed), atomically, with the fields of a
    /// newer version as they were read.
    ///
    /// # Errors
    /// The directory or file cannot be written.
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let text = self.to_text().map_err(std::io::Error::other)?;
        crate::store::storage::write_atomically(&settings_file(dir), text.as_bytes())
    }

    /// The settings file's text.
    fn to_text(&self) -> Result<String, ron::Error> {
        let mut text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())?;
        if !self.other_fields.is_empty() {
            // The pretty struct ends in "\n)": the other fields go before the parenthesis.
            text.pop();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            for (name, value) in &self.other_fields {
                text.push_str(&format!("    {name}: {value},\n"));
            }
            text.push(')');
        }
        Ok(text)
    }

    /// Puts `path` first in the recent files.
    pub fn add_recent(&mut self, path: &Path) {
        self.recent_files.retain(|p| p != path);
        self.recent_files.insert(0, path.to_path_buf());
        self.recent_files.truncate(MAX_RECENT);
    }
}

/// A window side in points: a real screen's, not zero, negative, infinite or absurd.
fn valid_extent(x: f32) -> bool {
    x.is_finite() && (100.0..=16384.0).contains(&x)
}

/// The settings in `bytes`, what was wrong with them, and the message for the log.
fn parse(bytes: &[u8]) -> (Settings, Option<Damage>, String) {
    if bytes.len() as u64 > MAX_SETTINGS_FILE {
        return (
            Settings::default(),
            Some(Damage::TooLarge(bytes.len() as u64)),
            format!("larger than {MAX_SETTINGS_FILE} bytes"),
        );
    }
    let (text, read_as) = match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_string(), None),
        Err(e) => {
            // Decoded as the PDN reader decodes old files: Czech names in Windows-1250 or
            // ISO-8859-2, Western ones in Windows-1252.
            let mut decoder = crate::notation::pdn::Decoder::default();
            let (text, _) = decoder.decode(bytes);
            (text, Some((decoder.encoding().name(), e.to_string())))
        }
    };
    let (mut settings, unreadable) = match by_field(&text) {
        Ok(read) => read,
        Err(e) => {
            let damage = match &read_as {
                Some(_) => Damage::NotUtf8(None),
                None => Damage::Syntax(Some((e.span.start.line, e.span.start.col))),
            };
            return (Settings::default(), Some(damage), e.to_string());
        }
    };
    let mut fixed: Vec<Field> = unreadable.iter().map(|(field, _)| *field).collect();
    fixed.extend(settings.validate());
    fixed.sort();
    fixed.dedup();
    match read_as {
        Some((name, error)) => (settings, Some(Damage::NotUtf8(Some(name))), error),
        None if !fixed.is_empty() => {
            let mut error = format!("invalid: {fixed:?}");
            for (_, e) in &unreadable {
                error.push_str("; ");
                error.push_str(e);
            }
            (settings, Some(Damage::OutOfRange(fixed)), error)
        }
        None => (settings, None, String::new()),
    }
}

/// The fields of a settings file as written: each name with its value's RON text, in the
/// file's order.
struct RawFields(Vec<(String, Box<ron::value::RawValue>)>);

impl<'de> Deserialize<'de> for RawFields {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RawFields, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = RawFields;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the settings' fields")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RawFields, A::Error> {
                let mut fields = Vec::new();
                while let Some(name) = map.next_key::<String>()? {
                    fields.push((name, map.next_value()?));
                }
                Ok(RawFields(fields))
            }
        }
        d.deserialize_struct("Settings", &[], Fields)
    }
}

/// The setting a field of the file holds; `None` for a field this version does not know.
fn field_of(name: &str) -> Option<Field> {
    Some(match name {
        "language" => Field::Language,
        "theme" => Field::Theme,
        "notation" => Field::Notation,
        "numbers_on_8x8" => Field::SquareNumbers,
        "coordinates" => Field::Coordinates,
        "flipped" => Field::Flipped,
        "board_text" => Field::BoardText,
        "window_size" => Field::WindowSize,
        "recent_files" => Field::RecentFiles,
        "last_rules" => Field::LastRules,
        "last_table_rules" => Field::TableRules,
        "white_name" | "black_name" => Field::PlayerNames,
        "white_player" | "black_player" => Field::Players,
        "speech" => Field::Speech,
        "speech_mode" => Field::SpeechMode,
        "voice" => Field::Voice,
        "verbosity" | "say_thinking" | "reread_square" | "time_calls" => Field::Verbosity,
        "zoom" => Field::Zoom,
        "sounds" => Field::Sounds,
        "sound_volume" => Field::SoundVolume,
        "engine_threads" => Field::EngineThreads,
        "last_clock" => Field::Clock,
        "solved_problems" => Field::SolvedProblems,
        "course_stars" | "course_offered" => Field::CourseStars,
        _ => return None,
    })
}

/// Reads the settings in `text` field by field: a value this version cannot read (an unknown
/// theme from a newer version, a typo, a wrong type) leaves that setting at its default and
/// is returned with the parser's message; the others are used. Fields this version does not
/// know are kept as written in `other_fields`.
///
/// # Errors
/// The text is not a RON struct (its fields cannot even be told apart).
fn by_field(text: &str) -> Result<(Settings, Vec<(Field, String)>), ron::error::SpannedError> {
    let RawFields(fields) = ron::from_str(text)?;
    let mut good: Vec<(String, String)> = Vec::new();
    let mut unreadable = Vec::new();
    let mut other_fields: Vec<(String, String)> = Vec::new();
    for (name, value) in fields {
        let value = value.get_ron().trim().to_string();
        // A name given twice: the last one counts, as it would in a map.
        good.retain(|(n, _)| *n != name);
        other_fields.retain(|(n, _)| *n != name);
        match field_of(&name) {
            Some(field) => match ron::from_str::<Settings>(&format!("({name}: {value})")) {
                Ok(_) => good.push((name, value)),
                Err(e) => unreadable.push((field, format!("{name}: {e}"))),
            },
            // Written again as it is: only a plain identifier can be.
            None if is_identifier(&name) => other_fields.push((name, value)),
            None => log::warn!("settings: field {name:?} left out"),
        }
    }
    let mut all = String::from("(");
    for (name, value) in &good {
        all.push_str(&format!("{name}: {value},\n"));
    }
    all.push(')');
    let mut settings: Settings = ron::from_str(&all)?;
    settings.other_fields = other_fields;
    Ok((settings, unreadable))
}

/// Whether `name` can be written as a RON field name as it is.
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_known_and_named() {
        let text = Settings::default().to_text().unwrap();
        let RawFields(fields) = ron::from_str(&text).unwrap();
        assert_eq!(fields.len(), 30);
        for (name, _) in fields {
            assert!(
                field_of(&name).is_some(),
                "{name} has no name for the notice"
            );
        }
    }

    #[test]
    fn round_trip_and_damaged_file() {
        let dir = std::env::temp_dir().join(format!("dama-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(Settings::load(&dir), (Settings::default(), None));
        let mut s = Settings {
            theme: Theme::HighContrast,
            language: Some(Language::English),
            ..Settings::default()
        };
        s.add_recent(Path::new("/a.pdn"));
        s.add_recent(Path::new("/b.pdn"));
        s.add_recent(Path::new("/a.pdn"));
        assert_eq!(
            s.recent_files,
            vec![PathBuf::from("/a.pdn"), "/b.pdn".into()]
        );
        s.save(&dir).unwrap();
        assert_eq!(Settings::load(&dir).0, s);
        // A partial file keeps defaults for what it lacks.
        std::fs::write(settings_file(&dir), "(theme: Dark)").unwrap();
        let (partial, notice) = Settings::load(&dir);
        assert_eq!(
            (partial.theme, partial.coordinates, notice),
            (Theme::Dark, true, None)
        );
        // A damaged file is kept aside.
        std::fs::write(settings_file(&dir), "(theme: Purple").unwrap();
        let (loaded, notice) = Settings::load(&dir);
        assert_eq!(loaded, Settings::default());
        let Some(LoadNotice {
            kept_as,
            damage: Damage::Syntax(Some((1, 9))),
            ..
        }) = notice
        else {
            panic!("a notice: {notice:?}");
        };
        assert_eq!(std::fs::read_to_string(&kept_as).unwrap(), "(theme: Purple");
        assert!(!settings_file(&dir).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A FIFO in the settings' place (nobody writing to it) gives the defaults at once: the
    /// window once never appeared, waiting in `open`.
    #[cfg(target_os = "linux")]
    #[test]
    fn settings_that_are_a_fifo_do_not_hold_the_start() {
        let dir = tempfile::tempdir().unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(settings_file(dir.path()))
            .status();
        assert!(made.unwrap().success());
        let (tx, rx) = std::sync::mpsc::channel();
        let path = dir.path().to_path_buf();
        std::thread::spawn(move || tx.send(Settings::load(&path)).unwrap());
        let (loaded, notice) = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("loading the settings waited on the FIFO");
        assert_eq!((loaded, notice), (Settings::default(), None));
    }
}
