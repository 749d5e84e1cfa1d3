//! The computer thinks on a thread of its own, so that the window never waits for it: the
//! window asks, goes on drawing, and picks the answer up when it comes. A new question, undo or a
//! new game cancels the question being thought about.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::play::{self, ClaimChoice, Level};
use super::review::Look;
use super::search::{Limits, Report, Searcher};
use crate::rules::Game;

/// Size of the transposition table of the thinking thread.
const TABLE_MB: usize = 64;

/// What the computer is asked.
#[derive(Clone, Debug)]
pub enum Task {
    /// Its move at a level in the game as it stands.
    Move(Level),
    /// The best move for the side to move, within a time, as advice.
    Hint(Duration),
    /// Whether and how to claim the opponent's forgotten capture, thinking as at a level.
    Claim(Level),
    /// How good the position is for the side to move, thinking this long (to answer a draw
    /// offer).
    Judge(Duration),
    /// The score and the expected line of the position after `ply` moves of the game (`None`:
    /// the current one), thinking this long.
    Analyse {
        /// Which position.
        ply: Option<usize>,
        /// How long.
        time: Duration,
    },
    /// Every position of the game looked at this long: the best move and the score of each,
    /// from the start to the current one.
    Review(Duration),
}

/// The computer's answer to a [`Task`].
#[derive(Clone, Debug)]
pub enum Answer {
    /// The move chosen and how it was found; `None` without a legal move.
    Move(Option<Report>),
    /// The advised move; `None` without a legal move.
    Hint(Option<Report>),
    /// The claim to make, if any.
    Claim(Option<ClaimChoice>),
    /// The score for the side to move (see [`Report::score`]); `None` when the game is over.
    Judge(Option<i32>),
    /// What the search found in the position asked about.
    Analysis(Report),
    /// The look at each position of the game, from the start.
    Review(Vec<Look>),
}

struct Job {
    id: u64,
    game: Game,
    task: Task,
}

/// The thinking thread and the way to it.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    answers: Receiver<(u64, Answer)>,
    /// The question the window is waiting for (0: none).
    current: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    /// Threads of the searches at levels 4 and 5, hints and draw offers.
    threads: Arc<AtomicUsize>,
    next_id: u64,
}

impl Worker {
    /// Starts the thread; `wake` is called (from it) when an answer is ready, to wake the
    /// window.
    pub fn new(wake: impl Fn() + Send + 'static) -> Worker {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (answer_tx, answers) = mpsc::channel();
        let current = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let threads = Arc::new(AtomicUsize::new(1));
        let (cur, stp, thr) = (
            Arc::clone(&current),
            Arc::clone(&stop),
            Arc::clone(&threads),
        );
        let spawned = thread::Builder::new()
            .name("dama-engine".into())
            .spawn(move || think(job_rx, answer_tx, cur, stp, thr, wake));
        Worker {
            // Without a thread, questions go nowhere and `busy` says so.
            jobs: spawned.ok().map(|_| jobs),
            answers,
            current,
            stop,
            threads,
            next_id: 1,
        }
    }

    /// Thinks on `threads` threads from the next question on (the weaker levels use one).
    pub fn set_threads(&self, threads: usize) {
        self.threads.store(threads.max(1), Ordering::SeqCst);
    }

    /// Asks about `game`, cancelling any earlier question; returns the question's number.
    pub fn ask(&mut self, game: &Game, task: Task) -> u64 {
        self.cancel();
        let id = self.next_id;
        self.next_id += 1;
        self.current.store(id, Ordering::SeqCst);
        if let Some(jobs) = &self.jobs
            && jobs
                .send(Job {
                    id,
                    game: game.clone(),
                    task,
                })
                .is_err()
        {
            self.jobs = None;
            self.current.store(0, Ordering::SeqCst);
        }
        id
    }

    /// Stops thinking about the current question; its answer will not be delivered.
    pub fn cancel(&mut self) {
        self.current.store(0, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether a question is being thought about.
    pub fn busy(&self) -> bool {
        self.current.load(Ordering::SeqCst) != 0
    }

    /// The answer to the current question, once it is ready.
    pub fn poll(&mut self) -> Option<(u64, Answer)> {
        while let Ok((id, answer)) = self.answers.try_recv() {
            if self
                .current
                .compare_exchange(id, 0, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return Some((id, answer));
            }
        }
        None
    }

    /// Waits up to `timeout` for the current answer (for tests and the command line).
    pub fn wait(&mut self, timeout: Duration) -> Option<(u64, Answer)> {
        let deadline = std::time::Instant::now() + timeout;
        while std::time::Instant::now() < deadline {
            if let Some(a) = self.poll() {
                return Some(a);
            }
            if !self.busy() {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing the channel ends the thread once it stops thinking.
        self.cancel();
        self.jobs = None;
    }
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker")
            .field("busy", &self.busy())
            .finish()
    }
}

fn think(
    jobs: Receiver<Job>,
    answers: Sender<(u64, Answer)>,
    current: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    threads: Arc<AtomicUsize>,
    wake: impl Fn(),
) {
    let mut searcher: Option<Searcher> = None;
    let mut rng = SmallRng::from_os_rng();
    while let Ok(job) = jobs.recv() {
        // Clear the stop first, then look whether the job is still wanted: a cancel between
        // the two is then seen by the search.
        if let Some(s) = &searcher {
            s.stop_flag().store(false, Ordering::SeqCst);
        }
        stop.store(false, Ordering::SeqCst);
        if current.load(Ordering::SeqCst) != job.id {
            continue;
        }
        let rules = job.game.rules();
        if searcher.as_ref().is_none_or(|s| s.rules() != rules) {
            searcher = Some(Searcher::with_stop_flag(rules, TABLE_MB, Arc::clone(&stop)));
        }
        let s = searcher.as_mut().expect("just made");
        // Databases built or removed while the program runs are used, or let go, from the
        // next question on.
        let installed = super::endgame::installed(rules);
        if s.endgames().map(Arc::as_ptr) != installed.as_ref().map(Arc::as_ptr) {
            s.set_endgames(installed);
        }
        let n = threads.load(Ordering::SeqCst);
        if s.threads() != n {
            s.set_threads(n);
        }
        let positions = play::game_positions(&job.game);
        let over = job.game.outcome().is_some();
        let answer = match job.task {
            // Analysis and review look at positions of a game that may be over.
            Task::Analyse { ply, time } => {
                let end = ply.map_or(positions.len(), |p| (p + 1).min(positions.len()));
                Answer::Analysis(s.search(&positions[..end], Limits::time(time), &mut |_| {}))
            }
            Task::Review(time) => {
                let mut looks = Vec::with_capacity(positions.len());
                for end in 1..=positions.len() {
                    if current.load(Ordering::SeqCst) != job.id {
                        break;
                    }
                    let r = s.search(&positions[..end], Limits::time(time), &mut |_| {});
                    looks.push(Look {
                        best: r.best,
                        score: r.score,
                        line: r.pv,
                    });
                }
                Answer::Review(looks)
            }
            Task::Move(_) if over => Answer::Move(None),
            Task::Hint(_) if over => Answer::Hint(None),
            Task::Claim(_) if over => Answer::Claim(None),
            Task::Judge(_) if over => Answer::Judge(None),
            Task::Move(level) => Answer::Move(play::choose_move(s, &positions, level, &mut rng)),
            Task::Hint(time) => {
                let r = s.search(&positions, Limits::time(time), &mut |_| {});
                Answer::Hint(r.best.map(|_| r))
            }
            Task::Claim(level) => Answer::Claim(play::choose_claim(s, &job.game, level.limits())),
            Task::Judge(time) => {
                let r = s.search(&positions, Limits::time(time), &mut |_| {});
                Answer::Judge(Some(r.score))
            }
        };
        if answers.send((job.id, answer)).is_err() {
            return;
        }
        wake();
    }
}
