//! The endgame databases in words: what is installed and what a build takes (the dialog, on
//! request), and what becomes of a build in the background.

use std::time::Duration;

use crate::game::event::Endgames;
use crate::language::Language;
use crate::rules::Variant;
use crate::store::endgame_files::Installed;

use super::errors::{counted, io_error};
use super::names::rules_name;

use Language::{Czech, English};

/// A size on disk as people read it: "20,7 MB", "5,2 GB".
pub fn size(lang: Language, bytes: u64) -> String {
    let (value, unit) = match bytes {
        0..1_000_000 => (bytes as f64 / 1e3, "kB"),
        1_000_000..1_000_000_000 => (bytes as f64 / 1e6, "MB"),
        _ => (bytes as f64 / 1e9, "GB"),
    };
    let number = format!("{value:.1}");
    match lang {
        Czech => format!("{} {unit}", number.replace('.', ",")),
        English => format!("{number} {unit}"),
    }
}

/// About how long, as the object of "takes" ("potrvá asi 2 minuty", "takes about 2 minutes"):
/// rounded up to minutes, so that a person is not told less than it takes.
pub fn about(lang: Language, d: Duration) -> String {
    match lang {
        Czech => format!("asi {}", amount(lang, d)),
        English => format!("about {}", amount(lang, d)),
    }
}

/// A time in whole minutes and hours, rounded up, in the accusative ("2 minuty", "minutu").
fn amount(lang: Language, d: Duration) -> String {
    let minutes = d.as_secs().div_ceil(60) as usize;
    let (hours, minutes) = (minutes / 60, minutes % 60);
    let h = |n| match lang {
        Czech => counted(lang, n, ["hodinu", "hodiny", "hodin"]),
        English => counted(lang, n, ["hour", "hours", "hours"]),
    };
    let m = |n| match lang {
        Czech => counted(lang, n, ["minutu", "minuty", "minut"]),
        English => counted(lang, n, ["minute", "minutes", "minutes"]),
    };
    match (hours, minutes) {
        (0, 0 | 1) => match lang {
            Czech => "minutu".to_string(),
            English => "a minute".to_string(),
        },
        (0, _) => m(minutes),
        (_, 0) => h(hours),
        _ => format!("{} {}", h(hours), m(minutes)),
    }
}

/// "do 4 kamenů", "up to 4 pieces".
fn up_to(lang: Language, pieces: u32) -> String {
    match lang {
        Czech => format!("do {pieces} kamenů"),
        English => format!("up to {pieces} pieces"),
    }
}

fn name(lang: Language, variant: Variant) -> &'static str {
    rules_name(lang, variant.rules())
}

/// A build under way, as the dialog says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Building {
    /// Its rule set.
    pub variant: Variant,
    /// Its most pieces.
    pub pieces: u32,
    /// Done, in per cent (of the work, not of the materials).
    pub percent: u8,
    /// About how long the rest takes; `None` before the first material is done.
    pub left: Option<Duration>,
}

/// What the dialog says of `variant`'s databases: what is installed, a build under way (of
/// this rule set or another), and what building the next size takes.
pub fn status(
    lang: Language,
    variant: Variant,
    installed: Installed,
    building: Option<Building>,
    next: Option<(u32, u64, Duration)>,
) -> String {
    let rules = name(lang, variant);
    let mut parts = vec![match (lang, installed) {
        (Czech, Installed::Nothing) => format!(
            "{rules}: databáze koncovek nejsou postaveny; počítač hraje koncovky jen propočtem."
        ),
        (English, Installed::Nothing) => format!(
            "{rules}: no endgame databases are built; the computer plays endings by search alone."
        ),
        (Czech, Installed::Ready { pieces, bytes }) => format!(
            "{rules}: databáze koncovek {} jsou postaveny, na disku zabírají {}.",
            up_to(lang, pieces),
            size(lang, bytes)
        ),
        (English, Installed::Ready { pieces, bytes }) => format!(
            "{rules}: endgame databases {} are built, {} on disk.",
            up_to(lang, pieces),
            size(lang, bytes)
        ),
        (Czech, Installed::Stopped { pieces, done, of }) => format!(
            "{rules}: stavba databází koncovek {} byla zastavena, uloženo {done} z {}; \
             pokračuje tam, kde skončila.",
            up_to(lang, pieces),
            counted(lang, of, ["materiálu", "materiálů", "materiálů"])
        ),
        (Czech, Installed::Damaged { pieces }) => format!(
            "{rules}: databáze koncovek{} na disku jsou poškozené a počítač je nepoužívá. \
             Stavba je odloží stranou (nesmaže je) a postaví znovu.",
            pieces
                .map(|p| format!(" {}", up_to(lang, p)))
                .unwrap_or_default()
        ),
        (English, Installed::Damaged { pieces }) => format!(
            "{rules}: the endgame databases{} on disk are damaged, and the computer does not \
             use them. A build sets them aside (it does not delete them) and makes them again.",
            pieces
                .map(|p| format!(" {}", up_to(lang, p)))
                .unwrap_or_default()
        ),
        (English, Installed::Stopped { pieces, done, of }) => format!(
            "{rules}: the build of endgame databases {} was stopped with {done} of {} kept; \
             it goes on from there.",
            up_to(lang, pieces),
            counted(lang, of, ["material", "materials", "materials"])
        ),
    }];
    if let Some(b) = building {
        let left = b.left.map(|d| match lang {
            Czech => format!(", ještě {}", about(lang, d)),
            English => format!(", {} to go", about(lang, d)),
        });
        let left = left.unwrap_or_default();
        parts.push(match lang {
            Czech => format!(
                "Na pozadí se staví databáze {} pro pravidla {}: hotovo {} %{left}.",
                up_to(lang, b.pieces),
                name(lang, b.variant),
                b.percent
            ),
            English => format!(
                "Building databases {} for {} in the background: {} % done{left}.",
                up_to(lang, b.pieces),
                name(lang, b.variant),
                b.percent
            ),
        });
    } else if let Some((pieces, bytes, time)) = next {
        parts.push(match lang {
            Czech => format!(
                "Databáze {} zaberou na disku {} a postaví se na pozadí asi za {}; hra přitom \
                 nečeká.",
                up_to(lang, pieces),
                size(lang, bytes),
                amount(lang, time)
            ),
            English => format!(
                "Databases {} take {} on disk and are built in the background in {}; play does \
                 not wait.",
                up_to(lang, pieces),
                size(lang, bytes),
                about(lang, time)
            ),
        });
    }
    parts.join(" ")
}

/// The words for what became of a build. The rule set's name comes first, as a heading
/// ("Česká dáma: …"): a name cannot be declined after "pro".
pub fn news(lang: Language, e: &Endgames) -> String {
    let (variant, words) = match e {
        Endgames::Started {
            variant,
            pieces,
            bytes,
            time,
            done,
            damaged,
        } => {
            let going_on = match (lang, done) {
                (_, 0) => String::new(),
                (Czech, n) => format!(" Pokračuje od uloženého: {n} hotovo."),
                (English, n) => format!(" Going on from what was kept: {n} done."),
            };
            let damaged = match (lang, damaged) {
                (_, false) => "",
                (Czech, true) => "databáze na disku jsou poškozené, odkládám je stranou; ",
                (English, true) => "the databases on disk are damaged, set aside; ",
            };
            let words = match lang {
                Czech => format!(
                    "{damaged}stavím databáze koncovek {}: {} na disku, potrvá to {}. Hra přitom \
                     nečeká; jak daleko je, řekne Úpravy, Databáze koncovek.{going_on}",
                    up_to(lang, *pieces),
                    size(lang, *bytes),
                    about(lang, *time)
                ),
                English => format!(
                    "{damaged}building endgame databases {}: {} on disk, taking {}. Play does \
                     not wait; Edit, Endgame databases tells how far it is.{going_on}",
                    up_to(lang, *pieces),
                    size(lang, *bytes),
                    about(lang, *time)
                ),
            };
            (variant, words)
        }
        Endgames::Built {
            variant,
            pieces,
            bytes,
        } => {
            let words = match lang {
                Czech => format!(
                    "databáze koncovek {} jsou hotové ({}); počítač je použije od svého \
                     dalšího tahu.",
                    up_to(lang, *pieces),
                    size(lang, *bytes)
                ),
                English => format!(
                    "endgame databases {} are ready ({}); the computer uses them from its next \
                     move.",
                    up_to(lang, *pieces),
                    size(lang, *bytes)
                ),
            };
            (variant, words)
        }
        Endgames::Stopped { variant, done, of } => {
            let words = match lang {
                Czech => format!(
                    "stavba databází koncovek zastavena; uloženo {done} z {}, příště se \
                     pokračuje odtud.",
                    counted(lang, *of, ["materiálu", "materiálů", "materiálů"])
                ),
                English => format!(
                    "building endgame databases stopped; {done} of {} kept, the next build \
                     goes on from there.",
                    counted(lang, *of, ["material", "materials", "materials"])
                ),
            };
            (variant, words)
        }
        Endgames::Removed(variant) => {
            let words = match lang {
                Czech => "databáze koncovek jsou smazány.".to_string(),
                English => "endgame databases are removed.".to_string(),
            };
            (variant, words)
        }
        Endgames::Failed {
            variant,
            path,
            error: (kind, code, message),
        } => {
            let why = io_error(lang, *kind, *code, message);
            let words = match lang {
                Czech => format!(
                    "databáze koncovek nelze zapsat do {}: {why}.",
                    path.display()
                ),
                English => format!(
                    "endgame databases cannot be written to {}: {why}.",
                    path.display()
                ),
            };
            (variant, words)
        }
        Endgames::Busy(variant) => {
            let words = match lang {
                Czech => "databáze koncovek teď staví nebo maže jiné okno Dámy; zkuste to znovu, \
                          až skončí."
                    .to_string(),
                English => "another Dáma window is building or removing the endgame databases \
                            now; try again when it is done."
                    .to_string(),
            };
            (variant, words)
        }
        Endgames::Offered { variant, bytes } => {
            let words = match lang {
                Czech => format!(
                    "s databázemi koncovek hraje počítač koncovky bez chyby. Zaberou {}; \
                     postavit je můžete v nabídce Úpravy, Databáze koncovek.",
                    size(lang, *bytes)
                ),
                English => format!(
                    "with endgame databases the computer plays endings without a mistake. They \
                     take {}; build them from Edit, Endgame databases.",
                    size(lang, *bytes)
                ),
            };
            (variant, words)
        }
    };
    format!("{}: {words}", name(lang, *variant))
}

/// A damaged file of databases set aside before they are built again, as `dama endgame` says
/// it: "english.wdl is damaged: set aside as english.wdl.damaged".
pub fn set_aside(lang: Language, from: &std::path::Path, to: &std::path::Path) -> String {
    match lang {
        Czech => format!(
            "{} je poškozený: odložen stranou jako {}",
            from.display(),
            to.display()
        ),
        English => format!(
            "{} is damaged: set aside as {}",
            from.display(),
            to.display()
        ),
    }
}

/// Why `dama endgame` builds nothing: the build of up to `pieces` pieces needs `needed` bytes
/// of memory at its height, more than this computer has `available` (`None`: not known, so more
/// than `most`, what is built without knowing).
pub fn too_much_memory(
    lang: Language,
    pieces: u32,
    needed: u64,
    available: Option<u64>,
    most: u64,
) -> String {
    match (lang, available) {
        (Czech, Some(free)) => format!(
            "stavba {} potřebuje {} paměti a tento počítač má volných jen {}; nic se \
             nestavělo (--force ji přesto spustí)",
            up_to(lang, pieces),
            size(lang, needed),
            size(lang, free)
        ),
        (English, Some(free)) => format!(
            "a build {} needs {} of memory and this computer has only {} free; nothing was \
             built (--force builds it anyway)",
            up_to(lang, pieces),
            size(lang, needed),
            size(lang, free)
        ),
        (Czech, None) => format!(
            "stavba {} potřebuje {} paměti, víc než {}, kolik se staví, když nelze zjistit \
             volnou paměť počítače; nic se nestavělo (--force ji přesto spustí)",
            up_to(lang, pieces),
            size(lang, needed),
            size(lang, most)
        ),
        (English, None) => format!(
            "a build {} needs {} of memory, more than {}, the most built where this computer's \
             free memory cannot be known; nothing was built (--force builds it anyway)",
            up_to(lang, pieces),
            size(lang, needed),
            size(lang, most)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn sizes_and_times_as_people_say_them() {
        assert_eq!(size(Czech, 20_742_867), "20,7 MB");
        assert_eq!(size(English, 20_742_867), "20.7 MB");
        assert_eq!(size(Czech, 5_215_000_000), "5,2 GB");
        assert_eq!(size(English, 812), "0.8 kB");
        let secs = Duration::from_secs;
        assert_eq!(about(Czech, secs(18)), "asi minutu");
        assert_eq!(about(English, secs(18)), "about a minute");
        assert_eq!(about(Czech, secs(150)), "asi 3 minuty");
        assert_eq!(about(Czech, secs(601)), "asi 11 minut");
        assert_eq!(about(English, secs(601)), "about 11 minutes");
        assert_eq!(about(Czech, secs(3600)), "asi 1 hodinu");
        assert_eq!(
            about(Czech, secs(4 * 3600 + 5 * 60)),
            "asi 4 hodiny 5 minut"
        );
        assert_eq!(
            about(English, secs(4 * 3600 + 60)),
            "about 4 hours 1 minute"
        );
    }

    #[test]
    fn the_status_in_czech_and_english() {
        let v = Variant::Czech;
        let next = Some((5, 504_000_000, Duration::from_secs(900)));
        let ready = Installed::Ready {
            pieces: 4,
            bytes: 20_742_867,
        };
        assert_eq!(
            status(Czech, v, ready, None, next),
            "Česká dáma: databáze koncovek do 4 kamenů jsou postaveny, na disku zabírají 20,7 \
             MB. Databáze do 5 kamenů zaberou na disku 504,0 MB a postaví se na pozadí asi za 15 \
             minut; hra přitom nečeká."
        );
        assert_eq!(
            status(English, v, ready, None, next),
            "Czech draughts: endgame databases up to 4 pieces are built, 20.7 MB on disk. \
             Databases up to 5 pieces take 504.0 MB on disk and are built in the background in \
             about 15 minutes; play does not wait."
        );
        let building = Some(Building {
            variant: Variant::English,
            pieces: 4,
            percent: 45,
            left: Some(Duration::from_secs(100)),
        });
        assert_eq!(
            status(Czech, v, Installed::Nothing, building, next),
            "Česká dáma: databáze koncovek nejsou postaveny; počítač hraje koncovky jen \
             propočtem. Na pozadí se staví databáze do 4 kamenů pro pravidla Anglická dáma: \
             hotovo 45 %, ještě asi 2 minuty."
        );
        assert_eq!(
            status(English, v, Installed::Nothing, building, None),
            "Czech draughts: no endgame databases are built; the computer plays endings by \
             search alone. Building databases up to 4 pieces for English draughts in the \
             background: 45 % done, about 2 minutes to go."
        );
        let stopped = Installed::Stopped {
            pieces: 4,
            done: 12,
            of: 41,
        };
        assert_eq!(
            status(Czech, v, stopped, None, None),
            "Česká dáma: stavba databází koncovek do 4 kamenů byla zastavena, uloženo 12 z 41 \
             materiálů; pokračuje tam, kde skončila."
        );
        assert_eq!(
            status(English, v, stopped, None, None),
            "Czech draughts: the build of endgame databases up to 4 pieces was stopped with 12 \
             of 41 materials kept; it goes on from there."
        );
    }

    #[test]
    fn damaged_databases_in_czech_and_english() {
        let v = Variant::English;
        let damaged = Installed::Damaged { pieces: Some(4) };
        let next = Some((4, 20_742_867, Duration::from_secs(100)));
        assert_eq!(
            status(Czech, v, damaged, None, next),
            "Anglická dáma: databáze koncovek do 4 kamenů na disku jsou poškozené a počítač je \
             nepoužívá. Stavba je odloží stranou (nesmaže je) a postaví znovu. Databáze \
             do 4 kamenů zaberou na disku 20,7 MB a postaví se na pozadí asi za 2 minuty; hra \
             přitom nečeká."
        );
        assert_eq!(
            status(English, v, damaged, None, next),
            "English draughts: the endgame databases up to 4 pieces on disk are damaged, and the \
             computer does not use them. A build sets them aside (it does not delete them) and \
             makes them again. Databases up to 4 pieces take 20.7 MB on disk and are built in the \
             background in about 2 minutes; play does not wait."
        );
        let unknown = Installed::Damaged { pieces: None };
        assert_eq!(
            status(Czech, v, unknown, None, None),
            "Anglická dáma: databáze koncovek na disku jsou poškozené a počítač je nepoužívá. \
             Stavba je odloží stranou (nesmaže je) a postaví znovu."
        );
        assert_eq!(
            status(English, v, unknown, None, None),
            "English draughts: the endgame databases on disk are damaged, and the computer does \
             not use them. A build sets them aside (it does not delete them) and makes them again."
        );
        let started = Endgames::Started {
            variant: v,
            pieces: 4,
            bytes: 20_742_867,
            time: Duration::from_secs(40),
            done: 0,
            damaged: true,
        };
        assert_eq!(
            news(Czech, &started),
            "Anglická dáma: databáze na disku jsou poškozené, odkládám je stranou; stavím \
             databáze koncovek do 4 kamenů: 20,7 MB na disku, potrvá to asi minutu. Hra přitom \
             nečeká; jak daleko je, řekne Úpravy, Databáze koncovek."
        );
        assert_eq!(
            news(English, &started),
            "English draughts: the databases on disk are damaged, set aside; building endgame \
             databases up to 4 pieces: 20.7 MB on disk, taking about a minute. Play does not \
             wait; Edit, Endgame databases tells how far it is."
        );
        let (from, to) = (
            PathBuf::from("/data/endgames/english.wdl"),
            PathBuf::from("/data/endgames/english.wdl.damaged"),
        );
        assert_eq!(
            set_aside(Czech, &from, &to),
            "/data/endgames/english.wdl je poškozený: odložen stranou jako \
             /data/endgames/english.wdl.damaged"
        );
        assert_eq!(
            set_aside(English, &from, &to),
            "/data/endgames/english.wdl is damaged: set aside as \
             /data/endgames/english.wdl.damaged"
        );
        for czech in [
            status(Czech, v, damaged, None, next),
            news(Czech, &started),
            set_aside(Czech, &from, &to),
        ] {
            let english = crate::speech::phrases::english::english_words(&czech);
            assert!(english.is_empty(), "{english:?} in {czech}");
        }
    }

    #[test]
    fn a_build_beyond_the_memory_in_czech_and_english() {
        let (needed, free, most) = (420_300_000_000, 24_000_000_000, 4_000_000_000);
        let known = [
            too_much_memory(Czech, 6, needed, Some(free), most),
            too_much_memory(English, 6, needed, Some(free), most),
        ];
        assert_eq!(
            known,
            [
                "stavba do 6 kamenů potřebuje 420,3 GB paměti a tento počítač má volných jen \
                 24,0 GB; nic se nestavělo (--force ji přesto spustí)",
                "a build up to 6 pieces needs 420.3 GB of memory and this computer has only 24.0 \
                 GB free; nothing was built (--force builds it anyway)"
            ]
        );
        let unknown = [
            too_much_memory(Czech, 5, 17_000_000_000, None, most),
            too_much_memory(English, 5, 17_000_000_000, None, most),
        ];
        assert_eq!(
            unknown,
            [
                "stavba do 5 kamenů potřebuje 17,0 GB paměti, víc než 4,0 GB, kolik se staví, \
                 když nelze zjistit volnou paměť počítače; nic se nestavělo (--force ji přesto \
                 spustí)",
                "a build up to 5 pieces needs 17.0 GB of memory, more than 4.0 GB, the most built \
                 where this computer's free memory cannot be known; nothing was built (--force \
                 builds it anyway)"
            ]
        );
        for czech in [&known[0], &unknown[0]] {
            let english = crate::speech::phrases::english::english_words(czech);
            assert!(english.is_empty(), "{english:?} in {czech}");
        }
    }

    #[test]
    fn what_became_of_a_build_in_czech_and_english() {
        let variant = Variant::English;
        let started = Endgames::Started {
            variant,
            pieces: 4,
            bytes: 20_742_867,
            time: Duration::from_secs(40),
            done: 0,
            damaged: false,
        };
        assert_eq!(
            news(Czech, &started),
            "Anglická dáma: stavím databáze koncovek do 4 kamenů: 20,7 MB na disku, potrvá to \
             asi minutu. Hra přitom nečeká; jak daleko je, řekne Úpravy, Databáze koncovek."
        );
        assert_eq!(
            news(English, &started),
            "English draughts: building endgame databases up to 4 pieces: 20.7 MB on disk, \
             taking about a minute. Play does not wait; Edit, Endgame databases tells how far \
             it is."
        );
        let built = Endgames::Built {
            variant,
            pieces: 4,
            bytes: 20_742_867,
        };
        assert_eq!(
            news(Czech, &built),
            "Anglická dáma: databáze koncovek do 4 kamenů jsou hotové (20,7 MB); počítač je \
             použije od svého dalšího tahu."
        );
        let stopped = Endgames::Stopped {
            variant,
            done: 12,
            of: 41,
        };
        assert_eq!(
            news(Czech, &stopped),
            "Anglická dáma: stavba databází koncovek zastavena; uloženo 12 z 41 materiálů, \
             příště se pokračuje odtud."
        );
        assert_eq!(
            news(English, &stopped),
            "English draughts: building endgame databases stopped; 12 of 41 materials kept, \
             the next build goes on from there."
        );
        let failed = Endgames::Failed {
            variant,
            path: PathBuf::from("/data/endgames"),
            error: (
                std::io::ErrorKind::StorageFull,
                Some(28),
                "No space left on device (os error 28)".into(),
            ),
        };
        assert_eq!(
            news(Czech, &failed),
            "Anglická dáma: databáze koncovek nelze zapsat do /data/endgames: na disku není \
             místo."
        );
        assert_eq!(
            news(English, &failed),
            "English draughts: endgame databases cannot be written to /data/endgames: No space \
             left on device (os error 28)."
        );
        assert_eq!(
            news(Czech, &Endgames::Removed(variant)),
            "Anglická dáma: databáze koncovek jsou smazány."
        );
        assert_eq!(
            news(Czech, &Endgames::Busy(variant)),
            "Anglická dáma: databáze koncovek teď staví nebo maže jiné okno Dámy; zkuste to \
             znovu, až skončí."
        );
        assert_eq!(
            news(English, &Endgames::Busy(variant)),
            "English draughts: another Dáma window is building or removing the endgame \
             databases now; try again when it is done."
        );
        let offered = Endgames::Offered {
            variant: Variant::TwoTowers,
            bytes: 661_000_000,
        };
        assert_eq!(
            news(Czech, &offered),
            "Dvě věže: s databázemi koncovek hraje počítač koncovky bez chyby. Zaberou 661,0 MB; \
             postavit je můžete v nabídce Úpravy, Databáze koncovek."
        );
    }
}
