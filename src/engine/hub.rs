//! The Hub protocol, version 2 (Scan 3, the Hub GUI and the match programs of the draughts
//! world speak it): `dama hub` lets other programs play and analyse with Dáma's engine, in every
//! rule set, and lets Dáma play matches against other Hub engines.
//!
//! A line each way, `command arg=value arg="value with spaces" flag`. The GUI declares the
//! parameters (`hub`), sets them and asks for `init`, then each search is `pos`, `level` and
//! `go`; the engine answers `info` lines and one `done`. Beside the protocol's 51-character
//! position (side to move, then `w b W B e` for each square in number order, which fits any
//! board of men and kings), `pos fen=…` takes a PDN FEN, which also holds Dvě věže's towers.
//! Moves are numeric: `32-28`, a capture `28x19x23` (from, to, then the captured squares).

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::learned::Learned;
use super::{Evaluator, Limits, MAN, Report, Searcher};
use crate::rules::{Color, Move, Piece, Position, Role, RuleSet, Variant};

/// The transposition table's size unless the GUI sets `hash`, in MiB.
pub const DEFAULT_HASH_MB: usize = 64;
/// Longest line read, in bytes, its line end included: a `pos` with a whole game's moves
/// takes a few KiB. A longer line, or one without end, is an error, not memory without bound.
pub const MAX_LINE: usize = 64 << 10;
/// Largest weights file `dama hub --eval` reads, in bytes: twenty times International's.
pub const MAX_EVAL_FILE: u64 = 8 << 20;
/// Most characters of a value quoted back in an `error` line.
const EXCERPT: usize = 40;

/// `text`, or its first [`EXCERPT`] characters and "…": an error names a value without
/// repeating a whole line.
fn excerpt(text: &str) -> String {
    clip(text, EXCERPT)
}

/// Most characters of an `error` line's message: what it quotes from below (a FEN's part, a
/// variant's name) is cut there too.
const MAX_MESSAGE: usize = 160;

/// The `error` line of `message`, cut to [`MAX_MESSAGE`] characters.
fn error_line(message: &str) -> String {
    format!("error message={}", quoted(&clip(message, MAX_MESSAGE)))
}

/// `text`, or its first `most` characters and "…".
fn clip(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// The next line of `input`, without its line end; `None` at the end of the input. At most
/// [`MAX_LINE`] bytes are read into memory, whatever comes.
///
/// # Errors
/// Reading failed, or the line is longer than [`MAX_LINE`], holds binary data (a NUL or other
/// control byte: `dama hub < /dev/zero`) or is not UTF-8: the input is no GUI speaking the
/// protocol, and reading on would not find one.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<String>> {
    let invalid = |what: String| io::Error::new(io::ErrorKind::InvalidData, what);
    buf.clear();
    if io::Read::take(&mut *input, MAX_LINE as u64).read_until(b'\n', buf)? == 0 {
        return Ok(None);
    }
    let control = |b: u8| (b < b' ' && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7F;
    if let Some(&b) = buf.iter().find(|&&b| control(b)) {
        return Err(invalid(format!(
            "binary data (byte 0x{b:02X}), not a protocol line"
        )));
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    } else if buf.len() == MAX_LINE && !input.fill_buf()?.is_empty() {
        return Err(invalid(format!("a line longer than {MAX_LINE} bytes")));
    }
    String::from_utf8(std::mem::take(buf))
        .map(Some)
        .map_err(|_| invalid("a line that is not UTF-8".into()))
}

/// A parsed protocol line: the command and its arguments in order (a flag has an empty value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first word.
    pub command: String,
    /// `name=value` pairs and flags, in the order given.
    pub args: Vec<(String, String)>,
}

impl Line {
    /// Splits a line into its command and arguments; quotes group a value with spaces. `None`
    /// for an empty line.
    pub fn parse(text: &str) -> Option<Line> {
        let mut words = Vec::new();
        let mut word = String::new();
        let mut quoted = false;
        let mut started = false;
        for c in text.chars() {
            match c {
                '"' => {
                    quoted = !quoted;
                    started = true;
                }
                c if c.is_whitespace() && !quoted => {
                    if started {
                        words.push(std::mem::take(&mut word));
                        started = false;
                    }
                }
                c => {
                    word.push(c);
                    started = true;
                }
            }
        }
        if started {
            words.push(word);
        }
        let mut words = words.into_iter();
        let command = words.next()?;
        let args = words
            .map(|w| match w.split_once('=') {
                Some((k, v)) => (k.to_string(), v.to_string()),
                None => (w, String::new()),
            })
            .collect();
        Some(Line { command, args })
    }

    /// The value of argument `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether argument or flag `name` is present.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(k, _)| k == name)
    }
}

/// Quotes a value when the protocol needs it (spaces, `=`, empty).
fn quoted(value: &str) -> String {
    if value.is_empty() || value.contains([' ', '=', '"']) {
        format!("\"{}\"", value.replace('"', "'"))
    } else {
        value.to_string()
    }
}

/// The protocol's position: the side to move, then a character per square in number order.
/// `None` where a tower stands (use a FEN).
pub fn write_position(pos: &Position) -> Option<String> {
    let mut out = String::new();
    out.push(match pos.side_to_move() {
        Color::White => 'W',
        Color::Black => 'B',
    });
    for sq in pos.board().all_squares() {
        out.push(match pos.piece_at(sq) {
            None => 'e',
            Some(Piece { color, role }) => match (color, role) {
                (Color::White, Role::Man) => 'w',
                (Color::Black, Role::Man) => 'b',
                (Color::White, Role::King) => 'W',
                (Color::Black, Role::King) => 'B',
                (_, Role::Tower) => return None,
            },
        });
    }
    Some(out)
}

/// Reads the protocol's position for `rules`' board.
///
/// # Errors
/// A wrong length, side or square character, or a position the rules cannot hold.
pub fn parse_position(rules: &RuleSet, text: &str) -> Result<Position, String> {
    let board = rules.board;
    let squares: Vec<_> = board.all_squares().collect();
    let mut chars = text.chars();
    let side = match chars.next() {
        Some('W') => Color::White,
        Some('B') => Color::Black,
        _ => {
            return Err(format!(
                "position {:?}: it starts with W or B",
                excerpt(text)
            ));
        }
    };
    let rest: Vec<char> = chars.collect();
    if rest.len() != squares.len() {
        return Err(format!(
            "position {:?}: {} squares, the board has {}",
            excerpt(text),
            rest.len(),
            squares.len()
        ));
    }
    let mut pos = Position::empty(board, side);
    for (&sq, c) in squares.iter().zip(rest) {
        let piece = match c {
            'e' => None,
            'w' => Some(Piece::new(Color::White, Role::Man)),
            'b' => Some(Piece::new(Color::Black, Role::Man)),
            'W' => Some(Piece::new(Color::White, Role::King)),
            'B' => Some(Piece::new(Color::Black, Role::King)),
            other => {
                return Err(format!(
                    "position {:?}: unknown square {other:?}",
                    excerpt(text)
                ));
            }
        };
        pos.set_piece(sq, piece);
    }
    pos.validate()
        .map_err(|e| format!("position {:?}: {e}", excerpt(text)))?;
    Ok(pos)
}

/// A move as the protocol writes it: `32-28`, or `28x19x23` with the captured squares in
/// ascending order.
pub fn write_move(m: &Move) -> String {
    if m.is_capture() {
        let mut s = format!("{}x{}", m.from(), m.to());
        for sq in m.captured().iter() {
            s.push_str(&format!("x{sq}"));
        }
        s
    } else {
        format!("{}-{}", m.from(), m.to())
    }
}

/// The legal move of `pos` that `text` names (captured squares in any order).
///
/// # Errors
/// Not a move of this form, or no legal move is it.
pub fn parse_move(pos: &Position, rules: &RuleSet, text: &str) -> Result<Move, String> {
    let numbers: Result<Vec<u8>, _> = text.split(['-', 'x']).map(str::parse::<u8>).collect();
    let numbers = numbers.map_err(|_| format!("move {:?}: not a move", excerpt(text)))?;
    if numbers.len() < 2 {
        return Err(format!("move {:?}: not a move", excerpt(text)));
    }
    let capture = text.contains('x');
    let mut captured: Vec<u8> = numbers[2..].to_vec();
    captured.sort_unstable();
    // A quiet move has no captured squares, so one comparison serves both kinds.
    pos.legal_moves(rules)
        .into_iter()
        .find(|m| {
            m.from().number() == numbers[0]
                && m.to().number() == numbers[1]
                && m.is_capture() == capture
                && m.captured()
                    .iter()
                    .map(|s| s.number())
                    .eq(captured.iter().copied())
        })
        .ok_or_else(|| format!("move {:?}: not legal here", excerpt(text)))
}

/// How long the GUI lets a search run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    /// `level depth=N`.
    Depth(u32),
    /// `level move-time=S`.
    MoveTime(Duration),
    /// `level [moves=N] time=S [inc=S]`: the clock.
    Clock {
        /// Time left on the clock.
        time: Duration,
        /// Added before every move.
        inc: Duration,
        /// Moves to the next time control, if any.
        moves: Option<u32>,
    },
    /// `level infinite`: until `stop`.
    Infinite,
}

impl Level {
    /// The limits of one search at this level, `phase` saying how far the game has gone (see
    /// [`phase`]). A clock is shared out as Scan 2.0 shares its own: over the moves still to
    /// play, counted from 30 at the start down to 10 in the ending (fewer if the next control
    /// comes sooner), with a fifth more, increments included; no new iteration begins past
    /// 0.4 (at the start) to 0.8 (in the ending) of that share, and none runs past four times
    /// it, or past nearly a quarter of the clock and one increment, so that a long think cannot
    /// lose on time. Against the time left over 25 moves, stopped mid-iteration (SPRT,
    /// International, 5 s a game each, no increment, [0, 10]): H1 after 125 pairs, Elo +50.4
    /// [+27.4, +73.9], pairs 0 15 66 37 7, no game lost on time (the old way: 5).
    ///
    /// Each limit is less 0.1 s (`CLOCK_LAG`), as Scan's are: a share smaller than that is
    /// searched only to the least depth a soft limit allows (or to the hard limit, if sooner),
    /// so the last second or so of a clock without increment lasts for many quick moves.
    /// Shares that ran down to nothing lost a long game on time (one of 35 at a minute a game
    /// against Scan 2.0, at 172 plies). Against them (SPRT, International, 10 s a game each, no
    /// increment, [-10, 0]): H1 at pair 206, LLR 2.97 over 207 pairs, Elo +9.2 [-4.2, +22.7],
    /// pairs 1 22 152 29 3.
    pub fn limits(self, phase: f64) -> Limits {
        match self {
            Level::Depth(d) => Limits::depth(d),
            Level::MoveTime(t) => Limits::time(t),
            Level::Clock { time, inc, moves } => {
                let phase = phase.clamp(0.0, 1.0);
                let (left, inc) = (time.as_secs_f64(), inc.as_secs_f64());
                let mut moves_left = 30.0 - 20.0 * phase;
                if let Some(m) = moves {
                    moves_left = moves_left.min(f64::from(m.max(1)));
                }
                let mut total = left + inc * moves_left;
                let share = total / moves_left * 1.2;
                // A quarter of the clock at most, unless the control is a few moves away.
                if moves.is_none_or(|m| m >= 10) {
                    total = total.min(left / 4.0 + inc);
                }
                let lag = |t: f64| (t - CLOCK_LAG).max(0.0);
                let most = lag(total.min(left + inc) * 0.95);
                let hard = lag(share * 4.0).min(most).max(SHORTEST_SEARCH);
                let soft = (lag(share).min(most) * (0.4 + 0.4 * phase)).min(hard);
                Limits {
                    time: Some(Duration::from_secs_f64(hard)),
                    soft: Some(Duration::from_secs_f64(soft)),
                    ..Limits::default()
                }
            }
            Level::Infinite => Limits::default(),
        }
    }
}

/// Seconds taken off each limit of a move on a clock (Scan 2.0's `time_lag`): for the
/// protocol's pipes and the GUI, and so that a nearly spent clock is played at once.
const CLOCK_LAG: f64 = 0.1;

/// The shortest search on a clock, in seconds, however little is left: enough for a move
/// better than the first legal one.
const SHORTEST_SEARCH: f64 = 0.005;

/// How far the game of `pos` has gone, for sharing out a clock: 0 with every man of the start
/// still a man (or a tower), 1 with none left.
pub fn phase(pos: &Position, variant: Variant) -> f64 {
    let men = |p: &Position| {
        [Color::White, Color::Black]
            .iter()
            .map(|&c| p.count(c, Role::Man) + p.count(c, Role::Tower))
            .sum::<usize>()
    };
    let start = men(&variant.start_position()).max(1);
    1.0 - men(pos).min(start) as f64 / start as f64
}

/// What the GUI has set up for the next search.
struct Setup {
    variant: Variant,
    hash_mb: usize,
    /// Search threads (parameter `threads`).
    threads: usize,
    positions: Vec<Position>,
    level: Level,
    /// Weights to evaluate with instead of the shipped ones (`dama hub --eval FILE`).
    eval: Option<Arc<[u8]>>,
    /// Engine options on trial.
    trial: Trial,
}

/// Engine options on trial: two players of one build, one with an option and one without, are
/// compared by SPRT before it becomes the engine's way.
#[derive(Clone, Copy, Debug, Default)]
pub struct Trial {
    /// Exchanges played out at the horizon (`dama hub --exchanges`,
    /// [`Searcher::set_horizon_exchanges`]).
    pub exchanges: bool,
    /// A lead discounted while the side behind has a king, or not, whatever the rule set's
    /// default (`dama hub --king-discount on|off`, [`Evaluator::set_king_discount`]).
    pub king_discount: Option<bool>,
}

/// A search running on its own thread.
struct Running {
    handle: JoinHandle<()>,
    /// Stops it: the searcher's own flag.
    stop: Arc<AtomicBool>,
    /// Set by `ponder-hit`: the search (pondering until now) gets its time from now on.
    hit: Arc<AtomicBool>,
}

/// Runs the protocol on `input` and `output` until `quit` or the end of the input (the GUI is
/// gone). A search runs on a thread of its own and the input is read all the while: `stop`,
/// `ponder-hit` and `ping` act at once, `quit` (or the end of the input) stops the search and
/// ends, and `pos` and `level` set up the next search. The protocol lets a GUI send nothing else
/// while the engine searches; a `go`, `new-game`, `init` or `set-param` then is an `error` line
/// and the search goes on (to wait for it would stop the reading, and an endless search, never
/// hearing its `stop` or `quit`, would run for ever). Once `stop` is sent they wait for the
/// search's `done`, as a GUI that stops a search and at once sets up the next expects.
///
/// With `eval`, the contents of a weights file (`train_eval`'s output), the engine evaluates
/// with those weights instead of the shipped ones: two builds of the evaluation are compared by
/// SPRT without building the program again; weights that do not fit the rule set are an
/// `error` line, and the shipped ones play. `trial` turns on options on trial.
///
/// # Errors
/// Reading the input or writing the output failed.
pub fn run<R: BufRead, W: Write + Send + 'static>(
    input: R,
    output: W,
    eval: Option<Vec<u8>>,
    trial: Trial,
) -> io::Result<()> {
    let out = Arc::new(Mutex::new(output));
    let say = |text: &str| -> io::Result<()> {
        let mut o = out.lock().expect("output lock");
        writeln!(o, "{text}")?;
        o.flush()
    };
    let mut setup = Setup {
        variant: Variant::International,
        hash_mb: DEFAULT_HASH_MB,
        threads: 1,
        positions: vec![Variant::International.start_position()],
        level: Level::MoveTime(Duration::from_secs(1)),
        eval: eval.map(Arc::from),
        trial,
    };
    let mut searcher: Option<Arc<Mutex<Searcher>>> = None;
    let mut running: Option<Running> = None;
    let mut input = input;
    let mut buf = Vec::new();
    while let Some(line) = read_line(&mut input, &mut buf)? {
        let Some(cmd) = Line::parse(&line) else {
            continue;
        };
        let command = cmd.command.as_str();
        if matches!(command, "go" | "new-game" | "init" | "set-param") && searching(&running) {
            say(&error_line(&format!(
                "{command}: a search is running; send stop first"
            )))?;
            continue;
        }
        match command {
            "hub" => {
                say(&format!(
                    "id name=Dáma version={} author=\"Dáma developers\" country=Czechia",
                    env!("CARGO_PKG_VERSION")
                ))?;
                let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
                say(&format!(
                    "param name=variant value={} type=enum values=\"{}\"",
                    setup.variant.id(),
                    ids.join(" ")
                ))?;
                say(&format!(
                    "param name=hash value={} type=int min=1 max=16384",
                    setup.hash_mb
                ))?;
                say(&format!(
                    "param name=threads value={} type=int min=1 max=64",
                    setup.threads
                ))?;
                say("wait")?;
            }
            "set-param" => {
                if let (Some(name), Some(value)) = (cmd.get("name"), cmd.get("value")) {
                    match name {
                        "variant" => match value.parse::<Variant>() {
                            Ok(v) => {
                                setup.variant = v;
                                setup.positions = vec![v.start_position()];
                                searcher = None;
                            }
                            Err(e) => say(&error_line(&e.to_string()))?,
                        },
                        "hash" => match value.parse::<usize>() {
                            Ok(mb) if (1..=16384).contains(&mb) => {
                                setup.hash_mb = mb;
                                searcher = None;
                            }
                            _ => say(&error_line(&format!(
                                "hash {:?}: 1 to 16384 MiB",
                                excerpt(value)
                            )))?,
                        },
                        "threads" => match value.parse::<usize>() {
                            Ok(n) if (1..=64).contains(&n) => {
                                setup.threads = n;
                                if let Some(s) = &searcher {
                                    s.lock().expect("searcher lock").set_threads(n);
                                }
                            }
                            _ => say(&error_line(&format!(
                                "threads {:?}: 1 to 64",
                                excerpt(value)
                            )))?,
                        },
                        _ => {}
                    }
                }
            }
            "init" => {
                finish(&mut running);
                searcher = Some(new_searcher(&setup, &out)?);
                say("ready")?;
            }
            "new-game" => {
                finish(&mut running);
                if let Some(s) = &searcher {
                    s.lock().expect("searcher lock").clear();
                }
            }
            "ping" => say("pong")?,
            "pos" => match positions(&setup, &cmd) {
                Ok(p) => setup.positions = p,
                Err(e) => say(&error_line(&e))?,
            },
            "level" => match level(&cmd) {
                Ok(l) => setup.level = l,
                Err(e) => say(&error_line(&e))?,
            },
            "go" => {
                finish(&mut running);
                let s = match searcher.clone() {
                    Some(s) => s,
                    None => searcher.insert(new_searcher(&setup, &out)?).clone(),
                };
                running = Some(go(&setup, &cmd, s, out.clone()));
            }
            "ponder-hit" => {
                if let Some(r) = &running {
                    r.hit.store(true, Ordering::Relaxed);
                }
            }
            "stop" => {
                if let Some(r) = &running {
                    r.stop.store(true, Ordering::Relaxed);
                }
            }
            "quit" => break,
            _ => {}
        }
    }
    if let Some(r) = &running {
        r.stop.store(true, Ordering::Relaxed);
    }
    finish(&mut running);
    Ok(())
}

/// A searcher as `setup` asks for. Weights of `--eval` that do not fit the rule set are an
/// `error` line on `out`, and the shipped ones play; so is a `hash` the machine cannot hold,
/// and a smaller table plays.
fn new_searcher<W: Write>(setup: &Setup, out: &Mutex<W>) -> io::Result<Arc<Mutex<Searcher>>> {
    let error = |message: &str| -> io::Result<()> {
        let mut o = out.lock().expect("output lock");
        writeln!(o, "{}", error_line(message))?;
        o.flush()
    };
    let rules = setup.variant.rules();
    let mut eval = match setup.eval.as_deref().map(|b| Learned::from_bytes(rules, b)) {
        Some(Ok(learned)) => Evaluator::with_learned(rules, Arc::new(learned)),
        Some(Err(e)) => {
            error(&format!("eval: {e}; the shipped weights play"))?;
            Evaluator::new(rules)
        }
        None => Evaluator::new(rules),
    };
    if let Some(on) = setup.trial.king_discount {
        eval.set_king_discount(on);
    }
    let mut s = Searcher::with_evaluator(rules, setup.hash_mb, eval);
    // The table is a power of two of MiB: at most half of what was asked only if cut short.
    let had = s.hash_megabytes();
    if had * 2 <= setup.hash_mb {
        error(&format!(
            "hash {} MiB: more than this machine can give; the table has {had} MiB",
            setup.hash_mb
        ))?;
    }
    s.set_horizon_exchanges(setup.trial.exchanges);
    s.set_threads(setup.threads);
    Ok(Arc::new(Mutex::new(s)))
}

/// Whether a search runs that was not told to stop: one that would not end by itself soon.
fn searching(running: &Option<Running>) -> bool {
    running
        .as_ref()
        .is_some_and(|r| !r.stop.load(Ordering::Relaxed) && !r.handle.is_finished())
}

/// Waits for the search that runs (it answers `done` itself). Called only where none is
/// [`searching`], so the wait is short: the search was stopped or is over.
fn finish(running: &mut Option<Running>) {
    if let Some(r) = running.take() {
        let _ = r.handle.join();
    }
}

/// The positions of `pos pos=… [moves=…]` or `pos fen=… [moves=…]`, oldest first.
fn positions(setup: &Setup, cmd: &Line) -> Result<Vec<Position>, String> {
    let rules = setup.variant.rules();
    let start = if let Some(fen) = cmd.get("fen") {
        rules
            .parse_fen(fen)
            .map_err(|e| format!("fen {:?}: {e}", excerpt(fen)))?
    } else if let Some(p) = cmd.get("pos") {
        parse_position(rules, p)?
    } else {
        rules.start_position().map_err(|e| e.to_string())?
    };
    let mut positions = vec![start];
    for text in cmd.get("moves").unwrap_or("").split_whitespace() {
        let mut pos = *positions.last().expect("a position");
        let m = parse_move(&pos, rules, text)?;
        pos.play_unchecked(&m);
        positions.push(pos);
    }
    Ok(positions)
}

/// The most seconds a `level` takes (about four months): far beyond any game's clock, and small
/// enough that no sum or multiple of it overflows a `Duration`.
const MAX_SECONDS: f64 = 10_000_000.0;

fn seconds(cmd: &Line, name: &str) -> Result<Option<Duration>, String> {
    cmd.get(name)
        .map(|v| {
            v.parse::<f64>()
                .ok()
                .filter(|s| (0.0..=MAX_SECONDS).contains(s))
                .map(Duration::from_secs_f64)
                .ok_or_else(|| {
                    format!(
                        "level {name}={}: not a number of seconds from 0 to {MAX_SECONDS}",
                        excerpt(v)
                    )
                })
        })
        .transpose()
}

fn level(cmd: &Line) -> Result<Level, String> {
    if cmd.has("infinite") {
        return Ok(Level::Infinite);
    }
    if let Some(d) = cmd.get("depth") {
        return d
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=Limits::MAX_DEPTH).contains(d))
            .map(Level::Depth)
            .ok_or_else(|| format!("level depth={}: 1 to {}", excerpt(d), Limits::MAX_DEPTH));
    }
    if let Some(t) = seconds(cmd, "move-time")? {
        return Ok(Level::MoveTime(t));
    }
    if let Some(time) = seconds(cmd, "time")? {
        let inc = seconds(cmd, "inc")?.unwrap_or_default();
        // `moves=0`, as in Scan, is no control at all.
        let moves = match cmd.get("moves") {
            Some(m) => Some(
                m.parse::<u32>()
                    .map_err(|_| format!("level moves={}: not a number", excerpt(m)))?,
            )
            .filter(|&m| m > 0),
            None => None,
        };
        return Ok(Level::Clock { time, inc, moves });
    }
    Err("level: depth, move-time, time or infinite".to_string())
}

/// Starts the search of `go think|ponder|analyze` on a thread; it writes `info` lines and, at
/// the end, `done`.
fn go<W: Write + Send + 'static>(
    setup: &Setup,
    cmd: &Line,
    searcher: Arc<Mutex<Searcher>>,
    out: Arc<Mutex<W>>,
) -> Running {
    let positions = setup.positions.clone();
    let ponder = cmd.has("ponder");
    let phase = positions.last().map_or(0.0, |p| phase(p, setup.variant));
    let after_hit = setup.level.limits(phase);
    let limits = if ponder { Limits::default() } else { after_hit };
    let (stop, finish) = {
        let s = searcher.lock().expect("searcher lock");
        (s.stop_flag(), s.finish_flag())
    };
    stop.store(false, Ordering::Relaxed);
    finish.store(false, Ordering::Relaxed);
    let hit = Arc::new(AtomicBool::new(false));
    let handle = {
        let stop = stop.clone();
        let hit = hit.clone();
        std::thread::spawn(move || {
            // Pondering has no time of its own: after `ponder-hit` the move's time runs, and a
            // watcher ends the search when it is up (or its depth is reached): a clock's soft
            // limit makes the iteration under way the last, the time stops it.
            let watcher = ponder.then(|| {
                let stop = stop.clone();
                let hit = hit.clone();
                std::thread::spawn(move || {
                    let running = || !stop.load(Ordering::Relaxed);
                    while !hit.load(Ordering::Relaxed) && running() {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    let hit_at = std::time::Instant::now();
                    let wait = |t: Duration| {
                        while hit_at.elapsed() < t && running() {
                            std::thread::sleep(Duration::from_millis(2));
                        }
                    };
                    if let Some(t) = after_hit.soft {
                        wait(t);
                        finish.store(true, Ordering::Relaxed);
                    }
                    if let Some(t) = after_hit.time {
                        wait(t);
                        stop.store(true, Ordering::Relaxed);
                    }
                })
            });
            let mut searcher = searcher.lock().expect("searcher lock");
            let report = searcher.search(&positions, limits, &mut |r| {
                let _ = info(&out, r);
            });
            stop.store(true, Ordering::Relaxed);
            if let Some(w) = watcher {
                let _ = w.join();
            }
            let _ = done(&out, &report);
        })
    };
    Running { handle, stop, hit }
}

fn info<W: Write>(out: &Mutex<W>, r: &Report) -> io::Result<()> {
    let secs = r.elapsed.as_secs_f64();
    let pv: Vec<String> = r.pv.iter().map(write_move).collect();
    let mut o = out.lock().expect("output lock");
    writeln!(
        o,
        "info depth={} score={:.2} nodes={} time={:.3} nps={:.2} pv=\"{}\"",
        r.depth,
        f64::from(r.score) / f64::from(MAN),
        r.nodes,
        secs,
        r.nps() as f64 / 1e6,
        pv.join(" ")
    )?;
    o.flush()
}

fn done<W: Write>(out: &Mutex<W>, r: &Report) -> io::Result<()> {
    let mut o = out.lock().expect("output lock");
    match r.best {
        Some(m) => match r.pv.get(1) {
            Some(p) => writeln!(o, "done move={} ponder={}", write_move(&m), write_move(p))?,
            None => writeln!(o, "done move={}", write_move(&m))?,
        },
        // The protocol's GUI never asks about a finished game; one that does still has its
        // `done` (without a move, as Scan 3 answers), the error line saying why.
        None => {
            writeln!(o, "{}", error_line("no legal move: the game is over"))?;
            writeln!(o, "done")?;
        }
    }
    o.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's output, shared with the test that reads it.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    /// Longest a session may take: one that hangs fails its test instead of the test run.
    const PATIENCE: Duration = Duration::from_secs(20);

    /// `f` run on a thread of its own; a panic if it takes longer than `most`.
    fn within<T: Send + 'static>(most: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || tx.send(f()));
        rx.recv_timeout(most)
            .unwrap_or_else(|e| panic!("the session did not end within {most:?}: {e}"))
    }

    /// What the engine answers to `input`, all of it sent at once.
    fn raw_session(input: &'static str) -> String {
        let out = Shared::default();
        run(input.as_bytes(), out.clone(), None, Trial::default()).unwrap();
        out.text()
    }

    /// What the engine answers to `input`, sent as a GUI sends it: after a `go`, nothing but
    /// `stop`, `ping` or `ponder-hit` until its `done`; given the weights file `eval`.
    fn session(input: &str, eval: Option<Vec<u8>>) -> String {
        session_on_trial(input, eval, Trial::default())
    }

    /// [`session`] with options on trial.
    fn session_on_trial(input: &str, eval: Option<Vec<u8>>, trial: Trial) -> String {
        let out = Shared::default();
        let (reader, mut writer) = io::pipe().unwrap();
        let engine = {
            let out = out.clone();
            std::thread::spawn(move || run(io::BufReader::new(reader), out, eval, trial))
        };
        let start = std::time::Instant::now();
        let wait = |done: &dyn Fn(&str) -> bool, what: &str| {
            while !done(&out.text()) {
                assert!(start.elapsed() < PATIENCE, "{what}:\n{}", out.text());
                std::thread::sleep(Duration::from_millis(1));
            }
        };
        let mut searches = 0;
        for line in input.lines() {
            let command = Line::parse(line).map(|l| l.command).unwrap_or_default();
            if !matches!(command.as_str(), "stop" | "ping" | "ponder-hit") {
                let answered = |out: &str| out.lines().filter(|l| l.starts_with("done")).count();
                wait(&|out| answered(out) >= searches, "a go without its done");
            }
            searches += usize::from(command == "go");
            writeln!(writer, "{line}").unwrap();
        }
        drop(writer);
        wait(&|_| engine.is_finished(), "the engine did not end");
        engine.join().unwrap().unwrap();
        out.text()
    }

    /// The score and principal variation of each `info` line.
    fn scores(output: &str) -> Vec<String> {
        output
            .lines()
            .filter_map(Line::parse)
            .filter(|l| l.command == "info")
            .map(|l| format!("{} {}", l.get("score").unwrap(), l.get("pv").unwrap()))
            .collect()
    }

    /// The input is read while the engine searches. A second `go` is an `error` line and the
    /// search goes on, and `stop` and `quit` after it act at once: the second `go` waited for
    /// the first search, so an endless one never heard them and ran for ever. Commands that
    /// need the search over are refused alike until `stop`; after it they wait for its `done`.
    #[test]
    fn the_input_is_read_while_searching() {
        let out = within(PATIENCE, || {
            raw_session("level infinite\ngo think\ngo think\nstop\nquit\n")
        });
        let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("info")).collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert_eq!(
            lines[0], "error message=\"go: a search is running; send stop first\"",
            "{out}"
        );
        assert!(lines[1].starts_with("done move="), "{out}");
        // A GUI that breaks the protocol more; then stops the search and at once sets up a new
        // one, which the end of the input stops.
        let out = within(PATIENCE, || {
            raw_session(
                "level infinite\ngo analyze\nnew-game\nset-param name=threads value=2\ninit\n\
                 ping\nstop\npos fen=W:W31:B5\nlevel depth=1\ngo think\n",
            )
        });
        let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("info")).collect();
        let refused =
            |c: &str| format!("error message=\"{c}: a search is running; send stop first\"");
        assert_eq!(lines.len(), 6, "{out}");
        assert_eq!(
            lines[..4],
            [
                refused("new-game"),
                refused("set-param"),
                refused("init"),
                "pong".into()
            ],
            "{out}"
        );
        assert!(lines[4].starts_with("done move="), "{out}");
        assert!(lines[5].starts_with("done move=31-"), "{out}");
    }

    /// A `hash` the machine cannot give is an `error` line that says what the table has, and
    /// the engine searches with it: it asked for the whole and aborted ("memory allocation of
    /// 17179869184 bytes failed") under a 4 GB limit of memory.
    #[test]
    fn a_hash_the_machine_cannot_give_is_an_error_and_a_smaller_table() {
        use super::super::tt::tests::GRANTED;
        GRANTED.store(2 << 30, Ordering::Relaxed);
        let out = std::panic::catch_unwind(|| {
            session(
                "set-param name=hash value=16384\ninit\nlevel depth=2\ngo think\nquit\n",
                None,
            )
        });
        GRANTED.store(usize::MAX, Ordering::Relaxed);
        let out = out.expect("the session ran");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[..2],
            [
                "error message=\"hash 16384 MiB: more than this machine can give; the table \
                 has 1024 MiB\"",
                "ready"
            ],
            "{out}"
        );
        assert!(lines.last().unwrap().starts_with("done move="), "{out}");
    }

    /// A `go` where the side to move has no move is answered by `done` without a move, after
    /// an error line: it was the error line alone, and a GUI waiting for `done` waited for ever.
    #[test]
    fn a_go_without_a_legal_move_is_done_without_a_move() {
        // White's man on 46 is blocked by 41, which 37 covers.
        for mode in ["think", "analyze", "ponder"] {
            // The next search is answered as ever.
            let out = session(
                &format!(
                    "pos fen=W:W46:B37,41\nlevel depth=3\ngo {mode}\npos fen=W:W46:B37\n\
                     go think\nquit\n"
                ),
                None,
            );
            let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("info")).collect();
            assert_eq!(
                lines,
                [
                    "error message=\"no legal move: the game is over\"",
                    "done",
                    "done move=46-41 ponder=37x46x41"
                ],
                "{mode}: {out}"
            );
        }
    }

    #[test]
    fn options_on_trial_reach_the_engine() {
        // White a man up, a king each: the king discount halves the lead it sees.
        let search = "init\npos fen=W:WK46,31,32,33,34,35:BK5,16,17,18,19\nlevel depth=2\ngo think\nnew-game\nquit\n";
        let lead = |trial| {
            let out = session_on_trial(search, None, trial);
            let last = scores(&out).pop().unwrap_or_else(|| panic!("{out}"));
            last.split(' ').next().unwrap().parse::<f64>().unwrap()
        };
        let plain = lead(Trial {
            king_discount: Some(false),
            ..Trial::default()
        });
        let discounted = lead(Trial::default());
        assert!(
            plain > 0.3 && discounted < plain * 0.7,
            "{plain} {discounted}"
        );
    }

    #[test]
    fn weights_of_a_file_replace_the_shipped_ones() {
        let shipped = include_bytes!("../../assets/eval/international.eval").to_vec();
        // White a man up (Black's man on 20 is gone), searched to depth 3.
        let search = "init\npos fen=W:W31-50:B1-19\nlevel depth=3\ngo think\nnew-game\nquit\n";
        let built_in = session(search, None);
        let first = scores(&built_in);
        let up: f64 = first[0].split(' ').next().unwrap().parse().unwrap();
        assert!(up > 0.3, "{built_in}");
        // The same weights from a file search the same tree.
        let again = session(search, Some(shipped.clone()));
        assert_eq!(scores(&again), first, "{again}");
        // Weights of nothing but zeros see nothing: the shipped ones did not play.
        // (The header is the magic and, since DAMAEVL2, the windows' shape and terms.)
        let header = match &shipped[..8] {
            b"DAMAEVL1" => 8,
            b"DAMAEVL2" => 10,
            _ => 11,
        };
        let mut zeros = shipped;
        zeros[header..].fill(0);
        let none = session(search, Some(zeros));
        assert!(!none.contains("error"), "{none}");
        assert!(
            scores(&none).iter().all(|s| s.starts_with("0.00 ")),
            "{none}"
        );
    }

    #[test]
    fn weights_for_another_board_are_an_error_and_the_shipped_ones_play() {
        let czech = include_bytes!("../../assets/eval/czech.eval").to_vec();
        let search = "init\nlevel depth=2\ngo think\nnew-game\nquit\n";
        let out = session(search, Some(czech.clone()));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            "error message=\"eval: the file has 59119 features, the rule set needs 105082; \
             the shipped weights play\""
        );
        assert_eq!(lines[1], "ready");
        assert_eq!(scores(&out), scores(&session(search, None)));
        assert!(lines.last().unwrap().starts_with("done move="), "{out}");
        // The same file fits Czech's board.
        let out = session(
            &format!("set-param name=variant value=czech\n{search}"),
            Some(czech),
        );
        assert!(!out.contains("error"), "{out}");
    }

    #[test]
    fn a_level_out_of_bounds_is_an_error_and_no_control_is_none() {
        let parse = |text: &str| level(&Line::parse(text).expect("a line"));
        // A clock beyond any game's would overflow the limits' sums: an error, not a panic.
        for text in [
            "level time=1e20",
            "level move-time=1e300",
            "level time=60 inc=-1",
        ] {
            let error = parse(text).expect_err(text);
            assert!(error.contains("not a number of seconds"), "{error}");
        }
        assert!(parse("level time=10000000 inc=10000000").is_ok());
        // `moves=0` is no control (Scan's meaning), not one move to it.
        assert_eq!(
            parse("level moves=0 time=60"),
            Ok(Level::Clock {
                time: Duration::from_secs(60),
                inc: Duration::ZERO,
                moves: None,
            })
        );
    }

    #[test]
    fn lines_split_into_command_and_arguments() {
        let l = Line::parse("info depth=21 score=-0.01 pv=\"32-28 17-22\" flag").unwrap();
        assert_eq!(l.command, "info");
        assert_eq!(l.get("depth"), Some("21"));
        assert_eq!(l.get("pv"), Some("32-28 17-22"));
        assert!(l.has("flag"));
        assert_eq!(Line::parse("   "), None);
        assert_eq!(
            Line::parse("set-param name=x value=\"\"")
                .unwrap()
                .get("value"),
            Some("")
        );
    }

    #[test]
    fn positions_and_moves_read_back_as_written() {
        for v in Variant::ALL {
            let rules = v.rules();
            let start = v.start_position();
            match write_position(&start) {
                Some(text) => {
                    assert_eq!(text.len(), 1 + rules.board.squares() as usize, "{v}");
                    assert_eq!(parse_position(rules, &text), Ok(start), "{v}");
                }
                None => assert_eq!(v, Variant::TwoTowers, "only towers need a FEN"),
            }
            for m in start.legal_moves(rules) {
                assert_eq!(parse_move(&start, rules, &write_move(&m)), Ok(m), "{v}");
            }
        }
        // International: the protocol's own start position, and a capture's squares in any order.
        let rules = Variant::International.rules();
        let text = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
        assert_eq!(
            parse_position(rules, &text),
            Ok(Variant::International.start_position())
        );
        assert!(parse_position(rules, "Weee").is_err());
        assert!(parse_move(&rules.start_position().unwrap(), rules, "32-27x").is_err());
        // Captures along a game that always takes the last legal move: written and read back,
        // their captured squares in any order.
        let mut pos = rules.start_position().unwrap();
        let mut multi = 0;
        for _ in 0..300 {
            let moves = pos.legal_moves(rules);
            let Some(&m) = moves.last() else { break };
            if m.capture_count() >= 2 {
                let text = write_move(&m);
                let mut parts: Vec<&str> = text.split('x').collect();
                parts[2..].reverse();
                assert_eq!(parse_move(&pos, rules, &parts.join("x")), Ok(m), "{text}");
                multi += 1;
            }
            assert_eq!(parse_move(&pos, rules, &write_move(&m)), Ok(m));
            pos.play_unchecked(&m);
        }
        assert!(multi > 0, "a capture of two or more was met");
    }

    /// Lines are read to [`MAX_LINE`] bytes, line end included; a longer one, or binary data,
    /// is an error with no more than that read into memory.
    #[test]
    fn lines_are_read_within_a_bound() {
        let lines = |input: Vec<u8>| {
            let mut input = io::Cursor::new(input);
            let mut buf = Vec::new();
            let mut out = Vec::new();
            loop {
                match read_line(&mut input, &mut buf) {
                    Ok(Some(line)) => out.push(Ok(line.len())),
                    Ok(None) => return out,
                    Err(e) => {
                        assert!(buf.capacity() <= 2 * MAX_LINE, "{}", buf.capacity());
                        out.push(Err(e.to_string()));
                        return out;
                    }
                }
            }
        };
        let long = "a line longer than 65536 bytes".to_string();
        let most = [vec![b'x'; MAX_LINE - 1], b"\n".to_vec()].concat();
        assert_eq!(lines(most.clone()), [Ok(MAX_LINE - 1)]);
        assert_eq!(lines(vec![b'x'; MAX_LINE]), [Ok(MAX_LINE)]);
        assert_eq!(lines(b"ping\r\n\ngo".to_vec()), [Ok(4), Ok(0), Ok(2)]);
        assert_eq!(lines([&most[..], b"x"].concat()), [Ok(MAX_LINE - 1), Ok(1)]);
        assert_eq!(lines(vec![b'x'; MAX_LINE + 1]), [Err(long.clone())]);
        assert_eq!(lines(vec![b'x'; 10 * MAX_LINE]), [Err(long)]);
        assert_eq!(
            lines(b"ping\n\0\0\0".to_vec()),
            [
                Ok(4),
                Err("binary data (byte 0x00), not a protocol line".into())
            ]
        );
        assert_eq!(
            lines(vec![0xC3, b'\n']),
            [Err("a line that is not UTF-8".into())]
        );
    }

    #[test]
    fn error_lines_quote_a_short_excerpt() {
        let rules = Variant::Czech.rules();
        let long = "W".to_string() + &"q".repeat(100_000);
        let e = parse_position(rules, &long).unwrap_err();
        assert!(
            e.starts_with(&format!("position \"W{}…\"", "q".repeat(39))),
            "{e}"
        );
        assert!(e.len() < 100, "{e}");
        let line = error_line(&"z".repeat(100_000));
        assert_eq!(
            line.chars().count(),
            "error message=".len() + MAX_MESSAGE + 1
        );
    }

    #[test]
    fn a_clock_is_shared_out_and_never_spent_at_once() {
        let ms = |d: Option<Duration>| (d.expect("a limit").as_secs_f64() * 1000.0).round();
        let clock = |time: u64, inc: u64, moves: Option<u32>| Level::Clock {
            time: Duration::from_secs(time),
            inc: Duration::from_secs(inc),
            moves,
        };
        // At the start, 30 moves to play: (100 + 30 × 1) / 30 × 1.2 = 5.2 s a move, less the
        // lag; no new iteration past 0.4 of it, none running past four times it.
        let start = clock(100, 1, None).limits(0.0);
        assert_eq!(ms(start.soft), 2040.0);
        assert_eq!(ms(start.time), 20700.0);
        // In the ending, 10: 13.2 s, iterations begun up to 0.8 of it, and never more than a
        // quarter of the clock and the increment (less 5 % and the lag).
        let ending = clock(100, 1, None).limits(1.0);
        assert_eq!(ms(ending.soft), 10480.0);
        assert_eq!(ms(ending.time), 24600.0);
        // Fewer moves to the control than the phase says: the control counts.
        let control = clock(100, 0, Some(5)).limits(0.0);
        assert_eq!(ms(control.soft), 9560.0);
        // The last move before the control may take nearly all the clock, never all of it.
        let last = clock(1, 0, Some(1)).limits(0.5);
        assert_eq!(ms(last.time), 850.0);
        // Half a second in the ending: a share (60 ms) below the lag, so no iteration past the
        // search's least depth, and none past a quarter of the clock, less 5 % and the lag.
        let low = Level::Clock {
            time: Duration::from_millis(500),
            inc: Duration::ZERO,
            moves: None,
        }
        .limits(1.0);
        assert_eq!((ms(low.soft), ms(low.time)), (0.0, 19.0));
        // A nearly spent clock still leaves a search its 5 ms.
        let spent = Level::Clock {
            time: Duration::from_millis(5),
            inc: Duration::ZERO,
            moves: None,
        };
        assert_eq!(ms(spent.limits(0.0).time), 5.0);
        assert_eq!(
            Level::MoveTime(Duration::from_secs(2)).limits(0.3).soft,
            None
        );
    }

    #[test]
    fn a_long_game_without_increment_is_not_lost_on_time() {
        // A minute a game, 150 moves (a 300-ply game), the men gone by move 60. Each search
        // ends at twice its soft limit (an iteration begun just before it), within its hard
        // one, and at least a millisecond (on a spent clock, the search's least depth in an
        // ending with few men); 5 ms more a move go to the pipes. Shares that ran down to
        // nothing lost such a game at move 77.
        let mut left = 60.0;
        for k in 0..150 {
            let limits = Level::Clock {
                time: Duration::from_secs_f64(left),
                inc: Duration::ZERO,
                moves: None,
            }
            .limits(f64::from(k) / 60.0);
            let secs = |d: Option<Duration>| d.expect("a limit").as_secs_f64();
            let search = (2.0 * secs(limits.soft)).clamp(0.001, secs(limits.time));
            left -= search + 0.005;
            assert!(left > 0.0, "lost on time at move {k}");
        }
        assert!(left < 1.0, "{left} s left unused");
    }

    #[test]
    fn the_phase_runs_from_the_start_to_no_man_left() {
        let v = Variant::International;
        assert_eq!(phase(&v.start_position(), v), 0.0);
        let ending = v.rules().parse_fen("W:W31,K40:BK5").unwrap();
        assert_eq!(phase(&ending, v), 1.0 - 1.0 / 40.0);
        let kings = v.rules().parse_fen("W:WK31:BK5").unwrap();
        assert_eq!(phase(&kings, v), 1.0);
    }
}
