//! Files that are not UTF-8 (tests/data/encoding): Czech ones in Windows-1250 and ISO-8859-2,
//! French and Italian ones in ISO-8859-1 and Windows-1252, each read with its own letters
//! (issue 15: Latin-1 was read as ISO-8859-2; issue 16: Windows-1250's Š and ť became control
//! characters when the file had been taken as ISO-8859-2), and the warning that says how a file
//! is read, in words (no identifier of the program's own).

use dama::language::Language;
use dama::notation::pdn::{Encoding, PdnGame, Reader, TextPos};
use dama::speech::phrases::pdn::pdn_warning_kind;

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/encoding/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every game of `bytes`, with the encoding the reader ended with.
fn read(bytes: &[u8]) -> (Vec<PdnGame>, Encoding) {
    let mut reader = Reader::new(bytes);
    let mut games = Vec::new();
    while let Some(game) = reader.next_game() {
        games.push(game.unwrap_or_else(|e| panic!("game {}: {e}", games.len() + 1)));
    }
    (games, reader.decoder().encoding())
}

/// The comments of a game's main line, in order.
fn comments(game: &PdnGame) -> Vec<&str> {
    let line = &game.moves;
    line.comments
        .iter()
        .chain(line.nodes.iter().flat_map(|n| &n.comments))
        .map(String::as_str)
        .collect()
}

/// A game as it must read: its Event, Site, White and Black tags and its comments.
struct Expected {
    event: &'static str,
    site: Option<&'static str>,
    white: &'static str,
    black: &'static str,
    comments: &'static [&'static str],
}

/// The encoding warnings of `games`: game number, place and encoding.
fn encoding_warnings(games: &[PdnGame]) -> Vec<(usize, TextPos, Encoding)> {
    games
        .iter()
        .flat_map(|g| &g.warnings)
        .filter_map(|w| match w.kind {
            dama::notation::pdn::WarningKind::NotUtf8(e) => Some((w.game, w.pos, e)),
            _ => None,
        })
        .collect()
}

fn at(line: u32, col: u32) -> TextPos {
    TextPos { line, col }
}

/// Reads `file`, checks every game against `expected`, that no text has a control character,
/// and returns the games.
fn check_file(file: &str, expected: &[Expected], encoding: Encoding) -> Vec<PdnGame> {
    let (games, enc) = read(&data(file));
    assert_eq!(games.len(), expected.len(), "{file}");
    for (i, (game, want)) in games.iter().zip(expected).enumerate() {
        let k = i + 1;
        assert_eq!(game.tag("Event"), Some(want.event), "{file}, game {k}");
        assert_eq!(game.tag("Site"), want.site, "{file}, game {k}");
        assert_eq!(game.tag("White"), Some(want.white), "{file}, game {k}");
        assert_eq!(game.tag("Black"), Some(want.black), "{file}, game {k}");
        assert_eq!(comments(game), want.comments, "{file}, game {k}");
        let texts = game
            .tags
            .iter()
            .map(|(_, v)| v.as_str())
            .chain(comments(game));
        for text in texts {
            assert!(
                !text.chars().any(|c| c.is_control() || c == '\u{FFFD}'),
                "{file}, game {k}: {text:?}"
            );
        }
    }
    assert_eq!(enc, encoding, "{file}");
    games
}

const CZECH: [Expected; 2] = [
    Expected {
        event: "Přebor Prahy",
        site: None,
        white: "Petr Ďurčo",
        black: "Ondřej Běhounek",
        comments: &["Černý hraje ostře."],
    },
    Expected {
        event: "Přebor Prahy",
        site: None,
        white: "Jiří Šťastný",
        black: "Žofie Čermáková",
        comments: &["Šťastný začíná klidně."],
    },
];

/// Issue 16: the first game has no byte in 0x80–0x9F (nothing tells Windows-1250 from
/// ISO-8859-2 there); the second has Š (0x8A), ť (0x9D) and Ž (0x8E), which ISO-8859-2 reads as
/// control characters.
#[test]
fn windows_1250_file_with_s_and_t_caron_only_in_a_later_game() {
    let games = check_file("czech-windows-1250.pdn", &CZECH, Encoding::Windows1250);
    assert_eq!(
        encoding_warnings(&games),
        [(1, at(1, 1), Encoding::Windows1250)],
        "said once, at the first text that is not UTF-8"
    );
}

/// The same games in ISO-8859-2: the first game reads alike in Windows-1250 (taken first), the
/// second game's Š (0xA9) and ť (0xBB) are © and » there, so the file goes on in ISO-8859-2
/// and says so.
#[test]
fn iso_8859_2_file() {
    let games = check_file("czech-iso-8859-2.pdn", &CZECH, Encoding::Iso8859_2);
    assert_eq!(
        encoding_warnings(&games),
        [
            (1, at(1, 1), Encoding::Windows1250),
            (2, at(10, 1), Encoding::Iso8859_2)
        ]
    );
}

/// Issue 15: French and Italian names in Latin-1 were read as ISO-8859-2 ("Moreŕu",
/// "Niccolň", "Lefčvre").
#[test]
fn latin_1_french_and_italian_file() {
    let games = check_file(
        "western-iso-8859-1.pdn",
        &[
            Expected {
                event: "Coupe de France",
                site: None,
                white: "Jérôme Moreàu",
                black: "Niccolò Brambilla",
                comments: &["Très bien joué, Niccolò."],
            },
            Expected {
                event: "Coupe de France",
                site: Some("Orléans"),
                white: "François Lefèvre",
                black: "Émile Dubois",
                comments: &["Partie très disputée à Besançon."],
            },
        ],
        Encoding::Windows1252,
    );
    assert_eq!(
        encoding_warnings(&games),
        [(1, at(2, 1), Encoding::Windows1252)]
    );
}

/// Windows-1252's quotes, dash and ellipsis in 0x80–0x9F (Windows-1250 has them at the same
/// bytes, so the Event alone does not tell the two apart: "Hélène Lefèvre" does), and œ
/// (0x9C), which is ś in Windows-1250.
#[test]
fn windows_1252_file_with_curly_quotes() {
    let games = check_file(
        "western-windows-1252.pdn",
        &[
            Expected {
                event: "Coupe d’Europe – Paris",
                site: None,
                white: "D’Artagnan",
                black: "Hélène Lefèvre",
                comments: &["“Le coup Philippe” – très fort."],
            },
            Expected {
                event: "Coupe d’Europe – Paris",
                site: None,
                white: "Mathieu Bœuf",
                black: "Gaëlle Lemaître",
                comments: &["L’œuvre d’un maître…"],
            },
        ],
        Encoding::Windows1252,
    );
    assert_eq!(
        encoding_warnings(&games),
        [
            (1, at(1, 1), Encoding::Windows1250),
            (1, at(3, 1), Encoding::Windows1252)
        ]
    );
}

#[test]
fn utf8_file() {
    let games = check_file(
        "utf8.pdn",
        &[Expected {
            event: "Přebor – Coupe d’Europe",
            site: None,
            white: "Jiří Šťastný",
            black: "Jérôme Moreàu",
            comments: &["Žofie Čermáková: “très bien”"],
        }],
        Encoding::Utf8,
    );
    assert!(games[0].warnings.is_empty(), "{:?}", games[0].warnings);
}

/// A collection joined from an ISO-8859-2 file and a Windows-1250 file: ISO-8859-2 is taken
/// from the first, and the second file's Š and ť (control characters in ISO-8859-2) switch the
/// rest to Windows-1250, with a warning where it happens.
#[test]
fn joined_files_switch_to_windows_1250_and_say_so() {
    let mut bytes = data("czech-iso-8859-2.pdn");
    bytes.extend(data("czech-windows-1250.pdn"));
    let (games, encoding) = read(&bytes);
    assert_eq!(games.len(), 4);
    for (game, want) in games.iter().zip(CZECH.iter().chain(&CZECH)) {
        assert_eq!(game.tag("White"), Some(want.white));
        assert_eq!(game.tag("Black"), Some(want.black));
        assert_eq!(comments(game), want.comments);
    }
    assert_eq!(encoding, Encoding::Windows1250);
    assert_eq!(
        encoding_warnings(&games),
        [
            (1, at(1, 1), Encoding::Windows1250),
            (2, at(10, 1), Encoding::Iso8859_2),
            (4, at(25, 1), Encoding::Windows1250)
        ]
    );
}

/// The warning in Czech and English names the encoding as users know it.
#[test]
fn the_warning_names_the_encoding_in_words() {
    let mut all = Vec::new();
    for file in [
        "czech-windows-1250.pdn",
        "czech-iso-8859-2.pdn",
        "western-iso-8859-1.pdn",
        "western-windows-1252.pdn",
    ] {
        let (games, _) = read(&data(file));
        all.extend(games.into_iter().flat_map(|g| g.warnings));
    }
    let said: Vec<(String, String)> = all
        .iter()
        .map(|w| {
            (
                pdn_warning_kind(Language::Czech, &w.kind),
                pdn_warning_kind(Language::English, &w.kind),
            )
        })
        .collect();
    assert!(said.contains(&(
        "Soubor není v kódování UTF-8, čte se jako Windows-1252.".to_string(),
        "The file is not in UTF-8; it is read as Windows-1252.".to_string()
    )));
    assert!(said.contains(&(
        "Soubor není v kódování UTF-8, čte se jako ISO-8859-2.".to_string(),
        "The file is not in UTF-8; it is read as ISO-8859-2.".to_string()
    )));
    for (cs, en) in &said {
        for id in ["Windows125", "Iso8859", "Utf8"] {
            assert!(!cs.contains(id) && !en.contains(id), "{cs} / {en}");
        }
    }
    for e in [
        Encoding::Utf8,
        Encoding::Windows1250,
        Encoding::Iso8859_2,
        Encoding::Windows1252,
    ] {
        assert_eq!(e.to_string(), e.name());
        assert!(!e.name().contains(&format!("{e:?}")), "{e:?}");
    }
}

/// `text` in the single-byte `encoding`.
fn encode(encoding: &'static encoding_rs::Encoding, text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{text} in {}", encoding.name());
    bytes.into_owned()
}

/// The White tag of a file whose only text that is not ASCII is `name`.
fn read_name(name: &[u8]) -> String {
    let mut file = b"[White \"".to_vec();
    file.extend_from_slice(name);
    file.extend_from_slice(b"\"]\n1. 32-28 *\n");
    let (games, _) = read(&file);
    games[0].tag("White").expect("White").to_string()
}

/// One name decides: Czech names in Windows-1250 and ISO-8859-2, French, Italian, Catalan and
/// Spanish ones in Latin-1 (Windows-1252 without its bytes 0x80–0x9F).
#[test]
fn a_single_name_reads_right() {
    let czech = [
        "Jiří Šťastný",
        "Žofie Čermáková",
        "Petr Ďurčo",
        "Jan Kůň",
        "Mistrovství ČR 1998, Plzeň",
        "Zdeněk Řezníček",
        "Věra Ťuková",
        "Štěpán Bělohlávek",
        "Naďa Urbánková",
        "Miloslav Kuňka",
        "Soňa Vávrová",
        "Telč",
        "Hraje se na Žižkově",
        "bílý přehlédl braní",
        "Ľudovít Štúr",
    ];
    for name in czech {
        for encoding in [encoding_rs::WINDOWS_1250, encoding_rs::ISO_8859_2] {
            assert_eq!(
                read_name(&encode(encoding, name)),
                name,
                "{}",
                encoding.name()
            );
        }
    }
    let western = [
        "Jérôme Moreàu",
        "Niccolò Brambilla",
        "François Lefèvre",
        "Émile Dubois",
        "Hélène Cazaux",
        "Ségolène",
        "Noël Brûlé",
        "Jean-Loïc",
        "Benoît",
        "Gaëlle Lemaître",
        "Agnès",
        "Città di Torino",
        "Tomàs",
        "Mònica",
        "José Peña",
        "João Gonçalves",
        "Luca Zaccarìa",
    ];
    for name in western {
        let bytes = encode(encoding_rs::WINDOWS_1252, name);
        assert!(!bytes.iter().any(|b| (0x80..0xA0).contains(b)), "{name}");
        assert_eq!(read_name(&bytes), name);
    }
}
