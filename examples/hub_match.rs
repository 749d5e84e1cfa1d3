//! A match between two Hub engines (`dama hub`, Scan, any engine of the Hub protocol), refereed
//! by Dáma's rules, printing each game and the W/D/L of the first engine; with `--sprt`, a
//! sequential test between two builds that stops once it has decided:
//!
//! ```text
//! cargo run --release --example hub_match -- [--jobs N] [--book FILE] \
//!     [--sprt ELO0,ELO1 [--alpha A] [--beta B] [--max-games G]] [--pairs-before COUNTS] \
//!     VARIANT OPENINGS TIME "ENGINE A" "ENGINE B" [PLIES]
//! cargo run --release --example hub_match -- international 10 0.5 \
//!     "target/release/dama hub" "scan/scan hub"
//! cargo run --release --example hub_match -- --sprt 0,5 --book tools/openings/czech.fen \
//!     czech 20000 0.1 "target/release/dama hub" "/tmp/dama-base hub"
//! cargo run --release --example hub_match -- international 100 60+0 \
//!     "target/release/dama hub" "/tmp/dama-base hub"
//! ```
//!
//! OPENINGS is a number of openings from the first, or `FIRST..END` to go on with a match.
//! Each opening (two random plies from the start, seeded by its number; four on 8×8 boards,
//! where two leave few choices) is played twice, the engines swapping colours. With `--book
//! FILE` the openings are the book's positions instead (one FEN a line, `#` starts a comment;
//! `tools/openings/` holds one a rule set, made by `examples/make_book.rs`), in the file's order:
//! opening `n` is the book's position `n`, and past the book's end it starts over from its
//! first. TIME is SECONDS a move (`0.1`: every move gets `level move-time=0.1`), or a clock,
//! `BASE+INC` (`60+0`, `5+0.05`): each engine has BASE seconds for the game and gains INC after
//! each of its moves, is told before each move what its clock shows (`level time=LEFT
//! inc=INC`), and loses the game when the clock runs out (50 ms below zero are let pass: the
//! pipes' and a busy machine's share, not the engine's). A game still going after PLIES plies
//! (default 300) is a draw, and so is a game that reaches a position the rule set's endgame
//! databases call drawn, when they are installed in the data folder (`dama endgame`;
//! `DAMA_DATA_DIR` as for the program): no rule of play can make such a position won, and the
//! engines' moves in it would only take the match's time (two thirds of an International
//! match's games ended drawn with four pieces or fewer, after 247 plies on average). A won
//! position is played out. An engine that answers an illegal move, or nothing within
//! 5 × SECONDS + 2 s (its time left + 2 s on a clock), loses the game.
//! Each game's line gives its length and final position (FEN), to look into how it ended, and
//! the highest score engine A kept over two of its moves in a row (from its `info` lines; a
//! score one move's search shows and the next takes back does not count): a draw after +2 was
//! let slip, one that never rose above +0.3 was held. With `HUB_MATCH_MOVES` set in the
//! environment the line ends with the game's moves too, to replay it.
//! `--jobs N` games are played at once, each job with a pair of engines of its own (started
//! once, told `new-game` between games), taking the next game when one ends, and each game's
//! line is printed as it ends. By default one job a core: a game keeps one core busy, as its
//! engines think in turn (with one search thread each, Dáma's default), so every core is used
//! and no engine is short of time; more jobs than cores would share the cores and take time
//! from the engines.
//!
//! Once both games of an opening have ended, a line `pair N (opening O): …` gives the standing:
//! the LLR with its bounds (with `--sprt`), A's Elo with its 95 % interval, and the pentanomial
//! counts (pairs in which A scored 0, ½, 1, 1½, 2 points). The statistics are those of
//! `dama::engine::sprt`: **logistic Elo**, in which the `--sprt` bounds are given too (see that
//! module for why, and for the LLR: the generalized SPRT of fishtest over game pairs). `--sprt
//! ELO0,ELO1` (or `[ELO0,ELO1]`) tests `H0: A is ELO0 stronger` against `H1: ELO1`, with error
//! rates `--alpha` and `--beta` (default 0.05 each); the games are capped by OPENINGS and by
//! `--max-games` (rounded up to a whole pair). When the LLR crosses a bound, no new opening is
//! begun, but the games under way are played out, and so is the second game of a pair already
//! begun; they count in the final figures, while the verdict is the bound crossed first. No
//! verdict comes before 20 pairs (`dama::engine::sprt::MIN_PAIRS`): the LLR of fewer jumps.
//!
//! `--pairs-before "P0 P1 P2 P3 P4"` starts the counts from the five pentanomial counts of games
//! played before, as a `pair` line prints them: a test goes on where a stopped one ended, or
//! sums the pairs that several machines played (with other openings each, as fishtest sums its
//! workers'); the LLR, the verdict and the Elo are over all the pairs, the W/D/L over this run's
//! games.
//!
//! At the end: the score; with `--sprt`, the verdict (H1 accepted, H0 accepted, or inconclusive
//! at the cap) and the LLR with its bounds; the pentanomial counts, W/D/L and the Elo with its
//! error bars; and each engine's time per move over all jobs (mean, 95th percentile, maximum,
//! and moves over 1.5 × SECONDS, or on a clock the games lost on time).

use std::collections::HashMap;
mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dama::engine::endgame::{self, Tables, Wdl};
use dama::engine::hub::{parse_move, write_move, write_position};
use dama::engine::sprt::{Pentanomial, Sprt, Verdict, parse_bounds};
use dama::rules::{Color, Game, Outcome, Position, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A running Hub engine.
struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    times: Vec<Duration>,
    /// Games lost on time (a clock's).
    lost_on_time: u32,
    /// This game: the score (in men, for its own side) on the engine's last move, and the
    /// highest it kept over two moves in a row.
    last_score: Option<f64>,
    highest_kept: Option<f64>,
}

impl Engine {
    fn start(command: &str, variant: Variant) -> Engine {
        let mut words = command.split_whitespace();
        let program = words.next().expect("an engine command");
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| common::fail(format!("{command}: {e}")));
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            name: command.to_string(),
            child,
            stdin,
            lines,
            times: Vec::new(),
            lost_on_time: 0,
            last_score: None,
            highest_kept: None,
        };
        engine.send("hub");
        let mut variants = String::new();
        loop {
            let line = engine
                .wait_for(Duration::from_secs(30))
                .expect("hub answers");
            if line.starts_with("id ")
                && let Some(n) = line.split("name=").nth(1)
            {
                engine.name = n.split_whitespace().next().unwrap_or(n).to_string();
            }
            if line.starts_with("param name=variant") {
                variants = line.clone();
            }
            if line.trim() == "wait" {
                break;
            }
        }
        // Dáma names its rule sets; Scan's default is international ("normal").
        if variants.contains(variant.id()) {
            engine.send(&format!("set-param name=variant value={}", variant.id()));
        }
        engine.send("init");
        while engine
            .wait_for(Duration::from_secs(120))
            .expect("init answers")
            .trim()
            != "ready"
        {}
        engine
    }

    /// Tells the engine a game begins, and forgets the last game's scores.
    fn new_game(&mut self) {
        self.send("new-game");
        self.last_score = None;
        self.highest_kept = None;
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads");
        self.stdin.flush().expect("the engine reads");
    }

    fn wait_for(&mut self, limit: Duration) -> Option<String> {
        self.lines.recv_timeout(limit).ok()
    }

    /// The engine's move in `game` at time control `control`, with `left` seconds on its clock
    /// (a clock's), and how long it took; `None` when it answered no move in time.
    fn think(
        &mut self,
        start: &Position,
        moves: &[String],
        control: TimeControl,
        left: f64,
    ) -> Option<(String, Duration)> {
        let pos = match write_position(start) {
            Some(p) => format!("pos={p}"),
            None => format!("fen={}", start.fen()),
        };
        if moves.is_empty() {
            self.send(&format!("pos {pos}"));
        } else {
            self.send(&format!("pos {pos} moves=\"{}\"", moves.join(" ")));
        }
        let limit = match control {
            TimeControl::MoveTime(seconds) => {
                self.send(&format!("level move-time={seconds}"));
                seconds * 5.0 + 2.0
            }
            TimeControl::Clock { inc, .. } => {
                let left = left.max(0.0);
                self.send(&format!("level time={left:.3} inc={inc}"));
                left + 2.0
            }
        };
        let limit = Duration::from_secs_f64(limit);
        let began = Instant::now();
        self.send("go think");
        let mut score: Option<f64> = None;
        loop {
            let left = limit.checked_sub(began.elapsed())?;
            let line = self.wait_for(left)?;
            if line.starts_with("info")
                && let Some(after) = line.split("score=").nth(1)
            {
                score = after
                    .split_whitespace()
                    .next()
                    .and_then(|s| s.parse().ok())
                    .or(score);
            }
            if let Some(rest) = line.strip_prefix("done") {
                let took = began.elapsed();
                self.times.push(took);
                if let Some(score) = score {
                    if let Some(before) = self.last_score {
                        let kept = score.min(before);
                        self.highest_kept = Some(self.highest_kept.map_or(kept, |h| h.max(kept)));
                    }
                    self.last_score = Some(score);
                }
                let m = rest.split("move=").nth(1)?.split_whitespace().next()?;
                return Some((m.to_string(), took));
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        std::thread::sleep(Duration::from_millis(100));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How long the engines think: a fixed time a move, or a clock for the game.
#[derive(Clone, Copy, Debug, PartialEq)]
enum TimeControl {
    /// `level move-time=SECONDS` before every move.
    MoveTime(f64),
    /// Each engine has `base` seconds for the game and gains `inc` after each move; before
    /// each move it is told its time left (`level time=LEFT inc=INC`), and it loses the game
    /// when its clock runs out (by more than [`TimeControl::GRACE`]).
    Clock { base: f64, inc: f64 },
}

impl TimeControl {
    /// What a clock may run below zero before its engine loses: the pipes' and the
    /// scheduler's share of a move's time on a busy machine, not the engine's.
    const GRACE: f64 = 0.05;

    /// `0.1` (seconds a move) or `BASE+INC` (seconds a game, and the increment: `5+0`,
    /// `60+0.5`).
    fn parse(text: &str) -> Option<TimeControl> {
        let number = |t: &str| t.parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0);
        match text.split_once('+') {
            Some((base, inc)) => Some(TimeControl::Clock {
                base: number(base).filter(|&b| b > 0.0)?,
                inc: number(inc)?,
            }),
            None => number(text).filter(|&s| s > 0.0).map(TimeControl::MoveTime),
        }
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeControl::MoveTime(s) => write!(f, "{s} s a move"),
            TimeControl::Clock { base, inc } => write!(f, "{base} s a game + {inc} s a move"),
        }
    }
}

/// Where the openings come from: random plies seeded by the opening's number, or a book.
enum Openings {
    Random,
    /// Positions from a book file, in its order; opening `n` is line `n` modulo the book's length.
    Book(Vec<Position>),
}

impl Openings {
    /// Reads a book: one FEN a line of `variant`, `#` starting a comment.
    fn read(path: &str, variant: Variant) -> Openings {
        let rules = variant.rules();
        let book: Vec<Position> = common::book_lines(path)
            .into_iter()
            .map(|(line, fen)| {
                rules
                    .parse_fen(&fen)
                    .unwrap_or_else(|e| common::fail(format!("{path}:{line}: {e}")))
            })
            .collect();
        if book.is_empty() {
            common::fail(format!("{path}: no position"));
        }
        Openings::Book(book)
    }

    /// Opening `n`'s game (its start, and the moves played from it) for `variant`.
    fn game(&self, variant: Variant, n: u64) -> (Game, Vec<String>) {
        let rules = variant.rules();
        match self {
            Openings::Random => {
                let mut game = Game::new(rules.clone()).expect("preset");
                let mut rng = SmallRng::seed_from_u64(n);
                let random_plies = if rules.board.size() == 8 { 4 } else { 2 };
                let mut texts = Vec::new();
                for _ in 0..random_plies {
                    let moves = game.legal_moves();
                    let m = moves[rng.random_range(0..moves.len())];
                    texts.push(write_move(&m));
                    game.play(m).expect("legal");
                }
                (game, texts)
            }
            Openings::Book(book) => {
                let pos = book[(n % book.len() as u64) as usize];
                (Game::from_position(rules.clone(), pos), Vec::new())
            }
        }
    }
}

/// How a game ends besides the rules: its length, and the databases that call a position
/// drawn.
struct Referee {
    max_plies: usize,
    tables: Option<Arc<Tables>>,
}

impl Referee {
    /// Why the game is a draw by adjudication now, if it is.
    fn draw(&self, game: &Game) -> Option<String> {
        if game.moves().len() >= self.max_plies {
            return Some(format!("draw (adjudicated after {} plies)", self.max_plies));
        }
        let tables = self.tables.as_ref()?;
        (tables.probe(game.position()) == Some(Wdl::Draw)).then(|| {
            format!(
                "draw (adjudicated by the {}-piece databases)",
                tables.pieces()
            )
        })
    }
}

/// How a game ended, from White's side: 1 won, 0 drawn, -1 lost; and why, with the game's
/// length and final position.
fn play(
    variant: Variant,
    openings: &Openings,
    opening: u64,
    engines: [&mut Engine; 2],
    control: TimeControl,
    referee: &Referee,
) -> (i32, String) {
    let (mut game, mut texts) = openings.game(variant, opening);
    let start = *game.start();
    let [white, black] = engines;
    white.new_game();
    black.new_game();
    let mut sides = [white, black];
    let (score, why) = play_out(&mut game, &start, &mut texts, &mut sides, control, referee);
    let mut end = format!(
        "{why}, {} plies, final {}",
        game.moves().len(),
        game.position().fen()
    );
    if std::env::var_os("HUB_MATCH_MOVES").is_some() {
        end.push_str(&format!("; moves {}", texts.join(" ")));
    }
    (score, end)
}

/// Plays `game` on to its end between `sides` (White, Black).
fn play_out(
    game: &mut Game,
    start: &Position,
    texts: &mut Vec<String>,
    sides: &mut [&mut Engine; 2],
    control: TimeControl,
    referee: &Referee,
) -> (i32, String) {
    let rules = game.rules().clone();
    let rules = &rules;
    // Each side's clock (White's, Black's), where there is one.
    let mut clocks = match control {
        TimeControl::Clock { base, .. } => [base; 2],
        TimeControl::MoveTime(_) => [f64::INFINITY; 2],
    };
    loop {
        if let Some(o) = game.outcome() {
            return match o {
                Outcome::Win { winner, reason } => (
                    if winner == Color::White { 1 } else { -1 },
                    format!("{winner} wins ({reason:?})"),
                ),
                Outcome::Draw(r) => (0, format!("draw ({r:?})")),
            };
        }
        if let Some(why) = referee.draw(game) {
            return (0, why);
        }
        let side = game.position().side_to_move();
        let engine = &mut sides[side.index()];
        let loses = if side == Color::White { -1 } else { 1 };
        let clock = &mut clocks[side.index()];
        let Some((text, took)) = engine.think(start, texts, control, *clock) else {
            return (loses, format!("{side} forfeits: no answer in time"));
        };
        if let TimeControl::Clock { inc, .. } = control {
            *clock -= took.as_secs_f64();
            if *clock < -TimeControl::GRACE {
                engine.lost_on_time += 1;
                return (loses, format!("{side} loses on time"));
            }
            *clock += inc;
        }
        let pos = *game.position();
        match parse_move(&pos, rules, &text) {
            Ok(m) => {
                game.play(m).expect("legal");
                texts.push(text);
            }
            Err(e) => return (loses, format!("{side} forfeits: {e}")),
        }
    }
}

fn percentile(times: &mut [Duration], p: f64) -> Duration {
    times.sort();
    if times.is_empty() {
        return Duration::ZERO;
    }
    times[((times.len() - 1) as f64 * p).round() as usize]
}

/// The SPRT asked for on the command line.
struct SprtRun {
    test: Sprt,
    /// The verdict, once the LLR has crossed a bound, and the pairs counted then.
    decided: Option<(Verdict, u64)>,
}

/// Hands out the games in order; once stopped, only the second game of a pair already begun,
/// so that every pair started is played out.
struct Dispatch {
    next: usize,
    stopped: bool,
}

impl Dispatch {
    fn take(this: &Mutex<Dispatch>, games: usize) -> Option<usize> {
        let mut d = this.lock().expect("no job panicked");
        if d.next >= games || (d.stopped && d.next.is_multiple_of(2)) {
            return None;
        }
        d.next += 1;
        Some(d.next - 1)
    }
}

/// The LLR with its bounds and the Elo so far, in one line's words.
fn standing(pairs: &Pentanomial, sprt: Option<&Sprt>) -> String {
    let mut words = Vec::new();
    if let Some(t) = sprt {
        let (lower, upper) = t.bounds();
        words.push(format!(
            "LLR {:.2} [{lower:.2}, {upper:.2}]",
            pairs.llr(t.elo0, t.elo1)
        ));
    }
    if let Some(e) = pairs.elo() {
        words.push(format!("Elo {:+.1} [{:+.1}, {:+.1}]", e.elo, e.low, e.high));
    }
    let c = pairs.counts;
    words.push(format!(
        "pairs {} {} {} {} {}",
        c[0], c[1], c[2], c[3], c[4]
    ));
    words.join(", ")
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: hub_match [--jobs N] [--book FILE] [--sprt ELO0,ELO1 [--alpha A] \
        [--beta B] [--max-games G]] [--pairs-before COUNTS] VARIANT OPENINGS|FIRST..END \
        TIME \"ENGINE A\" \"ENGINE B\" [PLIES]";
    // Games at once: one a core by default, each on its own pair of engines.
    let mut jobs = std::thread::available_parallelism().map_or(1, usize::from);
    if let Some(n) = common::option(&mut args, "--jobs") {
        jobs = n
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .unwrap_or_else(|| common::fail("--jobs: a number of games at once"));
    }
    let book = common::option(&mut args, "--book");
    let error_rate = |name: &str, args: &mut Vec<String>| {
        common::option(args, name).map_or(0.05, |a| {
            a.parse::<f64>()
                .ok()
                .filter(|&a| a > 0.0 && a < 0.5)
                .unwrap_or_else(|| common::fail(format!("{name}: a probability below 0.5")))
        })
    };
    let (alpha, beta) = (
        error_rate("--alpha", &mut args),
        error_rate("--beta", &mut args),
    );
    let mut sprt = common::option(&mut args, "--sprt").map(|b| {
        let (elo0, elo1) =
            parse_bounds(&b).unwrap_or_else(|| common::fail("--sprt ELO0,ELO1 with ELO0 < ELO1"));
        SprtRun {
            test: Sprt {
                elo0,
                elo1,
                alpha,
                beta,
            },
            decided: None,
        }
    });
    let before = common::option(&mut args, "--pairs-before").map(|c| {
        let counts: Vec<u64> = c
            .split(|ch: char| ch == ',' || ch.is_whitespace())
            .filter(|w| !w.is_empty())
            .map(|w| {
                w.parse()
                    .unwrap_or_else(|_| common::fail("--pairs-before: five counts of pairs"))
            })
            .collect();
        Pentanomial {
            counts: counts
                .try_into()
                .unwrap_or_else(|_| common::fail("--pairs-before: five counts of pairs")),
        }
    });
    let max_games = common::option(&mut args, "--max-games").map(|g| {
        g.parse::<usize>()
            .unwrap_or_else(|_| common::fail("--max-games: a number of games"))
    });
    let arg = |i: usize| args.get(i).unwrap_or_else(|| common::fail(usage));
    let variant: Variant = arg(0)
        .parse()
        .unwrap_or_else(|e| common::fail(format!("{}: {e}", arg(0))));
    let openings_source = match &book {
        Some(path) => Openings::read(path, variant),
        None => Openings::Random,
    };
    // N openings from the first, or FIRST..END to go on with a match.
    let openings_text = arg(1);
    let openings = match openings_text.split_once("..") {
        Some((first, end)) => {
            let number = |n: &str| {
                n.parse()
                    .unwrap_or_else(|_| common::fail(format!("{openings_text}: FIRST..END")))
            };
            number(first)..number(end)
        }
        None => {
            0..openings_text
                .parse()
                .unwrap_or_else(|_| common::fail(format!("{openings_text}: a number of openings")))
        }
    };
    let control = TimeControl::parse(arg(2)).unwrap_or_else(|| {
        common::fail(format!(
            "{}: seconds a move (0.1), or a clock's seconds a game + increment (5+0)",
            arg(2)
        ))
    });
    let commands = [arg(3), arg(4)];
    let max_plies: usize = args.get(5).map_or(300, |s| {
        s.parse()
            .unwrap_or_else(|_| common::fail(format!("{s}: a number of plies")))
    });
    if let Some(dir) = dama::store::dirs::endgames_dir() {
        endgame::set_directory(&dir);
    }
    let referee = Referee {
        max_plies,
        tables: endgame::installed(variant.rules()),
    };
    println!("time: {control}");
    match &referee.tables {
        Some(t) => println!(
            "draws adjudicated by the {}-piece databases, or after {max_plies} plies",
            t.pieces()
        ),
        None => println!("no endgame databases: draws adjudicated after {max_plies} plies"),
    }
    let mut games: Vec<(u64, bool)> = openings.flat_map(|o| [(o, true), (o, false)]).collect();
    if let Some(g) = max_games {
        games.truncate(g.div_ceil(2) * 2);
    }
    if let Some(s) = &sprt {
        let (lower, upper) = s.test.bounds();
        println!(
            "SPRT of [{}, {}] logistic Elo for A, alpha {alpha}, beta {beta}: LLR bounds \
             [{lower:.2}, {upper:.2}], at most {} games",
            s.test.elo0,
            s.test.elo1,
            games.len()
        );
    }
    let mut pairs = before.unwrap_or_default();
    if pairs.pairs() > 0 {
        println!(
            "going on from {} pairs played before: {}",
            pairs.pairs(),
            standing(&pairs, sprt.as_ref().map(|s| &s.test))
        );
    }
    // Pairs played before may have decided already: then no game is begun.
    if let Some(s) = sprt.as_mut() {
        s.decided = s.test.verdict(&pairs).map(|v| (v, pairs.pairs()));
    }
    let jobs = jobs.min(games.len()).max(1);
    let dispatch = Mutex::new(Dispatch {
        next: 0,
        stopped: sprt.as_ref().is_some_and(|s| s.decided.is_some()),
    });
    let (tx, results) = channel();
    let (mut names, mut times, mut lost_on_time) = (Vec::new(), [Vec::new(), Vec::new()], [0, 0]);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    // The first game's score of each pair still waiting for its second.
    let mut halves: HashMap<u64, i32> = HashMap::new();
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                let tx = tx.clone();
                let (games, dispatch, openings_source, referee) =
                    (&games, &dispatch, &openings_source, &referee);
                s.spawn(move || {
                    let mut a = Engine::start(commands[0], variant);
                    let mut b = Engine::start(commands[1], variant);
                    // Two versions of one engine are told apart by their commands.
                    if a.name == b.name {
                        a.name.clone_from(commands[0]);
                        b.name.clone_from(commands[1]);
                    }
                    while let Some(i) = Dispatch::take(dispatch, games.len()) {
                        let (opening, a_is_white) = games[i];
                        let engines = if a_is_white {
                            [&mut a, &mut b]
                        } else {
                            [&mut b, &mut a]
                        };
                        let (white_score, why) = play(
                            variant,
                            openings_source,
                            opening,
                            engines,
                            control,
                            referee,
                        );
                        let a_score = if a_is_white {
                            white_score
                        } else {
                            -white_score
                        };
                        let a_highest = a
                            .highest_kept
                            .map_or_else(|| "none".to_string(), |h| format!("{h:+.2}"));
                        let line = format!(
                            "opening {opening:2}, {} white: {why}; A's highest score kept {a_highest}",
                            if a_is_white { &a.name } else { &b.name }
                        );
                        tx.send((opening, a_score, line))
                            .expect("the match listens");
                    }
                    (
                        [a.name.clone(), b.name.clone()],
                        [std::mem::take(&mut a.times), std::mem::take(&mut b.times)],
                        [a.lost_on_time, b.lost_on_time],
                    )
                })
            })
            .collect();
        drop(tx);
        // Each game as it ends: with several jobs, not in the order of the openings.
        for (opening, a_score, line) in results {
            match a_score {
                1 => wins += 1,
                0 => draws += 1,
                _ => losses += 1,
            }
            println!("{line}");
            let Some(first) = halves.remove(&opening) else {
                halves.insert(opening, a_score);
                continue;
            };
            // Half points of the pair for A: 0 (lost both) to 4 (won both).
            pairs.add((first + a_score + 2) as usize);
            let test = sprt.as_ref().map(|s| &s.test);
            println!(
                "pair {} (opening {opening}): {}",
                pairs.pairs(),
                standing(&pairs, test)
            );
            if let Some(s) = sprt.as_mut()
                && s.decided.is_none()
                && let Some(v) = s.test.verdict(&pairs)
            {
                s.decided = Some((v, pairs.pairs()));
                dispatch.lock().expect("no job panicked").stopped = true;
                println!(
                    "SPRT: {} after {} pairs; the games under way are played out",
                    match v {
                        Verdict::H1 => "H1 accepted",
                        Verdict::H0 => "H0 accepted",
                    },
                    pairs.pairs()
                );
            }
        }
        for w in workers {
            let (n, [ta, tb], [la, lb]) = w.join().expect("no game panicked");
            names = n.to_vec();
            times[0].extend(ta);
            times[1].extend(tb);
            lost_on_time[0] += la;
            lost_on_time[1] += lb;
        }
    });
    let games = wins + draws + losses;
    println!(
        "{} against {}: +{wins} ={draws} -{losses} of {games}, {:.1} %",
        names[0],
        names[1],
        (f64::from(wins) + f64::from(draws) / 2.0) * 100.0 / f64::from(games.max(1))
    );
    if let Some(s) = &sprt {
        let (lower, upper) = s.test.bounds();
        let verdict = match s.decided {
            Some((Verdict::H1, at)) => format!("H1 accepted (at pair {at})"),
            Some((Verdict::H0, at)) => format!("H0 accepted (at pair {at})"),
            None => "inconclusive at the cap".to_string(),
        };
        println!(
            "SPRT [{}, {}]: {verdict}; LLR {:.2} [{lower:.2}, {upper:.2}] over {} pairs",
            s.test.elo0,
            s.test.elo1,
            pairs.llr(s.test.elo0, s.test.elo1),
            pairs.pairs()
        );
    }
    let c = pairs.counts;
    let elo = pairs.elo().map_or_else(
        || "no pair".to_string(),
        |e| {
            format!(
                "{:+.1} ± {:.1} [{:+.1}, {:+.1}] (95 %)",
                e.elo,
                (e.high - e.low) / 2.0,
                e.low,
                e.high
            )
        },
    );
    println!(
        "pentanomial (A's points a pair 0, ½, 1, 1½, 2): {} {} {} {} {}; W/D/L {wins}/{draws}/{losses}; Elo {elo}",
        c[0], c[1], c[2], c[3], c[4]
    );
    for ((name, times), lost) in names.iter().zip(&mut times).zip(lost_on_time) {
        let n = times.len();
        let mean = times.iter().sum::<Duration>() / (n.max(1) as u32);
        let p95 = percentile(times, 0.95);
        let max = times.last().copied().unwrap_or_default();
        let over = match control {
            TimeControl::MoveTime(seconds) => {
                let over = times
                    .iter()
                    .filter(|t| t.as_secs_f64() > seconds * 1.5)
                    .count();
                format!("over 1.5 × {seconds} s: {over}")
            }
            TimeControl::Clock { .. } => format!("games lost on time: {lost}"),
        };
        println!(
            "{name}: {n} moves, time a move mean {:.3} s, 95 % {:.3} s, max {:.3} s, {over}",
            mean.as_secs_f64(),
            p95.as_secs_f64(),
            max.as_secs_f64()
        );
    }
}
